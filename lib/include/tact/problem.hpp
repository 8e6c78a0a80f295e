/// @file problem.hpp
/// One constrained-dynamics step as a quadratic program (Gauss's least
/// constraint), with compile-time bounds and inline storage:
///
///     min ½ ẍᵀMẍ − fᵀẍ   s.t.   J_eq ẍ = d_eq,   J_ineq ẍ ≥ d_ineq
///
/// which is the paper's eq. (6) with Λ the multipliers of the rows.
#pragma once

#include <Eigen/Core>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "tact/config.hpp"

namespace tact {
namespace detail {

/// Rounds a double to Scalar without the undefined out-of-range cast:
/// beyond float's range it gives ±FLT_MAX or ±Inf, as round-to-nearest would.
template <typename Scalar>
Scalar to_scalar(double value) {
  if constexpr (std::is_same_v<Scalar, double>) {
    return value;
  } else {
    const double largest = static_cast<double>(std::numeric_limits<float>::max());
    // FLT_MAX + half its ulp: from here on, round-to-nearest gives inf.
    const double overflow = largest + std::ldexp(1.0, 103);
    const double magnitude = std::fabs(value);
    const float sign = std::signbit(value) ? -1.0f : 1.0f;
    if (magnitude >= overflow) return sign * std::numeric_limits<float>::infinity();
    if (magnitude > largest) return sign * std::numeric_limits<float>::max();
    return static_cast<float>(value);
  }
}

}  // namespace detail

/// Stable identity of an inequality row across steps (for carried working sets).
using RowId = std::uint16_t;

/// @tparam MaxDof  bound on the degrees of freedom n
/// @tparam MaxEq   bound on the equality rows
/// @tparam MaxIneq bound on the inequality rows
/// @tparam Scalar  float (default) or double
/// Only the leading n / num_eq / num_ineq entries are used; the rest is storage.
template <int MaxDof, int MaxEq, int MaxIneq, typename Scalar = float>
struct Problem {
  static_assert(MaxDof >= 1, "at least one degree of freedom");
  static_assert(MaxEq >= 0 && MaxIneq >= 0, "row bounds cannot be negative");
  static_assert(kIsSupportedScalar<Scalar>, "Scalar must be float or double");

  // A bound of 0 rows still stores one (unused) row: Eigen's zero-sized
  // blocks lose their vector-ness at compile time.
  static constexpr int kEqStorage = MaxEq > 0 ? MaxEq : 1;
  static constexpr int kIneqStorage = MaxIneq > 0 ? MaxIneq : 1;

  using DofVector = Eigen::Matrix<Scalar, MaxDof, 1>;
  using MassMatrix = Eigen::Matrix<Scalar, MaxDof, MaxDof>;
  using EqJacobian = Eigen::Matrix<Scalar, kEqStorage, MaxDof>;
  using IneqJacobian = Eigen::Matrix<Scalar, kIneqStorage, MaxDof>;
  using EqVector = Eigen::Matrix<Scalar, kEqStorage, 1>;
  using IneqVector = Eigen::Matrix<Scalar, kIneqStorage, 1>;

  Index n = 0;
  Index num_eq = 0;
  Index num_ineq = 0;
  MassMatrix M = MassMatrix::Zero();
  DofVector f = DofVector::Zero();
  EqJacobian J_eq = EqJacobian::Zero();
  EqVector d_eq = EqVector::Zero();
  IneqJacobian J_ineq = IneqJacobian::Zero();
  IneqVector d_ineq = IneqVector::Zero();
  /// Stable ids of the inequality rows, unique within the problem (warm
  /// start and Platt's F+ key rows by them). Default: the row's index.
  std::array<RowId, static_cast<std::size_t>(kIneqStorage)> ineq_id{};

  /// Sets the sizes in use and zeroes the data in use (ids become 0, 1, 2,
  /// ...). Storage beyond the sizes is left as it is: nothing reads it, and
  /// the cost then follows the sizes, not the bounds (a stepper calls this
  /// every step).
  /// @return false (and all sizes 0) when n is not in [1, MaxDof] or a row
  ///         count is negative or beyond its bound.
  [[nodiscard]] bool resize(Index dofs, Index equalities, Index inequalities) {
    const bool fits = dofs >= 1 && dofs <= MaxDof && equalities >= 0 && equalities <= MaxEq &&
                      inequalities >= 0 && inequalities <= MaxIneq;
    n = fits ? dofs : 0;
    num_eq = fits ? equalities : 0;
    num_ineq = fits ? inequalities : 0;
    // Plain loops: GCC 12 misreads Eigen's dynamic-length blocks of tiny
    // fixed storage (-Warray-bounds).
    for (Index j = 0; j < n; ++j) {
      f(j) = 0;
      for (Index i = 0; i < n; ++i) M(i, j) = 0;
      for (Index k = 0; k < num_eq; ++k) J_eq(k, j) = 0;
      for (Index k = 0; k < num_ineq; ++k) J_ineq(k, j) = 0;
    }
    for (Index k = 0; k < num_eq; ++k) d_eq(k) = 0;
    for (Index k = 0; k < num_ineq; ++k) {
      d_ineq(k) = 0;
      ineq_id[static_cast<std::size_t>(k)] = static_cast<RowId>(k);
    }
    return fits;
  }

  /// The same problem in another scalar type (e.g. a float step replayed in
  /// double to check it). Narrowed to float, a value beyond float's range
  /// becomes ±Inf (a solve then refuses it: InvalidInput), as a rounding
  /// would give, where a plain cast is undefined behaviour.
  template <typename Other>
  Problem<MaxDof, MaxEq, MaxIneq, Other> cast() const {
    Problem<MaxDof, MaxEq, MaxIneq, Other> out;
    out.n = n;
    out.num_eq = num_eq;
    out.num_ineq = num_ineq;
    const auto convert = [](Scalar value) { return detail::to_scalar<Other>(static_cast<double>(value)); };
    out.M = M.unaryExpr(convert);
    out.f = f.unaryExpr(convert);
    out.J_eq = J_eq.unaryExpr(convert);
    out.d_eq = d_eq.unaryExpr(convert);
    out.J_ineq = J_ineq.unaryExpr(convert);
    out.d_ineq = d_ineq.unaryExpr(convert);
    out.ineq_id = ineq_id;
    return out;
  }

  /// True when the sizes in use are within the compile-time bounds.
  bool sizes_valid() const {
    return n >= 1 && n <= MaxDof && num_eq >= 0 && num_eq <= MaxEq && num_ineq >= 0 && num_ineq <= MaxIneq;
  }
};

}  // namespace tact
