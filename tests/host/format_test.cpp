// tact::port::format_float against glibc's printf, which prints a double's
// exact value rounded half to even: the formatter works from the float's
// exact value with integers only, so the two must agree on every float and
// every digit count (session 29: float scaling was off in the last digit of
// about a third of the 6-digit scientific outputs, and of some fixed ones).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>

#include "tact/port.hpp"
#include "tact/port_format.hpp"

namespace {

std::string formatted(float value, int digits, bool fixed = false) {
  char buf[40];
  const std::uint32_t length =
      fixed ? tact::port::format_fixed(buf, value, digits) : tact::port::format_float(buf, value, digits);
  EXPECT_EQ(length, std::strlen(buf));
  return buf;
}

/// What format_float promises, spelled with printf: fixed notation for 0 and
/// for max(1e-4, 10^-digits) ≤ |value| < 1e9 (the thresholds as floats),
/// scientific otherwise.
/// format_fixed's: fixed notation for every |value| < 1e9.
std::string expected(float value, int digits, bool fixed_only = false) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  const float smallest[] = {1.0f, 1e-1f, 1e-2f, 1e-3f, 1e-4f};  // as floats, as a caller writes 1e-4f
  const float magnitude = std::fabs(value);
  const bool fixed =
      magnitude == 0 || ((fixed_only || magnitude >= smallest[std::min(digits, 4)]) && magnitude < 1e9f);
  char buf[80];
  std::snprintf(buf, sizeof buf, fixed ? "%.*f" : "%.*e", digits, static_cast<double>(value));
  return buf;
}

float from_bits(std::uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

TEST(Format, AgreesWithPrintfOnFloatsAcrossTheRange) {
  // Every 40 009th bit pattern (a prime stride: all exponents, varied
  // mantissas), both signs, NaNs and infinities included.
  int checked = 0;
  for (std::uint64_t bits = 0; bits <= 0xffffffffu; bits += 40009u) {
    const float value = from_bits(static_cast<std::uint32_t>(bits));
    for (int digits = 0; digits <= 9; ++digits) {
      ASSERT_EQ(formatted(value, digits), expected(value, digits)) << "bits " << bits << " digits " << digits;
      ASSERT_EQ(formatted(value, digits, true), expected(value, digits, true)) << "bits " << bits << " fixed " << digits;
      ++checked;
    }
  }
  EXPECT_GT(checked, 1000000);
}

TEST(Format, LastDigitsTheFloatScalingGotWrong) {
  EXPECT_EQ(formatted(3.4028235e38f, 6), "3.402823e+38");  // was 3.402824e+38
  EXPECT_EQ(formatted(9.99999935e-39f, 6), "9.999999e-39");  // was 1.000000e-38
  EXPECT_EQ(formatted(2.62178548e20f, 6), "2.621785e+20");  // was 2.621786e+20
  EXPECT_EQ(formatted(7.3915f, 3), "7.391");  // 7.39149999…: was 7.392
  EXPECT_EQ(formatted(0.8825f, 3), "0.882");  // 0.88249999…: was 0.883
  EXPECT_EQ(formatted(0.49999997f, 0), "5e-01");  // below the last digit's unit: scientific
  EXPECT_EQ(formatted(0.00049999997f, 3), "5.000e-04");  // was 0.000 (host) or 0.001 (M4F)
  EXPECT_EQ(formatted(-3e-4f, 3), "-3.000e-04");  // was -0.000
}

TEST(Format, TiesRoundToEvenAndSignsAndSpecialsAreKept) {
  EXPECT_EQ(formatted(1.5f, 0), "2");  // exact halves go to the even digit

  EXPECT_EQ(formatted(2.5f, 0), "2");
  EXPECT_EQ(formatted(0.125f, 2), "0.12");
  EXPECT_EQ(formatted(0.375f, 2), "0.38");
  EXPECT_EQ(formatted(-0.0f, 3), "-0.000");
  EXPECT_EQ(formatted(3.7252903e-9f, 9), "3.725290298e-09");  // below 1e-4: scientific at any digit count
  EXPECT_EQ(formatted(1e-4f, 9), "0.000100000");  // 1e-4f, just below 1e-4, is the threshold itself
  EXPECT_EQ(formatted(-1e-4f, 4), "-0.0001");
  EXPECT_EQ(formatted(2e-4f, 9), "0.000200000");
  EXPECT_EQ(formatted(0.0f, 0), "0");
  EXPECT_EQ(formatted(999999936.0f, 1), "999999936.0");  // the largest float below 1e9: fixed
  EXPECT_EQ(formatted(1e9f, 2), "1.00e+09");
  EXPECT_EQ(formatted(9.9999999e9f, 2), "1.00e+10");
  EXPECT_EQ(formatted(std::numeric_limits<float>::denorm_min(), 3), "1.401e-45");
  EXPECT_EQ(formatted(std::numeric_limits<float>::quiet_NaN(), 3), "nan");
  EXPECT_EQ(formatted(-std::numeric_limits<float>::infinity(), 3), "-inf");
  EXPECT_EQ(formatted(0.007f, 2, true), "0.01");  // format_fixed: columns stay fixed
  EXPECT_EQ(formatted(-0.0004f, 3, true), "-0.000");
  EXPECT_EQ(formatted(2e9f, 1, true), "2.0e+09");  // beyond 1e9: scientific still
  EXPECT_EQ(formatted(1.5f, -4), "2");   // digits clamped to 0 …
  EXPECT_EQ(formatted(1.5f, 40), "1.500000000");  // … and to 9
}

// The exit code a port hands the host: a failure must not read as success
// modulo 256 (found by audit in session 29: exit(256) passed).
TEST(Port, AFailureNeverReachesTheHostAsZero) {
  EXPECT_EQ(tact::port::host_exit_code(0), 0);
  EXPECT_EQ(tact::port::host_exit_code(1), 1);
  EXPECT_EQ(tact::port::host_exit_code(70), 70);
  EXPECT_EQ(tact::port::host_exit_code(256), 1);
  EXPECT_EQ(tact::port::host_exit_code(-256), 1);
  EXPECT_EQ(tact::port::host_exit_code(512 + 3), 512 + 3);  // low byte 3: a failure either way
}

}  // namespace
