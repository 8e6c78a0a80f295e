// Target half of the host/target agreement check (host half:
// tests/host/device_problems_test.cpp). The device builds the fixed
// agreement problems with the shared generator and checks, against the table
// committed from a host run (tests/common/device_problems_expected.hpp):
//   * the data hash: host and target generated bit-identical problems;
//   * per strategy: the same status and, when that status is Solved, ẍ
//     within 1e-4 relative to max(‖M⁻¹f‖∞, ‖ẍ‖∞) (float rounding differs
//     between x86-64 SSE and the target's FPU or soft float; the data do
//     not). A refused solve (Singular: a dependent or nearly dependent
//     working set) leaves its last iterate, whose digits are rounding noise
//     amplified by the conditioning, so only its status is compared.
// Each problem's ẍ (exact strategy) is printed with 9 significant digits.
#include <cmath>

#include "../common/device_problems.hpp"
#include "../common/device_problems_expected.hpp"
#include "tact/solver.hpp"
#include "tact_test.hpp"

namespace {

using tact::test::kAgreementMaxDof;
using tact::test::kAgreementMaxEq;
using tact::test::kAgreementMaxIneq;
using tact::test::kAgreementProblems;
using Solver = tact::Solver<kAgreementMaxDof, kAgreementMaxEq, kAgreementMaxIneq>;
using Problem = Solver::ProblemType;

Solver solver;
Problem problem;

// 9 significant digits (fixed notation for |x| in [1e-4, 1e9), as port_format does).
void write_significant(float value) {
  const float magnitude = std::fabs(value);
  int decimals = 8;
  for (float bound = 10.0f; magnitude >= bound && decimals > 0; bound *= 10.0f) --decimals;
  tact::port::write_float(value, decimals);
}

}  // namespace

TACT_TEST(agreement_with_host) {
  tact::test::DeviceRng rng(tact::test::kAgreementSeed);
  std::uint32_t hash = tact::test::kFnvOffset;
  float worst = 0;
  int worst_problem = -1;
  tact::Strategy worst_strategy = tact::Strategy::Exact;
  for (int i = 0; i < kAgreementProblems; ++i) {
    const auto shape = tact::test::random_device_shape(rng, kAgreementMaxDof, kAgreementMaxEq, kAgreementMaxIneq);
    if (!TACT_CHECK(tact::test::make_device_problem(rng, shape, problem))) return;
    hash = tact::test::hash_problem(problem, hash);
    const auto& expected = tact::test::kAgreementExpected[i];
    if (!TACT_CHECK(problem.n == expected.n)) return;
    for (int s = 0; s < 4; ++s) {
      const tact::Strategy strategy = tact::kAllStrategies[s];
      const auto report = solver.solve(problem, strategy);
      bool ok = TACT_CHECK(static_cast<int>(report.status) == expected.status[s]);
      const float scale = tact::test::agreement_scale(expected, s);
      const bool compare = expected.status[s] == static_cast<int>(tact::Status::Solved);
      for (int j = 0; compare && j < problem.n; ++j) {
        const float diff = std::fabs(solver.acceleration()(j) - expected.acceleration[s][j]) / scale;
        if (diff > worst || !(diff == diff)) {
          worst = diff;
          worst_problem = i;
          worst_strategy = strategy;
        }
        ok &= TACT_CHECK_NEAR(solver.acceleration()(j), expected.acceleration[s][j], 1e-4f * scale);
      }
      if (strategy == tact::Strategy::Exact || !ok) {
        tact::port::write(ok ? "    x " : "    MISMATCH x ");
        tact::port::write_int(i);
        tact::port::write(" ");
        tact::port::write(tact::to_string(strategy));
        for (int j = 0; j < problem.n; ++j) {
          tact::port::write(" ");
          write_significant(solver.acceleration()(j));
        }
        tact::port::write("\n");
      }
    }
  }
  TACT_CHECK(hash == tact::test::kAgreementDataHash);
  tact::port::write("    data hash 0x");
  const char* hex = "0123456789ABCDEF";
  char text[9];
  for (int d = 0; d < 8; ++d) text[d] = hex[(hash >> (28 - 4 * d)) & 0xFu];
  text[8] = '\0';
  tact::port::write(text);
  tact::port::write(hash == tact::test::kAgreementDataHash ? " (equals the host's)\n" : " (host: different!)\n");
  tact::port::write("    worst |x_target - x_host| / scale: ");
  tact::port::write_float(worst, 9);
  tact::port::write(" (problem ");
  tact::port::write_int(worst_problem);
  tact::port::write(", ");
  tact::port::write(tact::to_string(worst_strategy));
  tact::port::write(")\n");
}
