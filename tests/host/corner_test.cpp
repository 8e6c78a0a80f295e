// The paper's figure-1 corner: g1 = x − y ≥ 0, g2 = y ≥ 0, particle at the
// origin, M = m·I, d = 0 (linear rows, at rest). Systems (11), (13), (15)
// and their solutions are taken from the text.
#include <gtest/gtest.h>

#include "no_heap.hpp"
#include "tact/solver.hpp"

namespace {

using Solver = tact::Solver<2, 0, 2>;
using Problem = Solver::ProblemType;

Problem corner(float mass, float fx, float fy) {
  Problem p;
  EXPECT_TRUE(p.resize(2, 0, 2));
  p.M(0, 0) = p.M(1, 1) = mass;
  p.f << fx, fy;
  p.J_ineq << 1, -1,  //  g1 = x − y
      0, 1;           //  g2 = y
  return p;
}

class Corner : public ::testing::TestWithParam<float> {};

// System (11): both rows handled (Platt's first step): ẍ = 0, Λ = (−2, −1).
TEST_P(Corner, System11PlattHandlesBothRowsWithNegativeMultipliers) {
  const float m = GetParam();
  Solver solver;
  tact::ActiveSetMemory<2> memory;
  const auto report = tact::test::solve_no_heap(solver, corner(m, 2, -1), tact::Strategy::Platt, &memory);
  ASSERT_EQ(report.status, tact::Status::Solved);
  EXPECT_EQ(report.active_count, 2);
  EXPECT_NEAR(solver.acceleration()(0), 0.0f, 1e-6f);
  EXPECT_NEAR(solver.acceleration()(1), 0.0f, 1e-6f);
  EXPECT_NEAR(solver.multiplier_ineq(0), -2.0f, 1e-6f);
  EXPECT_NEAR(solver.multiplier_ineq(1), -1.0f, 1e-6f);
  EXPECT_FALSE(report.kkt_satisfied);  // negative multipliers: not the QP optimum
  EXPECT_EQ(memory.count, 0);          // λ ≤ 0: both rows leave F+ for the next step
}

// System (13): the violation tendency keeps only g2: ẍ = (2/m, 0), λ2 = 1.
TEST_P(Corner, System13ImprovedKeepsOnlyG2) {
  const float m = GetParam();
  Solver solver;
  const auto report = tact::test::solve_no_heap(solver, corner(m, 2, -1), tact::Strategy::PlattImproved);
  ASSERT_EQ(report.status, tact::Status::Solved);
  EXPECT_FALSE(solver.in_working_set(0));
  EXPECT_TRUE(solver.in_working_set(1));
  EXPECT_NEAR(solver.acceleration()(0), 2.0f / m, 1e-6f);
  EXPECT_NEAR(solver.acceleration()(1), 0.0f, 1e-6f);
  EXPECT_NEAR(solver.multiplier_ineq(1), 1.0f, 1e-6f);
  EXPECT_TRUE(report.kkt_satisfied);  // here the improved rule happens to be right
}

// System (15): with f = (−1, −2) the improved rule keeps only g2, whose
// multiplier pushes the particle through g1: ẍ = (−1/m, 0), λ2 = 2.
TEST_P(Corner, System15ImprovedViolatesG1) {
  const float m = GetParam();
  Solver solver;
  const auto report = tact::test::solve_no_heap(solver, corner(m, -1, -2), tact::Strategy::PlattImproved);
  ASSERT_EQ(report.status, tact::Status::Solved);
  EXPECT_NEAR(solver.acceleration()(0), -1.0f / m, 1e-6f);
  EXPECT_NEAR(solver.acceleration()(1), 0.0f, 1e-6f);
  EXPECT_NEAR(solver.multiplier_ineq(1), 2.0f, 1e-6f);
  EXPECT_NEAR(report.residuals.min_slack, -1.0f / m, 1e-6f);  // J1 ẍ − d1 < 0: g1 violated
  EXPECT_FALSE(report.kkt_satisfied);
}

// The right algorithm and the exact strategy find the true optimum in both cases.
TEST_P(Corner, RightAndExactReachTheOptimum) {
  const float m = GetParam();
  for (const auto strategy : {tact::Strategy::Right, tact::Strategy::Exact}) {
    Solver solver;
    auto report = tact::test::solve_no_heap(solver, corner(m, 2, -1), strategy);
    ASSERT_EQ(report.status, tact::Status::Solved) << tact::to_string(strategy);
    EXPECT_TRUE(report.kkt_satisfied);
    EXPECT_NEAR(solver.acceleration()(0), 2.0f / m, 1e-6f);
    EXPECT_NEAR(solver.acceleration()(1), 0.0f, 1e-6f);
    EXPECT_NEAR(solver.multiplier_ineq(0), 0.0f, 1e-6f);
    EXPECT_NEAR(solver.multiplier_ineq(1), 1.0f, 1e-6f);

    report = tact::test::solve_no_heap(solver, corner(m, -1, -2), strategy);
    ASSERT_EQ(report.status, tact::Status::Solved);
    EXPECT_TRUE(report.kkt_satisfied);
    EXPECT_NEAR(solver.acceleration()(0), 0.0f, 1e-6f);
    EXPECT_NEAR(solver.acceleration()(1), 0.0f, 1e-6f);
    EXPECT_NEAR(solver.multiplier_ineq(0), 1.0f, 1e-6f);  // Jᵀ Λ = −f
    EXPECT_NEAR(solver.multiplier_ineq(1), 3.0f, 1e-6f);
  }
}

INSTANTIATE_TEST_SUITE_P(Masses, Corner, ::testing::Values(1.0f, 2.0f, 3.0f));

}  // namespace
