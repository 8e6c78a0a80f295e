// Records the warm-start benchmark trajectories: consecutive steps of the
// billiard, haptic and robot examples, run exactly as the examples run them
// (their scene headers, Strategy::Exact), each step's QP saved as
//   <output-dir>/<example>/step-NNNN.qp   (tact-qp, docs/problem-format.md)
// with the rows' stable ids, so bench_solve and bench_host can carry a
// working set from one step to the next.
//   make_trajectories <output-dir>
// Deterministic: the scenes are scripted, nothing is random.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "billiard_scene.hpp"
#include "haptic_scene.hpp"
#include "robot_scene.hpp"
#include "tact/problem_io.hpp"

namespace {

// Windows of each example (its own step numbering), chosen to cover the
// contact changes with a modest amount of data (about 1 MB in all):
// billiard: 10 steps before the cue ball hits the rack (step 231: 24
// touching rows, 15 active) through the second cluster of collisions
// (steps 327–343).
constexpr int kBilliardFirst = 221, kBilliardLast = 370;
// haptic: from just before the proxy meets the floor (tick 484) through the
// floor/wall edge (1038), the corner (1381), back out onto one wall and into
// free space again (2020).
constexpr int kHapticFirst = 474, kHapticLast = 2029;
// robot: the end of the fall, landing on the floor with the wrist at its
// upper limit (step 380), sliding until the elbow reaches its limit (477),
// then resting, held by the floor and the two limits.
constexpr int kRobotFirst = 360, kRobotLast = 659;

std::vector<char> text(1 << 20);

/// Empties `dir` of step files (a shorter window leaves none behind).
void prepare(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("step-", 0) == 0 && entry.path().extension() == ".qp") std::filesystem::remove(entry.path());
  }
}

template <typename ProblemType>
void save(const std::filesystem::path& dir, int index, const ProblemType& problem, const std::string& comment) {
  const std::size_t length = tact::write_problem(problem, text.data(), text.size());
  char name[32];
  std::snprintf(name, sizeof name, "step-%04d.qp", index);
  const std::string path = (dir / name).string();
  std::FILE* file = std::fopen(path.c_str(), "w");
  if (!file || length >= text.size()) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    std::exit(1);
  }
  std::fprintf(file, "# %s\n", comment.c_str());
  std::fwrite(text.data(), 1, length, file);
  std::fclose(file);
}

struct Summary {
  int steps = 0;
  int max_rows = 0;
  int max_active = 0;
  int changes = 0;  ///< steps whose candidate rows or working set differ from the previous step's
  std::uintmax_t bytes = 0;
};

void print(const char* name, const Summary& s, const std::filesystem::path& dir) {
  std::uintmax_t bytes = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) bytes += entry.file_size();
  std::printf("%-9s steps=%4d max_ineq=%2d max_active=%2d working_set_changes=%3d bytes=%ju\n", name, s.steps,
              s.max_rows, s.max_active, s.changes, bytes);
}

/// Tracks what changes from one step to the next (for the printed summary).
template <typename ProblemType, typename SolverType>
void track(Summary& s, const ProblemType& p, const SolverType& solver, std::vector<int>& last_set) {
  std::vector<int> set;
  for (tact::Index k = 0; k < p.num_ineq; ++k)
    set.push_back(solver.in_working_set(k) ? -1 - p.ineq_id[static_cast<std::size_t>(k)]
                                           : p.ineq_id[static_cast<std::size_t>(k)]);
  int active = 0;
  for (const int v : set) active += v < 0 ? 1 : 0;
  if (s.steps > 0 && set != last_set) ++s.changes;
  last_set = set;
  ++s.steps;
  s.max_rows = std::max(s.max_rows, static_cast<int>(p.num_ineq));
  s.max_active = std::max(s.max_active, active);
}

int record_billiard(const std::filesystem::path& dir) {
  static billiard::World world;
  billiard::reset(world);
  prepare(dir);
  Summary summary;
  std::vector<int> last;
  int failures = 0;
  for (int step = 1; step <= kBilliardLast; ++step) {  // the example's numbering: step 1 is the first
    failures += world.step(billiard::rows).ok() ? 0 : 1;
    if (step < kBilliardFirst) continue;
    char comment[160];
    std::snprintf(comment, sizeof comment, "billiard break (examples/billiard), step %d, t = %.4f s", step,
                  double(static_cast<float>(step) * billiard::kTimeStep));
    save(dir, step - kBilliardFirst, world.last_problem(), comment);
    track(summary, world.last_problem(), world.solver(), last);
  }
  print("billiard", summary, dir);
  return failures;
}

int record_haptic(const std::filesystem::path& dir) {
  static haptic::Solver solver;
  static haptic::Problem problem;
  if (!haptic::make_problem(problem)) return 1;
  prepare(dir);
  Summary summary;
  std::vector<int> last;
  int failures = 0;
  for (int tick = kHapticFirst; tick <= kHapticLast; ++tick) {  // each tick is independent of the last
    haptic::set_device(problem, haptic::device_position(tick));
    failures += solver.solve(problem, tact::Strategy::Exact).ok() ? 0 : 1;
    char comment[160];
    std::snprintf(comment, sizeof comment, "haptic god-object proxy (examples/haptic), tick %d (1 kHz)", tick);
    save(dir, tick - kHapticFirst, problem, comment);
    track(summary, problem, solver, last);
  }
  print("haptic", summary, dir);
  return failures;
}

int record_robot(const std::filesystem::path& dir) {
  static robot::World world;
  robot::reset(world);
  prepare(dir);
  Summary summary;
  std::vector<int> last;
  int failures = 0;
  for (int step = 0; step <= kRobotLast; ++step) {  // the example's numbering: step 0 is the first
    robot::prepare_step(world, step);
    failures += world.step(robot::gather<float>).ok() ? 0 : 1;
    if (step < kRobotFirst) continue;
    char comment[160];
    std::snprintf(comment, sizeof comment, "robot arm, joint limits and floor (examples/robot), step %d, t = %.3f s",
                  step, double(static_cast<float>(step) * robot::kTimeStep));
    save(dir, step - kRobotFirst, world.last_problem(), comment);
    track(summary, world.last_problem(), world.solver(), last);
  }
  print("robot", summary, dir);
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <output-dir>\n", argv[0]);
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  const int failures = record_billiard(dir / "billiard") + record_haptic(dir / "haptic") + record_robot(dir / "robot");
  if (failures != 0) std::fprintf(stderr, "%d steps did not solve\n", failures);
  return failures == 0 ? 0 : 1;
}
