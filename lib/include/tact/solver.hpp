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
#include <cstdint>
#include <limits>
#include <type_traits>

#include "tact/config.hpp"
#include "tact/detail/dense.hpp"
#include "tact/problem.hpp"
#include "tact/status.hpp"

namespace tact {

/// Inequality rows a strategy carries from one step to the next (the paper's
/// F+), keyed by RowId so rows may appear, vanish and reorder between steps.
template <int MaxIneq>
struct ActiveSetMemory {
  std::array<RowId, static_cast<std::size_t>(MaxIneq)> ids{};
  Index count = 0;
  bool initialized = false;  ///< false: the strategy populates it on first use (ids held are ignored)

  // The members below read only the first held() ids: a count set by hand
  // outside [0, MaxIneq] (the struct is public) reads as an empty memory
  // and is never indexed with (until session 52, insert wrote ids[-1]).
  bool contains(RowId id) const {
    const Index held_ids = held();
    for (Index k = 0; k < held_ids; ++k)
      if (ids[static_cast<std::size_t>(k)] == id) return true;
    return false;
  }
  /// Adds id unless it is held. @return false when the memory is full (id
  /// not added): it holds MaxIneq ids of the last solve's rows, which a
  /// Platt solve drops when their rows are gone from its problem; false
  /// too, nothing added, for a count that is not valid().
  bool insert(RowId id) {
    if (!valid()) return false;
    if (contains(id)) return true;
    if (count >= MaxIneq) return false;
    ids[static_cast<std::size_t>(count++)] = id;
    return true;
  }
  void erase(RowId id) {
    const Index held_ids = held();
    for (Index k = 0; k < held_ids; ++k) {
      if (ids[static_cast<std::size_t>(k)] != id) continue;
      ids[static_cast<std::size_t>(k)] = ids[static_cast<std::size_t>(--count)];
      return;
    }
  }
  void clear() {
    count = 0;
    initialized = false;
  }
  /// Keeps the ids for which keep(id) holds, in their order (none for a
  /// count that is not valid(): it becomes 0).
  template <typename Keep>
  void keep_if(Keep keep) {
    Index kept = 0;
    const Index held_ids = held();
    for (Index k = 0; k < held_ids; ++k)
      if (keep(ids[static_cast<std::size_t>(k)])) ids[static_cast<std::size_t>(kept++)] = ids[static_cast<std::size_t>(k)];
    count = kept;
  }
  /// A count within [0, MaxIneq] (the struct is public: a solve checks it;
  /// as unsigned, a negative count is above MaxIneq).
  bool valid() const { return static_cast<unsigned>(count) <= static_cast<unsigned>(MaxIneq); }
  /// The ids in use: count when valid(), else none.
  Index held() const { return valid() ? count : 0; }
};

/// Tuning of a solve; the defaults suit most problems. A solve with a
/// tolerance outside (0, 1), a kkt_tolerance below ε, a dependency_tolerance
/// below ε² or a negative cap is refused with Status::InvalidInput.
template <typename Scalar>
struct Settings {
  /// Hard cap on iterations; 0 means the default 4·(rows) + 16, where an
  /// iteration is one working-set solve (Platt, Right) or one primal/dual step
  /// (Exact). A solve counts all of its own: those of a small-problem path
  /// that declined count against the general path's.
  Index max_iterations = 0;
  /// Relative tolerance of the KKT conditions (ScalarTraits<Scalar>::kkt_tolerance; at least ε).
  Scalar kkt_tolerance = ScalarTraits<Scalar>::kkt_tolerance;
  /// Relative tolerance for a row to count as dependent on the working set
  /// (a fraction of its squared norm, at least ε²).
  Scalar dependency_tolerance = ScalarTraits<Scalar>::dependency_tolerance;
  /// Exact's path for small problems of contacts (no equality rows,
  /// n·rows ≤ 36: Solver::solve_small), which takes about a fifth
  /// fewer instructions for the same results within the tolerance. false:
  /// every solve takes the general path (tests compare the two). Compiled
  /// only with TACT_SMALL_PROBLEM_PATH (config.hpp, default 1).
  bool small_problem_path = true;
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
    return stationarity <= tolerance * (force_scale + tiny) && row_within(equality, row_scale, tolerance) &&
           slack_within(min_slack, row_scale, tolerance) &&
           multiplier_within(min_multiplier, multiplier_scale, tolerance) &&
           complementarity <= row_tol * (multiplier_scale + tiny);
  }
  /// True when a row's |residual| is within `tolerance` relative to the row
  /// scale (false for a NaN).
  static bool row_within(Scalar residual, Scalar row_scale, Scalar tolerance) {
    return residual <= tolerance * (row_scale + std::numeric_limits<Scalar>::min());
  }
  /// True when an inequality row's slack is violated (< 0) by no more than
  /// `tolerance` relative to the row scale (false for a NaN).
  static bool slack_within(Scalar slack, Scalar row_scale, Scalar tolerance) {
    return slack >= -tolerance * (row_scale + std::numeric_limits<Scalar>::min());
  }
  /// True when an inequality multiplier λ pulls (λ < 0) by no more than
  /// `tolerance` relative to the multiplier scale (false for a NaN).
  static bool multiplier_within(Scalar lambda, Scalar multiplier_scale, Scalar tolerance) {
    return lambda >= -tolerance * (multiplier_scale + std::numeric_limits<Scalar>::min());
  }
  /// True when stationarity and the working set's rows hold (what a
  /// working-set strategy promises, whatever rows it left out).
  bool working_set_satisfied(Scalar tolerance) const {
    const Scalar tiny = std::numeric_limits<Scalar>::min();
    return stationarity <= tolerance * (force_scale + tiny) && row_within(working_set, row_scale, tolerance);
  }
};

/// Summary of one solve; the vectors (ẍ, Λ, working set) stay in the solver.
template <typename Scalar>
struct [[nodiscard]] Report {
  Status status = Status::InvalidInput;
  Index iterations = 0;         ///< iterations used (see Settings::max_iterations)
  Index active_count = 0;       ///< rows in the final working set (equalities included)
  bool kkt_satisfied = false;   ///< every KKT condition holds within Settings::kkt_tolerance
  /// ẍ and Λ are the strategy's point (its last iterate, whatever the
  /// status). False when the solve has none and its outputs are zeros: the
  /// data refused (InvalidInput, InvalidMass) or the residuals overflowed
  /// (Singular; the working set is then the strategy's last, for the
  /// record). A stepper must not advance with them. It describes the solve,
  /// not a World step: see World::step for when x and v move.
  bool has_point = false;
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
  /// Row storage: Eigen and std::array need at least one entry.
  static constexpr int kRowStorage = kMaxRows > 0 ? kMaxRows : 1;
  /// Rows in a working set are independent, so there are at most n of them.
  static constexpr int kMaxActive = MaxDof;
  using RowVector = Eigen::Matrix<Scalar, kRowStorage, 1>;

  Settings<Scalar> settings;

  /// Solves `problem` with `strategy`.
  /// @param memory the working set carried between steps, keyed by RowId.
  ///        Platt and PlattImproved: the paper's F+. Exact: a warm start —
  ///        the rows of the last solve's working set enter first, and the
  ///        memory then holds this solve's working set (cleared when the
  ///        solve does not end Solved). Right carries nothing and
  ///        clears it: a set kept across Right's steps would be stale when
  ///        a Platt step read it (a body pulled back to a contact it left
  ///        long before). nullptr: one step from an empty history. Checked
  ///        by every strategy: a count outside [0, MaxIneq] is refused
  ///        (InvalidInput). Ids are unique within a problem: rows that
  ///        share one share its place in the memory (Platt drops the id
  ///        when either row's λ ≤ 0).
  /// @return Report with Status::Solved, IterationLimit, Singular, Infeasible,
  ///         Inaccurate, InvalidInput or InvalidMass (see status.hpp);
  ///         InvalidInput too for a strategy that is not one of the four or
  ///         a memory whose count is outside [0, MaxIneq].
  /// M's factorization is reused while problem.M does not change; a diagonal M
  /// is never factored. A small problem of contacts takes Exact's
  /// small-problem path (solve_small, Settings::small_problem_path), any
  /// other solve the general path. Inlined: a firmware that calls only
  /// Exact links none of the other strategies' code.
  TACT_ALWAYS_INLINE Report<Scalar> solve(const ProblemType& problem, Strategy strategy, Memory* memory = nullptr) {
    if (strategy != Strategy::Exact) return solve_paper(problem, strategy, memory);
    // A small-path attempt that declines hands its iterations to the
    // general path, whose cap they reduce: a solve ends within its cap.
    Index spent = 0;
    if constexpr (TACT_SMALL_PROBLEM_PATH != 0) {
      if (settings.small_problem_path && solve_small(problem, memory, spent)) return small_report_;
    }
    return solve_exact_general(problem, memory, spent);
  }

  /// Forgets everything carried between solves (M's factor), so the next
  /// solve is cold. Benchmarks use it; firmware has no need to.
  void reset() { mass_valid_ = false; }

  /// True when solve() accepts `settings` (else it reports InvalidInput):
  /// kkt_tolerance in [ε, 1), dependency_tolerance in [ε², 1) (a NaN fails;
  /// an infinite tolerance would pass any violation as solved), the cap ≥ 0
  /// (0: the default). Below ε, the scalar's rounding unit, the residuals
  /// cannot be evaluated to the KKT tolerance, and Solved would claim what
  /// no one checked; below ε² a row's part orthogonal to the set (squared)
  /// cannot be told from rounding, and a dependent row stepped on as
  /// independent ended a feasible problem Infeasible (session 40's review).
  bool settings_valid() const {
    constexpr Scalar eps = std::numeric_limits<Scalar>::epsilon();
    return in_interval_below_one(settings.kkt_tolerance, eps) &&
           in_interval_below_one(settings.dependency_tolerance, eps * eps) && settings.max_iterations >= 0;
  }

  /// Accelerations ẍ of the last solve (first n entries).
  const DofVector& acceleration() const { return acceleration_; }
  /// Multiplier of equality row k of the last solve (0 for a k outside the
  /// last problem's rows, a contract violation: TACT_ASSERT).
  Scalar multiplier_eq(Index k) const {
    TACT_ASSERT(detail::index_within(k, num_eq_));
    return detail::index_within(k, num_eq_) ? lambda_(k) : Scalar(0);
  }
  /// Multiplier of inequality row k of the last solve (0 when not in the
  /// working set; 0 too for a k outside the last problem's rows: TACT_ASSERT).
  Scalar multiplier_ineq(Index k) const {
    TACT_ASSERT(is_inequality_row(k));
    return is_inequality_row(k) ? lambda_(num_eq_ + k) : Scalar(0);
  }
  /// True when inequality row k is in the final working set.
  bool in_working_set(Index k) const { return is_inequality_row(k) && in_set(num_eq_ + k); }
  /// Objective ½ẍᵀMẍ − fᵀẍ of the last solve.
  Scalar objective() const { return objective_; }
  /// How many times a dense M was factored (diagonal M never is); a solve
  /// with the same M as the last factored one reuses the factor.
  std::uint32_t mass_factorizations() const { return mass_factorizations_; }
  /// How many solves the small-problem path finished (Settings::small_problem_path);
  /// the others took the general path.
  std::uint32_t small_path_solves() const { return small_path_solves_; }

 private:
  using MassMatrix = typename ProblemType::MassMatrix;

  /// k indexes an inequality row of the last problem (no sum that could overflow).
  bool is_inequality_row(Index k) const { return detail::index_within(k, num_rows_ - num_eq_); }
  /// Scaled rows ĵ_r are kept for the working set's rows and one candidate:
  /// at most n + 1 at a time, and never more than there are rows.
  static constexpr int kSlots = kRowStorage < kMaxActive + 1 ? kRowStorage : kMaxActive + 1;
  using ScaledRows = Eigen::Matrix<Scalar, MaxDof, kSlots>;
  /// The narrowest unsigned type for indices below `count` (storage only:
  /// arithmetic is done in Index).
  template <int count>
  using SmallIndex = std::conditional_t<(count <= 256), std::uint8_t, std::uint16_t>;
  static_assert(kMaxRows <= 65536 && MaxDof <= 65536, "row and dof bounds must fit 16-bit indices");
  using SlotIndex = SmallIndex<kSlots>;
  using RowIndex = SmallIndex<kRowStorage>;
  using ActiveMatrix = Eigen::Matrix<Scalar, kMaxActive, kMaxActive>;
  using ActiveVector = Eigen::Matrix<Scalar, kMaxActive, 1>;
  using RowStates = std::array<std::uint8_t, static_cast<std::size_t>(kRowStorage)>;

  static constexpr Scalar kInfinity = std::numeric_limits<Scalar>::infinity();
  static constexpr const std::uint16_t* kConsecutive = detail::Consecutive<MaxDof>::index.data();
  static constexpr Scalar kTiny = std::numeric_limits<Scalar>::min();

  /// solve() by the general path: the exact strategy (solve_small's frame is
  /// gone when it runs: the stack of a solve is this path's) and, apart,
  /// the paper's three, so that a firmware calling only Exact (a constant
  /// at the call: solve() is inlined) links none of their code.
  TACT_NOINLINE Report<Scalar> solve_exact_general(const ProblemType& problem, Memory* memory, Index spent) {
    return solve_general<true>(problem, Strategy::Exact, memory, spent);
  }
  TACT_NOINLINE Report<Scalar> solve_paper(const ProblemType& problem, Strategy strategy, Memory* memory) {
    return solve_general<false>(problem, strategy, memory, 0);
  }
  /// The general path of the exact strategy (kExact) or of the paper's;
  /// `spent`: the iterations of a small-path attempt that declined, which
  /// count against the cap and in the report.
  template <bool kExact>
  TACT_ALWAYS_INLINE Report<Scalar> solve_general(const ProblemType& problem, Strategy strategy, Memory* memory,
                                                  Index spent) {
    // Calls in a row, not nested: M's factorization has the deepest stack
    // of a solve, so it starts from this frame.
    Status status = check_data(problem, strategy, memory);
    if (status == Status::Solved) status = check_mass(problem.M, problem.n);
    if ((status == Status::InvalidMass || (status == Status::Solved && !mass_valid_)) && !data_finite())
      status = Status::InvalidInput;
    if (status == Status::Solved && !mass_valid_) status = factor_dense_mass(problem.n);
    if (status == Status::Solved) status = prepare_rows(problem);
    if (status != Status::Solved) {
      n_ = num_eq_ = num_rows_ = 0;
      clear_outputs();
      if (strategy == Strategy::Exact && memory) remember_working_set(*memory, false);
      return refused(status);
    }
    Index iterations = 0;
    // Exact's first pass ends on swept slacks but keeps the steps' rounding
    // in ẍ and Λ_A (re-solving from the factor costs more than the rest of
    // a small solve). A second pass re-solves from the factor and resumes
    // the dual iterations when that rounding may have decided the result
    // (second_pass_needed).
    for (;;) {
      if constexpr (kExact) {
        const bool warm = !second_pass_ && memory && memory->initialized && memory->count > 0;
        status = solve_exact(warm ? memory : nullptr, iterations, iteration_cap() - spent);
      } else if (strategy == Strategy::Right) {
        if (memory) memory->clear();
        status = solve_right(iterations);
      } else {  // Platt or PlattImproved (check_data refused any other strategy)
        const bool improved = strategy == Strategy::PlattImproved;
        status = memory ? solve_platt(problem, *memory, improved, iterations) : solve_platt_once(improved, iterations);
      }
      // A strategy that stopped early leaves stale slacks: fresh ones for the
      // residuals (here, so that the sweep's kernels stack on this path's
      // frame, not on finish's).
      if (status != Status::Solved) apply_multipliers(/*keep_acceleration=*/true);
      Report<Scalar> report = finish(problem, strategy, status, spent + iterations);
      if (!second_pass_needed(status, report)) {
        if (strategy == Strategy::Exact && memory) remember_working_set(*memory, report.status == Status::Solved);
        return report;
      }
      // The point still carries the first pass's steps: counted as such,
      // the second pass starts with its re-solve from the factor.
      second_pass_ = true;
      steps_since_solve_ = 2;
    }
  }

  // ---- setup -------------------------------------------------------------

  template <typename Block>
  static bool all_finite(const Block& block) {
    Scalar probe = 0;
    detail::probe_finite(block, probe);
    return probe == Scalar(0);
  }

