// Host half of the host/target agreement check (the target half is
// tests/target/agreement_test.cpp). Both build the same fixed problems with
// the device generator (tests/common/device_problems.hpp) and compare with
// the committed table tests/common/device_problems_expected.hpp:
//   * the hash of the generated data must be equal bit for bit;
//   * every strategy's status must be equal and, when Solved, ẍ within 1e-4
//     relative (refused solves leave rounding-dominated iterates).
// So host and target agree with each other through the table.
//
// Regenerate the table (after a deliberate change of the solver or the
// generator) on the host, from the source directory:
//   TACT_WRITE_DEVICE_TABLE=tests/common/device_problems_expected.hpp
//   build/host/tests/host/test_device_problems --gtest_also_run_disabled_tests --gtest_filter=*WriteTable
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "../common/device_problems.hpp"
#include "../common/device_problems_expected.hpp"
#include "float_literal.hpp"
#include "no_heap.hpp"
#include "tact/solver.hpp"

namespace {

using tact::test::float_literal;
using tact::test::kAgreementMaxDof;
using tact::test::kAgreementMaxEq;
using tact::test::kAgreementMaxIneq;
using tact::test::kAgreementProblems;
using Solver = tact::Solver<kAgreementMaxDof, kAgreementMaxEq, kAgreementMaxIneq, float>;
using Problem = Solver::ProblemType;

// Calls visit(index, problem) for each problem of the agreement set; returns the data hash.
template <typename Visit>
std::uint32_t for_each_problem(Visit&& visit) {
  tact::test::DeviceRng rng(tact::test::kAgreementSeed);
  std::uint32_t hash = tact::test::kFnvOffset;
  static Problem problem;
  for (int i = 0; i < kAgreementProblems; ++i) {
    const auto shape = tact::test::random_device_shape(rng, kAgreementMaxDof, kAgreementMaxEq, kAgreementMaxIneq);
    if (!tact::test::make_device_problem(rng, shape, problem)) std::abort();
    hash = tact::test::hash_problem(problem, hash);
    visit(i, problem);
  }
  return hash;
}

// ‖M⁻¹f‖∞ (the free motion), with the same solver and no rows.
float free_motion_norm(Solver& solver, const Problem& p) {
  static Problem free_problem;
  free_problem = p;
  free_problem.num_eq = free_problem.num_ineq = 0;
  const auto report = solver.solve(free_problem, tact::Strategy::Exact);
  if (report.status != tact::Status::Solved) std::abort();
  return solver.acceleration().head(p.n).cwiseAbs().maxCoeff();
}

TEST(DeviceProblems, DataHashMatchesTable) {
  const std::uint32_t hash = for_each_problem([](int, const Problem&) {});
  EXPECT_EQ(hash, tact::test::kAgreementDataHash);
}

TEST(DeviceProblems, HostSolvesMatchTable) {
  static Solver solver;
  for_each_problem([](int i, const Problem& p) {
    const auto& expected = tact::test::kAgreementExpected[i];
    ASSERT_EQ(p.n, expected.n) << "problem " << i;
    for (int s = 0; s < 4; ++s) {
      tact::test::NoHeap guard;
      const auto report = solver.solve(p, tact::kAllStrategies[s]);
      ASSERT_EQ(guard.allocations(), 0u);
      ASSERT_EQ(static_cast<int>(report.status), expected.status[s])
          << "problem " << i << " " << tact::to_string(tact::kAllStrategies[s]);
      if (expected.status[s] != static_cast<int>(tact::Status::Solved)) continue;
      const float scale = tact::test::agreement_scale(expected, s);
      for (int j = 0; j < p.n; ++j)
        EXPECT_NEAR(solver.acceleration()(j), expected.acceleration[s][j], 1e-4f * scale)
            << "problem " << i << " " << tact::to_string(tact::kAllStrategies[s]) << " x" << j;
    }
  });
}

// The table's exact-strategy ẍ is the QP optimum: a double solve agrees.
TEST(DeviceProblems, TableAgreesWithDoubleSolve) {
  using DoubleSolver = tact::Solver<kAgreementMaxDof, kAgreementMaxEq, kAgreementMaxIneq, double>;
  static DoubleSolver solver;
  static DoubleSolver::ProblemType problem;
  tact::test::DeviceRng rng(tact::test::kAgreementSeed);
  for (int i = 0; i < kAgreementProblems; ++i) {
    const auto shape = tact::test::random_device_shape(rng, kAgreementMaxDof, kAgreementMaxEq, kAgreementMaxIneq);
    ASSERT_TRUE(tact::test::make_device_problem(rng, shape, problem));
    const auto report = solver.solve(problem, tact::Strategy::Exact);
    ASSERT_EQ(report.status, tact::Status::Solved);
    const auto& expected = tact::test::kAgreementExpected[i];
    for (int j = 0; j < problem.n; ++j)
      EXPECT_NEAR(solver.acceleration()(j), static_cast<double>(expected.acceleration[3][j]),
                  1e-4 * static_cast<double>(expected.scale))
          << "problem " << i << " x" << j;
  }
}

// Writes the table to the file named by TACT_WRITE_DEVICE_TABLE: a tool, not a
// check, so disabled in the suite (run it as at the top of this file).
TEST(DeviceProblems, DISABLED_WriteTable) {
  const char* path = std::getenv("TACT_WRITE_DEVICE_TABLE");
  ASSERT_NE(path, nullptr) << "set TACT_WRITE_DEVICE_TABLE=<file> to write the table";
  std::FILE* out = std::fopen(path, "w");
  ASSERT_NE(out, nullptr) << path;
  static Solver solver;
  std::fprintf(out, 
      "// Generated on the host by tests/host/device_problems_test.cpp (DeviceProblems.DISABLED_WriteTable):\n"
      "// the float solver's ẍ for the agreement problems of device_problems.hpp, for\n"
      "// every strategy. Checked against the host solve (test_device_problems) and the\n"
      "// target solve (tests/target/agreement_test.cpp). Do not edit by hand.\n"
      "#pragma once\n\n#include <cstdint>\n\n#include \"device_problems.hpp\"\n\nnamespace tact::test {\n\n");
  std::string rows;
  const std::uint32_t hash = for_each_problem([&](int, const Problem& p) {
    char line[256];
    const float scale = free_motion_norm(solver, p);
    float largest = scale;
    std::string body;
    std::string statuses;
    for (int s = 0; s < 4; ++s) {
      const auto report = solver.solve(p, tact::kAllStrategies[s]);
      std::snprintf(line, sizeof line, "%s%d", s ? ", " : "", static_cast<int>(report.status));
      statuses += line;
      body += s ? ", {" : "{";
      for (int j = 0; j < p.n; ++j) {
        const float x = solver.acceleration()(j);
        if (s == 3) largest = std::max(largest, std::fabs(x));
        body += (j ? ", " : "") + float_literal(x);
      }
      body += "}";
    }
    std::snprintf(line, sizeof line, "    {%d, %s, {%s}, {", p.n, float_literal(largest).c_str(), statuses.c_str());
    rows += line + body + "}},\n";
  });
  std::fprintf(out, "inline constexpr std::uint32_t kAgreementDataHash = 0x%08Xu;\n\n", hash);
  std::fprintf(out,
      "/// Per problem: n, scale (max of ‖M⁻¹f‖∞ and the exact ‖ẍ‖∞), the Status of\n"
      "/// each strategy in kAllStrategies order, and its ẍ.\n"
      "inline constexpr AgreementExpected kAgreementExpected[kAgreementProblems] = {\n%s};\n\n"
      "}  // namespace tact::test\n",
      rows.c_str());
  ASSERT_EQ(std::fclose(out), 0);
}

}  // namespace
