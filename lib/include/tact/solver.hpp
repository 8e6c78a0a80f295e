/// @file solver.hpp
/// The KKT solve of the paper's eq. (6) and the active-set strategies.
///
/// Every solve works in the space scaled by the mass matrix's Cholesky factor
/// L (M = L Lᵀ): with z = Lᵀẍ, ĵ_k = L⁻¹J_kᵀ and z_free = L⁻¹f the problem is
///
///     min ½|z − z_free|²   s.t.   ĵ_kᵀz = d_k (equalities),  ĵ_kᵀz ≥ d_k (inequalities)
///
/// For a working set A the range-space (Schur complement) solve is
///     (Ĵ_A Ĵ_Aᵀ) Λ_A = d_A − Ĵ_A z_free,   z = z_free + Ĵ_Aᵀ Λ_A,
/// where Ĵ_A Ĵ_Aᵀ = J_A M⁻¹ J_Aᵀ (SOFA's compliance W). Its Cholesky factor is
/// updated row by row as the working set grows and downdated when it shrinks,
/// never rebuilt from scratch inside a strategy.
#pragma once

#include <Eigen/Core>
#include <array>
#include <cmath>
#include <limits>

#include "tact/config.hpp"
#include "tact/detail/dense.hpp"
#include "tact/problem.hpp"
#include "tact/status.hpp"

namespace tact {

/// Inequality rows a strategy carries from one step to the next (the paper's
/// F+), keyed by RowId so rows may appear, vanish and reorder between steps.
template <int MaxIneq>
struct ActiveSetMemory {
  std::array<RowId, MaxIneq> ids{};
  Index count = 0;
  bool initialized = false;  ///< false: the strategy populates it on first use

  bool contains(RowId id) const {
    for (Index k = 0; k < count; ++k)
      if (ids[static_cast<std::size_t>(k)] == id) return true;
    return false;
  }
  void insert(RowId id) {
    if (contains(id) || count >= MaxIneq) return;
    ids[static_cast<std::size_t>(count++)] = id;
  }
  void erase(RowId id) {
    for (Index k = 0; k < count; ++k) {
      if (ids[static_cast<std::size_t>(k)] != id) continue;
      ids[static_cast<std::size_t>(k)] = ids[static_cast<std::size_t>(--count)];
      return;
    }
  }
  void clear() {
    count = 0;
    initialized = false;
  }
};

/// Tuning of a solve. Zero-initialized fields take the documented defaults.
template <typename Scalar>
struct Settings {
  /// Hard cap on iterations; 0 means the default 4·(rows) + 16, where an
  /// iteration is one working-set solve (Platt, Right) or one primal/dual step
  /// (Exact).
  Index max_iterations = 0;
  /// Relative tolerance of the KKT conditions (ScalarTraits<Scalar>::kkt_tolerance).
  Scalar kkt_tolerance = ScalarTraits<Scalar>::kkt_tolerance;
  /// Relative tolerance for a row to count as dependent on the working set.
  Scalar dependency_tolerance = ScalarTraits<Scalar>::dependency_tolerance;
};

/// How well a result satisfies the KKT conditions of the QP in problem.hpp.
/// Values are absolute; the scales say what they are relative to.
template <typename Scalar>
struct Residuals {
  Scalar stationarity = 0;     ///< ‖Mẍ − f − JᵀΛ‖∞
  Scalar equality = 0;         ///< ‖J_eq ẍ − d_eq‖∞
  Scalar working_set = 0;      ///< max |J_k ẍ − d_k| over the rows in the working set
  Scalar min_slack = 0;        ///< min_k (J_k ẍ − d_k) over inequality rows (< 0: violated); 0 if none
  Scalar min_multiplier = 0;   ///< min_k λ_k over inequality rows (< 0: a row that pulls); 0 if none
  Scalar complementarity = 0;  ///< max_k |λ_k (J_k ẍ − d_k)| over inequality rows
  Scalar force_scale = 0;      ///< max(‖f‖∞, ‖Mẍ‖∞, ‖JᵀΛ‖∞): scale of stationarity
  Scalar row_scale = 0;        ///< max_k max(|d_k|, ‖J_k‖₂·max(‖ẍ‖₂, ‖M⁻¹f‖₂)): scale of row residuals
  Scalar multiplier_scale = 0; ///< ‖Λ‖∞: scale of multipliers

