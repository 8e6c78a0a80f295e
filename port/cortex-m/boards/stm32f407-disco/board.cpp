// STM32F4DISCOVERY: 168 MHz from the 8 MHz HSE crystal through the main PLL
// (RM0090 section 6), flash wait states, and semihosting only when a
// debugger is attached.
#include <cstdint>

#include "board.hpp"
#include "registers.hpp"

extern "C" const void* const tact_vector_table;

namespace {

using tact::port::reg;
using tact::port::wait_for;

constexpr std::uint32_t RCC = 0x40023800u;
constexpr std::uint32_t RCC_CR = RCC + 0x00, RCC_PLLCFGR = RCC + 0x04, RCC_CFGR = RCC + 0x08,
                        RCC_APB1ENR = RCC + 0x40;
constexpr std::uint32_t FLASH_ACR = 0x40023C00u;
constexpr std::uint32_t PWR_CR = 0x40007000u;
constexpr std::uint32_t SCB_VTOR = 0xE000ED08u, DHCSR = 0xE000EDF0u;

std::uint32_t clock_hz = 16000000u;  // HSI after reset

}  // namespace

namespace tact::port::board {

void init() {
  // The vector table is linked at 0x08000000; the core booted through the
  // alias at 0x0. Point VTOR at the real address.
  reg(SCB_VTOR) = reinterpret_cast<std::uint32_t>(tact_vector_table);

  reg(RCC_CR) |= 1u << 16;                        // HSEON
  if (!wait_for(RCC_CR, 1u << 17, 1u << 17)) return;  // HSERDY; no crystal: stay on HSI 16 MHz

  reg(RCC_APB1ENR) |= 1u << 28;                   // PWREN
  reg(PWR_CR) |= 1u << 14;                        // VOS = scale 1, needed above 144 MHz

  // 8 MHz / M=8 = 1 MHz VCO input; * N=336 = 336 MHz; / P=2 = 168 MHz SYSCLK;
  // / Q=7 = 48 MHz for USB.
  reg(RCC_PLLCFGR) = (8u << 0) | (336u << 6) | (0u << 16) | (1u << 22) | (7u << 24);
  reg(RCC_CR) |= 1u << 24;                        // PLLON
  if (!wait_for(RCC_CR, 1u << 25, 1u << 25)) return;  // PLLRDY

  // 168 MHz at 3.3 V needs 5 wait states; prefetch and both caches on.
  reg(FLASH_ACR) = 5u | (1u << 8) | (1u << 9) | (1u << 10);
  // AHB /1 = 168 MHz, APB1 /4 = 42 MHz (max 42), APB2 /2 = 84 MHz (max 84).
  reg(RCC_CFGR) = (reg(RCC_CFGR) & ~0xFCF3u) | (0b101u << 10) | (0b100u << 13);
  reg(RCC_CFGR) = (reg(RCC_CFGR) & ~0x3u) | 0x2u;  // SW = PLL
  while ((reg(RCC_CFGR) & 0xCu) != 0x8u) {}        // SWS = PLL
  clock_hz = 168000000u;
}

std::uint32_t core_clock_hz() { return clock_hz; }

// C_DEBUGEN: a debugger (OpenOCD) is attached. Without one, BKPT 0xAB would
// escalate to a HardFault.
bool semihosting_available() { return (reg(DHCSR) & 1u) != 0; }

}  // namespace tact::port::board
