// The haptic and robot examples' key properties, on their shared scenes
// (examples/haptic/haptic_scene.hpp, examples/robot/robot_scene.hpp):
//   haptic: the proxy never penetrates, equals the device in free space, the
//           force lies along the touched faces' normals (face, edge, corner),
//           three simultaneous contacts in the corner, the exact projection;
//   robot:  M(q) SPD and consistent with the links' kinetic energy, the bias
//           forces with M's Christoffel symbols, the tip rows' Jacobian and
//           curvature with finite differences, energy conservation in free
//           motion, and floor and joint limits holding together.
// Every solve and step goes through solve_no_heap / step_no_heap.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "haptic/haptic_scene.hpp"
#include "no_heap.hpp"
#include "robot/robot_scene.hpp"

namespace {

// ---- haptic ------------------------------------------------------------

using haptic::Vec3;

struct HapticRig {
  haptic::Solver solver;
  haptic::Problem problem;
  HapticRig() { EXPECT_TRUE(haptic::make_problem(problem)); }
  haptic::Tick tick(const Vec3& device) {
    haptic::set_device(problem, device);
    const auto report = tact::test::solve_no_heap(solver, problem, tact::Strategy::Exact);
    return haptic::finish_tick(solver, report, device);
  }
  /// Device at cavity-frame coordinates (metres).
  haptic::Tick tick_local(float x, float y, float z) { return tick(haptic::cavity_axes() * Vec3(x, y, z)); }
};

TEST(Haptic, EveryTickSolvesWithoutPenetrationAndIsTheExactProjection) {
  static HapticRig rig;
  float worst_gap = 0, worst_error = 0;
  for (int t = 0; t < haptic::kTicks; ++t) {
    const haptic::Tick tick = rig.tick(haptic::device_position(t));
    ASSERT_EQ(tick.status, tact::Status::Solved) << "tick " << t;
    worst_gap = std::min(worst_gap, tick.worst_gap);
    worst_error = std::max(worst_error, (tick.proxy - haptic::closed_form_proxy(tick.device)).cwiseAbs().maxCoeff());
    EXPECT_EQ(tick.contacts, tick.expected_contacts) << "tick " << t;
  }
  EXPECT_GE(worst_gap, -haptic::kPenetrationTolerance);
  EXPECT_LE(worst_error, 1e-6f);  // m: the closest point of the cavity, to float rounding
}

// A tick whose solve has no point (a device reading of 1e20 m, whose
// squares overflow float: Singular with zero outputs) renders no force; the
// zeros put the proxy at the origin, a pull of k·1e20 N on the handle.
TEST(Haptic, ATickWithoutAPointRendersNoForce) {
  static HapticRig rig;
  const haptic::Tick tick = rig.tick_local(1e20f, 0, 0);
  EXPECT_EQ(tick.status, tact::Status::Singular);
  EXPECT_EQ(tick.force, Vec3::Zero());
  EXPECT_EQ(tick.proxy, tick.device);
  EXPECT_EQ(rig.tick_local(0, 0, 0).status, tact::Status::Solved);  // the next tick solves again
}

TEST(Haptic, ProxyEqualsDeviceInFreeSpace) {
  static HapticRig rig;
  int free_ticks = 0;
  for (int t = 0; t < haptic::kTicks; ++t) {
    const Vec3 device = haptic::device_position(t);
    if (haptic::faces_beyond(device) != 0) continue;
    ++free_ticks;
    const haptic::Tick tick = rig.tick(device);
    ASSERT_EQ(tick.status, tact::Status::Solved);
    EXPECT_EQ(tick.contacts, 0);
    EXPECT_LE((tick.proxy - device).cwiseAbs().maxCoeff(), 1e-7f) << "tick " << t;
    EXPECT_LE(tick.force.norm(), 1e-4f) << "tick " << t;
  }
  EXPECT_GT(free_ticks, 500);
  // A grid over the inside of the cavity, up to 0.1 mm from the faces.
  for (float x = -0.0399f; x <= 0.04f; x += 0.0133f)
    for (float y = -0.0399f; y <= 0.04f; y += 0.0133f)
      for (float z = -0.0399f; z <= 0.04f; z += 0.0133f) {
        const haptic::Tick tick = rig.tick_local(x, y, z);
        ASSERT_EQ(tick.status, tact::Status::Solved);
        EXPECT_EQ(tick.contacts, 0);
        EXPECT_LE((tick.proxy - tick.device).cwiseAbs().maxCoeff(), 1e-7f);
      }
}

// The force is k (proxy − device) = k Σ λ_j n_j over the touched faces:
// checks it against the multipliers and that each touched face pushes
// (λ > 0, for a box λ_k = the device's depth beyond face k).
void expect_force_along_normals(HapticRig& rig, const haptic::Tick& tick, std::initializer_list<int> faces) {
  ASSERT_EQ(tick.status, tact::Status::Solved);
  EXPECT_EQ(tick.contacts, static_cast<int>(faces.size()));
  const haptic::Mat3 axes = haptic::cavity_axes();
  Vec3 from_multipliers = Vec3::Zero();
  for (int k = 0; k < haptic::kFaces; ++k) {
    const bool touched = std::find(faces.begin(), faces.end(), k) != faces.end();
    EXPECT_EQ(rig.solver.in_working_set(k), touched) << "face " << k;
    if (touched) {  // λ_k is how deep the device is beyond face k: the face pushes
      const float depth = -haptic::face_gap(axes, k, tick.device);
      EXPECT_GT(rig.solver.multiplier_ineq(k), 0.0f) << "face " << k;
      EXPECT_NEAR(rig.solver.multiplier_ineq(k), depth, 1e-6f) << "face " << k;
    }
    from_multipliers += haptic::kStiffness * rig.solver.multiplier_ineq(k) * haptic::face_normal(axes, k);
  }
  EXPECT_LE((tick.force - from_multipliers).norm(), 1e-4f * tick.force.norm());
  // In the cavity frame: the force has a component only along touched faces' axes.
  const Vec3 local = axes.transpose() * tick.force;
  for (int axis = 0; axis < 3; ++axis) {
    const bool touched = std::find(faces.begin(), faces.end(), 2 * axis) != faces.end() ||
                         std::find(faces.begin(), faces.end(), 2 * axis + 1) != faces.end();
    if (!touched) {
      EXPECT_NEAR(local(axis), 0.0f, 1e-4f) << "axis " << axis;
    }
  }
}

TEST(Haptic, ForceIsAlongTheNormalOfAFace) {
  static HapticRig rig;
  const haptic::Tick tick = rig.tick_local(0.01f, -0.005f, -0.052f);  // 12 mm through the floor (face 4)
  expect_force_along_normals(rig, tick, {4});
  const Vec3 normal = haptic::face_normal(haptic::cavity_axes(), 4);
  EXPECT_NEAR(tick.force.dot(normal), haptic::kStiffness * 0.012f, 1e-3f);  // k · depth, N
  EXPECT_LE((tick.force - tick.force.dot(normal) * normal).norm(), 1e-4f);
}

TEST(Haptic, ForceIsAlongBothNormalsAtAnEdge) {
  static HapticRig rig;
  const haptic::Tick tick = rig.tick_local(0.05f, 0.01f, -0.046f);  // beyond the +x wall (10 mm) and the floor (6 mm)
  expect_force_along_normals(rig, tick, {1, 4});
  const haptic::Mat3 axes = haptic::cavity_axes();
  EXPECT_NEAR(tick.force.dot(haptic::face_normal(axes, 1)), haptic::kStiffness * 0.010f, 1e-3f);
  EXPECT_NEAR(tick.force.dot(haptic::face_normal(axes, 4)), haptic::kStiffness * 0.006f, 1e-3f);
}

TEST(Haptic, ThreeSimultaneousContactsAtTheCorner) {
  static HapticRig rig;
  // On the scripted path: the hold in the corner.
  int corner_ticks = 0;
  for (int t = 0; t < haptic::kTicks; ++t) {
    const Vec3 device = haptic::device_position(t);
    if (haptic::faces_beyond(device) != 3) continue;
    ++corner_ticks;
    const haptic::Tick tick = rig.tick(device);
    expect_force_along_normals(rig, tick, {1, 3, 4});  // +x wall, +y wall, floor
    EXPECT_LE((tick.proxy - haptic::cavity_axes() * Vec3(0.04f, 0.04f, -0.04f)).norm(), 1e-6f);
  }
  EXPECT_GE(corner_ticks, 200);
  // Every corner of the cavity, pushed into from outside along the diagonal.
  for (int corner = 0; corner < 8; ++corner) {
    const float sx = corner & 1 ? 1.0f : -1.0f, sy = corner & 2 ? 1.0f : -1.0f, sz = corner & 4 ? 1.0f : -1.0f;
    const haptic::Tick tick = rig.tick_local(0.05f * sx, 0.047f * sy, 0.044f * sz);
    expect_force_along_normals(rig, tick, {sx > 0 ? 1 : 0, sy > 0 ? 3 : 2, sz > 0 ? 5 : 4});
    EXPECT_GE(tick.worst_gap, -haptic::kPenetrationTolerance);
  }
}

TEST(Haptic, TheTrajectoryVisitsFaceEdgeAndCorner) {
  int seen[4] = {0, 0, 0, 0};
  for (int t = 0; t < haptic::kTicks; ++t) ++seen[std::min(3, haptic::faces_beyond(haptic::device_position(t)))];
  for (int contacts = 0; contacts < 4; ++contacts) EXPECT_GE(seen[contacts], 100) << contacts << " contacts";
}

// ---- robot -------------------------------------------------------------

using Vec3d = robot::Vec3T<double>;
using Mat3d = robot::Mat3T<double>;

/// Deterministic configurations and velocities spread over the joint ranges.
Vec3d sample(int i, double scale) {
  return scale * Vec3d(std::sin(1.3 * i + 0.2), std::cos(2.1 * i + 0.7), std::sin(0.7 * i - 1.1) * 1.5);
}

TEST(Robot, MassMatrixIsSymmetricPositiveDefinite) {
  for (int i = 0; i < 200; ++i) {
    const Vec3d q = sample(i, 3.0);
    const Mat3d m = robot::mass_matrix(q);
    EXPECT_LE((m - m.transpose()).cwiseAbs().maxCoeff(), 1e-15);
    Eigen::SelfAdjointEigenSolver<Mat3d> eigen(m);
    EXPECT_GT(eigen.eigenvalues().minCoeff(), 1e-3) << "q = " << q.transpose();
    // Float, as the example uses it: Cholesky succeeds.
    const Eigen::Matrix3f mf = robot::mass_matrix<float>(q.cast<float>());
    EXPECT_EQ(Eigen::LLT<Eigen::Matrix3f>(mf).info(), Eigen::Success);
  }
}

TEST(Robot, MassMatrixMatchesTheKineticEnergyOfTheLinks) {
  // T = Σ ½ m_i |v_ci|² + ½ I_i ω_i², v_ci by central differences of the
  // centre of mass position along q̇, ω_i = q̇_1 + … + q̇_i: must equal ½ q̇ᵀ M q̇.
  const double eps = 1e-6;
  for (int i = 0; i < 100; ++i) {
    const Vec3d q = sample(i, 2.5), qd = sample(i + 1000, 4.0);
    double energy = 0;
    double omega = 0;
    for (int link = 0; link < robot::kJoints; ++link) {
      const Eigen::Vector2d v =
          (robot::point(Vec3d(q + eps * qd), link, 0.5) - robot::point(Vec3d(q - eps * qd), link, 0.5)) / (2 * eps);
      omega += qd(link);
      energy += 0.5 * double(robot::kMass[link]) * v.squaredNorm() + 0.5 * robot::link_inertia<double>(link) * omega * omega;
    }
    const double from_m = 0.5 * qd.dot(robot::mass_matrix(q) * qd);
    EXPECT_NEAR(from_m, energy, 1e-7 * (1 + energy)) << "q = " << q.transpose() << ", q' = " << qd.transpose();
  }
}

TEST(Robot, BiasForcesAreTheChristoffelTermsOfM) {
  // C_k = Σ_ij (∂M_kj/∂q_i − ½ ∂M_ij/∂q_k) q̇_i q̇_j, ∂M by central differences.
  const double eps = 1e-6;
  for (int s = 0; s < 50; ++s) {
    const Vec3d q = sample(s, 2.5), qd = sample(s + 500, 3.0);
    Mat3d dm[3];
    for (int i = 0; i < 3; ++i) {
      const Vec3d step = eps * Vec3d::Unit(i);
      dm[i] = (robot::mass_matrix(Vec3d(q + step)) - robot::mass_matrix(Vec3d(q - step))) / (2 * eps);
    }
    Vec3d expected = Vec3d::Zero();
    for (int k = 0; k < 3; ++k)
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) expected(k) += (dm[i](k, j) - 0.5 * dm[k](i, j)) * qd(i) * qd(j);
    EXPECT_LE((robot::bias_forces(q, qd) - expected).cwiseAbs().maxCoeff(), 1e-6 * (1 + expected.norm()));
  }
}