  /// True when every KKT condition holds within `tolerance` relative to the scales.
  bool kkt_satisfied(Scalar tolerance) const {
    const Scalar tiny = std::numeric_limits<Scalar>::min();
    const Scalar row_tol = tolerance * (row_scale + tiny);
    return stationarity <= tolerance * (force_scale + tiny) && equality <= row_tol && min_slack >= -row_tol &&
           min_multiplier >= -tolerance * (multiplier_scale + tiny) &&
           complementarity <= row_tol * (multiplier_scale + tiny);
  }
  /// True when stationarity and the working set's rows hold (what a
  /// working-set strategy promises, whatever rows it left out).
  bool working_set_satisfied(Scalar tolerance) const {
    const Scalar tiny = std::numeric_limits<Scalar>::min();
    return stationarity <= tolerance * (force_scale + tiny) && working_set <= tolerance * (row_scale + tiny);
  }
};

/// Summary of one solve; the vectors (ẍ, Λ, working set) stay in the solver.
template <typename Scalar>
struct [[nodiscard]] Report {
  Status status = Status::InvalidInput;
  Index iterations = 0;         ///< iterations used (see Settings::max_iterations)
  Index active_count = 0;       ///< rows in the final working set (equalities included)
  bool kkt_satisfied = false;   ///< every KKT condition holds within Settings::kkt_tolerance
  Residuals<Scalar> residuals;

  bool ok() const { return status == Status::Solved; }
};

/// Fixed-capacity solver. All storage is inside the object: its footprint
/// is sizeof(Solver). Keep one per problem size, e.g. as a static object.
/// @tparam MaxDof  bound on degrees of freedom
/// @tparam MaxEq   bound on equality rows
/// @tparam MaxIneq bound on inequality rows
/// @tparam Scalar  float (default) or double
template <int MaxDof, int MaxEq, int MaxIneq, typename Scalar = float>
class Solver {
 public:
  using ProblemType = Problem<MaxDof, MaxEq, MaxIneq, Scalar>;
  using Memory = ActiveSetMemory<MaxIneq>;
  using DofVector = typename ProblemType::DofVector;
  static constexpr int kMaxRows = MaxEq + MaxIneq;
  /// Rows in a working set are independent, so there are at most n of them.
  static constexpr int kMaxActive = MaxDof;
  using RowVector = Eigen::Matrix<Scalar, (kMaxRows > 0 ? kMaxRows : 1), 1>;

  Settings<Scalar> settings;

  /// Solves `problem` with `strategy`.
  /// @param memory the carried working set (F+) for Platt and PlattImproved;
  ///        nullptr solves one step from an empty history. Ignored by Right and Exact.
  /// @return Report with Status::Solved, IterationLimit, Singular, Infeasible,
  ///         Inaccurate, InvalidInput or InvalidMass (see status.hpp).
  /// M's factorization is reused while problem.M does not change; a diagonal M
  /// is never factored.
  Report<Scalar> solve(const ProblemType& problem, Strategy strategy, Memory* memory = nullptr) {
    Report<Scalar> report;
    report.status = prepare(problem);
    if (report.status != Status::Solved) {
      clear_outputs();
      return report;
    }
    Memory single_step;
    Memory& carried = memory ? *memory : single_step;
    switch (strategy) {
      case Strategy::Platt: report.status = solve_platt(problem, carried, false, report.iterations); break;
      case Strategy::PlattImproved: report.status = solve_platt(problem, carried, true, report.iterations); break;
      case Strategy::Right: report.status = solve_right(report.iterations); break;
      case Strategy::Exact: report.status = solve_exact(report.iterations); break;
    }
    finish(problem, strategy, report);
    return report;
  }

  /// Forgets everything carried between solves (M's factor), so the next
  /// solve is cold. Benchmarks use it; firmware has no need to.
  void reset() { mass_valid_ = false; }

  /// Accelerations ẍ of the last solve (first n entries).
  const DofVector& acceleration() const { return acceleration_; }
  /// Multiplier of equality row k of the last solve.
  Scalar multiplier_eq(Index k) const { return lambda_(k); }
  /// Multiplier of inequality row k of the last solve (0 when not in the working set).
  Scalar multiplier_ineq(Index k) const { return lambda_(num_eq_ + k); }
  /// True when inequality row k is in the final working set.
  bool in_working_set(Index k) const { return k >= 0 && num_eq_ + k < num_rows_ && in_set(num_eq_ + k); }
  /// Objective ½ẍᵀMẍ − fᵀẍ of the last solve.
  Scalar objective() const { return objective_; }
  /// How many times a dense M was factored (diagonal M never is); a solve
  /// with the same M as the last factored one reuses the factor.
  std::uint32_t mass_factorizations() const { return mass_factorizations_; }

