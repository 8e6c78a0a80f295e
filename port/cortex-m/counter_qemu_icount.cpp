// Instruction counter for QEMU machines.
//
// Exact mode (normal under qemu-run.sh): QEMU runs the project's TCG plugin
// (qemu-plugin/tact_icount.c), which counts every executed guest
// instruction. counter_read() brackets its body with two marker
// instructions (mov r11, r11 ... mov r10, r10); at the first one the plugin
// writes the count to a host file, which counter_read() reads back through
// semihosting (SYS_SEEK + SYS_READ on a handle opened by counter_start()).
// The plugin leaves the instructions between the markers out of the count,
// so a value is "instructions executed outside counter_read()" and
// read2 - read1 is exactly the number of instructions executed from the
// return of the first call up to and including the call of the second one.
//
// Fallback (no plugin: the file "tact-icount" cannot be opened in QEMU's
// working directory, or it does not change): SysTick under `-icount
// shift=0`, where QEMU's virtual clock advances 1 ns per instruction, so
// SysTick ticks once per 1e9/TACT_BOARD_CLOCK_HZ instructions (40 on mps2):
// deterministic but quantized to a tick. counter_unit() says which mode runs.
// See README.md.
#include <cstddef>
#include <cstdint>

#include "board.hpp"
#include "semihosting.hpp"
#include "systick.hpp"
#include "tact/port.hpp"

namespace {

// --- semihosting -----------------------------------------------------------

using namespace tact::port::semihosting;
constexpr char kCountFile[] = "tact-icount";  // created by qemu-run.sh's plugin in QEMU's cwd

int semihost(int op, const void* arg) { return call(op, arg); }

// --- SysTick fallback --------------------------------------------------------

constexpr std::uint64_t gcd(std::uint64_t a, std::uint64_t b) { return b == 0 ? a : gcd(b, a % b); }
// instructions per tick = 1e9 / clock, kept as an exact fraction.
constexpr std::uint64_t kNum = 1000000000u / gcd(1000000000u, TACT_BOARD_CLOCK_HZ);
constexpr std::uint64_t kDen = TACT_BOARD_CLOCK_HZ / gcd(1000000000u, TACT_BOARD_CLOCK_HZ);

}  // namespace

// --- state shared with the assembly of counter_read() -------------------------

extern "C" {

// Layout is used by counter_read()'s assembly: keep the offsets in sync.
struct TactIcount {
  std::uint32_t exact;       //  0: 1 = plugin channel open, 0 = SysTick fallback
  std::uint32_t seek[2];     //  4: SYS_SEEK block {handle, 0}
  std::uint32_t read[3];     // 12: SYS_READ block {handle, &value, 8}
  std::uint32_t value[2];    // 24: count written by the plugin (little endian)
};
static_assert(offsetof(TactIcount, seek) == 4 && offsetof(TactIcount, read) == 12 &&
              offsetof(TactIcount, value) == 24);

[[gnu::used]] TactIcount tact_icount = {};

void SysTick_Handler() { tact::port::systick::count_wrap(); }

[[gnu::used]] std::uint64_t tact_counter_read_systick() {
  return tact::port::systick::ticks() * kNum / kDen;
}

[[gnu::used, noreturn]] void tact_icount_failed() {
  tact::port::panic("counter_read: semihosting read of the QEMU plugin count failed");
}

}  // extern "C"

namespace {

// One plugin read done in C++ (start-up probe only): false if the
// semihosting calls fail, e.g. an empty file without a plugin behind it.
bool probe_read(std::uint64_t& value) {
  asm volatile("mov r11, r11" ::: "memory");  // begin marker
  const bool ok = semihost(SYS_SEEK, tact_icount.seek) == 0 && semihost(SYS_READ, tact_icount.read) == 0;
  asm volatile("mov r10, r10" ::: "memory");  // end marker
  value = tact_icount.value[0] | std::uint64_t{tact_icount.value[1]} << 32;
  return ok;
}

bool plugin_start() {
  const std::uint32_t open_args[3] = {reinterpret_cast<std::uint32_t>(kCountFile), kModeReadBinary,
                                      sizeof kCountFile - 1};
  const int handle = semihost(SYS_OPEN, open_args);
  if (handle < 0) return false;
  tact_icount.seek[0] = static_cast<std::uint32_t>(handle);
  tact_icount.seek[1] = 0;
  tact_icount.read[0] = static_cast<std::uint32_t>(handle);
  tact_icount.read[1] = reinterpret_cast<std::uint32_t>(tact_icount.value);
  tact_icount.read[2] = sizeof tact_icount.value;
  // A stale file with no plugin writing it does not change between reads.
  std::uint64_t first = 0, second = 0;
  if (probe_read(first) && probe_read(second) && second > first) return true;
  const std::uint32_t close_args[1] = {static_cast<std::uint32_t>(handle)};
  semihost(SYS_CLOSE, close_args);
  return false;
}

}  // namespace

namespace tact::port {

void detail::counter_start() {
  if (plugin_start()) {
    tact_icount.exact = 1;  // SysTick stays off: no interrupt lands in a measured region
  } else {
    (void)tact::port::systick::start();  // QEMU's machines all have SysTick
  }
}

CounterKind counter_kind() { return CounterKind::Instructions; }

// Naked, so that every instruction between the markers is known and the
// instructions outside them (the final `bx lr`) are fixed: 2 + the caller's
// own code between two reads. Thumb-1 only, for ARMv6-M (micro:bit) too.
// r0-r3 and flags are caller-saved (AAPCS); QEMU's semihosting changes r0 only.
[[gnu::naked]] std::uint64_t counter_read() {
  asm(
      "  .syntax unified\n"          // GCC passes Thumb-1 inline asm as divided syntax
      "  mov   r11, r11\n"           // begin marker: the plugin writes the count now
      "  ldr   r3, =tact_icount\n"
      "  ldr   r0, [r3, #0]\n"       // exact?
      "  cmp   r0, #0\n"
      "  beq   1f\n"
      "  adds  r1, r3, #4\n"         // SYS_SEEK {handle, 0}
      "  movs  r0, #0x0A\n"
      "  bkpt  0xAB\n"
      "  cmp   r0, #0\n"
      "  bne   2f\n"
      "  movs  r1, #12\n"            // SYS_READ {handle, &value, 8}
      "  adds  r1, r1, r3\n"
      "  movs  r0, #0x06\n"
      "  bkpt  0xAB\n"
      "  cmp   r0, #0\n"
      "  bne   2f\n"
      "  ldr   r0, [r3, #24]\n"      // value: low word
      "  ldr   r1, [r3, #28]\n"      //        high word
      "  mov   r10, r10\n"           // end marker: the plugin counts again from here
      "  bx    lr\n"
      "1:\n"
      "  mov   r10, r10\n"
      "  ldr   r3, =tact_counter_read_systick\n"
      "  bx    r3\n"                 // tail call, returns to our caller
      "2:\n"
      "  ldr   r3, =tact_icount_failed\n"
      "  bx    r3\n"
      "  .ltorg\n");
}

std::uint64_t counter_rate_hz() { return 0; }  // instructions are not time

const char* counter_unit() {
  return tact_icount.exact ? "instructions"
                           : "instructions (SysTick-quantized: QEMU icount plugin not loaded)";
}

}  // namespace tact::port