  // A solve's set-up: check_data, check_mass (and factor_dense_mass for a
  // dense M that changed), then prepare_rows. Rows are scaled into the mass
  // space lazily (scaled_row), when they first enter a working set: most rows
  // of a large problem never do. Nothing here touches storage beyond the
  // sizes in use, so a wide Solver costs no more than a tight one.

  /// lowest ≤ x < 1 for a positive lowest, by x's bits: those of the
  /// positive floats are increasing integers, and a negative x or NaN falls
  /// outside (an integer compare: no float compare and flag transfer).
  static bool in_interval_below_one(Scalar x, Scalar lowest) {
    return detail::bits_of(x) - detail::bits_of(lowest) < detail::bits_of(Scalar(1)) - detail::bits_of(lowest);
  }

  /// Checks sizes, the settings, the strategy, the memory's count and a
  /// large J by its row norms (kept for prepare_rows); starts an empty
  /// working set. f, d and a small J
  /// (small_rows) are checked by prepare_rows, in its passes over them, or
  /// by data_finite when M must be judged first.
  Status check_data(const ProblemType& p, Strategy strategy, const Memory* memory) {
    n_ = 0;
    num_eq_ = 0;
    num_rows_ = 0;
    active_count_ = 0;
    slots_used_ = 0;
    steps_since_solve_ = 0;
    drift_kept_ = false;
    second_pass_ = false;
    released_after_refresh_ = false;
    problem_ = &p;
    if (!p.sizes_valid() || !settings_valid() || !is_known(strategy) || (memory && !memory->valid()))
      return Status::InvalidInput;
    const Index n = p.n;
    const Index num_eq = p.num_eq;
    const Index num_ineq = p.num_ineq;
    n_ = n;
    num_eq_ = num_eq;
    num_rows_ = num_eq + num_ineq;
    if (small_rows()) return Status::Solved;
    // ‖J_r‖² by column sweeps; it is finite only if the row is (or NaN/Inf
    // shows), so only a non-finite one is looked at entry by entry.
    Scalar* norm2 = row_norm_.data();
    detail::sum_squares(p.J_eq.data(), ProblemType::kEqStorage, num_eq, n, norm2);
    detail::sum_squares(p.J_ineq.data(), ProblemType::kIneqStorage, num_ineq, n, norm2 + num_eq);
    Scalar probe = 0;  // NaN if a ‖J_r‖² is NaN or ±Inf
    detail::probe_finite(row_norm_.head(num_rows_), probe);
    return probe != Scalar(0) ? rows_status_after_non_finite_norm() : Status::Solved;
  }

  /// Once a row norm (‖J_r‖ or ‖J_r‖²) showed NaN or ±Inf: InvalidInput if
  /// a row with such a norm holds NaN or ±Inf, else Solved (finite entries
  /// whose squares overflowed: finish() reports the overflow).
  Status rows_status_after_non_finite_norm() const {
    for (Index r = 0; r < num_rows_; ++r)
      if (!detail::is_finite(row_norm_(r)) && !row_finite(r)) return Status::InvalidInput;
    return Status::Solved;
  }

  /// Up to this many entries of J (n × rows), J's passes and the
  /// projections are plain loops: the column kernels' set-up would cost more
  /// than their work (a corner contact has 4 entries, a haptic proxy in a
  /// box corner 18). Measured on the M4F with random diagonal-M problems
  /// (docs/performance-history.md): plain loops win at 2×16, 3×12, 6×6,
  /// tie at 4×8, lose at 4×10, 5×8, 2×24 (n × rows).
  static constexpr Index kSmallRowsEntries = 36;
  /// Bounds that hold only small problems: the kernels' paths compile away.
  static constexpr bool kOnlySmallRows = MaxDof * (MaxEq + MaxIneq) <= kSmallRowsEntries;
  bool small_rows() const { return kOnlySmallRows || n_ * num_rows_ <= kSmallRowsEntries; }

  /// True when f, d and a small J (small_rows; check_data checked a large
  /// one) are finite: what prepare_rows checks, asked by solve() before it
  /// reports a bad M or factors a dense one, so that a data error is
  /// reported first and no factorization is spent on it.
  bool data_finite() const {
    const ProblemType& p = *problem_;
    const Index num_ineq = num_rows_ - num_eq_;
    return all_finite(p.f.head(n_)) && all_finite(p.d_eq.head(num_eq_)) && all_finite(p.d_ineq.head(num_ineq)) &&
           (!small_rows() || (all_finite(p.J_eq.topLeftCorner(num_eq_, n_)) &&
                              all_finite(p.J_ineq.topLeftCorner(num_ineq, n_))));
  }

  /// The free motion ẍ = M⁻¹f (and z_free = L⁻¹f), each row's norm and slack
  /// tolerance; for small_rows() also ‖J_r‖² (else check_data's) and the
  /// slacks at the free motion, in the same pass over J.
  /// @return Solved, or InvalidInput when f, d or a small J is not finite.
  Status prepare_rows(const ProblemType& p) {
    const Index n = n_;
    Scalar data_probe = 0;  // NaN if an entry of f or d is NaN or ±Inf
    if (mass_diagonal_) {
      const Scalar* inverse_roots = inverse_mass_roots();
      Scalar norm2 = 0;
      for (Index j = 0; j < n; ++j) {
        const Scalar inverse_root = inverse_roots[j];
        data_probe += p.f(j) * Scalar(0);
        const Scalar z = p.f(j) * inverse_root;
        z_free_(j) = z;
        acceleration_(j) = z * inverse_root;
        norm2 += acceleration_(j) * acceleration_(j);
      }
      free_acceleration_norm_ = std::sqrt(norm2);
    } else {
      detail::probe_finite(p.f.head(n), data_probe);
      detail::copy(p.f.data(), n, z_free_.data());
      scale_by_mass(z_free_);
      detail::copy(z_free_.data(), n, acceleration_.data());
      unscale(acceleration_);
      free_acceleration_norm_ = norm_of(acceleration_);
    }

    // slack_tolerance(r, a) = base_r + fraction·‖J_r‖·a, with the scale
    // |d_r| + ‖J_r‖·(a + ‖M⁻¹f‖): rounding in J_r ẍ − d_r is of that order.
    const Scalar fraction = tolerance_fraction_ = settings.kkt_tolerance * Scalar(0.1);
    // Locals: a store through the byte-wide row states may alias any member.
    const Scalar free_norm = free_acceleration_norm_;
    const Scalar* acceleration = acceleration_.data();
    const bool small = small_rows();
    Scalar norm_probe = 0;  // NaN if a ‖J_r‖² is (small_rows: J is checked here)
    Scalar largest_rhs = 0;
    Scalar largest_norm = 0;
    // One block of rows (the equalities, then the inequalities; a loop each,
    // not a test per row): J's columns with leading dimension ld, d, and
    // the rows' first index `first`.
    const auto prepare_block = [&](const Scalar* J, Index ld, const Scalar* d, Index first, Index count) {
      Scalar* norm = row_norm_.data() + first;
      Scalar* base = tolerance_base_.data() + first;
      Scalar* slack = slack_.data() + first;
      std::uint8_t* state = row_state_.data() + first;
      for (Index r = 0; r < count; ++r) {
        if (small) {
          const Scalar* entry = J + r;
          Scalar norm2 = 0;
          Scalar slack_r = -d[r];
          for (Index j = 0; j < n; ++j, entry += ld) {
            norm2 += *entry * *entry;
            slack_r += *entry * acceleration[j];
          }
          norm[r] = norm2;
          slack[r] = slack_r;
          norm_probe += norm2 * Scalar(0);
        }
        data_probe += d[r] * Scalar(0);
        const Scalar row_norm = norm[r] = std::sqrt(norm[r]);
        const Scalar magnitude = std::fabs(d[r]);
        base[r] = fraction * (magnitude + row_norm * free_norm) + kTiny;
        state[r] = 0;
        largest_rhs = detail::max_of(largest_rhs, magnitude);
        largest_norm = detail::max_of(largest_norm, row_norm);
      }
    };
    prepare_block(p.J_eq.data(), ProblemType::kEqStorage, p.d_eq.data(), 0, num_eq_);
    prepare_block(p.J_ineq.data(), ProblemType::kIneqStorage, p.d_ineq.data(), num_eq_, num_rows_ - num_eq_);
    largest_rhs_ = largest_rhs;
    largest_row_norm_ = largest_norm;
    if (data_probe != Scalar(0)) return Status::InvalidInput;
    // A ‖J_r‖² that is not finite: NaN/Inf in the row, or an overflow of finite entries.
    return norm_probe != Scalar(0) ? rows_status_after_non_finite_norm() : Status::Solved;
  }

  bool row_finite(Index r) const {
    if (r < num_eq_) return all_finite(problem_->J_eq.row(r).head(n_));
    return all_finite(problem_->J_ineq.row(r - num_eq_).head(n_));
  }

  /// Checks M unless it equals the last factored M, and keeps it for change
  /// detection. A diagonal M is "factored" here (1/√m_ii); a dense M is
  /// copied into mass_factor_ and left for factor_dense_mass (mass_valid_
  /// stays false). @return Solved, InvalidInput (NaN/Inf) or InvalidMass.
  Status check_mass(const MassMatrix& M, Index n) {
    if (mass_valid_ && n == mass_n_ && same_mass(M, n)) return Status::Solved;
    mass_valid_ = false;
    mass_n_ = n;
    // One pass over the diagonal (finiteness by a probe, kept for change
    // detection), one over the off-diagonal bits (is M diagonal?). A dense M
    // then takes one pass over the lower triangle and the strict upper one:
    // finiteness, symmetry, the symmetric part ½(m_ij + m_ji) copied for
    // factor_dense_mass and, for change detection, the lower triangle kept:
    // the diagonal in mass_diagonal_entries_, the strict lower triangle
    // transposed into the strict upper triangle of mass_factor_, which the
    // factor never uses (same_mass asks the upper triangle to mirror it).
    const Scalar* m = M.data();
    Scalar probe = 0;
    Scalar largest = 0;  // of an SPD matrix, the largest entry (|m_ij|² ≤ m_ii·m_jj)
    Scalar smallest = kInfinity;
    // 1/√m_jj as if M were diagonal: a dense M's copy below overwrites them.
    Scalar* inverse_roots = inverse_mass_roots();
    for (Index j = 0; j < n; ++j) {
      const Scalar diagonal = m[j * MaxDof + j];
      probe += diagonal * Scalar(0);
      largest = detail::max_of(largest, std::fabs(diagonal));
      smallest = detail::min_of(smallest, diagonal);
      mass_diagonal_entries_(j) = diagonal;
      inverse_roots[j] = Scalar(1) / std::sqrt(diagonal);
    }
    const Scalar eps = std::numeric_limits<Scalar>::epsilon();
    mass_diagonal_ = off_diagonal_zero(m, n);
    if (mass_diagonal_) {
      if (probe != Scalar(0)) return Status::InvalidInput;
      // A diagonal entry whose inverse overflows (subnormal) has no finite
      // M⁻¹: refused as the small path's 1/m_jj would decline it.
      if (!(smallest > eps * largest) || !detail::is_finite(Scalar(1) / smallest)) return Status::InvalidMass;
      mass_valid_ = true;
      return Status::Solved;
    }
    // Symmetric within rounding of M's scale: |m_ij − m_ji| ≤ 8ε·max m_ii
    // (an entry's rounding is relative to the terms it was summed from,
    // which can exceed √(m_ii·m_jj): a slender tool's axial inertia beside
    // its transverse one). The factor is the symmetric part's, the
    // quadratic form's, whose definiteness the factor then judges: the
    // lower triangle alone could be SPD where M's form is not (session 40's
    // review: M = [1e6 0.9; 0 1e-7] came back Solved), and the residuals'
    // Mẍ is then that part's too (mass_mirrored_).
    const Scalar symmetry_tolerance = 8 * eps * largest;
    bool symmetric = true;
    Scalar gaps = 0;  // Σ|m_ij − m_ji|: 0 when the triangles mirror each other
    for (Index j = 0; j < n; ++j) {
      const Scalar* column = m + j * MaxDof;
      Scalar* factor_column = mass_factor_.data() + j * MaxDof;
      factor_column[j] = column[j];
      for (Index i = j + 1; i < n; ++i) {
        const Scalar lower = column[i];
        const Scalar upper = m[i * MaxDof + j];
        probe += (lower + upper) * Scalar(0);
        const Scalar gap = upper - lower;
        symmetric &= std::fabs(gap) <= symmetry_tolerance;
        gaps += std::fabs(gap);
        factor_column[i] = detail::symmetric_part(lower, upper);
        mass_factor_(j, i) = lower;
      }
    }
    if (probe != Scalar(0)) return Status::InvalidInput;
    if (!symmetric) return Status::InvalidMass;
    mass_mirrored_ = gaps == Scalar(0);
    return Status::Solved;
  }

  /// True when every off-diagonal entry of M's leading n×n block is ±0. The
  /// entries' bits are OR-ed (detail::or_of_bits: four per LDM on Thumb-2),
  /// and the result tested as a float's: no float compare per entry (a
  /// diagonal M of 22 bodies has 462 zeros, which every solve reads: in
  /// check_mass or same_mass). A NaN or an Inf is not zero, so it is left to
  /// the dense checks.
  static bool off_diagonal_zero(const Scalar* m, Index n) {
    decltype(detail::bits_of(Scalar(0))) bits = 0;
    for (Index j = 0; j < n; ++j) {
      const Scalar* column = m + j * MaxDof;
      bits = detail::or_of_bits(column, j, bits);                  // above the diagonal
      bits = detail::or_of_bits(column + j + 1, n - j - 1, bits);  // below it
      if (bits << 1 != 0) return false;                            // a dense M: at the first column
    }
    return true;
  }

  /// 1/√m_ii of a diagonal M, contiguous: mass_factor_'s first column, which
  /// only a dense M's factor uses (loops over it take one load per entry).
  const Scalar* inverse_mass_roots() const { return mass_factor_.data(); }
  Scalar* inverse_mass_roots() { return mass_factor_.data(); }

  /// L of the dense M that check_mass copied into mass_factor_'s lower triangle.
  TACT_NOINLINE Status factor_dense_mass(Index n) {
    ++mass_factorizations_;
    if (!detail::cholesky_in_place(mass_factor_, n, 16 * std::numeric_limits<Scalar>::epsilon()))
      return Status::InvalidMass;
    mass_valid_ = true;
    return Status::Solved;
  }

  /// True when M's lower triangle is the one last factored and its upper
  /// triangle mirrors it bit for bit (else check_mass judges the symmetry
  /// again), the last M's did too (mass_mirrored_: else the factor is of a
  /// symmetric part that a mirrored M with the same lower triangle does not
  /// have, and may not be definite); for a diagonal M, when the diagonal is
  /// the same and the rest still zero.
  bool same_mass(const MassMatrix& M, Index n) const {
    const Scalar* m = M.data();
    // The diagonal by its bits (no float compare per entry): the kept one is
    // positive and finite, so equal bits and equal values are the same test.
    decltype(detail::bits_of(Scalar(0))) changed = 0;
    for (Index j = 0; j < n; ++j)
      changed |= detail::bits_of(m[j * MaxDof + j]) ^ detail::bits_of(mass_diagonal_entries_(j));
    bool same = changed == 0;
    if (mass_diagonal_) return same && off_diagonal_zero(m, n);
    if (!same || !mass_mirrored_) return false;  // a robot's M(q): its diagonal moves with q (robot warm mean −2 %)
    for (Index j = 0; j < n; ++j) {
      const Scalar* column = m + j * MaxDof;
      const Scalar* kept = mass_factor_.data() + j;  // row j of the strict upper triangle
      for (Index i = j + 1; i < n; ++i) {
        const Scalar lower = kept[i * MaxDof];
        same &= (column[i] == lower) & (m[i * MaxDof + j] == lower);
      }
    }
    return same;
  }

  /// v ← L⁻¹ v (forces and rows into the scaled space; in plain loops for
  /// few_dofs()). Called for a dense M only: a diagonal M's callers fuse
  /// the scaling into their own loops.
  /// The diagonal branch stays because without it GCC lays out the set-up
  /// differently and every M4F solve runs 19 instructions more.
  /// `inverse_diagonal`: as forward_substitute_mass's.
  template <typename Vector>
  void scale_by_mass(Vector&& v, const Scalar* inverse_diagonal = nullptr) const {
    if (mass_diagonal_) {
      for (Index i = 0; i < n_; ++i) v(i) *= inverse_mass_roots()[i];
      return;
    }
    if (few_dofs()) return forward_substitute_mass(v, inverse_diagonal);
    detail::forward_substitute(mass_factor_, n_, v);
  }

