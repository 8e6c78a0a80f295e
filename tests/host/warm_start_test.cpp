// Warm start of the exact strategy: the working set of the last solve,
// carried by RowId in an ActiveSetMemory, enters first. A warm solve must
// reach the same optimum as a cold one (the QP's solution is unique in ẍ),
// whatever the carried set holds: the right rows, stale ids, rows that now
// pull, rows that reappear in another order.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "no_heap.hpp"
#include "random_problems.hpp"
#include "tact/solver.hpp"

namespace {

using Solver = tact::Solver<12, 2, 24, double>;
using Problem = Solver::ProblemType;
using Memory = Solver::Memory;

Solver g_cold, g_warm;  // static: the solvers are large

/// Largest |ẍ_warm − ẍ_cold| relative to the size of ẍ_cold.
double acceleration_difference(const Solver& a, const Solver& b, int n) {
  double difference = 0, scale = 1e-300;
  for (int i = 0; i < n; ++i) {
    difference = std::max(difference, std::fabs(a.acceleration()(i) - b.acceleration()(i)));
    scale = std::max(scale, std::fabs(b.acceleration()(i)));
  }
  return difference / scale;
}

void expect_same_optimum(const Problem& p, const tact::Report<double>& warm, const tact::Report<double>& cold) {
  ASSERT_EQ(cold.status, tact::Status::Solved);
  ASSERT_EQ(warm.status, tact::Status::Solved);
  EXPECT_TRUE(warm.kkt_satisfied);
  EXPECT_LT(acceleration_difference(g_warm, g_cold, p.n), 1e-7);
}

tact::test::RandomShape shape(std::mt19937& rng) {
  std::uniform_int_distribution<int> dofs(2, 12), eqs(0, 2), ineqs(1, 24), diagonal(0, 1);
  std::uniform_real_distribution<double> condition(0.0, 3.0);
  const int n = dofs(rng);
  return {n, std::min(eqs(rng), n - 1), ineqs(rng), condition(rng), diagonal(rng) == 1};
}

/// A particle of unit mass pushed by f = (−1, −2) into the corner of a
/// wall (x ≥ 0) and a floor (y ≥ 0): both rows active, ẍ = 0.
bool pushed_into_corner(Problem& p) {
  if (!p.resize(2, 0, 2)) return false;
  p.M.setIdentity();
  p.J_ineq(0, 0) = 1;
  p.J_ineq(1, 1) = 1;
  p.f(0) = -1;
  p.f(1) = -2;
  return true;
}

TEST(WarmStart, SameProblemAgainTakesNoIterationAndTheSameSet) {
  std::mt19937 rng(11);
  int compared = 0;
  for (int trial = 0; trial < 200; ++trial) {
    Problem p;
    tact::test::make_random_problem(rng, shape(rng), p);
    Memory memory;
    const auto first = tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory);
    if (first.status != tact::Status::Solved) continue;
    ++compared;
    EXPECT_TRUE(memory.initialized);
    EXPECT_EQ(memory.count, first.active_count - p.num_eq);
    const auto again = tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory);
    const auto cold = tact::test::solve_no_heap(g_cold, p, tact::Strategy::Exact);
    expect_same_optimum(p, again, cold);
    EXPECT_EQ(again.iterations, 0) << "trial " << trial;
    EXPECT_EQ(again.active_count, first.active_count);
  }
  EXPECT_GE(compared, 190);  // the random problems are feasible: nearly all are Solved
}

