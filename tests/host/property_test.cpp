// Property tests: 10 000 random problems per strategy, sizes up to the
// benchmark bounds (n ≤ 32, eq ≤ 8, ineq ≤ 96), with ill-conditioned masses
// (κ(M) up to 1e6) and near-degenerate rows (nearly parallel, duplicated,
// more rows touching than dofs), checked against a double-precision
// reference. See docs/reliability.md for the properties and tolerances.
//
// Reference. Enumerating working sets is impossible at these sizes, so the
// reference is a certified candidate: tact's Exact strategy in double
// proposes (ẍ*, Λ*), and the tests' own residual code (independent_kkt.hpp:
// plain double loops over the original, unscaled data and an Eigen LDLT of
// M, nothing shared with the solver's scaled range-space path) verifies every KKT condition
// within 1e-8 relative. For a strictly convex QP the KKT conditions are
// sufficient: a candidate that passes is the optimum, however it was found,
// so a bug in the solver cannot hide in the reference — it would fail the
// certificate instead (counted and printed; a well-conditioned problem must
// be certified).
//
// Well-conditioned, the class on which Exact in float must say Solved and
// agree with the reference (README "Accuracy": ‖ẍ − ẍ*‖∞ ≤ 1e-3·(‖ẍ*‖∞ +
// ‖M⁻¹f‖∞)): κ(M) ≤ 1e3, no row nearly parallel to another by construction
// (generic or crowded families), a certified reference, and the optimum's
// working-set compliance W* = J_A M⁻¹ J_Aᵀ with κ(W*) ≤ 1e4 (the bound the
// random test uses). Everything else may be refused (Singular, Infeasible,
// Inaccurate, InvalidMass when float cannot factor M) but never falsely
// reported Solved.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "independent_kkt.hpp"
#include "no_heap.hpp"
#include "random_problems.hpp"
#include "tact/solver.hpp"

namespace {

using tact::test::Dense;
using tact::test::describe;
using tact::test::independent_scales;
using tact::test::mass_with_eigenvalues;
using tact::test::ratio;
using tact::test::Relative;
using tact::test::relative_residuals;
using tact::test::reported_scales;
using tact::test::Scales;
using tact::test::scales_within;
using tact::test::Solution;
using tact::test::solution_of;
using tact::test::to_stacked;
using tact::test::round_down;
using tact::test::set_mass;

constexpr int kMaxDof = 32, kMaxEq = 8, kMaxIneq = 96;  // the benchmark bounds
// TACT_PROPERTY_PROBLEMS=<count> in the environment runs more (docs/reliability.md).
const int kProblemsPerStrategy = [] {
  const char* text = std::getenv("TACT_PROPERTY_PROBLEMS");
  const long count = text ? std::strtol(text, nullptr, 10) : 0;
  return count > 0 ? static_cast<int>(count) : 10000;
}();

using SolverF = tact::Solver<kMaxDof, kMaxEq, kMaxIneq, float>;
using SolverD = tact::Solver<kMaxDof, kMaxEq, kMaxIneq, double>;
using ProblemF = SolverF::ProblemType;
using ProblemD = SolverD::ProblemType;

// The solver evaluates its residuals in float; this file re-evaluates them in
// double. A float sum of k products is off by at most k·u·Σ|terms| (u = 2⁻²⁴,
// the rounding unit), which can exceed tolerance·scale when the terms cancel
// (e.g. Mẍ along M's soft direction when κ(M) ≥ 1e5): the solver cannot see
// residuals below its own evaluation error. The independent check of a
// Solved result therefore allows, on top of kkt_tolerance·scale, that
// rigorous evaluation bound with k = n + rows + 4 (gamma below);
// the summary also prints the residuals against the plain tolerance.
constexpr double kRoundingUnit = 0x1p-24;
constexpr double kReferenceTolerance = 1e-8;  // certificate of the double candidate
constexpr double kWellConditionedMass = 1e3;
constexpr double kWellConditionedW = 1e4;
constexpr double kFloatAccelerationTolerance = 1e-3;  // README "Accuracy"

enum class Family { Generic, IllMass, Parallel, Crowded, IllParallel };
constexpr int kFamilies = 5;
constexpr const char* kFamilyNames[kFamilies] = {"generic", "ill-mass", "parallel", "crowded", "ill+parallel"};

struct Case {
  Family family;
  int n, num_eq, num_ineq;
  double log10_mass_condition;
  bool diagonal_mass;
};

Case random_case(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  auto between = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Case c{};
  const double family = unit(rng);
  c.family = family < 0.35   ? Family::Generic
             : family < 0.5  ? Family::IllMass
             : family < 0.7  ? Family::Parallel
             : family < 0.88 ? Family::Crowded
                             : Family::IllParallel;
  const double tier = unit(rng);
  if (tier < 0.6) {  // small: device-sized contact sets
    c.n = between(1, 8);
    c.num_eq = between(0, std::min(3, c.n - 1));
    c.num_ineq = between(0, 16);
  } else if (tier < 0.88) {
    c.n = between(4, 16);
    c.num_eq = between(0, 4);
    c.num_ineq = between(0, 48);
  } else {  // up to the benchmark bounds
    c.n = between(16, kMaxDof);
    c.num_eq = between(0, kMaxEq);
    c.num_ineq = between(0, kMaxIneq);
  }
  if (c.family == Family::Crowded) c.num_ineq = std::min(kMaxIneq, c.n + between(1, 2 * c.n + 4));
  if (c.family == Family::Parallel || c.family == Family::IllParallel) c.num_ineq = std::max(c.num_ineq, 2);
  const bool ill = c.family == Family::IllMass || c.family == Family::IllParallel;
  c.log10_mass_condition = ill ? 3.0 + 3.0 * unit(rng) : 3.0 * unit(rng);
  c.diagonal_mass = rng() % 5 == 0;
  return c;
}

void generate(std::mt19937_64& rng, const Case& c, ProblemF& p) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const int n = c.n;
  if (!p.resize(n, c.num_eq, c.num_ineq)) std::abort();

