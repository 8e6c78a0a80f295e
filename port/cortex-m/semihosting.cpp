// Console output and exit through Arm semihosting (BKPT 0xAB on M-profile).
// QEMU implements it with -semihosting-config enable=on; on hardware,
// OpenOCD does after `arm semihosting enable`.
#include <cstring>

#include "board.hpp"
#include "semihosting.hpp"
#include "tact/port.hpp"

namespace {

using namespace tact::port::semihosting;
constexpr int ADP_Stopped_ApplicationExit = 0x20026;
constexpr int ADP_Stopped_RunTimeErrorUnknown = 0x20023;

int semihost(int op, const void* arg) { return call(op, arg); }

// Semihosting 2.0's feature check: a host lists its extensions in the file
// ":semihosting-features", the magic "SHFB" and then feature bytes; bit 0
// of the first is SYS_EXIT_EXTENDED. A host without the file (an older
// debugger) has none, and an operation it does not know may do anything.
bool host_has_exit_extended() {
  char features[16];
  const std::int32_t length = tact::port::read_file(":semihosting-features", features, sizeof features);
  return length >= 5 && std::memcmp(features, "SHFB", 4) == 0 && (features[4] & 1) != 0;
}

}  // namespace

volatile std::uint32_t tact_semihosting_unanswered = 0;  // declared extern "C" in semihosting.hpp

bool tact::port::semihosting::host_answers() {
  tact_semihosting_unanswered = 0;  // a host may have come since an earlier call went unanswered
  call(SYS_ERRNO, nullptr);
  return tact_semihosting_unanswered == 0;
}

namespace tact::port {

void write(const char* text, std::uint32_t len) {
#if TACT_BOARD_HAS_CONSOLE
  board::console_write(text, len);
#endif
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
#if TACT_BOARD_HAS_CONSOLE
  board::console_flush();
#endif
  if (board::semihosting_available()) {
    // SYS_EXIT_EXTENDED carries the code to the host (QEMU exits with it).
    code = host_exit_code(code);
    if (host_has_exit_extended()) {
      const std::uint32_t args[2] = {ADP_Stopped_ApplicationExit, static_cast<std::uint32_t>(code)};
      semihost(SYS_EXIT_EXTENDED, args);
    }
    // A host without it (or one that returned from it): plain SYS_EXIT,
    // whose reason tells the host only whether the program stopped normally.
    // On AArch32 its argument is the reason itself, not a block.
    const std::uintptr_t reason = code == 0 ? ADP_Stopped_ApplicationExit : ADP_Stopped_RunTimeErrorUnknown;
    semihost(SYS_EXIT, reinterpret_cast<const void*>(reason));
  }
  // No host to return to: stop here.
  for (;;) asm volatile("wfi");
}

std::int32_t read_file(const char* path, char* buffer, std::uint32_t capacity) {
  if (!board::semihosting_available()) return kReadCannotOpen;
  const std::uint32_t open_args[3] = {reinterpret_cast<std::uint32_t>(path), kModeReadBinary,
                                      static_cast<std::uint32_t>(std::strlen(path))};
  const int handle = semihost(SYS_OPEN, open_args);
  if (handle < 0) return kReadCannotOpen;
  const std::uint32_t handle_arg[1] = {static_cast<std::uint32_t>(handle)};
  const int length = semihost(SYS_FLEN, handle_arg);
  std::int32_t result = kReadShort;
  if (length >= 0 && static_cast<std::uint32_t>(length) > capacity) {
    result = kReadTooLarge;
  } else if (length >= 0) {
    // SYS_READ returns the bytes NOT read; fewer than asked is a partial
    // read, not an error: read on until the file is in or no byte comes.
    std::uint32_t done = 0;
    const std::uint32_t total = static_cast<std::uint32_t>(length);
    while (done < total) {
      const std::uint32_t read_args[3] = {static_cast<std::uint32_t>(handle),
                                          reinterpret_cast<std::uint32_t>(buffer + done), total - done};
      const int missing = semihost(SYS_READ, read_args);
      if (missing < 0 || static_cast<std::uint32_t>(missing) >= total - done) break;  // error or no progress
      done = total - static_cast<std::uint32_t>(missing);
    }
    if (done == total) result = length;
  }
  semihost(SYS_CLOSE, handle_arg);
  return result;
}

std::int32_t command_line(char* buffer, std::uint32_t capacity) {
  if (!board::semihosting_available() || capacity == 0) return -1;
  std::uint32_t args[2] = {reinterpret_cast<std::uint32_t>(buffer), capacity};
  if (semihost(SYS_GET_CMDLINE, args) != 0) return -1;
  return static_cast<std::int32_t>(args[1]);  // the host writes the length back
}

void panic(const char* message) {
  write("panic: ");
  write(message);
  write("\n");
  exit(70);
}

}  // namespace tact::port
