// The lecture notes' bead on a circular wire (Witkin's "bead on a wire"),
// shared by the bead example and the tests: a particle of mass m in 2-D
// under gravity, held on the circle |p| = r by one equality row,
// tact::point_on_circle (C = ½(|p|² − r²), J = pᵀ, curvature |ṗ|²).
//
// Clamping C̈ = 0 alone lets C drift: integration error accumulates. The
// lecture's feedback C̈ = −αC − βĊ is Baumgarte's term in the stepper,
// d = −ṗᵀHṗ − (2/τ)Jṗ − C/τ²: a small τ holds the drift, a huge τ switches
// the feedback off (2/τ and 1/τ² vanish) and shows the drift.
#pragma once

#include <cmath>

#include "tact/world.hpp"

namespace bead {

using World = tact::World<2, 1, 0>;
using Vec2 = Eigen::Matrix<float, 2, 1>;

constexpr float kRadius = 1.0f;     // m
constexpr float kMass = 1.0f;       // kg
constexpr float kGravity = 9.81f;   // m/s²
constexpr float kSpeed = 7.5f;      // m/s at the bottom: above √(5 g r) = 7.0 m/s, so the bead loops
constexpr float kTimeStep = 1e-3f;  // h, s
constexpr int kSteps = 10000;       // 10 s, about 12 turns

constexpr float kTauStabilized = 0.01f;  // τ = 10 h: Baumgarte on
constexpr float kTauOff = 1e6f;          // τ = 10⁶ s: (2/τ, 1/τ²) ≈ (2·10⁻⁶, 10⁻¹²), no feedback

/// Drift bound of the stabilized run: 1 mm, 0.1 % of r.
constexpr float kDriftBound = 1e-3f;

inline void rows(const World::DofVector& x, const World::DofVector& v, World::Rows& out) {
  out.add_equality(tact::point_on_circle<2>(x, v, 0, Vec2(0, 0), kRadius));
}

/// The bead at the bottom of the wire, moving at kSpeed, with time constant τ.
inline void reset(World& world, float tau) {
  world = World{};
  world.n = 2;
  world.M = World::MassMatrix::Identity() * kMass;
  world.f = Vec2(0, -kMass * kGravity);
  world.x = Vec2(0, -kRadius);
  world.v = Vec2(kSpeed, 0);
  world.time_step = kTimeStep;
  world.tau = tau;
  world.strategy = tact::Strategy::Exact;
}

/// |p| − r: how far the bead has left the wire (m, > 0 outside).
inline float drift(const World& world) { return world.x.norm() - kRadius; }

/// Mechanical energy ½m|ṗ|² + m g y (J).
inline float energy(const World& world) {
  return 0.5f * kMass * world.v.squaredNorm() + kMass * kGravity * world.x(1);
}

}  // namespace bead
