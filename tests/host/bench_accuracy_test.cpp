// Accuracy on the benchmark set: every problem of bench/problems/ and every
// step of the recorded trajectories (bench/trajectories/), solved by Exact
// in float as bench_solve solves them (cold; and each step warm-started from
// the step before, memory carried), ends Solved with every KKT residual,
// evaluated in double from the float outputs (independent_kkt.hpp), within
// kAccuracy of its scale: tact::Residuals' force, row and multiplier scales
// as the solver reports them. kAccuracy is the performance issue's bar (DAQP's
// float results), ten times below the solver's own float tolerance (1e-4).
// Each test prints the worst of every residual over its problems (README,
// "Performance and footprint").
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "independent_kkt.hpp"
#include "no_heap.hpp"
#include "problem_files.hpp"
#include "tact/solver.hpp"

namespace {

using Solver = tact::Solver<32, 8, 96, float>;  // bench_solve's bounds
using Problem = Solver::ProblemType;
using tact::test::Relative;

constexpr double kAccuracy = 1e-5;

/// Sorted paths of the problem files (*.qp) in bench/<folder>.
std::vector<std::string> problem_files(const std::string& folder) {
  std::vector<std::string> paths;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(TACT_SOURCE_DIR) + "/bench/" + folder))
    if (entry.path().extension() == ".qp") paths.push_back(entry.path().string());
  std::sort(paths.begin(), paths.end());
  return paths;
}

/// The worst of each relative residual over the solves seen.
struct Worst {
  Relative residuals;
  int solves = 0;

  void add(const Relative& rel) {
    Relative& w = residuals;
    w.stationarity = std::max(w.stationarity, rel.stationarity);
    w.equality = std::max(w.equality, rel.equality);
    w.working_set = std::max(w.working_set, rel.working_set);
    w.slack = std::max(w.slack, rel.slack);
    w.multiplier = std::max(w.multiplier, rel.multiplier);
    w.complementarity = std::max(w.complementarity, rel.complementarity);
    ++solves;
  }
  void print(const char* what) const {
    const Relative& w = residuals;
    std::printf("%s: %d solves, worst relative residuals: stationarity %.2g, equality %.2g, working set %.2g, "
                "slack %.2g, multiplier %.2g, complementarity %.2g\n",
                what, solves, w.stationarity, w.equality, w.working_set, w.slack, w.multiplier, w.complementarity);
  }
};

/// Solves p with Exact (warm from `memory` when given), expects Solved and
/// every residual within kAccuracy, and adds them to `worst`.
void expect_accurate(Solver& solver, const Problem& p, Solver::Memory* memory, const std::string& what, Worst& worst) {
  const tact::Report<float> report = tact::test::solve_no_heap(solver, p, tact::Strategy::Exact, memory);
  ASSERT_EQ(report.status, tact::Status::Solved) << what;
  const int rows = p.num_eq + p.num_ineq;
  const Relative rel = tact::test::relative_residuals(
      tact::test::to_dense(p), tact::test::solution_of(solver, p.n, p.num_eq, rows, true),
      tact::test::reported_scales(report));
  EXPECT_LE(std::max(rel.kkt(), rel.working_set), kAccuracy) << what << ": " << tact::test::describe(rel, kAccuracy);
  worst.add(rel);
}

TEST(BenchAccuracy, ProblemSetCold) {
  static Solver solver;
  static Problem p;
  Worst worst;
  const std::vector<std::string> paths = problem_files("problems");
  ASSERT_GE(paths.size(), 11u);
  for (const std::string& path : paths) {
    ASSERT_TRUE(tact::test::read_problem_file(path, p));
    expect_accurate(solver, p, nullptr, path, worst);
  }
  worst.print("bench/problems, cold");
}

// Each step cold (a solver without memory) and warm (one carrying its
// working set from step to step), as bench_solve --trajectory runs them.
void expect_trajectory_accurate(const char* name, std::size_t min_steps) {
  static Solver cold, warm;
  static Solver::Memory memory;
  static Problem p;
  memory = Solver::Memory{};
  Worst worst_cold, worst_warm;
  const std::vector<std::string> paths = problem_files(std::string("trajectories/") + name);
  ASSERT_GE(paths.size(), min_steps);
  for (const std::string& path : paths) {
    ASSERT_TRUE(tact::test::read_problem_file(path, p));
    expect_accurate(cold, p, nullptr, path + " (cold)", worst_cold);
    expect_accurate(warm, p, &memory, path + " (warm)", worst_warm);
  }
  worst_cold.print((std::string("trajectory ") + name + ", cold").c_str());
  worst_warm.print((std::string("trajectory ") + name + ", warm").c_str());
}

TEST(BenchAccuracy, BilliardTrajectory) { expect_trajectory_accurate("billiard", 150); }
TEST(BenchAccuracy, HapticTrajectory) { expect_trajectory_accurate("haptic", 1556); }
TEST(BenchAccuracy, RobotTrajectory) { expect_trajectory_accurate("robot", 300); }

}  // namespace
