// The velocity-level (impulse) step of impulse.hpp next to the paper's
// acceleration-level World: agreement of the two forms as h shrinks (corner
// and billiard scenes), projected Gauss-Seidel against the exact
// constraint-space solve, the three constraint corrections, no heap, bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <limits>
#include <vector>

#include "billiard/billiard_scene.hpp"
#include "corner/corner_scene.hpp"
#include "floor_rows.hpp"
#include "no_heap.hpp"
#include "tact/impulse.hpp"

namespace {

using corner::Vec2;
using tact::Correction;
using tact::Index;
using tact::Resolution;
using tact::Status;
using tact::test::floor_y0;
using tact::test::solve_no_heap;
using tact::test::step_no_heap;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// ---- corner: sliding, then a smooth lift-off ------------------------------------
//
// Mass 2 at (0.2, 0) on the floor of the paper's corner, at rest, force
// f(t) = (1, −2 + 3t): it slides along the floor (g2 = y ≥ 0 active) and
// lifts off at t = 2/3 when f_y turns positive (a contact that breaks, no
// impact). Exact motion: x = 0.2 + t²/4, y = max(0, t − 2/3)³/4.

using CornerImpulse = tact::ImpulseWorld<2, 0, 2>;
constexpr float kCornerMass = 2.0f;
constexpr Resolution kAllResolutions[] = {Resolution::Primal, Resolution::Dual, Resolution::Pgs};

/// A unit mass resting on floor_y0 under f = (0, −1) for five Platt steps:
/// its F+ then holds id 7.
void rest_on_the_floor_with_platt(CornerImpulse& world) {
  world = CornerImpulse{};
  world.n = 2;
  world.f = Vec2(0, -1);
  world.strategy = tact::Strategy::Platt;
  for (int step = 0; step < 5; ++step) ASSERT_EQ(step_no_heap(world, floor_y0).status, Status::Solved);
  ASSERT_GT(world.multiplier_ineq(0), 0.0f);  // id 7 in F+
}

/// One step of a fresh 2-DOF `WorldType` at x = `x`, at rest, under `force`,
/// with each stabilization and resolution; then check(world, report, label).
template <typename WorldType, typename Gather, typename Check>
void step_every_way(Vec2 x, Vec2 force, Gather&& gather, Check&& check) {
  for (const auto stabilization : {tact::Stabilization::Position, tact::Stabilization::Velocity}) {
    for (const Resolution resolution : kAllResolutions) {
      static WorldType world;
      world = WorldType{};
      world.n = 2;
      world.x = x;
      world.f = force;
      world.resolution = resolution;
      world.stabilization = stabilization;
      const auto report = step_no_heap(world, gather);
      const std::string label = std::string(to_string(resolution)) +
                                (stabilization == tact::Stabilization::Velocity ? " velocity" : " position");
      check(world, report, label);
    }
  }
}
constexpr float kCornerEnd = 1.5f;

Vec2 corner_force(float t) { return Vec2(1.0f, -2.0f + 3.0f * t); }
Vec2 corner_exact(float t) {
  const float lift = std::max(0.0f, t - 2.0f / 3.0f);
  return Vec2(0.2f + 0.25f * t * t, 0.25f * lift * lift * lift);
}

struct Trajectory {
  std::vector<Eigen::VectorXf> samples;  // x at t = k·sample_period
  bool all_solved = true;
};

template <typename WorldType, typename Gather, typename Force>
Trajectory run(WorldType& world, Gather gather, Force force, float h, float end, float sample_period) {
  Trajectory out;
  const int steps = static_cast<int>(std::lround(end / h));
  const int every = static_cast<int>(std::lround(sample_period / h));
  out.samples.push_back(world.x.head(world.n));
  for (int i = 0; i < steps; ++i) {
    force(world, static_cast<float>(i) * h);
    const auto report = step_no_heap(world, gather);
    out.all_solved = out.all_solved && report.status == Status::Solved;
    if ((i + 1) % every == 0) out.samples.push_back(world.x.head(world.n));
  }
  return out;
}

float max_difference(const Trajectory& a, const Trajectory& b) {
  float worst = 0;
  const std::size_t count = std::min(a.samples.size(), b.samples.size());
  for (std::size_t k = 0; k < count; ++k) worst = std::max(worst, (a.samples[k] - b.samples[k]).cwiseAbs().maxCoeff());
  return worst;
}

Trajectory corner_acceleration_level(float h) {
  static corner::World world;
  corner::reset(world, tact::Strategy::Exact, kCornerMass, Vec2::Zero());
  world.x = Vec2(0.2f, 0.0f);
  world.time_step = h;
  return run(world, corner::rows, [](auto& w, float t) { w.f = corner_force(t); }, h, kCornerEnd, 0.01f);
}

Trajectory corner_velocity_level(float h, Resolution resolution) {
  static CornerImpulse world;
  world = CornerImpulse{};
  world.n = 2;
  world.M = Eigen::Matrix2f::Identity() * kCornerMass;
  world.x = Vec2(0.2f, 0.0f);
  world.time_step = h;
  world.resolution = resolution;
  world.pgs.max_sweeps = 50;
  return run(world, corner::rows, [](auto& w, float t) { w.f = corner_force(t); }, h, kCornerEnd, 0.01f);
}

float error_to_exact(const Trajectory& t) {
  float worst = 0;
  for (std::size_t k = 0; k < t.samples.size(); ++k)
    worst = std::max(worst, (t.samples[k] - corner_exact(0.01f * static_cast<float>(k))).cwiseAbs().maxCoeff());
  return worst;
}

TEST(ImpulseCorner, BothFormsAgreeAndConvergeAsTheStepShrinks) {
  for (const Resolution resolution : kAllResolutions) {
    std::vector<float> acc_errors, vel_errors;
    for (const float h : {0.01f, 0.005f, 0.0025f, 0.00125f}) {
      const Trajectory acc = corner_acceleration_level(h);
      const Trajectory vel = corner_velocity_level(h, resolution);
      EXPECT_TRUE(acc.all_solved);
      EXPECT_TRUE(vel.all_solved) << tact::to_string(resolution);
      acc_errors.push_back(error_to_exact(acc));
      vel_errors.push_back(error_to_exact(vel));
      const float difference = max_difference(acc, vel);
      std::printf("corner %-6s h %.5f  error acc %.3e  vel %.3e  difference %.3e\n", tact::to_string(resolution),
                  static_cast<double>(h), static_cast<double>(acc_errors.back()),
                  static_cast<double>(vel_errors.back()), static_cast<double>(difference));
      // Both are first order, O(h) from the exact motion; on this scene (flat
      // rows, a contact that holds then breaks) the two forms coincide to
      // rounding: with g = 0 and J v = 0, J(v + hẍ) ≥ 0 is the same row.
      EXPECT_LT(acc_errors.back(), 0.8f * h) << h;
      EXPECT_LT(vel_errors.back(), 0.8f * h) << h << " " << tact::to_string(resolution);
      EXPECT_LT(difference, 0.01f * h) << h << " " << tact::to_string(resolution);
    }
    for (std::size_t k = 1; k < acc_errors.size(); ++k) {
      EXPECT_LT(acc_errors[k], 0.75f * acc_errors[k - 1]) << k;
      EXPECT_LT(vel_errors[k], 0.75f * vel_errors[k - 1]) << tact::to_string(resolution) << " " << k;
    }
  }
}

TEST(ImpulseCorner, StaysAdmissibleAtTheCornerWithThePapersForces) {
  for (const Vec2& force : {Vec2(2, -1), Vec2(-1, -2)})
    for (const Resolution resolution : kAllResolutions) {
      static CornerImpulse world;
      world = CornerImpulse{};
      world.n = 2;
      world.M = Eigen::Matrix2f::Identity() * 2.0f;
      world.f = force;
      world.time_step = corner::kTimeStep;
      world.resolution = resolution;
      world.pgs.max_sweeps = 100;
      for (int i = 0; i < 500; ++i) {
        const auto report = step_no_heap(world, corner::rows);
        ASSERT_EQ(report.status, Status::Solved) << tact::to_string(resolution) << " step " << i;
        ASSERT_GE(world.x(0) - world.x(1), -1e-5f);
        ASSERT_GE(world.x(1), -1e-5f);
      }
      if (force.x() > 0) {  // slides along the floor at f_x/m = 1
        EXPECT_NEAR(world.v(0), 500 * corner::kTimeStep * 1.0f, 1e-3f);
        EXPECT_NEAR(world.multiplier_ineq(1), 1.0f * corner::kTimeStep, 1e-5f);  // impulse = force·h
      } else {  // pressed into the corner: at rest, Λ = (1, 3) as impulses
        EXPECT_LT(world.v.norm(), 1e-5f);
        EXPECT_NEAR(world.multiplier_ineq(0), 1.0f * corner::kTimeStep, 1e-5f);
        EXPECT_NEAR(world.multiplier_ineq(1), 3.0f * corner::kTimeStep, 1e-5f);
      }
    }
}

// ---- billiard scene: a tilted rack, the top ball pushed over its neighbour ------
//
// The billiard example's rack (billiard_scene.hpp, 22 dofs, 77 rows) at
// rest, the cue ball parked far away, the table tilted (every ball pushed
// toward the corner) and the top ball pushed right and down, so that it
// slides over the ball below it along a curved distance row: contacts hold,
// slide and break, none is made (no impact, where the two forms model
// restitution differently: Baumgarte's rows bounce, impulses do not).

using BilliardImpulse = tact::ImpulseWorld<billiard::kDofs, 0, billiard::kRows, float, 32>;
constexpr int kPushed = 9;  // the top ball of the rack
constexpr float kBilliardEnd = 0.03f;
constexpr float kBilliardTau = 4e-3f;

template <typename WorldType>
void billiard_forces(WorldType& world, float) {
  for (int i = 0; i < billiard::kCue; ++i) world.f.template segment<2>(2 * i) = billiard::kMass * Vec2(-2.0f, -6.0f);
  world.f.template segment<2>(2 * kPushed) += billiard::kMass * Vec2(30.0f, -30.0f);
  world.f.template segment<2>(2 * billiard::kCue).setZero();
}

void rack(billiard::World& world) { billiard::reset(world, Vec2(0.6f, 0.6f), Vec2::Zero()); }

Trajectory billiard_acceleration_level(float h) {
  static billiard::World world;
  rack(world);
  world.time_step = h;
  world.tau = kBilliardTau;
  return run(world, billiard::rows, [](auto& w, float t) { billiard_forces(w, t); }, h, kBilliardEnd, 1e-3f);
}

void rack(BilliardImpulse& world, float h, Resolution resolution) {
  static billiard::World start;
  rack(start);
  world = BilliardImpulse{};
  world.n = billiard::kDofs;
  world.M = start.M;
  world.x = start.x;
  world.v = start.v;
  world.time_step = h;
  world.resolution = resolution;
  world.regularization = 1e-3f;  // the rack's 23 touching rows on 20 dofs are dependent
}

Trajectory billiard_velocity_level(float h, Resolution resolution) {
  static BilliardImpulse world;
  rack(world, h, resolution);
  return run(world, billiard::rows, [](auto& w, float t) { billiard_forces(w, t); }, h, kBilliardEnd, 1e-3f);
}

TEST(ImpulseBilliard, BothFormsAgreeAsTheStepShrinks) {
  const Trajectory reference = billiard_acceleration_level(3.125e-5f);
  ASSERT_TRUE(reference.all_solved);
  // The pushed ball really moved (5 mm, a sixth of a radius, along the curved
  // row), so the agreement is not trivial.
  EXPECT_GT((reference.samples.back() - reference.samples.front()).cwiseAbs().maxCoeff(), 4e-3f);
  for (const Resolution resolution : {Resolution::Primal, Resolution::Dual}) {
    std::vector<float> differences, acc_errors, vel_errors;
    for (const float h : {1e-3f, 5e-4f, 2.5e-4f, 1.25e-4f}) {
      const Trajectory acc = billiard_acceleration_level(h);
      const Trajectory vel = billiard_velocity_level(h, resolution);
      EXPECT_TRUE(acc.all_solved);
      EXPECT_TRUE(vel.all_solved) << tact::to_string(resolution);
      differences.push_back(max_difference(acc, vel));
      acc_errors.push_back(max_difference(acc, reference));
      vel_errors.push_back(max_difference(vel, reference));
      std::printf("billiard %-6s h %.6f  error acc %.3e  vel %.3e  difference %.3e\n", tact::to_string(resolution),
                  static_cast<double>(h), static_cast<double>(acc_errors.back()),
                  static_cast<double>(vel_errors.back()), static_cast<double>(differences.back()));
    }
    for (std::size_t k = 1; k < differences.size(); ++k) {
      EXPECT_LT(differences[k], 0.75f * differences[k - 1]) << tact::to_string(resolution) << " h index " << k;
      EXPECT_LT(acc_errors[k], 0.75f * acc_errors[k - 1]) << k;
      EXPECT_LT(vel_errors[k], 0.75f * vel_errors[k - 1]) << tact::to_string(resolution) << " " << k;
    }
  }
}

// ---- PGS against the exact constraint-space solve --------------------------------

using BilliardProblem = BilliardImpulse::ConstraintProblem;

/// The constraint problem of the first step of the tilted rack (Dual).
const BilliardProblem& billiard_constraint_problem(Correction correction = Correction::LinearSolver) {
  static BilliardImpulse world;
  rack(world, 5e-4f, Resolution::Dual);
  world.correction = correction;
  billiard_forces(world, 0);
  EXPECT_TRUE(step_no_heap(world, billiard::rows).ok());
  return world.last_constraint_problem();
}

const CornerImpulse::ConstraintProblem& corner_constraint_problem() {
  static CornerImpulse world;
  world = CornerImpulse{};
  world.n = 2;
  world.M = Eigen::Matrix2f::Identity() * 2.0f;
  world.f = Vec2(-1, -2);
  world.time_step = corner::kTimeStep;
  world.resolution = Resolution::Dual;
  EXPECT_TRUE(step_no_heap(world, corner::rows).ok());
  return world.last_constraint_problem();
}

// Plain loops: GCC 12 misreads Eigen's vectorized dynamic-length blocks of
// tiny fixed vectors (-Warray-bounds), as in solver.hpp.
template <typename A, typename B>
float max_abs_difference(const A& a, const B& b, Index m) {
  float worst = 0;
  for (Index i = 0; i < m; ++i) worst = std::max(worst, std::fabs(a(i) - b(i)));
  return worst;
}
template <typename A>
float max_abs(const A& a, Index m) {
  float worst = 0;
  for (Index i = 0; i < m; ++i) worst = std::max(worst, std::fabs(a(i)));
  return worst;
}

template <typename ProblemType>
void expect_pgs_converges(const ProblemType& problem, std::initializer_list<int> budgets, float final_error) {
  constexpr int kRows = static_cast<int>(ProblemType::Vector::RowsAtCompileTime);
  static tact::ConstraintSpaceSolver<kRows> exact;
  static tact::ProjectedGaussSeidel<kRows> pgs;
  const auto reference = solve_no_heap(exact, problem);
  ASSERT_EQ(reference.status, Status::Solved);
  const Index m = problem.rows();
  const float norm = max_abs(exact.lambda(), m);
  ASSERT_GT(norm, 0.0f);
  float previous_residual = std::numeric_limits<float>::infinity();
  float error = 0;
  int last_budget = 0;
  for (const int budget : budgets) {
    pgs.settings.max_sweeps = budget;
    pgs.settings.tolerance = 0;  // run the whole budget
    const auto report = solve_no_heap(pgs, problem);
    // Tolerance 0: only an exactly zero residual stops early.
    EXPECT_TRUE(report.status == Status::IterationLimit || (report.ok() && report.residual == 0.0f));
    EXPECT_TRUE(report.iterations == budget || report.ok());
    EXPECT_TRUE(std::isfinite(report.residual));
    EXPECT_LE(report.residual, previous_residual * 1.0001f) << budget;  // the residual falls
    previous_residual = report.residual;
    error = max_abs_difference(pgs.lambda(), exact.lambda(), m) / norm;
    for (Index k = problem.num_bilateral; k < m; ++k) EXPECT_GE(pgs.lambda()(k), 0.0f);
    last_budget = budget;
  }
  EXPECT_LT(error, final_error) << "after " << last_budget << " sweeps";
  // With a tolerance it stops early and says Solved.
  pgs.settings.max_sweeps = 100000;
  pgs.settings.tolerance = 1e-4f;
  const auto report = solve_no_heap(pgs, problem);
  EXPECT_EQ(report.status, Status::Solved);
  EXPECT_LT(report.iterations, 100000);
  EXPECT_LE(report.residual, 1e-4f * report.scale);
}

TEST(Pgs, ConvergesToTheExactSolutionOnTheCorner) {
  expect_pgs_converges(corner_constraint_problem(), {1, 2, 4, 8, 16, 32, 64}, 1e-5f);
}

TEST(Pgs, ConvergesToTheExactSolutionOnTheBilliardRack) {
  const auto& problem = billiard_constraint_problem();
  EXPECT_GE(problem.rows(), 23);  // the rack's touching rows (dependent without ε)
  expect_pgs_converges(problem, {1, 4, 16, 64, 256, 1024, 4096, 16384}, 1e-3f);
}

template <typename Pgs, typename ProblemType>
int pgs_sweeps(Pgs& pgs, const ProblemType& problem) {
  return solve_no_heap(pgs, problem).iterations;
}

// One sweep by hand: each row moves by ω times its Gauss-Seidel step, with
// the rows before it already moved, and a unilateral row is then projected.
TEST(Pgs, ASweepMovesEachRowByOmegaTimesItsGaussSeidelStep) {
  static tact::ProjectedGaussSeidel<3> pgs;
  tact::ConstraintSpaceProblem<3> p;
  ASSERT_TRUE(p.resize(1, 2));
  p.W << 2, 1, 0, 1, 4, 0, 0, 0, 1;
  p.q << -4, -8, 1;
  pgs.settings.max_sweeps = 1;
  pgs.settings.omega = 1.5f;
  const auto report = solve_no_heap(pgs, p);
  EXPECT_EQ(report.status, Status::IterationLimit);
  EXPECT_EQ(pgs.lambda()(0), 3.0f);    // 0 − 1.5·(−4)/2
  EXPECT_EQ(pgs.lambda()(1), 1.875f);  // 0 − 1.5·(−8 + 1·3)/4
  EXPECT_EQ(pgs.lambda()(2), 0.0f);    // −1.5·1/1 < 0, projected
  EXPECT_EQ(report.iterations, 1);
}

// A warm start: PGS begins from `initial`, a unilateral entry projected to
// λ ≥ 0 first, a zero row's (W_ii = 0) entry ignored; a start that is not
// finite is refused.
TEST(Pgs, AWarmStartBeginsFromTheProjectedInitialImpulses) {
  static tact::ProjectedGaussSeidel<3> pgs;
  using Vector = tact::ProjectedGaussSeidel<3>::Vector;
  tact::ConstraintSpaceProblem<3> p;
  ASSERT_TRUE(p.resize(1, 2));
  p.W << 2, 1, 0, 1, 4, 0, 0, 0, 1;
  p.q << -4, -8, 1;
  pgs.settings.max_sweeps = 1;
  Vector initial(1, -2, 0.5f);
  auto report = solve_no_heap(pgs, p, &initial);
  EXPECT_EQ(report.status, Status::IterationLimit);
  EXPECT_EQ(pgs.lambda()(0), 2.0f);  // from (1, 0, 0.5): 1 − (−4 + 2·1)/2
  EXPECT_EQ(pgs.lambda()(1), 1.5f);  // 0 − (−8 + 1·2)/4
  EXPECT_EQ(pgs.lambda()(2), 0.0f);  // 0.5 − (1 + 0.5), projected

  // From the solution, one sweep is enough.
  pgs.settings.max_sweeps = 32;
  report = solve_no_heap(pgs, p);
  ASSERT_EQ(report.status, Status::Solved);
  EXPECT_GT(report.iterations, 1);
  initial = pgs.lambda();
  report = solve_no_heap(pgs, p, &initial);
  EXPECT_EQ(report.status, Status::Solved);
  EXPECT_EQ(report.iterations, 1);
  // From its own λ in place, the usual warm start (until session 52 the
  // solve cleared λ before reading it and started from 0: 2 sweeps here).
  report = solve_no_heap(pgs, p, &pgs.lambda());
  EXPECT_EQ(report.status, Status::Solved);
  EXPECT_EQ(report.iterations, 1);
  // A refusal still clears it: a settings change makes the next solve InvalidInput.
  pgs.settings.omega = 2.0f;
  EXPECT_EQ(solve_no_heap(pgs, p, &pgs.lambda()).status, Status::InvalidInput);
  EXPECT_EQ(pgs.lambda(), Vector::Zero());
  pgs.settings.omega = 1.0f;

  // A zero row keeps λ = 0 whatever its start.
  p.W(1, 1) = 0;
  p.W(0, 1) = p.W(1, 0) = 0;
  p.q(1) = 1;  // separating: λ = 0 holds the LCP rule
  initial << 0, 7, 0;
  report = solve_no_heap(pgs, p, &initial);
  EXPECT_EQ(report.status, Status::Solved);
  EXPECT_EQ(pgs.lambda()(0), 2.0f);
  EXPECT_EQ(pgs.lambda()(1), 0.0f);

  for (const float bad : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
    initial << 0, 0, bad;
    report = solve_no_heap(pgs, p, &initial);
    EXPECT_EQ(report.status, Status::InvalidInput);
    EXPECT_EQ(pgs.lambda()(2), 0.0f);
  }
}

TEST(Pgs, OverRelaxationAlsoConverges) {
  static tact::ConstraintSpaceSolver<32> exact;
  static tact::ProjectedGaussSeidel<32> pgs;
  const auto& problem = billiard_constraint_problem();
  ASSERT_TRUE(solve_no_heap(exact, problem).ok());
  const Index m = problem.rows();
  for (const float omega : {0.8f, 1.3f, 1.6f}) {
    pgs.settings.omega = omega;
    pgs.settings.max_sweeps = 16384;
    pgs.settings.tolerance = 0;
    const auto report = solve_no_heap(pgs, problem);
    EXPECT_LE(report.residual, 1e-4f * report.scale) << omega;
    const float error = max_abs_difference(pgs.lambda(), exact.lambda(), m) / max_abs(exact.lambda(), m);
    EXPECT_LT(error, 1e-3f) << omega;
    // Stopping at the residual tolerance is quicker; on this ill-conditioned
    // W (23 dependent rows made definite by ε) a small residual still leaves
    // λ off by some percent: the residual bounds w, not λ.
    pgs.settings.tolerance = 1e-4f;
    EXPECT_EQ(solve_no_heap(pgs, problem).status, Status::Solved) << omega;
    RecordProperty("omega_" + std::to_string(omega) + "_sweeps", std::to_string(pgs_sweeps(pgs, problem)));
  }
}

TEST(Pgs, ABudgetTooSmallGivesIterationLimitAndStillMoves) {
  static BilliardImpulse world;
  rack(world, 5e-4f, Resolution::Pgs);
  world.pgs.max_sweeps = 1;
  billiard_forces(world, 0);
  const auto start = world.x;
  const auto report = step_no_heap(world, billiard::rows);
  EXPECT_EQ(report.status, Status::IterationLimit);
  EXPECT_EQ(report.iterations, 1);
  EXPECT_GT(report.residual, report.residual_scale * 1e-4f);
  EXPECT_TRUE(world.x.allFinite());
  EXPECT_TRUE(world.v.allFinite());
  EXPECT_NE(world.x, start);
}

// ---- corrections -------------------------------------------------------------------

TEST(Corrections, AgreeForADiagonalMass) {
  const auto linear = billiard_constraint_problem(Correction::LinearSolver);
  const auto precomputed = billiard_constraint_problem(Correction::Precomputed);
  const auto uncoupled = billiard_constraint_problem(Correction::Uncoupled);
  const Index m = linear.rows();
  ASSERT_EQ(precomputed.rows(), m);
  ASSERT_EQ(uncoupled.rows(), m);
  const float scale = linear.W.topLeftCorner(m, m).cwiseAbs().maxCoeff();
  EXPECT_LT((precomputed.W - linear.W).topLeftCorner(m, m).cwiseAbs().maxCoeff(), 1e-6f * scale);
  EXPECT_LT((uncoupled.W - linear.W).topLeftCorner(m, m).cwiseAbs().maxCoeff(), 1e-6f * scale);
  EXPECT_EQ(uncoupled.q.head(m), linear.q.head(m));
}

// Two particles in 2-D coupled through a dense constant mass matrix (a
// rigid-ish link modelled in M), three rows: particle 0 on the floor, the
// particles at distance ≥ 1, particle 1 on x ≥ 0; approaching velocities.
using Dense = tact::ImpulseWorld<4, 1, 3>;

Eigen::Matrix4f dense_mass() {
  Eigen::Matrix4f B;
  B << 2, 0.5f, 0.3f, 0,  //
      0, 1.5f, 0.2f, 0.4f,  //
      0.1f, 0, 1.8f, 0.6f,  //
      0.3f, 0.2f, 0, 1.2f;
  return B.transpose() * B + Eigen::Matrix4f::Identity();
}

void dense_rows(const Dense::DofVector& x, const Dense::DofVector& v, Dense::Rows& rows) {
  rows.add_equality(tact::fixed_coordinate<4>(x, 2, 1, 0.5f));  // particle 1 at height 0.5 (a bilateral row)
  rows.add_inequality(0, tact::half_space<2, 4>(x, 0, Vec2(0, 1), 0.0f));
  rows.add_inequality(1, tact::distance<2, 4>(x, v, 0, 2, 1.0f));
  rows.add_inequality(2, tact::half_space<2, 4>(x, 2, Vec2(1, 0), 0.0f));
}

struct DenseStep {
  Dense::DofVector v;
  Eigen::Vector4f lambda;  // equality, then the three inequalities
  Eigen::Matrix<float, 4, 4> W;
};

DenseStep dense_step(Resolution resolution, Correction correction) {
  static Dense world;
  world = Dense{};
  world.n = 4;
  world.M = dense_mass();
  world.x << 0.3f, 0.0f, 0.8f, 0.5f;  // touching the floor, at distance ≈ 0.54 (violated), particle 1 at x 0.8
  world.v << 0.5f, -1.0f, -0.7f, 0.2f;
  world.f << 0.0f, -3.0f, 1.0f, -2.0f;
  world.time_step = 0.01f;
  world.contact_tolerance = 1.0f;  // every row in the problem
  world.resolution = resolution;
  world.correction = correction;
  const auto report = step_no_heap(world, dense_rows);
  EXPECT_EQ(report.status, Status::Solved) << tact::to_string(resolution) << " " << tact::to_string(correction);
  DenseStep out;
  out.v = world.v;
  out.lambda << world.multiplier_eq(0), world.multiplier_ineq(0), world.multiplier_ineq(1), world.multiplier_ineq(2);
  out.W = world.last_constraint_problem().W;
  return out;
}

TEST(Corrections, ExactOnesAgreeAndTheDiagonalApproximationShowsForADenseMass) {
  const DenseStep primal = dense_step(Resolution::Primal, Correction::LinearSolver);
  const DenseStep linear = dense_step(Resolution::Dual, Correction::LinearSolver);
  const DenseStep precomputed = dense_step(Resolution::Dual, Correction::Precomputed);
  const DenseStep uncoupled = dense_step(Resolution::Dual, Correction::Uncoupled);
  const float v_scale = primal.v.cwiseAbs().maxCoeff();
  const float lambda_scale = primal.lambda.cwiseAbs().maxCoeff();
  EXPECT_GT(lambda_scale, 0.0f);
  // LinearSolver in constraint space = the primal QP through tact::Solver.
  EXPECT_LT((linear.v - primal.v).cwiseAbs().maxCoeff(), 1e-5f * v_scale);
  EXPECT_LT((linear.lambda - primal.lambda).cwiseAbs().maxCoeff(), 1e-4f * lambda_scale);
  // Precomputed A⁻¹ (A constant) = the factorization.
  EXPECT_LT((precomputed.W - linear.W).cwiseAbs().maxCoeff(), 1e-5f * linear.W.cwiseAbs().maxCoeff());
  EXPECT_LT((precomputed.v - linear.v).cwiseAbs().maxCoeff(), 1e-5f * v_scale);
  // diag(1/A_ii) ignores the coupling: W, λ and the motion are off by tens of percent.
  const float w_error = (uncoupled.W - linear.W).cwiseAbs().maxCoeff() / linear.W.cwiseAbs().maxCoeff();
  const float v_error = (uncoupled.v - linear.v).cwiseAbs().maxCoeff() / v_scale;
  RecordProperty("uncoupled_W_error", std::to_string(w_error));
  RecordProperty("uncoupled_v_error", std::to_string(v_error));
  EXPECT_GT(w_error, 0.05f);
  EXPECT_GT(v_error, 0.02f);
}

TEST(Corrections, PrecomputedStaysWithTheMatrixItWasComputedFor) {
  static Dense world;
  world = Dense{};
  world.n = 4;
  world.M = dense_mass();
  world.x << 0.3f, 0.0f, 0.8f, 0.5f;
  world.contact_tolerance = 1.0f;
  world.resolution = Resolution::Dual;
  world.correction = Correction::Precomputed;
  ASSERT_TRUE(step_no_heap(world, dense_rows).ok());
  const Eigen::Matrix4f before = world.last_constraint_problem().W;
  world.M *= 2.0f;  // A changes: the stored A⁻¹ does not follow...
  ASSERT_TRUE(step_no_heap(world, dense_rows).ok());
  EXPECT_LT((world.last_constraint_problem().W - before).cwiseAbs().maxCoeff(), 0.2f * before.cwiseAbs().maxCoeff());
  world.precompute();  // ...until precomputed again: W halves
  ASSERT_TRUE(step_no_heap(world, dense_rows).ok());
  EXPECT_NEAR(world.last_constraint_problem().W(1, 1), 0.5f * before(1, 1), 1e-3f * before(1, 1));
  world.M *= 2.0f;  // once: the next change is not followed either
  ASSERT_TRUE(step_no_heap(world, dense_rows).ok());
  EXPECT_NEAR(world.last_constraint_problem().W(1, 1), 0.5f * before(1, 1), 1e-3f * before(1, 1));
}

// ---- soft rows and regularization ------------------------------------------------

TEST(SoftRows, ComplianceLetsTheRowGiveAndRegularizationMakesDependentRowsSolvable) {
  // The corner pressed by (−1, −2), rigid vs compliant floor: a compliant
  // row has a smaller impulse and lets the particle sink.
  static CornerImpulse world;
  for (const float compliance : {0.0f, 5.0f}) {
    world = CornerImpulse{};
    world.n = 2;
    world.M = Eigen::Matrix2f::Identity() * 2.0f;
    world.f = Vec2(-1, -2);
    world.time_step = corner::kTimeStep;
    world.resolution = Resolution::Dual;
    world.ineq_compliance[1] = compliance;
    ASSERT_TRUE(step_no_heap(world, corner::rows).ok());
    if (compliance == 0.0f) {
      EXPECT_NEAR(world.v(1), 0.0f, 1e-6f);
    } else {
      EXPECT_LT(world.v(1), -1e-4f);  // w = Hv + cλ = 0: Hv = −cλ < 0
      EXPECT_NEAR(world.v(1), -compliance * world.multiplier_ineq(1), 1e-6f);
    }
  }
  // Two identical floor rows: W is singular without ε (InvalidMass: nothing
  // moves), solvable with it.
  auto doubled = [](const CornerImpulse::DofVector& x, const CornerImpulse::DofVector&, CornerImpulse::Rows& rows) {
    rows.add_inequality(0, tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.0f));
    rows.add_inequality(1, tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.0f));
  };
  world.ineq_compliance[1] = 0;
  world.x.setZero();
  world.v.setZero();
  EXPECT_EQ(step_no_heap(world, doubled).status, Status::InvalidMass);
  EXPECT_EQ(world.x, Vec2::Zero());
  world.regularization = 1e-4f;
  EXPECT_TRUE(step_no_heap(world, doubled).ok());
  EXPECT_NEAR(world.multiplier_ineq(0) + world.multiplier_ineq(1), 2.0f * corner::kTimeStep, 1e-5f);
  EXPECT_NEAR(world.multiplier_ineq(0), world.multiplier_ineq(1), 5e-5f);  // ε picks the symmetric split
}

