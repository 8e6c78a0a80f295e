/// @file impulse.hpp
/// The velocity-level (impulse) form of a constrained step, as in SOFA's
/// FreeMotionAnimationLoop with a Lagrange-multiplier constraint solver, next
/// to the paper's acceleration-level form (world.hpp).
///
/// One step of ImpulseWorld, with A = M (no stiffness term here), H the
/// constraint rows (Jacobian) and h the time step:
///
///   1. free motion      v_free = v + h A⁻¹ f
///   2. constraint problem, velocity QP (Gauss's principle at velocity level):
///        min ½ vᵀAv − (A v_free)ᵀv   s.t.  H_E v = b_E (bilateral),  H_I v ≥ b_I (unilateral)
///      with b = −β g/h (violation measured on positions, β ∈ (0, 1]) or
///      b = 0 (on velocities). In constraint space, with λ the impulses
///      (v = v_free + A⁻¹Hᵀλ):
///        w = W λ + q,   W = H A⁻¹ Hᵀ (+ C + εI),   q = H v_free − b
///        w_E = 0,   0 ≤ λ_I ⊥ w_I ≥ 0
///   3. correction       Δv = Ã⁻¹ Hᵀ λ,  v = v_free + Δv
///   4. positions        x += h v
///
/// Resolutions (how step 2 is solved):
///   * Resolution::Primal: the velocity QP is a tact::Problem with M = A,
///     f = A v_free (= A v + h f), J = H, d = b, solved by tact::Solver with
///     any of the four strategies (the strategies are not duplicated here).
///     This is SOFA's LinearSolverConstraintCorrection: the compliance is
///     exact, from the factorization of A; only rows that enter the working
///     set are ever multiplied by A⁻¹.
///   * Resolution::Dual: W is assembled by a ConstraintCorrection and the
///     mixed LCP is solved exactly in constraint space (ConstraintSpaceSolver).
///   * Resolution::Pgs: W as for Dual, solved by projected Gauss-Seidel with a
///     fixed sweep budget (ProjectedGaussSeidel): a hard bound on time per tick.
///
/// Constraint corrections (how W and Δv are formed; SOFA's names). Costs in
/// multiply-adds for n dofs, m rows in the step and k nonzeros per row of H
/// (k = 2 for a wall in 2-D, 4 for a distance between two discs; k ≤ n):
///
/// | correction     | when A changes | W = H Ã⁻¹ Hᵀ per step     | Δv = Ã⁻¹Hᵀλ | exact? |
/// |----------------|----------------|----------------------------|-------------|--------|
/// | LinearSolver   | n³/6 (Cholesky)| ≤ m n²/2 + m² n/2 (dense A) | ≤ m n + n²/2 | yes |
/// |   (diagonal A) | n divisions    | m k + m² k/2                | m k + n     | yes |
/// | Precomputed    | n³/6 + n³/2 once (A⁻¹ from the factor; stored n² scalars, stale if A changes later) | m k n + m² k/2 | m n | while A is the precomputed one |
/// | Uncoupled      | n divisions    | m k + m² k/2                | m k + n     | only for diagonal A |
///
/// LinearSolver solves L y = H_iᵀ for every row (from the row's first nonzero:
/// for dense A the triangular solve fills y) and forms the Gram matrix of the
/// y's. Precomputed exploits the sparsity of H: A⁻¹H_iᵀ is a combination of k
/// columns of the stored A⁻¹, and W_ij reads only k entries of it; it costs
/// more memory and becomes wrong, not slower, if A changes after
/// precompute(). Uncoupled replaces A⁻¹ by diag(1/A_ii) (SOFA's
/// UncoupledConstraintCorrection): exact for a diagonal A (particles, the
/// billiard), an approximation that ignores the coupling of dofs through A
/// otherwise; the constraints still hold for the approximated correction, but
/// the motion is not the one of the true A. The free motion (phase 1) always
/// uses the exact A (its Cholesky factor, n² per step), as SOFA's ODE solver
/// does whatever the correction.
///
/// Soft constraints and regularization (both only in constraint space, i.e.
/// Resolution::Dual and Resolution::Pgs):
///   * per-row compliance c_k ≥ 0 on W's diagonal: row k becomes
///     H_k v − b_k + c_k λ_k = 0 (bilateral) or its complementarity version.
///     With b = −βg/h it is a spring of stiffness κ = β/(h² c_k) on g (and a
///     damper): c_k = β/(h² κ). c_k = 0 is a rigid row.
///   * regularization ε ≥ 0, εI added to W: every row becomes slightly soft
///     (constraint velocity error ε·λ_k), W becomes positive definite even
///     when rows are dependent (a racked billiard: 23 touching rows, 20 dofs),
///     so λ is unique and the exact solve well posed. Take ε small against
///     W's diagonal (1/mass for a unit row), e.g. 10⁻⁴..10⁻³ of it.
///
/// Choice for the exact constraint-space solve: reuse tact::Solver, because
///     min ½λᵀW'λ + qᵀλ   s.t.   λ_I ≥ 0
/// (whose KKT conditions are exactly the mixed LCP above, the multipliers of
/// the bounds being w_I) is a tact::Problem with M = W', f = −q, identity
/// rows e_kᵀλ ≥ 0 on the unilateral multipliers and no equality. The
/// Goldfarb–Idnani strategy (Strategy::Exact) then gives every KKT condition
/// in finitely many steps, tested against enumeration in tests/host. Identity
/// rows are independent, but the Solver judges dependence in W'⁻¹'s metric,
/// where an ill-conditioned W' (float: about 10⁷) can make two of them look
/// dependent: Singular, its iterate's pulling impulses set to 0 (a contact
/// never pulls). W' must be positive definite (independent rows or ε > 0),
/// otherwise the Solver reports InvalidMass. A zero row of W (W_jj = 0: a rigid row whose H is
/// zero) is the exception: its λ acts on nothing, so it is decoupled and set
/// to 0 (W'_jj = 1, q'_j = 0 inside) and its w_j judged (Infeasible when
/// violated). Cost: a Cholesky of W' each step (m³/6, W' changes
/// with the rows), then per iteration O(m·(active rows)) plus a sweep of the
/// m_I identity rows (m·m_I, dense storage). A dedicated dual active set on W
/// could skip the identity rows; one shared, tested active-set code was
/// judged worth more than that constant factor.
#pragma once

#include <Eigen/Core>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "tact/config.hpp"
#include "tact/constraints.hpp"
#include "tact/detail/dense.hpp"
#include "tact/problem.hpp"
#include "tact/solver.hpp"
#include "tact/status.hpp"
#include "tact/world.hpp"

namespace tact {

/// How W = H Ã⁻¹ Hᵀ and the correction Δv = Ã⁻¹Hᵀλ are formed (see the file comment).
enum class Correction : std::uint8_t {
  LinearSolver,  ///< exact, from the Cholesky factor of A (SOFA LinearSolverConstraintCorrection)
  Precomputed,   ///< A⁻¹ computed once and stored (SOFA PrecomputedConstraintCorrection)
  Uncoupled,     ///< diag(1/A_ii) in place of A⁻¹ (SOFA UncoupledConstraintCorrection)
};

/// How the constraint problem of a velocity-level step is solved.
enum class Resolution : std::uint8_t {
  Primal,  ///< velocity QP through tact::Solver (any Strategy; exact compliance)
  Dual,    ///< exact mixed LCP on W (ConstraintSpaceSolver)
  Pgs,     ///< projected Gauss-Seidel on W with a sweep budget
};

/// What the right-hand side b of a row measures.
enum class Stabilization : std::uint8_t {
  Position,  ///< b = −β g/h: a violation (or a gap) is corrected by β per step
  Velocity,  ///< b = 0: only the constraint velocity is constrained (position drift is not corrected)
};

constexpr const char* to_string(Correction correction) {
  switch (correction) {
    case Correction::LinearSolver: return "linear-solver";
    case Correction::Precomputed: return "precomputed";
    case Correction::Uncoupled: return "uncoupled";
  }
  return "unknown";
}

constexpr const char* to_string(Resolution resolution) {
  switch (resolution) {
    case Resolution::Primal: return "primal";
    case Resolution::Dual: return "dual";
    case Resolution::Pgs: return "pgs";
  }
  return "unknown";
}

// ---- constraint space ----------------------------------------------------------

/// The mixed LCP  w = Wλ + q,  w_E = 0,  0 ≤ λ_I ⊥ w_I ≥ 0: rows
/// [0, num_bilateral) are bilateral, the next num_unilateral unilateral.
/// @tparam MaxRows bound on the rows
/// @tparam Scalar  float (default) or double
template <int MaxRows, typename Scalar = float>
struct ConstraintSpaceProblem {
  static_assert(MaxRows >= 1, "at least one row of storage");
  static_assert(kIsSupportedScalar<Scalar>, "Scalar must be float or double");
  using Matrix = Eigen::Matrix<Scalar, MaxRows, MaxRows>;
  using Vector = Eigen::Matrix<Scalar, MaxRows, 1>;

