/// @file constraint_space_solver.hpp
/// A yardstick, not part of the library: the dual active set of
/// tact::Solver's Exact strategy carried out in the constraint space, to
/// measure what a dense problem (dense M, equality rows) would cost if the
/// solve iterated on the columns of G = J M⁻¹ Jᵀ instead of in the DOFs.
///
/// tact's general path projects the entering row through M's factor and
/// the working set's scaled rows, forms Δẍ and sweeps every row's slack by
/// J·Δẍ (m·n products a step). Here a row's column G_r = J M⁻¹J_rᵀ is formed
/// once, the first time the row is projected (two triangular solves and
/// m·n products), and a step then costs the working set's triangular solves
/// (k²) and the slacks' update Δs = G_p − G_A·step (m·(k + 1)). ẍ is formed
/// only before the search that ends the solve. tact's own VFP kernels run
/// every loop of more than a few products.
///
/// It does the work a tact solve must do on these problems:
///   * the input checks: sizes, every entry of M, f, J and d finite, M
///     symmetric within rounding and positive definite (its Cholesky
///     factor), else a refusal status;
///   * the same iterations: equality rows first (one solve for their
///     multipliers), then the most violated inequality per unit norm
///     beyond tact's slack tolerance, partial steps that release a row,
///     full steps that append one, W_A's factor updated and downdated;
///   * fresh slacks J ẍ − d at ẍ = M⁻¹(f + J_AᵀΛ_A) before the search that
///     ends the solve (no violated row hides in the steps' drift);
///   * the final check: every KKT residual and scale of tact::Residuals,
///     judged with tact's float tolerance, Inaccurate when one fails.
/// It leaves out what these problems never use: warm start, redundant
/// equality rows, the Singular/Infeasible distinction of nearly dependent
/// rows, and the second pass from the factor. Its storage keeps a column
/// for every row the bounds allow ((MaxEq + MaxIneq)² floats).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "tact/solver.hpp"

namespace tact_bench {

template <typename ProblemType>
class ConstraintSpaceSolver {
 public:
  using Scalar = float;