 private:
  using MassMatrix = typename ProblemType::MassMatrix;
  using ScaledRows = Eigen::Matrix<Scalar, MaxDof, (kMaxRows > 0 ? kMaxRows : 1)>;
  using ActiveMatrix = Eigen::Matrix<Scalar, kMaxActive, kMaxActive>;
  using ActiveVector = Eigen::Matrix<Scalar, kMaxActive, 1>;
  using RowFlags = std::array<bool, (kMaxRows > 0 ? kMaxRows : 1)>;

  static constexpr Scalar kInfinity = std::numeric_limits<Scalar>::infinity();
  static constexpr Scalar kTiny = std::numeric_limits<Scalar>::min();

  // ---- setup -------------------------------------------------------------

  template <typename Block>
  static bool all_finite(const Block& block) {
    Scalar probe = 0;
    detail::probe_finite(block, probe);
    return probe == Scalar(0);
  }

  /// Validates the data, factors M if it changed, computes the free motion.
  /// Rows are scaled into the mass space lazily (scaled_row), when they
  /// first enter a working set: most rows of a large problem never do.
  Status prepare(const ProblemType& p) {
    n_ = 0;
    num_eq_ = 0;
    num_rows_ = 0;
    active_count_ = 0;
    problem_ = &p;
    if (!p.sizes_valid()) return Status::InvalidInput;
    const Index n = p.n;
    Scalar probe = 0;  // NaN if any entry is NaN or ±Inf
    detail::probe_finite(p.M.topLeftCorner(n, n), probe);
    detail::probe_finite(p.f.head(n), probe);
    detail::probe_finite(p.J_eq.topLeftCorner(p.num_eq, n), probe);
    detail::probe_finite(p.d_eq.head(p.num_eq), probe);
    detail::probe_finite(p.J_ineq.topLeftCorner(p.num_ineq, n), probe);
    detail::probe_finite(p.d_ineq.head(p.num_ineq), probe);
    if (probe != Scalar(0)) return Status::InvalidInput;
    const Status mass = factor_mass(p.M, n);
    if (mass != Status::Solved) return mass;

    n_ = n;
    num_eq_ = p.num_eq;
    num_rows_ = p.num_eq + p.num_ineq;
    for (Index r = 0; r < num_rows_; ++r) {
      rhs_(r) = r < num_eq_ ? p.d_eq(r) : p.d_ineq(r - num_eq_);
      const RowView row = row_view(r);
      Scalar norm2 = 0;
      for (Index j = 0; j < n; ++j) norm2 += row.at(j) * row.at(j);
      row_norm_(r) = std::sqrt(norm2);
      in_set_[static_cast<std::size_t>(r)] = false;
      scaled_[static_cast<std::size_t>(r)] = false;
    }
    z_free_.head(n) = p.f.head(n);
    scale_by_mass(z_free_);
    acceleration_.head(n) = z_free_.head(n);
    unscale(acceleration_);
    free_acceleration_norm_ = acceleration_.head(n).norm();
    return Status::Solved;
  }

  /// Factors M = L Lᵀ unless it equals the last factored M. Diagonal M keeps
  /// only 1/√m_ii.
  Status factor_mass(const MassMatrix& M, Index n) {
    if (mass_valid_ && n == mass_n_ && M.topLeftCorner(n, n) == mass_.topLeftCorner(n, n)) return Status::Solved;
    mass_valid_ = false;
    mass_.topLeftCorner(n, n) = M.topLeftCorner(n, n);
    mass_n_ = n;
    mass_diagonal_ = true;
    Scalar largest = 0;
    for (Index j = 0; j < n; ++j)
      for (Index i = 0; i < n; ++i) {
        largest = detail::max_of(largest, std::fabs(M(i, j)));
        if (i != j && M(i, j) != Scalar(0)) mass_diagonal_ = false;
      }
    const Scalar eps = std::numeric_limits<Scalar>::epsilon();
    if (mass_diagonal_) {
      for (Index i = 0; i < n; ++i) {
        if (!(M(i, i) > eps * largest)) return Status::InvalidMass;
        mass_factor_(i, i) = Scalar(1) / std::sqrt(M(i, i));
      }
    } else {
      for (Index j = 0; j < n; ++j)
        for (Index i = j + 1; i < n; ++i)
          if (std::fabs(M(i, j) - M(j, i)) > 8 * eps * largest) return Status::InvalidMass;
      mass_factor_.topLeftCorner(n, n) = M.topLeftCorner(n, n);
      ++mass_factorizations_;
      if (!detail::cholesky_in_place(mass_factor_, n, 16 * eps)) return Status::InvalidMass;
    }
    mass_valid_ = true;
    return Status::Solved;
  }

