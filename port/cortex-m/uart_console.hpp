// A transmit-only serial console on a real board's STM32 USART
// (port-internal): without a debugger, the only way to see a firmware's
// output (the NUCLEO's ST-LINK passes its USART2 to the host as a virtual
// COM port).
#pragma once

#include <cstdint>

#include "registers.hpp"

namespace tact::port {

/// Polled writes: each byte waits until the transmit data register is
/// empty. A UART that stops answering (its clock off, a wrong address) is
/// given up at the first wait that times out, so output never hangs a
/// firmware. '\n' goes out as "\r\n", as serial terminals expect.
class UartConsole {
 public:
  static constexpr std::uint32_t kBaud = 115200u;

  /// One USART's register addresses (its layout differs between families).
  struct Registers {
    std::uint32_t control, baud_rate, status, data;  ///< CR1, BRR, SR or ISR, DR or TDR
  };

  /// The status bits "transmit data empty" and "transmission complete".
  constexpr UartConsole(Registers registers, std::uint32_t tx_empty, std::uint32_t tx_complete)
      : registers_(registers), tx_empty_(tx_empty), tx_complete_(tx_complete) {}

  /// Transmits at kBaud, 8N1, from a USART clock of clock_hz, once the
  /// board has enabled that clock and given the TX pin to the USART;
  /// writes before are dropped. enable: the family's UE and TE bits in CR1.
  void start(std::uint32_t clock_hz, std::uint32_t enable) {
    reg(registers_.control) = 0;  // BRR is writable only while disabled (a boot loader may have left it on)
    reg(registers_.baud_rate) = (clock_hz + kBaud / 2) / kBaud;  // 16x oversampling: f / baud on every STM32
    reg(registers_.control) = enable;
    alive_ = true;
  }

  void write(const char* text, std::uint32_t len) {
    for (std::uint32_t i = 0; i < len; ++i) {
      if (text[i] == '\n') put('\r');
      put(text[i]);
    }
  }

  /// Waits until the last byte has left the shift register (before the core stops).
  void flush() const {
    if (alive_) wait_for(registers_.status, tx_complete_, tx_complete_);
  }

 private:
  void put(char c) {
    if (!alive_) return;
    if (!wait_for(registers_.status, tx_empty_, tx_empty_)) {
      alive_ = false;
      return;
    }
    reg(registers_.data) = static_cast<std::uint8_t>(c);
  }

  Registers registers_;
  std::uint32_t tx_empty_, tx_complete_;
  bool alive_ = false;
};

}  // namespace tact::port