TEST(WarmStart, PerturbedStepsReachTheColdOptimum) {
  // A trajectory: each step's data moves a little, so contacts come and go.
  std::mt19937 rng(12);
  std::normal_distribution<double> normal(0.0, 1.0);
  int warm_iterations = 0, cold_iterations = 0, steps = 0;
  for (int trajectory = 0; trajectory < 40; ++trajectory) {
    Problem p;
    tact::test::make_random_problem(rng, shape(rng), p);
    Memory memory;
    for (int step = 0; step < 20; ++step) {
      for (int i = 0; i < p.n; ++i) p.f(i) += 0.3 * normal(rng);
      for (int k = 0; k < p.num_ineq; ++k) p.d_ineq(k) += 0.05 * normal(rng);
      const auto warm = tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory);
      const auto cold = tact::test::solve_no_heap(g_cold, p, tact::Strategy::Exact);
      if (cold.status != tact::Status::Solved) continue;
      expect_same_optimum(p, warm, cold);
      warm_iterations += warm.iterations;
      cold_iterations += cold.iterations;
      ++steps;
    }
  }
  ASSERT_GT(steps, 500);
  // The point of warm starting: far fewer iterations over a trajectory.
  EXPECT_LT(warm_iterations * 2, cold_iterations) << "warm " << warm_iterations << " cold " << cold_iterations;
}

TEST(WarmStart, RowsReorderAndVanishBetweenSteps) {
  std::mt19937 rng(13);
  int compared = 0;
  for (int trial = 0; trial < 100; ++trial) {
    Problem p;
    tact::test::make_random_problem(rng, shape(rng), p);
    // Every other trial, ids that are not the row indices (the memory must
    // hold ids, not rows); else the default ids, which row_of finds first
    // at their own index, until the shuffle.
    if (trial % 2 == 1)
      for (int k = 0; k < p.num_ineq; ++k) p.ineq_id[static_cast<std::size_t>(k)] = static_cast<tact::RowId>(1000 + 7 * k);
    Memory memory;
    if (tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory).status != tact::Status::Solved) continue;
    // Next step: the inequality rows shuffled (ids travel with them) and the
    // last one dropped.
    std::vector<int> order(static_cast<std::size_t>(p.num_ineq));
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    Problem next = p;
    for (int k = 0; k < p.num_ineq; ++k) {
      const int from = order[static_cast<std::size_t>(k)];
      next.J_ineq.row(k) = p.J_ineq.row(from);
      next.d_ineq(k) = p.d_ineq(from);
      next.ineq_id[static_cast<std::size_t>(k)] = p.ineq_id[static_cast<std::size_t>(from)];
    }
    // Only shuffled, it is the same problem: the carried ids find their
    // rows wherever they moved, so no iteration is needed.
    Memory shuffled_memory = memory;
    const auto shuffled = tact::test::solve_no_heap(g_warm, next, tact::Strategy::Exact, &shuffled_memory);
    EXPECT_EQ(shuffled.status, tact::Status::Solved) << "trial " << trial;
    EXPECT_EQ(shuffled.iterations, 0) << "trial " << trial;
    next.num_ineq = p.num_ineq - 1;
    const auto warm = tact::test::solve_no_heap(g_warm, next, tact::Strategy::Exact, &memory);
    const auto cold = tact::test::solve_no_heap(g_cold, next, tact::Strategy::Exact);
    if (cold.status != tact::Status::Solved) continue;
    expect_same_optimum(next, warm, cold);
    ++compared;
  }
  EXPECT_GE(compared, 95);
}

/// A particle of unit mass in n = 4 pushed by f = (−1, −2, −3, −4) into the
/// corner x_i ≥ 0 (row i): every row active, ẍ = 0.
bool pushed_into_4d_corner(Problem& p) {
  if (!p.resize(4, 0, 4)) return false;
  p.M.setIdentity();
  for (int i = 0; i < 4; ++i) {
    p.J_ineq(i, i) = 1;
    p.f(i) = -(i + 1);
  }
  return true;
}

/// Solves p (every inequality row active) with `memory`, then turns the
/// force away from rows 0 and 1: f(0) = 3, f(1) = 4, so those two carried
/// rows pull in the next solve.
void solve_then_pull_rows_0_and_1(Problem& p, Memory& memory) {
  const auto report = tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory);
  ASSERT_EQ(report.status, tact::Status::Solved);
  ASSERT_EQ(memory.count, p.num_ineq);
  p.f(0) = 3;
  p.f(1) = 4;
}

