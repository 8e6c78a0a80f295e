/// @file world.hpp
/// The stepper: state, mass, forces and constraint rows of a small world;
/// one call to step() gathers the rows, builds d with Baumgarte's term,
/// decides which inequalities are candidates, runs the strategy and
/// integrates with semi-implicit Euler.
#pragma once

#include <limits>

#include "tact/constraints.hpp"
#include "tact/solver.hpp"

namespace tact {

namespace detail {

/// Semi-implicit Euler's commit, shared by the steppers: v_i = next_velocity(i)
/// and x_i += h·v_i for i < n, computed into the scratch next_v and next_x
/// and copied into the state only when every result is finite.
/// @return false, with x and v untouched, when one would overflow the scalar
///         (a state or a step too large for it): the step is refused, not
///         advanced into Inf. next_velocity(i) may read next_v(i).
template <typename State, typename Scalar, typename NextVelocity>
bool advance_state(State& x, State& v, State& next_x, State& next_v, Index n, Scalar h,
                   NextVelocity next_velocity) {
  bool finite = true;
  for (Index i = 0; i < n; ++i) {
    const Scalar velocity = next_velocity(i);
    const Scalar position = x(i) + h * velocity;
    next_v(i) = velocity;
    next_x(i) = position;
    finite = finite && has_finite_bits(velocity) && has_finite_bits(position);
  }
  if (!finite) return false;
  for (Index i = 0; i < n; ++i) {
    v(i) = next_v(i);
    x(i) = next_x(i);
  }
  return true;
}

/// The checks both steppers make of what their solver does not see: n and
/// the gathered rows within the bounds, h positive and finite, a contact
/// tolerance finite and not negative (NaN would drop every contact, −Inf is
/// no tolerance, +Inf would make a row with a +Inf gap, never in contact, a
/// candidate; a negative one would leave rows in contact out of the QP and
/// Platt's "violated" rule take rows apart, and the two steppers, which
/// apply that rule at different points of a step, disagree), and the first
/// n entries of x and v finite.
template <int MaxDof, typename Scalar, typename State>
bool stepper_inputs_valid(Index n, bool rows_overflow, Scalar time_step, Scalar contact_tolerance, const State& x,
                          const State& v) {
  if (n < 1 || n > MaxDof || rows_overflow) return false;
  if (!(time_step > 0) || !is_finite(time_step) || !has_finite_nonnegative_bits(contact_tolerance)) return false;
  Scalar probe = 0;
  probe_finite(x.head(n), probe);
  probe_finite(v.head(n), probe);
  return probe == Scalar(0);
}

}  // namespace detail

/// Rows gathered for one step: equalities and inequalities with stable ids.
template <int MaxDof, int MaxEq, int MaxIneq, typename Scalar = float>
class RowSet {
 public:
  using Row = ConstraintRow<MaxDof, Scalar>;

  void add_equality(const Row& row) {
    if (num_eq_ >= MaxEq) {
      overflow_ = true;
      return;
    }
    copy_row(eq_[static_cast<std::size_t>(num_eq_++)], row);
  }
  /// `id`: the contact's stable id, unique within the step (see Problem::ineq_id).
  void add_inequality(RowId id, const Row& row) {
    if (num_ineq_ >= MaxIneq) {
      overflow_ = true;
      return;
    }
    copy_row(ineq_[static_cast<std::size_t>(num_ineq_)], row);
    ids_[static_cast<std::size_t>(num_ineq_++)] = id;
  }
  void clear() {
    num_eq_ = num_ineq_ = 0;
    overflow_ = false;
  }

