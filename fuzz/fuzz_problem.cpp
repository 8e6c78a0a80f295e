// libFuzzer harness over the problem-file reader and the solver.
//
// The bytes are a problem file for Problem<8, 4, 16>, read as float and
// again as double (each its own rounding, overflow and underflow). If it
// parses:
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

[[noreturn]] void violated(const char* what, tact::Strategy strategy, const char* scalar) {
  std::fprintf(stderr, "fuzz_problem: %s (strategy %s, %s)\n", what, tact::to_string(strategy), scalar);
  std::abort();
}

template <typename Scalar>
bool same_bits(Scalar a, Scalar b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return tact::detail::bits_of(a) == tact::detail::bits_of(b);
}

template <typename A, typename B>
bool same_block(const A& a, const B& b, tact::Index rows, tact::Index cols) {
  for (tact::Index i = 0; i < rows; ++i)
    for (tact::Index j = 0; j < cols; ++j)
      if (!same_bits(a(i, j), b(i, j))) return false;
  return true;
}

/// The checks for one scalar type; static storage, as on a device.
template <typename Scalar>
struct Harness {
  using Solver = tact::Solver<8, 4, 16, Scalar>;
  using Problem = typename Solver::ProblemType;

  static constexpr const char* kName = sizeof(Scalar) == 4 ? "float" : "double";
  Problem problem, again;
  Solver solver;
  char text[65536];

  void check(bool condition, const char* what, tact::Strategy strategy = tact::Strategy::Exact) {
    if (!condition) violated(what, strategy, kName);
  }

  static bool identical(const Problem& a, const Problem& b) {
    if (a.n != b.n || a.num_eq != b.num_eq || a.num_ineq != b.num_ineq) return false;
    for (tact::Index k = 0; k < a.num_ineq; ++k)
      if (a.ineq_id[static_cast<std::size_t>(k)] != b.ineq_id[static_cast<std::size_t>(k)]) return false;
    return same_block(a.M, b.M, a.n, a.n) && same_block(a.f, b.f, a.n, 1) &&
           same_block(a.J_eq, b.J_eq, a.num_eq, a.n) && same_block(a.d_eq, b.d_eq, a.num_eq, 1) &&
           same_block(a.J_ineq, b.J_ineq, a.num_ineq, a.n) && same_block(a.d_ineq, b.d_ineq, a.num_ineq, 1);
  }

  void check_solve(const Problem& p, tact::Strategy strategy, typename Solver::Memory* memory) {
    const tact::Report<Scalar> report = solver.solve(p, strategy, memory);
    const auto status = static_cast<unsigned>(report.status);
    check(status <= static_cast<unsigned>(tact::Status::InvalidMass), "status is not a valid enum value", strategy);
    for (tact::Index i = 0; i < p.n; ++i)
      check(std::isfinite(solver.acceleration()(i)), "acceleration not finite", strategy);
    for (tact::Index k = 0; k < p.num_eq; ++k)
      check(std::isfinite(solver.multiplier_eq(k)), "multiplier not finite", strategy);
    for (tact::Index k = 0; k < p.num_ineq; ++k)
      check(std::isfinite(solver.multiplier_ineq(k)), "multiplier not finite", strategy);
    check(std::isfinite(solver.objective()), "objective not finite", strategy);
    const auto& r = report.residuals;
    for (const Scalar value : {r.stationarity, r.equality, r.working_set, r.min_slack, r.min_multiplier,
                               r.complementarity, r.force_scale, r.row_scale, r.multiplier_scale})
      check(std::isfinite(value), "residual not finite", strategy);

    const tact::Index rows = p.num_eq + p.num_ineq;
    const tact::Index bound = strategy == tact::Strategy::Right   ? p.num_ineq + 1
                              : strategy == tact::Strategy::Exact ? 4 * rows + 16
                                                                  : 1;
    check(report.iterations >= 0 && report.iterations <= bound, "iteration bound exceeded", strategy);
    check(report.active_count >= 0 && report.active_count <= p.n, "working set larger than n", strategy);

    if (report.status != tact::Status::Solved) return;
    const Scalar tolerance = solver.settings.kkt_tolerance;
    if (strategy == tact::Strategy::Exact)
      check(report.kkt_satisfied && r.kkt_satisfied(tolerance), "Exact Solved beyond kkt_tolerance", strategy);
    else
      check(r.working_set_satisfied(tolerance), "Solved beyond the working-set tolerance", strategy);
  }

  void run(const std::uint8_t* data, std::size_t size) {
    const tact::ParseResult parsed = tact::read_problem(reinterpret_cast<const char*>(data), size, problem);
    if (!parsed.ok()) {
      check(problem.n == 0 && problem.num_eq == 0 && problem.num_ineq == 0, "rejected text left sizes set");
      check(parsed.line >= 1, "parse error without a line");
      return;
    }
    check(parsed.line == 0, "successful parse with a line");

    // Round trip: write, read back, compare bit for bit.
    const std::size_t length = tact::write_problem(problem, text, sizeof text);
    check(length < sizeof text, "written problem does not fit the buffer");
    check(std::strlen(text) == length, "write_problem length differs from the text");
    const tact::ParseResult reread = tact::read_problem(text, length, again);
    check(reread.ok(), "written problem does not read back");
    check(identical(problem, again), "round trip changed the problem");

    for (const tact::Strategy strategy : tact::kAllStrategies) check_solve(problem, strategy, nullptr);
    // The strategies that carry a working set, over two solves: Platt's F+,
    // and Exact's warm start from the first solve's set.
    for (const tact::Strategy strategy : {tact::Strategy::Platt, tact::Strategy::PlattImproved, tact::Strategy::Exact}) {
      typename Solver::Memory memory;
      check_solve(problem, strategy, &memory);
      check_solve(problem, strategy, &memory);
    }
  }
};

Harness<float> g_float;
Harness<double> g_double;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  g_float.run(data, size);
  g_double.run(data, size);
  return 0;
}
