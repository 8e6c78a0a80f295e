// Host only: steps the corner scene with every strategy and writes g2 = y
// and g1 = x − y over time for gnuplot (target plot-corner, corner.gp): one
// block per (mass, force), columns per strategy, as in the paper's figures.
// Kept out of the example so the firmware never links stdio file output.
#include <cstdio>

#include "../data_file.hpp"
#include "corner_scene.hpp"

int main(int argc, char** argv) {
  std::FILE* out = examples::open_data_file(argc, argv);
  if (!out) return 2;
  constexpr int kSteps = 100;
  static corner::World worlds[4];
  const corner::Vec2 forces[] = {corner::Vec2(2, -1), corner::Vec2(-1, -2)};
  for (const float mass : {2.0f, 3.0f})
    for (const corner::Vec2& force : forces) {
      std::fprintf(out, "# m = %g, f = (%g, %g); columns: t, then y for platt, platt-improved, right, exact, "
                   "then x - y for the same\n",
                   double(mass), double(force(0)), double(force(1)));
      for (int s = 0; s < 4; ++s) corner::reset(worlds[s], tact::kAllStrategies[s], mass, force);
      for (int step = 1; step <= kSteps; ++step) {
        std::fprintf(out, "%.2f", double(static_cast<float>(step) * corner::kTimeStep));
        for (auto& world : worlds) {
          (void)world.step(corner::rows);  // statuses are checked by the corner example and tests
          std::fprintf(out, " %.6e", double(world.x(1)));
        }
        for (const auto& world : worlds) std::fprintf(out, " %.6e", double(world.x(0) - world.x(1)));
        std::fprintf(out, "\n");
      }
      std::fprintf(out, "\n\n");  // gnuplot index separator
    }
  std::fclose(out);
  return 0;
}