TEST(WarmStart, AFewCarriedRowsThatNowPullAreReleasedOneByOne) {
  // Next step the force points away from rows 0 and 1 only: two of the four
  // carried rows pull (not more than push), so each is released, an
  // iteration each, and the other two stay.
  Problem p;
  ASSERT_TRUE(pushed_into_4d_corner(p));
  Memory memory;
  ASSERT_NO_FATAL_FAILURE(solve_then_pull_rows_0_and_1(p, memory));
  const auto report = tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory);
  ASSERT_EQ(report.status, tact::Status::Solved);
  EXPECT_TRUE(report.kkt_satisfied);
  EXPECT_EQ(report.active_count, 2);
  EXPECT_EQ(report.iterations, 2);  // two releases
  const double expected[4] = {3, 4, 0, 0};
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(g_warm.acceleration()(i), expected[i], 1e-12) << i;
  EXPECT_EQ(memory.count, 2);
  EXPECT_TRUE(memory.contains(2) && memory.contains(3));
}

TEST(WarmStart, ACarriedSetThatMostlyPullsIsDroppedWithoutReleases) {
  // Next step the force points away from the wall and the floor: both
  // carried rows pull (more than push), so the set is dropped at once, no
  // release is taken, and ẍ is the free motion.
  Problem p;
  ASSERT_TRUE(pushed_into_corner(p));
  Memory memory;
  ASSERT_NO_FATAL_FAILURE(solve_then_pull_rows_0_and_1(p, memory));
  const auto report = tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory);
  ASSERT_EQ(report.status, tact::Status::Solved);
  EXPECT_EQ(report.active_count, 0);
  EXPECT_EQ(report.iterations, 0);
  EXPECT_NEAR(g_warm.acceleration()(0), 3.0, 1e-12);
  EXPECT_NEAR(g_warm.acceleration()(1), 4.0, 1e-12);
  EXPECT_EQ(memory.count, 0);
  EXPECT_TRUE(memory.initialized);
}

TEST(WarmStart, ADroppedSetKeepsTheEqualitiesAndTheirMultipliers) {
  // An equality row coupled to both inequality rows through M: once the
  // carried rows are dropped, its multiplier must be the equalities' alone,
  // not the one solved with the carried rows. With a second, redundant copy
  // of that row, only one equality is in the set, so the carried rows
  // start at position 1, not at num_eq = 2.
  for (int equalities = 1; equalities <= 2; ++equalities) {
    SCOPED_TRACE(equalities);
    Problem p;
    ASSERT_TRUE(p.resize(3, equalities, 2));
    p.M.topLeftCorner(3, 3) << 2, 0.5, 0.3, 0.5, 3, 0.4, 0.3, 0.4, 4;
    for (int e = 0; e < equalities; ++e) {
      for (int j = 0; j < 3; ++j) p.J_eq(e, j) = 1;
      p.d_eq(e) = 1;
    }
    p.J_ineq(0, 0) = 1;
    p.J_ineq(1, 1) = 1;
    p.f.head(3) << -4, -5, 1;
    Memory memory;
    auto report = tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory);
    ASSERT_EQ(report.status, tact::Status::Solved);
    ASSERT_EQ(report.active_count, 3);
    ASSERT_EQ(memory.count, 2);
    p.f.head(3) << 6, 7, 1;  // both carried rows now pull
    report = tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory);
    const auto cold = tact::test::solve_no_heap(g_cold, p, tact::Strategy::Exact);
    expect_same_optimum(p, report, cold);
    EXPECT_EQ(report.iterations, 0);
    EXPECT_EQ(report.active_count, 1);
    EXPECT_NEAR(g_warm.multiplier_eq(0), g_cold.multiplier_eq(0), 1e-9);
    EXPECT_GT(std::fabs(g_cold.multiplier_eq(0)), 0.1);
  }
}

