// Input of the static stack bound (stack_bound.py): one noinline root per
// benchmark size that can call every way into a solve (each strategy, with
// and without a working-set memory). Compiled with -fcallgraph-info=su, so
// GCC writes each function's frame and its calls to stack_bound.cpp.ci; the
// deepest path from a root bounds the stack of any solve of that size on
// any data, where painting (footprint_stack, bench_solve's stack=) sees
// only the paths the measured problems take. Not linked into a firmware.
#include "tact/solver.hpp"

#define TACT_STACK_ROOT(D, E, I)                                                                               \
  [[gnu::noinline]] tact::Report<float> tact_stack_root_##D##_##E##_##I(                                       \
      tact::Solver<D, E, I, float>& solver, const tact::Solver<D, E, I, float>::ProblemType& problem,        \
      tact::Strategy strategy, tact::Solver<D, E, I, float>::Memory* memory) {                                \
    return solver.solve(problem, strategy, memory);                                                          \
  }

TACT_STACK_ROOT(2, 0, 2)
TACT_STACK_ROOT(3, 0, 6)
TACT_STACK_ROOT(12, 2, 24)
TACT_STACK_ROOT(22, 0, 77)
TACT_STACK_ROOT(30, 0, 60)
TACT_STACK_ROOT(32, 8, 96)