// A contact row whose normal came out zero beside a floor: every resolution
// keeps its impulse 0 and holds the floor (before, Pgs dropped every impulse
// with Singular and the body sank; Dual refused the step with InvalidMass on
// every tick). Penetrating (g < 0, so b > 0 with Position stabilization) it
// cannot be met: Infeasible in every resolution, the floor still held by
// Dual and Pgs (Primal stops where the Solver found the contradiction).
// A normal of 1e-23 beside a tilted floor is the same in float: its W_ii
// underflows to 0 while W_ij (about 6e-24) does not.
void expect_zero_row_beside_a_floor(float normal, float gap) {
  auto rows = [gap, normal](const CornerImpulse::DofVector& x, const CornerImpulse::DofVector&,
                            CornerImpulse::Rows& r) {
    r.add_inequality(0, tact::half_space<2, 2>(x, 0, Vec2(0.6f, 0.8f), 0.0f));
    CornerImpulse::Rows::Row zero;
    zero.J << normal, 0;
    zero.g = gap;
    r.add_inequality(1, zero);
  };
  for (const Resolution resolution : kAllResolutions) {
    static CornerImpulse world;
    world = CornerImpulse{};
    world.n = 2;
    world.M = Eigen::Matrix2f::Identity();
    world.f = Vec2(0, -10);
    world.resolution = resolution;
    world.pgs.max_sweeps = 50;
    const auto report = step_no_heap(world, rows);
    ::testing::Message label;
    label << normal << " " << gap << " " << tact::to_string(resolution);
    // Primal's statuses are the Solver's: a row of 1e-23 it cannot tell from
    // rounding (Singular, never Infeasible: docs/reliability.md), and it stops
    // at the row it cannot meet, the floor not necessarily taken in yet.
    const bool primal = resolution == Resolution::Primal;
    const Status violated = primal && normal != 0 ? Status::Singular : Status::Infeasible;
    EXPECT_EQ(report.status, gap < 0 ? violated : Status::Solved) << label;
    EXPECT_EQ(world.multiplier_ineq(1), 0.0f) << label;
    if (gap < 0 && primal) continue;
    EXPECT_NEAR(world.multiplier_ineq(0), 8 * world.time_step, 1e-6f) << label;  // (0.6, 0.8)·(0, −10) = −8
    EXPECT_NEAR(0.6f * world.v(0) + 0.8f * world.v(1), 0.0f, 1e-6f) << label;    // the floor holds
  }
}

