// Worst case of iterations per solve at each benchmark size (README
// "Worst case per solve", docs/reliability.md): random problems of exactly
// the sizes of bench/problems (corner 2/0/2, haptic 3/0/6, dense 12/2/24,
// billiard 22/0/77, dense 30/0/60), in the families of the property test
// that drive the working set hardest:
//   * generic: random rows around a feasible point, some touching;
//   * crowded: most rows touch the point (a degenerate vertex: more rows
//     than dofs want in, the exact strategy must choose and release);
//   * violated: the free motion violates every row by a lot (every contact
//     pushes, as after a Baumgarte step of deep penetration);
//   * parallel: scaled near-copies of earlier rows (dependent sets);
// with dense or diagonal M, κ(M) up to 1e4. Every problem is feasible by
// construction. Asserted per solve: a valid status, iterations within the
// bound (Exact: Settings::max_iterations = 4·rows + 16; Right ≤ ineq + 1;
// Platt, PlattImproved: 1); Exact at the cap, and Exact not Solved, each in
// at most 0.1 % of the problems; no strategy refuses the (valid) data. Printed: the most iterations per size and
// strategy, the status counts, and how many Exact solves hit the cap.
// More problems: TACT_WORST_CASE_PROBLEMS=20000 (default 2000 per size).
// The problems with the most Exact iterations are kept in bench/worst_case/
// (TACT_WORST_CASE_DUMP=bench/worst_case/), where bench_solve counts their
// instructions on each core.
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>

#include <string>
#include <vector>

#include "no_heap.hpp"
#include "random_problems.hpp"
#include "tact/problem_io.hpp"
#include "tact/solver.hpp"

namespace {

using tact::test::mass_with_eigenvalues;
using tact::test::round_down;
using tact::test::set_mass;

constexpr int kFamilies = 4;
constexpr const char* kFamilyNames[kFamilies] = {"generic", "crowded", "violated", "parallel"};
constexpr int kStatuses = 8;  // larger than any tact::Status value

int problems_per_size() {
  const char* text = std::getenv("TACT_WORST_CASE_PROBLEMS");
  const int count = text ? std::atoi(text) : 2000;
  return count > 0 ? count : 2000;
}

template <typename Problem>
void generate(std::mt19937_64& rng, int family, int n, int num_eq, int num_ineq, Problem& p) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  ASSERT_TRUE(p.resize(n, num_eq, num_ineq));
  const double log_condition = 4.0 * unit(rng);
  Eigen::VectorXd eigenvalues(n);
  for (int i = 0; i < n; ++i) eigenvalues(i) = std::pow(10.0, log_condition * unit(rng));
  const bool diagonal = rng() % 3 == 0;
  const Eigen::MatrixXd M = mass_with_eigenvalues(eigenvalues, diagonal, rng, normal);
  p.M.setZero();
  set_mass(p, M);

  Eigen::VectorXd a0(n);  // satisfies every row
  for (int i = 0; i < n; ++i) a0(i) = normal(rng);
  // "violated": f pushes the free motion far outside every row below.
  const Eigen::VectorXd push = Eigen::VectorXd::NullaryExpr(n, [&] { return normal(rng); });
  for (int i = 0; i < n; ++i) p.f(i) = static_cast<float>(3.0 * normal(rng) * eigenvalues.maxCoeff());
  if (family == 2) p.f = (M * (a0 - 10.0 * push)).cast<float>();

  const auto dot_a0 = [&](const auto& row) {
    double value = 0;
    for (int j = 0; j < n; ++j) value += static_cast<double>(row(j)) * a0(j);
    return value;
  };
  for (int k = 0; k < num_eq; ++k) {
    for (int j = 0; j < n; ++j) p.J_eq(k, j) = static_cast<float>(normal(rng));
    p.d_eq(k) = static_cast<float>(dot_a0(p.J_eq.row(k)));
  }
  if (num_eq > 0) {  // put a0 back on the rounded equalities
    const Eigen::MatrixXd J_eq = p.J_eq.topLeftCorner(num_eq, n).template cast<double>();
    const Eigen::VectorXd residual = p.d_eq.head(num_eq).template cast<double>() - J_eq * a0;
    a0 += J_eq.completeOrthogonalDecomposition().solve(residual);
  }
  for (int k = 0; k < num_ineq; ++k) {
    if (family == 3 && k > 0 && rng() % 2 == 0) {  // near-copy of an earlier row
      const int base = static_cast<int>(rng() % static_cast<unsigned>(k));
      constexpr double kDeltas[] = {0.0, 1e-6, 1e-4, 1e-2};
      const double delta = kDeltas[rng() % 4];
      const double scale = 0.25 + 2.0 * unit(rng);
      const double norm = static_cast<double>(p.J_ineq.row(base).norm());
      for (int j = 0; j < n; ++j)
        p.J_ineq(k, j) = static_cast<float>(scale * static_cast<double>(p.J_ineq(base, j)) + delta * norm * normal(rng));
    } else if (family == 2) {  // rows facing the push: all violated by the free motion
      for (int j = 0; j < n; ++j) p.J_ineq(k, j) = static_cast<float>(push(j) + 0.7 * normal(rng));
    } else {
      for (int j = 0; j < n; ++j) p.J_ineq(k, j) = static_cast<float>(normal(rng));
    }
    double slack;
    if (family == 1)
      slack = rng() % 4 != 0 ? 0.0 : std::fabs(normal(rng));
    else
      slack = std::fabs(normal(rng)) * (unit(rng) < 0.3 ? 0.0 : 1.0);
    p.d_ineq(k) = round_down(dot_a0(p.J_ineq.row(k)) - slack);
  }
  for (int k = 0; k < num_ineq; ++k) p.ineq_id[static_cast<std::size_t>(k)] = static_cast<tact::RowId>(k);
}