  /// v ← L⁻ᵀ v (from the scaled space back to accelerations).
  void unscale(DofVector& v, const Scalar* inverse_diagonal = nullptr) const {
    if (mass_diagonal_) {
      for (Index i = 0; i < n_; ++i) v(i) *= inverse_mass_roots()[i];
      return;
    }
    if (few_dofs()) return backward_substitute_mass(v, inverse_diagonal);
    detail::backward_substitute_transposed(mass_factor_, n_, v);
  }

  /// v ← L⁻¹v and v ← L⁻ᵀv by a dense M's factor in plain loops (few DOFs).
  /// `inverse_diagonal`: 1/l_kk, where the caller keeps them (solve_small: a
  /// division is a library call on a core without an FPU, and 14 cycles on
  /// an M4F), else nullptr: divisions.
  template <typename Vector>
  void forward_substitute_mass(Vector&& v, const Scalar* inverse_diagonal = nullptr) const {
    for (Index k = 0; k < n_; ++k) {
      const Scalar value = inverse_diagonal ? v(k) * inverse_diagonal[k] : v(k) / mass_factor_(k, k);
      v(k) = value;
      for (Index i = k + 1; i < n_; ++i) v(i) -= mass_factor_(i, k) * value;
    }
  }
  void backward_substitute_mass(DofVector& v, const Scalar* inverse_diagonal = nullptr) const {
    for (Index i = n_ - 1; i >= 0; --i) {  // by columns of Lᵀ, as forward_substitute_mass by those of L
      const Scalar value = inverse_diagonal ? v(i) * inverse_diagonal[i] : v(i) / mass_factor_(i, i);
      v(i) = value;
      for (Index k = 0; k < i; ++k) v(k) -= mass_factor_(i, k) * value;
    }
  }

  /// Fewer DOFs than the kernels' blocks (detail::kKernelBlock): M's
  /// triangular solves, Mẍ and |v|² then run in plain loops, without a call.
  bool few_dofs() const { return n_ < detail::kKernelBlock; }

