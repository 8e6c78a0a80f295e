// Memory-mapped register access for the Cortex-M port's boards and counters
// (port-internal).
#pragma once

#include <cstdint>

namespace tact::port {

inline volatile std::uint32_t& reg(std::uint32_t address) {
  return *reinterpret_cast<volatile std::uint32_t*>(address);
}

/// After enabling a peripheral's clock in an STM32's RCC: the first access
/// to the peripheral must wait for the enable to take effect (errata
/// "delay after an RCC peripheral clock enabling", e.g. ES0182 for the
/// F40x, whose read-back workaround is reported not to suffice there).
inline void wait_for_clock_enable() { asm volatile("dsb" ::: "memory"); }

/// Polls until (register & mask) == value, for at most a million reads.
/// @return false on timeout (a clock that does not start, for example).
inline bool wait_for(std::uint32_t address, std::uint32_t mask, std::uint32_t value) {
  for (std::uint32_t i = 0; i < 1000000u; ++i)
    if ((reg(address) & mask) == value) return true;
  return false;
}

}  // namespace tact::port