  Index num_bilateral = 0;
  Index num_unilateral = 0;
  Matrix W = Matrix::Zero();  ///< symmetric, positive (semi)definite; leading rows()×rows() used
  Vector q = Vector::Zero();

  /// The rows in use; 0 for counts set by hand that are not sizes_valid()
  /// (their sum could overflow).
  Index rows() const { return sizes_valid() ? num_bilateral + num_unilateral : 0; }
  bool sizes_valid() const { return counts_fit(num_bilateral, num_unilateral); }
  /// Sets the row counts and zeroes W and q. @return false (sizes 0) beyond the bound.
  [[nodiscard]] bool resize(Index bilateral, Index unilateral) {
    W.setZero();
    q.setZero();
    const bool fits = counts_fit(bilateral, unilateral);
    num_bilateral = fits ? bilateral : 0;
    num_unilateral = fits ? unilateral : 0;
    return fits;
  }

 private:
  /// Both counts ≥ 0 and their sum ≤ MaxRows, without forming a sum that
  /// could overflow.
  static bool counts_fit(Index bilateral, Index unilateral) {
    return bilateral >= 0 && unilateral >= 0 && bilateral <= MaxRows && unilateral <= MaxRows - bilateral;
  }
};

/// Tuning of projected Gauss-Seidel.
template <typename Scalar>
struct PgsSettings {
  /// Sweep budget (each sweep visits every row once, m² multiply-adds): the
  /// hard bound on time per tick. Must be ≥ 1.
  Index max_sweeps = 32;
  /// Over-relaxation ω ∈ (0, 2); 1 is plain Gauss-Seidel.
  Scalar omega = 1;
  /// Relative tolerance on the LCP residual (see ConstraintSpaceReport), in
  /// [0, 1): 0 stops early only at an exact fixed point (a sweep that
  /// changed no λ, and a zero residual), else runs the whole budget. Values
  /// from 1 are refused: near there the test no longer separates a solution
  /// from a poor iterate (from 2 every iterate would pass: the residual is at
  /// most twice its scale).
  Scalar tolerance = ScalarTraits<Scalar>::kkt_tolerance;

  bool valid() const {
    return max_sweeps >= 1 && omega > Scalar(0) && omega < Scalar(2) && tolerance >= Scalar(0) &&
           tolerance < Scalar(1);
  }
};

/// Outcome of a constraint-space solve.
template <typename Scalar>
struct [[nodiscard]] ConstraintSpaceReport {
  Status status = Status::InvalidInput;
  Index iterations = 0;  ///< sweeps used (PGS) or iterations of the exact strategy
  /// LCP residual max(max_E |w_k|, max_I |min(λ_k, w_k)|), w = Wλ + q: 0 exactly
  /// at the solution; it measures violation, pulling and complementarity at once.
  Scalar residual = 0;
  Scalar scale = 0;  ///< max(‖q‖∞, ‖Wλ‖∞): what the residual is relative to
  bool ok() const { return status == Status::Solved; }
};

namespace detail {

/// w = Wλ + q and the LCP residual of (λ, w) with its scale (m² multiply-adds).
/// Both are NaN when a λ_i or w_i is NaN or ±Inf: max_of and min_of drop a
/// NaN operand, so a NaN row followed by finite ones would otherwise end as a
/// residual of 0 (found by review: PGS then reported Solved with a NaN w).
template <typename ProblemType, typename Vector, typename Scalar>
void lcp_residual(const ProblemType& p, const Vector& lambda, Vector& w, Scalar& residual, Scalar& scale) {
  const Index m = p.rows();
  residual = 0;
  scale = 0;
  Scalar probe = 0;  // NaN once a w_i is not finite (a non-finite λ_j makes every w_i so)
  for (Index i = 0; i < m; ++i) {
    Scalar force = 0;  // (Wλ)_i, as W's column i (symmetric, contiguous)
    for (Index j = 0; j < m; ++j) force += p.W(j, i) * lambda(j);
    w(i) = force + p.q(i);
    probe += w(i) * Scalar(0);
    scale = max_of(scale, max_of(std::fabs(p.q(i)), std::fabs(force)));
    const Scalar r = i < p.num_bilateral ? std::fabs(w(i)) : std::fabs(min_of(lambda(i), w(i)));
    residual = max_of(residual, r);
  }
  if (probe != Scalar(0)) residual = scale = std::numeric_limits<Scalar>::quiet_NaN();
}

/// The LCP residual's verdict, one rule for every solver: within tolerance
/// when residual ≤ tolerance·(scale + the smallest normal), so a subnormal or
/// zero scale still allows a residual of that size; never when the residual
/// or the scale overflowed (tolerance·scale may overflow too: Inf ≤ Inf).
template <typename Scalar>
bool lcp_within(Scalar residual, Scalar scale, Scalar tolerance) {
  return is_finite(residual) && is_finite(scale) &&
         residual <= tolerance * (scale + std::numeric_limits<Scalar>::min());
}

/// The power of two s with s²·w in [0.5, 2): Jacobi scaling of a row whose
/// W_ii = w, exact in binary, built from w's exponent bits (no libm call);
/// 1 for a w that is not positive and finite (W is refused when not
/// positive definite). A subnormal w is made normal by an exact
/// 2^(2·mantissa bits) first, and s carries it back (still normal: float's
/// s is at most 2^75).
template <typename Scalar>
Scalar jacobi_scaling(Scalar w) {
  if (!(w > Scalar(0)) || !is_finite(w)) return Scalar(1);
  using Layout = BitLayout<Scalar>;
  constexpr int kLift = Layout::kMantissaBits;
  const bool subnormal = w < std::numeric_limits<Scalar>::min();
  if (subnormal) w *= power_of_two<Scalar>(2 * kLift);
  // w = mantissa·2^exponent with mantissa in [0.5, 1) (frexp's form); w > 0: no sign bit.
  const int exponent = static_cast<int>(bits_of(w) >> Layout::kMantissaBits) - Layout::kBias + 1;
  const int half = (exponent - (exponent & 1)) / 2;  // ⌊exponent/2⌋, so s = 2^−half is normal
  const Scalar scaling = power_of_two<Scalar>(-half);
  return subnormal ? scaling * power_of_two<Scalar>(kLift) : scaling;
}

/// A solver's giving up: λ = 0, and w, the residual and its scale those of
/// λ = 0 (w = q: finite, and honest about the rows it leaves violated).
template <typename ProblemType, typename Scalar, typename Vector>
void give_up(const ProblemType& p, Status status, ConstraintSpaceReport<Scalar>& report, Vector& lambda, Vector& w) {
  lambda.setZero();
  lcp_residual(p, lambda, w, report.residual, report.scale);
  report.status = status;
}

/// True, after give_up(Singular), when the residual or its scale overflowed
/// (Wλ beyond the scalar): a report never hands out Inf.
template <typename ProblemType, typename Scalar, typename Vector>
bool lcp_overflowed(const ProblemType& p, ConstraintSpaceReport<Scalar>& report, Vector& lambda, Vector& w) {
  if (is_finite(report.residual) && is_finite(report.scale)) return false;
  give_up(p, Status::Singular, report, lambda, w);
  return true;
}

// Zero rows. A row with W_ii = 0 (a rigid row whose H is zero: a contact
// whose normal came out zero, without compliance or ε) is, for a positive
// semidefinite W (|W_ij|² ≤ W_ii·W_jj), zero as a whole, up to underflow (a
// normal of 1e-23 in float: W_ii underflows to 0, W_ij beside a unit row does
// not). Its λ_i acts on nothing, or on rounding: both solvers keep it 0 and
// solve the other rows as without it; the LCP residual, on the whole W, then
// judges the point, and w_i ≈ q_i, which no λ can change, tells Infeasible.

/// After a solve that kept λ = 0 on W's zero rows: true when one of them
/// breaks the LCP rule (w_i ≠ 0 on a bilateral row, < 0 on a unilateral
/// one, beyond tolerance·(scale + the smallest normal)): the constraints
/// contradict (Infeasible).
template <typename ProblemType, typename Vector, typename Scalar>
bool zero_row_violated(const ProblemType& p, const Vector& w, Scalar tolerance, Scalar scale) {
  const Scalar allowed = tolerance * (scale + std::numeric_limits<Scalar>::min());
  for (Index i = 0; i < p.rows(); ++i) {
    if (p.W(i, i) != Scalar(0)) continue;
    const Scalar violation = i < p.num_bilateral ? std::fabs(w(i)) : -w(i);
    if (violation > allowed) return true;
  }
  return false;
}

/// True when the leading n×n of a is symmetric within rounding of its
/// largest entry (`largest`): |a_ij − a_ji| ≤ 8ε·largest, Solver::check_mass's
/// rule (an entry's rounding is relative to the terms it was summed from).
template <typename MatrixType, typename Scalar>
bool symmetric_within_rounding(const MatrixType& a, Index n, Scalar largest) {
  const Scalar tolerance = 8 * std::numeric_limits<Scalar>::epsilon() * largest;
  for (Index j = 0; j < n; ++j)
    for (Index i = j + 1; i < n; ++i)
      if (!(std::fabs(a(i, j) - a(j, i)) <= tolerance)) return false;
  return true;
}

/// Checks that the leading m×m of W and q are finite and W symmetric.
/// @return Solved, InvalidInput (NaN/Inf) or InvalidMass (not symmetric).
template <typename ProblemType>
Status check_constraint_problem(const ProblemType& p) {
  using Scalar = typename ProblemType::Matrix::Scalar;
  if (!p.sizes_valid()) return Status::InvalidInput;
  const Index m = p.rows();
  Scalar probe = 0;
  probe_finite(p.W.topLeftCorner(m, m), probe);
  probe_finite(p.q.head(m), probe);
  if (probe != Scalar(0)) return Status::InvalidInput;
  Scalar largest = 0;
  for (Index j = 0; j < m; ++j)
    for (Index i = 0; i < m; ++i) largest = max_of(largest, std::fabs(p.W(i, j)));
  return symmetric_within_rounding(p.W, m, largest) ? Status::Solved : Status::InvalidMass;
}

}  // namespace detail

/// Projected Gauss-Seidel on the mixed LCP (SOFA's GenericConstraintSolver
/// "ProjectedGaussSeidel"): sweep k visits every row i and sets
///     λ_i ← proj(λ_i − ω (Wλ + q)_i / W_ii),   proj = max(0, ·) on unilateral rows,
/// using the λ_j already updated in this sweep. For symmetric positive
/// semidefinite W with positive diagonal and ω ∈ (0, 2) the iterates converge
/// when the LCP has a solution (linearly; slowly when rows are strongly
/// coupled or dependent); dependent bilateral rows with inconsistent q have
/// none and diverge (IterationLimit or Singular, never Solved).
/// Cost: m² multiply-adds per sweep, plus m² for the final residual and for
/// each early-exit check (made only when the sweep changed no w_i by more than
/// the tolerance), plus m² to check the input. Storage: 3 vectors of MaxRows.
template <int MaxRows, typename Scalar = float>
class ProjectedGaussSeidel {
 public:
  using ProblemType = ConstraintSpaceProblem<MaxRows, Scalar>;
  using Vector = typename ProblemType::Vector;