  Index num_eq() const { return num_eq_; }
  Index num_ineq() const { return num_ineq_; }
  // Row k of those added, and an inequality's id. A k outside them is a
  // contract violation (TACT_ASSERT): the answer is then a row with g = NaN
  // and J = 0, which no step accepts, and id 0, never storage beyond the
  // rows (until session 52, storage beyond the arrays).
  const Row& equality(Index k) const {
    TACT_ASSERT(detail::index_within(k, num_eq_));
    return detail::index_within(k, num_eq_) ? equality_row(k) : out_of_range_;
  }
  const Row& inequality(Index k) const {
    TACT_ASSERT(detail::index_within(k, num_ineq_));
    return detail::index_within(k, num_ineq_) ? inequality_row(k) : out_of_range_;
  }
  RowId id(Index k) const {
    TACT_ASSERT(detail::index_within(k, num_ineq_));
    return detail::index_within(k, num_ineq_) ? row_id(k) : RowId(0);
  }
  /// True when more rows were added than the bounds hold (the extra ones were dropped).
  bool overflow() const { return overflow_; }
  /// True when every equality's gap g is finite and no inequality's is NaN
  /// or −∞ (+∞: a row never in contact). g decides which rows are
  /// candidates, and a NaN must not drop its row silently (g ≤ tolerance is
  /// false), nor pass unseen where b does not read g. ImpulseWorld asks (with
  /// Velocity stabilization b does not read g); World makes such an
  /// inequality a candidate instead, and the solver refuses its d (Baumgarte's,
  /// from g), as it does any equality's.
  bool gaps_valid() const {
    bool valid = true;
    for (Index k = 0; k < num_eq_; ++k) valid &= detail::is_finite(eq_[static_cast<std::size_t>(k)].g);
    for (Index k = 0; k < num_ineq_; ++k)
      valid &= ineq_[static_cast<std::size_t>(k)].g > -std::numeric_limits<Scalar>::infinity();
    return valid;
  }
  /// True when an inequality with this id was added.
  bool holds_id(RowId id) const {
    for (Index k = 0; k < num_ineq_; ++k)
      if (ids_[static_cast<std::size_t>(k)] == id) return true;
    return false;
  }

  /// Algorithm 1, lines 8–9: the inequalities violated after integration
  /// (g < −tolerance) join the carried F+. A full F+ first lets go of the
  /// ids these rows no longer hold (a gather that leaves out far pairs), so
  /// the violated row gets its slot in this step, not after the next solve.
  void add_violated_to(ActiveSetMemory<MaxIneq>& memory, Scalar tolerance) const {
    for (Index k = 0; k < num_ineq_; ++k)
      if (inequality_row(k).g < -tolerance && !memory.insert(row_id(k)))
        insert_after_dropping_vanished(memory, row_id(k));
  }

 private:
  template <int, int, int, typename>
  friend class World;
  template <int, int, int, typename, int>
  friend class ImpulseWorld;

  // The accessors without their checks, for loops over k below the count
  // (add_violated_to, the steppers' builds of the problem): checked there,
  // they cost the billiard example's step +400 instructions.
  const Row& equality_row(Index k) const { return eq_[static_cast<std::size_t>(k)]; }
  const Row& inequality_row(Index k) const { return ineq_[static_cast<std::size_t>(k)]; }
  RowId row_id(Index k) const { return ids_[static_cast<std::size_t>(k)]; }

  /// Out of line: a full F+ is rare, and inlined this cost every step of
  /// the corner example 5 to 6 instructions.
  TACT_NOINLINE void insert_after_dropping_vanished(ActiveSetMemory<MaxIneq>& memory, RowId id) const {
    memory.keep_if([this](RowId held) { return holds_id(held); });
    memory.insert(id);
  }

  /// J in an unrolled loop: GCC 12 sometimes makes the whole-row Eigen
  /// assignment an out-of-line loop call, depending on what else the
  /// translation unit inlines (billiard step on the M4F: +412 instructions
  /// after a solver change), as in World::step's row copy.
  static void copy_row(Row& to, const Row& from) {
    to.g = from.g;
#pragma GCC unroll 32
    for (Index j = 0; j < MaxDof; ++j) to.J(j) = from.J(j);
    to.curvature = from.curvature;
  }

