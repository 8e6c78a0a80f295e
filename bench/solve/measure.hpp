// The counted solves of bench_solve, declared here and compiled in a
// translation unit of their own (measure.cpp): GCC inlines the solve there
// the same way whatever the harness around it does, so an edit to
// bench_solve.cpp cannot move the counts (it moved them by 1 to 5
// instructions when both were one file).
#pragma once

#include <cstdint>

#include "tact/solver.hpp"

namespace tact_bench {

// Bounds of the benchmark set (bench/problems): n ≤ 32, 8 equality and 96
// inequality rows.
using BenchSolver = tact::Solver<32, 8, 96, float>;

/// Solves `problem` with `solver`; `count`: the port's counter difference
/// across the solve (executed instructions under QEMU's icount plugin). The
/// report is the solve's own return value, not a copy, so the count holds
/// little besides the solve. A solve without a memory, as a caller that
/// keeps no working set compiles it.
tact::Report<float> measured_solve(BenchSolver& solver, const BenchSolver::ProblemType& problem,
                                   tact::Strategy strategy, std::uint64_t& count);

/// The same with `memory`, the working set carried between solves.
tact::Report<float> measured_solve(BenchSolver& solver, const BenchSolver::ProblemType& problem,
                                   tact::Strategy strategy, BenchSolver::Memory& memory, std::uint64_t& count);

/// bench_floor (TACT_BENCH_FLOOR): the same around bench/floor's yardstick
/// (Exact only; it keeps nothing between solves).
tact::Report<float> measured_floor_solve(const BenchSolver::ProblemType& problem, std::uint64_t& count);

}  // namespace tact_bench
