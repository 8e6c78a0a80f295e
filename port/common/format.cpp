// Number formatting for every port (see tact/port_format.hpp).
#include "tact/port_format.hpp"

#include <cstring>

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

// Floats are printed from their exact value, with integer arithmetic only:
// a finite float is m·2^e (m < 2^24), so value·10^p is an exact rational
// whose denominator is a power of two or of ten. The result is rounded half
// to even, as printf does, so every target prints the same text and the
// last digit is right. (Scaling in float before was off in the last digit
// of about a third of the 6-digit scientific outputs, and FMA contraction
// made the M4F print some fixed values differently from the host.)

/// An unsigned integer of 7 × 32 bits: m·10^55 < 2^207 fits.
class BigInt {
 public:
  explicit BigInt(std::uint32_t value) { limb_[0] = value; }

  void multiply(std::uint32_t factor) {
    std::uint64_t carry = 0;
    for (std::uint32_t& limb : limb_) {
      carry += std::uint64_t{limb} * factor;
      limb = static_cast<std::uint32_t>(carry);
      carry >>= 32;
    }
  }
  /// Divides in place; returns the remainder.
  std::uint32_t divide(std::uint32_t divisor) {
    std::uint64_t rest = 0;
    for (int i = kLimbs - 1; i >= 0; --i) {
      rest = rest << 32 | limb_[i];
      limb_[i] = static_cast<std::uint32_t>(rest / divisor);
      rest %= divisor;
    }
    return static_cast<std::uint32_t>(rest);
  }
  bool bit(int k) const { return k < 32 * kLimbs && (limb_[k / 32] >> (k % 32) & 1u) != 0; }
  bool any_bit_below(int k) const {
    for (int i = 0; i < k; ++i)
      if (bit(i)) return true;
    return false;
  }
  /// The number shifted right by k bits; the caller knows it fits 64 bits.
  std::uint64_t shifted_right(int k) const {
    std::uint64_t result = 0;
    for (int i = 0; i < 64; ++i)
      if (bit(k + i)) result |= std::uint64_t{1} << i;
    return result;
  }

 private:
  static constexpr int kLimbs = 7;
  std::uint32_t limb_[kLimbs] = {};
};

std::uint64_t power_of_ten(int p) {
  std::uint64_t result = 1;
  while (p-- > 0) result *= 10u;
  return result;
}

/// A finite, non-negative float as mantissa·2^exponent.
struct Binary {
  std::uint32_t mantissa;
  int exponent;
};

Binary binary_of(float value) {
  std::uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  const std::uint32_t biased = bits >> 23 & 0xffu;
  const std::uint32_t fraction = bits & 0x7fffffu;
  if (biased == 0) return {fraction, -149};  // subnormal
  return {fraction | 0x800000u, static_cast<int>(biased) - 150};
}

/// value·10^p rounded half to even, where value = b.mantissa·2^b.exponent;
/// the callers keep the result below 2^63, and p ≥ 0 whenever
/// b.exponent < 0 (fixed notation; scientific below 1 needs p > 0, and
/// above 1e9 the exponent is positive).
std::uint64_t scaled_and_rounded(Binary b, int p) {
  BigInt number(b.mantissa);
  for (int i = 0; i < p; ++i) number.multiply(10);
  if (b.exponent < 0) {  // divide by 2^s, s = −exponent
    const int s = -b.exponent;
    const std::uint64_t q = number.shifted_right(s);
    const bool half = number.bit(s - 1);
    const bool above_half = half && number.any_bit_below(s - 1);
    return q + ((above_half || (half && (q & 1u) != 0)) ? 1u : 0u);
  }
  for (int i = 0; i < b.exponent; ++i) number.multiply(2);
  if (p >= 0) return number.shifted_right(0);
  bool rest = false;  // a dropped digit below the last one is not 0
  for (int i = 0; i < -p - 1; ++i) rest = number.divide(10) != 0 || rest;
  const std::uint32_t last = number.divide(10);
  const std::uint64_t q = number.shifted_right(0);
  const bool up = last > 5 || (last == 5 && (rest || (q & 1u) != 0));
  return q + (up ? 1u : 0u);
}

/// Writes q as "<q / 10^digits>.<q % 10^digits, digits wide>".
std::uint32_t format_scaled(char* buf, std::uint64_t q, int digits) {
  const std::uint64_t scale = power_of_ten(digits);
  std::uint32_t n = format_uint(buf, q / scale);
  if (digits > 0) {
    const std::uint64_t fraction = q % scale;
    buf[n++] = '.';
    for (std::uint64_t s = scale / 10u; s > 0; s /= 10u) buf[n++] = static_cast<char>('0' + fraction / s % 10u);
  }
  buf[n] = '\0';
  return n;
}

/// The smallest value printed in fixed notation with `digits` decimals:
/// 1e-4, or the last digit's unit when that is larger (so no value prints
/// as 0.000), as the float nearest it, as a caller's literal 1e-4f is.
float smallest_fixed(int digits) {
  constexpr float kSmallest[] = {1.0f, 1e-1f, 1e-2f, 1e-3f, 1e-4f};
  return kSmallest[digits < 4 ? digits : 4];
}

// format_float (fixed_only false) and format_fixed (true).
std::uint32_t format_decimal(char* buf, float value, int digits, bool fixed_only) {
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
  const Binary b = binary_of(value);
  if (value == 0.0f || ((fixed_only || value >= smallest_fixed(digits)) && value < 1e9f))
    return n + format_scaled(buf + n, scaled_and_rounded(b, digits), digits);

  // Scientific: value·10^(digits − k) rounded into [10^digits, 10^(digits+1)).
  // value ≥ 2^L (L: the leading bit's binary exponent), so k ≥ L·log10 2;
  // 1233/4096 is log10 2 to 5·10⁻⁶, so one less than its floor is a lower
  // bound of k (L + 4096 > 0 keeps the shift's operand positive, and
  // 4096·1233/4096 is exact). From below, k only moves up: a start above
  // the right k could round into range with one digit too few (7.8e-40 as
  // 1e-39 with no decimals).
  int top_bit = 31;
  while ((b.mantissa >> top_bit) == 0) --top_bit;
  int exponent = (((b.exponent + top_bit + 4096) * 1233) >> 12) - 1233 - 1;
  const std::uint64_t high = power_of_ten(digits + 1);
  std::uint64_t q = scaled_and_rounded(b, digits - exponent);
  while (q >= high) q = scaled_and_rounded(b, digits - ++exponent);
  n += format_scaled(buf + n, q, digits);
  buf[n++] = 'e';
  buf[n++] = exponent < 0 ? '-' : '+';
  if (exponent < 0) exponent = -exponent;
  if (exponent < 10) buf[n++] = '0';
  n += format_uint(buf + n, static_cast<std::uint64_t>(exponent));
  return n;
}

}  // namespace

std::uint32_t format_float(char* buf, float value, int digits) { return format_decimal(buf, value, digits, false); }

std::uint32_t format_fixed(char* buf, float value, int digits) { return format_decimal(buf, value, digits, true); }

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
