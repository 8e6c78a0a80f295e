// The port's HardFault path (startup.cpp). Run without a semihosting host
// (qemu-run.sh with TACT_QEMU_NO_HOST=1), every semihosting call faults and
// must be stepped over: the firmware then sees that no host answers and
// requests a system reset, which ends QEMU with 0 (a fault not stepped over
// locks the core up or loops, and on ARMv8-M so does a stack limit the
// HardFault entry did not raise again: the run times out). With a host, the command
// line names the check:
//   fault_test skip   tact_skip_unanswered_semihosting on made-up frames:
//                     a pc at a BKPT 0xAB in the code is stepped over with
//                     r0 = -1; a pc at another instruction, outside the code
//                     or odd is left alone (exit 0 when all hold)
//   fault_test udf    an undefined instruction in the code
//   fault_test jump   a call to an address outside the code (the handler
//                     must not read the instruction there: that would fault
//                     again inside HardFault, a lockup)
//   fault_test stack  unbounded recursion (ARMv8-M: the stack limit set at
//                     reset stops it above .bss, and the HardFault entry
//                     still has room to report)
// The last three must end in the fault handler: "*** fault", exit code 3
// (tests/target/expect_fault.cmake).
#include <cstdint>
#include <cstring>

#include "check_firmware.hpp"
#include "semihosting.hpp"
#include "stack_limit.hpp"
#include "tact/port.hpp"

extern "C" bool tact_skip_unanswered_semihosting(std::uint32_t* frame);
extern "C" std::uint32_t __stack_limit;  // sections.ld: the lowest address of the stack
// A semihosting call that is never executed, and the instruction after it.
extern "C" const std::uint16_t tact_test_bkpt[];
asm(".pushsection .text.tact_test_bkpt, \"ax\", %progbits\n"
    ".global tact_test_bkpt\n"
    ".balign 2\n"
    "tact_test_bkpt:\n"
    "  bkpt 0xAB\n"
    "  nop\n"
    ".popsection\n");

namespace port = tact::port;

namespace {

[[noreturn]] void request_reset() {
  volatile std::uint32_t& aircr = *reinterpret_cast<volatile std::uint32_t*>(0xE000ED0Cu);
  asm volatile("dsb" ::: "memory");
  aircr = 0x05FA0004u;  // VECTKEY, SYSRESETREQ
  asm volatile("dsb" ::: "memory");
  for (;;) {
  }
}

// The skip's decision on made-up exception frames.
int check_skip() {
  const auto bkpt = reinterpret_cast<std::uint32_t>(tact_test_bkpt);
  std::uint32_t frame[8] = {1, 2, 3, 4, 5, 6, bkpt, 0x01000000u};
  if (!tact_skip_unanswered_semihosting(frame)) return tact_check::fail("a BKPT 0xAB in the code was not stepped over");
  if (frame[6] != bkpt + 2 || frame[0] != ~0u || frame[1] != 2 || tact_semihosting_unanswered != 1)
    return tact_check::fail("the stepped-over call does not resume after the BKPT with r0 = -1 and the flag set");
  tact_semihosting_unanswered = 0;
  const std::uint32_t other_pcs[] = {bkpt + 2, bkpt + 1, 0xF0000000u, 0u};
  for (const std::uint32_t pc : other_pcs) {
    std::uint32_t other[8] = {1, 2, 3, 4, 5, 6, pc, 0x01000000u};
    if (tact_skip_unanswered_semihosting(other) || other[6] != pc || other[0] != 1 || tact_semihosting_unanswered)
      return tact_check::fail("a fault that is not an unanswered BKPT 0xAB in the code was stepped over");
  }
  port::write("skip: stepped over a BKPT 0xAB in the code only\n");
  return 0;
}

// 256-byte frames down to the stack limit; the sum keeps the frames live.
// The end the compiler cannot see (a volatile) is never reached.
volatile std::uint32_t recursion_sink;
volatile std::uint32_t recursion_end = ~0u;
[[gnu::noinline]] std::uint32_t recurse(std::uint32_t depth) {
  if (depth == recursion_end) return 0;
  volatile std::uint32_t frame[64];
  frame[0] = depth;
  const std::uint32_t below = recurse(depth + 1);
  recursion_sink = frame[0];
  return below + frame[0];
}

#if TACT_STACK_LIMIT
// After a stepped-over call, the stack limit Reset_Handler set, the margin
// above the static storage: the HardFault entry lowered it and must have
// raised it again.
bool stack_limit_restored() {
  std::uint32_t limit;
  asm volatile("mrs %0, msplim" : "=r"(limit));
  return limit == reinterpret_cast<std::uint32_t>(&__stack_limit) + TACT_STACK_LIMIT_MARGIN;
}
#else
bool stack_limit_restored() { return true; }  // no stack limit register
#endif

}  // namespace

int main() {
  port::init();
  if (!port::semihosting::host_answers()) {  // the run without a host ends here
    if (!stack_limit_restored())
      for (;;) asm volatile("nop");  // no host to tell: the run times out and fails
    request_reset();
  }
  port::write("semihosting host answers\n");
  const char* const check = tact_check::check_name();
  if (check == nullptr) return 2;
  if (std::strcmp(check, "skip") == 0) return check_skip();
  if (std::strcmp(check, "udf") == 0) {
    asm volatile("udf #0");
  } else if (std::strcmp(check, "jump") == 0) {
    // A Thumb address (odd) outside the code whose fetch faults. Where a
    // fetch faults differs between QEMU's machines: on the micro:bit at
    // 0x0FFFFFF0 (not at 0xF0000000), on the MPS2/MPS3 machines in the
    // execute-never system region (not at 0x0FFFFFF0).
    using Function = void (*)();
#if defined(__ARM_ARCH_6M__)
    volatile std::uintptr_t nowhere = 0x0FFFFFF1u;
#else
    volatile std::uintptr_t nowhere = 0xF0000001u;
#endif
    reinterpret_cast<Function>(nowhere)();
  } else if (std::strcmp(check, "stack") == 0) {
    recursion_sink = recurse(0);
  } else {
    port::write("usage: fault_test skip|udf|jump|stack\n");
    return 2;
  }
  return tact_check::fail("execution went on after the fault");
}
