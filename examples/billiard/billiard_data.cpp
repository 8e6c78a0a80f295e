// Host only: runs the billiard break and writes the balls' positions every
// 10 steps for gnuplot (target plot-billiard, billiard.gp): one block per
// frame, lines "t ball x y" (s, index, m; ball 10 is the cue ball).
// Kept out of the example so the firmware never links stdio file output.
#include <cstdio>

#include "../data_file.hpp"
#include "billiard_scene.hpp"

int main(int argc, char** argv) {
  static billiard::World world;
  billiard::reset(world);
  std::FILE* out = examples::open_data_file(argc, argv);
  if (!out) return 2;
  std::fprintf(out, "# billiard break: blocks of 11 lines \"t ball x y\" (s, index, m), every 10 steps\n");
  float worst_gap = 0;
  bool all_solved = true;
  for (int step = 0; step <= billiard::kSteps; ++step) {
    if (step > 0) {
      all_solved = world.step(billiard::rows).ok() && all_solved;
      const float gap = billiard::min_gap(world.x);
      worst_gap = gap < worst_gap ? gap : worst_gap;
    }
    if (step % 10 != 0) continue;
    for (int i = 0; i < billiard::kBalls; ++i)
      std::fprintf(out, "%.4f %d %.5f %.5f\n", double(step * billiard::kTimeStep), i, double(world.x(2 * i)),
                   double(world.x(2 * i + 1)));
    std::fprintf(out, "\n\n");
  }
  std::fclose(out);
  return all_solved && worst_gap >= -billiard::kPenetrationTolerance ? 0 : 1;
}
