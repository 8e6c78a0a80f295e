// Cycle counter for real silicon without a DWT cycle counter (ARMv6-M:
// Cortex-M0/M0+): SysTick at the processor clock, so one tick is one core
// cycle. Its wrap interrupt (every 2^24 cycles, 262 ms at 64 MHz) runs
// inside measured regions too: a measurement that spans a wrap includes the
// handler's few dozen cycles.
#include <cstdint>

#include "board.hpp"
#include "systick.hpp"
#include "tact/port.hpp"

extern "C" void SysTick_Handler() { tact::port::systick::count_wrap(); }

namespace tact::port {

void detail::counter_start() { systick::start(); }

CounterKind counter_kind() { return CounterKind::Cycles; }

std::uint64_t counter_read() { return systick::ticks(); }

std::uint64_t counter_rate_hz() { return board::core_clock_hz(); }

const char* counter_unit() { return "cycles"; }

}  // namespace tact::port
