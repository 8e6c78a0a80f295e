// Smoke test for the Cortex-M port: Eigen fixed-size float code runs (3x3
// Cholesky solve), the FPU (if any) is on, and the counter counts.
#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <cstring>

#include "tact_test.hpp"

namespace port = tact::port;

TACT_TEST(llt_solve_3x3) {
  Eigen::Matrix3f a;
  a << 4.0f, 1.0f, 0.5f,  //
      1.0f, 3.0f, 0.25f,  //
      0.5f, 0.25f, 2.0f;
  Eigen::Vector3f b(1.0f, 2.0f, 3.0f);
  // Keep the compiler from computing the solve at compile time or moving it
  // across the counter reads.
  asm volatile("" : "+m"(a), "+m"(b));

  const std::uint64_t start = port::counter_read();
  const Eigen::LLT<Eigen::Matrix3f> llt(a);
  Eigen::Vector3f x = llt.solve(b);
  asm volatile("" : "+m"(x));
  const std::uint64_t stop = port::counter_read();

  TACT_CHECK(llt.info() == Eigen::Success);
  TACT_CHECK_NEAR((a * x - b).norm(), 0.0f, 1e-5f);
  TACT_CHECK_NEAR(x(2), 1.4470588f, 1e-5f);  // exact: x = (-5/68, 97/170, 123/85)

  TACT_CHECK(port::counter_kind() != port::CounterKind::None);
  TACT_CHECK(stop > start);
  port::write("    LLT 3x3 factor+solve: ");
  port::write_uint(stop - start);
  port::write(" ");
  port::write(port::counter_unit());
  port::write("\n");
}

TACT_TEST(format_numbers) {
  char buf[40];
  port::format_float(buf, -1.5f, 3);
  TACT_CHECK(buf[0] == '-' && buf[1] == '1' && buf[2] == '.' && buf[3] == '5' && buf[6] == '\0');
  port::format_float(buf, 9.9999999e9f, 2);
  TACT_CHECK(buf[0] == '1' && buf[1] == '.' && buf[4] == 'e' && buf[5] == '+' && buf[6] == '1' && buf[7] == '0');
  // Exact conversion, the same text as on the host (tests/host/format_test.cpp):
  // float scaling (and FMA contraction on the M4F) printed these differently.
  port::format_float(buf, 3.4028235e38f, 6);
  TACT_CHECK(std::strcmp(buf, "3.402823e+38") == 0);
  port::format_float(buf, 7.3915f, 3);
  TACT_CHECK(std::strcmp(buf, "7.391") == 0);
  port::format_float(buf, 0.00049999997f, 3);
  TACT_CHECK(std::strcmp(buf, "5.000e-04") == 0);
  port::format_float(buf, 2.5f, 0);
  TACT_CHECK(std::strcmp(buf, "2") == 0);
  port::format_int(buf, -1234567890123LL);
  TACT_CHECK(buf[0] == '-' && buf[1] == '1' && buf[13] == '3' && buf[14] == '\0');
}

// Two counter reads around a loop, all in one asm block so the count is
// certain. Between the reads run: the return of the first read (1), 2 movs,
// k iterations of subs/bne (2k) and the call of the second read (1), so an
// exact counter reads 2k + 4. Thumb-1 only (runs on ARMv6-M too).
static std::uint64_t measured_loop(std::uint32_t k, std::uint64_t (*read)() = port::counter_read) {
  register std::uint32_t n asm("r4") = k;
  register std::uint32_t lo0 asm("r5");
  register std::uint32_t hi0 asm("r6");
  register std::uint32_t lo1 asm("r0");
  register std::uint32_t hi1 asm("r1");
  asm volatile(
      ".syntax unified\n"  // GCC passes Thumb-1 inline asm as divided syntax
      "blx  %[read]\n"
      "mov  r5, r0\n"
      "mov  r6, r1\n"
      "1:\n"
      "subs r4, r4, #1\n"
      "bne  1b\n"
      "blx  %[read]\n"
      : "+&r"(n), "=&r"(lo0), "=&r"(hi0), "=&r"(lo1), "=&r"(hi1)
      : [read] "r"(read)
      : "r2", "r3", "r12", "lr", "cc", "memory");
  return ((std::uint64_t{hi1} << 32) | lo1) - ((std::uint64_t{hi0} << 32) | lo0);
}

// counter_read() with its begin marker 4 bytes before a 1 KiB boundary (QEMU's
// page size for Arm), then the rest of counter_read(). There QEMU's Thumb
// translator peeks at the next halfword to see whether the next instruction
// crosses the page, and the peek is appended to the marker's bytes as the
// plugin sees them: a plugin that wanted a 2-byte instruction missed the
// marker, and a firmware whose counter_read() landed there read 0 per step.
extern "C" std::uint64_t tact_counter_read_at_page_edge();
asm(".pushsection .text.tact_counter_read_at_page_edge,\"ax\",%progbits\n"
    "  .syntax unified\n"
    "  .thumb\n"
    "  .balign 1024\n"
    "  .space 1020\n"
    "  .global tact_counter_read_at_page_edge\n"
    "  .thumb_func\n"
    "tact_counter_read_at_page_edge:\n"
    "  mov   r11, r11\n"  // begin marker, as counter_read()'s first instruction
    "  ldr   r3, =_ZN4tact4port12counter_readEv + 2\n"
    "  bx    r3\n"        // counter_read() after its begin marker
    "  .ltorg\n"
    "  .popsection\n");

// Under QEMU with the project's plugin the counter is an exact instruction
// count: the loop must read exactly 2k + 4 (see port/cortex-m/README.md).
// Without the plugin (SysTick fallback, counter_unit() says so) and for
// cycle counters only a loose check applies.
TACT_TEST(counter_counts_a_known_loop) {
  if (!TACT_CHECK(port::counter_kind() != port::CounterKind::None)) return;  // every port has a counter
  const bool exact = port::counter_kind() == port::CounterKind::Instructions &&
                     std::strcmp(port::counter_unit(), "instructions") == 0;
  const std::uint32_t ks[] = {1, 10, 1000, 1000000};
  for (const std::uint32_t k : ks) {
    const std::uint64_t expected = 2 * std::uint64_t{k} + 4;
    const std::uint64_t got = measured_loop(k);
    const std::uint64_t again = measured_loop(k);
    port::write("    loop k=");
    port::write_uint(k);
    port::write(": expected ");
    port::write_uint(expected);
    port::write(", read ");
    port::write_uint(got);
    port::write(" ");
    port::write(port::counter_unit());
    port::write("\n");
    if (exact) {
      TACT_CHECK(got == expected);
      TACT_CHECK(again == expected);
    } else if (port::counter_kind() == port::CounterKind::Instructions) {
      TACT_CHECK(got + 200 >= expected && got <= expected + 200);  // a tick plus overhead
    } else {
      TACT_CHECK(got > 0);
    }
  }
  if (exact) {
    // The same loop, read by a counter_read() whose begin marker sits at a page edge.
    const std::uint64_t at_page_edge = measured_loop(10, tact_counter_read_at_page_edge);
    port::write("    loop k=10, read at a page edge: ");
    port::write_uint(at_page_edge);
    port::write("\n");
    TACT_CHECK(at_page_edge == 2 * 10 + 4);  // its ldr and bx lie between the markers too
  }
  const std::uint64_t a = port::counter_read();
  const std::uint64_t b = port::counter_read();
  port::write("    back-to-back reads: ");
  port::write_uint(b - a);
  port::write("\n");
  if (exact) TACT_CHECK(b - a >= 2 && b - a <= 8);  // the return, the call, a move or two
}
