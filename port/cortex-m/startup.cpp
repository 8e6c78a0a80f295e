// Cortex-M startup: vector table, reset handler, fault handlers.
//
// The linker script (boards/<board>/linker.ld + sections.ld) places
// .isr_vector at the start of flash and defines the symbols used below.
// No crt0: the firmware is linked with -nostartfiles.
#include <cstddef>
#include <cstdint>
#include <utility>

#include "board.hpp"
#include "semihosting.hpp"
#include "stack_limit.hpp"
#include "tact/port.hpp"

extern "C" {
// From the linker script.
extern std::uint32_t __stack_top;
extern std::uint32_t __data_start;  // RAM's start; .data's and .bss's other symbols: Reset_Handler's asm
extern const std::uint16_t __code_start[], __code_end[];
using InitFn = void (*)();
extern InitFn __preinit_array_start[], __preinit_array_end[];
extern InitFn __init_array_start[], __init_array_end[];

int main();
[[noreturn]] void Reset_Handler();
[[noreturn]] void tact_reset_c();
void tact_hardfault_handler();
[[noreturn]] void tact_fault_handler();
void tact_unexpected_handler();  // not [[noreturn]]: the IRQ handlers, which return, are its aliases
// Defined by the counter implementation (it may use the SysTick interrupt).
void SysTick_Handler();
}

// The NVIC's external interrupts of the board (board.cmake's
// TACT_BOARD_IRQ_COUNT). Each has its own entry, `tact_irq_handler_<n>` for
// IRQ n, weak: a firmware defines the ones it enables, as
//   extern "C" void tact_irq_handler_28() { ... }  // STM32F407: TIM2
// and every other one reports and exits like an unexpected exception.
#ifndef TACT_BOARD_IRQ_COUNT
#error "TACT_BOARD_IRQ_COUNT: the board's external interrupts (board.cmake, set by port/cortex-m/CMakeLists.txt)"
#endif
constexpr int kMaxIrqs = 240;  // ARMv7-M's CMSIS maximum; the build checks the board's count against it
static_assert(TACT_BOARD_IRQ_COUNT >= 1 && TACT_BOARD_IRQ_COUNT <= kMaxIrqs, "TACT_BOARD_IRQ_COUNT: 1 to 240");

// Declares tact_irq_handler_0 ... tact_irq_handler_239 (from 10 on, ten at
// a time: the tens digits pasted before each units digit) and lists them in
// order.
#define TACT_IRQ_TEN(X, tens) \
  X(tens##0) X(tens##1) X(tens##2) X(tens##3) X(tens##4) X(tens##5) X(tens##6) X(tens##7) X(tens##8) X(tens##9)
#define TACT_IRQ_ALL(X)                                                                                  \
  X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9)                                                    \
  TACT_IRQ_TEN(X, 1) TACT_IRQ_TEN(X, 2) TACT_IRQ_TEN(X, 3) TACT_IRQ_TEN(X, 4) TACT_IRQ_TEN(X, 5)       \
  TACT_IRQ_TEN(X, 6) TACT_IRQ_TEN(X, 7) TACT_IRQ_TEN(X, 8) TACT_IRQ_TEN(X, 9) TACT_IRQ_TEN(X, 10)      \
  TACT_IRQ_TEN(X, 11) TACT_IRQ_TEN(X, 12) TACT_IRQ_TEN(X, 13) TACT_IRQ_TEN(X, 14) TACT_IRQ_TEN(X, 15)  \
  TACT_IRQ_TEN(X, 16) TACT_IRQ_TEN(X, 17) TACT_IRQ_TEN(X, 18) TACT_IRQ_TEN(X, 19) TACT_IRQ_TEN(X, 20)  \
  TACT_IRQ_TEN(X, 21) TACT_IRQ_TEN(X, 22) TACT_IRQ_TEN(X, 23)
#define TACT_DECLARE_IRQ_HANDLER(n) [[gnu::weak, gnu::alias("tact_unexpected_handler")]] void tact_irq_handler_##n();
#define TACT_LIST_IRQ_HANDLER(n) tact_irq_handler_##n,

