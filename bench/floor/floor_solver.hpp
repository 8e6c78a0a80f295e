/// @file floor_solver.hpp
/// A yardstick, not part of the library: the dual active set of
/// tact::Solver's Exact strategy written as the fewest plain loops, to
/// measure how many instructions the algorithm itself needs on a small
/// problem once its fixed per-solve structure (set-up passes, kernel calls,
/// scaled-row slots, row states, residual bookkeeping) is out of the way.
///
/// It does the same work a tact solve must do, so the comparison is fair:
///   * the same input checks: sizes, every entry of M, f, J and d finite,
///     M diagonal with a positive diagonal (else a refusal status);
///   * the same iterations: most violated row per unit norm beyond
///     tact's slack tolerance, partial steps that release a row, full steps
///     that append one, W_A's Cholesky factor updated and downdated (Givens),
///     and tact's crash start when the first search finds two or more
///     violated rows (they enter together, one solve for Λ_A);
///   * the same final check: every KKT residual and scale of
///     tact::Residuals, judged by Residuals::kkt_satisfied and
///     working_set_satisfied with tact's float tolerance, Inaccurate when
///     either fails.
/// It leaves out what the benchmark's small problems never use: equality
/// rows, a dense M (refused), warm start, the Singular/Infeasible
/// distinction of nearly dependent rows, and the second pass from the factor.
/// `bench_floor` (bench/CMakeLists.txt) runs it on problem files like
/// bench_solve; docs/performance-history.md has its figures.
#pragma once

#include <cmath>
#include <limits>

#include "tact/solver.hpp"

namespace tact_bench {

// tact's own compare-based max/min and bit reads: newlib's fmaxf/fminf are calls.
using tact::detail::bits_of;
using tact::detail::max_of;
using tact::detail::min_of;

template <typename ProblemType>
class FloorSolver {
 public:
  using Scalar = float;

  tact::Report<Scalar> solve(const ProblemType& p) {
    tact::Report<Scalar> report;
    if (!p.sizes_valid() || p.num_eq != 0) return refused(tact::Status::InvalidInput);
    const int n = p.n;
    const int m = p.num_ineq;
    const Scalar* mass = p.M.data();
    const Scalar* jacobian = p.J_ineq.data();
    const Scalar* rhs = p.d_ineq.data();
    const Scalar* force = p.f.data();

    // One pass over the DOFs: M's diagonal and off-diagonal bits, f, the free motion.
    Scalar probe = 0;  // NaN if an entry is NaN or ±Inf
    std::uint32_t off_diagonal_bits = 0;
    Scalar free_norm2 = 0;
    for (int j = 0; j < n; ++j) {
      const Scalar m_jj = mass[j * kMaxDof + j];
      for (int i = 0; i < n; ++i)
        if (i != j) off_diagonal_bits |= bits_of(mass[j * kMaxDof + i]) << 1;  // ±0 pass
      if (!(m_jj > 0)) return refused(tact::Status::InvalidMass);
      probe += (m_jj + force[j]) * Scalar(0);
      inverse_mass_[j] = Scalar(1) / m_jj;
      acceleration_[j] = force[j] * inverse_mass_[j];
      free_norm2 += acceleration_[j] * acceleration_[j];
    }
    if (off_diagonal_bits != 0) return refused(tact::Status::InvalidMass);
    // One pass over the rows: finiteness, ‖J_r‖, slack at the free motion, tolerance.
    const Scalar free_norm = std::sqrt(free_norm2);
    for (int r = 0; r < m; ++r) {
      Scalar norm2 = 0;
      Scalar slack = -rhs[r];
      for (int j = 0; j < n; ++j) {
        const Scalar entry = jacobian[r + j * kRowStride];
        norm2 += entry * entry;
        slack += entry * acceleration_[j];
      }
      probe += (norm2 + rhs[r]) * Scalar(0);
      row_norm_[r] = std::sqrt(norm2);
      slack_[r] = slack;
      in_set_[r] = false;
      tolerance_[r] = kFraction * (std::fabs(rhs[r]) + row_norm_[r] * free_norm) + kTiny;
    }
    if (probe != Scalar(0)) return refused(tact::Status::InvalidInput);

    count_ = 0;
    int iterations = 0;
    for (bool first_search = true;; first_search = false) {
      int violated_rows = 0;
      const int p_row = most_violated(m, violated_rows);
      if (p_row < 0) break;
      if (first_search && violated_rows >= 2) {
        crash_start(p, p_row, iterations);
        continue;
      }
      Scalar multiplier_p = 0;
      for (;;) {
        if (++iterations > 4 * m + 16) return refused(tact::Status::IterationLimit);
        const Scalar pivot = project(p_row, jacobian, n, /*for_step=*/true);
        Scalar t_partial = kInfinity;
        int blocking = -1;
        for (int i = 0; i < count_; ++i) {
          if (!(step_[i] > 0)) continue;
          const Scalar t = lambda_[i] / step_[i];
          if (t < t_partial) {
            t_partial = t;
            blocking = i;
          }
        }
        if (pivot == 0 && blocking < 0) return refused(tact::Status::Infeasible);
        const Scalar t_full = pivot > 0 ? -slack_[p_row] / pivot : kInfinity;
        const bool full_step = t_full <= t_partial;
        const Scalar t = full_step ? t_full : t_partial;
        if (pivot > 0) {  // ẍ and every slack move along Δẍ (column sweep)
          for (int j = 0; j < n; ++j) {
            const Scalar c = t * direction_[j];
            acceleration_[j] += c;
            const Scalar* column = jacobian + j * kRowStride;
            for (int r = 0; r < m; ++r) slack_[r] += column[r] * c;
          }
        }
        for (int i = 0; i < count_; ++i) lambda_[i] -= t * step_[i];
        multiplier_p += t;
        if (full_step) {
          append(p_row, pivot, multiplier_p);
          break;
        }
        remove(blocking);
      }
    }
    report = check(p, free_norm, iterations);
    return report;
  }

