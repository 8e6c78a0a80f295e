// The stepper over many steps: the paper's figures 2–5 (Platt leaves the
// admissible region, the right algorithm and the exact strategy do not),
// Baumgarte stabilization, the constraint helpers' derivatives, bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "corner/corner_scene.hpp"
#include "floor_rows.hpp"
#include "no_heap.hpp"
#include "tact/world.hpp"

namespace {

using CornerWorld = corner::World;
using corner::Vec2;
constexpr auto corner_rows = corner::rows;

struct CornerRun {
  float min_g1 = 0, min_g2 = 0;
  bool all_solved = true;
};

CornerRun run_corner(tact::Strategy strategy, float mass, Vec2 force, int steps = 2000) {
  static CornerWorld world;
  corner::reset(world, strategy, mass, force);
  CornerRun run;
  for (int i = 0; i < steps; ++i) {
    const auto report = tact::test::step_no_heap(world, corner_rows);
    run.all_solved = run.all_solved && report.status == tact::Status::Solved;
    run.min_g1 = std::min(run.min_g1, world.x(0) - world.x(1));
    run.min_g2 = std::min(run.min_g2, world.x(1));
  }
  return run;
}

using tact::test::floor_y0;

constexpr float kFloatPosition = 1e-5f;

class CornerSteps : public ::testing::TestWithParam<float> {};

TEST_P(CornerSteps, PlattLeavesTheRegionUnderForce2Minus1) {  // figures 2, 4, 5
  const auto run = run_corner(tact::Strategy::Platt, GetParam(), Vec2(2, -1));
  EXPECT_LT(run.min_g2, -2 * kFloatPosition);  // the particle crosses y = 0
}

TEST_P(CornerSteps, ImprovedPlattLeavesTheRegionUnderForceMinus1Minus2) {  // figure 3
  const auto run = run_corner(tact::Strategy::PlattImproved, GetParam(), Vec2(-1, -2));
  EXPECT_LT(run.min_g1, -2 * kFloatPosition);  // the particle crosses x = y
}

TEST_P(CornerSteps, RightAndExactStayAdmissible) {
  for (const auto strategy : {tact::Strategy::Right, tact::Strategy::Exact})
    for (const Vec2& force : {Vec2(2, -1), Vec2(-1, -2)}) {
      const auto run = run_corner(strategy, GetParam(), force);
      EXPECT_TRUE(run.all_solved) << tact::to_string(strategy);
      EXPECT_GE(run.min_g1, -kFloatPosition) << tact::to_string(strategy);
      EXPECT_GE(run.min_g2, -kFloatPosition) << tact::to_string(strategy);
    }
}

INSTANTIATE_TEST_SUITE_P(Masses, CornerSteps, ::testing::Values(2.0f, 3.0f));

TEST(World, SlidesAlongTheFloorAtTheExpectedAcceleration) {
  static CornerWorld world;
  corner::reset(world, tact::Strategy::Exact, 2.0f, Vec2(2, -1));
  for (int i = 0; i < 100; ++i) ASSERT_TRUE(tact::test::step_no_heap(world, corner_rows).ok());
  EXPECT_NEAR(world.v(0), 1.0f * 100 * corner::kTimeStep, 1e-4f);  // ẍ = f_x/m = 1
  EXPECT_NEAR(world.x(1), 0.0f, kFloatPosition);
}

TEST(World, RejectsBadParametersWithoutMoving) {
  static CornerWorld world;
  world.f = Vec2(1, 1);
  for (const float tau : {0.0f, -1.0f, std::numeric_limits<float>::quiet_NaN()}) {
    world.tau = tau;
    EXPECT_EQ(tact::test::step_no_heap(world, corner_rows).status, tact::Status::InvalidInput);
    EXPECT_EQ(world.x, Vec2::Zero());
  }
  // τ² below the smallest normal: refused whatever the gaps, in free flight
  // too (before, g/τ² was 0/0 for a resting contact, ±∞ for the others, and
  // a step without candidates was Solved); the smallest τ with a normal τ²
  // still steps.
  const Vec2 far_above(0.5f, 0.5f);  // no candidate row: τ unused by the rows
  for (const float tau : {1e-23f, 1e-20f, 1.0e-19f}) {
    world.tau = tau;
    world.x = far_above;
    EXPECT_EQ(tact::test::step_no_heap(world, corner_rows).status, tact::Status::InvalidInput) << tau;
    EXPECT_EQ(world.x, far_above) << tau;
  }
  world.tau = 1.1e-19f;
  EXPECT_EQ(tact::test::step_no_heap(world, corner_rows).status, tact::Status::Solved);
  world.x = Vec2::Zero();
  world.v = Vec2::Zero();
  world.tau = 0.05f;
  auto too_many = [](const CornerWorld::DofVector& x, const CornerWorld::DofVector&, CornerWorld::Rows& rows) {
    for (tact::RowId k = 0; k < 3; ++k) rows.add_inequality(k, tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.0f));
  };
  EXPECT_EQ(tact::test::step_no_heap(world, too_many).status, tact::Status::InvalidInput);
  EXPECT_EQ(world.x, Vec2::Zero());
}

