// Cycle counter for real Cortex-M3/M4/M7/M33/M55 silicon: DWT CYCCNT.
// (QEMU does not implement the DWT; the QEMU boards use
// counter_qemu_icount.cpp instead.)
#include <cstdint>

#include "board.hpp"
#include "registers.hpp"
#include "tact/port.hpp"

namespace {

using tact::port::reg;
constexpr std::uint32_t DEMCR = 0xE000EDFCu, DWT_CTRL = 0xE0001000u, DWT_CYCCNT = 0xE0001004u;
constexpr std::uint32_t CPUID = 0xE000ED00u, DWT_LAR = 0xE0001FB0u;
constexpr std::uint32_t kCortexM7PartNumber = 0xC27u;  // CPUID bits 15:4
constexpr std::uint32_t kLockAccessKey = 0xC5ACCE55u;   // CoreSight software unlock

std::uint32_t last_low = 0, high = 0;  // software extension to 64 bits
bool counting = false;                   // CYCCNT exists (DWT_CTRL.NOCYCCNT clear)
constexpr std::uint32_t kNoCycleCounter = 1u << 25;  // DWT_CTRL.NOCYCCNT

}  // namespace

// Not used by this counter; the vector table still names it.
extern "C" void SysTick_Handler() {}

namespace tact::port {

void detail::counter_start() {
  reg(DEMCR) |= 1u << 24;  // TRCENA: power the DWT
  // The Cortex-M7's DWT keeps its CoreSight software lock after reset: until
  // it is unlocked, writes to DWT_CTRL are ignored and CYCCNT stays 0
  // (reported on STM32F7 and H7; no M7 board here to check it on). Other
  // cores have no such lock (ARMv8-M) or do not need it.
  if (((reg(CPUID) >> 4) & 0xFFFu) == kCortexM7PartNumber) reg(DWT_LAR) = kLockAccessKey;
  // A DWT may be built without CYCCNT (an implementation option): then
  // the counter is None, not cycles that always read 0.
  counting = (reg(DWT_CTRL) & kNoCycleCounter) == 0;
  if (!counting) return;
  reg(DWT_CYCCNT) = 0;
  reg(DWT_CTRL) |= 1u;     // CYCCNTENA
}

CounterKind counter_kind() { return counting ? CounterKind::Cycles : CounterKind::None; }

// CYCCNT is 32 bits (wraps after 25 s at 168 MHz); the upper half is kept in
// software, so reads (from any context) must be less than one wrap period
// apart. The extension's update runs with interrupts masked: a read from an
// interrupt handler (a servo tick's solve) between a thread's two updates
// would otherwise count a wrap twice.
std::uint64_t counter_read() {
  if (!counting) return 0;
  std::uint32_t primask;
  asm volatile("mrs %0, primask\n cpsid i" : "=r"(primask) : : "memory");
  const std::uint32_t low = reg(DWT_CYCCNT);
  if (low < last_low) ++high;
  last_low = low;
  const std::uint32_t upper = high;
  asm volatile("msr primask, %0" : : "r"(primask) : "memory");
  return (std::uint64_t{upper} << 32) | low;
}

std::uint64_t counter_rate_hz() { return board::core_clock_hz(); }

const char* counter_unit() { return "cycles"; }

}  // namespace tact::port
