// Console output and exit through Arm semihosting (BKPT 0xAB on M-profile).
// QEMU implements it with -semihosting-config enable=on; on hardware,
// OpenOCD does after `arm semihosting enable`.
#include <cstring>

#include "board.hpp"
#include "tact/port.hpp"

namespace {

enum : int {
  SYS_WRITE0 = 0x04,          // write a zero-terminated string to the console
  SYS_EXIT = 0x18,            // report an exception/exit to the host
  SYS_EXIT_EXTENDED = 0x20,   // same, with a full exit code
};
constexpr int ADP_Stopped_ApplicationExit = 0x20026;

int semihost(int op, const void* arg) {
  register int r0 asm("r0") = op;
  register const void* r1 asm("r1") = arg;
  asm volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

}  // namespace

namespace tact::port {

void write(const char* text, std::uint32_t len) {
  if (!board::semihosting_available()) return;
  // SYS_WRITE0 needs no open handle (SYS_WRITE would need SYS_OPEN(":tt")
  // first); it takes a zero-terminated string, so copy in chunks.
  char chunk[64];
  while (len > 0) {
    const std::uint32_t n = len < sizeof chunk - 1 ? len : sizeof chunk - 1;
    std::memcpy(chunk, text, n);
    chunk[n] = '\0';
    semihost(SYS_WRITE0, chunk);
    text += n;
    len -= n;
  }
}

void write(const char* text) { write(text, static_cast<std::uint32_t>(std::strlen(text))); }

void exit(int code) {
  if (board::semihosting_available()) {
    // SYS_EXIT_EXTENDED carries the whole code to the host (QEMU exits with
    // it); plain SYS_EXIT only distinguishes 0 from 1.
    const std::uint32_t args[2] = {ADP_Stopped_ApplicationExit, static_cast<std::uint32_t>(code)};
    semihost(SYS_EXIT_EXTENDED, args);
  }
  // No host to return to: stop here.
  for (;;) asm volatile("wfi");
}

void panic(const char* message) {
  write("panic: ");
  write(message);
  write("\n");
  exit(70);
}

}  // namespace tact::port
