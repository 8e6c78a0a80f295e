// Shared by the two footprint firmwares (baseline.cpp, solver.cpp), so that
// the difference of their sizes is the solver alone: both set up the same
// problem, paint and scan the stack, and print the same table; only
// solver.cpp instantiates and runs the solver.
#pragma once

#include <cstdint>

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

extern "C" {
// From port/cortex-m/sections.ld: RAM is [.data | .bss | free | stack], the
// stack grows down from __stack_top towards __bss_end.
extern std::uint32_t __bss_end;
extern std::uint32_t __stack_top;
/// Writes `pattern` to every word in [limit, caller's SP). Naked (footprint.cpp):
/// it has no frame of its own, so it paints right up to the caller's SP.
void footprint_paint(std::uint32_t* limit, std::uint32_t pattern);
}

inline constexpr std::uint32_t kPattern = 0xDEADBEEFu;

/// Fills the free stack, from the caller's SP down to the end of .bss, with kPattern.
[[gnu::always_inline]] inline void paint_stack() { footprint_paint(&__bss_end, kPattern); }

/// The caller's stack pointer.
[[gnu::always_inline]] inline std::uint32_t* stack_pointer() {
  std::uint32_t* sp;
  asm volatile("mov %0, sp" : "=r"(sp));
  return sp;
}
/// Bytes below `sp` overwritten since paint_stack(): from the deepest word
/// that no longer holds kPattern up to sp. Inline: a call would use stack itself.
[[gnu::always_inline]] inline std::uint32_t stack_used_below(const std::uint32_t* sp) {
  const std::uint32_t* p = &__bss_end;
  while (p < sp && *p == kPattern) ++p;
  return static_cast<std::uint32_t>(reinterpret_cast<const char*>(sp) - reinterpret_cast<const char*>(p));
}

/// Prints the sizeof table and the per-strategy results (`results` may be null: no solver).
void print_report(const Result* results);

}  // namespace footprint
