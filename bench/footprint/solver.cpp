// footprint_solver: footprint_baseline plus one static Solver (size from
// footprint.hpp) that solves the footprint problem with every strategy,
// measuring the peak stack of each solve by painting the free stack.
// Exits non-zero if the exact solve fails or a solve needs more stack than
// kStackBound, so ctest can catch a regression.
#include "footprint.hpp"
#include "tact/port.hpp"

namespace {

constexpr std::uint32_t kStackBound = 4096;  // bytes for one solve
#ifdef FOOTPRINT_EXACT_ONLY
constexpr int kFirstStrategy = 3;  // kAllStrategies[3] is Exact
#else
constexpr int kFirstStrategy = 0;
#endif

footprint::Solver solver;
// Solves carry a working set as firmware does, so the warm-start code (and
// Platt's carried F+) is linked and counted; the memory is empty here (cold).
footprint::Solver::Memory memory;

// Not inlined: its frame and everything below it is the solve's stack.
[[gnu::noinline]] tact::Report<float> solve(const footprint::Problem& p, tact::Strategy strategy) {
  memory.clear();
  // The compiler must not see that the memory is empty, or it drops the warm path.
  asm volatile("" : : "r"(&memory) : "memory");
#ifdef FOOTPRINT_EXACT_ONLY
  (void)strategy;
  return solver.solve(p, tact::Strategy::Exact, &memory);  // the other strategies' code is not linked
#else
  return solver.solve(p, strategy, &memory);
#endif
}

}  // namespace

int main() {
  tact::port::init();
  footprint::make_problem();
  footprint::Result results[4];
  bool ok = true;
  for (int s = kFirstStrategy; s < 4; ++s) {
    const tact::Strategy strategy = tact::kAllStrategies[s];
    solver.reset();  // cold for every strategy: M is factored inside each solve
    std::uint32_t* const sp = footprint::stack_pointer();
    footprint::paint_stack();
    const std::uint64_t start = tact::port::counter_read();
    const auto report = solve(footprint::problem(), strategy);
    const std::uint64_t stop = tact::port::counter_read();
    footprint::Result& r = results[s];
    r.peak_stack = footprint::stack_used_below(sp);
    r.ran = true;
    r.status = report.status;
    r.iterations = report.iterations;
    r.kkt = report.kkt_satisfied;
    r.counted = stop - start;
    ok = ok && r.peak_stack > 0 && r.peak_stack <= kStackBound;
  }
  ok = ok && results[3].status == tact::Status::Solved && results[3].kkt;
  footprint::print_report(results);
  if (!ok) tact::port::write("FAIL: exact solve not solved, or a solve used no stack or more than 4096 bytes\n");
  return ok ? 0 : 1;
}