  PgsSettings<Scalar> settings;

  /// Solves `problem` from λ = `initial` (projected; nullptr: λ = 0) within
  /// settings.max_sweeps sweeps.
  /// @return Solved: residual ≤ tolerance·scale (possibly before the budget);
  ///         IterationLimit: the budget ran out first (λ is the last iterate,
  ///         finite, λ_I ≥ 0; the residual says how far from exact it is);
  ///         Infeasible: a zero row of W (W_ii = 0: λ_i acts on nothing and
  ///         stays 0; see "Zero rows" above) breaks the LCP rule, the other
  ///         rows as the sweeps left them (the sweeps stop once those
  ///         have settled);
  ///         Singular: a W_ii < 0 or iterates that overflowed (W not
  ///         positive semidefinite; a subnormal W_ii, whose 1/W_ii
  ///         overflows, may lead there); λ = 0, and w and the residual
  ///         are those of λ = 0;
  ///         InvalidInput: sizes, NaN/Inf in W, q or `initial`, invalid
  ///         settings (PgsSettings::valid); λ = 0;
  ///         InvalidMass: W not symmetric; λ = 0.
  ConstraintSpaceReport<Scalar> solve(const ProblemType& problem, const Vector* initial = nullptr) {
    ConstraintSpaceReport<Scalar> report;
    m_ = 0;
    // The usual warm start, solve(problem, &pgs.lambda()), starts from λ as
    // it is (until session 52 λ was cleared first, so that start was 0):
    // λ is then cleared only on a refusal (and by give_up) and beyond the
    // first m rows, each of which the start below sets from its own entry.
    const bool from_own = initial == &lambda_;
    if (!from_own) lambda_.setZero();
    w_.setZero();
    const auto refused = [&](Status status) {
      lambda_.setZero();
      report.status = status;
      return report;
    };
    if (!settings.valid()) return refused(Status::InvalidInput);
    const Status problem_status = detail::check_constraint_problem(problem);
    if (problem_status != Status::Solved) return refused(problem_status);
    const Index m = problem.rows();
    if (initial) {
      Scalar probe = 0;
      detail::probe_finite(initial->head(m), probe);
      if (probe != Scalar(0)) return refused(Status::InvalidInput);
    }
    if (from_own)
      for (Index i = m; i < MaxRows; ++i) lambda_(i) = 0;
    m_ = m;
    Scalar q_scale = 0;
    bool zero_rows = false;
    for (Index i = 0; i < m; ++i) {
      const Scalar diagonal = problem.W(i, i);
      bool zero_row = false;  // λ_i stays 0: the sweeps multiply by 1/W_ii := 0
      if (!(diagonal > Scalar(0))) {
        if (diagonal != Scalar(0)) {  // W_ii < 0: not positive semidefinite
          detail::give_up(problem, Status::Singular, report, lambda_, w_);
          return report;
        }
        zero_row = zero_rows = true;
      }
      inverse_diagonal_(i) = zero_row ? Scalar(0) : Scalar(1) / diagonal;
      q_scale = detail::max_of(q_scale, std::fabs(problem.q(i)));
      Scalar start = initial && !zero_row ? (*initial)(i) : Scalar(0);
      if (i >= problem.num_bilateral) start = detail::max_of(start, Scalar(0));
      lambda_(i) = start;
    }
    const Scalar tiny = std::numeric_limits<Scalar>::min();
    report.status = Status::IterationLimit;
    for (Index sweep = 0; sweep < settings.max_sweeps; ++sweep) {
      Scalar largest_change = 0;  // of any w_i in this sweep: |Δλ_i|·W_ii
      for (Index i = 0; i < m; ++i) {
        Scalar value = problem.q(i);
        for (Index j = 0; j < m; ++j) value += problem.W(j, i) * lambda_(j);
        Scalar next = lambda_(i) - settings.omega * value * inverse_diagonal_(i);
        if (i >= problem.num_bilateral) next = detail::max_of(next, Scalar(0));
        largest_change = detail::max_of(largest_change, std::fabs(next - lambda_(i)) * problem.W(i, i));
        lambda_(i) = next;
      }
      report.iterations = sweep + 1;
      if (!detail::is_finite(largest_change)) break;
      if (largest_change <= settings.tolerance * (q_scale + tiny)) {
        detail::lcp_residual(problem, lambda_, w_, report.residual, report.scale);
        if (detail::lcp_within(report.residual, report.scale, settings.tolerance)) {
          report.status = Status::Solved;
          return report;
        }
        // A settled sweep whose iterate overflowed (a clamp to 0 can hide a
        // NaN λ from the change): no later sweep recovers it.
        if (!detail::is_finite(report.residual)) break;
        // The other rows have settled; a violated zero row no sweep can change.
        if (zero_rows && detail::zero_row_violated(problem, w_, settings.tolerance, report.scale)) {
          report.status = Status::Infeasible;
          return report;
        }
      }
    }
    detail::lcp_residual(problem, lambda_, w_, report.residual, report.scale);
    if (detail::lcp_overflowed(problem, report, lambda_, w_)) return report;
    if (detail::lcp_within(report.residual, report.scale, settings.tolerance))
      report.status = Status::Solved;
    else if (zero_rows && detail::zero_row_violated(problem, w_, settings.tolerance, report.scale))
      report.status = Status::Infeasible;
    return report;
  }

  /// Impulses λ of the last solve (leading rows()).
  const Vector& lambda() const { return lambda_; }
  /// Constraint velocities w = Wλ + q at the end of the last solve.
  const Vector& velocity() const { return w_; }

 private:
  Index m_ = 0;
  Vector lambda_ = Vector::Zero();
  Vector w_ = Vector::Zero();
  Vector inverse_diagonal_ = Vector::Zero();
};

/// Exact solve of the mixed LCP: tact::Solver with Strategy::Exact on
///     min ½λᵀWλ + qᵀλ  s.t.  λ_I ≥ 0
/// (see the file comment for why this reuse). W must be positive definite.
/// @tparam MaxRows       bound on the rows
/// @tparam MaxUnilateral bound on the unilateral ones
/// @tparam Scalar        float (default) or double
/// Storage: a Solver<MaxRows, 0, MaxUnilateral> and its Problem, about
/// 5·MaxRows² + 2·MaxRows·MaxUnilateral scalars.
template <int MaxRows, int MaxUnilateral = MaxRows, typename Scalar = float>
class ConstraintSpaceSolver {
 public:
  using ProblemType = ConstraintSpaceProblem<MaxRows, Scalar>;
  using Vector = typename ProblemType::Vector;
  using SolverType = Solver<MaxRows, 0, MaxUnilateral, Scalar>;

