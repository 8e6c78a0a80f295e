// The paper's figure-1 corner on the device (same cases as
// tests/host/corner_test.cpp): g1 = x − y ≥ 0, g2 = y ≥ 0, particle at the
// origin, M = m·I for m = 1, 2, 3, d = 0. Systems (11), (13), (15) and their
// solutions are taken from the paper's text.
#include "tact/solver.hpp"
#include "tact_test.hpp"

namespace {

using Solver = tact::Solver<2, 0, 2>;
using Problem = Solver::ProblemType;

constexpr float kMasses[] = {1.0f, 2.0f, 3.0f};
constexpr float kTol = 1e-6f;

Solver solver;  // static storage, as on a device
Problem problem;

const Problem& corner(float mass, float fx, float fy) {
  TACT_CHECK(problem.resize(2, 0, 2));
  problem.M(0, 0) = problem.M(1, 1) = mass;
  problem.f(0) = fx;
  problem.f(1) = fy;
  problem.J_ineq(0, 0) = 1;  // g1 = x − y
  problem.J_ineq(0, 1) = -1;
  problem.J_ineq(1, 0) = 0;  // g2 = y
  problem.J_ineq(1, 1) = 1;
  return problem;
}

void print_mass(float m) {
  tact::port::write("    m = ");
  tact::port::write_float(m, 1);
  tact::port::write("\n");
}

}  // namespace

// System (11): both rows handled (Platt's first step): ẍ = 0, Λ = (−2, −1).
TACT_TEST(system11_platt_handles_both_rows_with_negative_multipliers) {
  for (const float m : kMasses) {
    print_mass(m);
    tact::ActiveSetMemory<2> memory;
    const auto report = solver.solve(corner(m, 2, -1), tact::Strategy::Platt, &memory);
    TACT_CHECK(report.status == tact::Status::Solved);
    TACT_CHECK(report.active_count == 2);
    TACT_CHECK_NEAR(solver.acceleration()(0), 0.0f, kTol);
    TACT_CHECK_NEAR(solver.acceleration()(1), 0.0f, kTol);
    TACT_CHECK_NEAR(solver.multiplier_ineq(0), -2.0f, kTol);
    TACT_CHECK_NEAR(solver.multiplier_ineq(1), -1.0f, kTol);
    TACT_CHECK(!report.kkt_satisfied);  // negative multipliers: not the QP optimum
    TACT_CHECK(memory.count == 0);      // λ ≤ 0: both rows leave F+ for the next step
  }
}

// System (13): the violation tendency keeps only g2: ẍ = (2/m, 0), λ2 = 1.
TACT_TEST(system13_improved_keeps_only_g2) {
  for (const float m : kMasses) {
    print_mass(m);
    const auto report = solver.solve(corner(m, 2, -1), tact::Strategy::PlattImproved);
    TACT_CHECK(report.status == tact::Status::Solved);
    TACT_CHECK(!solver.in_working_set(0));
    TACT_CHECK(solver.in_working_set(1));
    TACT_CHECK_NEAR(solver.acceleration()(0), 2.0f / m, kTol);
    TACT_CHECK_NEAR(solver.acceleration()(1), 0.0f, kTol);
    TACT_CHECK_NEAR(solver.multiplier_ineq(1), 1.0f, kTol);
    TACT_CHECK(report.kkt_satisfied);  // here the improved rule happens to be right
  }
}

// System (15): with f = (−1, −2) the improved rule keeps only g2, whose
// multiplier pushes the particle through g1: ẍ = (−1/m, 0), λ2 = 2.
TACT_TEST(system15_improved_violates_g1) {
  for (const float m : kMasses) {
    print_mass(m);
    const auto report = solver.solve(corner(m, -1, -2), tact::Strategy::PlattImproved);
    TACT_CHECK(report.status == tact::Status::Solved);
    TACT_CHECK(!solver.in_working_set(0));
    TACT_CHECK(solver.in_working_set(1));
    TACT_CHECK_NEAR(solver.acceleration()(0), -1.0f / m, kTol);
    TACT_CHECK_NEAR(solver.acceleration()(1), 0.0f, kTol);
    TACT_CHECK_NEAR(solver.multiplier_ineq(1), 2.0f, kTol);
    TACT_CHECK_NEAR(report.residuals.min_slack, -1.0f / m, kTol);  // J1 ẍ − d1 < 0: g1 violated
    TACT_CHECK(!report.kkt_satisfied);
  }
}

// The right algorithm and the exact strategy find the true optimum in both cases.
TACT_TEST(right_and_exact_reach_the_optimum) {
  for (const float m : kMasses) {
    print_mass(m);
    for (const auto strategy : {tact::Strategy::Right, tact::Strategy::Exact}) {
      tact::port::write("      ");
      tact::port::write(tact::to_string(strategy));
      tact::port::write("\n");
      auto report = solver.solve(corner(m, 2, -1), strategy);
      TACT_CHECK(report.status == tact::Status::Solved);
      TACT_CHECK(report.kkt_satisfied);
      TACT_CHECK_NEAR(solver.acceleration()(0), 2.0f / m, kTol);
      TACT_CHECK_NEAR(solver.acceleration()(1), 0.0f, kTol);
      TACT_CHECK_NEAR(solver.multiplier_ineq(0), 0.0f, kTol);
      TACT_CHECK_NEAR(solver.multiplier_ineq(1), 1.0f, kTol);

      report = solver.solve(corner(m, -1, -2), strategy);
      TACT_CHECK(report.status == tact::Status::Solved);
      TACT_CHECK(report.kkt_satisfied);
      TACT_CHECK_NEAR(solver.acceleration()(0), 0.0f, kTol);
      TACT_CHECK_NEAR(solver.acceleration()(1), 0.0f, kTol);
      TACT_CHECK_NEAR(solver.multiplier_ineq(0), 1.0f, kTol);  // Jᵀ Λ = −f
      TACT_CHECK_NEAR(solver.multiplier_ineq(1), 3.0f, kTol);
    }
  }
}
