// Random feasible problems generated on the device (tests/common/device_problems.hpp:
// xorshift32 and Irwin–Hall normals, no heap, no <random>), up to
// Solver<8, 3, 10>, every strategy:
//   * the status is a documented outcome of valid data (never InvalidInput/InvalidMass);
//   * iterations stay within the default cap 4·(rows) + 16;
//   * ẍ, Λ, the objective and the residuals are finite whatever the status;
//   * Exact: Solved, every KKT condition within 1e-4 relative; as in
//     tests/host/random_test.cpp, an honest refusal (Singular, Inaccurate,
//     Infeasible) is accepted only when the optimum's working set is
//     ill-conditioned (cond(J_A M⁻¹ J_Aᵀ) > 1e4, computed on the device from a
//     double-precision solve), and for at most 1% of the problems;
//   * Right: when Solved, feasible within 1e-4 relative and never better than Exact;
//   * Platt, PlattImproved, Right: when Solved, the working-set equations hold.
#include <cmath>

#include "../common/device_problems.hpp"
#include "tact/solver.hpp"
#include "tact_test.hpp"

namespace {

constexpr int kMaxDof = 8, kMaxEq = 3, kMaxIneq = 10;
constexpr int kProblems = 1000;
constexpr std::uint32_t kSeed = 0xC0FFEEu;
constexpr float kTol = 1e-4f;
constexpr int kStrategies = 4;
constexpr int kStatuses = 7;

using Solver = tact::Solver<kMaxDof, kMaxEq, kMaxIneq>;
using Problem = Solver::ProblemType;

Solver solver;  // static storage, as on a device
Problem problem;

using DoubleSolver = tact::Solver<kMaxDof, kMaxEq, kMaxIneq, double>;
DoubleSolver double_solver;
DoubleSolver::ProblemType double_problem;

// Beyond this condition of W a float solve may refuse (as in tests/host/random_test.cpp).
constexpr double kIllConditioned = 1e4;
int refused = 0;

// Condition of W = J_A M⁻¹ J_Aᵀ on the working set of the double-precision
// optimum of p; -1 if the double solve fails too.
double optimum_condition(const Problem& p) {
  if (!double_problem.resize(p.n, p.num_eq, p.num_ineq)) return -1;
  const int n = p.n;
  double_problem.M.topLeftCorner(n, n) = p.M.topLeftCorner(n, n).cast<double>();
  double_problem.f.head(n) = p.f.head(n).cast<double>();
  double_problem.J_eq = p.J_eq.cast<double>();
  double_problem.d_eq = p.d_eq.cast<double>();
  double_problem.J_ineq = p.J_ineq.cast<double>();
  double_problem.d_ineq = p.d_ineq.cast<double>();
  const auto report = double_solver.solve(double_problem, tact::Strategy::Exact);
  if (report.status != tact::Status::Solved) return -1;
  // Plain loops in double (Eigen's eigensolver would allocate): Cholesky
  // M = L Lᵀ, Y = L⁻¹ J_Aᵀ, W = Yᵀ Y, eigenvalues of W by cyclic Jacobi.
  double L[kMaxDof][kMaxDof] = {};
  for (int j = 0; j < n; ++j)
    for (int i = j; i < n; ++i) {
      double sum = double_problem.M(i, j);
      for (int k = 0; k < j; ++k) sum -= L[i][k] * L[j][k];
      if (i == j) {
        if (!(sum > 0)) return -1;
        L[j][j] = std::sqrt(sum);
      } else {
        L[i][j] = sum / L[j][j];
      }
    }
  double Y[kMaxDof][kMaxDof] = {};  // column r: L⁻¹ (row r of J_A)ᵀ
  int rows = 0;
  auto add_row = [&](auto&& row) {
    for (int i = 0; i < n; ++i) {
      double sum = row(i);
      for (int k = 0; k < i; ++k) sum -= L[i][k] * Y[k][rows];
      Y[i][rows] = sum / L[i][i];
    }
    ++rows;
  };
  for (int k = 0; k < p.num_eq && rows < n; ++k) add_row(double_problem.J_eq.row(k));
  for (int k = 0; k < p.num_ineq && rows < n; ++k)
    if (double_solver.in_working_set(k)) add_row(double_problem.J_ineq.row(k));
  if (rows == 0) return 1;
  double W[kMaxDof][kMaxDof] = {};
  for (int a = 0; a < rows; ++a)
    for (int b = 0; b < rows; ++b)
      for (int i = 0; i < n; ++i) W[a][b] += Y[i][a] * Y[i][b];
  for (int sweep = 0; sweep < 50; ++sweep) {
    double off = 0;
    for (int a = 0; a < rows; ++a)
      for (int b = a + 1; b < rows; ++b) off += W[a][b] * W[a][b];
    if (off < 1e-30) break;
    for (int a = 0; a < rows; ++a)
      for (int b = a + 1; b < rows; ++b) {
        if (W[a][b] == 0) continue;
        const double theta = (W[b][b] - W[a][a]) / (2 * W[a][b]);
        const double t = (theta >= 0 ? 1 : -1) / (std::fabs(theta) + std::sqrt(theta * theta + 1));
        const double c = 1 / std::sqrt(t * t + 1), s = t * c;
        for (int k = 0; k < rows; ++k) {  // W ← Gᵀ W G
          const double wa = W[k][a], wb = W[k][b];
          W[k][a] = c * wa - s * wb;
          W[k][b] = s * wa + c * wb;
        }
        for (int k = 0; k < rows; ++k) {
          const double wa = W[a][k], wb = W[b][k];
          W[a][k] = c * wa - s * wb;
          W[b][k] = s * wa + c * wb;
        }
      }
  }
  double largest = W[0][0], smallest = W[0][0];
  for (int a = 1; a < rows; ++a) {
    largest = std::fmax(largest, W[a][a]);
    smallest = std::fmin(smallest, W[a][a]);
  }
  return smallest > 0 ? largest / smallest : 1e300;
}

int failing_problems = 0;

void print_context(int trial, const tact::test::DeviceShape& shape, tact::Strategy strategy, tact::Status status) {
  tact::port::write("    problem ");
  tact::port::write_int(trial);
  tact::port::write(" n=");
  tact::port::write_int(shape.n);
  tact::port::write(" eq=");
  tact::port::write_int(shape.num_eq);
  tact::port::write(" ineq=");
  tact::port::write_int(shape.num_ineq);
  tact::port::write(shape.diagonal_mass ? " diagonal M, " : " dense M, ");
  tact::port::write(tact::to_string(strategy));
  tact::port::write(": ");
  tact::port::write(tact::to_string(status));
  tact::port::write("\n");
}

bool finite(float value) { return std::isfinite(value); }

bool outputs_finite(const Problem& p, const tact::Report<float>& report) {
  bool ok = finite(solver.objective());
  for (int j = 0; j < p.n; ++j) ok = ok && finite(solver.acceleration()(j));
  for (int k = 0; k < p.num_eq; ++k) ok = ok && finite(solver.multiplier_eq(k));
  for (int k = 0; k < p.num_ineq; ++k) ok = ok && finite(solver.multiplier_ineq(k));
  const auto& r = report.residuals;
  return ok && finite(r.stationarity) && finite(r.equality) && finite(r.working_set) && finite(r.min_slack) &&
         finite(r.min_multiplier) && finite(r.complementarity) && finite(r.force_scale) && finite(r.row_scale) &&
         finite(r.multiplier_scale);
}

// Checks one solve; returns false (after printing why) if anything failed.
bool check_solve(const Problem& p, tact::Strategy strategy, const tact::Report<float>& report) {
  bool ok = true;
  const auto& r = report.residuals;
  const float row_tol = kTol * r.row_scale;
  ok &= TACT_CHECK(static_cast<int>(report.status) < kStatuses);
  ok &= TACT_CHECK(report.status != tact::Status::InvalidInput && report.status != tact::Status::InvalidMass);
  ok &= TACT_CHECK(report.iterations >= 0 && report.iterations <= 4 * (p.num_eq + p.num_ineq) + 16);
  ok &= TACT_CHECK(outputs_finite(p, report));
  if (strategy == tact::Strategy::Exact && report.status != tact::Status::Solved) {
    const double condition = optimum_condition(p);
    tact::port::write("    exact refused (");
    tact::port::write(tact::to_string(report.status));
    tact::port::write("), cond(W) at the double optimum: ");
    tact::port::write_float(static_cast<float>(condition), 3);
    tact::port::write("\n");
    ++refused;
    ok &= TACT_CHECK(condition > kIllConditioned);
    ok &= TACT_CHECK(report.status == tact::Status::Singular || report.status == tact::Status::Inaccurate ||
                     report.status == tact::Status::Infeasible);
  } else if (strategy == tact::Strategy::Exact) {
    ok &= TACT_CHECK(report.kkt_satisfied);
    ok &= TACT_CHECK(r.stationarity <= kTol * r.force_scale);
    ok &= TACT_CHECK(r.equality <= row_tol);
    ok &= TACT_CHECK(r.min_slack >= -row_tol);
    ok &= TACT_CHECK(r.min_multiplier >= -kTol * r.multiplier_scale);
    ok &= TACT_CHECK(r.complementarity <= row_tol * r.multiplier_scale);
  } else if (report.status == tact::Status::Solved) {
    ok &= TACT_CHECK(r.stationarity <= kTol * r.force_scale);
    ok &= TACT_CHECK(r.working_set <= row_tol);
    if (strategy == tact::Strategy::Right) {
      ok &= TACT_CHECK(r.min_slack >= -row_tol);  // the right algorithm stops only when nothing is violated
      ok &= TACT_CHECK(r.equality <= row_tol);
    }
  }
  return ok;
}

void print_counts(const char* label, const int (&counts)[kStrategies]) {
  tact::port::write(label);
  for (int s = 0; s < kStrategies; ++s) {
    tact::port::write(s ? " / " : " ");
    tact::port::write_int(counts[s]);
  }
  tact::port::write("\n");
}

}  // namespace