// World::settings() is the solver's: a step uses what the firmware sets there
// (found by session 40's review: only a const solver() was reachable, so a
// World could not lower its iteration cap).
TEST(World, ItsSettingsAreTheSolversForEveryStep) {
  static CornerWorld world;
  corner::reset(world, tact::Strategy::Exact, 2.0f, Vec2(2, -1));
  world.settings().kkt_tolerance = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(tact::test::step_no_heap(world, corner_rows).status, tact::Status::InvalidInput);
  EXPECT_EQ(world.x, Vec2::Zero());
  world.settings() = tact::Settings<float>{};
  ASSERT_TRUE(tact::test::step_no_heap(world, corner_rows).ok());
  const auto small_solves = world.solver().small_path_solves();
  EXPECT_GT(small_solves, 0u);
  world.settings().small_problem_path = false;
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(tact::test::step_no_heap(world, corner_rows).ok());
  EXPECT_EQ(world.solver().small_path_solves(), small_solves);
  EXPECT_FALSE(world.solver().settings.small_problem_path);
}

// What the solver does not see is checked by the stepper: the state, every
// gap (a NaN gap would drop its row: g ≤ tolerance is false; −Inf is
// refused too, +Inf is a row never in contact) and the tolerance (a NaN one
// would drop every contact). Found by review: each NaN gave Solved, and the
// body fell through the floor or kept its NaN. A step the solver refuses
// (M not SPD) does not move either. Every strategy.
TEST(World, RejectsNaNStateGapOrToleranceAndARefusedStepWithoutMoving) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  struct Case {
    const char* name;
    float y, v_x, tolerance, mass, far_gap;
    bool with_rows;
    tact::Status expected;
  };
  const Case cases[] = {
      {"NaN y, no rows", nan, 0, 1e-5f, 2, 1, false, tact::Status::InvalidInput},
      {"NaN v_x, no rows", 0, nan, 1e-5f, 2, 1, false, tact::Status::InvalidInput},
      {"NaN gap of a far row", 0, 0, 1e-5f, 2, nan, true, tact::Status::InvalidInput},
      {"-Inf gap", 0, 0, 1e-5f, 2, -inf, true, tact::Status::InvalidInput},
      {"NaN tolerance", 0, 0, nan, 2, 1, true, tact::Status::InvalidInput},
      {"+Inf tolerance", 0, 0, inf, 2, 1, true, tact::Status::InvalidInput},
      {"-Inf tolerance", 0, 0, -inf, 2, 1, true, tact::Status::InvalidInput},  // would drop every contact
      // Rows in contact left out; Platt's rule would take rows apart (audit, session 29).
      {"negative tolerance", 0, 0, -1e-3f, 2, 1, true, tact::Status::InvalidInput},
      {"-0 tolerance: as 0", 0, 0, -0.0f, 2, 1, true, tact::Status::Solved},
      {"M not SPD", 0, 0.5f, 1e-5f, -2, 1, true, tact::Status::InvalidMass},
      {"+Inf gap: never in contact", 0, 0, 1e-5f, 2, inf, true, tact::Status::Solved},
  };
  for (const auto strategy : tact::kAllStrategies) {
    for (const Case& c : cases) {
      static CornerWorld world;
      corner::reset(world, strategy, 2.0f, Vec2(0, -1));
      world.x(1) = c.y;
      world.v(0) = c.v_x;
      world.contact_tolerance = c.tolerance;
      world.M(1, 1) = c.mass;
      const float far_gap = c.far_gap;
      auto floor_and_far_wall = [far_gap](const CornerWorld::DofVector& x, const CornerWorld::DofVector&,
                                          CornerWorld::Rows& rows) {
        rows.add_inequality(0, tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.0f));
        auto far = tact::half_space<2, 2>(x, 0, Vec2(1, 0), -1.0f);  // x ≥ −1: 1 away
        far.g = far_gap;
        rows.add_inequality(1, far);
      };
      auto no_rows = [](const CornerWorld::DofVector&, const CornerWorld::DofVector&, CornerWorld::Rows&) {};
      const CornerWorld::DofVector x = world.x, v = world.v;
      const auto report = c.with_rows ? tact::test::step_no_heap(world, floor_and_far_wall)
                                      : tact::test::step_no_heap(world, no_rows);
      const std::string label = std::string(c.name) + " " + tact::to_string(strategy);
      EXPECT_EQ(report.status, c.expected) << label;
      if (c.expected == tact::Status::Solved) continue;
      for (int i = 0; i < 2; ++i) {  // nothing moved (NaN stays NaN)
        EXPECT_TRUE(world.x(i) == x(i) || (std::isnan(world.x(i)) && std::isnan(x(i)))) << label;
        EXPECT_TRUE(world.v(i) == v(i) || (std::isnan(world.v(i)) && std::isnan(v(i)))) << label;
      }
    }
  }
}

