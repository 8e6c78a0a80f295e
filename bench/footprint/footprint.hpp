// Shared by the two footprint firmwares (baseline.cpp, solver.cpp), so that
// the difference of their sizes is the solver alone: both set up the same
// problem, paint and scan the stack, and print the same table; only
// solver.cpp instantiates and runs the solver.
#pragma once

#include <cstdint>

#include "stack_paint.hpp"
#include "tact/solver.hpp"

namespace footprint {

// The size of the solver in the footprint firmware (set by CMakeLists.txt:
// Solver<32, 8, 96> unless the board's RAM is too small for it).
#ifndef FOOTPRINT_DOF
#define FOOTPRINT_DOF 32
#define FOOTPRINT_EQ 8
#define FOOTPRINT_INEQ 96
#endif
using Solver = tact::Solver<FOOTPRINT_DOF, FOOTPRINT_EQ, FOOTPRINT_INEQ, float>;
using Problem = Solver::ProblemType;

/// The problem both firmwares build (a feasible one from tests/common/device_problems.hpp).
Problem& problem();
void make_problem();

/// What one solve gave (all zero in the baseline).
struct Result {
  bool ran = false;  ///< false: the firmware does not run this strategy
  tact::Status status = tact::Status::InvalidInput;
  int iterations = 0;
  bool kkt = false;
  std::uint32_t peak_stack = 0;  ///< bytes below the caller's SP touched by the solve
  std::uint64_t counted = 0;     ///< counter ticks of the solve (see port::counter_unit())
};

/// Prints the sizeof table and the per-strategy results (`results` may be null: no solver).
void print_report(const Result* results);

}  // namespace footprint