 private:
  static constexpr int kMaxDof = ProblemType::DofVector::RowsAtCompileTime;
  static constexpr int kRowStride = ProblemType::kIneqStorage;
  static constexpr Scalar kInfinity = std::numeric_limits<Scalar>::infinity();
  static constexpr Scalar kTiny = std::numeric_limits<Scalar>::min();
  static constexpr Scalar kTolerance = tact::ScalarTraits<Scalar>::kkt_tolerance;
  static constexpr Scalar kFraction = kTolerance * Scalar(0.1);  // tact's slack tolerance

  static tact::Report<Scalar> refused(tact::Status status) {
    tact::Report<Scalar> report;
    report.status = status;
    return report;
  }

  bool violated(int r) const { return slack_[r] + tolerance_[r] < 0 && !in_set_[r]; }

  /// Most violated row per unit norm, or -1; `violated_rows`: how many are.
  int most_violated(int m, int& violated_rows) const {
    int worst = -1;
    Scalar worst_violation = 0;
    for (int r = 0; r < m; ++r) {
      if (!violated(r)) continue;
      ++violated_rows;
      if (worst < 0 || slack_[r] < worst_violation * row_norm_[r]) {
        worst = r;
        worst_violation = slack_[r] / row_norm_[r];
      }
    }
    return worst;
  }

