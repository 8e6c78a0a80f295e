// Memory-mapped register access for the Cortex-M port's boards and counters
// (port-internal).
#pragma once

#include <cstdint>

namespace tact::port {

inline volatile std::uint32_t& reg(std::uint32_t address) {
  return *reinterpret_cast<volatile std::uint32_t*>(address);
}

/// Polls until (register & mask) == value, for at most a million reads.
/// @return false on timeout (a clock that does not start, for example).
inline bool wait_for(std::uint32_t address, std::uint32_t mask, std::uint32_t value) {
  for (std::uint32_t i = 0; i < 1000000u; ++i)
    if ((reg(address) & mask) == value) return true;
  return false;
}

}  // namespace tact::port