  // M = Q diag(λ) Qᵀ with λ spread over [1, 10^L], both ends present.
  Eigen::VectorXd eigenvalues(n);
  for (int i = 0; i < n; ++i) eigenvalues(i) = std::pow(10.0, c.log10_mass_condition * unit(rng));
  eigenvalues(0) = 1.0;
  if (n > 1) eigenvalues(1) = std::pow(10.0, c.log10_mass_condition);
  eigenvalues *= std::pow(10.0, 2.0 * unit(rng) - 1.0);  // overall mass scale
  const Eigen::MatrixXd M = mass_with_eigenvalues(eigenvalues, c.diagonal_mass, rng, normal);
  set_mass(p, M);

  Eigen::VectorXd a0(n);  // a point satisfying every row
  for (int i = 0; i < n; ++i) {
    a0(i) = normal(rng);
    p.f(i) = static_cast<float>(3.0 * normal(rng) * eigenvalues.maxCoeff());
  }
  const auto dot_a0 = [&](const auto& row) {
    double value = 0;
    for (int j = 0; j < n; ++j) value += static_cast<double>(row(j)) * a0(j);
    return value;
  };
  const bool parallel = c.family == Family::Parallel || c.family == Family::IllParallel;
  // Row k of a near-degenerate family: a scaled copy of an earlier row plus a
  // perturbation of relative size δ (δ = 0: exact duplicate direction).
  const auto near_copy = [&](auto&& row, const auto& base) {
    constexpr double kDeltas[] = {0.0, 0.0, 1e-7, 1e-5, 1e-4, 1e-3, 1e-2};
    const double delta = kDeltas[rng() % 7];
    const double scale = rng() % 3 == 0 ? 1.0 : 0.25 + 2.0 * unit(rng);
    const double norm = static_cast<double>(base.norm());
    for (int j = 0; j < n; ++j)
      row(j) = static_cast<float>(scale * static_cast<double>(base(j)) + delta * norm * normal(rng) / std::sqrt(n));
  };