  /// tact's crash start (Solver::crash_start, settle_appended): p, then the
  /// other violated rows in row order, enter without steps while independent
  /// and fewer than n; one solve gives Λ_A; pulling rows are released, the
  /// most negative first and each as an iteration, or all dropped when more
  /// pull than push; then ẍ and the slacks afresh.
  void crash_start(const ProblemType& p, int p_row, int& iterations) {
    const int n = p.n;
    const int m = p.num_ineq;
    const Scalar* jacobian = p.J_ineq.data();
    const auto try_append = [&](int row) {
      const Scalar pivot = project(row, jacobian, n, /*for_step=*/false);
      if (pivot > 0) append(row, pivot, 0);
    };
    try_append(p_row);
    for (int r = 0; r < m && count_ < n; ++r)
      if (r != p_row && violated(r)) try_append(r);
    solve_multipliers();
    for (;;) {
      int most_negative = -1;
      int pulling = 0;
      for (int i = 0; i < count_; ++i) {
        if (!(lambda_[i] < 0)) continue;
        ++pulling;
        if (most_negative < 0 || lambda_[i] < lambda_[most_negative]) most_negative = i;
      }
      if (most_negative < 0) break;
      if (iterations == 0 && 2 * pulling > count_) {
        while (count_ > 0) in_set_[active_[--count_]] = false;
        break;
      }
      ++iterations;
      remove(most_negative);
      solve_multipliers();
    }
    for (int j = 0; j < n; ++j) {
      Scalar total_force = p.f(j);
      for (int i = 0; i < count_; ++i) total_force += jacobian[active_[i] + j * kRowStride] * lambda_[i];
      acceleration_[j] = total_force * inverse_mass_[j];
    }
    for (int r = 0; r < m; ++r) {
      Scalar slack = -p.d_ineq(r);
      for (int j = 0; j < n; ++j) slack += jacobian[r + j * kRowStride] * acceleration_[j];
      slack_[r] = slack;
    }
  }

  /// Λ_A from L Lᵀ Λ_A = −s_A (the set's rows on their boundary).
  void solve_multipliers() {
    for (int i = 0; i < count_; ++i) {
      Scalar v = -slack_[active_[i]];
      for (int l = 0; l < i; ++l) v -= factor_[i][l] * projection_[l];
      projection_[i] = v / factor_[i][i];
    }
    for (int i = count_ - 1; i >= 0; --i) {
      Scalar v = projection_[i];
      for (int l = i + 1; l < count_; ++l) v -= factor_[l][i] * lambda_[l];
      lambda_[i] = v / factor_[i][i];
    }
  }

  /// g = M⁻¹J_pᵀ, y = L⁻¹(J_A g); for a step also step = L⁻ᵀy and the
  /// direction Δẍ = g − M⁻¹J_Aᵀstep.
  /// @return the pivot J_p g − |y|², or 0 when p depends on the set.
  Scalar project(int p_row, const Scalar* jacobian, int n, bool for_step) {
    Scalar row_norm2 = 0;
    for (int j = 0; j < n; ++j) {
      const Scalar entry = jacobian[p_row + j * kRowStride];
      direction_[j] = entry * inverse_mass_[j];
      row_norm2 += entry * direction_[j];
    }
    Scalar projection2 = 0;
    for (int i = 0; i < count_; ++i) {
      Scalar v = 0;
      for (int j = 0; j < n; ++j) v += jacobian[active_[i] + j * kRowStride] * direction_[j];
      for (int l = 0; l < i; ++l) v -= factor_[i][l] * projection_[l];
      projection_[i] = v / factor_[i][i];
      projection2 += projection_[i] * projection_[i];
    }
    for (int i = count_ - 1; i >= 0 && for_step; --i) {
      Scalar v = projection_[i];
      for (int l = i + 1; l < count_; ++l) v -= factor_[l][i] * step_[l];
      step_[i] = v / factor_[i][i];
    }
    for (int i = 0; i < count_ && for_step; ++i)
      for (int j = 0; j < n; ++j)
        direction_[j] -= jacobian[active_[i] + j * kRowStride] * inverse_mass_[j] * step_[i];
    const Scalar pivot = row_norm2 - projection2;
    const bool dependent = count_ >= n || !(pivot > tact::ScalarTraits<Scalar>::dependency_tolerance * row_norm2);
    return dependent ? Scalar(0) : pivot;
  }

  void append(int row, Scalar pivot, Scalar multiplier) {
    for (int i = 0; i < count_; ++i) factor_[count_][i] = projection_[i];
    factor_[count_][count_] = std::sqrt(pivot);
    active_[count_] = row;
    lambda_[count_] = multiplier;
    in_set_[row] = true;
    ++count_;
  }

