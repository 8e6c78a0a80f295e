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

namespace {
bool counting = false;  // SysTick started (a core may have none)
}  // namespace

void detail::counter_start() { counting = systick::start(); }

CounterKind counter_kind() { return counting ? CounterKind::Cycles : CounterKind::None; }

std::uint64_t counter_read() { return counting ? systick::ticks() : 0; }

std::uint64_t counter_rate_hz() { return board::core_clock_hz(); }

const char* counter_unit() { return "cycles"; }

}  // namespace tact::port