  /// v ← L⁻¹ v (forces and rows into the scaled space).
  template <typename Vector>
  void scale_by_mass(Vector&& v) const {
    if (mass_diagonal_) {
      for (Index i = 0; i < mass_n_; ++i) v(i) *= mass_factor_(i, i);
      return;
    }
    detail::forward_substitute(mass_factor_, mass_n_, v);
  }

  /// v ← L⁻ᵀ v (from the scaled space back to accelerations).
  void unscale(DofVector& v) const {
    if (mass_diagonal_) {
      for (Index i = 0; i < n_; ++i) v(i) *= mass_factor_(i, i);
      return;
    }
    detail::backward_substitute_transposed(mass_factor_, n_, v);
  }

  // ---- rows ------------------------------------------------------------------

  /// Row r of the problem's J (equalities first) without copying it.
  struct RowView {
    const Scalar* data;
    Index stride;
    Scalar at(Index j) const { return data[j * stride]; }
  };
  RowView row_view(Index r) const {
    if (r < num_eq_) return {problem_->J_eq.data() + r, ProblemType::kEqStorage};
    return {problem_->J_ineq.data() + (r - num_eq_), ProblemType::kIneqStorage};
  }

  /// ĵ_r = L⁻¹J_rᵀ, computed the first time row r is needed.
  auto scaled_row(Index r) {
    auto column = scaled_rows_.col(r);
    if (!scaled_[static_cast<std::size_t>(r)]) {
      const RowView row = row_view(r);
      for (Index j = 0; j < n_; ++j) column(j) = row.at(j);
      scale_by_mass(column);
      scaled_[static_cast<std::size_t>(r)] = true;
    }
    return column.head(n_);
  }

  /// slack ← scale·J v + (slack if accumulate, else −d), for every row, by
  /// column sweeps over the contiguous (column-major) storage of J. This is
  /// the hottest loop of a solve (once per step over all rows): four columns
  /// per pass load and store each slack once per four multiply-adds.
  void sweep_rows(const DofVector& v, Scalar scale, bool accumulate) {
    if (!accumulate)
      for (Index r = 0; r < num_rows_; ++r) slack_(r) = -rhs_(r);
    sweep_block(problem_->J_eq.data(), ProblemType::kEqStorage, num_eq_, v, scale, slack_.data());
    sweep_block(problem_->J_ineq.data(), ProblemType::kIneqStorage, num_rows_ - num_eq_, v, scale,
                slack_.data() + num_eq_);
  }

  /// out[0..rows) += scale·A v for column-major A with leading dimension ld.
  void sweep_block(const Scalar* A, Index ld, Index rows, const DofVector& v, Scalar scale, Scalar* out) const {
    Index j = 0;
    for (; j + 4 <= n_; j += 4) {
      const Scalar v0 = scale * v(j), v1 = scale * v(j + 1), v2 = scale * v(j + 2), v3 = scale * v(j + 3);
      const Scalar* a0 = A + j * ld;
      const Scalar* a1 = a0 + ld;
      const Scalar* a2 = a1 + ld;
      const Scalar* a3 = a2 + ld;
      for (Index r = 0; r < rows; ++r) out[r] += a0[r] * v0 + a1[r] * v1 + a2[r] * v2 + a3[r] * v3;
    }
    for (; j < n_; ++j) {
      const Scalar vj = scale * v(j);
      const Scalar* a = A + j * ld;
      for (Index r = 0; r < rows; ++r) out[r] += a[r] * vj;
    }
  }

  /// Slack J_r ẍ − d_r of every row at the current ẍ.
  void update_slacks() { sweep_rows(acceleration_, Scalar(1), false); }

  /// Tolerance on a slack of row r when ‖ẍ‖ = acceleration_norm: rounding
  /// in J_r ẍ − d_r is of the order of ε·(|d_r| + ‖J_r‖·‖ẍ‖).
  Scalar slack_tolerance(Index r, Scalar acceleration_norm) const {
    const Scalar scale = std::fabs(rhs_(r)) + row_norm_(r) * (acceleration_norm + free_acceleration_norm_);
    return settings.kkt_tolerance * Scalar(0.1) * scale + kTiny;
  }

  // ---- working set -----------------------------------------------------------

  bool in_set(Index r) const { return in_set_[static_cast<std::size_t>(r)]; }

