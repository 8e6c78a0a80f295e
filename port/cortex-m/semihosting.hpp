// Arm semihosting calls (BKPT 0xAB on M-profile), shared by the port's
// console, exit, file and counter code. QEMU implements them with
// -semihosting-config enable=on; on hardware, OpenOCD after
// `arm semihosting enable`.
#pragma once

#include <cstdint>

namespace tact::port::semihosting {

enum Operation : int {
  SYS_OPEN = 0x01,
  SYS_CLOSE = 0x02,
  SYS_WRITE0 = 0x04,        // write a zero-terminated string to the console
  SYS_READ = 0x06,
  SYS_SEEK = 0x0A,
  SYS_FLEN = 0x0C,
  SYS_ERRNO = 0x13,         // the host's last error number: harmless, so a probe
  SYS_GET_CMDLINE = 0x15,
  SYS_EXIT = 0x18,          // report an exception/exit to the host
  SYS_EXIT_EXTENDED = 0x20, // same, with a full exit code
};
constexpr int kModeReadBinary = 1;  // SYS_OPEN mode "rb"

inline int call(int operation, const void* argument) {
  register int r0 asm("r0") = operation;
  register const void* r1 asm("r1") = argument;
  asm volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

/// True when a host answers semihosting calls. For boards whose core cannot
/// read DHCSR.C_DEBUGEN (ARMv6-M: Cortex-M0/M0+): it makes one call and
/// asks whether it faulted (see tact_semihosting_unanswered). Call it only
/// where a fault is survivable: after start-up, not inside a fault handler.
bool host_answers();

}  // namespace tact::port::semihosting

extern "C" {
/// Set to 1 by the HardFault handler (startup.cpp) when a BKPT 0xAB faulted,
/// which it does when no debugger is attached: the handler skips the BKPT
/// and the call returns −1 instead of stopping the firmware.
extern volatile std::uint32_t tact_semihosting_unanswered;
}
