// libFuzzer harness over the problem-file reader and the solver.
//
// The bytes are a problem file for Problem<8, 4, 16, float>. If it parses:
//  * write it back and read that again: every field is bit-identical (NaN
//    payloads aside, which the format does not keep);
//  * solve it with every strategy and check what the solver promises for
//    any input: a valid status, finite outputs, the iteration bound
//    (4·rows + 16; Right ≤ ineq + 1 solves; Platt one solve), and "Solved"
//    only with the residuals within Settings::kkt_tolerance (every KKT
//    condition for Exact, the working set's equations for the others);
//    Platt's and Exact's again with the working set the first solve left.
// A violation prints what failed and aborts, which libFuzzer reports as a
// crash with the input saved.
//
// Built two ways (fuzz/CMakeLists.txt): with -fsanitize=fuzzer as the fuzzer
// (TACT_FUZZ=ON, clang), and in every host build with replay_main.cpp as a
// test that runs these checks on the committed corpus and on the
// regressions in tests/host/regressions/.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "tact/problem_io.hpp"
#include "tact/solver.hpp"

namespace {

using Solver = tact::Solver<8, 4, 16, float>;
using Problem = Solver::ProblemType;

[[noreturn]] void violated(const char* what, tact::Strategy strategy) {
  std::fprintf(stderr, "fuzz_problem: %s (strategy %s)\n", what, tact::to_string(strategy));
  std::abort();
}

void check(bool condition, const char* what, tact::Strategy strategy = tact::Strategy::Exact) {
  if (!condition) violated(what, strategy);
}

bool same_bits(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  std::uint32_t x = 0, y = 0;
  std::memcpy(&x, &a, sizeof a);
  std::memcpy(&y, &b, sizeof b);
  return x == y;
}

template <typename A, typename B>
bool same_block(const A& a, const B& b, tact::Index rows, tact::Index cols) {
  for (tact::Index i = 0; i < rows; ++i)
    for (tact::Index j = 0; j < cols; ++j)
      if (!same_bits(a(i, j), b(i, j))) return false;
  return true;
}

bool identical(const Problem& a, const Problem& b) {
  if (a.n != b.n || a.num_eq != b.num_eq || a.num_ineq != b.num_ineq) return false;
  for (tact::Index k = 0; k < a.num_ineq; ++k)
    if (a.ineq_id[static_cast<std::size_t>(k)] != b.ineq_id[static_cast<std::size_t>(k)]) return false;
  return same_block(a.M, b.M, a.n, a.n) && same_block(a.f, b.f, a.n, 1) &&
         same_block(a.J_eq, b.J_eq, a.num_eq, a.n) && same_block(a.d_eq, b.d_eq, a.num_eq, 1) &&
         same_block(a.J_ineq, b.J_ineq, a.num_ineq, a.n) && same_block(a.d_ineq, b.d_ineq, a.num_ineq, 1);
}

void check_solve(Solver& solver, const Problem& p, tact::Strategy strategy, Solver::Memory* memory) {
  const tact::Report<float> report = solver.solve(p, strategy, memory);
  const auto status = static_cast<unsigned>(report.status);
  check(status <= static_cast<unsigned>(tact::Status::InvalidMass), "status is not a valid enum value", strategy);
  for (tact::Index i = 0; i < p.n; ++i) check(std::isfinite(solver.acceleration()(i)), "acceleration not finite", strategy);
  for (tact::Index k = 0; k < p.num_eq; ++k) check(std::isfinite(solver.multiplier_eq(k)), "multiplier not finite", strategy);
  for (tact::Index k = 0; k < p.num_ineq; ++k)
    check(std::isfinite(solver.multiplier_ineq(k)), "multiplier not finite", strategy);
  check(std::isfinite(solver.objective()), "objective not finite", strategy);
  const auto& r = report.residuals;
  for (const float value : {r.stationarity, r.equality, r.working_set, r.min_slack, r.min_multiplier, r.complementarity,
                            r.force_scale, r.row_scale, r.multiplier_scale})
    check(std::isfinite(value), "residual not finite", strategy);

  const tact::Index rows = p.num_eq + p.num_ineq;
  const tact::Index bound = strategy == tact::Strategy::Right   ? p.num_ineq + 1
                            : strategy == tact::Strategy::Exact ? 4 * rows + 16
                                                                : 1;
  check(report.iterations >= 0 && report.iterations <= bound, "iteration bound exceeded", strategy);
  check(report.active_count >= 0 && report.active_count <= p.n, "working set larger than n", strategy);

  if (report.status != tact::Status::Solved) return;
  const float tolerance = solver.settings.kkt_tolerance;
  if (strategy == tact::Strategy::Exact)
    check(report.kkt_satisfied && r.kkt_satisfied(tolerance), "Exact Solved beyond kkt_tolerance", strategy);
  else
    check(r.working_set_satisfied(tolerance), "Solved beyond the working-set tolerance", strategy);
}

Problem g_problem, g_again;  // static storage, as on a device
Solver g_solver;
char g_text[32768];

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const tact::ParseResult parsed = tact::read_problem(reinterpret_cast<const char*>(data), size, g_problem);
  if (!parsed.ok()) {
    check(g_problem.n == 0 && g_problem.num_eq == 0 && g_problem.num_ineq == 0, "rejected text left sizes set");
    check(parsed.line >= 1, "parse error without a line");
    return 0;
  }
  check(parsed.line == 0, "successful parse with a line");

  // Round trip: write, read back, compare bit for bit.
  const std::size_t length = tact::write_problem(g_problem, g_text, sizeof g_text);
  check(length < sizeof g_text, "written problem does not fit the buffer");
  check(std::strlen(g_text) == length, "write_problem length differs from the text");
  const tact::ParseResult again = tact::read_problem(g_text, length, g_again);
  check(again.ok(), "written problem does not read back");
  check(identical(g_problem, g_again), "round trip changed the problem");

  for (const tact::Strategy strategy : tact::kAllStrategies) check_solve(g_solver, g_problem, strategy, nullptr);
  // The strategies that carry a working set, over two solves: Platt's F+,
  // and Exact's warm start from the first solve's set.
  for (const tact::Strategy strategy : {tact::Strategy::Platt, tact::Strategy::PlattImproved, tact::Strategy::Exact}) {
    Solver::Memory memory;
    check_solve(g_solver, g_problem, strategy, &memory);
    check_solve(g_solver, g_problem, strategy, &memory);
  }
  return 0;
}