  /// Projects row r on the working set: l = L_W⁻¹ Ĵ_A ĵ_r, step_ = W_A⁻¹ Ĵ_A ĵ_r,
  /// direction_ = ĵ_r − Ĵ_Aᵀ step_ (the part of ĵ_r orthogonal to the set).
  /// @return the squared norm of that orthogonal part (the new pivot of W).
  Scalar project_row(Index r) {
    const Index k = active_count_;
    const auto row = scaled_row(r);
    for (Index i = 0; i < k; ++i) projection_(i) = scaled_rows_.col(active_[static_cast<std::size_t>(i)]).head(n_).dot(row);
    detail::forward_substitute(factor_, k, projection_);
    step_.head(k) = projection_.head(k);
    detail::backward_substitute_transposed(factor_, k, step_);
    direction_.head(n_) = row;
    for (Index i = 0; i < k; ++i)
      direction_.head(n_) -= step_(i) * scaled_rows_.col(active_[static_cast<std::size_t>(i)]).head(n_);
    // |direction|² rather than |ĵ_r|² − |l|²: no cancellation when ĵ_r is
    // nearly in the span of the set, where the difference would be noise.
    return direction_.head(n_).squaredNorm();
  }

  bool is_dependent(Index r, Scalar pivot) const {
    return !(pivot > settings.dependency_tolerance * row_norm2_scaled(r));
  }
  Scalar row_norm2_scaled(Index r) const { return scaled_rows_.col(r).head(n_).squaredNorm(); }

  /// Appends row r to the working set using the projection of project_row(r).
  void append_projected(Index r, Scalar pivot, Scalar multiplier) {
    const Index k = active_count_;
    factor_.row(k).head(k) = projection_.head(k).transpose();
    factor_(k, k) = std::sqrt(pivot);
    active_[static_cast<std::size_t>(k)] = r;
    in_set_[static_cast<std::size_t>(r)] = true;
    lambda_active_(k) = multiplier;
    ++active_count_;
  }

  /// Appends row r if it is independent of the working set.
  bool try_append(Index r) {
    if (active_count_ >= n_) return false;
    const Scalar pivot = project_row(r);
    if (is_dependent(r, pivot)) return false;
    append_projected(r, pivot, Scalar(0));
    return true;
  }

  void remove_active(Index position) {
    in_set_[static_cast<std::size_t>(active_[static_cast<std::size_t>(position)])] = false;
    detail::cholesky_remove(factor_, active_count_, position);
    for (Index k = position; k + 1 < active_count_; ++k) {
      active_[static_cast<std::size_t>(k)] = active_[static_cast<std::size_t>(k + 1)];
      lambda_active_(k) = lambda_active_(k + 1);
    }
    --active_count_;
  }

  /// Range-space solve on the working set: W_A Λ_A = d_A − Ĵ_A z_free,
  /// z = z_free + Ĵ_AᵀΛ_A, ẍ = L⁻ᵀz; then every row's slack.
  void solve_working_set() {
    const Index k = active_count_;
    for (Index i = 0; i < k; ++i) {
      const Index r = active_[static_cast<std::size_t>(i)];
      lambda_active_(i) = rhs_(r) - scaled_rows_.col(r).head(n_).dot(z_free_.head(n_));
    }
    detail::forward_substitute(factor_, k, lambda_active_);
    detail::backward_substitute_transposed(factor_, k, lambda_active_);
    acceleration_.head(n_) = z_free_.head(n_);
    for (Index i = 0; i < k; ++i)
      acceleration_.head(n_) += lambda_active_(i) * scaled_rows_.col(active_[static_cast<std::size_t>(i)]).head(n_);
    unscale(acceleration_);
    update_slacks();
  }

  /// Moves ẍ, the slacks and Λ_A by t along the direction of the last
  /// project_row: Δẍ = L⁻ᵀ direction, Δslack = t·J Δẍ.
  void take_step(Scalar t) {
    direction_acceleration_.head(n_) = direction_.head(n_);
    unscale(direction_acceleration_);
    acceleration_.head(n_) += t * direction_acceleration_.head(n_);
    sweep_rows(direction_acceleration_, t, true);
    lambda_active_.head(active_count_) -= t * step_.head(active_count_);
  }

  /// Puts every equality row in the working set. @return false if one is dependent.
  bool add_equalities() {
    bool independent = true;
    for (Index r = 0; r < num_eq_; ++r) independent = try_append(r) && independent;
    return independent;
  }

  Index iteration_cap() const { return settings.max_iterations > 0 ? settings.max_iterations : 4 * num_rows_ + 16; }

  // ---- strategies ----------------------------------------------------------