TEST(Robot, GravityForcesAreMinusTheGradientOfThePotential) {
  const double eps = 1e-6;
  for (int s = 0; s < 50; ++s) {
    const Vec3d q = sample(s, 2.5);
    for (int i = 0; i < 3; ++i) {
      const Vec3d step = eps * Vec3d::Unit(i);
      const double dv = (robot::potential_energy(Vec3d(q + step)) - robot::potential_energy(Vec3d(q - step))) / (2 * eps);
      EXPECT_NEAR(robot::gravity_forces(q)(i), -dv, 1e-6);
    }
  }
}

TEST(Robot, FloorRowJacobianAndCurvatureMatchFiniteDifferences) {
  // J = ∂y_tip/∂q by central differences; q̇ᵀHq̇ = d²/ds² y_tip(q + s q̇) at s = 0.
  const double eps = 1e-5, eps2 = 1e-4;
  for (int s = 0; s < 100; ++s) {
    const Vec3d q = sample(s, 2.5), qd = sample(s + 300, 3.0);
    for (int link = 0; link < robot::kJoints; ++link) {
      const auto row = robot::floor_row(q, qd, link);
      const auto height = [&](const Vec3d& at) { return robot::point(at, link, 1.0)(1); };
      EXPECT_NEAR(row.g, height(q) - double(robot::kFloor), 1e-15);
      for (int i = 0; i < 3; ++i) {
        const Vec3d step = eps * Vec3d::Unit(i);
        EXPECT_NEAR(row.J(i), (height(q + step) - height(q - step)) / (2 * eps), 1e-8) << "link " << link;
      }
      const double second = (height(q + eps2 * qd) - 2 * height(q) + height(q - eps2 * qd)) / (eps2 * eps2);
      EXPECT_NEAR(row.curvature, second, 1e-5 * (1 + std::abs(second))) << "link " << link;
      // And ÿ = J q̈ + curvature along a trajectory q(t) = q + q̇ t + ½ q̈ t².
      const Vec3d qdd = sample(s + 700, 5.0);
      const double t = 1e-4;
      const auto along = [&](double at) { return height(q + qd * at + 0.5 * qdd * at * at); };
      const double ydd = (along(t) - 2 * along(0) + along(-t)) / (t * t);
      EXPECT_NEAR(row.J.dot(qdd) + row.curvature, ydd, 1e-4 * (1 + std::abs(ydd)));
    }
  }
}

