// Host only: steps the bead with and without Baumgarte stabilization and
// writes "t drift_stabilized drift_unstabilized" (s, m) every 10 steps for
// gnuplot (target plot-bead, bead.gp). Kept out of the example so the
// firmware never links stdio file output.
#include <cstdio>

#include "../data_file.hpp"
#include "bead_scene.hpp"

int main(int argc, char** argv) {
  static bead::World stabilized, unstabilized;
  bead::reset(stabilized, bead::kTauStabilized);
  bead::reset(unstabilized, bead::kTauOff);
  std::FILE* out = examples::open_data_file(argc, argv);
  if (!out) return 2;
  std::fprintf(out, "# t drift_stabilized drift_unstabilized (s, m; drift = |p| - r)\n");
  bool all_solved = true;
  for (int step = 0; step <= bead::kSteps; ++step) {
    if (step > 0) {
      all_solved = stabilized.step(bead::rows).ok() && all_solved;
      all_solved = unstabilized.step(bead::rows).ok() && all_solved;
    }
    if (step % 10 == 0)
      std::fprintf(out, "%.3f %.4e %.4e\n", double(step * bead::kTimeStep), double(bead::drift(stabilized)),
                   double(bead::drift(unstabilized)));
  }
  std::fclose(out);
  return all_solved ? 0 : 1;
}