TACT_TEST(random_feasible_problems_every_strategy) {
  tact::test::DeviceRng rng(kSeed);
  int status_count[kStrategies][kStatuses] = {};
  int most_iterations[kStrategies] = {};
  int most_active[kStrategies] = {};
  for (int trial = 0; trial < kProblems && failing_problems < 10; ++trial) {
    const auto shape = tact::test::random_device_shape(rng, kMaxDof, kMaxEq, kMaxIneq);
    if (!TACT_CHECK(tact::test::make_device_problem(rng, shape, problem))) return;
    float objective[kStrategies] = {};
    tact::Status status[kStrategies] = {};
    bool problem_ok = true;
    for (int s = 0; s < kStrategies; ++s) {
      const tact::Strategy strategy = tact::kAllStrategies[s];
      const auto report = solver.solve(problem, strategy);
      objective[s] = solver.objective();
      status[s] = report.status;
      if (static_cast<int>(report.status) < kStatuses) ++status_count[s][static_cast<int>(report.status)];
      if (report.iterations > most_iterations[s]) most_iterations[s] = report.iterations;
      if (report.active_count > most_active[s]) most_active[s] = report.active_count;
      if (!check_solve(problem, strategy, report)) {
        print_context(trial, shape, strategy, report.status);
        problem_ok = false;
      }
    }
    // Right is feasible, so it cannot beat the optimum found by Exact.
    constexpr int kRight = 2, kExact = 3;
    if (status[kRight] == tact::Status::Solved && status[kExact] == tact::Status::Solved &&
        !TACT_CHECK(objective[kRight] >= objective[kExact] - kTol * (1 + std::fabs(objective[kExact])))) {
      print_context(trial, shape, tact::Strategy::Right, status[kRight]);
      problem_ok = false;
    }
    if (!problem_ok) ++failing_problems;
  }
  tact::port::write("    ");
  tact::port::write_int(kProblems);
  tact::port::write(" problems; per strategy (platt / platt-improved / right / exact):\n");
  for (int st = 0; st < kStatuses; ++st) {
    int counts[kStrategies];
    bool any = false;
    for (int s = 0; s < kStrategies; ++s) any |= (counts[s] = status_count[s][st]) != 0;
    if (!any) continue;
    tact::port::write("      ");
    print_counts(tact::to_string(static_cast<tact::Status>(st)), counts);
  }
  TACT_CHECK(refused <= kProblems / 100);
  print_counts("      most iterations", most_iterations);
  print_counts("      largest working set", most_active);
}