TEST(Robot, JointLimitRowsAreLinear) {
  const Vec3d q(0.1, 0.2, -0.5);
  for (int i = 0; i < 3; ++i) {
    const auto lower = robot::limit_row(q, i, false), upper = robot::limit_row(q, i, true);
    EXPECT_NEAR(lower.g, q(i) - double(robot::kLower[i]), 1e-15);
    EXPECT_NEAR(upper.g, double(robot::kUpper[i]) - q(i), 1e-15);
    EXPECT_EQ(lower.J, Vec3d::Unit(i).transpose());
    EXPECT_EQ(upper.J, -Vec3d::Unit(i).transpose());
    EXPECT_EQ(lower.curvature, 0.0);
  }
}

TEST(Robot, EnergyIsConservedInFreeMotion) {
  // No rows, no torque, no damping: M q̈ = G − C. With h = 0.1 ms the total
  // energy stays within 0.5 % of the kinetic energy gained over 0.5 s.
  static robot::WorldT<double> world;
  robot::reset(world);
  world.time_step = 1e-4;
  world.x = Vec3d(0.3, 0.4, -0.6);
  world.v = Vec3d(1.0, -2.0, 3.0);
  const auto energy = [&] {
    return 0.5 * world.v.dot(robot::mass_matrix(Vec3d(world.x)) * world.v) + robot::potential_energy(Vec3d(world.x));
  };
  const auto no_rows = [](const Vec3d&, const Vec3d&, robot::WorldT<double>::Rows&) {};
  const double start = energy();
  double max_kinetic = 0, drift = 0;
  for (int step = 0; step < 5000; ++step) {
    world.M = robot::mass_matrix(Vec3d(world.x));
    world.f = robot::gravity_forces(Vec3d(world.x)) - robot::bias_forces(Vec3d(world.x), Vec3d(world.v));
    ASSERT_TRUE(tact::test::step_no_heap(world, no_rows).ok());
    max_kinetic = std::max(max_kinetic, 0.5 * world.v.dot(robot::mass_matrix(Vec3d(world.x)) * world.v));
    drift = std::max(drift, std::abs(energy() - start));
  }
  EXPECT_GT(max_kinetic, 5.0);  // it really moved (J)
  EXPECT_LE(drift, 5e-3 * max_kinetic);
}

