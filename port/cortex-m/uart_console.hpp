// A transmit-only serial console on a real board's UART (port-internal):
// without a debugger, the only way to see a firmware's output (the
// NUCLEO's ST-LINK passes its USART2 to the host as a virtual COM port).
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
  /// Register addresses and the status bits "transmit data empty" and
  /// "transmission complete" of one UART.
  constexpr UartConsole(std::uint32_t status, std::uint32_t data, std::uint32_t tx_empty, std::uint32_t tx_complete)
      : status_(status), data_(data), tx_empty_(tx_empty), tx_complete_(tx_complete) {}

  /// Call once the board has configured the UART; writes before are dropped.
  void start() { alive_ = true; }

  void write(const char* text, std::uint32_t len) {
    for (std::uint32_t i = 0; i < len; ++i) {
      if (text[i] == '\n') put('\r');
      put(text[i]);
    }
  }

  /// Waits until the last byte has left the shift register (before the core stops).
  void flush() const {
    if (alive_) wait_for(status_, tx_complete_, tx_complete_);
  }

 private:
  void put(char c) {
    if (!alive_) return;
    if (!wait_for(status_, tx_empty_, tx_empty_)) {
      alive_ = false;
      return;
    }
    reg(data_) = static_cast<std::uint8_t>(c);
  }

  std::uint32_t status_, data_, tx_empty_, tx_complete_;
  bool alive_ = false;
};

}  // namespace tact::port
