// SysTick as a free-running counter of processor clock ticks, extended from
// its 24 bits to 64 by counting wraps in SysTick_Handler. Shared by the
// counters that have no DWT: counter_systick.cpp (real ARMv6-M silicon:
// cycles) and counter_qemu_icount.cpp's fallback (ticks of QEMU's virtual
// clock). The counter that includes this defines
// `SysTick_Handler() { systick::count_wrap(); }`.
#pragma once

#include <cstdint>

namespace tact::port::systick {

struct Registers {
  volatile std::uint32_t csr, rvr, cvr, calib;
};
inline Registers& registers() { return *reinterpret_cast<Registers*>(0xE000E010u); }
inline volatile std::uint32_t& icsr() { return *reinterpret_cast<volatile std::uint32_t*>(0xE000ED04u); }
constexpr std::uint32_t kPendStSet = 1u << 26;  // SCB->ICSR: SysTick exception pending
constexpr std::uint32_t kReload = 0x00FFFFFFu;  // 24-bit down-counter

inline volatile std::uint32_t wraps = 0;  // SysTick exceptions since start()

inline void count_wrap() { wraps = wraps + 1; }

/// Counts from now at the processor clock, with the wrap interrupt on.
/// @return false, SysTick off again, when it never reloads: SysTick is
///         optional on ARMv6-M, and a core without one reads 0 forever.
inline bool start() {
  registers().csr = 0;
  registers().rvr = kReload;
  registers().cvr = 0;  // any write clears it: the count starts at kReload
  registers().csr = 0b111;  // CLKSOURCE = processor clock, TICKINT, ENABLE
  // Until the first reload, CVR still shows the old count (0 after the
  // write above; QEMU's mps3-an547 was seen counting 1, 0 first). Start
  // from a freshly reloaded period so that no early wrap is miscounted.
  // The reload comes within a few clock ticks; the bound only keeps a
  // missing SysTick from hanging init().
  constexpr std::uint32_t kSpinLimit = 1u << 20;
  std::uint32_t spins = 0;
  while (registers().cvr <= kReload / 2) {
    if (++spins == kSpinLimit) {
      registers().csr = 0;
      return false;
    }
  }
  wraps = 0;
  return true;
}

/// Ticks since start().
inline std::uint64_t ticks() {
  std::uint32_t hi, cvr;
  bool pending;
  do {  // re-read if the wrap interrupt ran in between
    hi = wraps;
    cvr = registers().cvr;
    pending = (icsr() & kPendStSet) != 0;
  } while (hi != wraps);
  // The wrap exception is raised when the counter reaches 0, one tick
  // before it reloads: 0 is the first value of the next period. So the
  // phase within a period is (0 - cvr) mod 2^24, and a wrap that has
  // happened but whose exception has not run yet (interrupts masked) is
  // counted here when cvr shows it: 0 or a freshly reloaded high value.
  const std::uint32_t phase = (0u - cvr) & kReload;
  if (pending && (cvr == 0 || cvr > kReload / 2)) ++hi;
  return (std::uint64_t{hi} << 24) + phase;
}

}  // namespace tact::port::systick