// A warm start does not pass over the equalities' verdicts: with a carried
// set, a second copy of an equality row is still judged at the equalities'
// optimum, before the carried rows enter (redundant: Solved as cold;
// contradictory: Infeasible, and the memory forgets the set). A small J
// and a large one (ten more rows, never violated: 3 × 14 entries, beyond
// the plain loops' 36, so the kernels sweep).
TEST(WarmStart, ACarriedSetStillHasItsEqualitiesJudged) {
  for (const int far_rows : {0, 10}) {
    SCOPED_TRACE(far_rows);
    Problem p;
    ASSERT_TRUE(p.resize(3, 2, 2 + far_rows));
    p.M.topLeftCorner(3, 3) << 2, 0.5, 0.3, 0.5, 3, 0.4, 0.3, 0.4, 4;
    for (int e = 0; e < 2; ++e) {
      for (int j = 0; j < 3; ++j) p.J_eq(e, j) = 1;
      p.d_eq(e) = 1;
    }
    p.J_ineq(0, 0) = 1;
    p.J_ineq(1, 1) = 1;
    for (int k = 2; k < 2 + far_rows; ++k) {
      p.J_ineq(k, k % 3) = -1;
      p.d_ineq(k) = -100;  // ẍ_j ≤ 100
    }
    p.f.head(3) << -4, -5, 1;
    Memory memory;
    ASSERT_EQ(tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory).status, tact::Status::Solved);
    ASSERT_EQ(memory.count, 2);
    p.f.head(3) << -4.5, -5, 1.5;  // the next step: the same set holds
    auto report = tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory);
    const auto cold = tact::test::solve_no_heap(g_cold, p, tact::Strategy::Exact);
    expect_same_optimum(p, report, cold);
    EXPECT_EQ(report.iterations, 0);
    EXPECT_EQ(report.active_count, 3);
    EXPECT_EQ(g_warm.multiplier_eq(1), 0.0);  // the copy stays out of the set
    p.d_eq(1) = 2;  // the copy now contradicts the first row
    report = tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory);
    EXPECT_EQ(report.status, tact::Status::Infeasible);
    EXPECT_FALSE(memory.initialized);
    for (int j = 0; j < 3; ++j) EXPECT_TRUE(std::isfinite(g_warm.acceleration()(j)));
  }
}

// Releases are iterations: a cap below them stops the solve there (it
// used to be passed over, the cap being tested for equality after them).
TEST(WarmStart, ReleasesCountAgainstTheIterationCap) {
  Problem p;
  ASSERT_TRUE(pushed_into_4d_corner(p));
  Memory memory;
  ASSERT_NO_FATAL_FAILURE(solve_then_pull_rows_0_and_1(p, memory));  // two of four pull: two releases
  g_warm.settings.max_iterations = 1;
  const auto report = tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory);
  g_warm.settings.max_iterations = 0;
  EXPECT_EQ(report.status, tact::Status::IterationLimit);
  EXPECT_EQ(report.iterations, 1);
  EXPECT_FALSE(memory.initialized);  // a solve that did not end Solved forgets the set
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(std::isfinite(g_warm.acceleration()(i)));
}

TEST(WarmStart, StaleIdsAreIgnoredAndAFailedSolveForgetsTheSet) {
  Problem p;
  ASSERT_TRUE(pushed_into_corner(p));
  Memory memory;
  memory.insert(77);  // no row has this id
  memory.insert(1);
  memory.initialized = true;
  const auto report = tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory);
  ASSERT_EQ(report.status, tact::Status::Solved);
  EXPECT_NEAR(g_warm.acceleration()(0), 0.0, 1e-12);
  EXPECT_NEAR(g_warm.acceleration()(1), 0.0, 1e-12);
  EXPECT_EQ(memory.count, 2);
  EXPECT_FALSE(memory.contains(77));

  p.f(0) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory).status, tact::Status::InvalidInput);
  EXPECT_EQ(memory.count, 0);
  EXPECT_FALSE(memory.initialized);
}