TEST(SoftRows, AZeroRowBesideAFloorKeepsZeroImpulse) {
  for (const float normal : {0.0f, 1e-23f})
    for (const float gap : {0.0f, -0.1f}) expect_zero_row_beside_a_floor(normal, gap);
}

// Primal's residual is relative to the step's own scale, the Solver's row
// scale (‖H_k‖·‖v_free‖ here), as Dual's is to q = H v_free − b: a body
// stopped by a floor (b = 0, w at rounding level) had a scale of max(|b|, |w|)
// = |w| before, and a residual/scale of 1 wherever w was not exactly 0.
TEST(ImpulseCorner, PrimalResidualIsRelativeToTheStepsScale) {
  static CornerImpulse world;
  world = CornerImpulse{};
  world.n = 2;
  world.M << 2, 0.7f, 0.7f, 1;  // dense: v_new is rounded, not an exact 0
  world.v = Vec2(30, -400);
  world.f = Vec2(0, -10);
  const auto report = step_no_heap(world, floor_y0);
  ASSERT_EQ(report.status, Status::Solved);
  EXPECT_GT(world.multiplier_ineq(0), 0.0f);
  EXPECT_GE(report.residual_scale, 400.0f);  // ‖H‖·‖v_free‖, v_free ≈ (30, −400)
  EXPECT_LE(report.residual, tact::ScalarTraits<float>::kkt_tolerance * report.residual_scale);
}

// The residual is the LCP's, max |min(λ_k, w_k)|: a row that pulls counts
// by its λ even where w_k = 0. Platt's first step handles both corner rows;
// the force pushes away from g1 = x − y ≥ 0, which then pulls.
TEST(ImpulseCorner, PrimalResidualCountsAPullingRow) {
  static CornerImpulse world;
  world = CornerImpulse{};
  world.n = 2;
  world.M = Eigen::Matrix2f::Identity() * 2.0f;
  world.f = Vec2(1, -3);  // held: λ = −h·(f_x, f_x + f_y) = h·(−1, 2)
  world.resolution = Resolution::Primal;
  world.strategy = tact::Strategy::Platt;
  const auto report = step_no_heap(world, corner::rows);
  ASSERT_EQ(report.status, Status::Solved);  // Platt's working set is solved; the rule is not its promise
  const float pull = world.multiplier_ineq(0);
  EXPECT_LT(pull, 0.0f);
  EXPECT_GT(world.multiplier_ineq(1), 0.0f);
  EXPECT_NEAR(world.v(0), 0.0f, 1e-6f);  // held at the corner by both rows
  EXPECT_NEAR(world.v(1), 0.0f, 1e-6f);
  EXPECT_NEAR(report.residual, -pull, 1e-6f * std::fabs(pull));
  EXPECT_GT(report.residual, tact::ScalarTraits<float>::kkt_tolerance * report.residual_scale);
}

// ---- bad input ---------------------------------------------------------------------

bool same_bits(const Vec2& a, const Vec2& b) {  // NaN-aware equality: nothing moved
  for (Index i = 0; i < 2; ++i)
    if (!(a(i) == b(i) || (std::isnan(a(i)) && std::isnan(b(i))))) return false;
  return true;
}

void expect_no_motion_and_finite(const CornerImpulse& world, const Vec2& x, const Vec2& v) {
  EXPECT_TRUE(same_bits(world.x, x));
  EXPECT_TRUE(same_bits(world.v, v));
  EXPECT_TRUE(std::isfinite(world.multiplier_ineq(0)));
  EXPECT_TRUE(std::isfinite(world.multiplier_ineq(1)));
}

constexpr Resolution kPgsOnly[] = {Resolution::Pgs};

template <typename Change, std::size_t N = 3>
void expect_rejected(Change change, Status expected = Status::InvalidInput,
                     const Resolution (&resolutions)[N] = kAllResolutions) {
  for (const Resolution resolution : resolutions) {
    static CornerImpulse world;
    world = CornerImpulse{};
    world.n = 2;
    world.M = Eigen::Matrix2f::Identity() * 2.0f;
    world.f = Vec2(-1, -2);
    world.v = Vec2(0.1f, -0.2f);
    world.resolution = resolution;
    change(world);
    const Vec2 x = world.x, v = world.v;
    const auto report = step_no_heap(world, corner::rows);
    EXPECT_EQ(report.status, expected) << tact::to_string(resolution);
    expect_no_motion_and_finite(world, x, v);
  }
}