  /// Settings of the underlying solver (tolerances, iteration cap).
  Settings<Scalar>& settings() { return solver_.settings; }

  /// @return the Solver's status: Solved (every KKT condition, and the LCP
  ///         residual within Settings::kkt_tolerance of its scale as for
  ///         PGS), Inaccurate (the Solver's, or its Solved with an LCP
  ///         residual beyond that), Infeasible (the Solver's, or a zero row
  ///         of W — W_ii = 0: λ_i acts on nothing and is 0, see "Zero rows"
  ///         above — that breaks the LCP rule), IterationLimit, Singular (also when Wλ or λ
  ///         overflowed: λ = 0, w and the residual those of λ = 0),
  ///         InvalidInput (sizes, more unilateral rows than MaxUnilateral,
  ///         NaN/Inf, or Settings the Solver would refuse, even without
  ///         rows) or InvalidMass (W not symmetric positive definite apart
  ///         from its zero rows: dependent rows without regularization).
  ///         λ = 0 unless the solver produced an iterate. A unilateral λ_k
  ///         is not negative beyond the LCP rule's tolerance when Solved,
  ///         and not negative at all otherwise (the iterate's pulling
  ///         impulses are set to 0). Outputs always finite.
  ConstraintSpaceReport<Scalar> solve(const ProblemType& problem) {
    ConstraintSpaceReport<Scalar> report;
    lambda_.setZero();
    w_.setZero();
    if (!problem.sizes_valid() || problem.num_unilateral > MaxUnilateral) return report;
    const Index m = problem.rows();
    if (m == 0) {  // nothing to solve, but settings the Solver would refuse are refused here too
      report.status = solver_.settings_valid() ? Status::Solved : Status::InvalidInput;
      return report;
    }
    report.status = detail::check_constraint_problem(problem);
    if (report.status != Status::Solved) return report;
    if (!qp_.resize(m, 0, problem.num_unilateral)) {
      report.status = Status::InvalidInput;
      return report;
    }
    // Jacobi scaling by powers of two (exact): λ = Sλ', and the Solver gets
    // W' = SWS, whose diagonal is in [0.5, 2), and q' = Sq; λ'_I ≥ 0 is
    // λ_I ≥ 0. It judges each λ' against ‖λ'‖: unscaled, a small λ_i beside
    // a large one (W's diagonal spanning decades: a stiff row and a soft one)
    // passed that check off by more than the LCP rule allows.
    // Plain loops here and below: GCC 12 misreads Eigen's vectorized
    // dynamic-length blocks of tiny fixed storage (-Warray-bounds), as noted in solver.hpp.
    bool zero_rows = false;  // rare: handled below
    for (Index j = 0; j < m; ++j) {
      const Scalar diagonal = problem.W(j, j);
      scaling_(j) = detail::jacobi_scaling(diagonal);
      if (!(diagonal > Scalar(0))) zero_rows |= diagonal == Scalar(0);
    }
    Scalar matrix_probe = 0, force_probe = 0;  // NaN once an entry overflows
    for (Index j = 0; j < m; ++j) {
      for (Index i = 0; i < m; ++i) {
        qp_.M(i, j) = problem.W(i, j) * scaling_(i) * scaling_(j);
        matrix_probe += qp_.M(i, j) * Scalar(0);
      }
      qp_.f(j) = -problem.q(j) * scaling_(j);
      force_probe += qp_.f(j) * Scalar(0);
    }
    // |W'_ij| ≤ √(W'_ii W'_jj) < 2 for a positive semidefinite W, so W' overflows
    // only for one that is not; q' only when λ_j ~ q_j/W_jj is beyond the scalar.
    if (matrix_probe != Scalar(0)) {
      report.status = Status::InvalidMass;
      return report;
    }
    if (force_probe != Scalar(0)) {
      detail::give_up(problem, Status::Singular, report, lambda_, w_);
      return report;
    }
    // A zero row (W_jj = 0) is decoupled, W'_jj = 1, with q'_j = 0: λ_j = 0.
    for (Index j = 0; j < m && zero_rows; ++j) {
      if (problem.W(j, j) != Scalar(0)) continue;
      for (Index i = 0; i < m; ++i) qp_.M(i, j) = qp_.M(j, i) = 0;
      qp_.M(j, j) = 1;
      qp_.f(j) = 0;
    }
    for (Index k = 0; k < problem.num_unilateral; ++k) qp_.J_ineq(k, problem.num_bilateral + k) = Scalar(1);
    const Report<Scalar> inner = solver_.solve(qp_, Strategy::Exact);
    report.status = inner.status;
    report.iterations = inner.iterations;
    for (Index i = 0; i < m; ++i) lambda_(i) = scaling_(i) * solver_.acceleration()(i);
    // A contact never pulls: an iterate the Solver did not end Solved (its
    // dual method meets λ'_I ≥ 0 only then) has its λ_k < 0 set to 0.
    if (report.status != Status::Solved) clamp_negative_impulses(problem.num_bilateral, m);
    detail::lcp_residual(problem, lambda_, w_, report.residual, report.scale);
    if (detail::lcp_overflowed(problem, report, lambda_, w_)) return report;
    // The Solver's check is on the scaled problem: never a false Solved by this rule.
    const Scalar tolerance = solver_.settings.kkt_tolerance;
    bool within = detail::lcp_within(report.residual, report.scale, tolerance);
    if (report.status == Status::Solved && !within && clamp_negative_impulses(problem.num_bilateral, m)) {
      detail::lcp_residual(problem, lambda_, w_, report.residual, report.scale);
      if (detail::lcp_overflowed(problem, report, lambda_, w_)) return report;
      within = detail::lcp_within(report.residual, report.scale, tolerance);
    }
    if (report.status == Status::Solved && zero_rows && detail::zero_row_violated(problem, w_, tolerance, report.scale))
      report.status = Status::Infeasible;
    else if (report.status == Status::Solved && !within)
      report.status = Status::Inaccurate;
    return report;
  }

  const Vector& lambda() const { return lambda_; }
  /// w = Wλ + q (for unilateral rows, the multipliers of the bounds λ_k ≥ 0).
  const Vector& velocity() const { return w_; }
  const SolverType& solver() const { return solver_; }

 private:
  /// Sets to 0 each unilateral λ_k < 0; true if there was one. After a
  /// Solved solve: the Solver accepts λ'_k ≥ −tolerance·‖λ'‖, which
  /// unscaled by a large S_k (a tiny W_kk) can break the LCP rule by far
  /// more (a separating row of W_kk = 10⁻³⁰ came back λ_k = −1); in W' the
  /// clamp moves each w'_i by |W'_ik|·tolerance·‖λ'‖ < 2·tolerance·‖λ'‖, and
  /// the caller judges the clamped point again. After any other status:
  /// the iterate may pull by far more, and the clamp is no bound on w.
  bool clamp_negative_impulses(Index num_bilateral, Index m) {
    bool clamped = false;
    for (Index k = num_bilateral; k < m; ++k) {
      if (!(lambda_(k) < Scalar(0))) continue;
      lambda_(k) = 0;
      clamped = true;
    }
    return clamped;
  }

  typename SolverType::ProblemType qp_;
  SolverType solver_;
  Vector scaling_ = Vector::Zero();  ///< S's diagonal (a power of two per row)
  Vector lambda_ = Vector::Zero();
  Vector w_ = Vector::Zero();
};

// ---- rows and corrections -------------------------------------------------------

/// The rows H of a step, stored transposed (column k = H_kᵀ, contiguous) with
/// the positions of each row's nonzeros, so that sparse rows (a contact
/// touches 2 or 4 dofs) cost k, not n.
template <int MaxDof, int MaxRows, typename Scalar = float>
struct ConstraintJacobian {
  static_assert(MaxDof >= 1 && MaxDof <= 65535, "dof indices are stored in 16 bits");
  static_assert(MaxRows >= 1, "at least one row of storage");
  using Transposed = Eigen::Matrix<Scalar, MaxDof, MaxRows>;
  using DofVector = Eigen::Matrix<Scalar, MaxDof, 1>;

  Index n = 0;
  Index m = 0;
  /// Hᵀ; written through set_row, which also records the row's nonzeros (an
  /// entry written here by hand is not seen by the correction).
  Transposed Ht = Transposed::Zero();

