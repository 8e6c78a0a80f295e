// The port's external interrupts (startup.cpp): one vector table entry per
// NVIC line of the board (board.cmake's TACT_BOARD_IRQ_COUNT), each a weak
// `tact_irq_handler_<n>` a firmware overrides. The command line names the
// check:
//   irq_test handled    IRQ 0 and the board's last IRQ, pended in software,
//                       run the handlers defined here, in handler mode with
//                       their own exception number (exit 0 when all hold)
//   irq_test unhandled  an IRQ with no handler of the firmware's ends in the
//                       port's report "*** unexpected exception 017 (IRQ
//                       001)", exit 4 (tests/target/expect_fault.cmake)
//   irq_test lines      the NVIC implements exactly TACT_BOARD_IRQ_COUNT
//                       lines: each of them can be enabled, none after them
//                       (a line beyond the table would fetch its handler's
//                       address from the code after the table). Run on the
//                       board's own QEMU machine, not on a stand-in, whose
//                       chip may have more lines.
#include <cstdint>
#include <cstring>

#include "check_firmware.hpp"
#include "nvic.hpp"
#include "tact/port.hpp"
#include "tact/port_format.hpp"

#ifndef TACT_TEST_LAST_IRQ
#error "TACT_TEST_LAST_IRQ: the board's last IRQ number (tests/target/CMakeLists.txt)"
#endif

namespace port = tact::port;

namespace {

constexpr int kLastIrq = TACT_TEST_LAST_IRQ;
constexpr int kIrqCount = kLastIrq + 1;
static_assert(kLastIrq > 1, "the unhandled check raises IRQ 1, which must have no handler here");
// ARMv6-M's NVIC has one register of 32 lines; the others up to 16.
#if defined(__ARM_ARCH_6M__)
constexpr int kRegisters = 1;
#else
constexpr int kRegisters = 16;
#endif

void barrier() { asm volatile("dsb\n isb" ::: "memory"); }

std::uint32_t exception_number() {
  std::uint32_t ipsr;
  asm volatile("mrs %0, ipsr" : "=r"(ipsr));
  return ipsr & 0x1FFu;
}

volatile int first_runs = 0, last_runs = 0;
volatile std::uint32_t first_exception = 0, last_exception = 0;

// Enables, pends and disables one line: a pended, enabled line with
// interrupts on (PRIMASK is clear after reset) is taken at once.
void raise(int irq) {
  tact_nvic::iser[irq / 32] = tact_nvic::bit(irq);
  barrier();
  tact_nvic::ispr[irq / 32] = tact_nvic::bit(irq);
  barrier();
  tact_nvic::icer[irq / 32] = tact_nvic::bit(irq);
  barrier();
}

int check_handled() {
  raise(0);
  raise(kLastIrq);
  if (first_runs != 1 || last_runs != 1) return tact_check::fail("a pended IRQ did not run its handler exactly once");
  if (first_exception != 16 || last_exception != 16u + kLastIrq)
    return tact_check::fail("a handler ran with another exception number than its IRQ's");
  if (exception_number() != 0) return tact_check::fail("not back in thread mode after the handlers");
  port::write("handled: IRQ 0 and the last IRQ ran their handlers\n");
  return 0;
}

// Sets every enable bit and reads which lines took it, with interrupts
// masked and nothing pending: no line is taken while it is enabled.
int check_lines() {
  int implemented = 0, highest = -1;
  asm volatile("cpsid i" ::: "memory");
  for (int reg = 0; reg < kRegisters; ++reg) {
    tact_nvic::icpr[reg] = ~0u;
    tact_nvic::iser[reg] = ~0u;
    barrier();
    const std::uint32_t taken = tact_nvic::iser[reg];
    tact_nvic::icer[reg] = ~0u;
    tact_nvic::icpr[reg] = ~0u;
    barrier();
    for (int line = 0; line < 32; ++line) {
      if ((taken & (1u << line)) == 0) continue;
      ++implemented;
      highest = reg * 32 + line;
    }
  }
  asm volatile("cpsie i" ::: "memory");
  if (highest + 1 != kIrqCount || implemented != kIrqCount) {
    port::write("FAIL: the NVIC implements ");
    port::write_int(implemented);
    port::write(" lines, the last IRQ ");
    port::write_int(highest);
    port::write(", against TACT_BOARD_IRQ_COUNT ");
    port::write_int(kIrqCount);
    port::write("\n");
    return 1;
  }
  port::write("lines: the NVIC implements TACT_BOARD_IRQ_COUNT lines, none beyond the vector table\n");
  return 0;
}

}  // namespace

#define TACT_TEST_HANDLER_NAME(n) TACT_TEST_HANDLER_PASTE(n)
#define TACT_TEST_HANDLER_PASTE(n) tact_irq_handler_##n

extern "C" void tact_irq_handler_0() {
  ++first_runs;
  first_exception = exception_number();
}

extern "C" void TACT_TEST_HANDLER_NAME(TACT_TEST_LAST_IRQ)() {
  ++last_runs;
  last_exception = exception_number();
}

int main() {
  port::init();
  const char* const check = tact_check::check_name();
  if (check == nullptr) return 2;
  if (std::strcmp(check, "handled") == 0) return check_handled();
  if (std::strcmp(check, "lines") == 0) return check_lines();
  if (std::strcmp(check, "unhandled") == 0) {
    raise(1);
    return tact_check::fail("execution went on after an IRQ without a handler");
  }
  port::write("usage: irq_test handled|unhandled|lines\n");
  return 2;
}
