// The haptic scene, shared by the haptic example, its host-only data writer
// and the host tests: a 3-DOF haptic device (a stylus tip at `device`)
// explores a rigid box-shaped cavity, rendered with a god-object (virtual
// proxy, Zilles & Salisbury 1995). Each servo tick the proxy p is the point
// of the free space closest to the device:
//
//     min ½|p − device|²   s.t.   n_k·p ≥ b_k  (the six faces of the cavity)
//
// which is a tact QP with M = I, f = device and one inequality row per face
// (ẍ of the QP is the proxy position p). The force sent to the motors is
// the spring F = k·(p − device) pulling the device back to the proxy.
//
// Why a bare Solver and not a World: the proxy has no dynamics (no mass, no
// velocity, no integration, no Baumgarte term); each tick is one static
// projection. World would integrate ẍ twice and drive g with τ, which is the
// wrong model here; the velocity-level ImpulseWorld (impulse.hpp) likewise
// models momentum the proxy does not have. A diagonal M (the identity) is
// never factored, so a tick is just the active-set iterations.
//
// The cavity is rotated (yaw 30°, pitch 20°) so that the face normals are
// not coordinate axes: the rows are dense, and the exact answer is still
// known in closed form (clamp the device in the cavity's own frame), which
// the tests compare with.
#pragma once

#include <cmath>
#include <cstdint>

#include "tact/solver.hpp"