  /// @return false (sizes 0) when n ∉ [1, MaxDof] or m ∉ [0, MaxRows].
  /// A resize that changes n clears every row (their nonzeros would index
  /// dofs of the old n): set them again. One that keeps n keeps them,
  /// unless a row names a dof at or beyond n (n lowered by hand).
  [[nodiscard]] bool resize(Index dofs, Index rows) {
    const bool fits = dofs >= 1 && dofs <= MaxDof && rows >= 0 && rows <= MaxRows;
    if (!fits || dofs != n || dofs_in_rows_ > dofs) {
      Ht.setZero();
      nonzero_count.fill(0);
      dofs_in_rows_ = 0;
    }
    n = fits ? dofs : 0;
    m = fits ? rows : 0;
    return fits;
  }
  /// True when n ∈ [1, MaxDof] and m ∈ [0, MaxRows], as resize leaves them,
  /// and no row set names a dof at or beyond n (the fields are public:
  /// sizes set by hand are checked before use; an n lowered by hand after
  /// set_row fails here until resize clears the rows).
  bool sizes_valid() const { return n >= 1 && n <= MaxDof && m >= 0 && m <= MaxRows && dofs_in_rows_ <= n; }
  /// Copies row k (first n entries of `row`) and records its nonzeros.
  /// @return false, nothing written, for a k outside [0, m) or sizes that
  ///         are not valid.
  template <typename Row>
  [[nodiscard]] bool set_row(Index k, const Row& row) {
    if (!sizes_valid() || k < 0 || k >= m) return false;
    Index count = 0;
    auto& indices = nonzero[static_cast<std::size_t>(k)];
    for (Index j = 0; j < n; ++j) {
      const Scalar value = row(j);
      Ht(j, k) = value;
      if (value != Scalar(0)) indices[static_cast<std::size_t>(count++)] = static_cast<std::uint16_t>(j);
    }
    nonzero_count[static_cast<std::size_t>(k)] = count;
    if (count > 0 && indices[static_cast<std::size_t>(count - 1)] >= dofs_in_rows_)
      dofs_in_rows_ = indices[static_cast<std::size_t>(count - 1)] + 1;
    return true;
  }
  // Row k's nonzero count and the dof of its i-th nonzero. An index
  // outside the rows (k ∉ [0, m)) or the row's nonzeros is a contract
  // violation (TACT_ASSERT): the answer is then 0, never storage beyond
  // (until session 52, storage beyond the arrays).
  Index count(Index k) const {
    TACT_ASSERT(row_index_valid(k));
    return row_index_valid(k) ? nonzeros_of(k) : 0;
  }
  Index index(Index k, Index i) const {
    const bool listed = detail::index_within(i, count(k));
    TACT_ASSERT(listed);
    return listed ? dof_of(k, i) : 0;
  }
  /// H_k · v over the nonzeros (0 for a k outside the rows).
  Scalar dot(Index k, const DofVector& v) const {
    if (!row_index_valid(k)) return 0;
    Scalar sum = 0;
    for (Index i = 0; i < nonzeros_of(k); ++i) sum += Ht(dof_of(k, i), k) * v(dof_of(k, i));
    return sum;
  }

 private:
  template <int, int, typename>
  friend class ConstraintCorrection;

  /// k ∈ [0, m) and within the storage (m is public: set by hand it may be
  /// beyond it, or negative).
  bool row_index_valid(Index k) const { return detail::index_within(k, m) && k < MaxRows; }
  // count and index without their checks: what those return once k and i
  // are within, and what loops over rows k < m of an H whose sizes are valid
  // read (ConstraintCorrection's, after fits(H); dot's): checked in the
  // innermost loops, they cost the billiard's W +15 %.
  Index nonzeros_of(Index k) const { return nonzero_count[static_cast<std::size_t>(k)]; }
  Index dof_of(Index k, Index i) const {
    return nonzero[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)];
  }

  // Only set_row writes these: every count ≤ MaxDof and every index below
  // the n of its set_row, in increasing order (the correction's loops index
  // Ht, Y and dv by them, and LinearSolver starts at a row's first one).
  /// Dof indices of row k's nonzeros
  std::array<std::array<std::uint16_t, static_cast<std::size_t>(MaxDof)>, static_cast<std::size_t>(MaxRows)> nonzero{};
  std::array<Index, static_cast<std::size_t>(MaxRows)> nonzero_count{};
  /// One past the largest dof a row set since the last clearing names: the
  /// n the nonzero lists need (until session 53 an n lowered by hand
  /// passed with lists of the larger n, and correct() wrote dv beyond n).
  Index dofs_in_rows_ = 0;
};

/// Forms W = H Ã⁻¹ Hᵀ and the correction Δv = Ã⁻¹Hᵀλ for one of the three
/// corrections (costs in the file comment), and the exact free motion.
/// Holds the Cholesky factor of A (always: free motion and LinearSolver),
/// A⁻¹ once precomputed, and 1/A_ii.
template <int MaxDof, int MaxRows, typename Scalar = float>
class ConstraintCorrection {
 public:
  using Jacobian = ConstraintJacobian<MaxDof, MaxRows, Scalar>;
  using DofVector = Eigen::Matrix<Scalar, MaxDof, 1>;
  using MassMatrix = Eigen::Matrix<Scalar, MaxDof, MaxDof>;
  using RowMatrix = Eigen::Matrix<Scalar, MaxRows, MaxRows>;
  using RowVector = Eigen::Matrix<Scalar, MaxRows, 1>;

  Correction kind = Correction::LinearSolver;

  /// Takes A (leading n×n): factors it unless it equals the last one (n³/6;
  /// a diagonal A is only inverted, n divisions), and for Precomputed
  /// computes A⁻¹ the first time (n³/2 more) — later changes of A do not
  /// update A⁻¹ until precompute() is called again (SOFA's semantics).
  /// @return Solved, InvalidInput (n out of bounds, NaN/Inf, a kind outside
  ///         the enum) or InvalidMass (A not symmetric positive definite).
  [[nodiscard]] Status set_matrix(const MassMatrix& A, Index n) {
    if (n < 1 || n > MaxDof || kind > Correction::Uncoupled) return Status::InvalidInput;
    Scalar probe = 0;
    detail::probe_finite(A.topLeftCorner(n, n), probe);
    if (probe != Scalar(0)) return Status::InvalidInput;
    bool same = valid_ && n == n_;
    for (Index j = 0; same && j < n; ++j)
      for (Index i = 0; i < n; ++i) same = same && A(i, j) == matrix_(i, j);
    if (!same) {
      valid_ = false;
      y_rows_ = -1;  // the last compliance() was for another A
      for (Index j = 0; j < n; ++j)
        for (Index i = 0; i < n; ++i) matrix_(i, j) = A(i, j);
      n_ = n;
      diagonal_ = true;
      Scalar largest = 0;
      for (Index j = 0; j < n; ++j)
        for (Index i = 0; i < n; ++i) {
          largest = detail::max_of(largest, std::fabs(A(i, j)));
          if (i != j && A(i, j) != Scalar(0)) diagonal_ = false;
        }
      const Scalar eps = std::numeric_limits<Scalar>::epsilon();
      for (Index i = 0; i < n; ++i) {
        if (!(A(i, i) > eps * largest)) return Status::InvalidMass;
        inverse_diagonal_(i) = Scalar(1) / A(i, i);
        // A subnormal A_ii passes the test above (largest is as small) but
        // its inverse overflows: no W or free motion would be finite.
        if (!detail::is_finite(inverse_diagonal_(i))) return Status::InvalidMass;
      }
      if (!diagonal_) {
        if (!detail::symmetric_within_rounding(A, n, largest)) return Status::InvalidMass;
        // The symmetric part's factor, as Solver::check_mass's: the lower
        // triangle alone could be SPD where A's quadratic form is not.
        for (Index j = 0; j < n; ++j)
          for (Index i = j; i < n; ++i) factor_(i, j) = detail::symmetric_part(A(i, j), A(j, i));
        if (!detail::cholesky_in_place(factor_, n, 16 * eps)) return Status::InvalidMass;
      }
      valid_ = true;
    }
    if (kind == Correction::Precomputed && !(precomputed_ && precomputed_n_ == n)) precompute();
    return Status::Solved;
  }

  /// Recomputes the stored A⁻¹ from the current factor (n³/2). Call it when
  /// a Precomputed A has changed on purpose. Without a factor (no
  /// successful set_matrix since the last refused one) it keeps no A⁻¹: a
  /// Precomputed compliance() then fails until set_matrix computes one.
  void precompute() {
    if (!valid_) {
      precomputed_ = false;
      return;
    }
    const Index n = n_;
    for (Index j = 0; j < n; ++j) {
      DofVector column = DofVector::Zero();
      column(j) = Scalar(1);
      (void)solve_exact(column);  // valid_: checked above
      for (Index i = 0; i < n; ++i) inverse_(i, j) = column(i);
    }
    precomputed_ = true;
    precomputed_n_ = n;
  }

  /// v ← A⁻¹ v with the factor (exact; n² multiply-adds, n for diagonal A).
  /// @return false, v unchanged, without a factor (no successful
  ///         set_matrix since the last refused one: until session 52 it
  ///         solved with what the refused one had left, NaN and Inf).
  [[nodiscard]] bool solve_exact(DofVector& v) const {
    if (!valid_) return false;
    if (diagonal_) {
      for (Index i = 0; i < n_; ++i) v(i) *= inverse_diagonal_(i);
      return true;
    }
    detail::forward_substitute(factor_, n_, v);
    detail::backward_substitute_transposed(factor_, n_, v);
    return true;
  }

