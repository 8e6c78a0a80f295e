// Exact active set vs projected Gauss-Seidel at equal instruction budgets,
// for the velocity-level step (tact/impulse.hpp), on the host under
// valgrind's callgrind (executed x86-64 instructions, repeatable):
//
//   bench/impulse/run.sh            (builds, runs callgrind, writes the table and the plot)
//
// Two steps are captured from ImpulseWorld runs: the corner (the paper's
// figure 1, pressed into the corner, 2 rows) and the billiard break (the
// step where the cue ball reaches the rack: 24+ rows, 23 of them dependent,
// ε = 1e-3 on W). For each, phase 2 of the step (from the velocity QP to the
// new velocity) is timed as
//   primal   tact::Solver, Strategy::Exact on (A, A v_free, H, b)
//   build    W = H A⁻¹Hᵀ + εI and q (LinearSolver correction, diagonal A)
//   dual     exact constraint-space solve (ConstraintSpaceSolver)
//   pgs k    k sweeps of projected Gauss-Seidel (tolerance 0: the whole budget)
//   correct  Δv = A⁻¹Hᵀλ, v = v_free + Δv
// and each constraint-space λ is compared with the exact λ* of the same
// (W, q) solved in double. Without valgrind the program runs and prints
// errors; the instruction columns are then 0.
#include <cstdio>

#include <valgrind/callgrind.h>

#include "billiard/billiard_scene.hpp"
#include "corner/corner_scene.hpp"
#include "tact/impulse.hpp"

namespace {

constexpr int kMaxRows = 32;
using Problem = tact::ConstraintSpaceProblem<kMaxRows, float>;
using ProblemD = tact::ConstraintSpaceProblem<kMaxRows, double>;

// Region markers: each dump holds the instructions since the previous one,
// counted only between begin() and end().
void begin() { CALLGRIND_TOGGLE_COLLECT; }
void end(const char* label) {
  CALLGRIND_TOGGLE_COLLECT;
  CALLGRIND_DUMP_STATS_AT(label);
}

template <int MaxDof, int MaxIneq>
struct Step {
  using VelocityProblem = tact::Problem<MaxDof, 0, MaxIneq, float>;
  using Correct = tact::ConstraintCorrection<MaxDof, kMaxRows, float>;
  VelocityProblem qp;
  typename Correct::Jacobian H;
  Correct correction;
  Problem cs;
  typename Correct::DofVector v_free, dv, v;
  tact::Solver<MaxDof, 0, MaxIneq, float> primal;
  tact::ConstraintSpaceSolver<kMaxRows, kMaxRows, float> dual;
  tact::ProjectedGaussSeidel<kMaxRows, float> pgs;
  tact::ConstraintSpaceSolver<kMaxRows, kMaxRows, double> reference;
  float epsilon = 0;