extern "C" {
TACT_IRQ_ALL(TACT_DECLARE_IRQ_HANDLER)
}

namespace {

using tact::port::Handler;

constexpr Handler all_irq_handlers[] = {TACT_IRQ_ALL(TACT_LIST_IRQ_HANDLER)};
static_assert(sizeof all_irq_handlers / sizeof all_irq_handlers[0] == kMaxIrqs);

// Exception numbers 0..15 (the stack pointer's address is no constant
// expression, so this part is an aggregate of its own) ...
[[gnu::section(".isr_vector"), gnu::used]] const Handler vector_table[16] = {
    reinterpret_cast<Handler>(&__stack_top),  // 0: initial stack pointer
    Reset_Handler,                            // 1: reset
    tact_unexpected_handler,                  // 2: NMI
    tact_hardfault_handler,                   // 3: HardFault
    tact_fault_handler,                       // 4: MemManage (v7-M+)
    tact_fault_handler,                       // 5: BusFault (v7-M+)
    tact_fault_handler,                       // 6: UsageFault (v7-M+)
    tact_fault_handler,                       // 7: SecureFault (v8-M)
    nullptr, nullptr, nullptr,                // 8-10: reserved
    tact_unexpected_handler,                  // 11: SVCall
    tact_unexpected_handler,                  // 12: DebugMonitor
    nullptr,                                  // 13: reserved
    tact_unexpected_handler,                  // 14: PendSV
    SysTick_Handler,                          // 15: SysTick
};

// ... and right after it (sections.ld) one entry for each external
// interrupt, 16 + n for IRQ n: an interrupt the table did not cover would
// fetch its handler's address from the code after the table.
struct IrqVectors {
  Handler entries[TACT_BOARD_IRQ_COUNT];
};
template <std::size_t... irq>
constexpr IrqVectors make_irq_vectors(std::index_sequence<irq...>) {
  return {{all_irq_handlers[irq]...}};
}
[[gnu::section(".isr_vector.irqs"), gnu::used]] constexpr IrqVectors irq_vectors =
    make_irq_vectors(std::make_index_sequence<TACT_BOARD_IRQ_COUNT>());

}  // namespace

// The linker is told to keep this symbol (-Wl,--undefined=tact_vector_table),
// which pulls this file (and the handlers it names) out of libtact_port.a.
extern "C" const Handler* const tact_vector_table = vector_table;

// Naked: no prologue, so no compiler-generated instruction runs before the
// FPU is on. With -mfloat-abi=hard the compiler may use FP registers in any
// C++ function (even for memcpy-like moves), and an FP instruction with the
// FPU off is a UsageFault (NOCP). .data's copy and .bss's zeroing are here
// too, in Thumb-1 (every core): in C++ they would walk a pointer from one
// linker symbol to another, arithmetic outside any object, which the
// language leaves undefined and an optimizer may exploit.
extern "C" [[gnu::naked]] void Reset_Handler() {
#if defined(__ARM_FP) || defined(__ARM_FEATURE_MVE)  // integer-only MVE needs CP10/CP11 too
  asm volatile(
      "ldr r0, =0xE000ED88 \n"  // SCB->CPACR
      "ldr r1, [r0]        \n"
      "orr r1, r1, #(0xF << 20) \n"  // CP10 and CP11: full access
      "str r1, [r0]        \n"
      "dsb                 \n"  // the write completes ...
      "isb                 \n"  // ... and later instructions see it
      ::: "r0", "r1", "memory");
#endif
#if TACT_STACK_LIMIT
  // ARMv8-M's stack limit: a stack that grows into the static storage
  // (.bss and .noinit: the solver's objects) faults (UsageFault STKOF,
  // escalated to HardFault) instead of corrupting it. The limit keeps
  // TACT_STACK_LIMIT_MARGIN bytes above it, which the HardFault entry
  // releases to report the fault (without them its own push would fault
  // again: a lockup).
  asm volatile(
      "ldr r0, =" TACT_STACK_LIMIT_WITH_MARGIN " \n"
      "msr msplim, r0      \n"
      ::: "r0", "memory");
#endif
  asm volatile(
      "  .syntax unified\n"
      "  ldr   r0, =__data_load\n"  // .data: from flash to RAM, a word at a time
      "  ldr   r1, =__data_start\n"
      "  ldr   r2, =__data_end\n"
      "  b     2f\n"
      "1:ldr   r3, [r0]\n"
      "  adds  r0, #4\n"
      "  str   r3, [r1]\n"
      "  adds  r1, #4\n"
      "2:cmp   r1, r2\n"
      "  blo   1b\n"
      "  ldr   r1, =__bss_start\n"  // .bss: zero (the sections are word-aligned: sections.ld)
      "  ldr   r2, =__bss_end\n"
      "  movs  r3, #0\n"
      "  b     4f\n"
      "3:str   r3, [r1]\n"
      "  adds  r1, #4\n"
      "4:cmp   r1, r2\n"
      "  blo   3b\n"
      "  bl    tact_reset_c\n"  // not b: ARMv6-M's b reaches only ±2 KB, bl ±16 MB
      "  .ltorg\n"              // the addresses above, within ldr's reach (it never returns)
      ::: "r0", "r1", "r2", "r3", "memory");
}