  /// True when H fits the matrix of the last successful set_matrix (and
  /// its own bounds), and `kind` is one that matrix was prepared for (a
  /// value outside the enum took the dense branch with no factor; a switch
  /// to Precomputed needs precompute() or set_matrix first): what
  /// compliance() and correct() need.
  bool fits(const Jacobian& H) const {
    const bool prepared = kind == Correction::LinearSolver || kind == Correction::Uncoupled ||
                          (kind == Correction::Precomputed && precomputed_ && precomputed_n_ == n_);
    return valid_ && prepared && H.sizes_valid() && H.n == n_;
  }

  /// W (leading m×m) = H Ã⁻¹ Hᵀ for `kind`; keeps what correct() needs.
  /// @return false, nothing written, unless fits(H).
  [[nodiscard]] bool compliance(const Jacobian& H, RowMatrix& W) {
    if (!fits(H)) return false;
    const Index n = n_, m = H.m;
    if (kind == Correction::Uncoupled || (kind == Correction::LinearSolver && diagonal_)) {
      // Y_i = D H_iᵀ on the nonzeros of row i; W_ij = Σ_{l ∈ nz(i)} Y_i(l) H_jl.
      for (Index i = 0; i < m; ++i) {
        for (Index a = 0; a < H.nonzeros_of(i); ++a) {
          const Index l = H.dof_of(i, a);
          Y_(l, i) = inverse_diagonal_(l) * H.Ht(l, i);
        }
        for (Index j = 0; j <= i; ++j) {
          Scalar sum = 0;
          for (Index a = 0; a < H.nonzeros_of(i); ++a) {
            const Index l = H.dof_of(i, a);
            sum += Y_(l, i) * H.Ht(l, j);
          }
          W(i, j) = sum;
          W(j, i) = sum;
        }
      }
      sparse_y_ = true;
      y_factored_ = false;
      y_rows_ = m;
      return true;
    }
    sparse_y_ = false;
    if (kind == Correction::Precomputed) {
      // Y_i = A⁻¹H_iᵀ from k columns of A⁻¹; W_ij = Σ_{l ∈ nz(j)} H_jl Y_i(l).
      for (Index i = 0; i < m; ++i) {
        for (Index r = 0; r < n; ++r) Y_(r, i) = Scalar(0);
        for (Index a = 0; a < H.nonzeros_of(i); ++a) {
          const Index l = H.dof_of(i, a);
          const Scalar h = H.Ht(l, i);
          for (Index r = 0; r < n; ++r) Y_(r, i) += h * inverse_(r, l);
        }
        for (Index j = 0; j <= i; ++j) {
          Scalar sum = 0;
          for (Index a = 0; a < H.nonzeros_of(j); ++a) {
            const Index l = H.dof_of(j, a);
            sum += H.Ht(l, j) * Y_(l, i);
          }
          W(i, j) = sum;
          W(j, i) = sum;
        }
      }
      y_factored_ = false;
      y_rows_ = m;
      return true;
    }
    // LinearSolver, dense A: Y_i = L⁻¹H_iᵀ from the row's first nonzero; W = YᵀY.
    for (Index i = 0; i < m; ++i) {
      const Index first = H.nonzeros_of(i) > 0 ? H.dof_of(i, 0) : n;
      first_[static_cast<std::size_t>(i)] = first;
      for (Index r = 0; r < n; ++r) Y_(r, i) = r < first ? Scalar(0) : H.Ht(r, i);
      for (Index k = first; k < n; ++k) {
        const Scalar value = Y_(k, i) / factor_(k, k);
        Y_(k, i) = value;
        for (Index r = k + 1; r < n; ++r) Y_(r, i) -= factor_(r, k) * value;
      }
      for (Index j = 0; j <= i; ++j) {
        const Index from = detail::max_of(first, first_[static_cast<std::size_t>(j)]);
        Scalar sum = 0;
        for (Index r = from; r < n; ++r) sum += Y_(r, i) * Y_(r, j);
        W(i, j) = sum;
        W(j, i) = sum;
      }
    }
    y_factored_ = true;
    y_rows_ = m;
    return true;
  }

  /// dv = Ã⁻¹Hᵀλ for the rows and kind of the last compliance() call (H
  /// must be the H of that call: its Ã⁻¹Hᵀ is kept, not formed again).
  /// @return false, nothing written, unless fits(H) and H has the rows of
  ///         that call, with no set_matrix of another A since (until
  ///         session 52 a kind changed in between, or a new A, gave a dv
  ///         of neither: the current kind decided the back-substitution).
  [[nodiscard]] bool correct(const Jacobian& H, const RowVector& lambda, DofVector& dv) const {
    if (!fits(H) || H.m != y_rows_) return false;
    const Index n = n_, m = H.m;
    for (Index r = 0; r < n; ++r) dv(r) = Scalar(0);
    if (sparse_y_) {
      for (Index i = 0; i < m; ++i)
        for (Index a = 0; a < H.nonzeros_of(i); ++a) {
          const Index l = H.dof_of(i, a);
          dv(l) += Y_(l, i) * lambda(i);
        }
      return true;
    }
    for (Index i = 0; i < m; ++i)
      for (Index r = 0; r < n; ++r) dv(r) += Y_(r, i) * lambda(i);
    if (y_factored_) detail::backward_substitute_transposed(factor_, n, dv);
    return true;
  }

  bool diagonal() const { return diagonal_; }

 private:
  using YMatrix = Eigen::Matrix<Scalar, MaxDof, MaxRows>;
  MassMatrix matrix_ = MassMatrix::Zero();   ///< last A (change detection)
  MassMatrix factor_ = MassMatrix::Zero();   ///< Cholesky factor L of A (dense A only)
  MassMatrix inverse_ = MassMatrix::Zero();  ///< A⁻¹ (Precomputed)
  DofVector inverse_diagonal_ = DofVector::Zero();
  YMatrix Y_ = YMatrix::Zero();              ///< Ã⁻¹Hᵀ or L⁻¹Hᵀ of the last compliance()
  std::array<Index, static_cast<std::size_t>(MaxRows)> first_{};
  Index n_ = 0;
  Index precomputed_n_ = 0;
  bool valid_ = false;
  bool diagonal_ = false;
  bool precomputed_ = false;
  bool sparse_y_ = false;    ///< Y_ holds D H_iᵀ on row i's nonzeros only
  bool y_factored_ = false;  ///< Y_ = L⁻¹Hᵀ: dv needs L⁻ᵀ (LinearSolver, dense A)
  Index y_rows_ = -1;        ///< the rows of Y_'s compliance() call; -1: none for this A
};

// ---- the stepper --------------------------------------------------------------

/// Summary of one velocity-level step.
template <typename Scalar>
struct [[nodiscard]] ImpulseReport {
  Status status = Status::InvalidInput;
  Index iterations = 0;  ///< PGS sweeps, or iterations of the Solver (Primal, Dual)
  Index rows = 0;        ///< rows in the constraint problem (equalities + candidate inequalities)
  /// LCP residual of the step in constraint space, as ConstraintSpaceReport
  /// (for Primal: of w = Hv − b, the rows being rigid, and its scale the
  /// Solver's Residuals::row_scale, max |b_k| and max ‖H_k‖ times
  /// max(‖v‖, ‖v_free‖), or max |b_k| when the Solver gave up).
  Scalar residual = 0;
  Scalar residual_scale = 0;
  /// x and v were advanced. False when nothing moved: any refusal, and
  /// under Primal a Solver without a point (Report::has_point), whose
  /// status (Singular) is reported as it is.
  bool advanced = false;
  /// Solved. Under Primal the Solver's status: with Platt, PlattImproved or
  /// Right their working set solved, not the LCP (a contact may pull; see
  /// residual against residual_scale).
  bool ok() const { return status == Status::Solved; }
};

/// A constrained mechanical system stepped at velocity level (impulses).
/// Same gather interface and row helpers as tact::World (the rows type is the
/// same RowSet), so a scene written for World runs here unchanged.
/// @tparam MaxDof  bound on degrees of freedom, as in World
/// @tparam MaxEq   bound on equality rows
/// @tparam MaxIneq bound on inequality rows
/// @tparam Scalar  float (default) or double
/// @tparam MaxRows bound on the rows of one step's constraint problem
///         (equalities + candidate inequalities) for Dual and Pgs; storage of
///         those is O(MaxRows²), so a world with many possible rows but few
///         touching at once (a billiard) can keep it small.
/// Storage: a Solver<MaxDof, MaxEq, MaxIneq> (Primal), a
/// ConstraintSpaceSolver<MaxRows> (Dual), the correction (3·MaxDof² +
/// MaxDof·MaxRows), W and the rows; its footprint is sizeof(ImpulseWorld).
template <int MaxDof, int MaxEq, int MaxIneq, typename Scalar = float, int MaxRows = MaxEq + MaxIneq>
class ImpulseWorld {
 public:
  static constexpr int kRowStorage = MaxRows > 0 ? MaxRows : 1;
  using SolverType = Solver<MaxDof, MaxEq, MaxIneq, Scalar>;
  using ProblemType = typename SolverType::ProblemType;
  using DofVector = typename ProblemType::DofVector;
  using MassMatrix = typename ProblemType::MassMatrix;
  using Rows = RowSet<MaxDof, MaxEq, MaxIneq, Scalar>;
  using ConstraintProblem = ConstraintSpaceProblem<kRowStorage, Scalar>;
  using Correct = ConstraintCorrection<MaxDof, kRowStorage, Scalar>;
  using Jacobian = typename Correct::Jacobian;