// A step whose semi-implicit Euler would overflow the state (x at the top of
// float's range moving on, or v pushed past it) is refused and nothing
// moves. Found by fuzz_steppers: the step said Solved and left x or v at
// Inf. Every strategy.
TEST(World, AStepThatWouldOverflowTheStateIsRefusedWithoutMoving) {
  const float largest = std::numeric_limits<float>::max();
  struct Case {
    const char* name;
    float x, v, force, time_step;
  };
  // ẍ stays below 1e19 (the solver's ½ẍᵀMẍ would overflow), so v overflows with a long step.
  const Case cases[] = {{"x overflows", largest, 1e36f, 0, 1e-3f}, {"v overflows", 0, largest, 1e19f, 1e13f}};
  auto no_rows = [](const CornerWorld::DofVector&, const CornerWorld::DofVector&, CornerWorld::Rows&) {};
  for (const auto strategy : tact::kAllStrategies) {
    for (const Case& c : cases) {
      static CornerWorld world;
      corner::reset(world, strategy, 1.0f, Vec2(c.force, 0));
      world.x(0) = c.x;
      world.v(0) = c.v;
      world.time_step = c.time_step;
      const CornerWorld::DofVector x = world.x, v = world.v;
      const std::string label = std::string(c.name) + " " + tact::to_string(strategy);
      EXPECT_EQ(tact::test::step_no_heap(world, no_rows).status, tact::Status::InvalidInput) << label;
      EXPECT_EQ(world.x, x) << label;
      EXPECT_EQ(world.v, v) << label;
    }
    // One step short of the edge still moves.
    static CornerWorld world;
    corner::reset(world, strategy, 1.0f, Vec2(0, 0));
    world.x(0) = 1e38f;
    world.v(0) = 1e36f;
    EXPECT_EQ(tact::test::step_no_heap(world, no_rows).status, tact::Status::Solved);
    EXPECT_GT(world.x(0), 1e38f);
  }
}

// A row whose |J_k|² overflows float (finite entries, 1e20): the solve has no
// point (Singular, outputs zeroed, Report::has_point false). The step
// advanced with ẍ = 0 before, a motion without f or any row's force; now
// nothing moves. Every strategy.
TEST(World, ARowTheSolverCannotScaleMovesNothing) {
  for (const auto strategy : tact::kAllStrategies) {
    static CornerWorld world;
    corner::reset(world, strategy, 2.0f, Vec2(0, -1));
    world.x << 0.5f, 0;
    world.v << 1, 0;
    const CornerWorld::DofVector x = world.x, v = world.v;
    const auto report = tact::test::step_no_heap(world, tact::test::unscalable_floor);
    const std::string label = tact::to_string(strategy);
    EXPECT_EQ(report.status, tact::Status::Singular) << label;
    EXPECT_FALSE(report.has_point) << label;
    EXPECT_EQ(world.x, x) << label;
    EXPECT_EQ(world.v, v) << label;
  }
  // A solve with a point says so, whatever its status.
  static CornerWorld world;
  corner::reset(world, tact::Strategy::Exact, 2.0f, Vec2(0, -1));
  EXPECT_TRUE(tact::test::step_no_heap(world, floor_y0).has_point);
}

