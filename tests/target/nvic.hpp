// The NVIC's enable and pending registers, for the target tests that raise
// interrupts (irq_test, servo_irq_test): the same addresses on ARMv6-M,
// ARMv7-M and ARMv8-M, one bit per IRQ, 32 IRQs a word.
#pragma once

#include <cstdint>

namespace tact_nvic {

inline volatile std::uint32_t* const iser = reinterpret_cast<volatile std::uint32_t*>(0xE000E100u);  // set-enable
inline volatile std::uint32_t* const icer = reinterpret_cast<volatile std::uint32_t*>(0xE000E180u);  // clear-enable
inline volatile std::uint32_t* const ispr = reinterpret_cast<volatile std::uint32_t*>(0xE000E200u);  // set-pending
inline volatile std::uint32_t* const icpr = reinterpret_cast<volatile std::uint32_t*>(0xE000E280u);  // clear-pending

/// IRQ n's bit in its register word (the word is n / 32).
inline std::uint32_t bit(int irq) { return 1u << (irq % 32); }

}  // namespace tact_nvic