TEST(Robot, FloorAndJointLimitsHoldTogether) {
  static robot::World world;
  robot::reset(world);
  float worst_floor = 0, worst_limit = 0;
  int max_active = 0;
  bool floor_and_limit_together = false;
  for (int step = 0; step < robot::kSteps; ++step) {
    robot::prepare_step(world, step);
    const auto report = tact::test::step_no_heap(world, robot::gather<float>);
    ASSERT_EQ(report.status, tact::Status::Solved) << "step " << step;
    max_active = std::max(max_active, static_cast<int>(report.active_count));
    const robot::Vec3 q = world.x;
    for (int id = 0; id < robot::kRows; ++id)
      (id < 6 ? worst_limit : worst_floor) = std::min(id < 6 ? worst_limit : worst_floor, robot::row_gap(q, id));
    bool floor = false, limit = false;
    const auto& problem = world.last_problem();
    for (tact::Index k = 0; k < problem.num_ineq; ++k) {
      if (!world.solver().in_working_set(k)) continue;
      (problem.ineq_id[static_cast<std::size_t>(k)] >= 6 ? floor : limit) = true;
    }
    floor_and_limit_together = floor_and_limit_together || (floor && limit);
  }
  EXPECT_GE(worst_floor, -1e-4f);  // m
  EXPECT_GE(worst_limit, -1e-4f);  // rad
  EXPECT_TRUE(floor_and_limit_together);
  EXPECT_EQ(max_active, 3);
  // At rest at the end: the end effector on the floor, elbow and wrist at their upper limits.
  EXPECT_NEAR(robot::row_gap(robot::Vec3(world.x), 8), 0.0f, 1e-4f);
  EXPECT_NEAR(world.x(1), robot::kUpper[1], 1e-4f);
  EXPECT_NEAR(world.x(2), robot::kUpper[2], 1e-4f);
  EXPECT_LE(world.v.cwiseAbs().maxCoeff(), 1e-3f);
  // M(q) was refactored on every step it changed (while the arm moved), and
  // its factor reused once the arm was at rest (M bit-identical).
  EXPECT_GT(world.solver().mass_factorizations(), 400u);
  EXPECT_LT(world.solver().mass_factorizations(), static_cast<std::uint32_t>(robot::kSteps));
}

}  // namespace