// Exact too takes a memory that is not initialized as no history: ids put
// in by hand are not a carried set, and the solve is the cold one.
TEST(WarmStart, IdsInAMemoryNotInitializedAreNotACarriedSet) {
  Problem p;
  ASSERT_TRUE(pushed_into_corner(p));
  p.f(0) = 1;  // away from the wall: only the floor pushes
  const auto cold = tact::test::solve_no_heap(g_cold, p, tact::Strategy::Exact);
  Memory memory;
  memory.ids = {1};  // the floor: carried, it would enter without a dual step
  memory.count = 1;
  const auto report = tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory);
  expect_same_optimum(p, report, cold);
  EXPECT_EQ(cold.iterations, 1);
  EXPECT_EQ(report.iterations, 1);
  EXPECT_EQ(report.active_count, 1);
  EXPECT_TRUE(memory.initialized);
  EXPECT_EQ(memory.count, 1);
  EXPECT_TRUE(memory.contains(1));
}

// Platt's carried F+ is keyed by RowId too: a row that vanished leaves it
// at the next solve, so a full memory (two ids for two rows here) takes the
// new rows again, and an insert into a full memory says it failed.
/// The corner, y ≥ 0 (the floor) and x ≥ 0 (the wall), with M = I and force f.
tact::Problem<2, 0, 2> corner_problem(float f_x, float f_y, tact::RowId floor_id, tact::RowId wall_id) {
  tact::Problem<2, 0, 2> corner;
  EXPECT_TRUE(corner.resize(2, 0, 2));
  corner.M.setIdentity();
  corner.f << f_x, f_y;
  corner.J_ineq << 0, 1,  // y ≥ 0
      1, 0;               // x ≥ 0
  corner.ineq_id[0] = floor_id;
  corner.ineq_id[1] = wall_id;
  return corner;
}

TEST(PlattMemory, RowsThatVanishLeaveTheCarriedSet) {
  for (const auto strategy : {tact::Strategy::Platt, tact::Strategy::PlattImproved}) {
    tact::Solver<2, 0, 2> solver;
    const auto corner = corner_problem(-1, -1, 10, 11);
    tact::ActiveSetMemory<2> memory;
    memory.insert(10);
    memory.insert(11);
    memory.initialized = true;
    ASSERT_TRUE(tact::test::solve_no_heap(solver, corner, strategy, &memory).ok());
    ASSERT_EQ(memory.count, 2);  // both rows push: both stay in F+

    // Next step: only the floor, under a new id (12). The wall and the old
    // floor id have vanished, but the memory still holds them: it is full.
    tact::Problem<2, 0, 2> floor;
    ASSERT_TRUE(floor.resize(2, 0, 1));
    floor.M.setIdentity();
    floor.f << -1, -1;
    floor.J_ineq.row(0) << 0, 1;
    floor.ineq_id[0] = 12;
    EXPECT_FALSE(memory.insert(12));
    ASSERT_TRUE(tact::test::solve_no_heap(solver, floor, strategy, &memory).ok());
    EXPECT_FALSE(memory.contains(10));
    EXPECT_FALSE(memory.contains(11));
    // The violated floor joins F+, as a stepper adds it after integration
    // (PlattImproved has added it already), and holds the particle.
    EXPECT_TRUE(memory.insert(12));
    const auto report = tact::test::solve_no_heap(solver, floor, strategy, &memory);
    ASSERT_TRUE(report.ok()) << tact::to_string(strategy);
    EXPECT_TRUE(solver.in_working_set(0)) << tact::to_string(strategy);
    EXPECT_NEAR(solver.acceleration()(1), 0.0f, 1e-6f) << tact::to_string(strategy);  // held by the floor
    EXPECT_NEAR(solver.multiplier_ineq(0), 1.0f, 1e-6f) << tact::to_string(strategy);
    EXPECT_EQ(memory.count, 1) << tact::to_string(strategy);
    EXPECT_TRUE(memory.contains(12));
    EXPECT_FALSE(memory.contains(10));
    EXPECT_FALSE(memory.contains(11));
  }
}