  Index n = MaxDof;                       ///< degrees of freedom in use
  DofVector x = DofVector::Zero();        ///< generalized coordinates
  DofVector v = DofVector::Zero();        ///< velocities
  DofVector f = DofVector::Zero();        ///< applied forces for the next step
  MassMatrix M = MassMatrix::Identity();  ///< A = M (SPD)
  Scalar time_step = Scalar(1e-3);        ///< h
  /// Stabilization factor β ∈ (0, 1] of b = −βg/h (checked whatever the
  /// stabilization): the fraction of a gap closed or of a violation corrected in one step.
  Scalar beta = Scalar(0.2);
  Stabilization stabilization = Stabilization::Position;
  /// An inequality row enters the step's problem when g ≤ this. With
  /// Position stabilization a row with g > 0 lets the gap close by β·g per
  /// step at most (b = −βg/h < 0), so a margin larger than the largest
  /// approach speed times h sees contacts before they happen (speculative).
  Scalar contact_tolerance = Scalar(1e-5);
  Resolution resolution = Resolution::Primal;
  Strategy strategy = Strategy::Exact;  ///< for Resolution::Primal
  Correction correction = Correction::LinearSolver;  ///< for Dual and Pgs; Primal requires LinearSolver
  Scalar regularization = 0;            ///< ε ≥ 0 on W's diagonal (Dual, Pgs)
  /// Compliance c_k ≥ 0 of the k-th equality / inequality added by gather
  /// (Dual, Pgs; Primal requires 0). See the file comment.
  std::array<Scalar, static_cast<std::size_t>(MaxEq > 0 ? MaxEq : 1)> eq_compliance{};
  std::array<Scalar, static_cast<std::size_t>(MaxIneq > 0 ? MaxIneq : 1)> ineq_compliance{};
  PgsSettings<Scalar> pgs;              ///< for Resolution::Pgs

  /// Advances one step: gather, free motion, constraint problem, correction,
  /// positions. `gather(x, v, rows)` as for World.
  /// @return the resolution's status; Status::InvalidInput (nothing moves)
  ///         when h is not positive and finite, β ∉ (0, 1], ε or a compliance
  ///         negative or not finite, a nonzero compliance or a correction
  ///         other than LinearSolver with Primal, invalid PGS settings (with
  ///         Pgs), a resolution, correction or stabilization outside its
  ///         enum, contact_tolerance not finite or negative, NaN/Inf in x, v, f, M or a
  ///         candidate row, an equality's g not finite, an inequality's g NaN or −∞ (+∞: never a
  ///         candidate; a row that is not one is not read beyond g), the rows overflow the
  ///         bounds, more than MaxRows are candidates (Dual, Pgs), a candidate row
  ///         whose W overflows the scalar (Dual, Pgs: finite H, W = H A⁻¹Hᵀ not), or a new
  ///         x or v would overflow the scalar (λ = 0 then too; the
  ///         report's other figures are the solve's);
  ///         Status::InvalidMass (nothing moves) when M is not SPD, or under
  ///         Dual without regularization when W is not positive definite
  ///         (dependent candidate rows, such as a contact gathered twice); under
  ///         Primal, nothing moves either when the Solver has no point
  ///         (Report::has_point: Singular from an overflow in its residuals).
  ///         Any other status (IterationLimit, Singular, Inaccurate, Infeasible) still
  ///         advances the state with the solver's finite outputs. The
  ///         carried working set after a refusal: as World::step.
  template <typename Gather>
  ImpulseReport<Scalar> step(Gather&& gather) {
    rows_.clear();
    gather(static_cast<const DofVector&>(x), static_cast<const DofVector&>(v), rows_);
    ImpulseReport<Scalar> report;
    lambda_eq_.fill(Scalar(0));
    lambda_ineq_.fill(Scalar(0));
    if (!parameters_valid()) return report;  // InvalidInput
    const Scalar h = time_step;

    // Candidate rows: every equality, the inequalities with g ≤ tolerance.
    const Index num_eq = rows_.num_eq();
    Index num_candidates = 0;
    for (Index k = 0; k < rows_.num_ineq(); ++k) {
      const Scalar g = rows_.inequality_row(k).g;  // not NaN, not −Inf (parameters_valid)
      const bool carried = strategy_carries_set() && detail::is_finite(g) && memory_.contains(rows_.row_id(k));  // as World
      if (g <= contact_tolerance || carried)
        candidate_[static_cast<std::size_t>(num_candidates++)] = k;
    }
    report.rows = num_eq + num_candidates;

    // Each resolution leaves the new velocity in `next`: committed with x += h·v
    // only when both stay finite.
    const DofVector* next = nullptr;
    const bool solved = resolution == Resolution::Primal ? solve_primal(report, num_eq, num_candidates, next)
                                                         : solve_constraint_space(report, num_eq, num_candidates, next);
    if (!solved) return report;
    report.advanced =
        detail::advance_state(x, v, next_position_, next_velocity_, n, h, [next](Index i) { return (*next)(i); });
    if (!report.advanced) {
      report.status = Status::InvalidInput;  // the rest of the report is the solve's, as World's
      lambda_eq_.fill(Scalar(0));
      lambda_ineq_.fill(Scalar(0));
    }
    return report;
  }

  /// Impulse λ of the k-th equality added by the last gather (0 for a k
  /// outside [0, MaxEq), a contract violation: TACT_ASSERT).
  Scalar multiplier_eq(Index k) const {
    TACT_ASSERT(detail::index_within(k, MaxEq));
    return detail::index_within(k, MaxEq) ? lambda_eq_[static_cast<std::size_t>(k)] : Scalar(0);
  }
  /// Impulse λ of the k-th inequality added by the last gather (0 if not a
  /// candidate; 0 too for a k outside [0, MaxIneq): TACT_ASSERT).
  Scalar multiplier_ineq(Index k) const {
    TACT_ASSERT(detail::index_within(k, MaxIneq));
    return detail::index_within(k, MaxIneq) ? lambda_ineq_[static_cast<std::size_t>(k)] : Scalar(0);
  }
  /// v_free of the last Dual or Pgs step (phase 1; Primal never forms it).
  const DofVector& free_velocity() const { return v_free_; }
  /// The velocity QP of the last Primal step.
  const ProblemType& last_velocity_problem() const { return problem_; }
  /// The constraint-space problem (W with compliance and ε, q) of the last Dual or Pgs step.
  const ConstraintProblem& last_constraint_problem() const { return constraint_; }
  /// Recomputes the Precomputed A⁻¹ from the current M at the next step.
  void precompute() { precompute_pending_ = true; }
  /// Forgets the carried working set (Platt strategies start afresh).
  void reset_memory() { memory_.clear(); }
  /// Settings of the solves (tolerances, iteration cap, small-problem
  /// path): Primal's Solver and Dual's ConstraintSpaceSolver use them, each
  /// step. PGS has its own (`pgs`).
  Settings<Scalar>& settings() { return solver_.settings; }
  const Settings<Scalar>& settings() const { return solver_.settings; }

 private:
  bool strategy_carries_set() const {
    return resolution == Resolution::Primal && (strategy == Strategy::Platt || strategy == Strategy::PlattImproved);
  }

  bool parameters_valid() const {
    if (!detail::stepper_inputs_valid<MaxDof>(n, rows_.overflow(), time_step, contact_tolerance, x, v)) return false;
    if (!(beta > 0) || !(beta <= 1)) return false;
    if (!(regularization >= 0) || !detail::is_finite(regularization)) return false;
    if (!rows_.gaps_valid()) return false;
    Scalar probe = 0;
    detail::probe_finite(f.head(n), probe);
    if (probe != Scalar(0)) return false;
    const bool primal = resolution == Resolution::Primal;
    for (Index k = 0; k < rows_.num_eq(); ++k) {
      const Scalar c = eq_compliance[static_cast<std::size_t>(k)];
      if (!(c >= 0) || !detail::is_finite(c) || (primal && c != Scalar(0))) return false;
    }
    for (Index k = 0; k < rows_.num_ineq(); ++k) {
      const Scalar c = ineq_compliance[static_cast<std::size_t>(k)];
      if (!(c >= 0) || !detail::is_finite(c) || (primal && c != Scalar(0))) return false;
    }
    if (primal && correction != Correction::LinearSolver) return false;
    if (resolution == Resolution::Pgs && !pgs.valid()) return false;
    // Values cast from outside the enums are refused, as a Strategy's is
    // (an unknown resolution ran PGS, an unknown stabilization Velocity's b).
    return resolution <= Resolution::Pgs && correction <= Correction::Uncoupled &&
           stabilization <= Stabilization::Velocity;
  }

