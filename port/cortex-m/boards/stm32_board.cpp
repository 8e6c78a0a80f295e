// The board interface (board.hpp) of the STM32 boards, from what each
// board's board.cpp defines (stm32.hpp: start_clocks, start_console,
// clock_hz, console). Listed in those boards' TACT_BOARD_SOURCES.
#include <cstdint>

#include "board.hpp"
#include "boards/stm32.hpp"
#include "registers.hpp"
#include "semihosting.hpp"
#include "uart_console.hpp"

namespace {

constexpr std::uint32_t SCB_VTOR = 0xE000ED08u;

bool host = false;

}  // namespace

namespace tact::port::board {

void init() {
  // The vector table is linked at 0x08000000; the core booted through the
  // alias at 0x0. Point VTOR at the real address.
  reg(SCB_VTOR) = reinterpret_cast<std::uint32_t>(tact_vector_table);
  host = semihosting::host_answers();  // before anything can fail
  stm32::start_clocks();
  stm32::start_console();
}

void console_write(const char* text, std::uint32_t len) { stm32::console.write(text, len); }
void console_flush() { stm32::console.flush(); }

std::uint32_t core_clock_hz() { return stm32::clock_hz; }

// Probed rather than read from DHCSR.C_DEBUGEN: the M0+ cannot read it; on
// the M4 the probe is the same on the board (an unanswered call escalates
// to a HardFault, which steps over it) and on QEMU's STM32F405 stand-in,
// whose DHCSR reads 0 while QEMU answers.
bool semihosting_available() { return host; }

}  // namespace tact::port::board
