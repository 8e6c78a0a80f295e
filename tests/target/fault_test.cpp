// The port's HardFault path (startup.cpp): a semihosting call that a host
// answers is not mistaken for an unanswered one, and a real fault still
// reaches the fault handler ("*** fault", exit code 3) instead of being
// skipped or locking the core up. The command line names the fault:
//   fault_test udf    an undefined instruction in the code
//   fault_test jump   a call to an address outside the code (the handler
//                     must not read the instruction there: that would fault
//                     again inside HardFault, a lockup)
// ctest passes each run on its output (tests/target/CMakeLists.txt).
#include <cstring>

#include "semihosting.hpp"
#include "tact/port.hpp"

namespace port = tact::port;

int main() {
  port::init();
  if (!port::semihosting::host_answers() || tact_semihosting_unanswered != 0) {
    port::write("FAIL: the semihosting host's answer was taken for a fault\n");
    return 1;
  }
  port::write("semihosting host answers\n");
  char args[64] = {};
  if (port::command_line(args, sizeof args) < 0) return 2;
  if (std::strstr(args, "udf") != nullptr) {
    asm volatile("udf #0");
  } else if (std::strstr(args, "jump") != nullptr) {
    // A Thumb address (odd) outside the code whose fetch faults. Where a
    // fetch faults differs between QEMU's machines: on the micro:bit at
    // 0x0FFFFFF0 (not at 0xF0000000), on the MPS2/MPS3 machines in the
    // execute-never system region (not at 0x0FFFFFF0).
    using Function = void (*)();
#if defined(__ARM_ARCH_6M__)
    volatile std::uintptr_t nowhere = 0x0FFFFFF1u;
#else
    volatile std::uintptr_t nowhere = 0xF0000001u;  // system region: execute-never
#endif
    reinterpret_cast<Function>(nowhere)();
  } else {
    port::write("usage: fault_test udf|jump\n");
    return 2;
  }
  port::write("FAIL: execution went on after the fault\n");
  return 1;
}