  template <typename Row>
  Scalar rhs(const Row& row) const {
    return stabilization == Stabilization::Position ? -beta * row.g / time_step : Scalar(0);
  }

  /// The velocity QP through tact::Solver: M = A, f = A v + h f (= A v_free), J = H, d = b.
  /// `next`: the new velocity, the QP's solution.
  bool solve_primal(ImpulseReport<Scalar>& report, Index num_eq, Index num_candidates, const DofVector*& next) {
    const Index nn = n;
    if (strategy == Strategy::Platt && memory_.initialized) rows_.add_violated_to(memory_, contact_tolerance);
    if (!problem_.resize(nn, num_eq, num_candidates)) return false;
    problem_.M = M;
    for (Index i = 0; i < nn; ++i) {  // A v_free = A v + h f: no solve with A needed here
      Scalar momentum = 0;
      for (Index j = 0; j < nn; ++j) momentum += M(i, j) * v(j);
      problem_.f(i) = momentum + time_step * f(i);
    }
    for (Index k = 0; k < num_eq; ++k) {
      problem_.J_eq.row(k) = rows_.equality_row(k).J;
      problem_.d_eq(k) = rhs(rows_.equality_row(k));
    }
    for (Index s = 0; s < num_candidates; ++s) {
      const Index k = candidate_[static_cast<std::size_t>(s)];
      problem_.J_ineq.row(s) = rows_.inequality_row(k).J;
      problem_.d_ineq(s) = rhs(rows_.inequality_row(k));
      problem_.ineq_id[static_cast<std::size_t>(s)] = rows_.row_id(k);
    }
    const Report<Scalar> inner = solver_.solve(problem_, strategy, &memory_);
    report.status = inner.status;
    report.iterations = inner.iterations;
    // No point (refused data, or residuals that overflowed): the QP's unknown
    // is v, so its zeros would stop the body by an impulse no row gave.
    if (!inner.has_point) return false;
    const DofVector& velocity = solver_.acceleration();  // the QP's unknown is the new velocity
    next = &velocity;
    // LCP residual of w = Hv − b, relative to the Solver's own scale for
    // these rows (Residuals::row_scale: max |b_k|, and max ‖H_k‖ times
    // max(‖v‖, ‖v_free‖), as Dual's q and Wλ hold v_free and Δv), and at
    // least max |b_k| (a Solver that gave up reports row_scale 0). Before,
    // max(|b|, |w|) was rounding itself where b = 0 (residual/scale = 1).
    Scalar residual = 0, scale = inner.residuals.row_scale;
    for (Index k = 0; k < num_eq; ++k) {
      lambda_eq_[static_cast<std::size_t>(k)] = solver_.multiplier_eq(k);
      Scalar w = -problem_.d_eq(k);
      scale = detail::max_of(scale, std::fabs(problem_.d_eq(k)));
      for (Index j = 0; j < nn; ++j) w += problem_.J_eq(k, j) * velocity(j);
      residual = detail::max_of(residual, std::fabs(w));
    }
    for (Index s = 0; s < num_candidates; ++s) {
      const Scalar lambda = solver_.multiplier_ineq(s);
      lambda_ineq_[static_cast<std::size_t>(candidate_[static_cast<std::size_t>(s)])] = lambda;
      Scalar w = -problem_.d_ineq(s);
      scale = detail::max_of(scale, std::fabs(problem_.d_ineq(s)));
      for (Index j = 0; j < nn; ++j) w += problem_.J_ineq(s, j) * velocity(j);
      residual = detail::max_of(residual, std::fabs(detail::min_of(lambda, w)));
    }
    report.residual = residual;
    report.residual_scale = scale;
    return true;
  }

  /// Free motion, W by the correction, Dual or PGS, Δv. `next`: the new
  /// velocity v_free + Δv.
  bool solve_constraint_space(ImpulseReport<Scalar>& report, Index num_eq, Index num_candidates,
                              const DofVector*& next) {
    const Index nn = n;
    const Index m = num_eq + num_candidates;
    if (m > MaxRows) return false;  // InvalidInput
    // Dual and Pgs carry no set: one kept across their steps would be stale
    // when Primal's Platt read it again (as Right's, see Solver::solve).
    memory_.clear();
    correction_.kind = correction;
    if (precompute_pending_ && correction == Correction::Precomputed) {
      const Status s = correction_.set_matrix(M, nn);
      if (s != Status::Solved) {
        report.status = s;
        return false;
      }
      correction_.precompute();
      precompute_pending_ = false;
    }
    const Status mass = correction_.set_matrix(M, nn);
    if (mass != Status::Solved) {
      report.status = mass;
      return false;
    }
    // Phase 1: free motion with the exact A.
    for (Index i = 0; i < nn; ++i) v_free_(i) = f(i);
    (void)correction_.solve_exact(v_free_);  // set_matrix succeeded: it has a factor
    for (Index i = 0; i < nn; ++i) v_free_(i) = v(i) + time_step * v_free_(i);

    // Phase 2: rows, W, q.
    if (!jacobian_.resize(nn, m) || !constraint_.resize(num_eq, num_candidates)) return false;
    for (Index k = 0; k < num_eq; ++k) {
      (void)jacobian_.set_row(k, rows_.equality_row(k).J);  // k < m: resize above
      rhs_(k) = rhs(rows_.equality_row(k));
      compliance_(k) = eq_compliance[static_cast<std::size_t>(k)];
    }
    for (Index s = 0; s < num_candidates; ++s) {
      const Index k = candidate_[static_cast<std::size_t>(s)];
      (void)jacobian_.set_row(num_eq + s, rows_.inequality_row(k).J);
      rhs_(num_eq + s) = rhs(rows_.inequality_row(k));
      compliance_(num_eq + s) = ineq_compliance[static_cast<std::size_t>(k)];
    }
    if (!correction_.compliance(jacobian_, constraint_.W)) return false;  // never: sizes checked above
    for (Index r = 0; r < m; ++r) {
      constraint_.W(r, r) += compliance_(r) + regularization;
      constraint_.q(r) = jacobian_.dot(r, v_free_) - rhs_(r);
    }
    ConstraintSpaceReport<Scalar> inner;
    const typename ConstraintProblem::Vector* lambda = nullptr;
    if (resolution == Resolution::Dual) {
      dual_.settings() = solver_.settings;
      inner = dual_.solve(constraint_);
      lambda = &dual_.lambda();
    } else {
      pgs_.settings = pgs;
      inner = pgs_.solve(constraint_);
      lambda = &pgs_.lambda();
    }
    report.status = inner.status;
    report.iterations = inner.iterations;
    report.residual = inner.residual;
    report.residual_scale = inner.scale;
    if (inner.status == Status::InvalidInput || inner.status == Status::InvalidMass) return false;

    // Phase 3: correction.
    (void)correction_.correct(jacobian_, *lambda, next_velocity_);  // fits: compliance() took the same H
    for (Index i = 0; i < nn; ++i) next_velocity_(i) += v_free_(i);
    next = &next_velocity_;
    for (Index k = 0; k < num_eq; ++k) lambda_eq_[static_cast<std::size_t>(k)] = (*lambda)(k);
    for (Index s = 0; s < num_candidates; ++s)
      lambda_ineq_[static_cast<std::size_t>(candidate_[static_cast<std::size_t>(s)])] = (*lambda)(num_eq + s);
    return true;
  }

  using RowScalars = Eigen::Matrix<Scalar, kRowStorage, 1>;

  Rows rows_;
  /// Gather positions of candidate inequalities
  std::array<Index, static_cast<std::size_t>(MaxIneq > 0 ? MaxIneq : 1)> candidate_{};
  std::array<Scalar, static_cast<std::size_t>(MaxEq > 0 ? MaxEq : 1)> lambda_eq_{};
  std::array<Scalar, static_cast<std::size_t>(MaxIneq > 0 ? MaxIneq : 1)> lambda_ineq_{};
  DofVector v_free_ = DofVector::Zero();
  /// The step's new v (Dual, Pgs: Δv first) and x, before they are known finite
  DofVector next_velocity_ = DofVector::Zero();
  DofVector next_position_ = DofVector::Zero();

  // Primal
  ProblemType problem_;
  SolverType solver_;
  ActiveSetMemory<MaxIneq> memory_;

  // Constraint space
  Correct correction_;
  Jacobian jacobian_;
  ConstraintProblem constraint_;
  RowScalars rhs_ = RowScalars::Zero();
  RowScalars compliance_ = RowScalars::Zero();
  ConstraintSpaceSolver<kRowStorage, kRowStorage, Scalar> dual_;
  ProjectedGaussSeidel<kRowStorage, Scalar> pgs_;
  bool precompute_pending_ = false;
};

}  // namespace tact
