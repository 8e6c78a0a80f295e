// Peak stack by painting, shared by the footprint firmwares and bench_solve:
// fill the free stack below the caller's SP with a pattern, run the code,
// and find the deepest word that no longer holds it. Cortex-M only (the
// symbols come from port/cortex-m/sections.ld).
#pragma once

#include <cstdint>

namespace footprint {

extern "C" {
// From port/cortex-m/sections.ld: RAM is [.data | .bss | .noinit | free | stack], the
// stack grows down from __stack_top towards __stack_limit.
extern std::uint32_t __stack_limit;
extern std::uint32_t __stack_top;
/// Writes `pattern` to every word in [limit, caller's SP). Naked (stack_paint.cpp):
/// it has no frame of its own, so it paints right up to the caller's SP.
void footprint_paint(std::uint32_t* limit, std::uint32_t pattern);
}

inline constexpr std::uint32_t kPattern = 0xDEADBEEFu;

/// Fills the free stack, from the caller's SP down to `limit` (the end of the static RAM), with kPattern.
[[gnu::always_inline]] inline void paint_stack(std::uint32_t* limit = &__stack_limit) {
  footprint_paint(limit, kPattern);
}

/// The caller's stack pointer.
[[gnu::always_inline]] inline std::uint32_t* stack_pointer() {
  std::uint32_t* sp;
  asm volatile("mov %0, sp" : "=r"(sp));
  return sp;
}

/// The lower end of a window of `bytes` below `sp`, not below the end of the static RAM:
/// painting only that much keeps a measurement cheap where RAM is large.
[[gnu::always_inline]] inline std::uint32_t* window_below(std::uint32_t* sp, std::uint32_t bytes) {
  const std::uintptr_t free = reinterpret_cast<std::uintptr_t>(sp) - reinterpret_cast<std::uintptr_t>(&__stack_limit);
  return free > bytes ? sp - bytes / sizeof(std::uint32_t) : &__stack_limit;
}

/// Bytes below `sp` overwritten since paint_stack(limit): from the deepest word
/// that no longer holds kPattern up to sp. Inline: a call would use stack itself.
[[gnu::always_inline]] inline std::uint32_t stack_used_below(const std::uint32_t* sp,
                                                             const std::uint32_t* limit = &__stack_limit) {
  const std::uint32_t* p = limit;
  while (p < sp && *p == kPattern) ++p;
  return static_cast<std::uint32_t>(reinterpret_cast<const char*>(sp) - reinterpret_cast<const char*>(p));
}

}  // namespace footprint
