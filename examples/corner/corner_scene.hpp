// The paper's figure-1 scene, shared by the corner example and the tests:
// a particle of mass m in 2-D at the corner of g1 = x − y ≥ 0 (row id 0)
// and g2 = y ≥ 0 (row id 1) under a constant force.
#pragma once

#include "tact/world.hpp"

namespace corner {

using World = tact::World<2, 0, 2>;
using Vec2 = Eigen::Matrix<float, 2, 1>;

constexpr float kTimeStep = 0.01f;  // h
constexpr float kTau = 0.05f;       // Baumgarte τ

inline void rows(const World::DofVector& x, const World::DofVector&, World::Rows& out) {
  out.add_inequality(0, tact::half_space<2, 2>(x, 0, Vec2(1, -1), 0.0f));  // g1 = x − y
  out.add_inequality(1, tact::half_space<2, 2>(x, 0, Vec2(0, 1), 0.0f));   // g2 = y
}

/// Puts `world` at the corner, at rest, ready to step with `strategy`.
inline void reset(World& world, tact::Strategy strategy, float mass, const Vec2& force) {
  world = World{};
  world.n = 2;
  world.M = Eigen::Matrix2f::Identity() * mass;
  world.f = force;
  world.time_step = kTimeStep;
  world.tau = kTau;
  world.strategy = strategy;
}

}  // namespace corner