  for (int k = 0; k < c.num_eq; ++k) {
    if (parallel && k > 0 && rng() % 3 == 0) {
      const int base = static_cast<int>(rng() % static_cast<unsigned>(k));
      if (rng() % 2 == 0) {  // the same attachment twice (or doubled, exact in float): consistent
        const float factor = rng() % 2 == 0 ? 1.0f : 2.0f;
        p.J_eq.row(k) = factor * p.J_eq.row(base);
        p.d_eq(k) = factor * p.d_eq(base);
        continue;
      }
      near_copy(p.J_eq.row(k), p.J_eq.row(base));
    } else {
      for (int j = 0; j < n; ++j) p.J_eq(k, j) = static_cast<float>(normal(rng));
    }
    p.d_eq(k) = static_cast<float>(dot_a0(p.J_eq.row(k)));
  }
  if (c.num_eq > 0) {
    // Rounding d_eq to float moved the equalities' subspace off a0: move a0
    // back onto it (least-norm correction in double), so that inequality
    // rows touching a0 stay satisfiable together with the equalities.
    const Eigen::MatrixXd J_eq = p.J_eq.topLeftCorner(c.num_eq, n).cast<double>();
    const Eigen::VectorXd residual = p.d_eq.head(c.num_eq).cast<double>() - J_eq * a0;
    a0 += J_eq.completeOrthogonalDecomposition().solve(residual);
  }
  for (int k = 0; k < c.num_ineq; ++k) {
    const int earlier = c.num_eq + k;  // eq rows and earlier ineq rows
    if (parallel && earlier > 0 && rng() % 2 == 0) {
      const int base = static_cast<int>(rng() % static_cast<unsigned>(earlier));
      if (base < c.num_eq)
        near_copy(p.J_ineq.row(k), p.J_eq.row(base));
      else
        near_copy(p.J_ineq.row(k), p.J_ineq.row(base - c.num_eq));
    } else {
      for (int j = 0; j < n; ++j) p.J_ineq(k, j) = static_cast<float>(normal(rng));
    }
    double slack;
    if (c.family == Family::Crowded)  // most rows touch a0: a degenerate vertex
      slack = rng() % 4 != 0 ? 0.0 : std::fabs(normal(rng)) * (unit(rng) < 0.5 ? 1e-6 : 1.0);
    else
      slack = std::fabs(normal(rng)) * (unit(rng) < 0.5 ? (unit(rng) < 0.3 ? 0.0 : 1e-3) : 1.0);
    p.d_ineq(k) = round_down(dot_a0(p.J_ineq.row(k)) - slack);
  }
  // Stable ids in a random order (exercises the carried-set bookkeeping).
  for (int k = 0; k < c.num_ineq; ++k) p.ineq_id[static_cast<std::size_t>(k)] = static_cast<tact::RowId>(1000 + k);
}

// ---- independent residuals in double (independent_kkt.hpp) -------------------

void to_double(const ProblemF& p, ProblemD& out) {
  if (!out.resize(p.n, p.num_eq, p.num_ineq)) std::abort();
  out.M = p.M.cast<double>();
  out.f = p.f.cast<double>();
  out.J_eq = p.J_eq.cast<double>();
  out.d_eq = p.d_eq.cast<double>();
  out.J_ineq = p.J_ineq.cast<double>();
  out.d_ineq = p.d_ineq.cast<double>();
  out.ineq_id = p.ineq_id;
}

double objective(const Dense& q, const Eigen::VectorXd& a) { return 0.5 * a.dot(q.M * a) - q.f.dot(a); }

/// κ(J_A M⁻¹ J_Aᵀ) on the rows flagged in `in_set`.
double compliance_condition(const Dense& q, const std::vector<bool>& in_set) {
  std::vector<int> rows;
  for (int r = 0; r < q.rows; ++r)
    if (in_set[static_cast<std::size_t>(r)]) rows.push_back(r);
  if (rows.empty()) return 1;
  Eigen::MatrixXd J(static_cast<Eigen::Index>(rows.size()), q.n);
  for (std::size_t i = 0; i < rows.size(); ++i) J.row(static_cast<Eigen::Index>(i)) = q.J.row(rows[i]);
  const Eigen::MatrixXd W = J * q.mass.solve(J.transpose());
  const Eigen::VectorXd eigenvalues = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(W).eigenvalues();
  return eigenvalues.maxCoeff() / std::max(eigenvalues.minCoeff(), 1e-300);
}

// ---- the properties ------------------------------------------------------------

bool finite(double value) { return std::isfinite(value); }

