// ARMv8-M Mainline's main stack limit (MSPLIM), as the port's start-up
// code sets it (startup.cpp): shared with the target test that checks it.
#pragma once

// The M33 and M55 have the register; ARMv6-M and ARMv7-M do not.
#if defined(__ARM_ARCH_8M_MAIN__) || defined(__ARM_ARCH_8_1M_MAIN__)
#define TACT_STACK_LIMIT 1
#else
#define TACT_STACK_LIMIT 0
#endif

// Bytes the limit keeps above __stack_limit (sections.ld), which the
// HardFault entry releases to report an overflow. A macro: the naked
// handlers' assembly pastes it in as text.
#define TACT_STACK_LIMIT_MARGIN 256
#define TACT_STACK_LIMIT_TEXT(x) #x
#define TACT_STACK_LIMIT_STRING(x) TACT_STACK_LIMIT_TEXT(x)
/// "__stack_limit + 256": the limit Reset_Handler sets, for ldr's `=` operand.
#define TACT_STACK_LIMIT_WITH_MARGIN "__stack_limit + " TACT_STACK_LIMIT_STRING(TACT_STACK_LIMIT_MARGIN)