  /// Drops working-set position `position`; Givens rotations restore L.
  void remove(int position) {
    in_set_[active_[position]] = false;
    for (int i = position; i + 1 < count_; ++i) {
      active_[i] = active_[i + 1];
      lambda_[i] = lambda_[i + 1];
      for (int l = 0; l <= i + 1; ++l) factor_[i][l] = factor_[i + 1][l];
    }
    --count_;
    for (int i = position; i < count_; ++i) {
      const Scalar a = factor_[i][i], b = factor_[i][i + 1];
      const Scalar h = std::sqrt(a * a + b * b), c = a / h, s = b / h;
      for (int l = i; l < count_; ++l) {
        const Scalar u = factor_[l][i], v = factor_[l][i + 1];
        factor_[l][i] = c * u + s * v;
        factor_[l][i + 1] = c * v - s * u;
      }
    }
  }

  /// Every residual and scale of tact::Residuals, as tact::Solver::finish computes them.
  tact::Report<Scalar> check(const ProblemType& p, Scalar free_norm, int iterations) const {
    const int n = p.n;
    const int m = p.num_ineq;
    const Scalar* jacobian = p.J_ineq.data();
    Scalar stationarity = 0, force_scale = 0, acceleration_norm2 = 0;
    Scalar probe = 0;
    for (int j = 0; j < n; ++j) {
      Scalar total_force = p.f(j);
      for (int i = 0; i < count_; ++i) total_force += jacobian[active_[i] + j * kRowStride] * lambda_[i];
      const Scalar inertia = acceleration_[j] / inverse_mass_[j];
      stationarity = max_of(stationarity, std::fabs(inertia - total_force));
      force_scale = max_of(force_scale, max_of(std::fabs(p.f(j)), max_of(std::fabs(inertia), std::fabs(total_force - p.f(j)))));
      acceleration_norm2 += acceleration_[j] * acceleration_[j];
      probe += acceleration_[j] * Scalar(0);
    }
    Scalar working_set = 0, multiplier_scale = 0, min_multiplier = 0, complementarity = 0;
    for (int i = 0; i < count_; ++i) {
      const Scalar slack = slack_[active_[i]];
      working_set = max_of(working_set, std::fabs(slack));
      multiplier_scale = max_of(multiplier_scale, std::fabs(lambda_[i]));
      min_multiplier = min_of(min_multiplier, lambda_[i]);
      complementarity = max_of(complementarity, std::fabs(lambda_[i] * slack));
      probe += lambda_[i] * Scalar(0);
    }
    const Scalar norm = max_of(std::sqrt(acceleration_norm2), free_norm);
    Scalar min_slack = m > 0 ? kInfinity : Scalar(0), row_scale = 0;
    for (int r = 0; r < m; ++r) {
      min_slack = min_of(min_slack, slack_[r]);
      row_scale = max_of(row_scale, max_of(std::fabs(p.d_ineq(r)), row_norm_[r] * norm));
    }
    tact::Report<Scalar> report;
    report.iterations = iterations;
    report.active_count = count_;
    report.residuals = tact::Residuals<Scalar>{stationarity, 0,         working_set, min_slack,       min_multiplier,
                                               complementarity, force_scale, row_scale, multiplier_scale};
    report.kkt_satisfied = probe == Scalar(0) && report.residuals.kkt_satisfied(kTolerance);
    const bool promise_kept = report.kkt_satisfied && report.residuals.working_set_satisfied(kTolerance);
    report.status = promise_kept ? tact::Status::Solved : tact::Status::Inaccurate;
    return report;
  }

  Scalar inverse_mass_[kMaxDof];
  Scalar acceleration_[kMaxDof];
  Scalar direction_[kMaxDof];
  Scalar row_norm_[kRowStride];
  Scalar slack_[kRowStride];
  Scalar tolerance_[kRowStride];
  bool in_set_[kRowStride];
  Scalar factor_[kMaxDof][kMaxDof];  ///< L of W_A = J_A M⁻¹ J_Aᵀ, row-major lower triangle
  Scalar projection_[kMaxDof];
  Scalar step_[kMaxDof];
  Scalar lambda_[kMaxDof];
  int active_[kMaxDof];
  int count_ = 0;
};

}  // namespace tact_bench