// After the solve, F+ keeps the rows that push (λ > 0): a row at λ = 0
// exactly leaves it (Algorithms 1 and 2, "drop λ ≤ 0"). Algorithm 2 then
// adds the rows its acceleration violates; Algorithm 1 leaves that to the
// stepper, after integration.
TEST(PlattMemory, TheCarriedSetKeepsThePushingRowsAndTheImprovedRuleAddsViolatedOnes) {
  for (const auto strategy : {tact::Strategy::Platt, tact::Strategy::PlattImproved}) {
    tact::Solver<2, 0, 2> solver;
    const auto pressed = corner_problem(0, -2, 0, 1);  // pressed on the floor, the wall just touching
    tact::ActiveSetMemory<2> memory;
    memory.insert(0);
    memory.insert(1);
    memory.initialized = true;
    ASSERT_TRUE(tact::test::solve_no_heap(solver, pressed, strategy, &memory).ok());
    EXPECT_EQ(solver.multiplier_ineq(0), 2.0f) << tact::to_string(strategy);
    EXPECT_EQ(solver.multiplier_ineq(1), 0.0f) << tact::to_string(strategy);
    EXPECT_EQ(memory.count, 1) << tact::to_string(strategy);
    EXPECT_TRUE(memory.contains(0)) << tact::to_string(strategy);

    // An empty F+ with history: the solve is free motion, which violates both rows.
    memory.clear();
    memory.initialized = true;
    const auto pushed = corner_problem(-1, -2, 0, 1);
    ASSERT_TRUE(tact::test::solve_no_heap(solver, pushed, strategy, &memory).ok());
    EXPECT_EQ(solver.acceleration()(0), -1.0f) << tact::to_string(strategy);
    EXPECT_EQ(memory.count, strategy == tact::Strategy::PlattImproved ? 2 : 0) << tact::to_string(strategy);
  }
}

// Algorithm 2 starts F+ from the rows that the equality-only acceleration
// violates, not the free motion: here the free motion (−2, −1) violates the
// floor y ≥ 0, but with ẍ_x + ẍ_y = 0 the acceleration is (−0.5, 0.5), and
// the floor is left out. With the floor in, it would pull (λ = −1).
TEST(PlattMemory, TheImprovedRuleStartsFromTheEqualityOnlyAcceleration) {
  tact::Solver<2, 1, 1> solver;
  tact::Problem<2, 1, 1> p;
  ASSERT_TRUE(p.resize(2, 1, 1));
  p.M.setIdentity();
  p.f << -2, -1;
  p.J_eq << 1, 1;
  p.J_ineq << 0, 1;
  for (const bool with_memory : {false, true}) {
    tact::ActiveSetMemory<1> memory;
    const auto report =
        tact::test::solve_no_heap(solver, p, tact::Strategy::PlattImproved, with_memory ? &memory : nullptr);
    ASSERT_TRUE(report.ok()) << with_memory;
    EXPECT_TRUE(report.kkt_satisfied) << with_memory;
    EXPECT_FALSE(solver.in_working_set(0)) << with_memory;
    EXPECT_NEAR(solver.acceleration()(0), -0.5f, 1e-6f) << with_memory;
    EXPECT_NEAR(solver.acceleration()(1), 0.5f, 1e-6f) << with_memory;
    EXPECT_EQ(memory.count, 0) << with_memory;
  }
}

// A memory not initialized is no history, whatever ids it holds (put in by
// hand without `initialized`): Platt populated it on top of them, and a
// memory full of stale ids let no row in (Solved with both rows violated,
// a = (−1, −2): found by audit in session 29).
TEST(PlattMemory, IdsInAMemoryNotInitializedAreIgnored) {
  for (const auto strategy : {tact::Strategy::Platt, tact::Strategy::PlattImproved}) {
    tact::Solver<2, 0, 2> solver;
    const auto corner = corner_problem(-1, -2, 0, 1);
    tact::ActiveSetMemory<2> memory;
    memory.ids = {40, 41};
    memory.count = 2;
    const auto report = tact::test::solve_no_heap(solver, corner, strategy, &memory);
    ASSERT_TRUE(report.ok()) << tact::to_string(strategy);
    EXPECT_TRUE(report.kkt_satisfied) << tact::to_string(strategy);
    EXPECT_NEAR(solver.acceleration()(0), 0.0f, 1e-6f) << tact::to_string(strategy);
    EXPECT_NEAR(solver.acceleration()(1), 0.0f, 1e-6f) << tact::to_string(strategy);
    EXPECT_TRUE(memory.initialized);
    EXPECT_FALSE(memory.contains(40)) << tact::to_string(strategy);
    EXPECT_FALSE(memory.contains(41)) << tact::to_string(strategy);
    EXPECT_TRUE(memory.contains(0) && memory.contains(1)) << tact::to_string(strategy);
  }
}

