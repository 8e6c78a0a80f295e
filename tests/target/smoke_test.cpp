// Smoke test for the Cortex-M port: Eigen fixed-size float code runs (3x3
// Cholesky solve), the FPU (if any) is on, and the counter counts.
#include <Eigen/Cholesky>
#include <Eigen/Core>

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
  port::format_int(buf, -1234567890123LL);
  TACT_CHECK(buf[0] == '-' && buf[1] == '1' && buf[13] == '3' && buf[14] == '\0');
}
