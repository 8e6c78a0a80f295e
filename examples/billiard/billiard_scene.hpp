// The paper's billiard scene (section 5, figure 6), shared by the billiard
// example and the tests: 11 balls in 2-D (22 dofs) on a table with a corner
// (walls x ≥ 0 and y ≥ 0). Ten balls are racked in a triangle in the corner
// (bottom row on the wall y = 0, first ball in the corner) and a cue ball
// slides into them. 77 inequality rows: two walls per ball (22) and one
// distance row per pair of balls (55), g = |p_a − p_b| − 2r ≥ 0.
//
// Units: SI (m, kg, s), a pool ball's radius and mass. No friction: the
// table is seen from above, gravity is normal to it.
//
// Why Strategy::Exact: at rest the rack touches 23 rows (18 ball pairs, 4
// balls on the floor wall, the corner ball on the other wall) with only 20
// dofs, so the touching rows are dependent, and the hit makes some of them
// pull. The paper's algorithms only add rows within a step and cannot
// release one whose multiplier turns negative: on this break Platt's
// algorithm reports Singular on the first step (the dependent rack rows),
// the improved variant lets balls sink 2.8 mm into each other and gains 17 %
// kinetic energy, and the right algorithm ends its first step and two later
// ones with rows that pull (λ < 0; KKT not satisfied at two of them). The exact
// strategy (dual active set) releases such rows and skips dependent ones:
// every step satisfies every KKT condition (tests/host/examples_test.cpp).
#pragma once

#include <cmath>

#include "tact/world.hpp"