  std::array<Row, static_cast<std::size_t>(MaxEq > 0 ? MaxEq : 1)> eq_{};
  std::array<Row, static_cast<std::size_t>(MaxIneq > 0 ? MaxIneq : 1)> ineq_{};
  std::array<RowId, static_cast<std::size_t>(MaxIneq > 0 ? MaxIneq : 1)> ids_{};
  Row out_of_range_ = detail::out_of_bounds_row<MaxDof, Scalar>();  ///< the accessors' answer outside the rows
  Index num_eq_ = 0;
  Index num_ineq_ = 0;
  bool overflow_ = false;
};

/// A constrained mechanical system stepped in time.
/// @tparam MaxDof  bound on degrees of freedom, as in Solver
/// @tparam MaxEq   bound on equality rows
/// @tparam MaxIneq bound on inequality rows
/// @tparam Scalar  float (default) or double
template <int MaxDof, int MaxEq, int MaxIneq, typename Scalar = float>
class World {
 public:
  using SolverType = Solver<MaxDof, MaxEq, MaxIneq, Scalar>;
  using ProblemType = typename SolverType::ProblemType;
  using DofVector = typename ProblemType::DofVector;
  using MassMatrix = typename ProblemType::MassMatrix;
  using Rows = RowSet<MaxDof, MaxEq, MaxIneq, Scalar>;

  Index n = MaxDof;                               ///< degrees of freedom in use
  DofVector x = DofVector::Zero();                ///< generalized coordinates
  DofVector v = DofVector::Zero();                ///< their velocities ẋ
  DofVector f = DofVector::Zero();                ///< applied forces for the next step
  MassMatrix M = MassMatrix::Identity();          ///< mass matrix (SPD; diagonal is fastest)
  Scalar time_step = Scalar(1e-3);                ///< h
  Scalar tau = Scalar(1e-2);                      ///< Baumgarte time constant τ (> 0, τ² normal)
  /// An inequality row touches (is a candidate) when g ≤ this, and counts as
  /// violated (Platt's rule) when g < −this: rounding in x is not a contact event.
  Scalar contact_tolerance = Scalar(1e-5);
  Strategy strategy = Strategy::Exact;

  /// Advances one step. `gather(x, v, rows)` adds the rows at the current
  /// state (every inequality the world has; the stepper selects candidates).
  /// @return the solver's report. Nothing moves when it is InvalidInput:
  ///         τ or h not positive and finite, τ² below the smallest normal
  ///         (float: τ < 1.1e-19), contact_tolerance not finite or negative, NaN/Inf
  ///         in x or v, an inequality's g NaN or −∞ (+∞: never a candidate),
  ///         the rows overflow the bounds, a new x or v that would overflow
  ///         the scalar (the report is the solve's otherwise), or
  ///         the solver refused the step's data (NaN/Inf in M, f or a
  ///         candidate row); nor when it is InvalidMass (M not SPD); nor
  ///         when the solve has no point (Report::has_point: Singular from an
  ///         overflow in the residuals, e.g. a row whose |J_k|² overflows).
  ///         Any other status still advances the state with the solver's
  ///         finite outputs. So x and v moved exactly when has_point is true
  ///         and the status is neither InvalidInput nor InvalidMass.
  ///         "Nothing moves" means x and v: the carried working
  ///         set is the step's (after an overflowing x or v, the solve's;
  ///         after the solver's refusal, Exact's is empty and Platt's F+
  ///         keeps the violated rows it took in); reset_memory() forgets it.
  template <typename Gather>
  Report<Scalar> step(Gather&& gather) {
    rows_.clear();
    gather(static_cast<const DofVector&>(x), static_cast<const DofVector&>(v), rows_);
    Report<Scalar> report;
    if (!parameters_valid() || !build_problem()) return report;  // InvalidInput
    report = solver_.solve(problem_, strategy, &memory_);
    if (!report.has_point) return report;  // refused data, or an overflow in the residuals (Singular)

    // Semi-implicit (symplectic) Euler: velocity first, then position with it.
    const Scalar h = time_step;
    const DofVector& acceleration = solver_.acceleration();
    if (!detail::advance_state(x, v, next_x_, next_v_, n, h, [&](Index i) { return v(i) + h * acceleration(i); }))
      report.status = Status::InvalidInput;
    return report;
  }