  /// Algorithms 1 and 2: one working-set solve on the carried F+, then F+ is
  /// updated for the next step (drop λ ≤ 0; Algorithm 2 also adds rows with
  /// J_k ẍ < d_k). Algorithm 1's other rule, add rows with g_k(x) < 0 after
  /// integration, needs x and lives in the stepper (world.hpp).
  Status solve_platt(const ProblemType& p, Memory& carried, bool improved, Index& iterations) {
    auto id_of = [&](Index r) { return p.ineq_id[static_cast<std::size_t>(r - num_eq_)]; };
    bool independent = add_equalities();
    if (!carried.initialized) {
      // Algorithm 1 starts from every active row; Algorithm 2 from the rows
      // whose unconstrained (equality-only) acceleration violates them.
      if (improved) solve_working_set();
      const Scalar norm = acceleration_.head(n_).norm();
      for (Index r = num_eq_; r < num_rows_; ++r)
        if (!improved || slack_(r) < -slack_tolerance(r, norm)) carried.insert(id_of(r));
      carried.initialized = true;
    }
    for (Index r = num_eq_; r < num_rows_; ++r)
      if (carried.contains(id_of(r))) independent = try_append(r) && independent;
    solve_working_set();
    iterations = 1;
    for (Index i = 0; i < active_count_; ++i) {
      const Index r = active_[static_cast<std::size_t>(i)];
      if (r >= num_eq_ && lambda_active_(i) <= Scalar(0)) carried.erase(id_of(r));
    }
    if (improved) {
      const Scalar norm = acceleration_.head(n_).norm();
      for (Index r = num_eq_; r < num_rows_; ++r)
        if (!in_set(r) && slack_(r) < -slack_tolerance(r, norm)) carried.insert(id_of(r));
    }
    return independent ? Status::Solved : Status::Singular;
  }

  /// Algorithm 3: empty F+, then solve and insert every row with J_k ẍ < d_k
  /// until nothing is inserted. Add-only: at most (inequality rows + 1) solves.
  Status solve_right(Index& iterations) {
    bool independent = add_equalities();
    const Index cap = iteration_cap();
    for (;;) {
      if (iterations == cap) return Status::IterationLimit;
      ++iterations;
      solve_working_set();
      const Scalar norm = acceleration_.head(n_).norm();
      bool inserted = false;
      bool dependent_violated = false;
      for (Index r = num_eq_; r < num_rows_; ++r) {
        if (in_set(r) || !(slack_(r) < -slack_tolerance(r, norm))) continue;
        if (try_append(r))
          inserted = true;
        else
          dependent_violated = true;
      }
      if (!inserted) return independent && !dependent_violated ? Status::Solved : Status::Singular;
    }
  }

  /// Goldfarb–Idnani dual active set: starts at the unconstrained optimum,
  /// takes the most violated row, and moves along the primal/dual step
  /// direction; a row whose multiplier reaches zero first leaves the set
  /// (partial step), otherwise the violated row enters (full step). The dual
  /// objective rises strictly at each full step, so no working set repeats:
  /// finite termination, no cycling. Dependent rows enter only after rows
  /// have been released; a violated row that no release can make room for
  /// proves infeasibility.
  Status solve_exact(Index& iterations) {
    const Index cap = iteration_cap();
    update_slacks();  // at the free motion
    // Equalities first: their multipliers have no sign, so only full steps.
    for (Index e = 0; e < num_eq_; ++e) {
      Scalar pivot = project_row(e);
      if (active_count_ >= n_) pivot = 0;
      const Scalar violation = slack_(e);
      if (is_dependent(e, pivot)) {
        if (std::fabs(violation) <= slack_tolerance(e, acceleration_.head(n_).norm())) continue;  // redundant
        return dependency_status(e, pivot);  // contradicts the other equalities
      }
      const Scalar t = -violation / pivot;
      take_step(t);
      append_projected(e, pivot, t);
    }
    for (;;) {
      Index p = most_violated_inequality();
      if (p < 0) {
        solve_working_set();  // fresh Λ_A, ẍ and slacks from the factor: no drift from the steps
        p = most_violated_inequality();
        if (p < 0) break;
      }
      Scalar multiplier_p = 0;
      for (;;) {
        if (iterations == cap) return Status::IterationLimit;
        ++iterations;
        Scalar pivot = project_row(p);
        if (active_count_ >= n_) pivot = 0;  // a full set spans the space: p depends on it
        const bool full_step_possible = !is_dependent(p, pivot);
        // Largest dual step before an inequality multiplier in the set reaches 0.
        Scalar t_partial = kInfinity;
        Index blocking = -1;
        for (Index i = 0; i < active_count_; ++i) {
          if (active_[static_cast<std::size_t>(i)] < num_eq_ || !(step_(i) > Scalar(0))) continue;
          const Scalar t = lambda_active_(i) / step_(i);
          if (t < t_partial) {
            t_partial = t;
            blocking = i;
          }
        }
        const Scalar t_full = full_step_possible ? -slack_(p) / pivot : kInfinity;
        if (blocking < 0 && !full_step_possible) return dependency_status(p, pivot);
        if (full_step_possible && t_full <= t_partial) {
          take_step(t_full);
          append_projected(p, pivot, multiplier_p + t_full);
          break;
        }
        if (full_step_possible) {
          take_step(t_partial);
        } else {
          lambda_active_.head(active_count_) -= t_partial * step_.head(active_count_);
        }
        multiplier_p += t_partial;  // p keeps pushing until it enters the set
        remove_active(blocking);
      }
    }
    return Status::Solved;
  }

