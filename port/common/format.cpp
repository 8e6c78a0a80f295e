// Number formatting for every port (see tact/port_format.hpp).
#include "tact/port_format.hpp"

#include "tact/port.hpp"

namespace tact::port {

std::uint32_t format_uint(char* buf, std::uint64_t value) {
  char digits[20];
  std::uint32_t n = 0;
  do {
    digits[n++] = static_cast<char>('0' + value % 10u);
    value /= 10u;
  } while (value != 0);
  for (std::uint32_t i = 0; i < n; ++i) buf[i] = digits[n - 1 - i];
  buf[n] = '\0';
  return n;
}

std::uint32_t format_int(char* buf, std::int64_t value) {
  if (value >= 0) return format_uint(buf, static_cast<std::uint64_t>(value));
  buf[0] = '-';
  // Negate in unsigned arithmetic: -INT64_MIN does not fit in int64_t.
  return 1 + format_uint(buf + 1, 0u - static_cast<std::uint64_t>(value));
}

namespace {

// "<integer>.<fraction>" for 0 <= value < 1e9 with `digits` decimals, rounded.
std::uint32_t format_fixed(char* buf, float value, int digits) {
  std::uint32_t scale = 1;
  for (int i = 0; i < digits; ++i) scale *= 10u;
  auto whole = static_cast<std::uint32_t>(value);
  // Exact in float: whole and value are close, so the difference is exact.
  // Round half up by +0.5 and truncation: the operand is never negative, and
  // lroundf would pull libm into every firmware.
  const float scaled = (value - static_cast<float>(whole)) * static_cast<float>(scale);
  auto fraction = static_cast<std::uint32_t>(scaled + 0.5f);  // NOLINT(bugprone-incorrect-roundings)
  if (fraction >= scale) {  // rounding carried into the integer part
    fraction -= scale;
    ++whole;
  }
  std::uint32_t n = format_uint(buf, whole);
  if (digits > 0) {
    buf[n++] = '.';
    for (std::uint32_t s = scale / 10u; s > 0; s /= 10u) buf[n++] = static_cast<char>('0' + fraction / s % 10u);
  }
  buf[n] = '\0';
  return n;
}

}  // namespace

std::uint32_t format_float(char* buf, float value, int digits) {
  if (digits < 0) digits = 0;
  if (digits > 9) digits = 9;
  std::uint32_t n = 0;
  if (value != value) {
    buf[0] = 'n', buf[1] = 'a', buf[2] = 'n', buf[3] = '\0';
    return 3;
  }
  if (value < 0.0f || (value == 0.0f && 1.0f / value < 0.0f)) {  // keep the sign of -0
    buf[n++] = '-';
    value = -value;
  }
  if (value > 3.4028235e38f) {
    buf[n++] = 'i', buf[n++] = 'n', buf[n++] = 'f', buf[n] = '\0';
    return n;
  }
  if (value == 0.0f || (value >= 1e-4f && value < 1e9f)) return n + format_fixed(buf + n, value, digits);

  // Scientific: bring value into [1, 10) by powers of ten; if rounding to
  // `digits` decimals would print "10.0...", take one more power.
  int exponent = 0;
  while (value >= 10.0f) value /= 10.0f, ++exponent;
  while (value < 1.0f) value *= 10.0f, --exponent;
  float half_ulp = 0.5f;
  for (int i = 0; i < digits; ++i) half_ulp /= 10.0f;
  if (value + half_ulp >= 10.0f) value /= 10.0f, ++exponent;
  n += format_fixed(buf + n, value, digits);
  buf[n++] = 'e';
  buf[n++] = exponent < 0 ? '-' : '+';
  if (exponent < 0) exponent = -exponent;
  if (exponent < 10) buf[n++] = '0';
  n += format_uint(buf + n, static_cast<std::uint64_t>(exponent));
  return n;
}

void write_int(std::int64_t value) {
  char buf[24];
  write(buf, format_int(buf, value));
}

void write_uint(std::uint64_t value) {
  char buf[24];
  write(buf, format_uint(buf, value));
}

void write_float(float value, int digits) {
  char buf[40];
  write(buf, format_float(buf, value, digits));
}

}  // namespace tact::port
