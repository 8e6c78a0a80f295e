// The robot scene, shared by the robot example, its host-only data writer
// and the host tests: a planar serial arm of three revolute joints (q1 at
// the base, q2, q3 relative angles), uniform links, under gravity, with
// joint limits and a floor, stepped by a tact::World with a configuration-
// dependent dense mass matrix M(q).
//
// Kinematics. Absolute link angles φ_i = q_1 + … + q_i, u(φ) = (cos φ, sin φ),
// u⊥(φ) = (−sin φ, cos φ). The point at fraction s of link i (s = 1: its
// tip, s = ½: its centre of mass) is
//     p_i(s) = Σ_{j<i} l_j u(φ_j) + s l_i u(φ_i),
// its Jacobian column k (k ≤ i; 0 for k > i) is
//     ∂p_i/∂q_k = Σ_{k≤j<i} l_j u⊥(φ_j) + s l_i u⊥(φ_i),
// and its velocity-product acceleration (ṗ's derivative with q̈ = 0) is
//     J̇ q̇ = −Σ_{j<i} l_j φ̇_j² u(φ_j) − s l_i φ̇_i² u(φ_i).
// The link's angular velocity is φ̇_i = Σ_{k≤i} q̇_k (Jacobian J_ω,i = [1 … 1 0 …]).
//
// Dynamics (Lagrange / Kane): with c_i the centre of mass of link i, mass
// m_i, inertia about it I_i = m_i l_i²/12 (uniform rod),
//     M(q) = Σ_i m_i J_ciᵀ J_ci + I_i J_ω,iᵀ J_ω,i          (3×3, dense, SPD)
//     M q̈ + C(q, q̇) = τ_joint + G(q) + Jᵀ Λ,
//     C = Σ_i m_i J_ciᵀ (J̇_ci q̇)     (Coriolis and centrifugal; J̇_ω = 0),
//     G = Σ_i J_ciᵀ (0, −m_i g).
// The tests check M against the kinetic energy of the links and C against
// the Christoffel symbols of M, both by finite differences.
//
// Constraint rows (RowId):
//   0, 1, 2   q_i ≥ lo_i        g = q_i − lo_i,  J = e_iᵀ, curvature 0
//   3, 4, 5   q_i ≤ hi_i        g = hi_i − q_i,  J = −e_iᵀ
//   6, 7, 8   tip of link i above the floor: g = y_i(1) − floor,
//             J = ∂y_i/∂q, curvature q̇ᵀH q̇ = ÿ − J q̈ = −Σ_{j≤i} l_j φ̇_j² sin φ_j
// (tip 0, the elbow, cannot reach this floor; its row is never a candidate).
#pragma once

#include <cmath>

#include "tact/world.hpp"

