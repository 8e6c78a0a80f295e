// The port contract: the only things examples, benchmarks and target tests
// need from a platform. lib/ never includes this header.
//
// One implementation per target is linked in (port/host, port/cortex-m);
// there is no #ifdef per target here.
#pragma once

#include <cstdint>

namespace tact::port {

/// What the counter counts. A counter that cannot count says so (None);
/// it never reports 0 ticks per second as if that were a rate.
enum class CounterKind : std::uint8_t {
  None,          ///< no counter on this target
  Cycles,        ///< core clock cycles (DWT CYCCNT on a real Cortex-M3/M4/M7/M33/M55, SysTick on an M0/M0+)
  Instructions,  ///< exact executed instructions (QEMU, see port/cortex-m/README.md)
  Nanoseconds,   ///< wall-clock time (host)
};

/// Brings the platform up (clocks, FPU, counter, output). Call once, first.
void init();

/// What counter_read() counts on this target.
CounterKind counter_kind();

/// Counter value; meaningful only as a difference of two reads.
std::uint64_t counter_read();

/// Lets code the compiler cannot see (such as counter_read()) read and
/// write `object`. Call it on the objects a measured region works on,
/// before the first counter_read() (so it adds nothing to the count): an
/// object whose address never leaves its file is invisible to the
/// counter's code, and the optimizer may then move the region's work on
/// it past the second read, so that the count misses it (the haptic
/// example's fully inlined solves on the M55 measured 0 instructions).
/// Once its address has been handed out here, every call the compiler
/// cannot see may use it, and the work stays between the reads.
template <typename T>
inline void observe(T& object) {
  asm volatile("" : : "r"(&object) : "memory");
}

/// Counter ticks per second: cycles per second for Cycles, 1e9 for
/// Nanoseconds, 0 for Instructions and None (no time base exists).
std::uint64_t counter_rate_hz();

/// Human-readable counter unit ("cycles", "instructions", "ns", "none").
const char* counter_unit();

/// Writes len bytes of text to the target's console (stdout, semihosting or UART).
void write(const char* text, std::uint32_t len);

/// Writes a zero-terminated string.
void write(const char* text);

/// read_file's failures, kept apart so that a caller that stops at a
/// missing file (a trajectory's end) does not also stop at a broken one.
enum ReadError : std::int32_t {
  kReadCannotOpen = -1,  ///< no such file, or it cannot be opened
  kReadTooLarge = -2,    ///< larger than the buffer: nothing useful read
  kReadShort = -3,       ///< the host returned fewer bytes than the file's length
};

/// Reads the whole file at `path` (on the host: the file system; on
/// Cortex-M: the debugger's or QEMU's, through semihosting) into buffer.
/// @return bytes read, or a ReadError (negative).
std::int32_t read_file(const char* path, char* buffer, std::uint32_t capacity);

/// The program's command line (name and arguments, separated by spaces),
/// zero-terminated (semihosting SYS_GET_CMDLINE on Cortex-M).
/// @return its length, or -1 when there is none or it does not fit.
std::int32_t command_line(char* buffer, std::uint32_t capacity);

/// The code a port hands the host: a host process sees it modulo 256, so
/// a failure whose low byte is 0 (256, -256, ...) is sent as 1.
constexpr int host_exit_code(int code) { return code != 0 && (code & 0xff) == 0 ? 1 : code; }

/// Ends the program with an exit code that reaches the host (semihosting
/// SYS_EXIT_EXTENDED under QEMU, plain SYS_EXIT where a debugger lacks it:
/// then only success or failure), as host_exit_code. Does not return.
[[noreturn]] void exit(int code);

/// Reports a fatal error and exits non-zero. Does not return.
[[noreturn]] void panic(const char* message);

}  // namespace tact::port
