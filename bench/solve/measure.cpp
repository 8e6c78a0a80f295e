// The counted solves of bench_solve (see measure.hpp).
#include "measure.hpp"

#include "tact/port.hpp"
#ifdef TACT_BENCH_FLOOR
#include "../floor/constraint_space_solver.hpp"
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
namespace {

/// The problems FloorSolver takes: no equality rows and a diagonal M.
bool floor_solver_takes(const BenchSolver::ProblemType& problem) {
  for (tact::Index j = 0; j < problem.n; ++j)
    for (tact::Index i = 0; i < problem.n; ++i)
      if (i != j && problem.M(i, j) != 0) return false;
  return problem.num_eq == 0;
}

}  // namespace

tact::Report<float> measured_floor_solve(const BenchSolver::ProblemType& problem, std::uint64_t& count) {
  static FloorSolver<BenchSolver::ProblemType> floor_solver;
  static ConstraintSpaceSolver<BenchSolver::ProblemType> constraint_space_solver;
  // Chosen before the count starts: the choice is the benchmark's, not a solve's.
  const bool small = floor_solver_takes(problem);
  const std::uint64_t start = tact::port::counter_read();
  const tact::Report<float> report = small ? floor_solver.solve(problem) : constraint_space_solver.solve(problem);
  count = tact::port::counter_read() - start;
  return report;
}
#endif

}  // namespace tact_bench