TEST(ImpulseInput, RejectsBadParametersWithoutMoving) {
  for (const float beta : {0.0f, -0.5f, 1.5f, kNaN}) expect_rejected([beta](CornerImpulse& w) { w.beta = beta; });
  for (const float h : {0.0f, -1e-3f, kNaN, std::numeric_limits<float>::infinity()})
    expect_rejected([h](CornerImpulse& w) { w.time_step = h; });
  expect_rejected([](CornerImpulse& w) { w.x(0) = kNaN; });
  expect_rejected([](CornerImpulse& w) { w.v(1) = kNaN; });
  expect_rejected([](CornerImpulse& w) { w.f(0) = std::numeric_limits<float>::infinity(); });
  expect_rejected([](CornerImpulse& w) { w.M(0, 0) = kNaN; });
  expect_rejected([](CornerImpulse& w) { w.n = 3; });
  expect_rejected([](CornerImpulse& w) { w.ineq_compliance[0] = -1e-3f; });
  expect_rejected([](CornerImpulse& w) { w.ineq_compliance[0] = kNaN; });
  expect_rejected([](CornerImpulse& w) { w.regularization = -1e-6f; });
  expect_rejected([](CornerImpulse& w) { w.M(1, 1) = -1.0f; }, Status::InvalidMass);
  expect_rejected([](CornerImpulse& w) { w.M(1, 1) = 4e-8f; }, Status::InvalidMass);  // below ε·2: lost beside 2
  expect_rejected(  // not symmetric: 0.2 % apart, beyond rounding
      [](CornerImpulse& w) {
        w.M(0, 1) = 0.5f;
        w.M(1, 0) = 0.501f;
      },
      Status::InvalidMass);
  expect_rejected(  // symmetric within 8ε·1e6, but ½(M + Mᵀ) is indefinite (the solver's factor's; Dual and
                   // Pgs: m_11 below ε of the largest entry)
      [](CornerImpulse& w) {
        w.M(0, 0) = 1e6f;
        w.M(1, 1) = 1e-7f;
        w.M(0, 1) = 0.9f;
      },
      Status::InvalidMass);
  // Values cast from outside the enums: refused, as a Strategy's (session 40's
  // review: an unknown resolution ran PGS and came back Solved).
  expect_rejected([](CornerImpulse& w) { w.resolution = static_cast<Resolution>(3); });
  expect_rejected([](CornerImpulse& w) { w.correction = static_cast<Correction>(3); });
  expect_rejected([](CornerImpulse& w) { w.stabilization = static_cast<tact::Stabilization>(2); });
  // settings() reach the solves of Primal and Dual (PGS has its own).
  constexpr Resolution kExactResolutions[] = {Resolution::Primal, Resolution::Dual};
  expect_rejected([](CornerImpulse& w) { w.settings().kkt_tolerance = 0; }, Status::InvalidInput, kExactResolutions);
  // PGS settings (only checked with Resolution::Pgs; the others do not use them).
  expect_rejected([](CornerImpulse& w) { w.pgs.max_sweeps = 0; }, Status::InvalidInput, kPgsOnly);
  expect_rejected([](CornerImpulse& w) { w.pgs.omega = 2.0f; }, Status::InvalidInput, kPgsOnly);
  expect_rejected([](CornerImpulse& w) { w.pgs.omega = 0.0f; }, Status::InvalidInput, kPgsOnly);
  // Primal solves rigid rows with the exact compliance only.
  static CornerImpulse world;
  world = CornerImpulse{};
  world.n = 2;
  world.ineq_compliance[1] = 1e-3f;
  EXPECT_EQ(step_no_heap(world, corner::rows).status, Status::InvalidInput);
  world.ineq_compliance[1] = 0;
  world.correction = Correction::Uncoupled;
  EXPECT_EQ(step_no_heap(world, corner::rows).status, Status::InvalidInput);
  EXPECT_EQ(world.x, Vec2::Zero());
  // The bounds themselves are valid: β = 1 (the whole gap in one step).
  for (const Resolution resolution : kAllResolutions) {
    world = CornerImpulse{};
    world.n = 2;
    world.resolution = resolution;
    world.beta = 1;
    EXPECT_EQ(step_no_heap(world, corner::rows).status, Status::Solved) << to_string(resolution);
  }
}

// A row whose gap equals contact_tolerance exactly is a candidate (g ≤ the
// tolerance), in both steppers; one just above it is not.
TEST(ImpulseInput, AGapEqualToTheContactToleranceIsACandidate) {
  for (const float above : {0.0f, 1.0f}) {
    static CornerImpulse world;
    world = CornerImpulse{};
    world.n = 2;
    const float gap = above > 0 ? std::nextafter(world.contact_tolerance, 1.0f) : world.contact_tolerance;
    world.x(1) = gap;
    EXPECT_EQ(step_no_heap(world, floor_y0).rows, above > 0 ? 0 : 1);
    static corner::World stepper;
    corner::reset(stepper, tact::Strategy::Exact, kCornerMass, Vec2(0, -1));
    ASSERT_EQ(stepper.contact_tolerance, world.contact_tolerance);
    stepper.x(1) = gap;
    ASSERT_TRUE(tact::test::step_no_heap(stepper, floor_y0).ok());
    EXPECT_EQ(stepper.last_problem().num_ineq, above > 0 ? 0 : 1);
  }
}

// What decides the candidates: a NaN gap (its row would drop out: g ≤
// tolerance is false), a −Inf one, or a NaN tolerance (every contact would
// drop out) is refused; +Inf is a row never in contact. Found by review: a
// far row with a NaN gap gave Solved, and the body fell.
TEST(ImpulseInput, RejectsANaNGapOrToleranceWithoutMoving) {
  expect_rejected([](CornerImpulse& w) { w.contact_tolerance = kNaN; });
  const float inf = std::numeric_limits<float>::infinity();
  expect_rejected([inf](CornerImpulse& w) { w.contact_tolerance = inf; });  // a +Inf gap would be a candidate
  expect_rejected([inf](CornerImpulse& w) { w.contact_tolerance = -inf; });  // every contact would be dropped
  expect_rejected([](CornerImpulse& w) { w.contact_tolerance = -1e-3f; });  // rows in contact left out
  for (const float gap : {kNaN, -inf, inf}) {
    auto floor_and_far_row = [gap](const CornerImpulse::DofVector& x, const CornerImpulse::DofVector&,
                                   CornerImpulse::Rows& rows) {
      rows.add_inequality(0, tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.0f));
      auto far = tact::half_space<2, 2>(x, 0, Vec2(1, 0), -1.0f);  // x ≥ −1: 1 away, not a candidate
      far.g = gap;
      rows.add_inequality(1, far);
    };
    const bool refused = !(gap > 0);
    // Velocity stabilization too, whose b = 0 does not read g: the check does.
    step_every_way<CornerImpulse>(Vec2::Zero(), Vec2(0, -1), floor_and_far_row,
                                  [&](const CornerImpulse& world, const auto& report, const std::string& label) {
                                    EXPECT_EQ(report.status, refused ? Status::InvalidInput : Status::Solved)
                                        << gap << " " << label;
                                    if (refused) expect_no_motion_and_finite(world, Vec2::Zero(), Vec2::Zero());
                                  });
  }
}

// An equality's gap that is not finite is refused in every resolution and
// stabilization: with Velocity stabilization b does not read g, and such a
// gap passed unseen (the step came back Solved).
TEST(ImpulseInput, AnEqualityGapThatIsNotFiniteIsRefused) {
  using RodImpulse = tact::ImpulseWorld<2, 1, 1>;
  const float inf = std::numeric_limits<float>::infinity();
  for (const float gap : {kNaN, inf, -inf, 0.0f}) {
    auto rod_and_floor = [gap](const RodImpulse::DofVector& x, const RodImpulse::DofVector&, RodImpulse::Rows& rows) {
      auto rod = tact::fixed_coordinate<2>(x, 0, 0, 0.0f);  // x_0 = 0
      rod.g = gap;
      rows.add_equality(rod);
      rows.add_inequality(0, tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.0f));
    };
    step_every_way<RodImpulse>(Vec2::Zero(), Vec2(1, -1), rod_and_floor,
                               [gap](const RodImpulse& world, const auto& report, const std::string& label) {
                                 EXPECT_EQ(report.status, gap == 0 ? Status::Solved : Status::InvalidInput)
                                     << gap << " " << label;
                                 if (gap != 0) {
                                   EXPECT_EQ(world.x, Vec2::Zero()) << gap << " " << label;
                                   EXPECT_EQ(world.v, Vec2::Zero()) << gap << " " << label;
                                 }
                               });
  }
}

// As World's ACarriedRowWhoseGapBecomesInfiniteIsNoCandidate: Platt's F+
// carrying the id of a row whose gap became +Inf no longer makes it a
// candidate (its b was −Inf: every later step refused).
TEST(ImpulseInput, ACarriedRowWhoseGapBecomesInfiniteIsNoCandidate) {
  const float inf = std::numeric_limits<float>::infinity();
  for (const auto strategy : {tact::Strategy::Platt, tact::Strategy::PlattImproved}) {
    static CornerImpulse world;
    world = CornerImpulse{};
    world.n = 2;
    world.f = Vec2(0, -1);
    world.strategy = strategy;
    float floor_gap = 0;
    auto floor = [&floor_gap](const CornerImpulse::DofVector& x, const CornerImpulse::DofVector&,
                              CornerImpulse::Rows& rows) {
      auto row = tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.0f);
      row.g = floor_gap;
      rows.add_inequality(7, row);
    };
    ASSERT_EQ(step_no_heap(world, floor).status, Status::Solved) << tact::to_string(strategy);
    ASSERT_GT(world.multiplier_ineq(0), 0.0f) << tact::to_string(strategy);  // id 7 carried
    floor_gap = inf;
    for (int step = 0; step < 3; ++step) {
      const auto report = step_no_heap(world, floor);
      EXPECT_EQ(report.status, Status::Solved) << tact::to_string(strategy);
      EXPECT_EQ(report.rows, 0) << tact::to_string(strategy);
      EXPECT_EQ(world.multiplier_ineq(0), 0.0f) << tact::to_string(strategy);
    }
  }
}

// As World's ASwitchThroughRightForgetsPlattsCarriedSet: Dual, Pgs and
// Primal's Right carry no set, so their steps clear the memory; Platt's F+
// from before the switch pulled the body back (λ = −186.6 on a unilateral
// row, status Solved: found by audit in session 29).
TEST(ImpulseInput, ASwitchThatCarriesNoSetForgetsPlattsCarriedSet) {
  struct Switch {
    Resolution resolution;
    tact::Strategy strategy;
  };
  for (const Switch away : {Switch{Resolution::Dual, tact::Strategy::Exact}, Switch{Resolution::Pgs, tact::Strategy::Exact},
                            Switch{Resolution::Primal, tact::Strategy::Right}}) {
    const std::string label = std::string(to_string(away.resolution)) + " " + tact::to_string(away.strategy);
    SCOPED_TRACE(label);
    static CornerImpulse world;
    ASSERT_NO_FATAL_FAILURE(rest_on_the_floor_with_platt(world));
    world.resolution = away.resolution;
    world.strategy = away.strategy;
    world.f = Vec2(0, 1);  // lifts off
    for (int step = 0; step < 50; ++step) ASSERT_TRUE(step_no_heap(world, floor_y0).ok()) << label;
    ASSERT_GT(world.x(1), 10 * world.contact_tolerance) << label;  // apart
    world.resolution = Resolution::Primal;
    world.strategy = tact::Strategy::Platt;
    world.f = Vec2(0, -1);
    const float v_y = world.v(1);
    const auto report = step_no_heap(world, floor_y0);
    EXPECT_EQ(report.status, Status::Solved) << label;
    EXPECT_EQ(report.rows, 0) << label;  // apart, not carried
    EXPECT_EQ(world.multiplier_ineq(0), 0.0f) << label;
    EXPECT_NEAR(world.v(1), v_y + world.f(1) / world.M(1, 1) * world.time_step, 1e-6f) << label;  // free flight
  }
}

// reset_memory() forgets Platt's F+, as World's (world_test.cpp): a row it
// carries is a candidate even apart; forgotten, the body falls freely.
TEST(ImpulseInput, ResetMemoryForgetsPlattsCarriedSet) {
  static CornerImpulse world, forgetting;
  ASSERT_NO_FATAL_FAILURE(rest_on_the_floor_with_platt(world));
  world.x(1) = 0.5f;  // lifted by hand, at rest
  world.v.setZero();
  forgetting = world;
  forgetting.reset_memory();
  EXPECT_EQ(step_no_heap(world, floor_y0).rows, 1);  // carried: b = −βg/h pulls it down
  EXPECT_LT(world.v(1), -1.0f);
  const auto report = step_no_heap(forgetting, floor_y0);
  EXPECT_EQ(report.status, Status::Solved);
  EXPECT_EQ(report.rows, 0);
  EXPECT_NEAR(forgetting.v(1), -forgetting.time_step, 1e-9f);  // free flight: f/m·h, m = 1
}