template <typename Solver, typename Problem, typename Report>
bool outputs_finite(const Solver& solver, const Problem& p, const Report& report) {
  bool ok = true;
  for (int i = 0; i < p.n; ++i) ok = ok && finite(static_cast<double>(solver.acceleration()(i)));
  for (int k = 0; k < p.num_eq; ++k) ok = ok && finite(static_cast<double>(solver.multiplier_eq(k)));
  for (int k = 0; k < p.num_ineq; ++k) ok = ok && finite(static_cast<double>(solver.multiplier_ineq(k)));
  const auto& r = report.residuals;
  for (const auto v : {r.stationarity, r.equality, r.working_set, r.min_slack, r.min_multiplier, r.complementarity,
                       r.force_scale, r.row_scale, r.multiplier_scale, solver.objective()})
    ok = ok && finite(static_cast<double>(v));
  return ok;
}

constexpr int kStatuses = 7;
int status_index(tact::Status s) { return static_cast<int>(s); }
bool valid_status(tact::Status s) { return status_index(s) >= 0 && status_index(s) < kStatuses; }

struct Summary {
  std::array<std::array<int, kStatuses>, kFamilies> statuses{};
  int well_conditioned = 0, certified = 0, uncertified_well = 0;
  double worst_kkt_solved = 0;          // independent KKT residual / tolerance, over Solved (Exact)
  double worst_working_solved = 0;      // independent working-set residual / tolerance, over Solved
  double worst_kkt_plain = 0, worst_working_plain = 0;  // same, without the float evaluation allowance
  int beyond_plain = 0;                 // Solved, within tolerance only thanks to that allowance
  double worst_error_well = 0;          // ‖ẍ − ẍ*‖ relative, well-conditioned Exact
  double worst_error_any = 0;           // same, any Solved with a certified reference
  std::array<double, kFamilies> worst_error_family{};
  double worst_iterations_ratio = 0;    // iterations / bound
  int most_iterations = 0;
  double worst_reference_kkt = 0;       // certificate residual of the double candidates
};

void print(const char* strategy, const Summary& s) {
  std::printf("\n[%s] %d problems; status counts per family:\n", strategy, kProblemsPerStrategy);
  std::printf("  %-13s", "family");
  for (int k = 0; k < kStatuses; ++k) std::printf(" %15s", tact::to_string(static_cast<tact::Status>(k)));
  std::printf("\n");
  std::array<int, kStatuses> total{};
  for (int f = 0; f < kFamilies; ++f) {
    std::printf("  %-13s", kFamilyNames[f]);
    for (int k = 0; k < kStatuses; ++k) {
      std::printf(" %15d", s.statuses[static_cast<std::size_t>(f)][static_cast<std::size_t>(k)]);
      total[static_cast<std::size_t>(k)] += s.statuses[static_cast<std::size_t>(f)][static_cast<std::size_t>(k)];
    }
    std::printf("\n");
  }
  std::printf("  %-13s", "all");
  for (int k = 0; k < kStatuses; ++k) std::printf(" %15d", total[static_cast<std::size_t>(k)]);
  std::printf("\n  worst over Solved (independent double residual / kkt_tolerance): KKT %.3g, working set %.3g\n"
              "    without the float evaluation allowance: KKT %.3g, working set %.3g (%d Solved beyond it)\n",
              s.worst_kkt_solved, s.worst_working_solved, s.worst_kkt_plain, s.worst_working_plain, s.beyond_plain);
  std::printf("  iterations: most %d, worst iterations/bound %.3g\n", s.most_iterations, s.worst_iterations_ratio);
  if (s.certified > 0)
    std::printf("  reference: %d certified (worst certificate %.3g), %d well-conditioned (%d uncertified); "
                "worst |a - a*| relative: well-conditioned %.3g, any Solved %.3g\n",
                s.certified, s.worst_reference_kkt, s.well_conditioned, s.uncertified_well, s.worst_error_well,
                s.worst_error_any);
  if (s.worst_error_any > 0) {
    std::printf("  worst |a - a*| relative per family:");
    for (int f = 0; f < kFamilies; ++f)
      std::printf(" %s %.3g", kFamilyNames[f], s.worst_error_family[static_cast<std::size_t>(f)]);
    std::printf("\n");
  }
}

// Large objects in static storage, as on a device.
SolverF g_solver;
SolverD g_reference;
ProblemF g_problem;
ProblemD g_problem_double;

