// Host half of the scene agreement check (tests/common/scene_agreement.hpp):
// the host run of the haptic script and of the billiard break against the
// committed reference table (so that a solver change that moves the
// results is noticed here first, on the host), the billiard's sensitivity
// to a 1-ulp change that the target tolerance is based on, and the writer
// of the table:
//   TACT_WRITE_SCENE_TABLE=tests/common/scene_agreement_expected.hpp
//     build/host/tests/host/test_scene_agreement --gtest_also_run_disabled_tests --gtest_filter=*WriteTable
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "../common/scene_agreement.hpp"
#include "../common/scene_agreement_expected.hpp"
#include "billiard/billiard_scene.hpp"
#include "haptic/haptic_scene.hpp"
#include "float_literal.hpp"
#include "no_heap.hpp"

namespace {

using tact::test::float_literal;
using tact::test::kBilliardCheckpoints;
using tact::test::kBilliardEvery;
using tact::test::kBilliardSteps;
using tact::test::kHapticEvery;

constexpr int kHapticCheckpoints = (haptic::kTicks + kHapticEvery - 1) / kHapticEvery;

struct HapticRun {
  haptic::Vec3 proxy[kHapticCheckpoints];
  bool all_solved = true;
};

void run_haptic(HapticRun& run) {
  static haptic::Solver solver;
  static haptic::Problem problem;
  ASSERT_TRUE(haptic::make_problem(problem));
  for (int t = 0; t < haptic::kTicks; ++t) {
    haptic::set_device(problem, haptic::device_position(t));
    const auto report = tact::test::solve_no_heap(solver, problem, tact::Strategy::Exact);
    run.all_solved = run.all_solved && report.ok();
    if (t % kHapticEvery == 0) run.proxy[t / kHapticEvery] = solver.acceleration();
  }
}

struct BilliardRun {
  billiard::World::DofVector x[kBilliardCheckpoints];
  bool all_solved = true;
};

billiard::World table;

/// The example's break; `ulps` moves every coordinate of every ball up by that many ulps.
void run_billiard(BilliardRun& run, int ulps = 0) {
  billiard::reset(table);
  for (int j = 0; j < billiard::kDofs; ++j)
    for (int u = 0; u < ulps; ++u) table.x(j) = std::nextafter(table.x(j), 1.0f);
  for (int s = 1; s <= kBilliardSteps; ++s) {
    run.all_solved = tact::test::step_no_heap(table, billiard::rows).ok() && run.all_solved;
    if (s % kBilliardEvery == 0) run.x[s / kBilliardEvery - 1] = table.x;
  }
}

// The table is this host's own run: a solver change that moves the results
// beyond the target tolerances fails here (regenerate the table if the
// change is meant, and rerun the target tests).
TEST(SceneAgreement, HostRunMatchesTheTable) {
  static_assert(tact::test::kHapticCheckpoints == kHapticCheckpoints);
  static HapticRun haptic_run;
  static BilliardRun billiard_run;
  run_haptic(haptic_run);
  run_billiard(billiard_run);
  EXPECT_TRUE(haptic_run.all_solved);
  EXPECT_TRUE(billiard_run.all_solved);
  float haptic_worst = 0, billiard_worst = 0;
  for (int c = 0; c < kHapticCheckpoints; ++c)
    for (int i = 0; i < 3; ++i)
      haptic_worst = std::max(haptic_worst, std::fabs(haptic_run.proxy[c](i) - tact::test::kHapticExpectedProxy[c][i]));
  for (int c = 0; c < kBilliardCheckpoints; ++c)
    for (int j = 0; j < billiard::kDofs; ++j)
      billiard_worst = std::max(billiard_worst, std::fabs(billiard_run.x[c](j) - tact::test::kBilliardExpectedX[c][j]));
  EXPECT_LE(haptic_worst, tact::test::kHapticTolerance);
  EXPECT_LE(billiard_worst, tact::test::kBilliardTolerance);
  std::printf("host vs table: haptic worst %.3g m, billiard worst %.3g m\n", static_cast<double>(haptic_worst),
              static_cast<double>(billiard_worst));
}

// How far a 1-ulp change of every position moves the balls, per step of
// the break (two worlds in lockstep): the basis of kBilliardTolerance, which
// must stay 100 times the response at the end of the compared run.
TEST(SceneAgreement, BilliardSensitivity) {
  static billiard::World perturbed;
  billiard::reset(table);
  billiard::reset(perturbed);
  for (int j = 0; j < billiard::kDofs; ++j) perturbed.x(j) = std::nextafter(perturbed.x(j), 1.0f);
  float at_end = 0, worst = 0;
  std::printf("every position +1 ulp: max |x - x_ref| (m) at step");
  for (int s = 1; s <= billiard::kSteps; ++s) {
    ASSERT_TRUE(tact::test::step_no_heap(table, billiard::rows).ok());
    ASSERT_TRUE(tact::test::step_no_heap(perturbed, billiard::rows).ok());
    worst = std::max(worst, (perturbed.x - table.x).cwiseAbs().maxCoeff());
    if (s == kBilliardSteps) at_end = worst;
    if (s % 50 == 0) std::printf(" %d: %.2e", s, static_cast<double>(worst));
  }
  std::printf("\n");
  EXPECT_GT(at_end, 0.0f);  // the perturbation reached the output
  EXPECT_LE(100 * at_end, tact::test::kBilliardTolerance);
}

TEST(SceneAgreement, DISABLED_WriteTable) {
  const char* path = std::getenv("TACT_WRITE_SCENE_TABLE");
  ASSERT_NE(path, nullptr) << "set TACT_WRITE_SCENE_TABLE=<file> to write the table";
  static HapticRun haptic_run;
  static BilliardRun billiard_run;
  run_haptic(haptic_run);
  run_billiard(billiard_run);
  ASSERT_TRUE(haptic_run.all_solved);
  ASSERT_TRUE(billiard_run.all_solved);
  std::FILE* out = std::fopen(path, "w");
  ASSERT_NE(out, nullptr) << path;
  std::fprintf(out,
               "// Generated on the host by tests/host/scene_agreement_test.cpp (SceneAgreement.DISABLED_WriteTable):\n"
               "// the haptic proxy every kHapticEvery ticks of the example's script and the\n"
               "// billiard positions every kBilliardEvery steps of the example's break, float,\n"
               "// strategy exact. Checked against the host run (test_scene_agreement) and the\n"
               "// target run (tests/target/scene_agreement_test.cpp). Do not edit by hand.\n"
               "#pragma once\n\n#include \"scene_agreement.hpp\"\n\nnamespace tact::test {\n\n");
  std::fprintf(out, "inline constexpr int kHapticCheckpoints = %d;\n", kHapticCheckpoints);
  std::fprintf(out, "inline constexpr float kHapticExpectedProxy[kHapticCheckpoints][3] = {\n");
  for (const auto& p : haptic_run.proxy)
    std::fprintf(out, "    {%s, %s, %s},\n", float_literal(p(0)).c_str(), float_literal(p(1)).c_str(),
                 float_literal(p(2)).c_str());
  std::fprintf(out, "};\n\ninline constexpr float kBilliardExpectedX[kBilliardCheckpoints][%d] = {\n", billiard::kDofs);
  for (const auto& x : billiard_run.x) {
    std::fprintf(out, "    {");
    for (int j = 0; j < billiard::kDofs; ++j) std::fprintf(out, "%s%s", j ? ", " : "", float_literal(x(j)).c_str());
    std::fprintf(out, "},\n");
  }
  std::fprintf(out, "};\n\n}  // namespace tact::test\n");
  ASSERT_EQ(std::fclose(out), 0);
}

}  // namespace