// Right carries no set and clears the memory it is given: a set kept across
// its solves would be stale for the next Platt solve (see World's
// ASwitchThroughRightForgetsPlattsCarriedSet).
TEST(PlattMemory, RightClearsTheMemory) {
  tact::Solver<2, 0, 2> solver;
  const auto corner = corner_problem(-1, -2, 0, 1);
  tact::ActiveSetMemory<2> memory;
  ASSERT_TRUE(tact::test::solve_no_heap(solver, corner, tact::Strategy::Platt, &memory).ok());
  ASSERT_EQ(memory.count, 2);
  ASSERT_TRUE(tact::test::solve_no_heap(solver, corner, tact::Strategy::Right, &memory).ok());
  EXPECT_EQ(memory.count, 0);
  EXPECT_FALSE(memory.initialized);
}

// A warm start computes the slacks itself (the free motion's are skipped
// when there are no equalities): with only stale ids carried, the set it
// builds is empty and the search must still see both violated rows.
TEST(WarmStart, OnlyStaleIdsStillFindTheViolatedRows) {
  Problem p;
  ASSERT_TRUE(pushed_into_corner(p));
  Memory memory;
  memory.insert(77);
  memory.insert(78);
  memory.initialized = true;
  const auto report = tact::test::solve_no_heap(g_warm, p, tact::Strategy::Exact, &memory);
  ASSERT_EQ(report.status, tact::Status::Solved);
  EXPECT_TRUE(report.kkt_satisfied);
  EXPECT_EQ(report.active_count, 2);
  EXPECT_EQ(report.iterations, 2);  // both rows enter by dual steps
  EXPECT_NEAR(g_warm.acceleration()(0), 0.0, 1e-12);
  EXPECT_NEAR(g_warm.acceleration()(1), 0.0, 1e-12);
  EXPECT_NEAR(g_warm.multiplier_ineq(0), 1.0, 1e-12);
  EXPECT_NEAR(g_warm.multiplier_ineq(1), 2.0, 1e-12);
  EXPECT_EQ(memory.count, 2);
  EXPECT_TRUE(memory.contains(0) && memory.contains(1));
}

// Crash start: a cold solve of a small problem with a diagonal M guesses its
// working set, as a warm start does, from the rows the free motion violates.

/// A cold exact solve of the 2-DOF, 2-row problem p: Solved with every KKT
/// condition, the working-set size and iterations given, ẍ and Λ as expected;
/// by the small-problem path and by the general path (each has a crash start).
void expect_cold_solve(const Problem& p, int active, int iterations, const std::array<double, 2>& acceleration,
                       const std::array<double, 2>& multiplier) {
  for (const bool small_path : {true, false}) {
    SCOPED_TRACE(small_path ? "small-problem path" : "general path");
    g_cold.settings.small_problem_path = small_path;
    const auto small_solves = g_cold.small_path_solves();
    const auto report = tact::test::solve_no_heap(g_cold, p, tact::Strategy::Exact);
    g_cold.settings.small_problem_path = true;
    ASSERT_EQ(report.status, tact::Status::Solved);
    EXPECT_EQ(g_cold.small_path_solves() - small_solves, small_path ? 1u : 0u);
    EXPECT_TRUE(report.kkt_satisfied);
    EXPECT_EQ(report.active_count, active);
    EXPECT_EQ(report.iterations, iterations);
    for (int i = 0; i < 2; ++i) {
      EXPECT_NEAR(g_cold.acceleration()(i), acceleration[static_cast<std::size_t>(i)], 1e-12) << i;
      EXPECT_NEAR(g_cold.multiplier_ineq(i), multiplier[static_cast<std::size_t>(i)], 1e-12) << i;
    }
  }
}