  /// A violated row r that depends on rows that cannot be released proves
  /// infeasibility when the dependence is exact up to rounding: the part of
  /// ĵ_r orthogonal to the set is then rounding noise, |·| ~ ε|ĵ_r|, so its
  /// square is ~ε²|ĵ_r|². A row only nearly dependent (a larger remainder)
  /// means the data are too ill-conditioned for Scalar to decide: Singular.
  Status dependency_status(Index r, Scalar pivot) const {
    const Scalar rounding = 64 * std::numeric_limits<Scalar>::epsilon();
    return pivot <= rounding * rounding * row_norm2_scaled(r) ? Status::Infeasible : Status::Singular;
  }

  /// Inequality row (outside the set) with the largest violation per unit
  /// norm beyond its tolerance, or -1 if none.
  Index most_violated_inequality() const {
    const Scalar norm = acceleration_.head(n_).norm();
    Index worst = -1;
    Scalar worst_violation = 0;
    for (Index r = num_eq_; r < num_rows_; ++r) {
      if (in_set(r)) continue;
      const Scalar s = slack_(r);
      if (!(s < -slack_tolerance(r, norm))) continue;
      const Scalar normalized = s / row_norm_(r);
      if (worst < 0 || normalized < worst_violation) {
        worst = r;
        worst_violation = normalized;
      }
    }
    return worst;
  }

  // ---- results -------------------------------------------------------------

  void clear_outputs() {
    acceleration_.setZero();
    lambda_.setZero();
    objective_ = 0;
  }

  /// Λ, objective and residuals in the original (unscaled) space, reusing
  /// the slacks the strategy keeps: only Mẍ and J_AᵀΛ_A are new work.
  void finish(const ProblemType& p, Strategy strategy, Report<Scalar>& report) {
    const Index n = n_;
    if (report.status != Status::Solved) update_slacks();  // a strategy that stopped early: fresh slacks
    lambda_.head(num_rows_).setZero();
    for (Index i = 0; i < active_count_; ++i) lambda_(active_[static_cast<std::size_t>(i)]) = lambda_active_(i);
    report.active_count = active_count_;

    Residuals<Scalar>& res = report.residuals;
    // Mẍ and J_AᵀΛ_A (rows outside the set have Λ = 0), in plain loops:
    // GCC 12 misreads Eigen's vectorized dynamic-length blocks of tiny fixed
    // vectors (-Warray-bounds).
    DofVector& constraint_force = direction_;  // scratch
    constraint_force.head(n).setZero();
    for (Index i = 0; i < active_count_; ++i) {
      const RowView row = row_view(active_[static_cast<std::size_t>(i)]);
      for (Index j = 0; j < n; ++j) constraint_force(j) += row.at(j) * lambda_active_(i);
    }
    Scalar inertia_dot_acceleration = 0;
    for (Index i = 0; i < n; ++i) {
      Scalar inertia = 0;
      if (mass_diagonal_) {
        inertia = p.M(i, i) * acceleration_(i);
      } else {
        for (Index j = 0; j < n; ++j) inertia += p.M(i, j) * acceleration_(j);
      }
      res.stationarity = detail::max_of(res.stationarity, std::fabs(inertia - p.f(i) - constraint_force(i)));
      res.force_scale = detail::max_of(res.force_scale, detail::max_of(std::fabs(p.f(i)), detail::max_of(std::fabs(inertia), std::fabs(constraint_force(i)))));
      inertia_dot_acceleration += inertia * acceleration_(i);
    }
    objective_ = Scalar(0.5) * inertia_dot_acceleration;
    for (Index i = 0; i < n; ++i) objective_ -= p.f(i) * acceleration_(i);

    const Scalar acceleration_norm = detail::max_of(acceleration_.head(n).norm(), free_acceleration_norm_);
    res.min_slack = kInfinity;
    res.min_multiplier = kInfinity;
    for (Index r = 0; r < num_rows_; ++r) {
      const Scalar value = slack_(r);
      res.row_scale = detail::max_of(res.row_scale, detail::max_of(std::fabs(rhs_(r)), row_norm_(r) * acceleration_norm));
      res.multiplier_scale = detail::max_of(res.multiplier_scale, std::fabs(lambda_(r)));
      if (in_set(r)) res.working_set = detail::max_of(res.working_set, std::fabs(value));
      if (r < num_eq_) {
        res.equality = detail::max_of(res.equality, std::fabs(value));
        continue;
      }
      res.min_slack = detail::min_of(res.min_slack, value);
      res.min_multiplier = detail::min_of(res.min_multiplier, lambda_(r));
      res.complementarity = detail::max_of(res.complementarity, std::fabs(lambda_(r) * value));
    }
    if (num_rows_ == num_eq_) res.min_slack = res.min_multiplier = 0;

    // Every residual and scale too: |J_k|² of a finite row can overflow
    // (|J_kj| ~ 1e27 in float), and an infinite row scale would pass any check.
    const bool residuals_finite =
        detail::is_finite(res.stationarity) && detail::is_finite(res.equality) && detail::is_finite(res.working_set) &&
        detail::is_finite(res.min_slack) && detail::is_finite(res.min_multiplier) &&
        detail::is_finite(res.complementarity) && detail::is_finite(res.force_scale) &&
        detail::is_finite(res.row_scale) && detail::is_finite(res.multiplier_scale);
    if (!all_finite(acceleration_.head(n)) || !all_finite(lambda_.head(num_rows_)) || !detail::is_finite(objective_) ||
        !residuals_finite) {
      clear_outputs();  // overflow from a nearly dependent set or huge rows: never hand out Inf/NaN
      report.residuals = Residuals<Scalar>{};
      report.status = Status::Singular;
      return;
    }
    report.kkt_satisfied = res.kkt_satisfied(settings.kkt_tolerance);
    // Never a false "solved": the exact strategy promises every KKT
    // condition, the paper's strategies their working-set equations.
    const bool promise_kept = strategy == Strategy::Exact ? report.kkt_satisfied
                                                          : res.working_set_satisfied(settings.kkt_tolerance);
    if (report.status == Status::Solved && !promise_kept) report.status = Status::Inaccurate;
  }