// Velocity stabilization (b = 0) stops a penetrating body without pushing it
// out; Position's b = −βg/h pushes it out by β of the depth in one step.
TEST(ImpulseCorner, VelocityStabilizationStopsPenetrationWithoutPushingOut) {
  step_every_way<CornerImpulse>(Vec2(0, -0.001f), Vec2(0, -1), floor_y0,  // 1 mm into the floor
                                [](const CornerImpulse& world, const auto& report, const std::string& label) {
                                  ASSERT_TRUE(report.ok()) << label;
                                  const float expected = world.stabilization == tact::Stabilization::Velocity
                                                             ? 0.0f
                                                             : world.beta * 0.001f / world.time_step;
                                  EXPECT_NEAR(world.v(1), expected, 1e-5f) << label;
                                  EXPECT_GT(world.multiplier_ineq(0), 0.0f) << label;
                                });
}

// Primal's LCP residual covers the equality rows: two contradictory ones
// (the same coordinate held at 0 and at 0.01) end Infeasible with the
// velocity that meets the first, so the second misses its b by βg/h.
TEST(ImpulseCorner, PrimalResidualCountsAnEqualityRow) {
  using Rods = tact::ImpulseWorld<2, 2, 0>;
  static Rods world;
  world = Rods{};
  world.n = 2;
  auto rods = [](const Rods::DofVector& x, const Rods::DofVector&, Rods::Rows& rows) {
    rows.add_equality(tact::fixed_coordinate<2>(x, 0, 0, 0.0f));
    rows.add_equality(tact::fixed_coordinate<2>(x, 0, 0, 0.01f));
  };
  const auto report = step_no_heap(world, rods);
  EXPECT_EQ(report.status, Status::Infeasible);
  EXPECT_NEAR(report.residual, world.beta * 0.01f / world.time_step, 1e-4f);  // 2
  EXPECT_NEAR(report.residual_scale, world.beta * 0.01f / world.time_step, 1e-4f);
}

// What a step exposes of its own data: Dual's and Pgs's free velocity
// v + h·M⁻¹f, and Primal's velocity QP (M, f = M v + h f, J = H, d = −βg/h).
TEST(ImpulseCorner, TheFreeVelocityAndTheVelocityQpAreTheSteps) {
  static CornerImpulse world;
  for (const Resolution resolution : kAllResolutions) {
    world = CornerImpulse{};
    world.n = 2;
    world.resolution = resolution;
    world.M << 2, 0.5f, 0.5f, 1;
    world.v = Vec2(1, -2);
    world.f = Vec2(3, -4);
    world.x = Vec2(0, -0.001f);  // 1 mm into the floor
    const Vec2 v = world.v;
    const float h = world.time_step;
    ASSERT_TRUE(step_no_heap(world, floor_y0).ok()) << to_string(resolution);
    if (resolution == Resolution::Primal) {
      const auto& qp = world.last_velocity_problem();
      ASSERT_EQ(qp.n, 2);
      ASSERT_EQ(qp.num_ineq, 1);
      EXPECT_EQ(qp.M, world.M);
      const Vec2 momentum = world.M * v + h * world.f;
      EXPECT_NEAR(qp.f(0), momentum(0), 1e-6f);
      EXPECT_NEAR(qp.f(1), momentum(1), 1e-6f);
      EXPECT_EQ(qp.J_ineq(0, 0), 0.0f);
      EXPECT_EQ(qp.J_ineq(0, 1), 1.0f);
      EXPECT_NEAR(qp.d_ineq(0), world.beta * 0.001f / h, 1e-6f);
    } else {
      Eigen::Matrix2f inverse;
      inverse << 1, -0.5f, -0.5f, 2;  // M⁻¹·det M, det M = 1.75
      const Vec2 free = v + h * inverse * world.f / 1.75f;
      EXPECT_NEAR(world.free_velocity()(0), free(0), 1e-6f) << to_string(resolution);
      EXPECT_NEAR(world.free_velocity()(1), free(1), 1e-6f) << to_string(resolution);
    }
  }
}

// A step whose new state would overflow (x at the top of float's range
// moving on, or v pushed past it) is refused, with λ = 0, in every
// resolution. Found by fuzz_steppers: the step said Solved and left x or v
// at Inf.
TEST(ImpulseInput, AStepThatWouldOverflowTheStateIsRefused) {
  const float largest = std::numeric_limits<float>::max();
  // A long step: v stays where the Solver's ½vᵀAv does not overflow (Primal).
  // The refused step's report keeps the solve's figures, as World's does:
  // the floor (g = 0) was its one candidate row.
  for (const Resolution resolution : kAllResolutions) {
    static CornerImpulse world;
    world = CornerImpulse{};
    world.n = 2;
    world.resolution = resolution;
    world.x(0) = largest;
    world.v(0) = 1e18f;
    world.f(1) = -1;  // pushes on the floor: the solve's λ > 0, the refused step's 0
    world.time_step = 1e14f;
    const Vec2 x = world.x, v = world.v;
    const auto report = step_no_heap(world, corner::rows);
    EXPECT_EQ(report.status, Status::InvalidInput) << tact::to_string(resolution);
    EXPECT_FALSE(report.advanced) << tact::to_string(resolution);
    expect_no_motion_and_finite(world, x, v);
    EXPECT_EQ(report.rows, 1) << tact::to_string(resolution);
    EXPECT_EQ(world.multiplier_ineq(0), 0.0f) << tact::to_string(resolution);
    EXPECT_EQ(world.multiplier_ineq(1), 0.0f) << tact::to_string(resolution);
    EXPECT_TRUE(std::isfinite(report.residual)) << tact::to_string(resolution);
  }
  // v_free = v + h·A⁻¹f overflows with no row to stop it (Dual, Pgs; Primal's
  // v is the Solver's finite solution).
  auto no_rows = [](const CornerImpulse::DofVector&, const CornerImpulse::DofVector&, CornerImpulse::Rows&) {};
  for (const Resolution resolution : {Resolution::Dual, Resolution::Pgs}) {
    static CornerImpulse world;
    world = CornerImpulse{};
    world.n = 2;
    world.resolution = resolution;
    world.v(0) = largest;
    world.f(0) = 1e38f;
    const Vec2 x = world.x, v = world.v;
    EXPECT_EQ(step_no_heap(world, no_rows).status, Status::InvalidInput) << tact::to_string(resolution);
    expect_no_motion_and_finite(world, x, v);
  }
}

// A row whose |H_k|² overflows float (finite entries, 1e20): the Solver has
// no point (Singular, outputs zeroed). Primal's unknown is v, so committing
// the zeros stopped the body dead (v = 0) while reporting λ = 0: an impulse
// −A·v that no row gave (review, session 42). Now nothing moves, as under
// Dual and Pgs, which refuse the row's W (InvalidInput).
TEST(ImpulseInput, ARowTheSolverCannotScaleMovesNothing) {
  for (const Resolution resolution : kAllResolutions) {
    static CornerImpulse world;
    world = CornerImpulse{};
    world.n = 2;
    world.resolution = resolution;
    world.x << 0.5f, 0;
    world.v << 1, 0;
    world.f << 0, -1;
    const Vec2 x = world.x, v = world.v;
    const auto report = step_no_heap(world, tact::test::unscalable_floor);
    // Primal: the Solver's products overflow (Singular, no point); Dual and
    // Pgs: W itself overflows and the constraint problem is refused.
    EXPECT_EQ(report.status, resolution == Resolution::Primal ? Status::Singular : Status::InvalidInput)
        << tact::to_string(resolution);
    EXPECT_FALSE(report.advanced) << tact::to_string(resolution);
    expect_no_motion_and_finite(world, x, v);
    EXPECT_EQ(world.multiplier_ineq(0), 0.0f) << tact::to_string(resolution);
    EXPECT_TRUE(step_no_heap(world, floor_y0).advanced) << tact::to_string(resolution);  // a plain floor moves
  }
}

// Out-of-range indices break the accessors' contract (TACT_ASSERT, which
// does nothing in this build): they read nothing out of bounds (found by
// review: UBSan on multiplier_ineq(-1)).
TEST(ImpulseInput, MultipliersOutsideTheBoundsAreZero) {
  static CornerImpulse world;
  world = CornerImpulse{};
  world.n = 2;
  world.f = Vec2(0, -1);
  ASSERT_TRUE(step_no_heap(world, corner::rows).ok());
  EXPECT_GT(world.multiplier_ineq(1), 0.0f);  // the floor holds the body
  EXPECT_EQ(world.multiplier_ineq(-1), 0.0f);
  EXPECT_EQ(world.multiplier_ineq(2), 0.0f);
  EXPECT_EQ(world.multiplier_eq(0), 0.0f);  // MaxEq = 0
  EXPECT_EQ(world.multiplier_eq(-1), 0.0f);
}

TEST(ImpulseInput, RowsBeyondTheBoundsAreRejected) {
  auto three = [](const CornerImpulse::DofVector& x, const CornerImpulse::DofVector&, CornerImpulse::Rows& rows) {
    for (tact::RowId k = 0; k < 3; ++k) rows.add_inequality(k, tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.0f));
  };
  static CornerImpulse world;
  world = CornerImpulse{};
  world.n = 2;
  world.f = Vec2(1, 1);
  EXPECT_EQ(step_no_heap(world, three).status, Status::InvalidInput);  // 3 rows for MaxIneq = 2
  EXPECT_EQ(world.x, Vec2::Zero());
  // More candidates than MaxRows (Dual/Pgs storage) while within MaxIneq.
  using Small = tact::ImpulseWorld<2, 0, 3, float, 2>;
  static Small small;
  small = Small{};
  small.n = 2;
  small.f = Vec2(1, 1);
  small.resolution = Resolution::Dual;
  auto three_small = [](const Small::DofVector& x, const Small::DofVector&, Small::Rows& rows) {
    for (tact::RowId k = 0; k < 3; ++k) rows.add_inequality(k, tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.0f));
  };
  EXPECT_EQ(step_no_heap(small, three_small).status, Status::InvalidInput);
  EXPECT_EQ(small.x, Vec2::Zero());
  small.resolution = Resolution::Primal;  // the primal path holds MaxIneq rows (dependent: Exact skips them)
  EXPECT_EQ(step_no_heap(small, three_small).status, Status::Solved);
}

// As World's test of the same name: Platt's F+ full of ids gone from this
// step still takes the row violated after integration in that step.
TEST(ImpulseInput, PlattTakesAViolatedRowWhenItsSetHoldsOnlyVanishedIds) {
  static CornerImpulse world;
  world = CornerImpulse{};
  world.n = 2;
  world.M = Eigen::Matrix2f::Identity() * kCornerMass;
  world.f = Vec2(-1, -1);
  world.strategy = tact::Strategy::Platt;
  auto walls = [](const CornerImpulse::DofVector& x, const CornerImpulse::DofVector&, CornerImpulse::Rows& rows) {
    rows.add_inequality(10, tact::half_space<2, 2>(x, 0, Vec2(1, 0), 0.0f));
    rows.add_inequality(11, tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.0f));
  };
  ASSERT_EQ(step_no_heap(world, walls).status, Status::Solved);
  ASSERT_GT(world.multiplier_ineq(0), 0.0f);  // F+ = {10, 11}: full
  ASSERT_GT(world.multiplier_ineq(1), 0.0f);
  auto raised_floor = [](const CornerImpulse::DofVector& x, const CornerImpulse::DofVector&,
                         CornerImpulse::Rows& rows) {
    rows.add_inequality(20, tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.01f));  // g = y − 0.01: violated
  };
  ASSERT_EQ(step_no_heap(world, raised_floor).status, Status::Solved);
  EXPECT_GT(world.multiplier_ineq(0), 0.0f);
  EXPECT_GT(world.v(1), 0.0f);  // moves up towards the raised floor (without the row: −h·f_y/m < 0)
}

