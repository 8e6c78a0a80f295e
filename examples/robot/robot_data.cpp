// Host only: runs the robot scene and writes, for gnuplot (target plot-robot,
// robot.gp), two data blocks: index 0 one line per step (time, q, tip
// heights, rows in the working set), index 1 the arm's joint positions every
// 50 ms (one block per snapshot). Kept out of the example so the firmware
// never links stdio file output.
#include <cstdio>

#include "../data_file.hpp"
#include "robot_scene.hpp"

int main(int argc, char** argv) {
  std::FILE* out = examples::open_data_file(argc, argv);
  if (!out) return 2;
  static robot::World world;
  static robot::Vec3 snapshots[robot::kSteps / 50 + 1];
  int snapshot_count = 0;
  robot::reset(world);
  std::fprintf(out, "# t q1 q2 q3 qd1 qd2 qd3 elbow2_y-floor tip_y-floor working_set_mask iterations status\n");
  int failures = 0;
  for (int step = 0; step < robot::kSteps; ++step) {
    if (step % 50 == 0) snapshots[snapshot_count++] = world.x;
    robot::prepare_step(world, step);
    const auto report = world.step(robot::gather<float>);
    failures += report.ok() ? 0 : 1;
    unsigned mask = 0;
    const auto& problem = world.last_problem();
    for (tact::Index k = 0; k < problem.num_ineq; ++k)
      if (world.solver().in_working_set(k)) mask |= 1u << problem.ineq_id[static_cast<std::size_t>(k)];
    const robot::Vec3 q = world.x, qd = world.v;
    std::fprintf(out, "%.4f %.6f %.6f %.6f %.5f %.5f %.5f %.7f %.7f %u %d %s\n",
                 double(static_cast<float>(step + 1) * robot::kTimeStep), double(q(0)), double(q(1)), double(q(2)),
                 double(qd(0)), double(qd(1)), double(qd(2)), double(robot::row_gap(q, 7)),
                 double(robot::row_gap(q, 8)), mask, report.iterations, tact::to_string(report.status));
  }
  std::fprintf(out, "\n\n# snapshots every 50 ms: x y of base, joint 2, joint 3, tip\n");
  for (int s = 0; s < snapshot_count; ++s) {
    std::fprintf(out, "0 0 %d\n", s);
    for (int link = 0; link < robot::kJoints; ++link) {
      const auto p = robot::point(snapshots[s], link, 1.0f);
      std::fprintf(out, "%.5f %.5f %d\n", double(p(0)), double(p(1)), s);
    }
    std::fprintf(out, "\n");
  }
  std::fclose(out);
  return failures == 0 ? 0 : 1;
}