  Scalar norm_of(const DofVector& v) const { return std::sqrt(squared_norm(v.data(), n_)); }
  /// |v|² of v[0..count), in a plain loop below detail::kKernelBlock entries.
  static Scalar squared_norm(const Scalar* v, Index count) {
    if (count >= detail::kKernelBlock) return detail::dot(v, v, count);
    Scalar sum = 0;
    for (Index i = 0; i < count; ++i) sum += v[i] * v[i];
    return sum;
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
  /// d_r of row r (equalities first).
  Scalar rhs(Index r) const { return r < num_eq_ ? problem_->d_eq(r) : problem_->d_ineq(r - num_eq_); }

  // Per-row state bits (row_state_).
  static constexpr std::uint8_t kInSet = 1;   ///< row is in the working set
  static constexpr std::uint8_t kScaled = 2;  ///< slot slot_of_[r] holds ĵ_r

  /// ĵ_r = L⁻¹J_rᵀ (and |ĵ_r|²), computed when row r is first needed and
  /// kept until its slot is taken by another row.
  const Scalar* scaled_row(Index r) {
    std::uint8_t& state = row_state_[static_cast<std::size_t>(r)];
    if (state & kScaled) return scaled_column(r);
    const Index slot = free_slot();
    if (slot < slots_used_)
      row_state_[static_cast<std::size_t>(slot_row_[static_cast<std::size_t>(slot)])] &= static_cast<std::uint8_t>(~kScaled);
    else
      ++slots_used_;
    slot_row_[static_cast<std::size_t>(slot)] = static_cast<RowIndex>(r);
    slot_of_[static_cast<std::size_t>(r)] = static_cast<SlotIndex>(slot);
    Scalar* column = scaled_rows_.data() + slot * MaxDof;
    const RowView row = row_view(r);
    if (mass_diagonal_) {  // copy, scale and |ĵ_r|² in one pass
      const Scalar* inverse_roots = inverse_mass_roots();
      Scalar norm2 = 0;
      for (Index j = 0; j < n_; ++j) {
        const Scalar value = column[j] = row.at(j) * inverse_roots[j];
        norm2 += value * value;
      }
      slot_norm2_[static_cast<std::size_t>(slot)] = norm2;
    } else {
      for (Index j = 0; j < n_; ++j) column[j] = row.at(j);
      scale_by_mass(scaled_rows_.col(slot));
      slot_norm2_[static_cast<std::size_t>(slot)] = squared_norm(column, n_);
    }
    state = static_cast<std::uint8_t>(state | kScaled);
    return column;
  }
  /// A slot for a row about to be scaled: an unused one while there is one,
  /// else one whose row is outside the working set. There always is one: the
  /// set holds at most min(n, rows − 1) rows while a row outside it is being
  /// scaled, fewer than kSlots = min(MaxDof + 1, rows bound).
  Index free_slot() const {
    if (slots_used_ < kSlots) return slots_used_;
    Index slot = 0;
    while (slot + 1 < kSlots && in_set(slot_row_[static_cast<std::size_t>(slot)])) ++slot;
    return slot;
  }
  const Scalar* scaled_column(Index r) const {
    return scaled_rows_.data() + slot_of_[static_cast<std::size_t>(r)] * MaxDof;
  }
  /// Ĵ_Aᵀ: column i is the scaled row at working-set position i.
  detail::ColumnSet<Scalar> active_columns() const { return {scaled_rows_.data(), MaxDof, active_slot_.data()}; }
  /// Column i of Ĵ_Aᵀ, for plain loops (a small J). Not active_columns()(i):
  /// GCC then inlines differently, +640 bytes of flash on the M4F.
  const Scalar* active_column(Index i) const {
    return scaled_rows_.data() + active_slot_[static_cast<std::size_t>(i)] * MaxDof;
  }

  /// slack ← scale·J v + (slack if accumulate, else −d), for every row, by
  /// column sweeps over the contiguous (column-major) storage of J, skipping
  /// the columns where v is zero (a step that moves few bodies, or a sparse
  /// row, touches few columns). This is the hottest loop of a solve.
  void sweep_rows(const DofVector& v, Scalar scale, bool accumulate) {
    Index count = 0;
    std::uint16_t* columns = sweep_column_.data();
    for (Index j = 0; j < n_; ++j) list_if_nonzero(v(j), j, columns, count);
    sweep_listed_columns(v, count, scale, accumulate);
  }
  /// Appends column j to the list `columns` (sweep_column_) when v_j ≠ 0.
  static void list_if_nonzero(Scalar v_j, Index j, std::uint16_t* columns, Index& count) {
    if (!detail::is_zero(v_j)) columns[count++] = static_cast<std::uint16_t>(j);
  }
  /// sweep_rows over the `count` columns already in sweep_column_.
  void sweep_listed_columns(const DofVector& v, Index count, Scalar scale, bool accumulate) {
    if (!accumulate) {
      for (Index r = 0; r < num_eq_; ++r) slack_(r) = -problem_->d_eq(r);
      Scalar* ineq_slack = slack_.data() + num_eq_;
      for (Index r = 0; r < num_rows_ - num_eq_; ++r) ineq_slack[r] = -problem_->d_ineq(r);
    }
    if (count == 0) return;  // e.g. the free motion of a body at rest
    const Index eq_rows = accumulate ? 0 : num_eq_;  // a step's sweep: see take_step
    if (small_rows()) {  // a small J: the kernels' set-up would cost more than their work
      for (Index c = 0; c < count; ++c) {
        const Index j = sweep_column_[static_cast<std::size_t>(c)];
        add_column(j, scale * v(j), eq_rows);
      }
      return;
    }
    const detail::CoefficientSet<Scalar> coefficient{v.data(), 1, sweep_column_.data(), scale};
    if (eq_rows > 0)
      detail::accumulate_columns(eq_rows, count,
                                 detail::ColumnSet<Scalar>{problem_->J_eq.data(), ProblemType::kEqStorage, sweep_column_.data()},
                                 coefficient, slack_.data());
    detail::accumulate_columns(
        num_rows_ - num_eq_, count,
        detail::ColumnSet<Scalar>{problem_->J_ineq.data(), ProblemType::kIneqStorage, sweep_column_.data()}, coefficient,
        slack_.data() + num_eq_);
  }

  /// slack += scale·J v over the columns 0 … n − 1, for every inequality
  /// row (a step's sweep: see take_step): a dense M's step, whose Δẍ
  /// moves every DOF, builds no list of the moving columns (a large J; a
  /// small one takes add_column). The kernel's ColumnSet, not one for
  /// consecutive columns: that saved dense-12-2-24-a 467 more instructions
  /// for 704 bytes of flash.
  void sweep_every_column(const DofVector& v, Scalar scale) {
    const detail::CoefficientSet<Scalar> coefficient{v.data(), 1, kConsecutive, scale};
    detail::accumulate_columns(num_rows_ - num_eq_, n_,
                               detail::ColumnSet<Scalar>{problem_->J_ineq.data(), ProblemType::kIneqStorage, kConsecutive},
                               coefficient, slack_.data() + num_eq_);
  }

  /// slack += x·(column j of J), for the first eq_rows equality rows and
  /// every inequality row: the sweeps' plain loop for a small J (small_rows).
  /// A step sweeps the inequality rows only (eq_rows 0: see take_step).
  void add_column(Index j, Scalar x, Index eq_rows = 0) {
    const Scalar* eq_column = problem_->J_eq.data() + j * ProblemType::kEqStorage;
    for (Index r = 0; r < eq_rows; ++r) slack_(r) += eq_column[r] * x;
    const Scalar* ineq_column = problem_->J_ineq.data() + j * ProblemType::kIneqStorage;
    Scalar* ineq_slack = slack_.data() + num_eq_;
    for (Index r = 0; r < num_rows_ - num_eq_; ++r) ineq_slack[r] += ineq_column[r] * x;
  }

  /// Slack J_r ẍ − d_r of every row at the current ẍ.
  void update_slacks() { sweep_rows(acceleration_, Scalar(1), false); }

  /// Slack J_e ẍ − d_e of every equality row at the current ẍ.
  void refresh_equality_slacks() {
    for (Index e = 0; e < num_eq_; ++e) slack_(e) = fresh_slack(e);
  }

  /// Tolerance on a slack of row r when ‖ẍ‖ = acceleration_norm (see prepare_rows).
  Scalar slack_tolerance(Index r, Scalar acceleration_norm) const {
    return tolerance_base_(r) + tolerance_fraction_ * row_norm_(r) * acceleration_norm;
  }

  // ---- working set -----------------------------------------------------------

  bool in_set(Index r) const { return row_state_[static_cast<std::size_t>(r)] & kInSet; }
  void set_in_set(Index r, bool value) {
    std::uint8_t& state = row_state_[static_cast<std::size_t>(r)];
    state = static_cast<std::uint8_t>(value ? (state | kInSet) : (state & ~kInSet));
  }

  /// Projects row r on the working set: l = L_W⁻¹ Ĵ_A ĵ_r (projection_,
  /// W's new factor row should r enter the set); for a step (`for_step`)
  /// also step_ = W_A⁻¹ Ĵ_A ĵ_r and direction_ = ĵ_r − Ĵ_Aᵀ step_ (the part
  /// of ĵ_r orthogonal to the set).
  /// @return the new pivot of W: |direction|², or for an append without a
  ///         step |ĵ_r|² − |l|² while that keeps at least half of |ĵ_r|².
  /// Cancellation then loses at most one bit, as much as forming direction_
  /// rounds; below that, |direction|² is formed (no cancellation when ĵ_r
  /// is nearly in the span of the set, where the difference would be noise).
  Scalar project_row(Index r, bool for_step) {
    const Index k = active_count_;
    const Scalar* row = scaled_row(r);
    if (small_rows()) return project_small_row(r, row, for_step);
    if (k > 0) {
      detail::dot_columns(n_, k, active_columns(), row, projection_.data());
      detail::forward_substitute(factor_, k, projection_);
      if (!for_step) {
        const Scalar row_norm2 = row_norm2_scaled(r);
        const Scalar pivot = row_norm2 - detail::dot(projection_.data(), projection_.data(), k);
        if (pivot >= Scalar(0.5) * row_norm2) return pivot;
      }
    }
    detail::copy(row, n_, direction_.data());
    if (k == 0) return row_norm2_scaled(r);  // the first row of a solve skips every kernel call
    detail::copy(projection_.data(), k, step_.data());
    detail::backward_substitute_transposed(factor_, k, step_);
    detail::accumulate_columns(n_, k, active_columns(),
                               detail::CoefficientSet<Scalar>{step_.data(), 1, kConsecutive, -1}, direction_.data());
    return detail::dot(direction_.data(), direction_.data(), n_);
  }

  /// project_row for a small J (small_rows, so n·k ≤ kSmallRowsEntries too),
  /// in plain loops: the kernels' calls and set-up would cost more than the
  /// few products. `row` is ĵ_r.
  Scalar project_small_row(Index r, const Scalar* row, bool for_step) {
    const Index k = active_count_;
    const Index n = n_;
    if (k == 0) {  // the first row of a solve: direction = ĵ_r
      for (Index j = 0; j < n; ++j) direction_(j) = row[j];
      return row_norm2_scaled(r);
    }
    // l = L_W⁻¹ Ĵ_A ĵ_r.
    for (Index i = 0; i < k; ++i) {
      const Scalar* a = active_column(i);
      Scalar value = 0;
      for (Index j = 0; j < n; ++j) value += a[j] * row[j];
      projection_(i) = value;
    }
    const Scalar projection_norm2 = forward_substitute_small(projection_);
    if (!for_step) {
      const Scalar row_norm2 = row_norm2_scaled(r);
      const Scalar pivot = row_norm2 - projection_norm2;
      if (pivot >= Scalar(0.5) * row_norm2) return pivot;
    }
    backward_substitute_small(projection_, step_);  // step = L_W⁻ᵀ l
    // direction = ĵ_r − Ĵ_Aᵀ step and its |·|²: the pivot.
    Scalar pivot = 0;
    for (Index j = 0; j < n; ++j) {
      Scalar value = row[j];
      for (Index i = 0; i < k; ++i) value -= active_column(i)[j] * step_(i);
      direction_(j) = value;
      pivot += value * value;
    }
    return pivot;
  }

  /// b ← L_W⁻¹ b in plain loops (a small J's working set: detail's kernels
  /// cost more in set-up), a row of L_W at a time. @return |b|².
  Scalar forward_substitute_small(ActiveVector& b) const {
    Scalar norm2 = 0;
    for (Index i = 0; i < active_count_; ++i) {
      Scalar value = b(i);
      for (Index l = 0; l < i; ++l) value -= factor_(i, l) * b(l);
      value /= factor_(i, i);
      b(i) = value;
      norm2 += value * value;
    }
    return norm2;
  }
  /// x ← L_W⁻ᵀ b in plain loops, as forward_substitute_small, from the last
  /// unknown up (x may be b).
  void backward_substitute_small(const ActiveVector& b, ActiveVector& x) const {
    for (Index i = active_count_ - 1; i >= 0; --i) {
      Scalar value = b(i);
      for (Index l = i + 1; l < active_count_; ++l) value -= factor_(l, i) * x(l);
      x(i) = value / factor_(i, i);
    }
  }

  bool is_dependent(Index r, Scalar pivot) const { return depends(pivot, row_norm2_scaled(r)); }
  /// True when a row whose |ĵ|² is norm2 depends on the working set at this
  /// pivot (the part of ĵ orthogonal to the set's, squared).
  bool depends(Scalar pivot, Scalar norm2) const {
    return !(pivot > settings.dependency_tolerance * norm2);
  }
  Scalar row_norm2_scaled(Index r) const { return slot_norm2_[slot_of_[static_cast<std::size_t>(r)]]; }

  /// Appends row r to the working set using the projection of project_row(r, ·).
  void append_projected(Index r, Scalar pivot, Scalar multiplier) {
    const Index k = active_count_;
    for (Index i = 0; i < k; ++i) factor_(k, i) = projection_(i);
    factor_(k, k) = std::sqrt(pivot);
    active_[static_cast<std::size_t>(k)] = static_cast<RowIndex>(r);
    active_slot_[static_cast<std::size_t>(k)] = slot_of_[static_cast<std::size_t>(r)];
    set_in_set(r, true);
    lambda_active_(k) = multiplier;
    ++active_count_;
  }

  /// Appends row r if it is independent of the working set.
  bool try_append(Index r) {
    if (active_count_ >= n_) return false;
    const Scalar pivot = project_row(r, /*for_step=*/false);
    if (is_dependent(r, pivot)) return false;
    append_projected(r, pivot, Scalar(0));
    return true;
  }

  void remove_active(Index position) {
    set_in_set(active_[static_cast<std::size_t>(position)], false);
    detail::cholesky_remove(factor_, active_count_, position);
    for (Index k = position; k + 1 < active_count_; ++k) {
      active_[static_cast<std::size_t>(k)] = active_[static_cast<std::size_t>(k + 1)];
      active_slot_[static_cast<std::size_t>(k)] = active_slot_[static_cast<std::size_t>(k + 1)];
      lambda_active_(k) = lambda_active_(k + 1);
    }
    --active_count_;
  }

  /// Range-space solve on the working set: W_A Λ_A = d_A − Ĵ_A z_free,
  /// z = z_free + Ĵ_AᵀΛ_A, ẍ = L⁻ᵀz; then every row's slack.
  void solve_working_set() {
    solve_multipliers();
    apply_multipliers();
  }

  /// ẍ = L⁻ᵀ(z_free + Ĵ_AᵀΛ_A) from the current Λ_A (unless
  /// `keep_acceleration`), then every row's slack at ẍ. Out of line, and
  /// the one caller of the slack sweep besides take_step: two more inlined
  /// copies of the sweep cost 640 bytes of flash on the M4F.
  TACT_NOINLINE void apply_multipliers(bool keep_acceleration = false) {
    if (!keep_acceleration && small_rows() && mass_diagonal_) {  // one plain pass per DOF
      const Index k = active_count_;
      const Scalar* inverse_roots = inverse_mass_roots();
      for (Index j = 0; j < n_; ++j) {
        Scalar z = z_free_(j);
        for (Index i = 0; i < k; ++i) z += active_column(i)[j] * lambda_active_(i);
        acceleration_(j) = z * inverse_roots[j];
      }
    } else if (!keep_acceleration) {
      const Index k = active_count_;
      detail::copy(z_free_.data(), n_, acceleration_.data());
      detail::accumulate_columns(n_, k, active_columns(),
                                 detail::CoefficientSet<Scalar>{lambda_active_.data(), 1, kConsecutive, 1},
                                 acceleration_.data());
      unscale(acceleration_);
    }
    update_slacks();
    steps_since_solve_ = 0;
  }

  /// Λ_A of the working set alone: W_A Λ_A = d_A − Ĵ_A z_free.
  void solve_multipliers() {
    const Index k = active_count_;
    if (small_rows()) {  // plain loops, as project_small_row
      for (Index i = 0; i < k; ++i) {
        const Scalar* a = active_column(i);
        Scalar value = rhs(active_[static_cast<std::size_t>(i)]);
        for (Index j = 0; j < n_; ++j) value -= a[j] * z_free_(j);
        lambda_active_(i) = value;
      }
      forward_substitute_small(lambda_active_);
      backward_substitute_small(lambda_active_, lambda_active_);
      return;
    }
    detail::dot_columns(n_, k, active_columns(), z_free_.data(), lambda_active_.data());
    for (Index i = 0; i < k; ++i) lambda_active_(i) = rhs(active_[static_cast<std::size_t>(i)]) - lambda_active_(i);
    detail::forward_substitute(factor_, k, lambda_active_);
    detail::backward_substitute_transposed(factor_, k, lambda_active_);
  }

  /// Moves ẍ, the slacks and Λ_A by t along the direction of the last
  /// project_row: Δẍ = L⁻ᵀ direction, Δslack = t·J Δẍ for the inequality
  /// rows. Only Exact steps, after its equality phase: the equality rows are
  /// in the set or redundant, and only finish() reads their slacks (afresh
  /// after a step), so no sweep over the equality block per step.
  TACT_NOINLINE void take_step(Scalar t) {
    // Two diagonal-M loops, not one with a test per DOF: that test cost
    // billiard-2 1.5 % (docs/performance-history.md).
    if (mass_diagonal_ && small_rows()) {  // Δẍ, ẍ and the sweep in one pass
      const Scalar* inverse_roots = inverse_mass_roots();
      for (Index j = 0; j < n_; ++j) {
        const Scalar delta = direction_(j) * inverse_roots[j];
        direction_acceleration_(j) = delta;
        acceleration_(j) += t * delta;
        if (!detail::is_zero(delta)) add_column(j, t * delta);
      }
    } else if (mass_diagonal_) {  // Δẍ, ẍ and the sweep's columns in one pass
      Index count = 0;
      std::uint16_t* columns = sweep_column_.data();
      const Scalar* inverse_roots = inverse_mass_roots();
      for (Index j = 0; j < n_; ++j) {
        const Scalar delta = direction_acceleration_(j) = direction_(j) * inverse_roots[j];
        acceleration_(j) += t * delta;
        list_if_nonzero(delta, j, columns, count);
      }
      sweep_listed_columns(direction_acceleration_, count, t, true);
    } else {  // Δẍ by M's factor first: a dense M couples the DOFs, so every column moves
      detail::copy(direction_.data(), n_, direction_acceleration_.data());
      unscale(direction_acceleration_);
      detail::add_scaled(n_, t, direction_acceleration_.data(), acceleration_.data());
      if (small_rows()) {
        for (Index j = 0; j < n_; ++j) add_column(j, t * direction_acceleration_(j));
      } else {
        sweep_every_column(direction_acceleration_, t);
      }
    }
    detail::add_scaled(active_count_, -t, step_.data(), lambda_active_.data());
    ++steps_since_solve_;
  }

  /// Puts every equality row in the working set. @return false if one is dependent.
  bool add_equalities() {
    bool independent = true;
    for (Index r = 0; r < num_eq_; ++r) independent = try_append(r) && independent;
    return independent;
  }

  /// Exact's equality phase: every equality row independent of the set
  /// enters without a step, then one working-set solve gives ẍ, Λ_A and the
  /// slacks at the equalities' optimum (from the factor, one sweep: not a
  /// step and a sweep per row). Without equalities, the slacks at the free
  /// motion (prepare_rows swept a small J already). A warm start with every
  /// equality independent leaves the solve to its settle (`settle_follows`),
  /// which solves for the carried rows too. A dependent row is redundant
  /// when finish()'s check would pass its violation at that optimum, as a
  /// stuck inequality row's (the search's tighter tolerance made rounding in
  /// ill-conditioned equalities look like a contradiction); else it
  /// contradicts the others (dependency_status). A row only nearly
  /// dependent is judged there too, not at the final point (see
  /// docs/reliability.md).
  Status add_exact_equalities(bool settle_follows) {
    if (num_eq_ == 0) {
      if (!settle_follows && !small_rows()) apply_multipliers(/*keep_acceleration=*/true);
      return Status::Solved;
    }
    const bool independent = add_equalities();
    if (independent && settle_follows) return Status::Solved;
    solve_working_set();
    if (independent) return Status::Solved;
    for (Index e = 0; e < num_eq_; ++e) {
      if (in_set(e) || Residuals<Scalar>::row_within(std::fabs(slack_(e)), row_scale_here(), settings.kkt_tolerance))
        continue;
      Scalar pivot = project_row(e, /*for_step=*/true);  // step_ for contradicts_set
      if (active_count_ >= n_) pivot = 0;
      return dependency_status(e, pivot);
    }
    return Status::Solved;
  }

  /// The relative residual Exact's first pass may leave in ẍ and Λ_A
  /// (solve()): a hundredth of the KKT tolerance.
  Scalar drift_tolerance() const { return settings.kkt_tolerance * Scalar(0.01); }
  /// After a first pass that kept drift (drift_kept_): true when that
  /// rounding may have decided the result, so it is decided again from the
  /// factor. A Solved pass: when stationarity or the working set's rows
  /// (what the rounding moves) miss drift_tolerance(); the slacks of the
  /// other rows were swept afresh and judged by the search's own tolerance,
  /// which a second pass would not change. An Infeasible or Singular pass:
  /// always (a violated twin of a set row may be the rounding). Not after
  /// finish() found an overflow (report Singular) or hit the cap.
  /// Without kept drift: when a first pass that ended one step after its
  /// last solve from the factor (a single step is not refreshed) is
  /// Inaccurate, as with an ill-conditioned M that step's rounding alone
  /// can miss the tolerance (only Exact steps; property test, 150 000
  /// problems: Solved 146 618 → 147 054, Inaccurate 2 204 → 1 768).
  bool second_pass_needed(Status status, const Report<Scalar>& report) const {
    if (second_pass_) return false;
    if (!drift_kept_)
      return steps_since_solve_ > 0 && status == Status::Solved && report.status == Status::Inaccurate;
    if (status == Status::Infeasible || status == Status::Singular) return true;
    if (status != Status::Solved || report.status == Status::Singular) return false;
    return !drift_within_tolerance(report.residuals);
  }
  /// True while the rounding of `steps` steps (about ε relative each) fits
  /// in drift_tolerance(): float 8 steps, double about 45 000. Past that
  /// solve()'s check would ask for a solve from the factor anyway, after a
  /// residual check spent for nothing.
  bool drift_fits(Index steps) const {
    return Scalar(steps) * std::numeric_limits<Scalar>::epsilon() <= drift_tolerance();
  }

  Index iteration_cap() const { return settings.max_iterations > 0 ? settings.max_iterations : 4 * num_rows_ + 16; }

  // ---- strategies ----------------------------------------------------------

  /// Algorithms 1 and 2: one working-set solve on the carried F+, then F+ is
  /// updated for the next step (drop λ ≤ 0; Algorithm 2 also adds rows with
  /// J_k ẍ < d_k). Algorithm 1's other rule, add rows with g_k(x) < 0 after
  /// integration, needs x and lives in the stepper (world.hpp).
  TACT_ALWAYS_INLINE Status solve_platt(const ProblemType& p, Memory& carried, bool improved, Index& iterations) {
    auto id_of = [&](Index r) { return p.ineq_id[static_cast<std::size_t>(r - num_eq_)]; };
    bool independent = add_equalities();
    if (!carried.initialized) {
      carried.count = 0;  // ids put in by hand without `initialized` are no history
      if (improved) solve_working_set();
      const Scalar norm = norm_of(acceleration_);
      for (Index r = num_eq_; r < num_rows_; ++r)
        if (starts_in_platt_set(r, improved, norm)) carried.insert(id_of(r));
      carried.initialized = true;
    } else {
      drop_vanished_rows(carried);  // a fresh F+ holds this problem's rows only
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
      const Scalar norm = norm_of(acceleration_);
      for (Index r = num_eq_; r < num_rows_; ++r)
        if (!in_set(r) && slack_(r) < -slack_tolerance(r, norm)) carried.insert(id_of(r));
    }
    return independent ? Status::Solved : Status::Singular;
  }

  /// F+ holds rows of this step only: a row that vanished leaves it (else
  /// its id would hold a slot for good, and a full F+ take no new row). Out
  /// of line: inlined into solve(), it cost every Exact solve instructions.
  TACT_NOINLINE void drop_vanished_rows(Memory& carried) const {
    carried.keep_if([&](RowId id) { return row_of(id) >= 0; });
  }

  /// F+ with no history: Algorithm 1 starts from every active row, Algorithm
  /// 2 from the rows that the equality-only acceleration (norm ‖ẍ‖) violates.
  bool starts_in_platt_set(Index r, bool improved, Scalar norm) const {
    return !improved || slack_(r) < -slack_tolerance(r, norm);
  }

  /// solve_platt from an empty history, with nothing carried on: F+ is every
  /// row (Algorithm 1) or every row the equality-only acceleration violates
  /// (Algorithm 2), so no memory is needed (no Memory on the stack either).
  /// Rows are taken one by one; keyed by RowId, the carried F+ of
  /// solve_platt would also take a violated row's twins (repeated ids).
  Status solve_platt_once(bool improved, Index& iterations) {
    bool independent = add_equalities();
    if (improved) solve_working_set();
    const Scalar norm = norm_of(acceleration_);
    for (Index r = num_eq_; r < num_rows_; ++r)
      if (starts_in_platt_set(r, improved, norm)) independent = try_append(r) && independent;
    solve_working_set();
    iterations = 1;
    return independent ? Status::Solved : Status::Singular;
  }

  /// Algorithm 3: empty F+, then solve and insert every row with J_k ẍ < d_k
  /// until nothing is inserted. Add-only: at most (inequality rows + 1) solves.
  Status solve_right(Index& iterations) {
    bool independent = add_equalities();
    const Index cap = iteration_cap();
    for (;;) {
      if (iterations >= cap) return Status::IterationLimit;
      ++iterations;
      solve_working_set();
      const Scalar norm = norm_of(acceleration_);
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

  /// Goldfarb–Idnani dual active set: starts at the unconstrained optimum
  /// (with equality rows, at theirs: add_exact_equalities),
  /// takes the most violated row, and moves along the primal/dual step
  /// direction; a row whose multiplier reaches zero first leaves the set
  /// (partial step), otherwise the violated row enters (full step). The dual
  /// objective rises strictly at each full step, so no working set repeats:
  /// finite termination, no cycling. Dependent rows enter only after rows
  /// have been released; a violated row that no release can make room for
  /// proves infeasibility, unless its violation is rounding
  /// (stuck_row_status). `warm`: the carried working set, or nullptr when
  /// there is none (solve() passes nullptr for an empty memory).
  /// On solve()'s second pass (second_pass_) the equalities and the warm
  /// start are already in the set, and every final refresh re-solves from
  /// the factor.
  TACT_ALWAYS_INLINE Status solve_exact(const Memory* warm, Index& iterations, Index cap) {
    const bool resume = second_pass_;
    if (!resume) {
      // Equalities first: their multipliers have no sign, so they enter
      // without steps and one working-set solve gives their optimum.
      const Status equalities = add_exact_equalities(/*settle_follows=*/warm != nullptr);
      if (equalities != Status::Solved) return equalities;
    }
    // A warm start's carried rows, or a crash start's violated ones, are
    // appended without steps from first_appended on, then settled (one
    // place for both: inlined once).
    const Index first_appended = active_count_;
    bool appended = warm != nullptr;
    if (warm) append_carried_rows(*warm);
    bool crash = !warm && !resume && mass_diagonal_ && small_rows();  // see crash_start
    bool from_factor = false;  // ẍ, Λ_A and the slacks solved from the factor by the refresh: no step since
    for (bool refresh_first = resume;; refresh_first = false) {
      if (appended) {
        appended = false;
        if (settle_appended(first_appended, iterations, cap) != Status::Solved) return Status::IterationLimit;
      }
      // The second pass searches only after its re-solve from the factor.
      Index violated = 0;
      Scalar slope = 0;
      const Index p = refresh_first ? -1 : most_violated_inequality(violated, slope);
      if (crash) {
        crash = false;
        if (violated >= 2) {
          crash_start(p, slope);
          appended = true;
          continue;
        }
      }
      if (p < 0) {
        // Each step adds rounding to ẍ, Λ_A and the slacks; once two or more
        // have been taken (a single step from a fresh point is about as
        // exact as a solve from the factor; where an ill-conditioned M makes
        // it miss the tolerance, finish() asks for a second pass), fresh
        // slacks at this ẍ (no violated row hides in the slacks' drift), and
        // the search looks again. The
        // rounding left in ẍ and Λ_A is judged by the residuals (solve());
        // on the second pass, or after more steps than the rounding allows
        // (drift_fits), a solve from the factor removes it, and releases a
        // row whose multiplier then pulls (refresh_multipliers). (ẍ from a
        // drifted Λ_A would leave the set's rows: their twins then look
        // violated and a feasible problem ends Infeasible.)
        if (steps_since_solve_ <= 1) break;
        const bool keep_drift = !resume && drift_fits(iterations);
        if (!keep_drift) iterations += refresh_multipliers(cap - iterations);
        drift_kept_ = keep_drift;
        apply_multipliers(/*keep_acceleration=*/keep_drift);
        from_factor = !keep_drift;
        continue;
      }
      Scalar multiplier_p = 0;
      for (;;) {
        if (iterations >= cap) return Status::IterationLimit;
        ++iterations;
        Scalar pivot = project_row(p, /*for_step=*/true);
        if (active_count_ >= n_) pivot = 0;  // a full set spans the space: p depends on it
        const bool full_step_possible = !is_dependent(p, pivot);
        // As on the small path: at a point solved from the factor, a row that
        // depends on the set with every violation within the KKT tolerance is
        // rounding between nearly parallel rows, which would swap after every
        // refresh up to the cap. finish() judges the point.
        if (!full_step_possible && from_factor && violations_within_kkt_tolerance()) return Status::Solved;
        from_factor = false;
        Index blocking = -1;
        const Scalar t_partial = largest_partial_step(blocking, /*with_equalities=*/true);
        const Scalar t_full = full_step_possible ? -slack_(p) / pivot : kInfinity;
        if (blocking < 0 && !full_step_possible) {
          const Status verdict = stuck_row_status(p, pivot);
          if (verdict == Status::Solved) end_at_current_set();  // here, not in it: one frame less deep
          return verdict;
        }
        // A full step lets p enter; a partial one releases the blocking row
        // and p keeps pushing until it enters. A NaN t_full (an overflowed
        // slack) takes the full step: the refresh or finish() judges the point.
        const bool full_step = full_step_possible && !(t_full > t_partial);
        const Scalar t = full_step ? t_full : t_partial;
        if (full_step_possible) {
          take_step(t);
        } else {  // the primal point cannot move along p: only Λ_A does
          // Stuck too when making room would not let p in either.
          if (stays_dependent_after_release(pivot, row_norm2_scaled(p), blocking, multiplier_p)) {
            end_at_current_set();
            return Status::Solved;
          }
          lambda_active_.head(active_count_) -= t * step_.head(active_count_);
          ++steps_since_solve_;
        }
        multiplier_p += t;
        if (full_step) {
          append_projected(p, pivot, multiplier_p);
          break;
        }
        remove_active(blocking);
      }
    }
    return Status::Solved;
  }

  /// Warm start of the dual active set: the inequality rows of the carried
  /// working set (by RowId) that are present and independent enter the set
  /// without steps, after the equalities (the set's leading block; a
  /// redundant one stays out, so possibly fewer than num_eq_), then
  /// settle_appended. The carried set's order is kept, so a step whose
  /// contacts did not change re-enters the same factor.
  void append_carried_rows(const Memory& warm) {
    for (Index k = 0; k < warm.count; ++k) {
      const Index r = row_of(warm.ids[static_cast<std::size_t>(k)]);
      if (r >= 0 && !in_set(r)) try_append(r);
    }
  }

  /// Crash start of a cold solve (a guess, as a warm start is): when the
  /// first search finds p and other violated rows, they all enter the set
  /// without steps, p first, then the others in row order (while
  /// independent and fewer than n), and settle_appended makes the point
  /// dual feasible. Contact rows violated by the free motion are mostly the
  /// ones that hold at the optimum (haptic-corner: 3 of 3), and on a small
  /// problem one solve costs less than a step per row. Not for a dense M,
  /// whose coupled rows make a poor guess (dense-12-2-24-a: 3 of 9 pull),
  /// nor for a large J, where a wrong guess costs sweeps (billiard-1 +16 %).
  /// `slope`: the search's fraction·‖ẍ‖ (beyond_tolerance); ẍ has not moved since.
  void crash_start(Index p, Scalar slope) {
    try_append(p);
    for (Index r = num_eq_; r < num_rows_ && active_count_ < n_; ++r)
      if (r != p && detail::sign_bit(slack_(r)) && beyond_tolerance(r, slope)) try_append(r);
  }

  /// After rows were appended without steps from working-set position
  /// `first_carried` on (a warm or crash start): one working-set solve
  /// gives Λ_A. A row that pulls (λ < 0) is released, the most negative
  /// first, until every multiplier is ≥ 0: the point is then the optimum of
  /// the problem restricted to the set, with dual feasibility — exactly the
  /// invariant the dual iterations keep, so they continue from there. When
  /// more appended rows pull than push, they are all dropped instead (no
  /// iteration) and the dual iterations start from the equalities, as a
  /// cold solve does. Then ẍ and the slacks. Each release counts as an
  /// iteration, within the solve's cap.
  /// @return Solved, or IterationLimit when the releases reach the cap.
  TACT_ALWAYS_INLINE Status settle_appended(Index first_carried, Index& iterations, Index cap) {
    // The releases need Λ_A only; ẍ and the slacks follow once, at the end.
    solve_multipliers();
    for (;;) {
      const Index most_negative = most_pulling_row();
      if (most_negative < 0) break;
      // More carried rows pull than push: the contacts have mostly come apart.
      // A release (a solve for Λ) costs about what a dual iteration that
      // brings a row in does, so the dual iterations from the equalities
      // alone are then the cheaper way (billiard step 11: 9 of 15 pulled).
      // Judged once, before the first release (no iteration yet).
      if (iterations == 0 && 2 * pulling_rows(first_carried) > active_count_ - first_carried) {
        drop_carried_rows(first_carried);
        break;
      }
      if (iterations >= cap) {
        apply_multipliers();  // ẍ of the set as it stands: the best this solve has
        return Status::IterationLimit;
      }
      ++iterations;
      remove_active(most_negative);
      solve_multipliers();
    }
    apply_multipliers();
    return Status::Solved;
  }

  /// Working-set position of the inequality row with the most negative
  /// multiplier, or -1 when none is negative.
  Index most_pulling_row() const {
    Index most_negative = -1;
    for (Index i = 0; i < active_count_; ++i) {
      if (active_[static_cast<std::size_t>(i)] < num_eq_ || !(lambda_active_(i) < Scalar(0))) continue;
      if (most_negative < 0 || lambda_active_(i) < lambda_active_(most_negative)) most_negative = i;
    }
    return most_negative;
  }

  /// The largest dual step before an inequality multiplier of the set
  /// reaches 0 as Λ_A moves by −t·step_ (∞ when none falls), and in
  /// `blocking` the working-set position of that row (else unchanged).
  /// `with_equalities`: the set may hold equality rows, whose multipliers
  /// have no sign (the small-problem path's has none).
  Scalar largest_partial_step(Index& blocking, bool with_equalities) const {
    Scalar t_partial = kInfinity;
    for (Index i = 0; i < active_count_; ++i) {
      if ((with_equalities && active_[static_cast<std::size_t>(i)] < num_eq_) || !(step_(i) > Scalar(0))) continue;
      const Scalar t = lambda_active_(i) / step_(i);
      if (t < t_partial) {
        t_partial = t;
        blocking = i;
      }
    }
    return t_partial;
  }

  /// True when the multiplier at working-set position i pulls beyond the
  /// KKT tolerance, relative to the set's largest |λ| (finish()'s test).
  bool pulls_beyond_tolerance(Index i) const {
    Scalar multiplier_scale = 0;
    for (Index k = 0; k < active_count_; ++k)
      multiplier_scale = detail::max_of(multiplier_scale, std::fabs(lambda_active_(k)));
    return !Residuals<Scalar>::multiplier_within(lambda_active_(i), multiplier_scale, settings.kkt_tolerance);
  }

  /// Λ_A solved from the factor when Exact's dual iterations end (the
  /// steps' rounding removed), and made dual feasible again. At a crowded
  /// vertex (W_A ill-conditioned) a set row's multiplier can pull beyond the
  /// KKT tolerance once solved so, where the steps had kept it positive, and
  /// finish() would report Inaccurate (property trial 13546 of 100 000,
  /// n = 10, 19 rows: λ = −3.03 beside multipliers of 530). Such rows are
  /// released, the most negative first and each as an iteration within
  /// `budget`, and the search resumes at the new point. Once per solve, so
  /// that nearly parallel rows cannot cycle in and out up to the cap.
  /// Out of line, counted by its result: the dual loop keeps its registers.
  /// @return the rows released
  TACT_NOINLINE Index refresh_multipliers(Index budget) {
    solve_multipliers();
    Index released = 0;
    if (released_after_refresh_) return released;
    // Mostly every inequality multiplier is ≥ 0: their sign bits tell, four
    // per LDM (equality rows lead the set, their multipliers have no sign).
    Index first_inequality = 0;
    while (first_inequality < active_count_ && active_[static_cast<std::size_t>(first_inequality)] < num_eq_)
      ++first_inequality;
    if (!detail::any_sign_bit(lambda_active_.data() + first_inequality, active_count_ - first_inequality))
      return released;
    for (; released < budget; ++released) {
      const Index most_negative = most_pulling_row();
      if (most_negative < 0 || !pulls_beyond_tolerance(most_negative)) break;
      released_after_refresh_ = true;
      remove_active(most_negative);
      solve_multipliers();
    }
    return released;
  }

  /// Rows at working-set positions first..active_count_ whose multiplier is negative.
  Index pulling_rows(Index first) const {
    Index count = 0;
    for (Index i = first; i < active_count_; ++i) count += lambda_active_(i) < Scalar(0);
    return count;
  }

  /// Back to the working set's first `keep` rows (the equalities in it: they
  /// entered first, so they are the factor's leading block) and their multipliers.
  void drop_carried_rows(Index keep) {
    for (Index i = keep; i < active_count_; ++i) set_in_set(active_[static_cast<std::size_t>(i)], false);
    active_count_ = keep;
    solve_multipliers();
  }

  /// Problem row of the inequality with id `id`, or -1 if it is not in the problem.
  Index row_of(RowId id) const {
    const Index num_ineq = num_rows_ - num_eq_;
    if (id < num_ineq && problem_->ineq_id[id] == id) return num_eq_ + id;  // ids are often the row indices
    for (Index k = 0; k < num_ineq; ++k)
      if (problem_->ineq_id[static_cast<std::size_t>(k)] == id) return num_eq_ + k;
    return -1;
  }

  /// After an exact solve: the memory holds the working set's inequality ids
  /// in factor order (a warm start for the next step), or nothing if the
  /// solve failed.
  void remember_working_set(Memory& memory, bool solved) const {
    memory.count = 0;
    memory.initialized = solved;
    if (!solved) return;
    Index count = 0;  // a local: memory.count++ could alias active_count_, reloaded per row
    for (Index i = 0; i < active_count_; ++i) {
      const Index r = active_[static_cast<std::size_t>(i)];
      if (r >= num_eq_) memory.ids[static_cast<std::size_t>(count++)] = problem_->ineq_id[static_cast<std::size_t>(r - num_eq_)];
    }
    memory.count = count;
  }

  /// True when every inequality row's violation would pass finish()'s KKT
  /// check (the equality rows are in the set or redundant by now). A most
  /// violated row that then can neither enter nor make room is rounding at
  /// a degenerate vertex (more rows touch than there are DOFs, and its
  /// slack carries the cancellation of large multipliers), not a proof of
  /// infeasibility: the iterations end and finish() judges the point. A scan
  /// of the slacks, not a bound from the most violated row's: rows of other
  /// norms made that bound up to their ratio stricter, and 2-dof problems
  /// that met every KKT condition ended Singular.
  bool violations_within_kkt_tolerance() const {
    const Scalar scale = row_scale_here();
    for (Index r = num_eq_; r < num_rows_; ++r)
      if (!Residuals<Scalar>::slack_within(slack_(r), scale, settings.kkt_tolerance)) return false;
    return true;
  }

  /// True when row p (|ĵ_p|² = norm2), which cannot enter the set and has
  /// taken no step yet (`multiplier_p` 0), has a violation that is rounding
  /// (violations_within_kkt_tolerance) and would still depend on the set once
  /// the row at working-set position `blocking` made room. The partial step
  /// would then move Λ_A by up to hundreds of times its size, p would still
  /// be stuck, and the set's point without p would be far from this one,
  /// which already passes the KKT check (worst-case search, 3/0/6: 5 of the
  /// 9 problems not Solved). Released, b would leave p the part of ĵ_p
  /// orthogonal to the set (|·|² = pivot) plus step_b times the part of ĵ_b
  /// orthogonal to the other set rows (|·|² = 1/(W_A⁻¹)_bb).
  TACT_NOINLINE bool stays_dependent_after_release(Scalar pivot, Scalar norm2, Index blocking, Scalar multiplier_p) {
    if (multiplier_p != Scalar(0) || !violations_within_kkt_tolerance()) return false;
    // (W_A⁻¹)_bb = |L_W⁻¹ e_b|²: forward substitution from row b on, into
    // projection_ (scratch: the partial step reads step_ only). Written out:
    // forward_substitute_small with a first row made this frame 24 bytes
    // larger, the peak stack of Solver<2, 0, 2> and <3, 0, 6> with it.
    Scalar inverse_bb = 0;
    for (Index i = blocking; i < active_count_; ++i) {
      Scalar value = i == blocking ? Scalar(1) : Scalar(0);
      for (Index l = blocking; l < i; ++l) value -= factor_(i, l) * projection_(l);
      value /= factor_(i, i);
      projection_(i) = value;
      inverse_bb += value * value;
    }
    const Scalar step = step_(blocking);
    return depends(pivot + step * step / inverse_bb, norm2);
  }

  /// Exact's verdict when the most violated row r can neither enter nor
  /// make room: Solved when that violation is rounding
  /// (violations_within_kkt_tolerance), else dependency_status. On Solved
  /// the caller ends at the current set (end_at_current_set), solved from
  /// the factor, and finish() judges it as it is: no second pass (no drift
  /// is kept), which would search again and let the same rounding swap
  /// nearly parallel rows in and out while the slacks drift (a crowded
  /// 2-dof problem went Infeasible that way). The caller, not this
  /// function, ends the set: called from here, the working-set solves ran
  /// below this frame too, the deepest stack of a solve (536 bytes on the
  /// M4F, against 512).
  TACT_NOINLINE Status stuck_row_status(Index r, Scalar pivot) const {
    return violations_within_kkt_tolerance() ? Status::Solved : dependency_status(r, pivot);
  }

  /// Ends Exact's iterations at the current set once its violations are
  /// known to be rounding: Λ_A and ẍ solved from the factor, without the
  /// steps' drift, for finish() to judge. Called from the loop itself, so
  /// its 8-byte frame is the only one between the loop's and the
  /// working-set solves' (GCC makes no tail call to a template member: weak).
  TACT_NOINLINE void end_at_current_set() {
    solve_multipliers();
    drift_kept_ = false;
    apply_multipliers();
  }

  /// A violated row r that depends on rows that cannot be released proves
  /// infeasibility when the dependence is exact up to rounding: the part of
  /// ĵ_r orthogonal to the set is then rounding noise, |·| ~ ε|ĵ_r|, so its
  /// square is ~ε²|ĵ_r|². A row only nearly dependent (a larger remainder)
  /// means the data are too ill-conditioned for Scalar to decide: Singular.
  /// Infeasible also needs the contradiction itself beyond the KKT
  /// tolerance (contradicts_set).
  Status dependency_status(Index r, Scalar pivot) const {
    constexpr Scalar rounding = 64 * std::numeric_limits<Scalar>::epsilon();
    const Scalar norm2 = row_norm2_scaled(r);
    // |ĵ_r|² overflowed (a huge row over a tiny mass): no proof of anything.
    // Nor when the bound rounding²·|ĵ_r|² falls below the normal range
    // while J_r is not zero (a tiny row over a large mass): a pivot that
    // small is lost to underflow, so 0 proves nothing. Only a zero row
    // violated is exactly infeasible (0 ≥ d_r > 0).
    if (!detail::is_finite(norm2)) return Status::Singular;
    constexpr Scalar kSmallestDecidable = std::numeric_limits<Scalar>::min() / (rounding * rounding);
    if (norm2 < kSmallestDecidable && !row_is_zero(r)) return Status::Singular;
    return pivot <= rounding * rounding * norm2 && contradicts_set(r) ? Status::Infeasible : Status::Singular;
  }
  /// True when row r, Σ step_i·(set row i) up to rounding (project_row(r,
  /// true) computed step_), contradicts the set beyond the KKT tolerance:
  ///     c = (J_r ẍ − d_r) − Σ step_i (J_i ẍ − d_i) = Σ step_i d_i − d_r
  /// does not depend on ẍ, so what the set's own rows miss at this point
  /// is not taken for a contradiction. At an ill-conditioned vertex they
  /// miss as much as r is violated, and a full set (pivot 0: n rows span
  /// the space) has no remainder to tell: 134 of 4.3 million feasible
  /// problems of the worst-case generator (2/0/6 to 12/2/24) were
  /// Infeasible, with c within the tolerance. An inequality r is
  /// contradicted when c < 0 (step_i ≤ 0 on the set's inequalities: no
  /// release can make room), an equality when c ≠ 0. Cold (a verdict), so
  /// out of line; the slacks afresh, as the kept ones drift and the
  /// equality rows' are not stepped at all.
  TACT_NOINLINE bool contradicts_set(Index r) const {
    Scalar c = fresh_slack(r);
    for (Index i = 0; i < active_count_; ++i) c -= step_(i) * fresh_slack(active_[static_cast<std::size_t>(i)]);
    const Scalar scale = row_scale_here();
    if (r < num_eq_) return !Residuals<Scalar>::row_within(std::fabs(c), scale, settings.kkt_tolerance);
    return !Residuals<Scalar>::slack_within(c, scale, settings.kkt_tolerance);
  }
  /// J_r ẍ − d_r computed afresh. Out of line: one copy for contradicts_set
  /// and refresh_equality_slacks.
  TACT_NOINLINE Scalar fresh_slack(Index r) const {
    const RowView row = row_view(r);
    Scalar slack = -rhs(r);
    for (Index j = 0; j < n_; ++j) slack += row.at(j) * acceleration_(j);
    return slack;
  }
  /// True when every entry of row r of J is ±0. Out of line: only a stuck
  /// row with an underflowed |ĵ_r|² asks.
  TACT_NOINLINE bool row_is_zero(Index r) const {
    const RowView row = row_view(r);
    for (Index j = 0; j < n_; ++j)
      if (!detail::is_zero(row.at(j))) return false;
    return true;
  }

  /// True when row r is outside the set and its slack is below
  /// −slack_tolerance(r, ‖ẍ‖), with slope = fraction·‖ẍ‖ hoisted out of the
  /// caller's loop (so equal up to rounding). The set test first: a set
  /// row's slack is about 0, as often just below (its sign bit then sends it
  /// here) as above, and its tolerance is then computed for nothing.
  bool beyond_tolerance(Index r, Scalar slope) const {
    return !in_set(r) && slack_(r) + tolerance_base_(r) + slope * row_norm_(r) < Scalar(0);
  }

  /// Inequality row (outside the set) with the largest violation per unit
  /// norm beyond its tolerance, or -1 if none; `violated`: how many are;
  /// `slope`: beyond_tolerance's fraction·‖ẍ‖ when a slack is negative.
  Index most_violated_inequality(Index& violated, Scalar& slope) const {
    Index worst = -1;
    Scalar worst_violation = 0;
    const Scalar* slack = slack_.data();
    const Scalar* row_norm = row_norm_.data();
    // Two rows per pass halve the loop's own instructions, about a seventh
    // of the search (billiard-2 −1.2 %, +128 bytes of flash; four: slower).
    // The rows before the first negative slack are not violated (below):
    // passed over before ‖ẍ‖ is computed, which then is not when none is.
    Index r = num_eq_;
    while (r < num_rows_ && !detail::sign_bit(slack[r])) ++r;
    if (r == num_rows_) return -1;
    slope = tolerance_fraction_ * norm_of(acceleration_);
#pragma GCC unroll 2
    for (; r < num_rows_; ++r) {
      // A slack of sign bit 0 (≥ 0, or a NaN that compares false below) is
      // not violated: an integer test, cheaper than the tolerance's, passes
      // over it (billiard-2 −2.9 %, where most rows are apart).
      if (!detail::sign_bit_at(slack + r)) continue;
      const Scalar s = slack[r];
      if (!beyond_tolerance(r, slope)) continue;
      ++violated;
      // s/‖J_r‖ < worst_violation without a division per row (‖J_r‖ ≥ 0).
      if (worst < 0 || s < worst_violation * row_norm[r]) {
        worst = r;
        worst_violation = s / row_norm[r];
      }
    }
    return worst;
  }

  // ---- small problems of contacts ---------------------------------------------
  // A contact servo loop's problem (a haptic proxy, a foot or a finger on a
  // few faces, a robot arm's few joints at their limits) has no equality
  // rows and a small J: a handful of DOFs and rows, so the general path's
  // fixed per-solve structure (its separate passes for the data, M and the
  // rows, scaled-row slots, a residual check written for every case) costs
  // more than the iterations. solve_small runs the same dual active set as
  // solve_exact for such a problem in the unscaled space: ĵ_kᵀĵ_l =
  // J_k M⁻¹ J_lᵀ and a step's Δẍ = M⁻¹(J_pᵀ − J_Aᵀ step), with M⁻¹f in
  // z_free_. A diagonal M's M⁻¹ is its diagonal, in direction_acceleration_
  // (storage the general path fills afresh each solve); a dense M's is
  // applied by the general path's factor of M (check_mass, factor_dense_mass:
  // kept while M does not change, as there). The path shares the working
  // set's factor and its updates (append_projected, remove_active), the
  // search and the iteration cap with the general path.

  /// Exact's path for a small problem of contacts (above). It declines,
  /// having written nothing the general path reads before writing it (but
  /// a dense M's check and factor, which are that path's own), when
  /// the problem is not one (equality rows, a J beyond small_rows), when
  /// the data or M are not valid, when a row that depends on the working
  /// set is stuck (no release makes room for it), when a multiplier pulls after a
  /// refresh from the factor, and when its point fails finish()'s check
  /// (or, with the steps' rounding kept, the drift tolerance): solve()
  /// then solves from the start, with the cap less the `spent` iterations,
  /// and that path's statuses and verdicts stand. At the cap it ends the
  /// solve itself (small_end_at_cap). So a solve it returns is Solved and
  /// meets every KKT condition within the tolerance, or is IterationLimit.
  /// @return true with the report in small_report_ (Solved or
  ///         IterationLimit) and `memory` (if any) updated as the general
  ///         path would update it; false when it declines.
  TACT_NOINLINE bool solve_small(const ProblemType& p, Memory* memory, Index& spent) {
    if (!p.sizes_valid() || p.num_eq != 0 || p.n * p.num_ineq > kSmallRowsEntries || !settings_valid() ||
        (memory && !memory->valid()))
      return false;
    problem_ = &p;
    n_ = p.n;
    num_eq_ = 0;
    num_rows_ = p.num_ineq;
    active_count_ = 0;
    if (!small_set_up(p)) return false;
    Index& iterations = spent;  // the caller's 0: when the path declines, what it spent
    // Warm start: the carried rows enter without steps, as in solve_exact.
    const bool warm = memory && memory->initialized && memory->count > 0;
    if (warm) {
      for (Index k = 0; k < memory->count; ++k) {
        const Index r = row_of(memory->ids[static_cast<std::size_t>(k)]);
        if (r >= 0 && !in_set(r)) small_try_append(r);
      }
      if (!small_settle(iterations)) return small_end_at_cap(iterations, memory);
    }
    Index steps = 0;  // since the slacks were computed afresh
    bool drift_kept = false;  // ẍ and Λ_A carry the steps' rounding (solve_exact's drift_kept_)
    bool from_factor = false;  // ẍ, Λ_A and the slacks as small_refresh left them: no step since
    bool rounding_only = false;  // the iterations ended on a violation that is rounding (below)
    for (bool first_search = !warm; !rounding_only; first_search = false) {
      Index violated = 0;
      Scalar slope = 0;
      const Index p_row = most_violated_inequality(violated, slope);
      if (p_row < 0) {
        // As solve_exact: after two or more steps, the slacks afresh (no
        // violated row hides in the steps' rounding), and search again;
        // ẍ and Λ_A too, from the factor, once the steps' rounding may
        // not fit the drift tolerance (the triangular solves' divisions
        // are calls on a core without an FPU: M0 corner-2 +8 % when every
        // refresh solved from the factor).
        if (steps <= 1) break;
        steps = 0;
        drift_kept = drift_fits(iterations);
        if (drift_kept) {
          small_fresh_slacks();
          continue;
        }
        if (!small_refresh()) return false;
        from_factor = true;
        continue;
      }
      if (first_search && violated >= 2) {  // crash start, as solve_exact's
        small_try_append(p_row);
        for (Index r = 0; r < num_rows_ && active_count_ < n_; ++r)
          if (r != p_row && detail::sign_bit(slack_(r)) && beyond_tolerance(r, slope)) small_try_append(r);
        if (!small_settle(iterations)) return small_end_at_cap(iterations, memory);
        continue;
      }
      Scalar multiplier_p = 0;
      for (;;) {
        if (iterations >= iteration_cap()) {
          small_fresh_slacks();  // ẍ as stepped, as the general path's IterationLimit keeps it
          return small_end_at_cap(iterations, memory);
        }
        ++iterations;
        Scalar norm2 = 0;
        Scalar pivot = small_project(p_row, /*for_step=*/true, norm2);
        if (active_count_ >= n_) pivot = 0;  // a full set spans the space
        const bool full_step_possible = !depends(pivot, norm2);
        // At a point solved from the factor, a row that depends on the set
        // and every violation within the KKT tolerance are rounding between
        // nearly parallel rows: releasing one to let its twin in, the twins
        // would swap after every refresh up to the cap. finish() judges the point.
        if (!full_step_possible && from_factor && violations_within_kkt_tolerance()) {
          rounding_only = true;
          break;
        }
        Index blocking = -1;
        const Scalar t_partial = largest_partial_step(blocking, /*with_equalities=*/false);
        // A row that depends on the set enters once releases make room, as
        // in solve_exact; a stuck one (no release, or none that would make
        // room) is left to the general path's verdicts.
        if (!full_step_possible &&
            (blocking < 0 || stays_dependent_after_release(pivot, norm2, blocking, multiplier_p)))
          return false;
        const Scalar t_full = full_step_possible ? -slack_(p_row) / pivot : kInfinity;
        const bool full_step = full_step_possible && !(t_full > t_partial);
        const Scalar t = full_step ? t_full : t_partial;
        if (full_step_possible) {
          small_step(t);
        } else {  // ẍ cannot move along p: only Λ_A does
          lambda_active_.head(active_count_) -= t * step_.head(active_count_);
        }
        ++steps;
        from_factor = false;
        multiplier_p += t;
        if (full_step) {
          append_projected(p_row, pivot, multiplier_p);
          break;
        }
        remove_active(blocking);
      }
    }
    if (small_finish(iterations, drift_kept, memory)) return true;
    // The steps' rounding did not fit after all (an ill-conditioned M): ẍ,
    // Λ_A and the slacks from the factor, as the general path's second pass.
    // (A row the refresh finds violated fails the check's feasibility.)
    if (!drift_kept || !small_refresh()) return false;
    return small_finish(iterations, false, memory);
  }

  /// Row r of J_ineq (solve_small's rows: there are no equality rows), its
  /// entry j at [j * kContactStride].
  static constexpr Index kContactStride = ProblemType::kIneqStorage;
  const Scalar* contact_row(Index r) const { return problem_->J_ineq.data() + r; }

  /// body(j) for each DOF j < n_ in order, unrolled for the path's usual 2
  /// and 3 DOFs: J_r's entries are then at constant offsets, where a loop
  /// over a run-time n costs about 7 instructions per entry, more than the
  /// products. Used where it pays for its code (the set-up's and the fresh
  /// slacks' row loops: haptic warm mean −123 for +192 bytes; the path's
  /// four other DOF loops: −8 more for +768), and in add_contact_row, out of
  /// line (robot warm mean −30, haptic −5, no flash; inlined at its three
  /// callers −62 and −19 for +320 bytes).
  template <typename Body>
  TACT_ALWAYS_INLINE void for_each_dof(Body&& body) const {
    if (n_ == 3) {
      body(0);
      body(1);
      body(2);
    } else if (n_ == 2) {
      body(0);
      body(1);
    } else {
      for (Index j = 0; j < n_; ++j) body(j);
    }
  }

  /// solve_small's set-up: small_mass_set_up's pass over the DOFs, then one
  /// over the rows (‖J_r‖, the slack at the free motion and its tolerance,
  /// as prepare_rows). @return false when check_mass or prepare_rows would
  /// not pass the data.
  bool small_set_up(const ProblemType& p) {
    const Scalar free_norm2 = small_mass_set_up(p);
    if (!(free_norm2 >= Scalar(0))) return false;
    const Scalar free_norm = free_acceleration_norm_ = std::sqrt(free_norm2);
    const Scalar fraction = tolerance_fraction_ = settings.kkt_tolerance * Scalar(0.1);
    Scalar probe = 0;  // NaN if an entry is NaN or ±Inf, or a product overflowed
    Scalar largest_rhs = 0;
    Scalar largest_norm = 0;
    for (Index r = 0; r < num_rows_; ++r) {
      const Scalar* row = contact_row(r);
      const Scalar d = p.d_ineq(r);
      Scalar norm2 = 0;
      Scalar slack = -d;
      for_each_dof([&](Index j) {
        const Scalar entry = row[j * kContactStride];
        norm2 += entry * entry;
        slack += entry * acceleration_(j);
      });
      // NaN or ±Inf in J_r or d_r make the slack so (x·0 is NaN for an infinite
      // x); a ‖J_r‖² that overflowed makes finish()'s row scale infinite.
      probe += slack * Scalar(0);
      const Scalar row_norm = row_norm_(r) = std::sqrt(norm2);
      slack_(r) = slack;
      tolerance_base_(r) = fraction * (std::fabs(d) + row_norm * free_norm) + kTiny;
      row_state_[static_cast<std::size_t>(r)] = 0;
      largest_rhs = detail::max_of(largest_rhs, std::fabs(d));
      largest_norm = detail::max_of(largest_norm, row_norm);
    }
    largest_rhs_ = largest_rhs;
    largest_row_norm_ = largest_norm;
    return probe == Scalar(0);
  }

  /// small_set_up's pass over the DOFs: M diagonal, finite and positive as
  /// check_mass requires, M⁻¹ and the free motion M⁻¹f (ẍ, z_free_); a
  /// dense M goes to small_dense_set_up at its first column.
  /// @return |M⁻¹f|², or −1 when check_mass would not pass M or f.
  Scalar small_mass_set_up(const ProblemType& p) {
    const Index n = n_;
    const Scalar* mass = p.M.data();
    Scalar* inverse_mass = direction_acceleration_.data();
    Scalar probe = 0;  // NaN if an entry is NaN or ±Inf, or a product overflowed
    decltype(detail::bits_of(Scalar(0))) off_diagonal = 0;
    Scalar largest_mass = 0;
    Scalar smallest_mass = kInfinity;
    Scalar free_norm2 = 0;
    for (Index j = 0; j < n; ++j) {
      const Scalar* column = mass + j * MaxDof;
      // Plain loops, not or_of_bits: the path's n is small (n × rows ≤ 36),
      // where the kernel's set-up for a column's few entries costs more
      // than it saves (haptic-corner −14).
      for (Index i = 0; i < j; ++i) off_diagonal |= detail::bits_of(column[i]);
      for (Index i = j + 1; i < n; ++i) off_diagonal |= detail::bits_of(column[i]);
      if (off_diagonal << 1 != 0) return small_dense_set_up(p);
      const Scalar diagonal = column[j];
      largest_mass = detail::max_of(largest_mass, std::fabs(diagonal));
      smallest_mass = detail::min_of(smallest_mass, diagonal);
      inverse_mass[j] = Scalar(1) / diagonal;
      const Scalar free = z_free_(j) = acceleration_(j) = p.f(j) * inverse_mass[j];
      probe += (diagonal + free) * Scalar(0);
      free_norm2 += free * free;
    }
    small_mass_dense_ = false;
    const bool valid = probe == Scalar(0) && smallest_mass > std::numeric_limits<Scalar>::epsilon() * largest_mass;
    return valid ? free_norm2 : Scalar(-1);
  }

  /// small_mass_set_up for a dense M: check_mass and M's factor as the
  /// general path's (reused while M does not change), and the free motion.
  /// Out of line: a contact loop's M is diagonal more often than not.
  /// @return |M⁻¹f|², or −1 when that path would refuse M or f (it then reports).
  TACT_NOINLINE Scalar small_dense_set_up(const ProblemType& p) {
    small_mass_dense_ = true;
    // As solve_general: M is factored only for finite data.
    const bool refused = check_mass(p.M, n_) != Status::Solved ||
                         (!mass_valid_ && (!data_finite() || factor_dense_mass(n_) != Status::Solved));
    if (refused) return -1;
    Scalar* inverse_diagonal = small_inverse_diagonal();
    for (Index j = 0; j < n_; ++j) inverse_diagonal[j] = Scalar(1) / mass_factor_(j, j);
    small_dense_inverse_mass(p.f.data(), 1, z_free_);
    Scalar probe = 0;  // NaN if f held a NaN or ±Inf, or M⁻¹f overflowed
    Scalar free_norm2 = 0;
    for (Index j = 0; j < n_; ++j) {
      const Scalar free = acceleration_(j) = z_free_(j);
      probe += free * Scalar(0);
      free_norm2 += free * free;
    }
    return probe == Scalar(0) ? free_norm2 : Scalar(-1);
  }

  /// v = M⁻¹u for the u at u[j·stride] (a row of J, or v itself).
  /// @return uᵀM⁻¹u (for J_rᵀ: J_r M⁻¹ J_rᵀ, the pivot's |ĵ|²): from the
  /// diagonal M's inverse (direction_acceleration_) in the same pass, or
  /// |L⁻¹u|² between a dense M's two triangular solves.
  Scalar small_inverse_mass(const Scalar* u, Index stride, DofVector& v) const {
    if (small_mass_dense_) return small_dense_inverse_mass(u, stride, v);
    const Scalar* inverse_mass = direction_acceleration_.data();
    Scalar energy = 0;
    for (Index j = 0; j < n_; ++j) {
      const Scalar value = u[j * stride];
      v(j) = value * inverse_mass[j];
      energy += value * v(j);
    }
    return energy;
  }

  /// small_inverse_mass for a dense M: v = M⁻¹u by the factor's two
  /// triangular solves (scale_by_mass, unscale); for 2 and 3 DOFs (a planar
  /// or a robot arm) in registers. Out of line: one copy for its callers.
  /// @return |L⁻¹u|².
  TACT_NOINLINE Scalar small_dense_inverse_mass(const Scalar* u, Index stride, DofVector& v) const {
    if (n_ == 3) return dense_inverse_mass_in_registers<3>(u, stride, v);
    if (n_ == 2) return dense_inverse_mass_in_registers<2>(u, stride, v);
    const Scalar* inverse_diagonal = small_inverse_diagonal();
    for (Index j = 0; j < n_; ++j) v(j) = u[j * stride];
    scale_by_mass(v, inverse_diagonal);
    const Scalar energy = squared_norm(v.data(), n_);
    unscale(v, inverse_diagonal);
    return energy;
  }
  /// The same loops as forward_substitute_mass and backward_substitute_mass,
  /// the same operations in the same order, over kDofs entries in a local
  /// array that GCC keeps in registers once it unrolls the loops (without
  /// the pragmas it unrolls too little: robot +100): through v,
  /// each entry is stored and loaded again around each product (v may
  /// alias L). Robot warm mean −10 %.
  template <int kDofs>
  Scalar dense_inverse_mass_in_registers(const Scalar* u, Index stride, DofVector& v) const {
    if constexpr (kDofs <= MaxDof) {  // called when n_ == kDofs only
      const Scalar* inverse_diagonal = small_inverse_diagonal();
      Scalar w[static_cast<std::size_t>(kDofs)];
      Scalar energy = 0;
#pragma GCC unroll 3
      for (int k = 0; k < kDofs; ++k) w[k] = u[k * stride];
#pragma GCC unroll 3
      for (int k = 0; k < kDofs; ++k) {
        w[k] *= inverse_diagonal[k];
        energy += w[k] * w[k];
#pragma GCC unroll 3
        for (int i = k + 1; i < kDofs; ++i) w[i] -= mass_factor_(i, k) * w[k];
      }
#pragma GCC unroll 3
      for (int i = kDofs - 1; i >= 0; --i) {
        w[i] *= inverse_diagonal[i];
#pragma GCC unroll 3
        for (int k = 0; k < i; ++k) w[k] -= mass_factor_(i, k) * w[i];
      }
#pragma GCC unroll 3
      for (int k = 0; k < kDofs; ++k) v(k) = w[k];
      return energy;
    } else {
      return 0;
    }
  }
  /// 1/l_jj of a dense M's factor for solve_small (small_dense_set_up):
  /// the first scaled-row slot, which only the general path uses and
  /// refills each solve (check_data starts with no slot used).
  Scalar* small_inverse_diagonal() { return scaled_rows_.data(); }
  const Scalar* small_inverse_diagonal() const { return scaled_rows_.data(); }

  /// project_row in the unscaled space: l = L_W⁻¹ J_A M⁻¹ J_rᵀ (projection_);
  /// for a step (`for_step`) also step_ = L_W⁻ᵀ l and the step's
  /// Δẍ = M⁻¹(J_rᵀ − J_Aᵀ step_) (direction_). `norm2`: J_r M⁻¹ J_rᵀ (|ĵ_r|²).
  /// @return the pivot, as project_row's: |ĵ_r − Ĵ_Aᵀ step|² = Δẍᵀ M Δẍ, or
  ///         for an append without a step |ĵ_r|² − |l|² while that keeps at
  ///         least half of |ĵ_r|².
  Scalar small_project(Index r, bool for_step, Scalar& norm2) {
    const Index n = n_;
    const Index k = active_count_;
    const Scalar* row = contact_row(r);
    const Scalar row_norm2 = norm2 = small_inverse_mass(row, kContactStride, direction_);
    if (k == 0) return row_norm2;
    for (Index i = 0; i < k; ++i) {
      const Scalar* set_row = contact_row(active_[static_cast<std::size_t>(i)]);
      Scalar value = 0;
      for (Index j = 0; j < n; ++j) value += set_row[j * kContactStride] * direction_(j);
      projection_(i) = value;
    }
    const Scalar projection_norm2 = forward_substitute_small(projection_);
    if (!for_step) {
      const Scalar pivot = row_norm2 - projection_norm2;
      if (pivot >= Scalar(0.5) * row_norm2) return pivot;
    }
    backward_substitute_small(projection_, step_);
    // Δẍ = M⁻¹(J_rᵀ − J_Aᵀ step): the force first, then M⁻¹ once.
    for (Index j = 0; j < n; ++j) direction_(j) = row[j * kContactStride];
    for (Index i = 0; i < k; ++i) add_contact_row(active_[static_cast<std::size_t>(i)], -step_(i), direction_);
    return small_inverse_mass(direction_.data(), 1, direction_);
  }

  /// v += x·J_rᵀ (a force on the DOFs). Out of line: see for_each_dof.
  TACT_NOINLINE void add_contact_row(Index r, Scalar x, DofVector& v) const {
    const Scalar* row = contact_row(r);
    for_each_dof([&](Index j) { v(j) += row[j * kContactStride] * x; });
  }

  /// try_append in the unscaled space: row r enters when independent of
  /// the working set and the set has fewer than n rows.
  void small_try_append(Index r) {
    if (active_count_ >= n_) return;
    Scalar norm2 = 0;
    const Scalar pivot = small_project(r, /*for_step=*/false, norm2);
    if (!depends(pivot, norm2)) append_projected(r, pivot, Scalar(0));
  }

  /// take_step in the unscaled space: ẍ, every slack and Λ_A by t along
  /// the last small_project's step.
  void small_step(Scalar t) {
    for (Index j = 0; j < n_; ++j) {
      const Scalar delta = t * direction_(j);
      acceleration_(j) += delta;
      if (!detail::is_zero(delta)) add_column(j, delta);
    }
    for (Index i = 0; i < active_count_; ++i) lambda_active_(i) -= t * step_(i);
  }

  /// solve_multipliers in the unscaled space: W_A Λ_A = d_A − J_A M⁻¹f.
  /// `at_free_motion`: the slacks are still those of the free motion
  /// (no step taken yet), so d_A − J_A M⁻¹f is −(their slacks).
  /// Out of line: inlined, its triangular solves were written three times
  /// (twice in small_settle, once in small_refresh), 448 bytes more for 8
  /// instructions less on the haptic warm mean.
  TACT_NOINLINE void small_solve_multipliers(bool at_free_motion) {
    for (Index i = 0; i < active_count_; ++i) {
      const Index r = active_[static_cast<std::size_t>(i)];
      Scalar value = -slack_(r);
      if (!at_free_motion) {
        const Scalar* row = contact_row(r);
        value = problem_->d_ineq(r);
        for (Index j = 0; j < n_; ++j) value -= row[j * kContactStride] * z_free_(j);
      }
      lambda_active_(i) = value;
    }
    forward_substitute_small(lambda_active_);
    backward_substitute_small(lambda_active_, lambda_active_);
  }

  /// apply_multipliers in the unscaled space: ẍ = M⁻¹(f + J_AᵀΛ_A), a diagonal M's
  /// as z_free + Σλ_i M⁻¹J_iᵀ (no M⁻¹ pass after it: haptic −14); every row's slack.
  TACT_NOINLINE void small_apply_multipliers() {
    if (small_mass_dense_) {
      for (Index j = 0; j < n_; ++j) acceleration_(j) = problem_->f(j);
      for (Index i = 0; i < active_count_; ++i)
        add_contact_row(active_[static_cast<std::size_t>(i)], lambda_active_(i), acceleration_);
      small_inverse_mass(acceleration_.data(), 1, acceleration_);
    } else if (n_ == 3) {
      apply_diagonal_multipliers_in_registers<3>();
    } else {
      const Scalar* inverse_mass = direction_acceleration_.data();
      for (Index j = 0; j < n_; ++j) acceleration_(j) = z_free_(j);
      for (Index i = 0; i < active_count_; ++i) {
        const Scalar* row = contact_row(active_[static_cast<std::size_t>(i)]);
        const Scalar x = lambda_active_(i);
        for (Index j = 0; j < n_; ++j) acceleration_(j) += row[j * kContactStride] * x * inverse_mass[j];
      }
    }
    small_fresh_slacks();
  }
  /// A diagonal M's ẍ as small_apply_multipliers's loops, the same
  /// operations in the same order, with ẍ in registers (through
  /// acceleration_, each entry is stored and loaded again for each row).
  template <int kDofs>
  void apply_diagonal_multipliers_in_registers() {
    if constexpr (kDofs <= MaxDof) {  // called when n_ == kDofs only
      const Scalar* inverse_mass = direction_acceleration_.data();
      Scalar a[static_cast<std::size_t>(kDofs)];
#pragma GCC unroll 3
      for (int j = 0; j < kDofs; ++j) a[j] = z_free_(j);
      for (Index i = 0; i < active_count_; ++i) {
        const Scalar* row = contact_row(active_[static_cast<std::size_t>(i)]);
        const Scalar x = lambda_active_(i);
#pragma GCC unroll 3
        for (int j = 0; j < kDofs; ++j) a[j] += row[j * kContactStride] * x * inverse_mass[j];
      }
#pragma GCC unroll 3
      for (int j = 0; j < kDofs; ++j) acceleration_(j) = a[j];
    }
  }
  /// Every row's slack J_r ẍ − d_r at the current ẍ.
  void small_fresh_slacks() {
    if (n_ == 3) return fresh_slacks_in_registers<3>();
    for (Index r = 0; r < num_rows_; ++r) {
      const Scalar* row = contact_row(r);
      Scalar slack = -problem_->d_ineq(r);
      for_each_dof([&](Index j) { slack += row[j * kContactStride] * acceleration_(j); });
      slack_(r) = slack;
    }
  }

  /// small_fresh_slacks's loops with ẍ in registers (through acceleration_,
  /// each entry is loaded again after each slack's store). Haptic warm mean
  /// −2.7 % with the multipliers' loops in registers too.
  template <int kDofs>
  void fresh_slacks_in_registers() {
    if constexpr (kDofs <= MaxDof) {  // called when n_ == kDofs only
      Scalar a[static_cast<std::size_t>(kDofs)];
#pragma GCC unroll 3
      for (int j = 0; j < kDofs; ++j) a[j] = acceleration_(j);
      for (Index r = 0; r < num_rows_; ++r) {
        const Scalar* row = contact_row(r);
        Scalar slack = -problem_->d_ineq(r);
#pragma GCC unroll 3
        for (int j = 0; j < kDofs; ++j) slack += row[j * kContactStride] * a[j];
        slack_(r) = slack;
      }
    }
  }

  /// ẍ, Λ_A and the slacks from the factor (solve_small's refresh when
  /// the steps' rounding may not fit). @return false when a multiplier
  /// that the rounding had kept positive now pulls: the general path's
  /// refresh releases it (refresh_multipliers). Rare: out of line.
  TACT_NOINLINE bool small_refresh() {
    small_solve_multipliers(/*at_free_motion=*/false);
    small_apply_multipliers();
    const Index most_negative = most_pulling_row();
    return most_negative < 0 || !pulls_beyond_tolerance(most_negative);
  }

  /// settle_appended for solve_small (rows appended from position 0 on, at
  /// the free motion: a warm or crash start comes before any step):
  /// releases the rows that pull, or drops them all when more pull than
  /// push, then ẍ and the slacks from the factor. @return false at the cap.
  bool small_settle(Index& iterations) {
    small_solve_multipliers(/*at_free_motion=*/true);
    for (;;) {
      const Index most_negative = most_pulling_row();
      if (most_negative < 0) break;
      if (iterations == 0 && 2 * pulling_rows(0) > active_count_) {
        while (active_count_ > 0) set_in_set(active_[static_cast<std::size_t>(--active_count_)], false);
        break;
      }
      if (iterations >= iteration_cap()) {
        small_apply_multipliers();  // ẍ and the slacks of the set as it is
        return false;
      }
      ++iterations;
      remove_active(most_negative);
      small_solve_multipliers(/*at_free_motion=*/true);
    }
    small_apply_multipliers();
    return true;
  }

  /// The cap reached on the path (ẍ and the slacks current): the solve ends
  /// IterationLimit at this iterate, as the general path's would at its cap
  /// (declining would let that path spend the cap again). Residuals that are
  /// not finite still decline: the general path reports the overflow.
  bool small_end_at_cap(Index iterations, Memory* memory) {
    return small_finish(iterations, /*drift_kept=*/false, memory, /*at_cap=*/true);
  }

  /// True when the steps' rounding kept in ẍ and Λ_A fits drift_tolerance():
  /// the residuals but min_slack, which the fresh slacks of the rows outside
  /// the set make (the search judged them). Cold: out of line.
  TACT_NOINLINE bool drift_within_tolerance(const Residuals<Scalar>& residuals) const {
    Residuals<Scalar> drifting = residuals;
    drifting.min_slack = 0;
    return drifting.kkt_satisfied(drift_tolerance());
  }

  /// finish() for solve_small's problems (inequality rows only): Λ, the
  /// objective and every residual and scale of Residuals, in one pass over
  /// the rows and one over the DOFs; the memory updated.
  /// @return true with the report in small_report_, or false when the
  /// point fails the exact strategy's promise (finish(): every KKT
  /// condition and the working set's rows) or a residual is not finite.
  /// `drift_kept`: ẍ and Λ_A carry the steps' rounding, which must then
  /// fit drift_tolerance() too (second_pass_needed's test), else the
  /// general path solves. `at_cap`: the report is IterationLimit, whatever
  /// the residuals (small_end_at_cap).
  bool small_finish(Index iterations, bool drift_kept, Memory* memory, bool at_cap = false) {
    const ProblemType& p = *problem_;
    const Index n = n_;
    Scalar min_slack = num_rows_ > 0 ? kInfinity : Scalar(0);
    for (Index r = 0; r < num_rows_; ++r) {
      lambda_(r) = 0;
      min_slack = detail::min_of(min_slack, slack_(r));
    }
    Scalar probe = 0;
    Scalar working_set = 0;
    Scalar multiplier_scale = 0;
    // A row outside the set has λ = 0 (and without rows min_multiplier is 0).
    Scalar min_multiplier = active_count_ < num_rows_ || num_rows_ == 0 ? Scalar(0) : kInfinity;
    Scalar complementarity = 0;
    for (Index i = 0; i < active_count_; ++i) {
      const Index r = active_[static_cast<std::size_t>(i)];
      const Scalar lambda = lambda_(r) = lambda_active_(i);
      const Scalar slack = slack_(r);
      probe += lambda * Scalar(0);
      working_set = detail::max_of(working_set, std::fabs(slack));
      multiplier_scale = detail::max_of(multiplier_scale, std::fabs(lambda));
      min_multiplier = detail::min_of(min_multiplier, lambda);
      complementarity = detail::max_of(complementarity, std::fabs(lambda * slack));
    }
    Scalar stationarity = 0;
    Scalar force_scale = 0;
    Scalar inertia_dot_acceleration = 0;
    Scalar force_dot_acceleration = 0;
    Scalar acceleration_norm2 = 0;
    DofVector& total_force = direction_;  // f + J_AᵀΛ_A (scratch)
    for (Index j = 0; j < n; ++j) total_force(j) = p.f(j);
    for (Index i = 0; i < active_count_; ++i)
      add_contact_row(active_[static_cast<std::size_t>(i)], lambda_active_(i), total_force);
    const bool dense = small_mass_dense_;
    DofVector& dense_inertia = direction_acceleration_;  // scratch: a dense M's path keeps no M⁻¹ there
    if (dense) small_multiply_dense_mass(p, dense_inertia);
    for (Index j = 0; j < n; ++j) {
      const Scalar a = acceleration_(j);
      const Scalar f = p.f(j);
      const Scalar force = total_force(j);
      const Scalar inertia = dense ? dense_inertia(j) : p.M(j, j) * a;
      stationarity = detail::max_of(stationarity, std::fabs(inertia - force));
      force_scale = detail::max_of(
          force_scale, detail::max_of(std::fabs(f), detail::max_of(std::fabs(inertia), std::fabs(force - f))));
      inertia_dot_acceleration += inertia * a;
      force_dot_acceleration += f * a;
      acceleration_norm2 += a * a;
    }
    objective_ = Scalar(0.5) * inertia_dot_acceleration - force_dot_acceleration;
    const Scalar row_scale = this->row_scale(std::sqrt(acceleration_norm2));
    const Residuals<Scalar> residuals{stationarity,    0,           working_set, min_slack,       min_multiplier,
                                      complementarity, force_scale, row_scale,   multiplier_scale};
    // The residuals' sum is NaN or ±Inf if one is (an overflow: an infinite
    // scale would pass any check); the objective is if an ẍ_j is (m_jj > 0).
    probe += (stationarity + force_scale + row_scale + min_slack + complementarity + objective_) * Scalar(0);
    if (probe != Scalar(0)) return false;
    const bool kkt_satisfied = residuals.kkt_satisfied(settings.kkt_tolerance);
    if (!at_cap) {
      // working_set_satisfied's stationarity is kkt_satisfied's too.
      if (!kkt_satisfied || !Residuals<Scalar>::row_within(working_set, row_scale, settings.kkt_tolerance))
        return false;
      if (drift_kept && !drift_within_tolerance(residuals)) return false;
    }
    ++small_path_solves_;
    if (memory) remember_working_set(*memory, !at_cap);
    small_report_ = Report<Scalar>{at_cap ? Status::IterationLimit : Status::Solved, iterations, active_count_,
                                   kkt_satisfied, true, residuals};
    return true;
  }

  // ---- results -------------------------------------------------------------

  void clear_outputs() {
    acceleration_.setZero();
    lambda_.setZero();
    objective_ = 0;
  }

  /// The report of a solve refused before any strategy ran (zero residuals,
  /// no point).
  static Report<Scalar> refused(Status status) {
    Report<Scalar> report;
    report.status = status;
    return report;
  }

  /// row_scale at the current ẍ, for the verdicts (cold: out of line, one
  /// copy of ‖ẍ‖'s computation for them all).
  TACT_NOINLINE Scalar row_scale_here() const { return row_scale(norm_of(acceleration_)); }
  /// The scale of row residuals (Residuals::row_scale) at ‖ẍ‖ =
  /// acceleration_norm: max_r max(|d_r|, ‖J_r‖·max(‖ẍ‖, ‖M⁻¹f‖)) from
  /// prepare_rows' maxima, the same value, as rounding a product is monotone
  /// in each factor; 0 without rows, even when ‖ẍ‖ overflowed (0·∞ would
  /// report Singular).
  Scalar row_scale(Scalar acceleration_norm) const {
    if (num_rows_ == 0) return 0;
    return detail::max_of(largest_rhs_, largest_row_norm_ * detail::max_of(acceleration_norm, free_acceleration_norm_));
  }

  /// out = Mẍ for a dense M: plain loops for few_dofs(), else one kernel
  /// call (finish() and small_finish()).
  void multiply_dense_mass(const ProblemType& p, DofVector& out) const {
    if (!mass_mirrored_) return multiply_symmetric_part(p, out);
    const Index n = n_;
    if (few_dofs()) {
      for (Index i = 0; i < n; ++i) {
        Scalar inertia = 0;
        for (Index j = 0; j < n; ++j) inertia += p.M(j, i) * acceleration_(j);
        out(i) = inertia;
      }
      return;
    }
    // M is symmetric (checked): (Mẍ)_i = column i of M · ẍ.
    detail::dot_columns(n, n, detail::ColumnSet<Scalar>{p.M.data(), MaxDof, kConsecutive}, acceleration_.data(),
                        out.data());
  }
  /// out = ½(M + Mᵀ)ẍ, the gradient of ½ẍᵀMẍ, whose factor the solve used
  /// (check_mass), for an M whose triangles differ within rounding: plain
  /// loops, out of the common path.
  TACT_NOINLINE void multiply_symmetric_part(const ProblemType& p, DofVector& out) const {
    const Index n = n_;
    for (Index i = 0; i < n; ++i) {
      Scalar inertia = 0;
      for (Index j = 0; j < n; ++j) inertia += detail::symmetric_part(p.M(j, i), p.M(i, j)) * acceleration_(j);
      out(i) = inertia;
    }
  }
  /// multiply_dense_mass for small_finish: for 2 and 3 DOFs with ẍ in
  /// registers. Only the path: in finish() it made multiply_dense_mass a
  /// call of its own on the M55, and the general path's peak stack (finish,
  /// then the kernel) 16 bytes deeper.
  void small_multiply_dense_mass(const ProblemType& p, DofVector& out) const {
    if (!mass_mirrored_) return multiply_symmetric_part(p, out);
    if (n_ == 3) return multiply_dense_mass_in_registers<3>(p, out);
    if (n_ == 2) return multiply_dense_mass_in_registers<2>(p, out);
    multiply_dense_mass(p, out);
  }
  /// multiply_dense_mass's plain loops for kDofs DOFs, with ẍ in registers
  /// (as dense_inverse_mass_in_registers: through acceleration_, each entry
  /// is loaded again after each store to out).
  template <int kDofs>
  void multiply_dense_mass_in_registers(const ProblemType& p, DofVector& out) const {
    if constexpr (kDofs <= MaxDof) {  // called when n_ == kDofs only
      Scalar a[static_cast<std::size_t>(kDofs)];
#pragma GCC unroll 3
      for (int j = 0; j < kDofs; ++j) a[j] = acceleration_(j);
#pragma GCC unroll 3
      for (int i = 0; i < kDofs; ++i) {
        Scalar inertia = 0;
#pragma GCC unroll 3
        for (int j = 0; j < kDofs; ++j) inertia += p.M(j, i) * a[j];
        out(i) = inertia;
      }
    }
  }

  /// Λ, objective and residuals in the original (unscaled) space, reusing
  /// the slacks the strategy keeps: only Mẍ and J_AᵀΛ_A are new work. Rows
  /// outside the working set have λ = 0, so the multiplier conditions are
  /// looked at on the set's rows only. The residuals are built in locals and
  /// the report at the end: no zero-filled Report first (a memset call), and
  /// the stores to λ cannot alias the maxima.
  Report<Scalar> finish(const ProblemType& p, Strategy strategy, Status status, Index iterations) {
    const Index n = n_;

    // Rows: feasibility (λ = 0 first; the set's λ below).
    if (steps_since_solve_ > 0) refresh_equality_slacks();  // a step's sweep skips them (take_step)
    Scalar equality = 0;
    for (Index r = 0; r < num_eq_; ++r) {
      lambda_(r) = 0;
      equality = detail::max_of(equality, std::fabs(slack_(r)));
    }
    Scalar min_slack = kInfinity;
    for (Index r = num_eq_; r < num_rows_; ++r) {
      lambda_(r) = 0;
      min_slack = detail::min_of(min_slack, slack_(r));
    }

    // The set: Λ, its rows' residuals, and the total force f + J_AᵀΛ_A.
    DofVector& force = direction_;  // scratch
    detail::copy(p.f.data(), n, force.data());
    Scalar probe = 0;  // NaN if ẍ or Λ_A holds a NaN or ±Inf
    Index active_inequalities = 0;
    Scalar working_set = 0;
    Scalar multiplier_scale = 0;
    Scalar min_multiplier = kInfinity;
    Scalar complementarity = 0;
    for (Index i = 0; i < active_count_; ++i) {
      const Index r = active_[static_cast<std::size_t>(i)];
      const Scalar lambda = lambda_active_(i);
      const Scalar slack = slack_(r);
      lambda_(r) = lambda;
      probe += lambda * Scalar(0);
      working_set = detail::max_of(working_set, std::fabs(slack));
      multiplier_scale = detail::max_of(multiplier_scale, std::fabs(lambda));
      if (r >= num_eq_) {
        ++active_inequalities;
        min_multiplier = detail::min_of(min_multiplier, lambda);
        complementarity = detail::max_of(complementarity, std::fabs(lambda * slack));
      }
      const RowView row = row_view(r);
      for (Index j = 0; j < n; ++j) force(j) += row.at(j) * lambda;
    }
    // A row outside the set has λ = 0: min_multiplier ≤ 0 unless every
    // inequality row is in the set.
    if (active_inequalities < num_rows_ - num_eq_) min_multiplier = detail::min_of(min_multiplier, Scalar(0));
    if (num_rows_ == num_eq_) min_slack = min_multiplier = 0;

    // Mẍ, stationarity Mẍ − (f + JᵀΛ) and the objective ½ẍᵀMẍ − fᵀẍ.
    // A dense M's Mẍ first (multiply_dense_mass); a diagonal M's in the loop.
    const bool diagonal = mass_diagonal_;
    DofVector& dense_inertia = direction_acceleration_;  // scratch
    if (!diagonal) multiply_dense_mass(p, dense_inertia);
    Scalar stationarity = 0;
    Scalar force_scale = 0;
    Scalar inertia_dot_acceleration = 0;
    Scalar force_dot_acceleration = 0;
    Scalar acceleration_norm2 = 0;
    for (Index i = 0; i < n; ++i) {
      const Scalar a = acceleration_(i);
      const Scalar f = p.f(i);
      const Scalar inertia = diagonal ? mass_diagonal_entries_(i) * a : dense_inertia(i);
      probe += a * Scalar(0);
      stationarity = detail::max_of(stationarity, std::fabs(inertia - force(i)));
      force_scale = detail::max_of(
          force_scale, detail::max_of(std::fabs(f), detail::max_of(std::fabs(inertia), std::fabs(force(i) - f))));
      inertia_dot_acceleration += inertia * a;
      force_dot_acceleration += f * a;
      acceleration_norm2 += a * a;
    }
    objective_ = Scalar(0.5) * inertia_dot_acceleration - force_dot_acceleration;
    const Scalar row_scale = this->row_scale(std::sqrt(acceleration_norm2));

    Report<Scalar> report{status,
                          iterations,
                          active_count_,
                          false,
                          true,
                          Residuals<Scalar>{stationarity, equality, working_set, min_slack, min_multiplier,
                                            complementarity, force_scale, row_scale, multiplier_scale}};
    // Every residual and scale too: |J_k|² of a finite row can overflow
    // (|J_kj| ~ 1e27 in float), and an infinite row scale would pass any check.
    probe += stationarity * Scalar(0) + equality * Scalar(0) + working_set * Scalar(0) + min_slack * Scalar(0) +
             min_multiplier * Scalar(0) + complementarity * Scalar(0) + force_scale * Scalar(0) +
             row_scale * Scalar(0) + multiplier_scale * Scalar(0) + objective_ * Scalar(0);
    if (probe != Scalar(0)) {
      clear_outputs();  // overflow from a nearly dependent set or huge rows: never hand out Inf/NaN
      report.residuals = Residuals<Scalar>{};
      report.status = Status::Singular;
      report.has_point = false;
      return report;
    }
    const Residuals<Scalar>& res = report.residuals;
    report.kkt_satisfied = res.kkt_satisfied(settings.kkt_tolerance);
    // Never a false "solved": every strategy promises its working-set
    // equations, the exact strategy every KKT condition too (a set row off
    // its boundary with a small λ passes complementarity when other
    // multipliers are huge, but the point is then not the set's solution).
    const bool promise_kept = res.working_set_satisfied(settings.kkt_tolerance) &&
                              (strategy != Strategy::Exact || report.kkt_satisfied);
    if (report.status == Status::Solved && !promise_kept) report.status = Status::Inaccurate;
    return report;
  }

  // ---- storage (all inline) --------------------------------------------------

  const ProblemType* problem_ = nullptr;  ///< the problem being solved (valid during solve)
  Index n_ = 0;
  Index num_eq_ = 0;
  Index num_rows_ = 0;

  /// Lower triangle: L; of a diagonal M, the first column holds 1/√m_ii
  /// (inverse_mass_roots). Strict upper triangle:
  /// the last factored M's strict lower triangle, transposed (change detection).
  MassMatrix mass_factor_ = MassMatrix::Zero();
  DofVector mass_diagonal_entries_ = DofVector::Zero();  ///< the last factored M's diagonal
  Index mass_n_ = 0;
  std::uint32_t mass_factorizations_ = 0;
  std::uint32_t small_path_solves_ = 0;
  Report<Scalar> small_report_;  ///< solve_small's report, which solve() returns
  bool mass_valid_ = false;
  bool mass_diagonal_ = false;
  bool mass_mirrored_ = true;  ///< a dense M's triangles mirror each other bit for bit (check_mass)
  bool small_mass_dense_ = false;  ///< solve_small's M is dense: M⁻¹ by the factor (small_inverse_mass)
  bool drift_kept_ = false;   ///< Exact's first pass kept the steps' rounding in ẍ and Λ_A (solve())
  bool second_pass_ = false;  ///< Exact's second pass: refreshes re-solve from the factor (solve())
  bool released_after_refresh_ = false;  ///< Exact released a pulling row after a refresh (once per solve)

  ScaledRows scaled_rows_ = ScaledRows::Zero();  ///< slot s: ĵ_r = L⁻¹J_rᵀ of row slot_row_[s]
  /// |ĵ_r|² of the row in slot s
  std::array<Scalar, static_cast<std::size_t>(kSlots)> slot_norm2_{};
  /// Row whose ĵ_r slot s holds (s < slots_used_)
  std::array<RowIndex, static_cast<std::size_t>(kSlots)> slot_row_{};
  Index slots_used_ = 0;                          ///< slots filled since this solve began
  RowVector row_norm_ = RowVector::Zero();       ///< ‖J_r‖₂
  RowVector tolerance_base_ = RowVector::Zero();  ///< slack_tolerance(r, a) = base_r + fraction·‖J_r‖·a
  Scalar tolerance_fraction_ = 0;                ///< that fraction: a tenth of the KKT tolerance
  RowVector slack_ = RowVector::Zero();          ///< J_r ẍ − d_r at the current ẍ
  RowVector lambda_ = RowVector::Zero();         ///< Λ of the last solve, same row order
  DofVector z_free_ = DofVector::Zero();         ///< L⁻¹f
  DofVector acceleration_ = DofVector::Zero();   ///< ẍ
  DofVector direction_ = DofVector::Zero();      ///< step direction in the scaled space
  DofVector direction_acceleration_ = DofVector::Zero();  ///< the same for ẍ: L⁻ᵀ direction
  Scalar free_acceleration_norm_ = 0;            ///< ‖M⁻¹f‖₂, a scale for the slacks
  Scalar largest_rhs_ = 0;                       ///< max_r |d_r| (prepare_rows), for finish's row scale
  Scalar largest_row_norm_ = 0;                  ///< max_r ‖J_r‖₂, the same
  Scalar objective_ = 0;

  ActiveMatrix factor_ = ActiveMatrix::Zero();  ///< Cholesky factor of W_A = Ĵ_A Ĵ_Aᵀ
  ActiveVector lambda_active_ = ActiveVector::Zero();
  ActiveVector projection_ = ActiveVector::Zero();
  ActiveVector step_ = ActiveVector::Zero();
  /// Row indices of the working set, in factor order
  std::array<RowIndex, static_cast<std::size_t>(kMaxActive)> active_{};
  /// Their slots in scaled_rows_: always slot_of_[active_[i]] (free_slot never
  /// takes a set row's slot), kept as the kernels' uint16 column index list.
  std::array<std::uint16_t, static_cast<std::size_t>(kMaxActive)> active_slot_{};
  Index active_count_ = 0;
  /// Steps since the slacks were last computed afresh (the free motion, a
  /// working-set solve, a refresh); ẍ and Λ_A came from the factor then
  /// too, unless drift_kept_.
  Index steps_since_solve_ = 0;
  RowStates row_state_{};  ///< kInSet, kScaled bits per row
  std::array<SlotIndex, static_cast<std::size_t>(kRowStorage)> slot_of_{};  ///< row r's slot while kScaled
  /// sweep_rows: the columns where v ≠ 0
  std::array<std::uint16_t, static_cast<std::size_t>(MaxDof)> sweep_column_{};
};

}  // namespace tact
