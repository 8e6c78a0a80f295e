// Accuracy on the benchmark set: every problem of bench/problems/ and every
// step of the recorded trajectories (bench/trajectories/), solved by Exact
// in float as bench_solve solves them (cold: M's factor forgotten, an empty
// memory; warm: the step before's working set and M's factor carried),
// ends Solved with every KKT residual, evaluated in double from the float
// outputs (independent_kkt.hpp), within kAccuracy of its scale: the force,
// row and multiplier scales of tact::Residuals as the solver reports them,
// checked against independent ones. kAccuracy is the performance issue's
// bar (DAQP's float results), ten times below the solver's own float
// tolerance (1e-4). Each test prints the worst of every residual over its
// solves (README, "Performance and footprint").
#include <gtest/gtest.h>

#include <cstdio>
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

/// The worst of each relative residual over the solves seen.
struct Worst {
  Relative residuals;
  int solves = 0;

  void print(const std::string& what) const {
    const Relative& w = residuals;
    std::printf("%s: %d solves, worst relative residuals: stationarity %.2g, equality %.2g, working set %.2g, "
                "slack %.2g, multiplier %.2g, complementarity %.2g\n",
                what.c_str(), solves, w.stationarity, w.equality, w.working_set, w.slack, w.multiplier,
                w.complementarity);
  }
};

/// Solves p with Exact (from `memory`'s working set, if any), expects Solved
/// and every residual within kAccuracy, and adds them to `worst`.
void expect_accurate(Solver& solver, const Problem& p, Solver::Memory& memory, const std::string& what, Worst& worst) {
  const tact::Report<float> report = tact::test::solve_no_heap(solver, p, tact::Strategy::Exact, &memory);
  ASSERT_EQ(report.status, tact::Status::Solved) << what;
  const Relative rel = tact::test::checked_residuals(solver, p, report);
  EXPECT_LE(std::max(rel.kkt(), rel.working_set), kAccuracy) << what << ": " << tact::test::describe(rel, kAccuracy);
  worst.residuals.take_max(rel);
  ++worst.solves;
}

/// A cold solve as bench_solve's: M's factor forgotten, an empty memory.
void expect_accurate_cold(const Problem& p, const std::string& what, Worst& worst) {
  static Solver solver;
  static Solver::Memory memory;
  solver.reset();
  memory.clear();
  expect_accurate(solver, p, memory, what + " (cold)", worst);
}

TEST(BenchAccuracy, ProblemSetCold) {
  static Problem p;
  Worst worst;
  const std::vector<std::string> paths = tact::test::problem_files_in("bench/problems");
  ASSERT_GE(paths.size(), 11u);
  for (const std::string& path : paths) {
    ASSERT_TRUE(tact::test::read_problem_file(path, p));
    expect_accurate_cold(p, path, worst);
  }
  worst.print("bench/problems, cold");
}

/// Every step of bench/trajectories/<name>, cold and warm-started from the
/// step before, as bench_solve --trajectory runs them.
void expect_trajectory_accurate(const char* name, std::size_t min_steps) {
  static Solver warm;
  static Solver::Memory memory;
  static Problem p;
  warm.reset();
  memory.clear();
  Worst worst_cold, worst_warm;
  const std::vector<std::string> paths = tact::test::problem_files_in(std::string("bench/trajectories/") + name);
  ASSERT_GE(paths.size(), min_steps);
  for (const std::string& path : paths) {
    ASSERT_TRUE(tact::test::read_problem_file(path, p));
    expect_accurate_cold(p, path, worst_cold);
    expect_accurate(warm, p, memory, path + " (warm)", worst_warm);
  }
  worst_cold.print(std::string("trajectory ") + name + ", cold");
  worst_warm.print(std::string("trajectory ") + name + ", warm");
}

TEST(BenchAccuracy, BilliardTrajectory) { expect_trajectory_accurate("billiard", 150); }
TEST(BenchAccuracy, HapticTrajectory) { expect_trajectory_accurate("haptic", 1556); }
TEST(BenchAccuracy, RobotTrajectory) { expect_trajectory_accurate("robot", 300); }

}  // namespace