void run_property(tact::Strategy strategy) {
  std::mt19937_64 rng(0x7ac7u);  // same problems for every strategy
  Summary summary;
  int failures = 0;
  const double tol = static_cast<double>(g_solver.settings.kkt_tolerance);
  const bool exact = strategy == tact::Strategy::Exact;
  const bool needs_reference = exact || strategy == tact::Strategy::Right;
  const auto fail = [&](int trial, const Case& c, const std::string& what) {
    if (++failures <= 10)
      ADD_FAILURE() << what << " — trial " << trial << " family " << kFamilyNames[static_cast<int>(c.family)]
                    << " n=" << c.n << " eq=" << c.num_eq << " ineq=" << c.num_ineq
                    << " log10 κ(M)=" << c.log10_mass_condition;
  };

  for (int trial = 0; trial < kProblemsPerStrategy; ++trial) {
    const Case c = random_case(rng);
    generate(rng, c, g_problem);
    const ProblemF& p = g_problem;
    const int rows = p.num_eq + p.num_ineq;

    const auto report = tact::test::solve_no_heap(g_solver, p, strategy);  // no allocation, or the test fails
    const tact::Status status = report.status;
    if (!valid_status(status)) {
      fail(trial, c, "status is not a valid enum value");
      continue;
    }
    ++summary.statuses[static_cast<std::size_t>(c.family)][static_cast<std::size_t>(status_index(status))];
    if (!outputs_finite(g_solver, p, report)) fail(trial, c, "non-finite output");
    const int bound = strategy == tact::Strategy::Right ? p.num_ineq + 1
                      : exact                           ? 4 * rows + 16
                                                        : 1;
    summary.most_iterations = std::max(summary.most_iterations, report.iterations);
    summary.worst_iterations_ratio =
        std::max(summary.worst_iterations_ratio, static_cast<double>(report.iterations) / bound);
    if (report.iterations > bound || report.iterations > 4 * rows + 16) fail(trial, c, "iteration bound exceeded");
    if (status == tact::Status::InvalidInput) fail(trial, c, "valid input reported InvalidInput");

    const Dense q = to_stacked(p);
    const Solution mine = solution_of(g_solver, p.n, p.num_eq, rows, !exact);
    const double gamma = (p.n + rows + 4) * kRoundingUnit;
    // Residuals in double, relative to the solver's scales once those are
    // shown not to be inflated (within 2× of the independent bound: the
    // solver's ‖M⁻¹f‖ is a float solve, off by up to κ(M)·u).
    const Scales reported = reported_scales(report);
    if (!scales_within(reported, independent_scales(q, mine)))
      fail(trial, c, "reported residual scales exceed the independent bound");
    const Relative plain = relative_residuals(q, mine, reported);
    const Relative rel = relative_residuals(q, mine, reported, gamma);
    if (status == tact::Status::Solved) {
      // Never a false "Solved": the solver's own residuals and an independent
      // double evaluation both meet the promise.
      if (exact) {
        if (!report.kkt_satisfied || !report.residuals.kkt_satisfied(g_solver.settings.kkt_tolerance))
          fail(trial, c, "Exact Solved but its residuals miss kkt_tolerance");
        summary.worst_kkt_solved = std::max(summary.worst_kkt_solved, rel.kkt() / tol);
        summary.worst_kkt_plain = std::max(summary.worst_kkt_plain, plain.kkt() / tol);
        summary.beyond_plain += plain.kkt() > tol;
        if (rel.kkt() > tol) fail(trial, c, "Exact Solved but independent KKT check fails: " + describe(rel, tol));
      } else {
        // Equalities are in the set of a Solved working-set strategy (a
        // dependent one makes it Singular).
        if (!report.residuals.working_set_satisfied(g_solver.settings.kkt_tolerance))
          fail(trial, c, "Solved but the working-set residual misses kkt_tolerance");
        if (strategy == tact::Strategy::Right && rel.slack > tol)
          fail(trial, c, "Right Solved with a violated row");
      }
      summary.worst_working_solved = std::max(summary.worst_working_solved, rel.working() / tol);
      summary.worst_working_plain = std::max(summary.worst_working_plain, plain.working() / tol);
      if (!exact) summary.beyond_plain += plain.working() > tol;
      if (rel.working() > tol) {
        char solver_view[160];
        std::snprintf(solver_view, sizeof solver_view, "; solver's own: working set %.6g stationarity %.6g row scale %.6g force scale %.6g",
                      static_cast<double>(report.residuals.working_set), static_cast<double>(report.residuals.stationarity),
                      static_cast<double>(report.residuals.row_scale), static_cast<double>(report.residuals.force_scale));
        fail(trial, c, "Solved but independent working-set check fails: " + describe(rel, tol) + solver_view);
      }
    }
    if (!needs_reference) continue;

    // Double-precision reference: Exact in double, certified by the KKT check above.
    to_double(p, g_problem_double);
    const auto ref_report = tact::test::solve_no_heap(g_reference, g_problem_double, tact::Strategy::Exact);
    const Solution ref = solution_of(g_reference, p.n, p.num_eq, rows, false);
    const double ref_kkt = relative_residuals(q, ref, independent_scales(q, ref)).kkt();
    const bool certified = ref_report.status == tact::Status::Solved && ref_kkt <= kReferenceTolerance;
    if (certified) {
      ++summary.certified;
      summary.worst_reference_kkt = std::max(summary.worst_reference_kkt, ref_kkt);
    }
    const bool generic_rows = c.family == Family::Generic || c.family == Family::Crowded;
    const bool mass_ok = c.log10_mass_condition <= std::log10(kWellConditionedMass);
    bool well = false;
    if (generic_rows && mass_ok) {
      if (!certified) {
        ++summary.uncertified_well;
        fail(trial, c, "no certified double reference for a problem with well-conditioned M and generic rows");
      } else {
        std::vector<bool> optimum_set = ref.in_set;
        for (int r = 0; r < p.num_eq; ++r) optimum_set[static_cast<std::size_t>(r)] = true;
        well = compliance_condition(q, optimum_set) <= kWellConditionedW;
      }
    }
    summary.well_conditioned += well;
    if (!certified) continue;

    const double scale = ref.acceleration.cwiseAbs().maxCoeff() + q.mass.solve(q.f).cwiseAbs().maxCoeff();
    const double error = ratio((mine.acceleration - ref.acceleration).cwiseAbs().maxCoeff(), scale);
    const double best = objective(q, ref.acceleration);
    const double objective_scale = 1 + std::fabs(best) + q.f.cwiseAbs().sum() * scale;
    if (exact) {
      if (well && status != tact::Status::Solved) fail(trial, c, "Exact refused a well-conditioned problem");
      if (status == tact::Status::Solved) {
        summary.worst_error_any = std::max(summary.worst_error_any, error);
        auto& family_error = summary.worst_error_family[static_cast<std::size_t>(c.family)];
        family_error = std::max(family_error, error);
        if (well) {
          summary.worst_error_well = std::max(summary.worst_error_well, error);
          if (error > kFloatAccelerationTolerance) fail(trial, c, "Exact disagrees with the reference");
        }
      }
    } else if (status == tact::Status::Solved) {
      // Right is feasible (within tolerance), so it never beats the optimum
      // by more than its violations allow: for any ẍ, exactly,
      //   F(ẍ) − F(ẍ*) − Λ*ᵀ(Jẍ − d) = ½(ẍ − ẍ*)ᵀM(ẍ − ẍ*) ≥ 0.
      const Eigen::VectorXd row_values = q.J * mine.acceleration - q.d;
      const double gap = objective(q, mine.acceleration) - best - ref.lambda.dot(row_values);
      const double gap_scale = objective_scale + ref.lambda.cwiseAbs().dot(q.J.cwiseAbs() * mine.acceleration.cwiseAbs() +
                                                                           q.d.cwiseAbs());
      if (gap < -1e-6 * gap_scale) fail(trial, c, "Right beats the optimum by more than its violations allow");
    }
  }
  print(tact::to_string(strategy), summary);
  EXPECT_EQ(failures, 0);
}

TEST(Property, Platt) { run_property(tact::Strategy::Platt); }
TEST(Property, PlattImproved) { run_property(tact::Strategy::PlattImproved); }
TEST(Property, Right) { run_property(tact::Strategy::Right); }
TEST(Property, Exact) { run_property(tact::Strategy::Exact); }

}  // namespace
