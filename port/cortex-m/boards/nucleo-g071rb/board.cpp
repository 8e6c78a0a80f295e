// NUCLEO-G071RB: 64 MHz from HSI16 through the PLL (RM0444 section 5), two
// flash wait states, a serial console on USART2 (TX on PA2, 115200 8N1: the
// ST-LINK's virtual COM port) and semihosting only when a debugger answers
// (the Cortex-M0+ cannot read DHCSR.C_DEBUGEN: semihosting::host_answers
// probes).
#include <cstdint>

#include "boards/stm32.hpp"
#include "registers.hpp"
#include "uart_console.hpp"

namespace {

using tact::port::reg;
using tact::port::wait_for;
namespace stm32 = tact::port::stm32;

constexpr std::uint32_t RCC = 0x40021000u;
constexpr std::uint32_t RCC_CR = RCC + 0x00, RCC_CFGR = RCC + 0x08, RCC_PLLCFGR = RCC + 0x0C,
                        RCC_IOPENR = RCC + 0x34, RCC_APBENR1 = RCC + 0x3C;
constexpr std::uint32_t FLASH_ACR = 0x40022000u;

constexpr std::uint32_t GPIOA = 0x50000000u;
constexpr std::uint32_t USART2 = 0x40004400u;
constexpr std::uint32_t USART2_CR1 = USART2 + 0x00, USART2_BRR = USART2 + 0x0C, USART2_ISR = USART2 + 0x1C,
                        USART2_TDR = USART2 + 0x28;

constexpr std::uint32_t kHsiOn = 1u << 8, kHsiReady = 1u << 10, kPllOn = 1u << 24, kPllReady = 1u << 25;  // RCC_CR
constexpr std::uint32_t kSwMask = 0x7u, kSwPll = 0b010u, kSwsMask = 0x7u << 3, kSwsPll = 0b010u << 3;  // RCC_CFGR

constexpr stm32::ClockSwitch kClockSwitch{RCC_CR, RCC_CFGR, kHsiOn, kHsiReady, kPllOn, kPllReady, kSwMask, kSwsMask};

}  // namespace

namespace tact::port::stm32 {

std::uint32_t clock_hz = 16000000u;  // HSI16 after reset; AHB and APB undivided, so USART2's clock too
UartConsole console{{USART2_CR1, USART2_BRR, USART2_ISR, USART2_TDR}, 1u << 7, 1u << 6};  // TXE (FIFO off), TC

/// 64 MHz from HSI16 through the PLL, or 16 MHz HSI16 if that fails.
void start_clocks() {
  // Back to HSI16 first: a debugger or a boot loader may have left the PLL on.
  if (!stm32::run_on_hsi(kClockSwitch)) return;
  // HSISYS = HSI16 / HSIDIV (RCC_CR bits 13:11): undivided, the reset value
  // a boot loader may have changed, so that the fallback below runs at the
  // 16 MHz clock_hz says.
  reg(RCC_CR) &= ~(0x7u << 11);

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
    stm32::run_on_hsi(kClockSwitch);  // the PLL did not lock or the switch did not happen: stay at 16 MHz
    return;
  }
  clock_hz = 64000000u;
}

/// USART2: TX on PA2 (AF1), 115200 baud from PCLK (USART2SEL reset value),
/// 8N1, 16x oversampling, FIFO off.
void start_console() {
  reg(RCC_IOPENR) |= 1u << 0;    // GPIOAEN
  reg(RCC_APBENR1) |= 1u << 17;  // USART2EN
  tact::port::wait_for_clock_enable();
  stm32::pin_to_alternate_function<2, 1>(GPIOA);
  console.start(clock_hz, (1u << 3) | (1u << 0));  // TE, UE
}

}  // namespace tact::port::stm32