// A gather that leaves out far pairs (a broad phase) can leave Platt's F+
// full of ids of rows gone from this step: the row violated after
// integration must still join F+ in the step it is violated, not wait a
// step for a slot while the body sinks through it.
TEST(World, PlattTakesAViolatedRowWhenItsSetHoldsOnlyVanishedIds) {
  static CornerWorld world;
  corner::reset(world, tact::Strategy::Platt, 2.0f, Vec2(-1, -1));
  auto walls = [](const CornerWorld::DofVector& x, const CornerWorld::DofVector&, CornerWorld::Rows& rows) {
    rows.add_inequality(10, tact::half_space<2, 2>(x, 0, Vec2(1, 0), 0.0f));
    rows.add_inequality(11, tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.0f));
  };
  ASSERT_EQ(tact::test::step_no_heap(world, walls).status, tact::Status::Solved);
  ASSERT_TRUE(world.solver().in_working_set(0) && world.solver().in_working_set(1));  // F+ = {10, 11}: full
  auto raised_floor = [](const CornerWorld::DofVector& x, const CornerWorld::DofVector&, CornerWorld::Rows& rows) {
    rows.add_inequality(20, tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.01f));  // g = y − 0.01: violated
  };
  ASSERT_EQ(tact::test::step_no_heap(world, raised_floor).status, tact::Status::Solved);
  EXPECT_TRUE(world.solver().in_working_set(0));
  EXPECT_GT(world.solver().acceleration()(1), 0.0f);  // pushed up towards the raised floor (free motion: −0.5)
}

// A row whose gap becomes +Inf (a contact the gather reports as gone for
// good) is never a candidate, even when Platt's F+ carries its id: before,
// the carried row entered with d = −Inf and the solver refused every step
// from then on (found by review: the docs promised "+Inf: never a candidate").
TEST(World, ACarriedRowWhoseGapBecomesInfiniteIsNoCandidate) {
  const float inf = std::numeric_limits<float>::infinity();
  for (const auto strategy : {tact::Strategy::Platt, tact::Strategy::PlattImproved}) {
    static CornerWorld world;
    corner::reset(world, strategy, 2.0f, Vec2(0, -1));
    float floor_gap = 0;
    auto floor = [&floor_gap](const CornerWorld::DofVector& x, const CornerWorld::DofVector&, CornerWorld::Rows& rows) {
      auto row = tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.0f);
      row.g = floor_gap;
      rows.add_inequality(7, row);
    };
    ASSERT_EQ(tact::test::step_no_heap(world, floor).status, tact::Status::Solved) << tact::to_string(strategy);
    ASSERT_TRUE(world.solver().in_working_set(0)) << tact::to_string(strategy);  // id 7 carried
    floor_gap = inf;
    for (int step = 0; step < 3; ++step) {
      const float v_y = world.v(1);
      EXPECT_EQ(tact::test::step_no_heap(world, floor).status, tact::Status::Solved) << tact::to_string(strategy);
      EXPECT_EQ(world.last_problem().num_ineq, 0) << tact::to_string(strategy);
      EXPECT_NEAR(world.v(1), v_y - 0.5f * world.time_step, 1e-7f) << tact::to_string(strategy);  // free fall
    }
  }
}

