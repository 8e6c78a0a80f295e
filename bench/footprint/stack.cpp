// footprint_stack: the peak stack of one solve with the solver instantiated
// at each benchmark size (bench/problems: corner 2/0/2, haptic 3/0/6,
// billiard 22/0/77, dense 12/2/24 and 30/0/60), for every strategy, with a
// dense and a diagonal M (a diagonal M is never factored: another path).
// Measured as footprint_solver does (paint the free stack, solve in a
// noinline wrapper, find the deepest overwritten word), for a solve without
// memory, a cold one with an empty memory and a warm one. The problem is a
// random feasible one of the full size (tests/common/device_problems.hpp);
// the depth is that of the call tree, which depends on the strategy and the
// size's template instance, not on the data. One line per size.
// Exits non-zero if a solve used no stack (painting broken) or more than
// kStackBound. Sizes that do not fit the board's RAM are skipped.
#include <new>

#include "../../tests/common/device_problems.hpp"
#include "footprint.hpp"
#include "tact/port.hpp"
#include "tact/port_format.hpp"

namespace {

constexpr std::uint32_t kStackBound = 4096;  // bytes for one solve

// One buffer holds the solver and problem of the size being measured.
template <int D, int E, int I>
constexpr std::size_t storage_for() {
  return (sizeof(tact::Solver<D, E, I, float>) + 15) / 16 * 16 + sizeof(tact::Problem<D, E, I, float>);
}
constexpr std::size_t larger(std::size_t a, std::size_t b) { return a > b ? a : b; }
#if FOOTPRINT_STACK_LARGE
constexpr std::size_t kStorage = larger(storage_for<12, 2, 24>(), larger(storage_for<22, 0, 77>(), storage_for<30, 0, 60>()));
#else
constexpr std::size_t kStorage = storage_for<12, 2, 24>();  // micro:bit: up to 12/2/24
#endif
alignas(16) unsigned char storage[kStorage];
bool ok = true;

// Not inlined: its frame and everything below it is the solve's stack.
template <typename Solver>
[[gnu::noinline]] tact::Report<float> solve(Solver& solver, const typename Solver::ProblemType& p,
                                            tact::Strategy strategy, typename Solver::Memory* memory) {
  return solver.solve(p, strategy, memory);
}

// The three ways a solve runs: without memory, cold with an empty memory,
// and warm from the working set that cold solve left in it (the same problem
// again, so the carried set re-enters without releases; a release's calls,
// cholesky_remove and the working-set solve, are the dual loop's too).
template <typename Solver>
std::uint32_t peak_stack(Solver& solver, const typename Solver::ProblemType& p, tact::Strategy strategy,
                         int& iterations) {
  typename Solver::Memory memory;
  std::uint32_t peak = 0;
  for (int run = 0; run < 3; ++run) {
    if (run < 2) solver.reset();  // cold: a dense M is factored inside the solve
    std::uint32_t* const sp = footprint::stack_pointer();
    footprint::paint_stack();
    const auto report = solve(solver, p, strategy, run == 0 ? nullptr : &memory);
    const std::uint32_t used = footprint::stack_used_below(sp);
    peak = used > peak ? used : peak;
    iterations = report.iterations > iterations ? report.iterations : iterations;
    ok = ok && used > 0 && used <= kStackBound;
  }
  return peak;
}

template <int D, int E, int I>
void measure() {
  using Solver = tact::Solver<D, E, I, float>;
  using Problem = typename Solver::ProblemType;
  constexpr std::size_t problem_offset = (sizeof(Solver) + 15) / 16 * 16;
  static_assert(problem_offset + sizeof(Problem) <= kStorage, "raise kStorage");
  Solver* solver = new (storage) Solver;
  Problem* problem = new (storage + problem_offset) Problem;
  std::uint32_t peak[4] = {0, 0, 0, 0};
  int iterations[4] = {0, 0, 0, 0};
  for (int diagonal = 0; diagonal < 2; ++diagonal) {
    tact::test::DeviceRng rng(1);
    const tact::test::DeviceShape shape{D, E, I, diagonal == 1};
    if (!tact::test::make_device_problem(rng, shape, *problem)) tact::port::panic("footprint_stack: problem does not fit");
    for (int s = 0; s < 4; ++s) {
      const std::uint32_t used = peak_stack(*solver, *problem, tact::kAllStrategies[s], iterations[s]);
      peak[s] = used > peak[s] ? used : peak[s];
    }
  }
  tact::port::write("stack Solver<");
  tact::port::write_int(D);
  tact::port::write(",");
  tact::port::write_int(E);
  tact::port::write(",");
  tact::port::write_int(I);
  tact::port::write(">");
  for (int s = 0; s < 4; ++s) {
    tact::port::write(" ");
    tact::port::write(tact::to_string(tact::kAllStrategies[s]));
    tact::port::write("=");
    tact::port::write_uint(peak[s]);
  }
  tact::port::write(" bytes (iterations");
  for (int s = 0; s < 4; ++s) {
    tact::port::write(" ");
    tact::port::write_int(iterations[s]);
  }
  tact::port::write(")\n");
  problem->~Problem();
  solver->~Solver();
}

}  // namespace

int main() {
  tact::port::init();
  tact::port::write("footprint_stack: peak stack of one solve (bytes below the caller's SP), max of dense and diagonal M, of no memory, cold and warm\n");
  measure<2, 0, 2>();
  measure<3, 0, 6>();
  measure<12, 2, 24>();
#if FOOTPRINT_STACK_LARGE
  measure<22, 0, 77>();
  measure<30, 0, 60>();
#endif
  if (!ok) tact::port::write("FAIL: a solve used no stack or more than 4096 bytes\n");
  tact::port::exit(ok ? 0 : 1);
}