namespace haptic {

using Vec3 = Eigen::Matrix<float, 3, 1>;
using Mat3 = Eigen::Matrix<float, 3, 3>;
using Solver = tact::Solver<3, 0, 6>;  // 3 dofs (the proxy), 6 faces
using Problem = Solver::ProblemType;

constexpr int kRateHz = 1000;           // servo rate: one tick per millisecond
constexpr float kStiffness = 800.0f;    // k of F = k·(proxy − device), N/m (a desktop device renders ~1 N/mm)
constexpr float kHalfSize = 0.04f;      // the cavity is a cube of 80 mm inside, centred on the origin
constexpr int kFaces = 6;
/// The proxy may be outside a face by at most this much (1 µm): float
/// rounding of coordinates of a few centimetres is ~4·10⁻⁹ m.
constexpr float kPenetrationTolerance = 1e-6f;

/// Orientation of the cavity: its columns are the cavity's own x, y, z axes
/// in device coordinates (yaw 30° about z, then pitch 20° about the new y).
inline Mat3 cavity_axes() {
  const float yaw = 0.5235988f, pitch = 0.3490659f;
  const float cy = std::cos(yaw), sy = std::sin(yaw), cp = std::cos(pitch), sp = std::sin(pitch);
  Mat3 yaw_m, pitch_m;
  yaw_m << cy, -sy, 0, sy, cy, 0, 0, 0, 1;
  pitch_m << cp, 0, sp, 0, 1, 0, -sp, 0, cp;
  return yaw_m * pitch_m;
}

/// Face k: inward normal n_k = ±(axis k/2) and offset b_k = −kHalfSize, so
/// that n_k·p ≥ b_k inside. Faces 0, 1: −x, +x walls; 2, 3: −y, +y; 4, 5: floor, ceiling.
inline Vec3 face_normal(const Mat3& axes, int k) {
  const Vec3 axis = axes.col(k / 2);
  return (k % 2 == 0) ? Vec3(axis) : Vec3(-axis);
}
inline float face_offset(int) { return -kHalfSize; }

/// Signed distance of p to face k (≥ 0 inside, < 0 beyond the face).
inline float face_gap(const Mat3& axes, int k, const Vec3& p) { return face_normal(axes, k).dot(p) - face_offset(k); }

/// Sets up the tick's QP once: M = I, one row per face. Each tick only f changes.
inline bool make_problem(Problem& problem) {
  if (!problem.resize(3, 0, kFaces)) return false;
  const Mat3 axes = cavity_axes();
  problem.M.setIdentity();
  for (int k = 0; k < kFaces; ++k) {
    problem.J_ineq.row(k) = face_normal(axes, k).transpose();
    problem.d_ineq(k) = face_offset(k);
  }
  return true;
}

/// The tick's data: min ½|p|² − deviceᵀp.
inline void set_device(Problem& problem, const Vec3& device) { problem.f = device; }

/// The exact god-object for a box cavity: clamp the device in the cavity's
/// frame (tests compare the solver with it).
inline Vec3 closed_form_proxy(const Vec3& device) {
  const Mat3 axes = cavity_axes();
  Vec3 local = axes.transpose() * device;
  for (int i = 0; i < 3; ++i) local(i) = local(i) < -kHalfSize ? -kHalfSize : (local(i) > kHalfSize ? kHalfSize : local(i));
  return axes * local;
}

// ---- the scripted device trajectory ------------------------------------
//
// Waypoints in the cavity's frame (metres), visited at constant speed with a
// pause: from the centre it pushes 12 mm through the floor, slides along it
// into the edge with the +x wall, into the corner with the +y wall, holds,
// slides back out along the edge, and returns to the centre through free
// space.

struct Waypoint {
  float x, y, z;
  int ticks;  ///< ticks to move here from the previous waypoint
};

constexpr float kIn = kHalfSize + 0.012f;  // 12 mm beyond a face
constexpr Waypoint kPath[] = {
    {0.0f, 0.0f, 0.0f, 0},          // start at the centre (free space)
    {0.0f, 0.0f, 0.02f, 150},       // free motion
    {-0.01f, 0.0f, -kIn, 400},      // down through the floor: 1 contact (face)
    {0.02f, -0.01f, -kIn, 300},     // slide along the floor
    {kIn, 0.0f, -kIn, 300},         // into the floor / +x wall edge: 2 contacts
    {kIn, kIn, -kIn, 300},          // along the edge into the +y wall corner: 3 contacts
    {kIn, kIn, -kIn, 200},          // hold in the corner
    {kIn, -0.01f, -0.02f, 300},     // back out of the corner onto the +x wall: 1 contact
    {0.0f, 0.0f, 0.0f, 300},        // back to the centre (free space)
    {0.0f, 0.0f, 0.0f, 50},         // rest
};
constexpr int kWaypoints = static_cast<int>(sizeof(kPath) / sizeof(kPath[0]));

constexpr int total_ticks() {
  int ticks = 0;
  for (int i = 1; i < kWaypoints; ++i) ticks += kPath[i].ticks;
  return ticks;
}
constexpr int kTicks = total_ticks();

/// Device position (device coordinates) at a tick in [0, kTicks).
inline Vec3 device_position(int tick) {
  int start = 0;
  int i = 1;
  while (i < kWaypoints - 1 && tick >= start + kPath[i].ticks) start += kPath[i++].ticks;
  const float s = static_cast<float>(tick - start) / static_cast<float>(kPath[i].ticks);
  const Waypoint& a = kPath[i - 1];
  const Waypoint& b = kPath[i];
  const Vec3 local(a.x + s * (b.x - a.x), a.y + s * (b.y - a.y), a.z + s * (b.z - a.z));
  return cavity_axes() * local;
}

/// Faces the device is beyond (negative gap): the contacts a correct proxy has.
inline int faces_beyond(const Vec3& device) {
  const Mat3 axes = cavity_axes();
  int count = 0;
  for (int k = 0; k < kFaces; ++k) count += face_gap(axes, k, device) < 0 ? 1 : 0;
  return count;
}

/// Worst (most negative) gap of p over all faces, 0 when inside all of them.
inline float worst_gap(const Vec3& p) {
  const Mat3 axes = cavity_axes();
  float worst = 0;
  for (int k = 0; k < kFaces; ++k) {
    const float gap = face_gap(axes, k, p);
    worst = gap < worst ? gap : worst;
  }
  return worst;
}

/// Everything one tick produced.
struct Tick {
  Vec3 device = Vec3::Zero();
  Vec3 proxy = Vec3::Zero();
  Vec3 force = Vec3::Zero();        ///< k·(proxy − device), N
  float worst_gap = 0;              ///< of the proxy (≥ −kPenetrationTolerance required)
  int contacts = 0;                 ///< rows in the solver's working set
  int expected_contacts = 0;        ///< faces the device is beyond
  tact::Status status = tact::Status::InvalidInput;
  int iterations = 0;
};

/// The tick's outcome from the solver after solving the tick's problem:
/// proxy = ẍ, force = k·(proxy − device), contacts = working-set rows. A
/// solve without a point (Report::has_point: refused data, an overflow) renders no
/// force: its zero outputs would put the proxy at the origin and pull the
/// handle there with k·|device|.
inline Tick finish_tick(const Solver& solver, const tact::Report<float>& report, const Vec3& device) {
  Tick tick;
  tick.device = device;
  tick.proxy = report.has_point ? solver.acceleration() : device;
  tick.force = kStiffness * (tick.proxy - device);
  tick.worst_gap = worst_gap(tick.proxy);
  tick.contacts = report.active_count;
  tick.expected_contacts = faces_beyond(device);
  tick.status = report.status;
  tick.iterations = report.iterations;
  return tick;
}

}  // namespace haptic
