// Host only: runs the haptic scene's trajectory and writes one line per tick
// (cavity frame, mm and N) for gnuplot (target plot-haptic, haptic.gp).
// Kept out of the example so the firmware never links stdio file output.
#include <cstdio>

#include "../data_file.hpp"
#include "haptic_scene.hpp"

int main(int argc, char** argv) {
  static haptic::Solver solver;
  static haptic::Problem problem;
  if (!haptic::make_problem(problem)) return 1;
  std::FILE* out = examples::open_data_file(argc, argv);
  if (!out) return 2;
  const haptic::Mat3 axes = haptic::cavity_axes();
  std::fprintf(out, "# tick device_x device_y device_z proxy_x proxy_y proxy_z (mm, cavity frame) "
                    "force_x force_y force_z (N, cavity frame) contacts worst_gap_m status\n");
  int failures = 0;
  for (int t = 0; t < haptic::kTicks; ++t) {
    const haptic::Vec3 device = haptic::device_position(t);
    haptic::set_device(problem, device);
    const auto report = solver.solve(problem, tact::Strategy::Exact);
    const haptic::Tick tick = haptic::finish_tick(solver, report, device);
    const haptic::Vec3 d = 1000.0f * (axes.transpose() * tick.device);
    const haptic::Vec3 p = 1000.0f * (axes.transpose() * tick.proxy);
    const haptic::Vec3 f = axes.transpose() * tick.force;
    std::fprintf(out, "%d %.4f %.4f %.4f %.4f %.4f %.4f %.4f %.4f %.4f %d %.3e %s\n", t, double(d(0)), double(d(1)),
                 double(d(2)), double(p(0)), double(p(1)), double(p(2)), double(f(0)), double(f(1)), double(f(2)),
                 tick.contacts, double(tick.worst_gap), tact::to_string(tick.status));
    failures += tick.status == tact::Status::Solved && tick.worst_gap >= -haptic::kPenetrationTolerance ? 0 : 1;
  }
  std::fclose(out);
  return failures == 0 ? 0 : 1;
}