  // ---- storage (all inline) --------------------------------------------------

  const ProblemType* problem_ = nullptr;  ///< the problem being solved (valid during solve)
  Index n_ = 0;
  Index num_eq_ = 0;
  Index num_rows_ = 0;

  MassMatrix mass_ = MassMatrix::Zero();         ///< last factored M (change detection)
  MassMatrix mass_factor_ = MassMatrix::Zero();  ///< L, or 1/√m_ii on the diagonal
  Index mass_n_ = 0;
  std::uint32_t mass_factorizations_ = 0;
  bool mass_valid_ = false;
  bool mass_diagonal_ = false;

  ScaledRows scaled_rows_ = ScaledRows::Zero();  ///< column r: ĵ_r = L⁻¹J_rᵀ once scaled_[r]
  RowVector rhs_ = RowVector::Zero();            ///< d (equalities first)
  RowVector row_norm_ = RowVector::Zero();       ///< ‖J_r‖₂
  RowVector slack_ = RowVector::Zero();          ///< J_r ẍ − d_r at the current ẍ
  RowVector lambda_ = RowVector::Zero();         ///< Λ of the last solve, same row order
  DofVector z_free_ = DofVector::Zero();         ///< L⁻¹f
  DofVector acceleration_ = DofVector::Zero();   ///< ẍ
  DofVector direction_ = DofVector::Zero();      ///< step direction in the scaled space
  DofVector direction_acceleration_ = DofVector::Zero();  ///< the same for ẍ: L⁻ᵀ direction
  Scalar free_acceleration_norm_ = 0;            ///< ‖M⁻¹f‖₂, a scale for the slacks
  Scalar objective_ = 0;

  ActiveMatrix factor_ = ActiveMatrix::Zero();  ///< Cholesky factor of W_A = Ĵ_A Ĵ_Aᵀ
  ActiveVector lambda_active_ = ActiveVector::Zero();
  ActiveVector projection_ = ActiveVector::Zero();
  ActiveVector step_ = ActiveVector::Zero();
  std::array<Index, kMaxActive> active_{};  ///< row indices of the working set, in factor order
  Index active_count_ = 0;
  RowFlags in_set_{};  ///< row r is in the working set
  RowFlags scaled_{};  ///< column r of scaled_rows_ holds ĵ_r
};

}  // namespace tact