  tact::Report<Scalar> solve(const ProblemType& p) {
    if (!p.sizes_valid()) return refused(tact::Status::InvalidInput);
    const int n = p.n;
    const int num_eq = p.num_eq;
    const int m = p.num_eq + p.num_ineq;

    // M: finite, symmetric within rounding, its lower triangle copied and factored.
    Scalar probe = 0;  // NaN if an entry is NaN or ±Inf
    for (int j = 0; j < n; ++j) {
      probe += p.f(j) * Scalar(0);
      for (int i = j; i < n; ++i) {
        const Scalar lower = p.M(i, j), upper = p.M(j, i);
        probe += (lower + upper) * Scalar(0);
        if (!(std::fabs(lower - upper) <= kSymmetry * (std::fabs(lower) + std::fabs(upper))))
          return refused(probe == Scalar(0) ? tact::Status::InvalidMass : tact::Status::InvalidInput);
        factor_[j * kMaxDof + i] = lower;
      }
    }
    if (probe != Scalar(0)) return refused(tact::Status::InvalidInput);
    if (!tact::detail::cholesky_in_place(factor_, kMaxDof, n, 16 * std::numeric_limits<Scalar>::epsilon(),
                                         kConsecutive))
      return refused(tact::Status::InvalidMass);

    // The free motion M⁻¹f.
    for (int j = 0; j < n; ++j) acceleration_[j] = p.f(j);
    tact::detail::forward_substitute(factor_, kMaxDof, n, acceleration_);
    tact::detail::backward_substitute_transposed(factor_, kMaxDof, n, acceleration_);
    Scalar free_norm2 = 0;
    for (int j = 0; j < n; ++j) free_norm2 += acceleration_[j] * acceleration_[j];
    const Scalar free_norm = std::sqrt(free_norm2);

    // The rows' norms and their slacks at the free motion, from J; G's
    // columns come later, one for each row the solve projects.
    for (int r = 0; r < num_eq; ++r) {
      Scalar norm2 = 0, slack = 0;
      for (int j = 0; j < n; ++j) {
        norm2 += p.J_eq(r, j) * p.J_eq(r, j);
        slack += p.J_eq(r, j) * acceleration_[j];
      }
      row_norm_[r] = norm2;
      slack_[r] = slack;
    }
    if (p.num_ineq > 0) {
      tact::detail::sum_squares(p.J_ineq.data(), kIneqStride, p.num_ineq, n, row_norm_ + num_eq);
      for (int r = 0; r < p.num_ineq; ++r) slack_[num_eq + r] = 0;
      tact::detail::accumulate_columns(p.num_ineq, n, ineq_columns(p),
                                       tact::detail::CoefficientSet<Scalar>{acceleration_, 1, kConsecutive, 1},
                                       slack_ + num_eq);
    }
    for (int r = 0; r < m; ++r) {
      const Scalar d = rhs(p, r);
      probe += (row_norm_[r] + d) * Scalar(0);
      slack_[r] -= d;
      row_norm_[r] = std::sqrt(row_norm_[r]);
      tolerance_[r] = kFraction * (std::fabs(d) + row_norm_[r] * free_norm) + kTiny;
      in_set_[r] = false;
      computed_[r] = false;
    }
    if (probe != Scalar(0)) return refused(tact::Status::InvalidInput);
    problem_ = &p;

    // Equality rows enter without steps; one solve gives their multipliers.
    count_ = 0;
    for (int e = 0; e < num_eq; ++e) {
      const Scalar pivot = project(e, n, m, /*for_step=*/false);
      if (pivot == 0) return refused(tact::Status::Singular);
      append(e, pivot, 0);
    }
    if (num_eq > 0) {
      solve_multipliers();
      add_set_columns(m, Scalar(1), lambda_, slack_);
    }

    int iterations = 0;
    bool fresh = false;  // the slacks are J ẍ − d at ẍ from Λ_A, not stepped
    for (;;) {
      const int p_row = most_violated(num_eq, m);
      if (p_row < 0) {
        if (fresh) break;
        refresh(p, n);
        fresh = true;
        continue;
      }
      fresh = false;
      Scalar multiplier_p = 0;
      for (;;) {
        if (++iterations > 4 * m + 16) return refused(tact::Status::IterationLimit);
        const Scalar pivot = project(p_row, n, m, /*for_step=*/true);
        Scalar t_partial = kInfinity;
        int blocking = -1;
        for (int i = num_eq; i < count_; ++i) {  // equality multipliers have no sign
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
        if (pivot > 0) tact::detail::add_scaled(m, t, direction_, slack_);
        for (int i = 0; i < count_; ++i) lambda_[i] -= t * step_[i];
        multiplier_p += t;
        if (full_step) {
          append(p_row, pivot, multiplier_p);
          break;
        }
        remove(blocking);
      }
    }
    return check(p, free_norm, iterations);
  }

 private:
  static constexpr int kMaxDof = ProblemType::DofVector::RowsAtCompileTime;
  static constexpr int kEqStride = ProblemType::kEqStorage;
  static constexpr int kIneqStride = ProblemType::kIneqStorage;
  static constexpr int kRows = kEqStride + kIneqStride;
  static constexpr Scalar kInfinity = std::numeric_limits<Scalar>::infinity();
  static constexpr Scalar kTiny = std::numeric_limits<Scalar>::min();
  static constexpr Scalar kTolerance = tact::ScalarTraits<Scalar>::kkt_tolerance;
  static constexpr Scalar kFraction = kTolerance * Scalar(0.1);  // tact's slack tolerance
  static constexpr Scalar kSymmetry = 8 * std::numeric_limits<Scalar>::epsilon();
  static constexpr const std::uint16_t* kConsecutive = tact::detail::Consecutive<kRows>::index.data();

  static tact::Report<Scalar> refused(tact::Status status) {
    tact::Report<Scalar> report;
    report.status = status;
    return report;
  }

  // Rows 0..num_eq are the equality rows, then the inequality rows.
  static const Scalar* row_start(const ProblemType& p, int r) {
    return r < p.num_eq ? p.J_eq.data() + r : p.J_ineq.data() + (r - p.num_eq);
  }
  static Scalar rhs(const ProblemType& p, int r) { return r < p.num_eq ? p.d_eq(r) : p.d_ineq(r - p.num_eq); }

  static tact::detail::ColumnSet<Scalar> ineq_columns(const ProblemType& p) {
    return {p.J_ineq.data(), kIneqStride, kConsecutive};
  }

  /// G's column r, J M⁻¹J_rᵀ, formed the first time row r is projected.
  const Scalar* delassus_column(int r, int n) {
    const ProblemType& p = *problem_;
    Scalar* column = delassus_ + r * kRows;
    if (computed_[r]) return column;
    computed_[r] = true;
    const Scalar* row = row_start(p, r);
    const int stride = stride_of(p, r);
    for (int j = 0; j < n; ++j) w_[j] = row[j * stride];
    tact::detail::forward_substitute(factor_, kMaxDof, n, w_);
    tact::detail::backward_substitute_transposed(factor_, kMaxDof, n, w_);
    for (int e = 0; e < p.num_eq; ++e) {
      Scalar sum = 0;
      for (int j = 0; j < n; ++j) sum += p.J_eq(e, j) * w_[j];
      column[e] = sum;
    }
    if (p.num_ineq > 0) {
      for (int i = 0; i < p.num_ineq; ++i) column[p.num_eq + i] = 0;
      tact::detail::accumulate_columns(p.num_ineq, n, ineq_columns(p),
                                       tact::detail::CoefficientSet<Scalar>{w_, 1, kConsecutive, 1},
                                       column + p.num_eq);
    }
    return column;
  }

  /// Most violated inequality row per unit norm, or -1.
  int most_violated(int first, int m) const {
    int worst = -1;
    Scalar worst_violation = 0;
    for (int r = first; r < m; ++r) {
      if (!(slack_[r] + tolerance_[r] < 0) || in_set_[r]) continue;
      if (worst < 0 || slack_[r] < worst_violation * row_norm_[r]) {
        worst = r;
        worst_violation = slack_[r] / row_norm_[r];
      }
    }
    return worst;
  }

  /// out[0..m) += scale·Σ_i x[i]·G(:, A_i).
  void add_set_columns(int m, Scalar scale, const Scalar* x, Scalar* out) const {
    tact::detail::accumulate_columns(m, count_, tact::detail::ColumnSet<Scalar>{delassus_, kRows, active_},
                                     tact::detail::CoefficientSet<Scalar>{x, 1, kConsecutive, scale}, out);
  }

  /// y = L_W⁻¹G_A,p; for a step also step = L_W⁻ᵀy and the slacks'
  /// direction Δs = G_p − G_A·step.
  /// @return the pivot G_pp − |y|², or 0 when p depends on the set.
  Scalar project(int p_row, int n, int m, bool for_step) {
    const Scalar* column = delassus_column(p_row, n);
    Scalar projection2 = 0;
    for (int i = 0; i < count_; ++i) y_[i] = column[active_[i]];
    if (count_ > 0) {
      tact::detail::forward_substitute(w_factor_, kMaxDof, count_, y_);
      for (int i = 0; i < count_; ++i) projection2 += y_[i] * y_[i];
    }
    if (for_step) {
      for (int i = 0; i < count_; ++i) step_[i] = y_[i];
      if (count_ > 0) tact::detail::backward_substitute_transposed(w_factor_, kMaxDof, count_, step_);
      tact::detail::copy(column, m, direction_);
      if (count_ > 0) add_set_columns(m, Scalar(-1), step_, direction_);
    }
    const Scalar norm2 = column[p_row];
    const Scalar pivot = norm2 - projection2;
    const bool dependent = count_ >= n || !(pivot > tact::ScalarTraits<Scalar>::dependency_tolerance * norm2);
    return dependent ? Scalar(0) : pivot;
  }

  /// Λ_A from L_W L_Wᵀ Λ_A = −s_A (the set's rows on their boundary).
  void solve_multipliers() {
    for (int i = 0; i < count_; ++i) lambda_[i] = -slack_[active_[i]];
    tact::detail::forward_substitute(w_factor_, kMaxDof, count_, lambda_);
    tact::detail::backward_substitute_transposed(w_factor_, kMaxDof, count_, lambda_);
  }

  /// ẍ = M⁻¹(f + J_AᵀΛ_A), then every slack J_r ẍ − d_r afresh.
  void refresh(const ProblemType& p, int n) {
    for (int j = 0; j < n; ++j) {
      Scalar sum = p.f(j);
      for (int i = 0; i < count_; ++i) sum += row_start(p, active_[i])[j * stride_of(p, active_[i])] * lambda_[i];
      acceleration_[j] = sum;
    }
    tact::detail::forward_substitute(factor_, kMaxDof, n, acceleration_);
    tact::detail::backward_substitute_transposed(factor_, kMaxDof, n, acceleration_);
    for (int r = 0; r < p.num_eq; ++r) slack_[r] = -p.d_eq(r);
    for (int r = 0; r < p.num_ineq; ++r) slack_[p.num_eq + r] = -p.d_ineq(r);
    const auto columns = [&](const Scalar* jacobian, int stride, int rows, Scalar* out) {
      if (rows > 0)
        tact::detail::accumulate_columns(rows, n, tact::detail::ColumnSet<Scalar>{jacobian, stride, kConsecutive},
                                         tact::detail::CoefficientSet<Scalar>{acceleration_, 1, kConsecutive, 1},
                                         out);
    };
    columns(p.J_eq.data(), kEqStride, p.num_eq, slack_);
    columns(p.J_ineq.data(), kIneqStride, p.num_ineq, slack_ + p.num_eq);
  }

  void append(int row, Scalar pivot, Scalar multiplier) {
    for (int i = 0; i < count_; ++i) w_factor_[i * kMaxDof + count_] = y_[i];
    w_factor_[count_ * kMaxDof + count_] = std::sqrt(pivot);
    active_[count_] = static_cast<std::uint16_t>(row);
    lambda_[count_] = multiplier;
    in_set_[row] = true;
    ++count_;
  }

  /// Drops working-set position `position`; Givens rotations restore L_W.
  void remove(int position) {
    const auto at = [&](int row, int column) -> Scalar& { return w_factor_[column * kMaxDof + row]; };
    in_set_[active_[position]] = false;
    for (int i = position; i + 1 < count_; ++i) {
      active_[i] = active_[i + 1];
      lambda_[i] = lambda_[i + 1];
      for (int l = 0; l <= i + 1; ++l) at(i, l) = at(i + 1, l);
    }
    --count_;
    for (int i = position; i < count_; ++i) {
      const Scalar a = at(i, i), b = at(i, i + 1);
      const Scalar h = std::sqrt(a * a + b * b), c = a / h, s = b / h;
      for (int l = i; l < count_; ++l) {
        const Scalar u = at(l, i), v = at(l, i + 1);
        at(l, i) = c * u + s * v;
        at(l, i + 1) = c * v - s * u;
      }
    }
  }

  /// Every residual and scale of tact::Residuals, as tact::Solver::finish computes them.
  tact::Report<Scalar> check(const ProblemType& p, Scalar free_norm, int iterations) const {
    const int n = p.n;
    Scalar stationarity = 0, force_scale = 0, acceleration_norm2 = 0;
    Scalar probe = 0;
    for (int j = 0; j < n; ++j) {
      Scalar total_force = p.f(j);
      for (int i = 0; i < count_; ++i) total_force += row_start(p, active_[i])[j * stride_of(p, active_[i])] * lambda_[i];
      Scalar inertia = 0;
      for (int i = 0; i < n; ++i) inertia += p.M(j, i) * acceleration_[i];
      stationarity = tact::detail::max_of(stationarity, std::fabs(inertia - total_force));
      force_scale = tact::detail::max_of(
          force_scale, tact::detail::max_of(std::fabs(p.f(j)), tact::detail::max_of(std::fabs(inertia),
                                                                                   std::fabs(total_force - p.f(j)))));
      acceleration_norm2 += acceleration_[j] * acceleration_[j];
      probe += acceleration_[j] * Scalar(0);
    }
    Scalar equality = 0, working_set = 0, multiplier_scale = 0, min_multiplier = 0, complementarity = 0;
    for (int i = 0; i < count_; ++i) {
      const Scalar slack = slack_[active_[i]];
      multiplier_scale = tact::detail::max_of(multiplier_scale, std::fabs(lambda_[i]));
      probe += lambda_[i] * Scalar(0);
      if (active_[i] < p.num_eq) {
        equality = tact::detail::max_of(equality, std::fabs(slack));
        continue;
      }
      working_set = tact::detail::max_of(working_set, std::fabs(slack));
      min_multiplier = tact::detail::min_of(min_multiplier, lambda_[i]);
      complementarity = tact::detail::max_of(complementarity, std::fabs(lambda_[i] * slack));
    }
    const Scalar norm = tact::detail::max_of(std::sqrt(acceleration_norm2), free_norm);
    const int m = p.num_eq + p.num_ineq;
    Scalar min_slack = p.num_ineq > 0 ? kInfinity : Scalar(0), row_scale = 0;
    for (int r = 0; r < m; ++r) {
      if (r >= p.num_eq) min_slack = tact::detail::min_of(min_slack, slack_[r]);
      row_scale = tact::detail::max_of(row_scale, tact::detail::max_of(std::fabs(rhs(p, r)), row_norm_[r] * norm));
    }
    tact::Report<Scalar> report;
    report.iterations = iterations;
    report.active_count = count_;
    report.has_point = true;
    report.residuals = tact::Residuals<Scalar>{stationarity,    equality,    working_set, min_slack,       min_multiplier,
                                               complementarity, force_scale, row_scale,   multiplier_scale};
    report.kkt_satisfied = probe == Scalar(0) && report.residuals.kkt_satisfied(kTolerance);
    const bool promise_kept = report.kkt_satisfied && report.residuals.working_set_satisfied(kTolerance);
    report.status = promise_kept ? tact::Status::Solved : tact::Status::Inaccurate;
    return report;
  }
  static int stride_of(const ProblemType& p, int r) { return r < p.num_eq ? kEqStride : kIneqStride; }

  Scalar factor_[kMaxDof * kMaxDof];     ///< L of M, column-major lower triangle
  Scalar delassus_[kRows * kRows];       ///< G = J M⁻¹ Jᵀ, column-major, every row
  Scalar w_factor_[kMaxDof * kMaxDof];   ///< L_W of W_A = G_AA, column-major lower triangle
  Scalar acceleration_[kMaxDof];
  Scalar direction_[kRows];  ///< Δs of a step
  Scalar row_norm_[kRows];
  Scalar slack_[kRows];
  Scalar tolerance_[kRows];
  bool in_set_[kRows];
  bool computed_[kRows];  ///< G's column r is formed
  Scalar w_[kMaxDof];
  const ProblemType* problem_ = nullptr;
  Scalar y_[kMaxDof];
  Scalar step_[kMaxDof];
  Scalar lambda_[kMaxDof];
  std::uint16_t active_[kMaxDof];
  int count_ = 0;
};

}  // namespace tact_bench