// Right carries no set, so steps under it clear the memory: Platt's F+ from
// before a switch to Right would otherwise come back when Platt does, and
// pull the body back to a floor it left long before (found by audit in
// session 29: acceleration −10 230 in place of free fall, status Solved).
TEST(World, ASwitchThroughRightForgetsPlattsCarriedSet) {
  static CornerWorld world;
  corner::reset(world, tact::Strategy::Platt, 2.0f, Vec2(0, -1));
  for (int step = 0; step < 5; ++step) ASSERT_EQ(tact::test::step_no_heap(world, floor_y0).status, tact::Status::Solved);
  ASSERT_TRUE(world.solver().in_working_set(0));  // id 7 in F+
  world.strategy = tact::Strategy::Right;
  world.f = Vec2(0, 1);  // lifts off
  for (int step = 0; step < 50; ++step) ASSERT_EQ(tact::test::step_no_heap(world, floor_y0).status, tact::Status::Solved);
  ASSERT_GT(world.x(1), 0.01f);
  world.strategy = tact::Strategy::Platt;
  world.f = Vec2(0, -1);
  const float v_y = world.v(1);
  EXPECT_EQ(tact::test::step_no_heap(world, floor_y0).status, tact::Status::Solved);
  EXPECT_EQ(world.last_problem().num_ineq, 0);  // apart, not carried
  EXPECT_NEAR(world.v(1), v_y - 0.5f * world.time_step, 1e-6f);  // free flight
}

// reset_memory() forgets Platt's F+. A row F+ carries is a candidate even
// apart (the paper's rule: F+ decides), so a body lifted by hand is still
// pulled to the floor by its row; forgotten, the row is no candidate and the
// body falls freely.
TEST(World, ResetMemoryForgetsPlattsCarriedSet) {
  static CornerWorld world, forgetting;
  corner::reset(world, tact::Strategy::Platt, 2.0f, Vec2(0, -1));
  for (int step = 0; step < 5; ++step) ASSERT_EQ(tact::test::step_no_heap(world, floor_y0).status, tact::Status::Solved);
  ASSERT_TRUE(world.solver().in_working_set(0));  // id 7 in F+
  world.x(1) = 0.5f;  // lifted by hand, at rest
  world.v.setZero();
  forgetting = world;
  forgetting.reset_memory();
  EXPECT_EQ(tact::test::step_no_heap(world, floor_y0).status, tact::Status::Solved);
  EXPECT_EQ(world.last_problem().num_ineq, 1);  // carried
  EXPECT_LT(world.v(1), -1.0f);                 // Baumgarte's d of a gap of 0.5
  EXPECT_EQ(tact::test::step_no_heap(forgetting, floor_y0).status, tact::Status::Solved);
  EXPECT_EQ(forgetting.last_problem().num_ineq, 0);
  EXPECT_NEAR(forgetting.v(1), -0.5f * forgetting.time_step, 1e-9f);  // free flight: f/m·h
}

// A bead on a circular wire (equality): Baumgarte's term holds the drift
// |p| − r at rounding level; with τ huge (no stabilization) it grows.
float bead_drift(float tau) {
  static tact::World<2, 1, 0> world;
  world = tact::World<2, 1, 0>{};
  world.x = Vec2(1, 0);
  world.v = Vec2(0, 3);
  world.f = Vec2(0, -9.81f);
  world.time_step = 1e-3f;
  world.tau = tau;
  float worst = 0;
  for (int i = 0; i < 5000; ++i) {
    const auto report = tact::test::step_no_heap(world, [](const auto& x, const auto& v, auto& rows) {
      rows.add_equality(tact::point_on_circle<2>(x, v, 0, Vec2(0, 0), 1.0f));
    });
    EXPECT_TRUE(report.ok());
    worst = std::max(worst, std::fabs(world.x.norm() - 1.0f));
  }
  return worst;
}

TEST(World, BaumgarteStabilizationBoundsTheDrift) {
  const float stabilized = bead_drift(0.02f);
  const float unstabilized = bead_drift(1e4f);
  EXPECT_LT(stabilized, 1e-3f);
  EXPECT_GT(unstabilized, 10 * stabilized);
}

// Curvature terms are ẋᵀHẋ = d²/dt² g(x + t ẋ) at t = 0: check by finite differences.
template <typename MakeRow>
void check_row_derivatives(MakeRow make_row, const Eigen::Vector4d& x, const Eigen::Vector4d& v) {
  const auto row = make_row(x, v);
  const double h = 1e-4;
  const double g_plus = make_row(Eigen::Vector4d(x + h * v), v).g;
  const double g_minus = make_row(Eigen::Vector4d(x - h * v), v).g;
  EXPECT_NEAR((g_plus - g_minus) / (2 * h), row.J.dot(v), 1e-6);
  EXPECT_NEAR((g_plus - 2 * row.g + g_minus) / (h * h), row.curvature, 1e-4);
}

