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
volatile std::uint32_t& icsr() { return *reinterpret_cast<volatile std::uint32_t*>(0xE000ED04u); }
constexpr std::uint32_t kPendStSet = 1u << 26;  // SCB->ICSR: SysTick exception pending

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
  // Until the first reload, CVR still shows the old count (0 after the
  // write above; QEMU's mps3-an547 was seen counting 1, 0 first). Start
  // from a freshly reloaded period so that no early wrap is miscounted.
  while (systick().cvr <= kReload / 2) {
  }
  wraps = 0;
}

CounterKind counter_kind() { return CounterKind::Instructions; }

std::uint64_t counter_read() {
  std::uint32_t hi, cvr;
  bool pending;
  do {  // re-read if the wrap interrupt ran in between
    hi = wraps;
    cvr = systick().cvr;
    pending = (icsr() & kPendStSet) != 0;
  } while (hi != wraps);
  // The wrap exception is raised when the counter reaches 0, one tick
  // before it reloads: 0 is the first value of the next period. So the
  // phase within a period is (0 - cvr) mod 2^24, and a wrap that has
  // happened but whose exception has not run yet (interrupts masked) is
  // counted here when cvr shows it: 0 or a freshly reloaded high value.
  const std::uint32_t phase = (0u - cvr) & kReload;
  if (pending && (cvr == 0 || cvr > kReload / 2)) ++hi;
  const std::uint64_t ticks = (std::uint64_t{hi} << 24) + phase;
  return ticks * kNum / kDen;
}

std::uint64_t counter_rate_hz() { return 0; }  // instructions are not time

const char* counter_unit() { return "instructions"; }

}  // namespace tact::port
