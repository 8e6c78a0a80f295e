/// @file constraints.hpp
/// Constraint rows g_k(x) with their gradient and curvature term, ready-made
/// helpers for common geometry, and Baumgarte's right-hand side (eq. 5).
///
/// Points live in the state vector x as Dim consecutive coordinates starting
/// at a dof offset (a 2-D particle i is at offset 2·i).
///
/// A helper given coordinates outside the row (MaxDof) or the state (x's
/// size) returns a row with g = NaN and J = 0, and reads and writes nothing
/// beyond either: the step that gathers it is refused (InvalidInput), as
/// for any NaN gap, instead of writing past J. baumgarte_rhs gives NaN for
/// an n outside the row or the velocity.
///
/// The helpers are declared `inline`, which GCC's -O2 weighs more than a
/// template's implicit inlining: with the bounds checks, half_space went out
/// of line in the billiard example's gather (+740 instructions a step).
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <limits>

#include "tact/config.hpp"

namespace tact {

/// One constraint row evaluated at (x, ẋ).
template <int MaxDof, typename Scalar = float>
struct ConstraintRow {
  using Gradient = Eigen::Matrix<Scalar, 1, MaxDof>;
  Scalar g = 0;                       ///< g_k(x): = 0 for equalities, ≥ 0 allowed for inequalities
  Gradient J = Gradient::Zero();      ///< ∂g_k/∂x
  Scalar curvature = 0;               ///< ẋᵀ H_k ẋ, H_k the Hessian of g_k
};

namespace detail {

/// True when coordinates first … first + count − 1 lie within a row of
/// MaxDof entries and within the vector x. Unsigned compares: a negative
/// count or first wraps above the size (for a fixed-size x and a constant
/// count, one compare is left).
template <int MaxDof, typename Vector>
bool coordinates_within(const Vector& x, Index first, Index count) {
  const Index size = x.size() < MaxDof ? static_cast<Index>(x.size()) : Index(MaxDof);
  return static_cast<unsigned>(count) <= static_cast<unsigned>(size) &&
         static_cast<unsigned>(first) <= static_cast<unsigned>(size - count);
}

/// Makes a helper's fresh row (J = 0) the one for coordinates out of
/// bounds: g = NaN. Each helper returns its one named row on every path, so
/// that the row is built in place (a second returned object cost the
/// billiard example a copy of every 22-wide row: +2 400 instructions a step).
template <int MaxDof, typename Scalar>
void mark_out_of_bounds(ConstraintRow<MaxDof, Scalar>& row) {
  row.g = std::numeric_limits<Scalar>::quiet_NaN();
}
/// Such a row, for storage that answers an index outside its rows with it
/// (RowSet's accessors).
template <int MaxDof, typename Scalar>
ConstraintRow<MaxDof, Scalar> out_of_bounds_row() {
  ConstraintRow<MaxDof, Scalar> row;
  mark_out_of_bounds(row);
  return row;
}

}  // namespace detail

/// Eq. (5): d_k = −ẋᵀH_kẋ − (2/τ) J_k ẋ − g_k/τ², so that J_k ẍ = d_k drives
/// g_k to 0 as a critically damped system with time constant τ.
template <int MaxDof, typename Scalar, typename Velocity>
inline Scalar baumgarte_rhs(const ConstraintRow<MaxDof, Scalar>& row, const Velocity& v, Index n, Scalar tau) {
  if (!detail::coordinates_within<MaxDof>(v, 0, n)) return std::numeric_limits<Scalar>::quiet_NaN();
  Scalar rate = 0;  // J ẋ = dg/dt
  for (Index j = 0; j < n; ++j) rate += row.J(j) * v(j);
  return -row.curvature - (Scalar(2) / tau) * rate - row.g / (tau * tau);
}

/// Half-space n·p ≥ offset for the point at `point`: g = n·p − offset
/// (a wall, a floor, one side of the paper's corner).
template <int Dim, int MaxDof, typename Scalar, typename State>
inline ConstraintRow<MaxDof, Scalar> half_space(const State& x, Index point,
                                                const Eigen::Matrix<Scalar, Dim, 1>& normal, Scalar offset) {
  ConstraintRow<MaxDof, Scalar> row;
  if (!detail::coordinates_within<MaxDof>(x, point, Dim)) {
    detail::mark_out_of_bounds(row);
    return row;
  }
  row.g = -offset;
  for (Index i = 0; i < Dim; ++i) {
    row.g += normal(i) * x(point + i);
    row.J(point + i) = normal(i);
  }
  return row;
}

/// General linear row g = a·x − b (a over all dofs).
template <int MaxDof, typename Scalar, typename State, typename Coefficients>
inline ConstraintRow<MaxDof, Scalar> linear(const State& x, const Coefficients& a, Scalar b, Index n) {
  ConstraintRow<MaxDof, Scalar> row;
  if (!detail::coordinates_within<MaxDof>(x, 0, n) || !detail::coordinates_within<MaxDof>(a, 0, n)) {
    detail::mark_out_of_bounds(row);
    return row;
  }
  row.g = -b;
  for (Index j = 0; j < n; ++j) {
    row.g += a(j) * x(j);
    row.J(j) = a(j);
  }
  return row;
}

/// Distance between points a and b minus `length`: g = |p_a − p_b| − length.
/// As an inequality it keeps two spheres (billiard balls) of radii summing to
/// `length` apart; as an equality it is a rigid rod.
/// Curvature: (|ṙ|² − (u·ṙ)²)/|r| with r = p_a − p_b, u = r/|r|.
template <int Dim, int MaxDof, typename Scalar, typename State>
inline ConstraintRow<MaxDof, Scalar> distance(const State& x, const State& v, Index a, Index b, Scalar length) {
  ConstraintRow<MaxDof, Scalar> row;
  const auto within = [&](Index point) {
    return detail::coordinates_within<MaxDof>(x, point, Dim) && detail::coordinates_within<MaxDof>(v, point, Dim);
  };
  if (!within(a) || !within(b)) {
    detail::mark_out_of_bounds(row);
    return row;
  }
  Scalar r2 = 0;
  for (Index i = 0; i < Dim; ++i) r2 += (x(a + i) - x(b + i)) * (x(a + i) - x(b + i));
  const Scalar r = std::sqrt(r2);
  row.g = r - length;
  if (!(r > Scalar(0))) return row;  // coincident points: no direction, leave J = 0
  Scalar speed2 = 0, radial_speed = 0;
  for (Index i = 0; i < Dim; ++i) {
    const Scalar u = (x(a + i) - x(b + i)) / r;
    const Scalar relative_velocity = v(a + i) - v(b + i);
    row.J(a + i) = u;
    row.J(b + i) = -u;
    speed2 += relative_velocity * relative_velocity;
    radial_speed += u * relative_velocity;
  }
  row.curvature = (speed2 - radial_speed * radial_speed) / r;
  return row;
}

/// Bead on a circular wire (lecture notes' C = ½(|p − c|² − r²)), an equality:
/// J = (p − c)ᵀ, curvature = |ṗ|².
template <int MaxDof, typename Scalar, typename State>
inline ConstraintRow<MaxDof, Scalar> point_on_circle(const State& x, const State& v, Index point,
                                                     const Eigen::Matrix<Scalar, 2, 1>& center, Scalar radius) {
  ConstraintRow<MaxDof, Scalar> row;
  if (!detail::coordinates_within<MaxDof>(x, point, 2) || !detail::coordinates_within<MaxDof>(v, point, 2)) {
    detail::mark_out_of_bounds(row);
    return row;
  }
  row.g = -Scalar(0.5) * radius * radius;
  for (Index i = 0; i < 2; ++i) {
    const Scalar offset = x(point + i) - center(i);
    row.g += Scalar(0.5) * offset * offset;
    row.J(point + i) = offset;
    row.curvature += v(point + i) * v(point + i);
  }
  return row;
}

/// One coordinate of a fixed point (attachment): g = p_axis − target_axis.
/// Use one equality per axis.
template <int MaxDof, typename Scalar, typename State>
inline ConstraintRow<MaxDof, Scalar> fixed_coordinate(const State& x, Index point, Index axis, Scalar target) {
  ConstraintRow<MaxDof, Scalar> row;
  // axis + 1 only once axis is below MaxDof: no overflow.
  if (!(axis >= 0 && axis < MaxDof) || !detail::coordinates_within<MaxDof>(x, point, axis + 1)) {
    detail::mark_out_of_bounds(row);
    return row;
  }
  row.g = x(point + axis) - target;
  row.J(point + axis) = Scalar(1);
  return row;
}

}  // namespace tact