TEST(Constraints, GradientsAndCurvaturesMatchFiniteDifferences) {
  const Eigen::Vector4d x(0.3, -0.2, 1.1, 0.7), v(0.5, -1.5, 2.0, 0.25);
  check_row_derivatives([](const auto& p, const auto& w) { return tact::distance<2, 4, double>(p, w, 0, 2, 0.5); }, x, v);
  check_row_derivatives(
      [](const auto& p, const auto& w) {
        return tact::point_on_circle<4, double>(p, w, 2, Eigen::Vector2d(0.1, -0.4), 0.8);
      },
      x, v);
  check_row_derivatives(
      [](const auto& p, const auto&) { return tact::half_space<2, 4, double>(p, 2, Eigen::Vector2d(0.6, 0.8), 0.1); }, x,
      v);
  check_row_derivatives([](const auto& p, const auto&) { return tact::fixed_coordinate<4, double>(p, 2, 1, 0.3); }, x, v);
  const double expected_gap = std::hypot(0.3 - 1.1, -0.2 - 0.7) - 0.5;
  EXPECT_DOUBLE_EQ((tact::distance<2, 4, double>(x, v, 0, 2, 0.5).g), expected_gap);
}

// Coordinates outside the row or the state: a NaN row with J = 0, nothing
// read or written beyond either (ASan's build checks that too), and a World
// step that gathers one is refused without moving (the next test). Before,
// the helpers indexed past J and x: a point index of 3 at MaxDof 4 wrote J(4).
TEST(Constraints, CoordinatesOutOfBoundsGiveANaNRowThatNoStepAccepts) {
  using Vec2d = Eigen::Vector2d;
  const Eigen::Vector4d x(0.3, -0.2, 1.1, 0.7), v(0.5, -1.5, 2.0, 0.25);
  const auto expect_refused_row = [](const tact::ConstraintRow<4, double>& row, const char* what) {
    EXPECT_TRUE(std::isnan(row.g)) << what;
    EXPECT_EQ(row.J, (tact::ConstraintRow<4, double>::Gradient::Zero())) << what;
    EXPECT_EQ(row.curvature, 0.0) << what;
  };
  for (const tact::Index point : {-1, 3, 4, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()}) {
    expect_refused_row(tact::half_space<2, 4, double>(x, point, Vec2d(0, 1), 0.0), "half_space");
    expect_refused_row(tact::distance<2, 4, double>(x, v, 0, point, 0.5), "distance, b");
    expect_refused_row(tact::distance<2, 4, double>(x, v, point, 0, 0.5), "distance, a");
    expect_refused_row(tact::point_on_circle<4, double>(x, v, point, Vec2d(0, 0), 1.0), "point_on_circle");
    expect_refused_row(tact::fixed_coordinate<4, double>(x, point, 1, 0.0), "fixed_coordinate, point");
  }
  for (const tact::Index axis : {-1, 2, 4, std::numeric_limits<int>::max()})
    expect_refused_row(tact::fixed_coordinate<4, double>(x, 2, axis, 0.0), "fixed_coordinate, axis");
  expect_refused_row(tact::linear<4, double>(x, v, 0.0, 5), "linear, n beyond MaxDof");
  expect_refused_row(tact::linear<4, double>(x, v, 0.0, -1), "linear, n negative");
  // Within MaxDof but beyond a shorter state or coefficient vector.
  const Vec2d short_x(0.3, -0.2);
  expect_refused_row(tact::half_space<2, 4, double>(short_x, 1, Vec2d(0, 1), 0.0), "half_space, short x");
  expect_refused_row(tact::linear<4, double>(x, short_x, 0.0, 3), "linear, short a");
  // The last coordinates in bounds still make the row.
  EXPECT_DOUBLE_EQ((tact::half_space<2, 4, double>(x, 2, Vec2d(0, 1), 0.0).g), 0.7);
  EXPECT_DOUBLE_EQ((tact::fixed_coordinate<4, double>(x, 0, 3, 0.5).g), 0.2);
  EXPECT_DOUBLE_EQ((tact::linear<4, double>(x, v, 0.0, 4).g), x.dot(v));
  // baumgarte_rhs: n beyond the row or the velocity.
  const auto row = tact::half_space<2, 4, double>(x, 2, Vec2d(0, 1), 0.0);
  EXPECT_TRUE(std::isnan(tact::baumgarte_rhs(row, v, 5, 0.1)));
  EXPECT_TRUE(std::isnan(tact::baumgarte_rhs(row, v, -1, 0.1)));
  EXPECT_TRUE(std::isnan(tact::baumgarte_rhs(row, short_x, 3, 0.1)));
  EXPECT_DOUBLE_EQ(tact::baumgarte_rhs(row, v, 4, 0.1), -(2 / 0.1) * 0.25 - 0.7 / (0.1 * 0.1));
}