  // Phase 2 in constraint space, up to the solve: rows, W, q.
  void build() {
    const tact::Index n = qp.n, m = qp.num_ineq;
    (void)correction.set_matrix(qp.M, n);  // diagonal: cached after the first call
    (void)H.resize(n, m);
    (void)cs.resize(0, m);
    for (tact::Index k = 0; k < m; ++k) (void)H.set_row(k, qp.J_ineq.row(k));
    (void)correction.compliance(H, cs.W);  // sizes within the bounds: always true
    // v_free = A⁻¹(A v_free): the QP's f is A v_free.
    for (tact::Index i = 0; i < n; ++i) v_free(i) = qp.f(i);
    (void)correction.solve_exact(v_free);  // a diagonal M, factored above
    for (tact::Index k = 0; k < m; ++k) {
      cs.W(k, k) += epsilon;
      cs.q(k) = H.dot(k, v_free) - qp.d_ineq(k);
    }
  }
  void correct(const Problem::Vector& lambda) {
    (void)correction.correct(H, lambda, dv);
    for (tact::Index i = 0; i < qp.n; ++i) v(i) = v_free(i) + dv(i);
  }
};

template <typename S>
double lambda_error(const S& step, const Problem::Vector& lambda) {
  const tact::Index m = step.cs.rows();
  double worst = 0, norm = 0;
  for (tact::Index i = 0; i < m; ++i) {
    const double exact = step.reference.lambda()(i);
    worst = std::fmax(worst, std::fabs(static_cast<double>(lambda(i)) - exact));
    norm = std::fmax(norm, std::fabs(exact));
  }
  return worst / norm;
}

template <typename S>
void measure(const char* scene, S& step, std::FILE* out) {
  char label[96];
  // Warm-up (factor caches), then each region once, counted. Each label is
  // formatted before begin(): snprintf is not part of the region.
  step.build();
  (void)step.primal.solve(step.qp, tact::Strategy::Exact);

  std::snprintf(label, sizeof label, "%s primal", scene);
  begin();
  const auto primal = step.primal.solve(step.qp, tact::Strategy::Exact);
  end(label);

  std::snprintf(label, sizeof label, "%s build", scene);
  begin();
  step.build();
  end(label);

  // Reference: the same (W, q) in double.
  ProblemD cs_d;
  (void)cs_d.resize(0, step.cs.rows());
  cs_d.W = step.cs.W.template cast<double>();
  cs_d.q = step.cs.q.template cast<double>();
  const auto reference = step.reference.solve(cs_d);

  std::snprintf(label, sizeof label, "%s dual", scene);
  begin();
  const auto dual = step.dual.solve(step.cs);
  end(label);

  std::snprintf(label, sizeof label, "%s correct", scene);
  begin();
  step.correct(step.dual.lambda());
  end(label);

  std::fprintf(out, "# %s: n %d, rows %d, primal %s (%d iterations), dual %s (%d iterations, lambda error %.3e), reference %s\n",
               scene, static_cast<int>(step.qp.n), static_cast<int>(step.cs.rows()), tact::to_string(primal.status),
               static_cast<int>(primal.iterations), tact::to_string(dual.status), static_cast<int>(dual.iterations),
               lambda_error(step, step.dual.lambda()), tact::to_string(reference.status));
  std::fprintf(out, "# %s sweeps lambda_error residual/scale status\n", scene);
  step.pgs.settings.tolerance = 0;
  for (const int sweeps : {1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 2048, 4096}) {
    step.pgs.settings.max_sweeps = sweeps;
    std::snprintf(label, sizeof label, "%s pgs %d", scene, sweeps);
    begin();
    const auto report = step.pgs.solve(step.cs);
    end(label);
    std::fprintf(out, "%s %d %.6e %.6e %s\n", scene, sweeps, lambda_error(step, step.pgs.lambda()),
                 static_cast<double>(report.residual / report.scale), tact::to_string(report.status));
  }
}

// ---- the two steps ----------------------------------------------------------------

using CornerWorld = tact::ImpulseWorld<2, 0, 2>;
Step<2, 2> corner_step;
CornerWorld corner_world;

using BilliardWorld = tact::ImpulseWorld<billiard::kDofs, 0, billiard::kRows, float, kMaxRows>;
Step<billiard::kDofs, billiard::kRows> billiard_step;
BilliardWorld billiard_world;
billiard::World billiard_start;

}  // namespace

int main() {
  std::FILE* out = stdout;
  // Corner: mass 2 pressed into the corner by (−1, −2), h = 10 ms.
  corner_world.n = 2;
  corner_world.M = Eigen::Matrix2f::Identity() * 2.0f;
  corner_world.f = Eigen::Vector2f(-1, -2);
  corner_world.time_step = corner::kTimeStep;
  if (!corner_world.step(corner::rows).ok()) return 1;
  corner_step.qp = corner_world.last_velocity_problem();
  measure("corner", corner_step, out);

  // Billiard: the break (billiard_scene.hpp) at velocity level, Primal exact,
  // h = 0.5 ms; the step where the cue ball first has a contact row.
  billiard::reset(billiard_start);
  billiard_world.n = billiard::kDofs;
  billiard_world.M = billiard_start.M;
  billiard_world.x = billiard_start.x;
  billiard_world.v = billiard_start.v;
  billiard_world.time_step = billiard::kTimeStep;
  tact::Index rack_rows = -1;
  for (int i = 0; i < 400; ++i) {
    const auto report = billiard_world.step(billiard::rows);
    if (!report.ok()) return 1;
    if (rack_rows < 0) rack_rows = report.rows;
    if (report.rows > rack_rows) break;
  }
  billiard_step.qp = billiard_world.last_velocity_problem();
  billiard_step.epsilon = 1e-3f;
  measure("billiard", billiard_step, out);
  return 0;
}