struct StrategyStats {
  int most_iterations = 0;
  int most_family = -1;
  int at_cap = 0;
  int statuses[kStatuses] = {};
  int not_solved_by_family[kFamilies] = {};
};

/// With TACT_WORST_CASE_DUMP=<prefix>, writes <prefix><what>-<size>.qp:
/// "worst" the problem with the most Exact iterations (bench/worst_case/
/// holds these, to count their instructions on the cores), "unsolved" the
/// first one Exact does not solve.
template <typename Problem>
void dump(const Problem& p, const char* what, const char* size) {
  const char* prefix = std::getenv("TACT_WORST_CASE_DUMP");
  if (!prefix) return;
  std::vector<char> text(1 << 20);
  const std::size_t length = tact::write_problem(p, text.data(), text.size());
  const std::string path = std::string(prefix) + what + "-" + size + ".qp";
  std::FILE* out = std::fopen(path.c_str(), "w");
  ASSERT_NE(out, nullptr) << path;
  std::fwrite(text.data(), 1, length, out);
  std::fclose(out);
}

template <int D, int E, int I>
void run_size(std::uint64_t seed) {
  using Solver = tact::Solver<D, E, I, float>;
  using Problem = typename Solver::ProblemType;
  static Solver solver;
  static Problem problem;
  std::mt19937_64 rng(seed);
  const int count = problems_per_size();
  StrategyStats stats[4];
  static Problem worst;
  char size[32];
  std::snprintf(size, sizeof size, "%d-%d-%d", D, E, I);
  const int rows = E + I;
  for (int i = 0; i < count; ++i) {
    const int family = static_cast<int>(rng() % kFamilies);
    generate(rng, family, D, E, I, problem);
    for (int s = 0; s < 4; ++s) {
      const tact::Strategy strategy = tact::kAllStrategies[s];
      const auto report = tact::test::solve_no_heap(solver, problem, strategy);
      const int status = static_cast<int>(report.status);
      ASSERT_TRUE(status >= 0 && status < kStatuses) << "problem " << i;
      ++stats[s].statuses[status];
      const int bound = strategy == tact::Strategy::Exact   ? 4 * rows + 16
                        : strategy == tact::Strategy::Right ? I + 1
                                                            : 1;
      ASSERT_LE(report.iterations, bound) << tact::to_string(strategy) << " problem " << i;
      if (report.status == tact::Status::IterationLimit) ++stats[s].at_cap;
      if (strategy == tact::Strategy::Exact && !report.ok()) {
        if (stats[s].not_solved_by_family[0] + stats[s].not_solved_by_family[1] + stats[s].not_solved_by_family[2] +
                stats[s].not_solved_by_family[3] == 0)
          dump(problem, "unsolved", size);
        ++stats[s].not_solved_by_family[family];
      }
      if (strategy == tact::Strategy::Exact && report.iterations > stats[s].most_iterations) worst = problem;
      if (report.iterations > stats[s].most_iterations) {
        stats[s].most_iterations = report.iterations;
        stats[s].most_family = family;
      }
    }
  }
  std::printf("worst case %d/%d/%d (%d problems; Exact cap 4*rows+16 = %d):\n", D, E, I, count, 4 * rows + 16);
  for (int s = 0; s < 4; ++s) {
    std::printf("  %-15s most iterations %3d (%s)  IterationLimit %d  statuses:", tact::to_string(tact::kAllStrategies[s]),
                stats[s].most_iterations, stats[s].most_family >= 0 ? kFamilyNames[stats[s].most_family] : "-",
                stats[s].at_cap);
    for (int st = 0; st < kStatuses; ++st)
      if (stats[s].statuses[st] > 0) std::printf(" %s %d", tact::to_string(static_cast<tact::Status>(st)), stats[s].statuses[st]);
    std::printf("\n");
  }
  dump(worst, "worst", size);
  std::printf("  exact not solved by family:");
  for (int f = 0; f < kFamilies; ++f) std::printf(" %s %d", kFamilyNames[f], stats[3].not_solved_by_family[f]);
  std::printf("\n");
  // The exact strategy is the one firmware relies on. In float it can cycle
  // at a degenerate vertex (crowded family) until the cap: 1 of 20 000 at
  // 30/0/60 (bench/worst_case/worst-30-0-60.qp; Solved in double). Rare,
  // and bounded by the cap, which is what a tick must be budgeted for.
  EXPECT_LE(1000 * stats[3].at_cap, count) << "IterationLimit in more than 0.1 % of the problems";
  // Every ending short of Solved, the cap included, is float at a
  // degenerate vertex (crowded family): at most 5 of 20 000 per size, session 30.
  int not_solved = 0;
  for (const int n : stats[3].not_solved_by_family) not_solved += n;
  EXPECT_LE(1000 * not_solved, count) << "Exact not Solved in more than 0.1 % of the problems";
  // The data are valid (finite, M SPD with κ ≤ 1e4): no strategy may refuse them.
  for (const StrategyStats& strategy : stats) {
    EXPECT_EQ(strategy.statuses[static_cast<int>(tact::Status::InvalidInput)], 0);
    EXPECT_EQ(strategy.statuses[static_cast<int>(tact::Status::InvalidMass)], 0);
  }
}

TEST(WorstCase, Corner_2_0_2) { run_size<2, 0, 2>(202); }
TEST(WorstCase, Haptic_3_0_6) { run_size<3, 0, 6>(306); }
TEST(WorstCase, Dense_12_2_24) { run_size<12, 2, 24>(12224); }
TEST(WorstCase, Billiard_22_0_77) { run_size<22, 0, 77>(22077); }
TEST(WorstCase, Dense_30_0_60) { run_size<30, 0, 60>(30060); }

}  // namespace
