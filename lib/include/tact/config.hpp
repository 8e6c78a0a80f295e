/// @file config.hpp
/// Overridable options of tact and their checks. Define a macro before
/// including any tact header (or with -D) to override it.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

/// Contract violations (programming errors such as an out-of-range index).
/// Defaults to nothing in release builds; override to trap in firmware.
#ifndef TACT_ASSERT
#define TACT_ASSERT(condition) ((void)0)
#endif

/// Keeps a kernel out of line: one copy of each dense kernel serves every
/// call site (flash), and callers keep small stack frames.
#if defined(__GNUC__) || defined(__clang__)
#define TACT_NOINLINE __attribute__((noinline))
#else
#define TACT_NOINLINE
#endif

/// Folds a strategy (called from one place) into the general path's solve
/// (Solver::solve_general): no frame of its own under the working-set
/// solves (stack); Solver::solve, a dispatch, is inlined into its caller.
#if defined(__GNUC__) || defined(__clang__)
#define TACT_ALWAYS_INLINE __attribute__((always_inline)) inline
#else
#define TACT_ALWAYS_INLINE inline
#endif

/// 1 (default): Solver::solve takes the exact strategy's small-problem
/// path (Solver::solve_small: no equality rows, n·rows ≤ 36) where
/// Settings::small_problem_path allows it: a fifth fewer instructions on
/// such problems for about 8 KB more flash on a Cortex-M4F. 0: the path
/// is not compiled (every solve takes the general one).
#ifndef TACT_SMALL_PROBLEM_PATH
#define TACT_SMALL_PROBLEM_PATH 1
#endif

namespace tact {

/// Index type for rows and degrees of freedom (sizes are small on a device).
using Index = int;

namespace detail {
/// k ∈ [0, count): the accessors' test of an index, before it reaches any
/// storage (a count set by hand below 0 holds none).
constexpr bool index_within(Index k, Index count) { return k >= 0 && k < count; }
}  // namespace detail

/// Numerical defaults per scalar type. Tolerances are relative to the
/// scale of the data (see Residuals in solver.hpp).
template <typename Scalar>
struct ScalarTraits;

template <>
struct ScalarTraits<float> {
  /// Relative tolerance for the KKT conditions of a result (float: about
  /// 800 ulp, room for n and m up to a hundred with moderate conditioning).
  static constexpr float kkt_tolerance = 1e-4f;
  /// A row whose component orthogonal to the working set has squared norm
  /// below this fraction of its own squared norm is treated as dependent.
  static constexpr float dependency_tolerance = 1e-5f;
  /// Digits needed to write a value so that reading it back is exact.
  static constexpr int round_trip_digits = 9;
};

template <>
struct ScalarTraits<double> {
  static constexpr double kkt_tolerance = 1e-9;
  static constexpr double dependency_tolerance = 1e-12;
  static constexpr int round_trip_digits = 17;
};

template <typename Scalar>
inline constexpr bool kIsSupportedScalar = std::is_same_v<Scalar, float> || std::is_same_v<Scalar, double>;

}  // namespace tact
