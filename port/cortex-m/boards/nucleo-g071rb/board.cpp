// NUCLEO-G071RB: 64 MHz from HSI16 through the PLL (RM0444 section 5), two
// flash wait states, and semihosting only when a debugger answers (the
// Cortex-M0+ cannot read DHCSR.C_DEBUGEN: semihosting::host_answers probes).
#include <cstdint>

#include "board.hpp"
#include "registers.hpp"
#include "semihosting.hpp"

extern "C" const void* const tact_vector_table;

namespace {

using tact::port::reg;
using tact::port::wait_for;

constexpr std::uint32_t RCC = 0x40021000u;
constexpr std::uint32_t RCC_CR = RCC + 0x00, RCC_CFGR = RCC + 0x08, RCC_PLLCFGR = RCC + 0x0C;
constexpr std::uint32_t FLASH_ACR = 0x40022000u;
constexpr std::uint32_t SCB_VTOR = 0xE000ED08u;

std::uint32_t clock_hz = 16000000u;  // HSI16 after reset
bool host = false;

constexpr std::uint32_t kHsiOn = 1u << 8, kHsiReady = 1u << 10, kPllOn = 1u << 24, kPllReady = 1u << 25;  // RCC_CR
constexpr std::uint32_t kSwPll = 0b010u, kSwsMask = 0x7u << 3, kSwsPll = 0b010u << 3;  // RCC_CFGR

/// SYSCLK on HSI16 (SW = 0, AHB and APB undivided) and the PLL off.
/// @return false if that did not happen in time.
bool run_on_hsi16() {
  reg(RCC_CR) |= kHsiOn;
  if (!wait_for(RCC_CR, kHsiReady, kHsiReady)) return false;
  reg(RCC_CFGR) = 0;
  if (!wait_for(RCC_CFGR, kSwsMask, 0u)) return false;
  reg(RCC_CR) &= ~kPllOn;
  return wait_for(RCC_CR, kPllReady, 0u);
}

}  // namespace

namespace tact::port::board {

void init() {
  // The vector table is linked at 0x08000000; the core booted through the
  // alias at 0x0. Point VTOR at the real address.
  reg(SCB_VTOR) = reinterpret_cast<std::uint32_t>(tact_vector_table);
  host = semihosting::host_answers();  // before anything can fail

  // A debugger's reset-init script or a boot loader may have left the core
  // on the PLL: back to HSI16 and the PLL off, as PLLCFGR may only be
  // written while the PLL is off (RM0444, RCC_PLLCFGR).
  if (!run_on_hsi16()) return;

  // 64 MHz needs two wait states (voltage range 1, the reset default);
  // prefetch and instruction cache on. Set before the clock goes up.
  reg(FLASH_ACR) = (reg(FLASH_ACR) & ~0x7u) | 2u | (1u << 8) | (1u << 9);
  if (!wait_for(FLASH_ACR, 0x7u, 2u)) return;

  // HSI16 / M=1 = 16 MHz; * N=8 = 128 MHz VCO; / R=2 = 64 MHz PLLRCLK.
  reg(RCC_PLLCFGR) = (0b10u << 0)      // PLLSRC = HSI16
                     | (0u << 4)       // PLLM = M - 1
                     | (8u << 8)       // PLLN
                     | (1u << 28)      // PLLREN: R output on
                     | (1u << 29);     // PLLR = R - 1
  reg(RCC_CR) |= kPllOn;
  const bool locked = wait_for(RCC_CR, kPllReady, kPllReady);
  if (locked) reg(RCC_CFGR) = kSwPll;  // AHB and APB stay undivided
  if (!locked || !wait_for(RCC_CFGR, kSwsMask, kSwsPll)) {
    run_on_hsi16();  // the PLL did not lock or the switch did not happen: stay at 16 MHz
    return;
  }
  clock_hz = 64000000u;
}

std::uint32_t core_clock_hz() { return clock_hz; }

bool semihosting_available() { return host; }

}  // namespace tact::port::board