extern "C" void tact_reset_c() {
  // Static constructors. (newlib's __libc_init_array would also call _init
  // from crti.o, which -nostartfiles leaves out.)
  for (InitFn* f = __preinit_array_start; f < __preinit_array_end; ++f) (*f)();
  for (InitFn* f = __init_array_start; f < __init_array_end; ++f) (*f)();
  tact::port::exit(main());
}

// A semihosting call (BKPT 0xAB) with no debugger attached escalates to
// HardFault. Such a fault is skipped: the call returns -1 and
// tact_semihosting_unanswered says so (semihosting::host_answers), which is
// how a core that cannot read DHCSR.C_DEBUGEN (ARMv6-M) learns that no host
// listens. Any other HardFault goes to tact_fault_handler.
// `frame` is the stacked r0-r3, r12, lr, pc, xpsr (the same on every
// M-profile core). The faulting instruction is read only when the stacked
// pc lies in the code: a jump to a bad address must not fault again here.
// Called by the HardFault entry below and by the target test fault_test.
extern "C" [[gnu::used]] bool tact_skip_unanswered_semihosting(std::uint32_t* frame) {
  const std::uint32_t pc = frame[6];
  const auto start = reinterpret_cast<std::uint32_t>(__code_start);
  const auto end = reinterpret_cast<std::uint32_t>(__code_end);
  if (pc < start || pc >= end || (pc & 1u) != 0) return false;  // Thumb code: whole halfwords, so pc + 2 <= end
  if (*reinterpret_cast<const std::uint16_t*>(pc) != 0xBEABu) return false;  // bkpt 0xAB
  frame[6] = pc + 2;  // resume after it ...
  frame[0] = ~0u;     // ... with r0 = -1
  tact_semihosting_unanswered = 1;
  return true;
}

// The HardFault entry's decision: skip an unanswered semihosting call. The
// frame is read only when it lies on the stack: a fault on a corrupt
// process stack pointer must reach tact_fault_handler, not fault again.
// (ARMv7-M's HFSR.DEBUGEVT would also say that a BKPT caused the fault, but
// QEMU does not set it, and ARMv6-M, where the skip matters, has no HFSR.)
extern "C" [[gnu::used]] bool tact_hardfault_skips(std::uint32_t* frame) {
  const auto address = reinterpret_cast<std::uint32_t>(frame);
  const bool frame_on_stack = address >= reinterpret_cast<std::uint32_t>(&__data_start) &&
                              address <= reinterpret_cast<std::uint32_t>(&__stack_top) - 8 * sizeof *frame;
  return frame_on_stack && tact_skip_unanswered_semihosting(frame);
}

