// The paper's figure-1 corner: g1 = x − y ≥ 0, g2 = y ≥ 0, particle at the
// origin, M = m·I, d = 0 (linear rows, at rest). Systems (11), (13), (15)
// and their solutions are taken from the text. Also the residual check
// (Residuals) that judges every solve, condition by condition.
#include <gtest/gtest.h>

#include <limits>

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

// Residuals::kkt_satisfied, condition by condition: each one alone, just
// beyond its tolerance relative to its own scale, fails the check; just
// within, passes. Scales of 10 (forces), 4 (rows) and 2 (multipliers).
TEST(Residuals, EachConditionIsJudgedRelativeToItsScale) {
  const float tolerance = 1e-3f;
  tact::Residuals<float> within;
  within.force_scale = 10;
  within.row_scale = 4;
  within.multiplier_scale = 2;
  within.stationarity = 0.9f * tolerance * 10;
  within.equality = 0.9f * tolerance * 4;
  within.working_set = 0.9f * tolerance * 4;
  within.min_slack = -0.9f * tolerance * 4;
  within.min_multiplier = -0.9f * tolerance * 2;
  within.complementarity = 0.9f * tolerance * 4 * 2;
  EXPECT_TRUE(within.kkt_satisfied(tolerance));
  EXPECT_TRUE(within.working_set_satisfied(tolerance));

  auto beyond = [&](float tact::Residuals<float>::*field, float value) {
    tact::Residuals<float> r = within;
    r.*field = value;
    return r;
  };
  EXPECT_FALSE(beyond(&tact::Residuals<float>::stationarity, 1.1f * tolerance * 10).kkt_satisfied(tolerance));
  EXPECT_FALSE(beyond(&tact::Residuals<float>::equality, 1.1f * tolerance * 4).kkt_satisfied(tolerance));
  EXPECT_FALSE(beyond(&tact::Residuals<float>::min_slack, -1.1f * tolerance * 4).kkt_satisfied(tolerance));
  EXPECT_FALSE(beyond(&tact::Residuals<float>::min_multiplier, -1.1f * tolerance * 2).kkt_satisfied(tolerance));
  EXPECT_FALSE(beyond(&tact::Residuals<float>::complementarity, 1.1f * tolerance * 4 * 2).kkt_satisfied(tolerance));
  // The working set's rows are what a working-set strategy promises; the
  // KKT check reads slacks, multipliers and complementarity instead.
  EXPECT_FALSE(beyond(&tact::Residuals<float>::working_set, 1.1f * tolerance * 4).working_set_satisfied(tolerance));
  EXPECT_FALSE(beyond(&tact::Residuals<float>::stationarity, 1.1f * tolerance * 10).working_set_satisfied(tolerance));
  EXPECT_TRUE(beyond(&tact::Residuals<float>::min_slack, -1).working_set_satisfied(tolerance));
  // A NaN never passes.
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (float tact::Residuals<float>::*field :
       {&tact::Residuals<float>::stationarity, &tact::Residuals<float>::equality, &tact::Residuals<float>::min_slack,
        &tact::Residuals<float>::min_multiplier, &tact::Residuals<float>::complementarity})
    EXPECT_FALSE(beyond(field, nan).kkt_satisfied(tolerance));
  for (float tact::Residuals<float>::*field : {&tact::Residuals<float>::stationarity, &tact::Residuals<float>::working_set})
    EXPECT_FALSE(beyond(field, nan).working_set_satisfied(tolerance));
  // Zero scales (a problem of zeros): only exact zeros pass.
  tact::Residuals<float> zeros;
  EXPECT_TRUE(zeros.kkt_satisfied(tolerance));
  zeros.complementarity = 1e-30f;
  EXPECT_FALSE(zeros.kkt_satisfied(tolerance));
}

}  // namespace