namespace billiard {

constexpr int kBalls = 11;
constexpr int kDofs = 2 * kBalls;                           // 22
constexpr int kPairs = kBalls * (kBalls - 1) / 2;           // 55
constexpr int kRows = 2 * kBalls + kPairs;                  // 77
constexpr int kCue = kBalls - 1;                            // the cue ball's index
using World = tact::World<kDofs, 0, kRows>;
using Vec2 = Eigen::Matrix<float, 2, 1>;

constexpr float kRadius = 0.0286f;  // m (57.2 mm pool ball)
constexpr float kMass = 0.17f;      // kg
// A contact is a Baumgarte row: while active it makes g'' = −(2/τ) g' − g/τ²
// (critically damped). When its multiplier would turn negative the exact
// strategy releases it and the balls part with part of their approach
// speed: e⁻² ≈ 14 % in continuous time; with semi-implicit Euler and
// h/τ = 2/3 it is 33–78 %, depending on where in a step the contact starts
// (1-D model of one contact). That bounce is what breaks the rack. h/τ ≥ 0.75
// can return more than the approach speed (energy gain), h/τ ≥ 1 is unstable.
constexpr float kTimeStep = 0.5e-3f;  // h, s
constexpr float kTau = 0.75e-3f;      // Baumgarte τ, s
constexpr float kCueSpeed = 3.0f;     // m/s
constexpr int kSteps = 1200;          // 0.6 s: the break and the balls running off

/// Penetration tolerance: the distance the cue ball travels in one step,
/// v₀·h = 1.5 mm (5 % of r). A contact becomes a row of the QP when it
/// touches, so it is seen up to one step late; Baumgarte's term then pushes
/// the balls apart again.
constexpr float kPenetrationTolerance = kCueSpeed * kTimeStep;

/// Row ids: ball i's walls are 2i (x ≥ r) and 2i + 1 (y ≥ r); pair rows follow.
constexpr tact::RowId wall_id(int ball, int axis) { return static_cast<tact::RowId>(2 * ball + axis); }
constexpr tact::RowId pair_id(int k) { return static_cast<tact::RowId>(2 * kBalls + k); }

/// The 77 rows at state (x, v): every inequality; the stepper picks the touching ones.
inline void rows(const World::DofVector& x, const World::DofVector& v, World::Rows& out) {
  for (int i = 0; i < kBalls; ++i) {
    out.add_inequality(wall_id(i, 0), tact::half_space<2, kDofs>(x, 2 * i, Vec2(1, 0), kRadius));
    out.add_inequality(wall_id(i, 1), tact::half_space<2, kDofs>(x, 2 * i, Vec2(0, 1), kRadius));
  }
  int k = 0;
  for (int a = 0; a < kBalls; ++a)
    for (int b = a + 1; b < kBalls; ++b)
      out.add_inequality(pair_id(k++), tact::distance<2, kDofs>(x, v, 2 * a, 2 * b, 2 * kRadius));
}

/// Racks balls 0–9 in the corner, at rest and touching, and puts the cue
/// ball at `cue_position` moving at `cue_velocity`: every field of the
/// world the scene uses is set, the rest (the solver's storage, the carried
/// working set) left as it is. The soak's determinism test racks this way,
/// so storage it filled with garbage stays garbage.
inline void place(World& world, const Vec2& cue_position, const Vec2& cue_velocity) {
  world.n = kDofs;
  world.M = World::MassMatrix::Identity() * kMass;
  world.f.setZero();
  world.time_step = kTimeStep;
  world.tau = kTau;
  world.strategy = tact::Strategy::Exact;
  const float row_height = std::sqrt(3.0f) * kRadius;  // hexagonal packing
  int ball = 0;
  for (int row = 0; row < 4; ++row)
    for (int k = 0; k < 4 - row; ++k, ++ball) {
      world.x(2 * ball) = kRadius + 2 * kRadius * static_cast<float>(k) + kRadius * static_cast<float>(row);
      world.x(2 * ball + 1) = kRadius + row_height * static_cast<float>(row);
    }
  world.x.segment<2>(2 * kCue) = cue_position;
  world.v.setZero();
  world.v.segment<2>(2 * kCue) = cue_velocity;
}

/// The same in a fresh world: no state carried from before.
inline void reset(World& world, const Vec2& cue_position, const Vec2& cue_velocity) {
  world = World{};
  place(world, cue_position, cue_velocity);
}

/// The break: the cue ball comes from the open table, almost parallel to
/// the floor wall, and hits the rack's right flank at kCueSpeed.
inline void reset(World& world) {
  const Vec2 direction = Vec2(-1.0f, -0.1f).normalized();
  const Vec2 target(8.0f * kRadius, 3.0f * kRadius);  // the cue ball's centre would pass here
  reset(world, target - 12.0f * kRadius * direction, kCueSpeed * direction);
}

/// Worst row value over all 77 rows (< 0: penetration, in m).
inline float min_gap(const World::DofVector& x) {
  float worst = 1e9f;
  for (int i = 0; i < kBalls; ++i) {
    worst = std::fmin(worst, x(2 * i) - kRadius);
    worst = std::fmin(worst, x(2 * i + 1) - kRadius);
    for (int j = i + 1; j < kBalls; ++j)
      worst = std::fmin(worst, (x.segment<2>(2 * i) - x.segment<2>(2 * j)).norm() - 2 * kRadius);
  }
  return worst;
}

/// Kinetic energy ½ ẋᵀMẋ (J).
inline float kinetic_energy(const World& world) { return 0.5f * kMass * world.v.squaredNorm(); }

/// Total momentum Σ m v_i (kg·m/s).
inline Vec2 momentum(const World& world) {
  Vec2 p = Vec2::Zero();
  for (int i = 0; i < kBalls; ++i) p += kMass * world.v.segment<2>(2 * i);
  return p;
}

/// Balls that moved farther than one radius from where they were racked.
inline int balls_moved(const World::DofVector& x, const World::DofVector& start) {
  int moved = 0;
  for (int i = 0; i < kCue; ++i)
    if ((x.segment<2>(2 * i) - start.segment<2>(2 * i)).norm() > kRadius) ++moved;
  return moved;
}

}  // namespace billiard