TEST(ConstraintSpace, SolversRejectBadProblemsWithFiniteOutputs) {
  using P = tact::ConstraintSpaceProblem<3>;
  static tact::ProjectedGaussSeidel<3> pgs;
  static tact::ConstraintSpaceSolver<3> exact;
  P p;
  EXPECT_FALSE(p.resize(2, 2));  // 4 rows for 3
  EXPECT_EQ(p.rows(), 0);
  ASSERT_TRUE(p.resize(1, 2));
  p.W << 2, 0.5f, 0, 0.5f, 1, 0.2f, 0, 0.2f, 1;
  p.q << -1, -1, 0.5;
  ASSERT_TRUE(solve_no_heap(pgs, p).ok());
  ASSERT_TRUE(solve_no_heap(exact, p).ok());
  EXPECT_LT((pgs.lambda() - exact.lambda()).cwiseAbs().maxCoeff(), 1e-3f);
  EXPECT_EQ(exact.lambda()(2), 0.0f);  // separating row: no impulse

  auto expect_status = [&](const P& bad, Status for_pgs, Status for_exact) {
    EXPECT_EQ(solve_no_heap(pgs, bad).status, for_pgs);
    EXPECT_TRUE(pgs.lambda().allFinite());
    EXPECT_TRUE(pgs.velocity().allFinite());
    EXPECT_EQ(solve_no_heap(exact, bad).status, for_exact);
    EXPECT_TRUE(exact.lambda().allFinite());
  };
  P bad = p;
  bad.W(1, 1) = kNaN;
  expect_status(bad, Status::InvalidInput, Status::InvalidInput);
  bad = p;
  bad.q(0) = std::numeric_limits<float>::infinity();
  expect_status(bad, Status::InvalidInput, Status::InvalidInput);
  bad = p;
  bad.W(0, 1) = 0.7f;  // not symmetric
  expect_status(bad, Status::InvalidMass, Status::InvalidMass);
  bad.W(0, 1) = 0.501f;  // 0.2 % from W(1, 0) = 0.5: beyond rounding (8ε of the largest entry)
  expect_status(bad, Status::InvalidMass, Status::InvalidMass);
  bad = p;
  bad.W(2, 2) = -1;  // not positive semidefinite
  expect_status(bad, Status::Singular, Status::InvalidMass);
  EXPECT_EQ(pgs.lambda().head<3>(), P::Vector::Zero().head<3>());  // Singular: λ = 0, w = q
  EXPECT_EQ(pgs.velocity().head<3>(), bad.q.head<3>());
  bad = p;
  bad.num_unilateral = 5;  // sizes beyond the bound
  expect_status(bad, Status::InvalidInput, Status::InvalidInput);
  bad = p;
  bad.num_bilateral = bad.num_unilateral = std::numeric_limits<int>::max();  // a sum that would overflow
  expect_status(bad, Status::InvalidInput, Status::InvalidInput);
  EXPECT_EQ(bad.rows(), 0);  // not the overflowing sum (UBSan: until session 52 it formed it)
  bad.num_unilateral = 5;
  EXPECT_EQ(bad.rows(), 0);
  EXPECT_FALSE(bad.resize(std::numeric_limits<int>::max(), std::numeric_limits<int>::max()));
  EXPECT_EQ(bad.rows(), 0);

  for (const int sweeps : {0, -3}) {
    pgs.settings = {};
    pgs.settings.max_sweeps = sweeps;
    EXPECT_EQ(solve_no_heap(pgs, p).status, Status::InvalidInput);
    EXPECT_TRUE(pgs.lambda().allFinite());
  }
  for (const float omega : {0.0f, -1.0f, 2.0f, kNaN}) {
    pgs.settings = {};
    pgs.settings.omega = omega;
    EXPECT_EQ(solve_no_heap(pgs, p).status, Status::InvalidInput);
  }
  // From 1 on, any iterate would pass the LCP rule (the residual is at most
  // twice its scale): refused, as NaN, ±Inf and a negative tolerance are.
  for (const float tolerance : {kNaN, -0.1f, 1.0f, 10.0f, 1e30f, std::numeric_limits<float>::infinity()}) {
    pgs.settings = {};
    pgs.settings.tolerance = tolerance;
    EXPECT_EQ(solve_no_heap(pgs, p).status, Status::InvalidInput) << tolerance;
  }
  pgs.settings = {};
  const P::Vector nan_start = P::Vector::Constant(kNaN);
  EXPECT_EQ(solve_no_heap(pgs, p, &nan_start).status, Status::InvalidInput);
  // A warm start at the exact solution needs fewer sweeps than a cold one.
  const int cold = solve_no_heap(pgs, p).iterations;
  ASSERT_TRUE(solve_no_heap(exact, p).ok());
  const P::Vector warm = exact.lambda();
  const auto report = solve_no_heap(pgs, p, &warm);
  EXPECT_EQ(report.status, Status::Solved);
  EXPECT_LT(report.iterations, cold);
}

// An iterate that overflows into NaN on one row, with finite rows after it:
// W = HHᵀ with H's third row (1e7, 1e7, 0), so (Wλ)_2 = 1e7·1e32 − 1e7·1e32
// = Inf − Inf. The LCP residual took its maxima past the NaN (max_of drops a
// NaN first operand), ended at 0, and PGS reported Solved with w_2 NaN and
// row 2 violated (found by review). Now it gives up: Singular, λ = 0, w = q.
// The exact solver refuses this W (its factor breaks down): InvalidMass.
TEST(ConstraintSpace, AnIterateThatOverflowsIsNeverSolved) {
  using P = tact::ConstraintSpaceProblem<4>;
  static tact::ProjectedGaussSeidel<4> pgs;
  static tact::ConstraintSpaceSolver<4> exact;
  P p;
  ASSERT_TRUE(p.resize(2, 2));
  const float h = 1e7f;
  p.W << 1, 0, h, 0,  //
      0, 1, h, 0,     //
      h, h, 2 * h * h, 0,  //
      0, 0, 0, 1;
  p.q << -1e32f, 1e32f, -1, 0;
  const auto report = solve_no_heap(pgs, p);
  EXPECT_EQ(report.status, Status::Singular);
  EXPECT_EQ(pgs.lambda().head<4>(), P::Vector::Zero().head<4>());
  EXPECT_EQ(pgs.velocity().head<4>(), p.q.head<4>());
  EXPECT_TRUE(std::isfinite(report.residual) && std::isfinite(report.scale));
  EXPECT_EQ(solve_no_heap(exact, p).status, Status::InvalidMass);
  EXPECT_TRUE(exact.lambda().allFinite());
  // The residual itself says NaN for that iterate: w_2 = Inf − Inf, and the
  // finite row 3 after it no longer hides it.
  P::Vector lambda = P::Vector::Zero(), w = P::Vector::Zero();
  lambda << 1e32f, -1e32f, 0, 0;
  float residual = 0, scale = 0;
  tact::detail::lcp_residual(p, lambda, w, residual, scale);
  EXPECT_TRUE(std::isnan(residual) && std::isnan(scale));
}

// A zero row of W (a contact whose normal came out zero, rigid): its λ acts
// on nothing. Both solvers keep it 0, solve the other rows as if it were
// absent, and judge the row by w = q alone: Infeasible when violated. Before,
// PGS reported Singular with every λ = 0 and Dual refused W (InvalidMass).
TEST(ConstraintSpace, AZeroRowKeepsZeroImpulseAndIsJudgedByItsOwnVelocity) {
  using P = tact::ConstraintSpaceProblem<3>;
  static tact::ProjectedGaussSeidel<3> pgs;
  static tact::ConstraintSpaceSolver<3> exact;
  P without;  // the bilateral row and the first unilateral one
  ASSERT_TRUE(without.resize(1, 1));
  without.W.topLeftCorner<2, 2>() << 2, 0.5f, 0.5f, 1;
  without.q.head<2>() << -1, -1;
  ASSERT_TRUE(solve_no_heap(exact, without).ok());
  const Eigen::Vector2f reference = exact.lambda().head<2>();
  ASSERT_GT(reference(1), 0.1f);  // the unilateral row pushes

  P with_zero_row;
  ASSERT_TRUE(with_zero_row.resize(1, 2));
  with_zero_row.W.topLeftCorner<2, 2>() = without.W.topLeftCorner<2, 2>();
  for (const float q : {0.5f, 0.0f, -0.5f}) {  // w = q: separating, touching, violated
    with_zero_row.q << -1, -1, q;
    const Status expected = q < 0 ? Status::Infeasible : Status::Solved;
    pgs.settings = {};
    pgs.settings.max_sweeps = 200;
    for (const bool use_pgs : {false, true}) {
      const auto report = use_pgs ? solve_no_heap(pgs, with_zero_row) : solve_no_heap(exact, with_zero_row);
      const P::Vector& lambda = use_pgs ? pgs.lambda() : exact.lambda();
      EXPECT_EQ(report.status, expected) << q << (use_pgs ? " pgs" : " exact");
      if (use_pgs) {
        EXPECT_LT(report.iterations, 30);  // stops once the other rows settle, Infeasible too
      }
      EXPECT_EQ(lambda(2), 0.0f);
      EXPECT_NEAR(lambda(0), reference(0), 1e-5f);
      EXPECT_NEAR(lambda(1), reference(1), 1e-5f);
      if (q < 0) {
        EXPECT_FLOAT_EQ(report.residual, -q);  // the zero row's own violation
      }
    }
  }
  // W_22 = 0 beside W_12 = 0.2 (rounding in a W formed from rows: a normal
  // whose W_ii underflowed): the row is decoupled all the same, and the LCP
  // residual on the whole W judges the point (w_2 = q_2 + 0.2·λ_1 > 0 here).
  P coupled = with_zero_row;
  coupled.W(1, 2) = coupled.W(2, 1) = 0.2f;
  coupled.q << -1, -1, 0.5f;
  EXPECT_EQ(solve_no_heap(pgs, coupled).status, Status::Solved);
  EXPECT_EQ(pgs.lambda()(2), 0.0f);
  EXPECT_EQ(solve_no_heap(exact, coupled).status, Status::Solved);
  EXPECT_EQ(exact.lambda()(2), 0.0f);
  EXPECT_NEAR(exact.lambda()(1), reference(1), 1e-5f);
  // A bilateral zero row: w = q must be 0.
  P bilateral_zero;
  ASSERT_TRUE(bilateral_zero.resize(1, 1));
  bilateral_zero.W(1, 1) = 1;
  for (const float q : {0.0f, 0.3f}) {
    bilateral_zero.q.head<2>() << q, -1;
    const Status expected = q != 0 ? Status::Infeasible : Status::Solved;
    EXPECT_EQ(solve_no_heap(pgs, bilateral_zero).status, expected) << q;
    EXPECT_EQ(solve_no_heap(exact, bilateral_zero).status, expected) << q;
    EXPECT_EQ(pgs.lambda()(0), 0.0f);
    EXPECT_EQ(exact.lambda()(0), 0.0f);
    EXPECT_NEAR(exact.lambda()(1), 1.0f, 1e-6f);
  }
}

// The public building blocks of Dual and Pgs refuse sizes set by hand beyond
// their bounds, and rows that do not fit the matrix, instead of reading and
// writing outside their storage (found by a review helper under ASan).
TEST(Corrections, SizesSetByHandOrRowsThatDoNotFitAreRefused) {
  using Correct = tact::ConstraintCorrection<3, 2>;
  static Correct correction;
  static Correct::Jacobian H;
  Correct::RowMatrix W = Correct::RowMatrix::Constant(7);
  Correct::DofVector dv = Correct::DofVector::Constant(7);
  const Correct::RowVector lambda = Correct::RowVector::Ones();
  const Eigen::Vector3f row(1, 0, 2);
  EXPECT_FALSE(correction.compliance(H, W));  // no matrix yet
  correction.kind = static_cast<tact::Correction>(3);  // outside the enum
  EXPECT_EQ(correction.set_matrix(Correct::MassMatrix::Identity(), 3), Status::InvalidInput);
  EXPECT_FALSE(correction.compliance(H, W));
  correction.kind = tact::Correction::LinearSolver;
  Correct::MassMatrix lopsided = Correct::MassMatrix::Identity();
  lopsided(0, 0) = 1e4f;
  lopsided(0, 1) = 0.9f;  // against 8ε·1e4 = 9.5e-3: not symmetric
  EXPECT_EQ(correction.set_matrix(lopsided, 3), Status::InvalidMass);
  lopsided(0, 1) = 5e-3f;  // within it: A's symmetric part is factored
  EXPECT_EQ(correction.set_matrix(lopsided, 3), Status::Solved);
  ASSERT_EQ(correction.set_matrix(Correct::MassMatrix::Identity(), 3), Status::Solved);
  ASSERT_TRUE(H.resize(3, 2));
  EXPECT_FALSE(H.set_row(2, row));  // k beyond m
  EXPECT_FALSE(H.set_row(-1, row));
  EXPECT_TRUE(H.set_row(0, row));
  EXPECT_TRUE(H.set_row(1, row));
  H.m = 5;  // beyond MaxRows, by hand
  EXPECT_FALSE(H.sizes_valid());
  EXPECT_FALSE(H.set_row(3, row));
  EXPECT_FALSE(correction.compliance(H, W));
  EXPECT_FALSE(correction.correct(H, lambda, dv));
  EXPECT_EQ(W, Correct::RowMatrix::Constant(7));  // nothing written
  EXPECT_EQ(dv, Correct::DofVector::Constant(7));
  ASSERT_TRUE(H.resize(2, 2));  // n differs from the matrix's
  EXPECT_FALSE(correction.compliance(H, W));
  ASSERT_TRUE(H.resize(3, 2));
  EXPECT_TRUE(H.set_row(0, row));
  EXPECT_TRUE(H.set_row(1, row));
  ASSERT_TRUE(correction.compliance(H, W));
  EXPECT_FLOAT_EQ(W(0, 1), 5.0f);  // H_0 H_1ᵀ with A = I
  ASSERT_TRUE(correction.correct(H, lambda, dv));
  EXPECT_FLOAT_EQ(dv(2), 4.0f);  // Hᵀλ
  // A kind set_matrix did not prepare for: outside the enum (the dense
  // branch, with no factor of the diagonal A: NaN), or Precomputed with no
  // A⁻¹ computed yet (session 40's second review).
  for (const auto kind : {static_cast<tact::Correction>(3), tact::Correction::Precomputed}) {
    correction.kind = kind;
    W = Correct::RowMatrix::Constant(7);
    EXPECT_FALSE(correction.compliance(H, W));
    EXPECT_FALSE(correction.correct(H, lambda, dv));
    EXPECT_EQ(W, Correct::RowMatrix::Constant(7));
  }
  correction.precompute();  // Precomputed is then prepared for
  ASSERT_TRUE(correction.compliance(H, W));
  EXPECT_FLOAT_EQ(W(0, 1), 5.0f);
}

