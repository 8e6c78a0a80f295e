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

constexpr std::uint32_t kHsiOn = 1u << 0, kHsiReady = 1u << 1, kHseOn = 1u << 16, kHseReady = 1u << 17,
                        kPllOn = 1u << 24, kPllReady = 1u << 25;  // RCC_CR
constexpr std::uint32_t kSwPll = 0b10u, kSwsMask = 0b11u << 2, kSwsPll = 0b10u << 2;  // RCC_CFGR

/// SYSCLK on HSI (SW = 0, AHB and APB undivided) and the PLL off.
/// @return false if that did not happen in time.
bool run_on_hsi() {
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

  // A debugger's reset-init script (OpenOCD's stm32f4x.cfg runs the PLL at
  // 64 MHz) or a boot loader may have left the core on the PLL: back to HSI
  // and the PLL off, as PLLCFGR may only be written while the PLL is off
  // (RM0090, RCC_PLLCFGR).
  if (!run_on_hsi()) return;

  reg(RCC_CR) |= kHseOn;
  if (!wait_for(RCC_CR, kHseReady, kHseReady)) return;  // no crystal: stay on HSI 16 MHz

  reg(RCC_APB1ENR) |= 1u << 28;                   // PWREN
  reg(PWR_CR) |= 1u << 14;                        // VOS = scale 1, needed above 144 MHz

  // 168 MHz at 3.3 V needs 5 wait states; prefetch and both caches on. Set
  // before the clock goes up, and read back as RM0090 asks.
  reg(FLASH_ACR) = 5u | (1u << 8) | (1u << 9) | (1u << 10);
  if (!wait_for(FLASH_ACR, 0x7u, 5u)) return;

  // HSE 8 MHz / M=8 = 1 MHz VCO input; * N=336 = 336 MHz; / P=2 = 168 MHz
  // SYSCLK; / Q=7 = 48 MHz for USB.
  reg(RCC_PLLCFGR) = (8u << 0)      // PLLM
                     | (336u << 6)  // PLLN
                     | (0u << 16)   // PLLP = P/2 - 1
                     | (1u << 22)   // PLLSRC = HSE
                     | (7u << 24);  // PLLQ
  reg(RCC_CR) |= kPllOn;
  const bool locked = wait_for(RCC_CR, kPllReady, kPllReady);
  if (locked) {
    // AHB /1 = 168 MHz, APB1 /4 = 42 MHz (max 42), APB2 /2 = 84 MHz (max 84),
    // set while still on HSI; then the switch.
    reg(RCC_CFGR) = (0b101u << 10) | (0b100u << 13);
    reg(RCC_CFGR) |= kSwPll;
  }
  if (!locked || !wait_for(RCC_CFGR, kSwsMask, kSwsPll)) {
    run_on_hsi();  // the PLL did not lock or the switch did not happen: stay at 16 MHz
    return;
  }
  clock_hz = 168000000u;
}

std::uint32_t core_clock_hz() { return clock_hz; }

// C_DEBUGEN: a debugger (OpenOCD) is attached. Without one, BKPT 0xAB would
// escalate to a HardFault.
bool semihosting_available() { return (reg(DHCSR) & 1u) != 0; }

}  // namespace tact::port::board
