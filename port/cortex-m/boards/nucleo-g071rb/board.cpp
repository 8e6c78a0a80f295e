// NUCLEO-G071RB: 64 MHz from HSI16 through the PLL (RM0444 section 5), two
// flash wait states, and semihosting only when a debugger answers (the
// Cortex-M0+ cannot read DHCSR.C_DEBUGEN: semihosting::host_answers probes).
#include <cstdint>

#include "board.hpp"
#include "semihosting.hpp"

extern "C" const void* const tact_vector_table;

namespace {

volatile std::uint32_t& reg(std::uint32_t address) { return *reinterpret_cast<volatile std::uint32_t*>(address); }

constexpr std::uint32_t RCC = 0x40021000u;
constexpr std::uint32_t RCC_CR = RCC + 0x00, RCC_CFGR = RCC + 0x08, RCC_PLLCFGR = RCC + 0x0C;
constexpr std::uint32_t FLASH_ACR = 0x40022000u;
constexpr std::uint32_t SCB_VTOR = 0xE000ED08u;

std::uint32_t clock_hz = 16000000u;  // HSI16 after reset
bool host = false;

bool wait_for(std::uint32_t address, std::uint32_t mask, std::uint32_t value) {
  for (std::uint32_t i = 0; i < 1000000u; ++i)
    if ((reg(address) & mask) == value) return true;
  return false;
}

}  // namespace

namespace tact::port::board {

void init() {
  // The vector table is linked at 0x08000000; the core booted through the
  // alias at 0x0. Point VTOR at the real address.
  reg(SCB_VTOR) = reinterpret_cast<std::uint32_t>(tact_vector_table);
  host = semihosting::host_answers();  // before anything can fail

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
  reg(RCC_CR) |= 1u << 24;                            // PLLON
  if (!wait_for(RCC_CR, 1u << 25, 1u << 25)) return;  // PLLRDY; else stay on HSI16
  reg(RCC_CFGR) = (reg(RCC_CFGR) & ~0x7u) | 0b010u;   // SW = PLLRCLK (AHB and APB /1)
  if (!wait_for(RCC_CFGR, 0x7u << 3, 0b010u << 3)) return;  // SWS = PLLRCLK
  clock_hz = 64000000u;
}

std::uint32_t core_clock_hz() { return clock_hz; }

bool semihosting_available() { return host; }

}  // namespace tact::port::board