// Thumb-1 only (ARMv6-M too): the frame is on the stack EXC_RETURN's bit 2 names.
// On ARMv8-M it first lowers the stack limit to the end of the static RAM, so that it
// can run after a stack overflow (see Reset_Handler), and raises it again when it
// steps over a call.
extern "C" [[gnu::naked]] void tact_hardfault_handler() {
  asm volatile(
      "  .syntax unified\n"
#if TACT_STACK_LIMIT
      "  ldr   r0, =__stack_limit\n"
      "  msr   msplim, r0\n"
#endif
      "  movs  r0, #4\n"
      "  mov   r1, lr\n"
      "  tst   r0, r1\n"
      "  bne   1f\n"
      "  mrs   r0, msp\n"
      "  b     2f\n"
      "1:\n"
      "  mrs   r0, psp\n"
      "2:\n"
      "  push  {r0, lr}\n"            // keep EXC_RETURN (two words: the stack stays 8-byte aligned)
      "  bl    tact_hardfault_skips\n"
      "  pop   {r1, r2}\n"
      "  cmp   r0, #0\n"
      "  beq   3f\n"
#if TACT_STACK_LIMIT
      // The call is stepped over and the firmware goes on: the limit's
      // margin back, or a later overflow would fault while stacking for
      // this handler, a lockup. Not while the stack is within the margin.
      "  ldr   r0, =" TACT_STACK_LIMIT_WITH_MARGIN "\n"
      "  mrs   r3, msp\n"
      "  cmp   r3, r0\n"
      "  blo   4f\n"
      "  msr   msplim, r0\n"
      "4:\n"
#endif
      "  bx    r2\n"                   // return from the exception
      "3:\n"
      "  ldr   r3, =tact_fault_handler\n"
      "  bx    r3\n"
      "  .ltorg\n");
}

// HardFault and friends: report and exit with 3 so a crash under QEMU is a
// failed test, not a hang until the timeout.
extern "C" void tact_fault_handler() {
  tact::port::write("\n*** fault: HardFault/MemManage/BusFault/UsageFault\n");
  tact::port::exit(3);
}

// NMI, SVCall, DebugMonitor, PendSV and every external interrupt without a
// handler of the firmware's: names the exception (IPSR) and exits with 4.
extern "C" void tact_unexpected_handler() {
  std::uint32_t ipsr;
  asm volatile("mrs %0, ipsr" : "=r"(ipsr));
  const std::uint32_t exception = ipsr & 0x1FFu;
  // The number in decimal by hand: the port's formatting would link into
  // every firmware for this one message.
  char text[] = "\n*** unexpected exception 000 (IRQ 000)\n";
  constexpr std::uint32_t kNumber = 26, kIrq = 35;  // offsets of the two numbers in text
  const auto put = [&text](std::uint32_t at, std::uint32_t value) {  // value < 1000
    // By subtraction: an ARMv6-M core would call libgcc's division.
    for (const std::uint32_t power : {100u, 10u, 1u}) {
      while (value >= power) {
        value -= power;
        ++text[at];
      }
      ++at;
    }
  };
  put(kNumber, exception);
  if (exception >= 16) {
    put(kIrq, exception - 16);
    tact::port::write(text);
  } else {
    tact::port::write(text, kNumber + 3);
    tact::port::write("\n");
  }
  tact::port::exit(4);
}

// C/C++ runtime pieces that would otherwise come from crt files or libstdc++.
extern "C" {
// Static destructors never run on a device (exit() goes straight to the
// host), so registering them would only cost code and RAM.
void* __dso_handle = nullptr;
int __cxa_atexit(void (*)(void*), void*, void*) { return 0; }
[[noreturn]] void __cxa_pure_virtual() { tact::port::panic("pure virtual call"); }
// newlib's exit() ends here.
[[noreturn]] void _exit(int code) { tact::port::exit(code); }
// newlib's abort() would raise SIGABRT (needing _kill, _getpid and _sbrk:
// an undefined reference that reads like a heap problem), and its assert()
// would print through fiprintf: both end in the port's panic instead.
[[noreturn]] void abort() { tact::port::panic("abort"); }
[[noreturn]] void __assert_func(const char*, int, const char*, const char* expression) {
  tact::port::write("\n*** assertion failed: ");
  tact::port::write(expression ? expression : "?");
  tact::port::write("\n");
  tact::port::panic("assert");
}
}