// precompute() after a refused set_matrix has no factor to invert: it kept
// an A⁻¹ of garbage and the next set_matrix of that size trusted it (W_00 = 0
// for the row e₁ of A = 2I; a dense bad A gave NaN). Found by review.
TEST(Corrections, PrecomputeWithoutAFactorKeepsNoInverse) {
  using Correct = tact::ConstraintCorrection<3, 1>;
  static Correct correction;
  static Correct::Jacobian H;
  Correct::RowMatrix W = Correct::RowMatrix::Zero();
  Correct::MassMatrix indefinite = Correct::MassMatrix::Identity();
  indefinite(1, 1) = -1;
  ASSERT_EQ(correction.set_matrix(indefinite, 3), Status::InvalidMass);
  correction.kind = tact::Correction::Precomputed;
  correction.precompute();
  EXPECT_FALSE(correction.compliance(H, W));
  ASSERT_EQ(correction.set_matrix(2 * Correct::MassMatrix::Identity(), 3), Status::Solved);
  ASSERT_TRUE(H.resize(3, 1));
  ASSERT_TRUE(H.set_row(0, Eigen::Vector3f(1, 0, 0)));
  ASSERT_TRUE(correction.compliance(H, W));
  EXPECT_FLOAT_EQ(W(0, 0), 0.5f);  // e₁ (2I)⁻¹ e₁ᵀ
}

// The Jacobian's accessors outside its rows or a row's nonzeros (a contract
// violation: TACT_ASSERT, which does nothing in this build) answer 0: until
// session 52 they read beyond the arrays (UBSan, found by review).
TEST(Corrections, JacobianAccessorsOutsideTheRowsAnswerZero) {
  using Jacobian = tact::ConstraintJacobian<3, 2>;
  static Jacobian H;
  ASSERT_TRUE(H.resize(3, 1));
  ASSERT_TRUE(H.set_row(0, Eigen::Vector3f(0, 2, 5)));
  const Jacobian::DofVector v(1, 1, 1);
  EXPECT_EQ(H.count(0), 2);
  EXPECT_EQ(H.index(0, 1), 2);
  EXPECT_FLOAT_EQ(H.dot(0, v), 7.0f);
  for (const tact::Index k : {-1, 1, 2, 3, std::numeric_limits<int>::max()}) {
    EXPECT_EQ(H.count(k), 0) << k;
    EXPECT_EQ(H.index(k, 0), 0) << k;
    EXPECT_EQ(H.dot(k, v), 0.0f) << k;
  }
  for (const tact::Index i : {-1, 2, 3, std::numeric_limits<int>::max()}) EXPECT_EQ(H.index(0, i), 0) << i;
  H.m = 5;  // beyond MaxRows, by hand
  EXPECT_EQ(H.count(3), 0);
  EXPECT_EQ(H.dot(4, v), 0.0f);
  H.m = -1;  // negative, by hand: no k is a row
  EXPECT_EQ(H.count(-5), 0);
  EXPECT_EQ(H.index(-5, 0), 0);
  EXPECT_EQ(H.dot(-5, v), 0.0f);
}

// solve_exact without a factor (a refused set_matrix since the last good
// one) solved with what the refused one left: NaN and Inf. Found by review.
TEST(Corrections, SolveExactWithoutAFactorLeavesTheVectorAlone) {
  using Correct = tact::ConstraintCorrection<3, 1>;
  static Correct correction;
  Correct::DofVector v(1, 2, 3);
  EXPECT_FALSE(correction.solve_exact(v));  // no matrix yet
  Correct::MassMatrix dense = 2 * Correct::MassMatrix::Identity();
  dense(0, 1) = dense(1, 0) = 1;
  ASSERT_EQ(correction.set_matrix(dense, 3), Status::Solved);
  Correct::MassMatrix indefinite = Correct::MassMatrix::Identity();
  indefinite(0, 1) = indefinite(1, 0) = 3;
  ASSERT_EQ(correction.set_matrix(indefinite, 3), Status::InvalidMass);
  EXPECT_FALSE(correction.solve_exact(v));
  EXPECT_EQ(v, Correct::DofVector(1, 2, 3));
  ASSERT_EQ(correction.set_matrix(dense, 3), Status::Solved);
  ASSERT_TRUE(correction.solve_exact(v));
  EXPECT_NEAR(v(0), 0.0f, 1e-6f);  // A⁻¹(1, 2, 3) = (0, 1, 1.5)
  EXPECT_NEAR(v(1), 1.0f, 1e-6f);
  EXPECT_NEAR(v(2), 1.5f, 1e-6f);
}

// correct() gives the dv of its compliance() call: until session 52 it took
// the current kind for the back-substitution (a switch from LinearSolver to
// Uncoupled in between gave (1, −0.577), A⁻¹e₀ being (1.333, −0.667)), and
// it used the kept L⁻¹Hᵀ with a new A's factor. Found by review.
TEST(Corrections, CorrectGivesTheDvOfItsComplianceCall) {
  using Correct = tact::ConstraintCorrection<2, 1>;
  static Correct correction;
  static Correct::Jacobian H;
  Correct::RowMatrix W = Correct::RowMatrix::Zero();
  Correct::DofVector dv = Correct::DofVector::Zero();
  const Correct::RowVector lambda = Correct::RowVector::Ones();
  Correct::MassMatrix dense;
  dense << 1, 0.5f, 0.5f, 1;  // A⁻¹ = (4/3)[1 −0.5; −0.5 1]
  ASSERT_EQ(correction.set_matrix(dense, 2), Status::Solved);
  ASSERT_TRUE(H.resize(2, 1));
  ASSERT_TRUE(H.set_row(0, Eigen::Vector2f(1, 0)));
  ASSERT_TRUE(correction.compliance(H, W));
  EXPECT_FLOAT_EQ(W(0, 0), 4.0f / 3);
  correction.kind = tact::Correction::Uncoupled;
  ASSERT_TRUE(correction.correct(H, lambda, dv));
  EXPECT_FLOAT_EQ(dv(0), 4.0f / 3);
  EXPECT_FLOAT_EQ(dv(1), -2.0f / 3);
  correction.kind = tact::Correction::LinearSolver;
  // Another A: the kept L⁻¹Hᵀ is not its; a compliance() call prepares it.
  ASSERT_EQ(correction.set_matrix(2 * dense, 2), Status::Solved);
  dv.setConstant(7);
  EXPECT_FALSE(correction.correct(H, lambda, dv));
  EXPECT_EQ(dv, Correct::DofVector::Constant(7));
  ASSERT_TRUE(correction.compliance(H, W));
  ASSERT_TRUE(correction.correct(H, lambda, dv));
  EXPECT_FLOAT_EQ(dv(0), 2.0f / 3);
  // The same A again keeps it; an H of other rows than the call's does not fit.
  ASSERT_EQ(correction.set_matrix(2 * dense, 2), Status::Solved);
  EXPECT_TRUE(correction.correct(H, lambda, dv));
  ASSERT_TRUE(H.resize(2, 0));
  EXPECT_FALSE(correction.correct(H, lambda, dv));
}

// A resize to a smaller n kept rows whose nonzeros indexed dofs of the old
// n: compliance() read them (W_00 = 26 for a row set as (1, 0, 5) at n = 3,
// its first two entries (1, 0) at n = 2). Found by review.
TEST(Corrections, AResizeThatChangesNClearsTheRows) {
  using Correct = tact::ConstraintCorrection<3, 1>;
  static Correct correction;
  static Correct::Jacobian H;
  Correct::RowMatrix W = Correct::RowMatrix::Constant(7);
  ASSERT_TRUE(H.resize(3, 1));
  ASSERT_TRUE(H.set_row(0, Eigen::Vector3f(1, 0, 5)));
  ASSERT_TRUE(H.resize(3, 1));  // the same n keeps the row
  EXPECT_EQ(H.count(0), 2);
  ASSERT_TRUE(H.resize(2, 1));
  EXPECT_EQ(H.count(0), 0);
  EXPECT_EQ(H.Ht.col(0).cwiseAbs().maxCoeff(), 0.0f);
  ASSERT_EQ(correction.set_matrix(Correct::MassMatrix::Identity(), 2), Status::Solved);
  ASSERT_TRUE(correction.compliance(H, W));
  EXPECT_EQ(W(0, 0), 0.0f);  // a row not set again is zero
  ASSERT_TRUE(H.set_row(0, Eigen::Vector2f(1, 0)));
  ASSERT_TRUE(correction.compliance(H, W));
  EXPECT_FLOAT_EQ(W(0, 0), 1.0f);
}

// An n lowered by hand after set_row left nonzero lists of the larger n:
// sizes_valid() passed, compliance() gave W_00 = 1 for a row set as
// (0, 0, 1) at n = 3 and used at n = 2, and correct() wrote dv(2), beyond n.
// Noticed in session 52.
TEST(Corrections, AnNLoweredByHandAfterSetRowIsRefusedUntilAResize) {
  using Correct = tact::ConstraintCorrection<3, 1>;
  static Correct correction;
  static Correct::Jacobian H;
  Correct::RowMatrix W = Correct::RowMatrix::Constant(7);
  Correct::DofVector dv = Correct::DofVector::Constant(7);
  const Correct::RowVector lambda = Correct::RowVector::Ones();
  ASSERT_EQ(correction.set_matrix(Correct::MassMatrix::Identity(), 2), Status::Solved);
  ASSERT_TRUE(H.resize(3, 1));
  ASSERT_TRUE(H.set_row(0, Eigen::Vector3f(0, 0, 1)));
  H.n = 2;  // by hand: the row names dof 2
  EXPECT_FALSE(H.sizes_valid());
  EXPECT_FALSE(H.set_row(0, Eigen::Vector3f(1, 0, 0)));
  EXPECT_FALSE(correction.compliance(H, W));
  EXPECT_FALSE(correction.correct(H, lambda, dv));
  EXPECT_EQ(W, Correct::RowMatrix::Constant(7));  // nothing written
  EXPECT_EQ(dv, Correct::DofVector::Constant(7));
  H.n = 3;  // back: the row is valid at its n
  EXPECT_TRUE(H.sizes_valid());
  H.n = 2;
  ASSERT_TRUE(H.resize(2, 1));  // the same n, but a row beyond it: cleared
  EXPECT_TRUE(H.sizes_valid());
  EXPECT_EQ(H.count(0), 0);
  ASSERT_TRUE(H.set_row(0, Eigen::Vector2f(1, 0)));
  ASSERT_TRUE(correction.compliance(H, W));
  EXPECT_FLOAT_EQ(W(0, 0), 1.0f);
  ASSERT_TRUE(correction.correct(H, lambda, dv));
  EXPECT_FLOAT_EQ(dv(0), 1.0f);
  EXPECT_EQ(dv(2), 7.0f);  // beyond n: not written
}

// A subnormal diagonal A_ii passes the relative test (the largest entry is
// as small) but 1/A_ii overflows: InvalidMass, not a W of Inf refused as
// InvalidInput later (Dual, Pgs), nor the Solver's Singular with the free
// motion through the floor (Primal). Found by review.
TEST(Corrections, AMassWhoseInverseOverflowsIsInvalid) {
  using Correct = tact::ConstraintCorrection<2, 1>;
  static Correct correction;
  const Correct::MassMatrix tiny = 2e-39f * Correct::MassMatrix::Identity();
  EXPECT_EQ(correction.set_matrix(tiny, 2), Status::InvalidMass);
  for (const Resolution resolution : kAllResolutions) {
    static CornerImpulse world;
    world = CornerImpulse{};
    world.n = 2;
    world.resolution = resolution;
    world.M = tiny;
    world.x << 0.5f, 0;
    world.v << 1, 0;
    world.f << 0, -2e-39f;
    const Vec2 x = world.x, v = world.v;
    const auto report = step_no_heap(world, floor_y0);
    EXPECT_EQ(report.status, Status::InvalidMass) << tact::to_string(resolution);
    EXPECT_FALSE(report.advanced);
    expect_no_motion_and_finite(world, x, v);
  }
}

/// A report's residual and scale are finite, whatever its status.
template <typename Report>
void expect_finite_residual(const Report& report) {
  EXPECT_TRUE(std::isfinite(report.residual) && std::isfinite(report.scale));
}

