// What the STM32 boards share (port-internal): leaving the PLL for the
// internal HSI oscillator, giving a pin to a peripheral, and the board
// interface (stm32_board.cpp) from what each board's board.cpp defines.
#pragma once

#include <cstdint>

#include "registers.hpp"
#include "uart_console.hpp"

namespace tact::port::stm32 {

// Defined by each STM32 board's board.cpp, for stm32_board.cpp.
void start_clocks();            ///< SYSCLK up (left on the HSI if that fails)
void start_console();           ///< the serial console, once the clocks run
extern std::uint32_t clock_hz;  ///< the core clock: the HSI's until start_clocks
extern UartConsole console;     ///< the serial console

/// The RCC registers and bits that switch SYSCLK, on one family.
struct ClockSwitch {
  std::uint32_t cr, cfgr;                              ///< RCC_CR, RCC_CFGR addresses
  std::uint32_t hsi_on, hsi_ready, pll_on, pll_ready;  ///< RCC_CR bits
  std::uint32_t sw_mask, sws_mask;                     ///< RCC_CFGR fields
};

/// SYSCLK on the HSI (SW = 0, AHB and APB undivided) and the PLL off: where
/// a board starts, as a debugger's reset-init script (OpenOCD's) or a boot
/// loader may have left the core on the PLL, and PLLCFGR may only be
/// written while the PLL is off.
/// @return false if that did not happen in time.
inline bool run_on_hsi(const ClockSwitch& rcc) {
  reg(rcc.cr) |= rcc.hsi_on;
  if (!wait_for(rcc.cr, rcc.hsi_ready, rcc.hsi_ready)) return false;
  // SW = HSI first, the prescalers only after the switch: at /1 on the
  // PLL a bus could exceed its limit.
  reg(rcc.cfgr) &= ~rcc.sw_mask;
  if (!wait_for(rcc.cfgr, rcc.sws_mask, 0u)) return false;
  reg(rcc.cfgr) = 0;
  reg(rcc.cr) &= ~rcc.pll_on;
  return wait_for(rcc.cr, rcc.pll_ready, 0u);
}

/// Gives pin 0-7 (AFRL; pins 8-15 would need AFRH) of a GPIO port (its
/// base address) to alternate function af, on the families with AFR
/// registers (F2 and later, G0; not the F1).
template <unsigned pin, unsigned af>
inline void pin_to_alternate_function(std::uint32_t gpio) {
  static_assert(pin < 8 && af < 16, "a pin of AFRL and a 4-bit alternate function");
  reg(gpio + 0x20) = (reg(gpio + 0x20) & ~(0xFu << (4 * pin))) | (af << (4 * pin));  // AFRL first: no glitch
  reg(gpio + 0x00) = (reg(gpio + 0x00) & ~(0x3u << (2 * pin))) | (0x2u << (2 * pin));  // MODER = alternate
}

}  // namespace tact::port::stm32