  /// Forgets the carried working set (Platt strategies start afresh).
  void reset_memory() { memory_.clear(); }

  const SolverType& solver() const { return solver_; }
  /// The solver's Settings (tolerances, iteration cap, small-problem path),
  /// which every step uses.
  Settings<Scalar>& settings() { return solver_.settings; }
  const Settings<Scalar>& settings() const { return solver_.settings; }
  /// The QP of the last step (the rows that were candidates), e.g. to save it.
  const ProblemType& last_problem() const { return problem_; }

 private:
  /// The step's QP from the gathered rows: M, f, every equality and the
  /// inequalities that are candidates, with Baumgarte's d. Out of line:
  /// inlined, step() grew past what GCC inlines into a caller's loop, and
  /// the corner example's gather went out of line with it (+6 % a step).
  TACT_NOINLINE bool build_problem() {
    const bool carries_set = strategy == Strategy::Platt || strategy == Strategy::PlattImproved;
    if (strategy == Strategy::Platt && memory_.initialized) rows_.add_violated_to(memory_, contact_tolerance);

    if (!problem_.resize(n, rows_.num_eq(), 0)) return false;
    problem_.M = M;
    problem_.f = f;
    // Rows are copied entry by entry over the n columns in use: a whole-row
    // Eigen assignment is one call or an unrolled MaxDof-wide copy, at the
    // compiler's whim (4 % of a billiard step when it became a call).
    for (Index k = 0; k < rows_.num_eq(); ++k) {
      for (Index j = 0; j < n; ++j) problem_.J_eq(k, j) = rows_.equality_row(k).J(j);
      problem_.d_eq(k) = baumgarte_rhs(rows_.equality_row(k), v, n, tau);
    }
    for (Index k = 0; k < rows_.num_ineq(); ++k) {
      const auto& row = rows_.inequality_row(k);
      // Not g ≤ tolerance: a NaN g makes its row a candidate, and its d
      // (Baumgarte's, which reads g) NaN, so the solver refuses the step
      // (InvalidInput) instead of the row dropping out unseen, for free.
      // A +Inf g is never one, even carried in Platt's F+ (its d: −Inf).
      const bool candidate = !(row.g > contact_tolerance) ||
                             (carries_set && detail::is_finite(row.g) && memory_.contains(rows_.row_id(k)));
      if (!candidate) continue;
      const Index slot = problem_.num_ineq++;
      for (Index j = 0; j < n; ++j) problem_.J_ineq(slot, j) = row.J(j);
      problem_.d_ineq(slot) = baumgarte_rhs(row, v, n, tau);
      problem_.ineq_id[static_cast<std::size_t>(slot)] = rows_.row_id(k);
    }
    return true;
  }

  /// What the solver does not see: τ, h, the candidates' tolerance and the
  /// state (a NaN gap reaches it: see build_problem()). τ² must be a normal
  /// number: below, g/τ² is 0/0 for a resting contact and ±∞ for any other,
  /// so whether a step was refused would depend on the gaps. Out of line:
  /// inlined, it cost the billiard's step registers and more than its own
  /// instructions.
  TACT_NOINLINE bool parameters_valid() const {
    return tau > 0 && detail::is_finite(tau) && tau * tau >= std::numeric_limits<Scalar>::min() &&
           detail::stepper_inputs_valid<MaxDof>(n, rows_.overflow(), time_step, contact_tolerance, x, v);
  }

  Rows rows_;
  ProblemType problem_;
  SolverType solver_;
  ActiveSetMemory<MaxIneq> memory_;
  DofVector next_x_ = DofVector::Zero();  ///< the step's new x and v, before they are known finite
  DofVector next_v_ = DofVector::Zero();
};

}  // namespace tact
