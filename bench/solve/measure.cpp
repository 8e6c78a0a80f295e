// The counted solves of bench_solve (see measure.hpp).
#include "measure.hpp"

#include "tact/port.hpp"
#ifdef TACT_BENCH_FLOOR
#include "../floor/floor_solver.hpp"
#endif

namespace tact_bench {

tact::Report<float> measured_solve(BenchSolver& solver, const BenchSolver::ProblemType& problem,
                                   tact::Strategy strategy, std::uint64_t& count) {
  const std::uint64_t start = tact::port::counter_read();
  const tact::Report<float> report = solver.solve(problem, strategy);
  count = tact::port::counter_read() - start;
  return report;
}

tact::Report<float> measured_solve(BenchSolver& solver, const BenchSolver::ProblemType& problem,
                                   tact::Strategy strategy, BenchSolver::Memory& memory, std::uint64_t& count) {
  const std::uint64_t start = tact::port::counter_read();
  const tact::Report<float> report = solver.solve(problem, strategy, &memory);
  count = tact::port::counter_read() - start;
  return report;
}

#ifdef TACT_BENCH_FLOOR
tact::Report<float> measured_floor_solve(const BenchSolver::ProblemType& problem, std::uint64_t& count) {
  static FloorSolver<BenchSolver::ProblemType> floor_solver;
  const std::uint64_t start = tact::port::counter_read();
  const tact::Report<float> report = floor_solver.solve(problem);
  count = tact::port::counter_read() - start;
  return report;
}
#endif

}  // namespace tact_bench
