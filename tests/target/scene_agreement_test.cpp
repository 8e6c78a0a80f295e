// Target half of the scene agreement check (tests/common/scene_agreement.hpp
// says what is compared and why the tolerances are what they are): the
// haptic example's script and (where the 34 KB World fits) the first 300
// steps of the billiard break, run on the device and compared with the host
// run committed in tests/common/scene_agreement_expected.hpp. Every solve
// must be Solved; the worst differences are printed.
#include <cmath>

#include "../common/scene_agreement.hpp"
#include "../common/scene_agreement_expected.hpp"
#include "haptic/haptic_scene.hpp"
#include "tact_test.hpp"
#if TACT_SCENE_AGREEMENT_BILLIARD
#include "billiard/billiard_scene.hpp"
#endif

namespace {

haptic::Solver haptic_solver;
haptic::Problem haptic_problem;

void report_worst(const char* what, float worst, float tolerance) {
  tact::port::write("    ");
  tact::port::write(what);
  tact::port::write(": worst |target - host| ");
  tact::port::write_float(worst * 1e9f, 3);
  tact::port::write(" nm (tolerance ");
  tact::port::write_float(tolerance * 1e9f, 0);
  tact::port::write(" nm)");
}

}  // namespace

TACT_TEST(haptic_script_agrees_with_host) {
  if (!TACT_CHECK(haptic::make_problem(haptic_problem))) return;
  float worst = 0;
  bool all_solved = true;
  for (int t = 0; t < haptic::kTicks; ++t) {
    haptic::set_device(haptic_problem, haptic::device_position(t));
    all_solved = haptic_solver.solve(haptic_problem, tact::Strategy::Exact).ok() && all_solved;
    if (t % tact::test::kHapticEvery != 0) continue;
    const int c = t / tact::test::kHapticEvery;
    for (int i = 0; i < 3; ++i) {
      const float diff = std::fabs(haptic_solver.acceleration()(i) - tact::test::kHapticExpectedProxy[c][i]);
      worst = diff > worst || !(diff == diff) ? diff : worst;
    }
  }
  TACT_CHECK(all_solved);
  TACT_CHECK(worst <= tact::test::kHapticTolerance);
  report_worst("haptic proxy", worst, tact::test::kHapticTolerance);
  tact::port::write("\n");
}

#if TACT_SCENE_AGREEMENT_BILLIARD
namespace {
billiard::World table;  // static storage (34 KB)
}

TACT_TEST(billiard_break_agrees_with_host) {
  billiard::reset(table);
  float worst = 0;
  int worst_step = 0;
  bool all_solved = true;
  for (int s = 1; s <= tact::test::kBilliardSteps; ++s) {
    all_solved = table.step(billiard::rows).ok() && all_solved;
    if (s % tact::test::kBilliardEvery != 0) continue;
    const int c = s / tact::test::kBilliardEvery - 1;
    for (int j = 0; j < billiard::kDofs; ++j) {
      const float diff = std::fabs(table.x(j) - tact::test::kBilliardExpectedX[c][j]);
      if (diff > worst || !(diff == diff)) {
        worst = diff;
        worst_step = s;
      }
    }
  }
  TACT_CHECK(all_solved);
  TACT_CHECK(worst <= tact::test::kBilliardTolerance);
  report_worst("billiard positions", worst, tact::test::kBilliardTolerance);
  tact::port::write(" at step ");
  tact::port::write_int(worst_step);
  tact::port::write("\n");
}
#endif
