// Instruction counter for QEMU machines.
//
// QEMU has no cycle model and no DWT. With `-icount shift=0` (always passed
// by qemu-run.sh) the virtual clock advances exactly 1 ns per executed guest
// instruction, and every timer is driven by that clock. SysTick clocked
// from the processor clock (TACT_BOARD_CLOCK_HZ) therefore ticks once per
// 1e9/TACT_BOARD_CLOCK_HZ instructions; counter_read() converts ticks back to
// instructions. See README.md for what is counted and its granularity.
#include <cstdint>

#include "board.hpp"
#include "tact/port.hpp"

namespace {

struct SysTick {
  volatile std::uint32_t csr, rvr, cvr, calib;
};
SysTick& systick() { return *reinterpret_cast<SysTick*>(0xE000E010u); }

constexpr std::uint32_t kReload = 0x00FFFFFFu;  // 24-bit down-counter
volatile std::uint32_t wraps = 0;               // SysTick exceptions so far

constexpr std::uint64_t gcd(std::uint64_t a, std::uint64_t b) { return b == 0 ? a : gcd(b, a % b); }
// instructions per tick = 1e9 / clock, kept as an exact fraction.
constexpr std::uint64_t kNum = 1000000000u / gcd(1000000000u, TACT_BOARD_CLOCK_HZ);
constexpr std::uint64_t kDen = TACT_BOARD_CLOCK_HZ / gcd(1000000000u, TACT_BOARD_CLOCK_HZ);

}  // namespace

extern "C" void SysTick_Handler() { wraps = wraps + 1; }

namespace tact::port {

void detail::counter_start() {
  systick().csr = 0;
  systick().rvr = kReload;
  systick().cvr = 0;  // any write clears it: the count starts at kReload
  systick().csr = 0b111;  // CLKSOURCE = processor clock, TICKINT, ENABLE
}

CounterKind counter_kind() { return CounterKind::Instructions; }

std::uint64_t counter_read() {
  std::uint32_t hi, cvr;
  do {  // re-read if the wrap interrupt ran in between
    hi = wraps;
    cvr = systick().cvr;
  } while (hi != wraps);
  const std::uint64_t ticks = (std::uint64_t{hi} << 24) + (kReload - cvr);
  return ticks * kNum / kDen;
}

std::uint64_t counter_rate_hz() { return 0; }  // instructions are not time

const char* counter_unit() { return "instructions"; }

}  // namespace tact::port