namespace robot {

template <typename Scalar>
using Vec3T = Eigen::Matrix<Scalar, 3, 1>;
template <typename Scalar>
using Mat3T = Eigen::Matrix<Scalar, 3, 3>;
template <typename Scalar>
using Vec2T = Eigen::Matrix<Scalar, 2, 1>;
template <typename Scalar>
using PointJacobianT = Eigen::Matrix<Scalar, 2, 3>;

constexpr int kJoints = 3;
constexpr int kRows = 9;  // 6 joint limits + 3 link tips on the floor
template <typename Scalar = float>
using WorldT = tact::World<kJoints, 0, kRows, Scalar>;
using World = WorldT<float>;
using Vec3 = Vec3T<float>;

// The arm (SI units).
constexpr float kLength[kJoints] = {0.5f, 0.4f, 0.3f};  // m
constexpr float kMass[kJoints] = {2.0f, 1.5f, 1.0f};    // kg, uniform links
constexpr float kGravity = 9.81f;                        // m/s², along −y
constexpr float kFloor = -0.55f;                         // floor height y, m (base at the origin)
constexpr float kLower[kJoints] = {-2.0f, -0.8f, -1.2f}; // joint limits, rad
constexpr float kUpper[kJoints] = {2.0f, 0.8f, -0.4f};
constexpr float kDamping = 0.4f;                         // joint viscous friction, N·m·s/rad

constexpr float kTimeStep = 1e-3f;  // h: a 1 kHz controller
constexpr float kTau = 2e-3f;       // Baumgarte τ = 2h: a touching row closes in a few steps
/// Rows within this gap (m for the floor, rad for the limits) are candidates:
/// more than one step of travel at the arm's speeds, so a row is in the QP
/// before it is crossed and Baumgarte brakes the approach in time.
constexpr float kCandidateGap = 0.02f;
constexpr int kSteps = 1500;

/// Joint torques of the scenario (N·m): the shoulder is too weak to hold the
/// arm (it falls onto the floor), the elbow bends it up towards its upper
/// limit. The end effector lands with the hand bent down; the floor pushes the
/// hand up into the wrist's upper limit at the same moment, then the arm
/// slides until the elbow reaches its limit too. Switched off after 1.2 s: the
/// arm rests under gravity alone, held by the floor and the two limits.
inline Vec3 joint_torque(int step) {
  if (step >= 1200) return Vec3::Zero();
  return Vec3(6.0f, 1.0f, 0.0f);
}

template <typename Scalar>
Scalar length(int i) {
  return static_cast<Scalar>(kLength[i]);
}

/// Absolute angles φ_i = q_1 + … + q_i.
template <typename Scalar>
Vec3T<Scalar> absolute_angles(const Vec3T<Scalar>& q) {
  return Vec3T<Scalar>(q(0), q(0) + q(1), q(0) + q(1) + q(2));
}

/// Position of the point at fraction s of link i.
template <typename Scalar>
Vec2T<Scalar> point(const Vec3T<Scalar>& q, int link, Scalar s) {
  const Vec3T<Scalar> phi = absolute_angles(q);
  Vec2T<Scalar> p = Vec2T<Scalar>::Zero();
  for (int j = 0; j <= link; ++j) {
    const Scalar l = (j == link ? s : Scalar(1)) * length<Scalar>(j);
    p += l * Vec2T<Scalar>(std::cos(phi(j)), std::sin(phi(j)));
  }
  return p;
}

/// ∂p/∂q of the point at fraction s of link i (2×3).
template <typename Scalar>
PointJacobianT<Scalar> point_jacobian(const Vec3T<Scalar>& q, int link, Scalar s) {
  const Vec3T<Scalar> phi = absolute_angles(q);
  PointJacobianT<Scalar> jac = PointJacobianT<Scalar>::Zero();
  for (int j = 0; j <= link; ++j) {  // segment j moves with every joint k ≤ j
    const Scalar l = (j == link ? s : Scalar(1)) * length<Scalar>(j);
    const Vec2T<Scalar> perp(-std::sin(phi(j)), std::cos(phi(j)));
    for (int k = 0; k <= j; ++k) jac.col(k) += l * perp;
  }
  return jac;
}

/// J̇ q̇ of the point at fraction s of link i: its acceleration when q̈ = 0.
template <typename Scalar>
Vec2T<Scalar> point_bias_acceleration(const Vec3T<Scalar>& q, const Vec3T<Scalar>& qd, int link, Scalar s) {
  const Vec3T<Scalar> phi = absolute_angles(q);
  const Vec3T<Scalar> phid = absolute_angles(qd);
  Vec2T<Scalar> a = Vec2T<Scalar>::Zero();
  for (int j = 0; j <= link; ++j) {
    const Scalar l = (j == link ? s : Scalar(1)) * length<Scalar>(j);
    a -= l * phid(j) * phid(j) * Vec2T<Scalar>(std::cos(phi(j)), std::sin(phi(j)));
  }
  return a;
}

/// Moment of inertia of link i about its centre of mass (uniform rod).
template <typename Scalar>
Scalar link_inertia(int i) {
  return static_cast<Scalar>(kMass[i]) * length<Scalar>(i) * length<Scalar>(i) / Scalar(12);
}

/// M(q) = Σ m_i J_ciᵀ J_ci + I_i J_ωᵀ J_ω.
template <typename Scalar>
Mat3T<Scalar> mass_matrix(const Vec3T<Scalar>& q) {
  Mat3T<Scalar> m = Mat3T<Scalar>::Zero();
  for (int i = 0; i < kJoints; ++i) {
    const PointJacobianT<Scalar> jc = point_jacobian(q, i, Scalar(0.5));
    m.noalias() += static_cast<Scalar>(kMass[i]) * (jc.transpose() * jc);
    m.topLeftCorner(i + 1, i + 1).array() += link_inertia<Scalar>(i);  // J_ω = [1 … 1 0 …]
  }
  return m;
}

/// Coriolis and centrifugal forces C(q, q̇) = Σ m_i J_ciᵀ (J̇_ci q̇).
template <typename Scalar>
Vec3T<Scalar> bias_forces(const Vec3T<Scalar>& q, const Vec3T<Scalar>& qd) {
  Vec3T<Scalar> c = Vec3T<Scalar>::Zero();
  for (int i = 0; i < kJoints; ++i)
    c.noalias() += static_cast<Scalar>(kMass[i]) *
                   (point_jacobian(q, i, Scalar(0.5)).transpose() * point_bias_acceleration(q, qd, i, Scalar(0.5)));
  return c;
}

/// Generalized gravity forces G(q) = Σ J_ciᵀ (0, −m_i g).
template <typename Scalar>
Vec3T<Scalar> gravity_forces(const Vec3T<Scalar>& q) {
  Vec3T<Scalar> g = Vec3T<Scalar>::Zero();
  for (int i = 0; i < kJoints; ++i)
    g -= static_cast<Scalar>(kMass[i] * kGravity) * point_jacobian(q, i, Scalar(0.5)).row(1).transpose();
  return g;
}

/// Potential energy Σ m_i g y_ci (tests: energy conservation).
template <typename Scalar>
Scalar potential_energy(const Vec3T<Scalar>& q) {
  Scalar e = 0;
  for (int i = 0; i < kJoints; ++i) e += static_cast<Scalar>(kMass[i] * kGravity) * point(q, i, Scalar(0.5))(1);
  return e;
}

/// The floor row of the tip of link i: g = y_tip − floor, J = ∂y_tip/∂q,
/// curvature = q̇ᵀ H q̇ = −Σ_{j≤i} l_j φ̇_j² sin φ_j.
template <typename Scalar>
tact::ConstraintRow<kJoints, Scalar> floor_row(const Vec3T<Scalar>& q, const Vec3T<Scalar>& qd, int link) {
  tact::ConstraintRow<kJoints, Scalar> row;
  row.g = point(q, link, Scalar(1))(1) - static_cast<Scalar>(kFloor);
  row.J = point_jacobian(q, link, Scalar(1)).row(1);
  row.curvature = point_bias_acceleration(q, qd, link, Scalar(1))(1);
  return row;
}

/// The joint-limit rows of joint i: q_i − lo_i ≥ 0 (lower) or hi_i − q_i ≥ 0.
template <typename Scalar>
tact::ConstraintRow<kJoints, Scalar> limit_row(const Vec3T<Scalar>& q, int joint, bool upper) {
  tact::ConstraintRow<kJoints, Scalar> row;
  row.g = upper ? static_cast<Scalar>(kUpper[joint]) - q(joint) : q(joint) - static_cast<Scalar>(kLower[joint]);
  row.J(joint) = upper ? Scalar(-1) : Scalar(1);
  return row;
}

/// Every row of the arm at (q, q̇) (World::step selects the candidates).
template <typename Scalar>
void rows(const Vec3T<Scalar>& q, const Vec3T<Scalar>& qd, typename WorldT<Scalar>::Rows& out) {
  for (int i = 0; i < kJoints; ++i) out.add_inequality(static_cast<tact::RowId>(i), limit_row(q, i, false));
  for (int i = 0; i < kJoints; ++i) out.add_inequality(static_cast<tact::RowId>(3 + i), limit_row(q, i, true));
  for (int i = 0; i < kJoints; ++i) out.add_inequality(static_cast<tact::RowId>(6 + i), floor_row(q, qd, i));
}

/// Gap of row `id` at q (what must stay ≥ −tolerance).
template <typename Scalar>
Scalar row_gap(const Vec3T<Scalar>& q, int id) {
  if (id < 3) return limit_row(q, id, false).g;
  if (id < 6) return limit_row(q, id - 3, true).g;
  return point(q, id - 6, Scalar(1))(1) - static_cast<Scalar>(kFloor);
}

/// Puts the arm at rest, raised 0.3 rad, the hand bent down 0.6 rad, ready to step.
template <typename Scalar>
void reset(WorldT<Scalar>& world) {
  world = WorldT<Scalar>{};
  world.n = kJoints;
  world.x = Vec3T<Scalar>(Scalar(0.3), Scalar(0), Scalar(-0.6));
  world.v.setZero();
  world.time_step = static_cast<Scalar>(kTimeStep);
  world.tau = static_cast<Scalar>(kTau);
  world.contact_tolerance = static_cast<Scalar>(kCandidateGap);
  world.strategy = tact::Strategy::Exact;
}

/// Sets M(q) and f = τ_joint + G(q) − C(q, q̇) − damping·q̇ for the next step
/// (World::step uses world.M and world.f as they are).
template <typename Scalar>
void prepare_step(WorldT<Scalar>& world, int step) {
  const Vec3T<Scalar> q = world.x, qd = world.v;
  world.M = mass_matrix(q);
  world.f = joint_torque(step).template cast<Scalar>() + gravity_forces(q) - bias_forces(q, qd) -
            static_cast<Scalar>(kDamping) * qd;
}

/// Gather callback for World::step.
template <typename Scalar = float>
void gather(const Vec3T<Scalar>& q, const Vec3T<Scalar>& qd, typename WorldT<Scalar>::Rows& out) {
  rows<Scalar>(q, qd, out);
}

}  // namespace robot