// RowSet's accessors outside the rows added (a contract violation:
// TACT_ASSERT, which does nothing in this build) answer a row no step
// accepts and id 0: until session 52 they read beyond the arrays (UBSan and
// ASan, found by review).
TEST(World, RowSetAccessorsOutsideTheAddedRowsReadNothingBeyondThem) {
  using Rows = tact::RowSet<2, 1, 2>;
  static Rows rows;
  rows.clear();
  const Vec2 x(0.25f, 0.5f);
  rows.add_inequality(7, tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.0f));
  EXPECT_FLOAT_EQ(rows.inequality(0).g, 0.5f);
  EXPECT_EQ(rows.id(0), 7);
  for (const tact::Index k : {-1, 1, 2, 3, std::numeric_limits<int>::max(), std::numeric_limits<int>::min()}) {
    EXPECT_TRUE(std::isnan(rows.inequality(k).g)) << k;
    EXPECT_EQ(rows.inequality(k).J, Vec2::Zero().transpose()) << k;
    EXPECT_EQ(rows.id(k), 0) << k;
    EXPECT_TRUE(std::isnan(rows.equality(k).g)) << k;
  }
  EXPECT_TRUE(std::isnan(rows.equality(0).g));  // no equality added yet
}

TEST(World, ARowWithCoordinatesBeyondTheStateIsRefusedWithoutMoving) {
  static CornerWorld world;
  corner::reset(world, tact::Strategy::Exact, 1.0f, Vec2(1, 1));
  const Vec2 start = world.x;
  auto beyond_the_state = [](const CornerWorld::DofVector& x, const CornerWorld::DofVector&, CornerWorld::Rows& rows) {
    rows.add_inequality(0, tact::half_space<2, 2>(x, 1, Vec2(0, 1), 0.0f));  // coordinates 1 and 2 of a 2-DOF state
  };
  EXPECT_EQ(tact::test::step_no_heap(world, beyond_the_state).status, tact::Status::InvalidInput);
  EXPECT_EQ(world.x, start);
  using RodWorld = tact::World<2, 1, 0>;
  static RodWorld rod_world;  // n = 2, M = I
  auto equality_beyond = [](const RodWorld::DofVector& x, const RodWorld::DofVector&, RodWorld::Rows& rows) {
    rows.add_equality(tact::fixed_coordinate<2>(x, 0, 2, 0.0f));  // axis 2 of a 2-DOF state
  };
  rod_world.f = Vec2(1, 1);
  EXPECT_EQ(tact::test::step_no_heap(rod_world, equality_beyond).status, tact::Status::InvalidInput);
  EXPECT_EQ(rod_world.x, Vec2::Zero());
  auto equality_within = [](const RodWorld::DofVector& x, const RodWorld::DofVector&, RodWorld::Rows& rows) {
    rows.add_equality(tact::fixed_coordinate<2>(x, 0, 1, 0.0f));  // y = 0: the step moves along x only
  };
  EXPECT_EQ(tact::test::step_no_heap(rod_world, equality_within).status, tact::Status::Solved);
  EXPECT_GT(rod_world.x(0), 0.0f);
  EXPECT_NEAR(rod_world.x(1), 0.0f, 1e-7f);
}

}  // namespace