TEST(CrashStart, RowsTheFreeMotionViolatesEnterWithoutSteps) {
  // Both rows are violated at the free motion and both hold at the optimum:
  // they enter together, one solve, no dual iteration (two without the guess).
  Problem p;
  ASSERT_TRUE(pushed_into_corner(p));
  expect_cold_solve(p, /*active=*/2, /*iterations=*/0, {0, 0}, {1, 2});
}

TEST(CrashStart, AGuessedRowThatPullsIsReleased) {
  // f = (5, −10) into a floor (y ≥ 0) and a slope (x + y ≥ 0), both violated
  // at the free motion (−10, −5). With both in the set the slope pulls
  // (λ = −5): it is released, one iteration, and the particle slides on the floor.
  Problem p;
  ASSERT_TRUE(p.resize(2, 0, 2));
  p.M.setIdentity();
  p.f.head<2>() << 5, -10;
  p.J_ineq.row(0).head<2>() << 0, 1;
  p.J_ineq.row(1).head<2>() << 1, 1;
  expect_cold_solve(p, /*active=*/1, /*iterations=*/1, {5, 0}, {10, 0});
}

// A dense M (a robot's) takes the path too: M⁻¹ by the general path's
// factor of M, which the next solve with the same M reuses, whichever path
// solved in between. One contact on the floor, M = [2 ½; ½ 1], f = (1, −2):
// ẍ = (½, 0), λ = 2 + ½·½ (the floor carries the weight and the coupling).
TEST(SmallProblemPath, TakesADenseMassAndKeepsItsFactor) {
  static Solver solver, general;
  general.settings.small_problem_path = false;
  Problem dense;
  ASSERT_TRUE(dense.resize(2, 0, 1));
  dense.M(0, 0) = 2;
  dense.M(1, 1) = 1;
  dense.M(0, 1) = dense.M(1, 0) = 0.5;
  dense.f(0) = 1;
  dense.f(1) = -2;
  dense.J_ineq(0, 1) = 1;
  Problem corner;
  ASSERT_TRUE(pushed_into_corner(corner));
  const auto solve = [&](const Problem& p, unsigned factorizations) {
    const auto path_solves = solver.small_path_solves();
    const auto factored = solver.mass_factorizations();
    const auto report = tact::test::solve_no_heap(solver, p, tact::Strategy::Exact);
    EXPECT_EQ(report.status, tact::Status::Solved);
    EXPECT_TRUE(report.kkt_satisfied);
    EXPECT_EQ(solver.small_path_solves() - path_solves, 1u);
    EXPECT_EQ(solver.mass_factorizations() - factored, factorizations);
  };
  solve(dense, 1);
  EXPECT_NEAR(solver.acceleration()(0), 0.5, 1e-6);
  EXPECT_NEAR(solver.acceleration()(1), 0.0, 1e-6);
  EXPECT_NEAR(solver.multiplier_ineq(0), 2.25, 1e-6);
  EXPECT_NEAR(solver.objective(), 0.5 * 2 * 0.25 - 0.5, 1e-6);
  solve(dense, 0);   // the same M: its factor again
  solve(corner, 0);  // a diagonal M is never factored, and leaves the factor be
  solve(dense, 0);
  const auto report = tact::test::solve_no_heap(general, dense, tact::Strategy::Exact);
  EXPECT_EQ(report.status, tact::Status::Solved);
  for (int j = 0; j < 2; ++j) EXPECT_NEAR(solver.acceleration()(j), general.acceleration()(j), 1e-6);
  EXPECT_NEAR(solver.multiplier_ineq(0), general.multiplier_ineq(0), 1e-6);
  solver.reset();  // forgets M: factored again
  solve(dense, 1);
}

}  // namespace
