/// @file dense.hpp
/// Small dense kernels on the leading block of fixed-size storage: Cholesky,
/// triangular solves and the Givens downdate used when a row leaves the
/// working set. Plain loops: sizes are runtime values below compile-time
/// bounds, and the loops stay readable and allocation-free.
#pragma once

#include <cmath>
#include <limits>

#include "tact/config.hpp"

namespace tact::detail {

// Inline replacements for std::fmax/fmin/isfinite: on Cortex-M, newlib
// implements those as calls (fmaxf, __fpclassifyf) costing tens of
// instructions per element. Callers ensure the operands are not NaN, or
// do not care which one wins when one is.
template <typename Scalar>
inline Scalar max_of(Scalar a, Scalar b) {
  return a > b ? a : b;
}
template <typename Scalar>
inline Scalar min_of(Scalar a, Scalar b) {
  return a < b ? a : b;
}
/// True when x is neither NaN nor ±Inf.
template <typename Scalar>
inline bool is_finite(Scalar x) {
  return std::fabs(x) <= std::numeric_limits<Scalar>::max();
}
/// Accumulates x·0 over a block: the probe stays 0 for finite data and
/// becomes NaN if any entry is NaN or ±Inf (one multiply-add per entry,
/// one test at the end).
template <typename Block, typename Scalar>
inline void probe_finite(const Block& block, Scalar& probe) {
  for (Index j = 0; j < block.cols(); ++j)
    for (Index i = 0; i < block.rows(); ++i) probe += block(i, j) * Scalar(0);
}

/// In-place Cholesky A = L Lᵀ of the leading n×n block (lower triangle read,
/// lower triangle written, strict upper triangle zeroed).
/// @return false when a pivot is not positive relative to the diagonal,
///         i.e. A is not (numerically) positive definite.
template <typename Matrix, typename Scalar>
bool cholesky_in_place(Matrix& A, Index n, Scalar relative_pivot_tolerance) {
  for (Index j = 0; j < n; ++j) {
    Scalar pivot = A(j, j);
    for (Index k = 0; k < j; ++k) pivot -= A(j, k) * A(j, k);
    if (!(pivot > relative_pivot_tolerance * A(j, j))) return false;  // also catches NaN
    const Scalar diagonal = std::sqrt(pivot);
    A(j, j) = diagonal;
    for (Index i = j + 1; i < n; ++i) {
      Scalar value = A(i, j);
      for (Index k = 0; k < j; ++k) value -= A(i, k) * A(j, k);
      A(i, j) = value / diagonal;
      A(j, i) = Scalar(0);
    }
  }
  return true;
}

/// Solves L y = b in place (b becomes y); L lower triangular n×n.
/// Column-oriented: each step walks one column of L, contiguous in
/// Eigen's column-major storage.
template <typename Matrix, typename Vector>
void forward_substitute(const Matrix& L, Index n, Vector& b) {
  for (Index k = 0; k < n; ++k) {
    const auto value = b(k) / L(k, k);
    b(k) = value;
    for (Index i = k + 1; i < n; ++i) b(i) -= L(i, k) * value;
  }
}

/// Solves Lᵀ y = b in place (b becomes y); L lower triangular n×n.
template <typename Matrix, typename Vector>
void backward_substitute_transposed(const Matrix& L, Index n, Vector& b) {
  for (Index i = n - 1; i >= 0; --i) {
    auto value = b(i);
    for (Index k = i + 1; k < n; ++k) value -= L(k, i) * b(k);
    b(i) = value / L(i, i);
  }
}

/// Given L with W = L Lᵀ (k×k), makes L the factor of W with row and column
/// `removed` deleted, in O(k²): drop the row, then Givens rotations on
/// column pairs restore the triangle (W is unchanged by orthogonal column
/// operations). Rows keep their order.
template <typename Matrix>
void cholesky_remove(Matrix& L, Index k, Index removed) {
  using Scalar = typename Matrix::Scalar;
  for (Index row = removed; row + 1 < k; ++row)
    for (Index col = 0; col <= row + 1; ++col) L(row, col) = L(row + 1, col);
  // Rows removed..k-2 now stick out by one column: (row, row+1) is non-zero.
  for (Index j = removed; j + 1 < k; ++j) {
    const Scalar a = L(j, j);
    const Scalar b = L(j, j + 1);
    const Scalar h = std::sqrt(a * a + b * b);
    const Scalar c = a / h;
    const Scalar s = b / h;
    for (Index row = j; row + 1 < k; ++row) {
      const Scalar x = L(row, j);
      const Scalar y = L(row, j + 1);
      L(row, j) = c * x + s * y;
      L(row, j + 1) = c * y - s * x;
    }
  }
  for (Index row = 0; row < k; ++row) L(row, k - 1) = Scalar(0);
  for (Index col = 0; col < k; ++col) L(k - 1, col) = Scalar(0);
}

}  // namespace tact::detail