// Solved holds the LCP residual for both solvers. Found by fuzz_steppers:
//  * the exact solver said Solved for a bilateral row of W_00 = 10⁻³ (only
//    the regularization) asking λ₀ = 2·10⁵ beside a unilateral row: its
//    λ₁ = −0.33 passed the Solver's test against ‖λ‖, not the LCP's
//    (residual 0.33 for a scale of 200). W is now scaled to a unit diagonal
//    first, and the LCP rule checked after;
//  * PGS said Solved when a sweep's change was small but Wλ overflowed in
//    the residual (Inf ≤ tolerance·Inf), or tolerance·scale did.
TEST(ConstraintSpace, SolvedHoldsTheLcpResidualInBothSolvers) {
  using P = tact::ConstraintSpaceProblem<5>;
  static tact::ConstraintSpaceSolver<5> exact;
  static tact::ProjectedGaussSeidel<5> pgs;
  P p;
  ASSERT_TRUE(p.resize(1, 1));
  p.W(0, 0) = 0.001f;
  p.W(1, 1) = 3.001f;
  p.q.head<2>() << -200, 0.99f;
  const auto report = solve_no_heap(exact, p);
  EXPECT_EQ(report.status, Status::Solved);  // with W scaled to a unit diagonal
  expect_finite_residual(report);
  EXPECT_LE(report.residual, exact.settings().kkt_tolerance * (report.scale + std::numeric_limits<float>::min()));
  EXPECT_NEAR(exact.lambda()(0), 2e5f, 2e5f * 1e-6f);
  EXPECT_EQ(exact.lambda()(1), 0.0f);  // separating: w_1 = 0.99

  ASSERT_TRUE(p.resize(1, 4));
  p.W << 0x1.500832p+3f, 0x1.3cccccp+3f, 0x1.3fff2ep+3f, 0x1.47b67ap-7f, 0,  //
      0x1.3cccccp+3f, 0x1.312d14p+23f, 0x1.38dp+13f, -0x1.8ff5cp+6f, 0,        //
      0x1.3fff2ep+3f, 0x1.38dp+13f, 0x1.e00418p+4f, -0x1.70a2cap-4f, 0,        //
      0x1.47b67ap-7f, -0x1.8ff5cp+6f, -0x1.70a2cap-4f, 0x1.8a86d8p-9f, 0,      //
      0, 0, 0, 0, 0x1.0624dep-10f;
  p.q << -0x1.c1bedp+10f, 0x1.7e04ap+7f, -0x1.3425b6p+117f, -0x1.2cecd2p+127f, 0;
  pgs.settings = {};
  pgs.settings.max_sweeps = 20;
  pgs.settings.omega = 0x1.4f8b58p-17f;
  pgs.settings.tolerance = 0x1.99999ap-4f;
  const auto overflowed = solve_no_heap(pgs, p);
  EXPECT_EQ(overflowed.status, Status::Singular);
  expect_finite_residual(overflowed);
  EXPECT_TRUE(pgs.lambda().allFinite());

  // An infinite residual beside a finite scale (found with a tolerance of
  // 10, whose product with the scale overflowed: Inf ≤ Inf; a tolerance
  // ≥ 1 is now refused, and the residual's own finiteness is checked).
  ASSERT_TRUE(p.resize(2, 1));
  p.W.topLeftCorner<3, 3>() << 0x1.8147aep+1f, 0x1.9p+6f, 0x1p+0f,  //
      0x1.9p+6f, 0x1.e8486p+19f, 0x1.3888p+13f,                       //
      0x1p+0f, 0x1.3888p+13f, 0x1.9ep+6f;
  p.q.head<3>() << 0x1.5e442cp+114f, 0x1.ab9d46p+127f, -0x1.243edep+126f;
  pgs.settings = {};
  pgs.settings.max_sweeps = 8;
  pgs.settings.omega = 0x1.47ae14p-7f;
  pgs.settings.tolerance = 0.9f;
  const auto huge_tolerance = solve_no_heap(pgs, p);
  EXPECT_EQ(huge_tolerance.status, Status::Singular);
  expect_finite_residual(huge_tolerance);
}

// Jacobi scaling makes every positive diagonal entry of W about 1, subnormal
// ones too: before, a subnormal W_ii stayed unscaled and the inner Solver
// refused W = diag(1e-39, 1) as InvalidMass, while diag(1e-37, 1) solved.
template <typename Scalar>
void expect_scaling_covers_subnormals() {
  using Limits = std::numeric_limits<Scalar>;
  for (Scalar w : {Limits::denorm_min(), Limits::min() / 3, Limits::min() * (1 - Limits::epsilon()), Limits::min(),
                   Scalar(1), Limits::max()}) {
    const Scalar s = tact::detail::jacobi_scaling(w);
    ASSERT_TRUE(std::isfinite(s)) << w;
    EXPECT_EQ(s, std::exp2(std::round(std::log2(s)))) << w;  // a power of two: exact
    const long double scaled = static_cast<long double>(s) * static_cast<long double>(s) * static_cast<long double>(w);
    EXPECT_GE(scaled, 0.5L) << w;
    EXPECT_LT(scaled, 2.0L) << w;
  }
  for (Scalar w : {Scalar(0), -Limits::denorm_min(), Scalar(-1), Limits::infinity(), Limits::quiet_NaN()})
    EXPECT_EQ(tact::detail::jacobi_scaling(w), Scalar(1)) << w;

  static tact::ConstraintSpaceSolver<2, 2, Scalar> exact;
  for (Scalar tiny : {Limits::min() * 64, Limits::min() / 64, Limits::denorm_min() * 8}) {
    for (Index bilateral : {0, 1, 2}) {
      tact::ConstraintSpaceProblem<2, Scalar> p;
      ASSERT_TRUE(p.resize(bilateral, 2 - bilateral));
      p.W(0, 0) = tiny;
      p.W(1, 1) = 1;
      p.q << -tiny, -1;  // λ = (1, 1), w = 0
      const auto report = solve_no_heap(exact, p);
      EXPECT_EQ(report.status, Status::Solved) << tiny << " bilateral " << bilateral;
      EXPECT_NEAR(exact.lambda()(0), Scalar(1), 4 * Limits::epsilon()) << tiny;
      EXPECT_NEAR(exact.lambda()(1), Scalar(1), 4 * Limits::epsilon()) << tiny;
    }
  }
}

TEST(ConstraintSpace, JacobiScalingCoversSubnormalDiagonals) {
  expect_scaling_covers_subnormals<float>();
  expect_scaling_covers_subnormals<double>();
}

// A separating row whose W_ii is tiny: the inner Solver accepts a λ'_0 of
// about −3·10⁻²⁰ (within its tolerance of ‖λ'‖), which unscaled by
// S_00 ~ 1/√W_00 was λ_0 = −1 and Inaccurate. Dual now clamps such a λ'_k
// to 0 when the unscaled point misses the LCP rule, and judges again.
template <typename Scalar>
void expect_tiny_separating_row_solved() {
  using Limits = std::numeric_limits<Scalar>;
  static tact::ConstraintSpaceSolver<2, 2, Scalar> exact;
  for (Scalar tiny : {Scalar(1e-30), Limits::min() * 64, Limits::min() / 64, Limits::denorm_min() * 8}) {
    for (Scalar coupling : {Scalar(0), std::sqrt(tiny) / 4}) {  // |W_01| < √(W_00 W_11): positive definite
      tact::ConstraintSpaceProblem<2, Scalar> p;
      ASSERT_TRUE(p.resize(0, 2));
      p.W(0, 0) = tiny;
      p.W(0, 1) = p.W(1, 0) = coupling;
      p.W(1, 1) = 1;
      p.q << tiny, -1;  // row 0 separates (λ_0 = 0, w_0 > 0); row 1 is pushed: λ_1 = 1
      const auto report = solve_no_heap(exact, p);
      EXPECT_EQ(report.status, Status::Solved) << tiny << " coupling " << coupling;
      // Coupled, λ_0 may be any λ'_0 ≥ 0 within the tolerance, unscaled
      // (10⁷ at 10⁻³⁰): W_00·λ_0 is rounding, and min(λ_0, w_0) ≈ 0.
      if (coupling == Scalar(0)) {
        EXPECT_EQ(exact.lambda()(0), Scalar(0)) << tiny;
      }
      EXPECT_GE(exact.lambda()(0), Scalar(0)) << tiny;
      EXPECT_NEAR(exact.lambda()(1), Scalar(1), 4 * Limits::epsilon()) << tiny;
      EXPECT_GE(exact.velocity()(0), Scalar(0)) << tiny;
      EXPECT_TRUE(tact::detail::lcp_within(report.residual, report.scale, exact.settings().kkt_tolerance)) << tiny;
    }
  }
}

TEST(ConstraintSpace, ATinySeparatingRowKeepsZeroImpulse) {
  expect_tiny_separating_row_solved<float>();
  expect_tiny_separating_row_solved<double>();
}

// Two contacts and a joint row whose W is ill-conditioned for float
// (eigenvalues about 10⁻⁷, 0.10 and 1.13): the Dual's Solver, judging its
// identity rows in W'⁻¹'s metric, finds two of them dependent and stops
// (Singular) with pulling impulses in its iterate (λ = −0.002 and −7.1
// until session 42, applied to the state). A contact never pulls: they are
// 0 now. The right answer (Primal: the joint row alone, the contacts
// separating) is what the float Dual cannot reach here, hence not Solved.
TEST(ConstraintSpace, AnUnfinishedDualIterateNeverPulls) {
  using World3 = tact::ImpulseWorld<3, 1, 2>;
  auto gather = [](const World3::DofVector&, const World3::DofVector&, World3::Rows& rows) {
    tact::ConstraintRow<3, float> row;  // g = 0: every row in contact
    row.J << 0.974798799f, 0, 0;
    rows.add_equality(row);
    row.J << 0.281021953f, 0.158574477f, 0;
    rows.add_inequality(1, row);
    row.J << 0.292241096f, 0.303781688f, 0.0006950635f;
    rows.add_inequality(2, row);
  };
  for (const auto resolution : {tact::Resolution::Primal, tact::Resolution::Dual}) {
    static World3 world;
    world = World3{};
    world.n = 3;
    world.resolution = resolution;
    world.stabilization = tact::Stabilization::Velocity;
    world.v << 0.409655809f, 2.17550683f, -7.98668909f;
    const auto report = step_no_heap(world, gather);
    if (resolution == tact::Resolution::Primal) {
      ASSERT_EQ(report.status, Status::Solved);
      EXPECT_EQ(world.multiplier_ineq(0), 0.0f);  // both contacts separate
      EXPECT_EQ(world.multiplier_ineq(1), 0.0f);
      continue;
    }
    // The scene's premise: float cannot tell the rows apart here (Singular,
    // the iterate pulling before the clamp). Should a better Dual solve it,
    // this scene no longer tests the clamp: find one it cannot solve.
    EXPECT_NE(report.status, Status::Solved);
    EXPECT_GE(world.multiplier_ineq(0), 0.0f);
    EXPECT_GE(world.multiplier_ineq(1), 0.0f);
    EXPECT_TRUE(world.v.allFinite());
    EXPECT_TRUE(std::isfinite(report.residual));
  }
}

// Settings the Solver refuses are refused by the Dual without rows too (a
// body in free flight came back Solved until its first contact, then every
// step was refused: session 42's review).
TEST(ConstraintSpace, SettingsTheSolverRefusesAreRefusedWithoutRows) {
  using P = tact::ConstraintSpaceProblem<3>;
  static tact::ConstraintSpaceSolver<3> exact;
  P empty;
  ASSERT_TRUE(empty.resize(0, 0));
  EXPECT_EQ(solve_no_heap(exact, empty).status, Status::Solved);
  exact.settings().max_iterations = -1;
  EXPECT_EQ(solve_no_heap(exact, empty).status, Status::InvalidInput);
  exact.settings() = {};

  using World2 = tact::ImpulseWorld<2, 1, 1>;
  static World2 world;
  world = World2{};
  world.n = 2;
  world.resolution = tact::Resolution::Dual;
  world.f << 1, 0;
  world.settings().kkt_tolerance = kNaN;
  const World2::DofVector v_before = world.v;
  const auto report = step_no_heap(world, [](const World2::DofVector&, const World2::DofVector&, World2::Rows&) {});
  EXPECT_EQ(report.status, Status::InvalidInput);
  EXPECT_EQ(world.v, v_before);  // nothing moves
}

// PGS with tolerance 0 stops early only at an exact fixed point: W = [1],
// q = [−1] is solved exactly by its first sweep, and the second changes
// nothing.
TEST(Pgs, AZeroToleranceStopsOnlyAtAnExactFixedPoint) {
  using P = tact::ConstraintSpaceProblem<3>;
  static tact::ProjectedGaussSeidel<3> pgs;
  P p;
  ASSERT_TRUE(p.resize(0, 1));
  p.W(0, 0) = 1;
  p.q(0) = -1;
  pgs.settings = {};
  pgs.settings.tolerance = 0;
  const auto report = solve_no_heap(pgs, p);
  EXPECT_EQ(report.status, Status::Solved);
  EXPECT_EQ(report.iterations, 2);
  EXPECT_EQ(pgs.lambda()(0), 1.0f);
  EXPECT_EQ(report.residual, 0.0f);
}

}  // namespace
