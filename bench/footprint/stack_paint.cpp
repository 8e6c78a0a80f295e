// The stack painter of stack_paint.hpp.
#include "stack_paint.hpp"

// Naked: no prologue, no stack of its own, so it paints right up to the
// caller's SP. Thumb-1 instructions only (runs on ARMv6-M too).
extern "C" [[gnu::naked, gnu::noinline]] void footprint_paint(std::uint32_t* /*limit*/, std::uint32_t /*pattern*/) {
  asm volatile(
      "  mov r2, sp      \n"
      "1: cmp r2, r0     \n"
      "  bls 2f          \n"
      "  sub r2, r2, #4  \n"  // divided syntax on ARMv6-M (GCC), plain SUB.W on v7-M: both fine
      "  str r1, [r2]    \n"
      "  b 1b            \n"
      "2: bx lr          \n");
}
