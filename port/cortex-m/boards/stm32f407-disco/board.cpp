// STM32F4DISCOVERY: 168 MHz from the 8 MHz HSE crystal through the main PLL
// (RM0090 section 6), flash wait states, a serial console on USART2 (TX on
// PA2, 115200 8N1) and semihosting only when a debugger answers it
// (semihosting::host_answers probes, as on the NUCLEO).
#include <cstdint>

#include "boards/stm32.hpp"
#include "registers.hpp"
#include "uart_console.hpp"

namespace {

using tact::port::reg;
using tact::port::wait_for;
namespace stm32 = tact::port::stm32;

constexpr std::uint32_t RCC = 0x40023800u;
constexpr std::uint32_t RCC_CR = RCC + 0x00, RCC_PLLCFGR = RCC + 0x04, RCC_CFGR = RCC + 0x08,
                        RCC_AHB1ENR = RCC + 0x30, RCC_APB1ENR = RCC + 0x40;
constexpr std::uint32_t FLASH_ACR = 0x40023C00u;
constexpr std::uint32_t PWR_CR = 0x40007000u;

constexpr std::uint32_t GPIOA = 0x40020000u;
constexpr std::uint32_t USART2 = 0x40004400u;
constexpr std::uint32_t USART2_SR = USART2 + 0x00, USART2_DR = USART2 + 0x04, USART2_BRR = USART2 + 0x08,
                        USART2_CR1 = USART2 + 0x0C;

std::uint32_t apb1_hz = 16000000u;  // USART2's clock: APB1's, the HSI's until start_clocks

constexpr std::uint32_t kHsiOn = 1u << 0, kHsiReady = 1u << 1, kHseOn = 1u << 16, kHseReady = 1u << 17,
                        kPllOn = 1u << 24, kPllReady = 1u << 25;  // RCC_CR
constexpr std::uint32_t kSwMask = 0b11u, kSwPll = 0b10u, kSwsMask = 0b11u << 2, kSwsPll = 0b10u << 2;  // RCC_CFGR

constexpr stm32::ClockSwitch kClockSwitch{RCC_CR, RCC_CFGR, kHsiOn, kHsiReady, kPllOn, kPllReady, kSwMask, kSwsMask};

}  // namespace

namespace tact::port::stm32 {

std::uint32_t clock_hz = 16000000u;  // HSI after reset
UartConsole console{{USART2_CR1, USART2_BRR, USART2_SR, USART2_DR}, 1u << 7, 1u << 6};  // TXE, TC

/// 168 MHz from the HSE through the PLL, or 16 MHz HSI if that fails.
void start_clocks() {
  // Back to HSI first: OpenOCD's reset init (stm32f4x.cfg) leaves the PLL at 64 MHz.
  if (!stm32::run_on_hsi(kClockSwitch)) return;

  reg(RCC_CR) |= kHseOn;
  if (!wait_for(RCC_CR, kHseReady, kHseReady)) return;  // no crystal: stay on HSI 16 MHz

  reg(RCC_APB1ENR) |= 1u << 28;  // PWREN
  tact::port::wait_for_clock_enable();
  reg(PWR_CR) |= 1u << 14;       // VOS = scale 1, needed above 144 MHz

  // 168 MHz at 3.3 V needs 5 wait states; prefetch and both caches on. Set
  // before the clock goes up, and read back as RM0090 asks.
  reg(FLASH_ACR) = 5u | (1u << 8) | (1u << 9) | (1u << 10);
  if (!wait_for(FLASH_ACR, 0x7u, 5u)) return;

  // HSE 8 MHz / M=4 = 2 MHz VCO input (RM0090 recommends 2 MHz: least
  // jitter); * N=168 = 336 MHz; / P=2 = 168 MHz SYSCLK; / Q=7 = 48 MHz for USB.
  reg(RCC_PLLCFGR) = (4u << 0)      // PLLM
                     | (168u << 6)  // PLLN
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
    stm32::run_on_hsi(kClockSwitch);  // the PLL did not lock or the switch did not happen: stay at 16 MHz
    return;
  }
  clock_hz = 168000000u;
  apb1_hz = 42000000u;
}

/// USART2: TX on PA2 (AF7), 115200 baud from APB1, 8N1, 16x oversampling.
void start_console() {
  reg(RCC_AHB1ENR) |= 1u << 0;   // GPIOAEN
  reg(RCC_APB1ENR) |= 1u << 17;  // USART2EN
  tact::port::wait_for_clock_enable();
  stm32::pin_to_alternate_function<2, 7>(GPIOA);
  console.start(apb1_hz, (1u << 13) | (1u << 3));  // UE, TE
}

}  // namespace tact::port::stm32
