/// @file problem_io.hpp
/// Plain-text reader and writer for one QP (a Problem), safe for firmware:
/// no heap, no exceptions, no iostream, no stdio, no strtod (newlib's strtod
/// mallocs). A Cortex-M can load a captured step via semihosting and replay it.
///
/// Format (version 1), see also docs/problem-format.md:
///
///     # comments start with '#' and run to the end of the line; whitespace is free
///     tact-qp 1          # magic and format version
///     n 2                # degrees of freedom (1..MaxDof)
///     eq 0               # equality rows (0..MaxEq)
///     ineq 2             # inequality rows (0..MaxIneq)
///     M  2 0  0 2        # n*n values, row by row
///     f  2 -1            # n values
///     Jeq                # eq*n values, row by row
///     deq                # eq values
///     Jin 1 -1  0 1      # ineq*n values, row by row
///     din 0 0            # ineq values
///     ids 0 1            # optional: ineq stable row ids (0..65535); default 0,1,2,...
///
/// Keywords are case-sensitive and appear in this order. Tokens are separated
/// by whitespace (space, tab, CR, LF, VT, FF) or a comment. Lines end at LF,
/// CR LF or CR. Input ends at `length` or at the first NUL byte, whichever
/// comes first.
///
/// Numbers: optional sign, digits, optional '.' and fraction (at least one
/// digit in all), optional exponent (e/E, optional sign, digits); or `nan`,
/// `inf` with optional sign (case-insensitive), so a captured bad step can be
/// replayed. Sizes, the version and ids are integers without fraction or
/// exponent. Magnitudes beyond the Scalar's range read as ±inf.
///
/// Conversion: up to 19 significant digits go into a 64-bit mantissa (further
/// digits are dropped), which is scaled by exact powers of ten (10^0..10^22 are
/// exact in double; larger ones are built in double-double arithmetic, about
/// 106 bits) and rounded to double, then to Scalar. Results are correctly
/// rounded except within about 1e-16 (float) or 1e-30 (double) relative of a
/// halfway point (and beyond 19 significant digits, which are only
/// approximated).
///
/// Writing uses ScalarTraits<Scalar>::round_trip_digits significant digits
/// (9 for float, 17 for double) with the same arithmetic. Every finite value
/// written reads back bit-identical with read_problem, for float and double
/// alike, subnormals and -0 included (the writer also checks each number
/// against the reader). NaN payloads are not kept.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "tact/config.hpp"
#include "tact/problem.hpp"

namespace tact {

/// Why read_problem rejected a text.
enum class ParseError : std::uint8_t {
  None,                ///< read successfully
  BadMagic,            ///< the text does not start with "tact-qp"
  UnsupportedVersion,  ///< a format version other than 1
  UnexpectedKeyword,   ///< a keyword other than the next one expected (or a count of values too large/small)
  BadNumber,           ///< a token that is not a valid number (or integer, or id in 0..65535)
  SizeBeyondBounds,    ///< n not in [1, MaxDof], or a row count negative or beyond MaxEq/MaxIneq
  Truncated,           ///< the text ended before the problem was complete
  TrailingData,        ///< tokens after the last section
};

/// Short name of a parse error, for logs.
constexpr const char* to_string(ParseError error) {
  switch (error) {
    case ParseError::None: return "none";
    case ParseError::BadMagic: return "bad-magic";
    case ParseError::UnsupportedVersion: return "unsupported-version";
    case ParseError::UnexpectedKeyword: return "unexpected-keyword";
    case ParseError::BadNumber: return "bad-number";
    case ParseError::SizeBeyondBounds: return "size-beyond-bounds";
    case ParseError::Truncated: return "truncated";
    case ParseError::TrailingData: return "trailing-data";
  }
  return "unknown";
}

/// Outcome of read_problem.
struct ParseResult {
  ParseError error = ParseError::None;
  int line = 0;  ///< 1-based line of the offending token (of the end of input when Truncated); 0 when None

  bool ok() const { return error == ParseError::None; }
};

namespace io {
namespace detail {

/// 10^k for k = 0..22: every one is exact in double.
inline double exact_power_of_ten(int k) {
  static constexpr double kPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                       1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  return kPowers[k];
}

// Double-double ("wide") arithmetic: hi + lo carries about 106 bits, so a
// chain of scalings by powers of ten stays exact to ~1e-30 and the final
// rounding to double is (practically) correct. Plain doubles would round at
// every step and miss some doubles entirely, breaking the round trip.
struct Wide {
  double hi = 0;
  double lo = 0;
};

inline Wide quick_two_sum(double a, double b) {  // |a| >= |b|
  const double sum = a + b;
  return {sum, b - (sum - a)};
}

inline Wide two_sum(double a, double b) {
  const double sum = a + b;
  const double b_part = sum - a;
  return {sum, (a - (sum - b_part)) + (b - b_part)};
}

/// a·b exactly as hi + lo: hardware FMA where the target has it, else
/// Dekker's split (only ever applied to |a|, |b| < 2^900, so no overflow).
inline Wide two_product(double a, double b) {
  const double product = a * b;
#if defined(__FP_FAST_FMA)
  return {product, std::fma(a, b, -product)};
#else
  const auto split = [](double x) {
    const double c = 134217729.0 * x;  // 2^27 + 1
    const double high = c - (c - x);
    return Wide{high, x - high};
  };
  const Wide x = split(a), y = split(b);
  return {product, ((x.hi * y.hi - product) + x.hi * y.lo + x.lo * y.hi) + x.lo * y.lo};
#endif
}

inline Wide multiply(const Wide& a, const Wide& b) {
  Wide p = two_product(a.hi, b.hi);
  p.lo += a.hi * b.lo + a.lo * b.hi;
  return quick_two_sum(p.hi, p.lo);
}

inline Wide subtract(const Wide& a, const Wide& b) {
  Wide d = two_sum(a.hi, -b.hi);
  d.lo += a.lo - b.lo;
  return quick_two_sum(d.hi, d.lo);
}

inline Wide divide(const Wide& a, const Wide& b) {
  const double q1 = a.hi / b.hi;  // long division, one double "digit" at a time
  Wide rest = subtract(a, multiply(b, Wide{q1, 0}));
  const double q2 = rest.hi / b.hi;
  rest = subtract(rest, multiply(b, Wide{q2, 0}));
  const double q3 = rest.hi / b.hi;
  const Wide q = quick_two_sum(q1, q2);
  const Wide sum = two_sum(q.hi, q3);
  return quick_two_sum(sum.hi, sum.lo + q.lo);
}

/// value · 10^k = value · 5^k · 2^k, computed as value · 5^k (or value / 5^−k)
/// in wide arithmetic; the caller applies 2^k with an exact ldexp.
/// Requires |k| <= 400 (5^400 < 2^929) and a value that keeps the result in range.
inline Wide scale_by_power_of_five(Wide value, int k) {
  Wide power{1, 0};
  for (int rest = k < 0 ? -k : k; rest > 0;) {
    const int step = rest > 22 ? 22 : rest;  // 5^22 < 2^53: exact
    double factor = 1;
    for (int i = 0; i < step; ++i) factor *= 5;
    power = multiply(power, Wide{factor, 0});
    rest -= step;
  }
  return k >= 0 ? multiply(value, power) : divide(value, power);
}

/// (mantissa + ½·dropped) · 10^exponent rounded to double, where `dropped`
/// says that nonzero digits beyond the mantissa's 19 were dropped (the half
/// keeps them from posing as a tie). Correctly rounded except within ~1e-30
/// (relative) of a halfway point.
inline double decimal_to_double(std::uint64_t mantissa, int exponent, bool dropped = false) {
  if (mantissa == 0) return 0.0;
  // Fast path: one exact operand and one rounding.
  if (!dropped && mantissa <= (std::uint64_t{1} << 53) && exponent >= -22 && exponent <= 22)
    return exponent >= 0 ? static_cast<double>(mantissa) * exact_power_of_ten(exponent)
                         : static_cast<double>(mantissa) / exact_power_of_ten(-exponent);
  // mantissa < 10^19: from 10^311 on it is inf, below 10^-343 it is 0.
  if (exponent > 311) return std::numeric_limits<double>::infinity();
  if (exponent < -362) return 0.0;
  const double high = static_cast<double>(mantissa);
  const auto rounded = static_cast<std::uint64_t>(high);  // high <= 2^64 - 2^11: fits
  const double low = static_cast<double>(static_cast<std::int64_t>(mantissa - rounded)) + (dropped ? 0.5 : 0.0);
  const Wide scaled = scale_by_power_of_five(quick_two_sum(high, low), exponent);
  double result = std::ldexp(scaled.hi, exponent);  // exact unless the result is subnormal
  if (result <= std::numeric_limits<double>::min()) {
    // Subnormal (or rounded up to the smallest normal from one): ldexp
    // rounded hi a second time; where hi sat exactly on a tie of the
    // coarser grid, lo decides.
    const double back = std::ldexp(result, -exponent);  // exact
    const double half_step = std::ldexp(std::numeric_limits<double>::denorm_min(), -exponent - 1);
    const double error = scaled.hi - back;
    if (error == half_step && scaled.lo > 0) result = std::nextafter(result, 1.0);
    if (error == -half_step && scaled.lo < 0) result = std::nextafter(result, 0.0);
  }
  return result;
}

inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

/// A token is a run of characters up to whitespace, '#' or the end.
struct Token {
  const char* text = nullptr;
  std::size_t length = 0;
  int line = 0;

  bool is(const char* word) const {
    std::size_t k = 0;
    for (; k < length; ++k)
      if (word[k] != text[k]) return false;  // also stops at word's NUL
    return word[k] == '\0';
  }
  bool is_ci(const char* word) const {  // case-insensitive, word in lower case
    std::size_t k = 0;
    for (; k < length; ++k)
      if (word[k] != lower(text[k])) return false;
    return word[k] == '\0';
  }
};

/// Splits text into tokens, skipping whitespace and comments, counting lines.
class Lexer {
 public:
  Lexer(const char* text, std::size_t length) : text_(text), length_(length) {}

  /// Next token; false at the end of input (line() is then the last line).
  bool next(Token& token) {
    skip_blank();
    if (at_end()) return false;
    token.text = text_ + pos_;
    token.line = line_;
    const std::size_t start = pos_;
    while (!at_end() && !is_space(text_[pos_]) && text_[pos_] != '#') ++pos_;
    token.length = pos_ - start;
    return true;
  }
  int line() const { return line_; }

 private:
  bool at_end() const { return pos_ >= length_ || text_[pos_] == '\0'; }
  // A line ends at LF, CR LF or a lone CR (a classic Mac file), so errors
  // name the right line and a comment ends at any of them.
  bool at_line_end() const { return text_[pos_] == '\n' || text_[pos_] == '\r'; }
  void skip_blank() {
    while (!at_end()) {
      const char c = text_[pos_];
      if (c == '#') {
        while (!at_end() && !at_line_end()) ++pos_;
      } else if (is_space(c)) {
        ++pos_;
        if (c == '\n' || (c == '\r' && (at_end() || text_[pos_] != '\n'))) ++line_;
      } else {
        return;
      }
    }
  }

  const char* text_;
  std::size_t length_;
  std::size_t pos_ = 0;
  int line_ = 1;
};

/// Parses a whole token as a decimal number (or nan/inf) into double.
/// The mantissa keeps 19 significant digits; the exponent saturates.
inline bool parse_decimal(const Token& token, std::uint64_t& mantissa, int& exponent, bool& dropped,
                          bool& negative, bool& special, double& special_value) {
  const char* s = token.text;
  const char* end = token.text + token.length;
  negative = false;
  special = false;
  if (s < end && (*s == '+' || *s == '-')) negative = (*s++ == '-');
  const Token rest{s, static_cast<std::size_t>(end - s), token.line};
  if (rest.is_ci("nan") || rest.is_ci("inf")) {
    special = true;
    special_value = rest.is_ci("nan") ? std::numeric_limits<double>::quiet_NaN()
                                      : std::numeric_limits<double>::infinity();
    return true;
  }
  // The digits' count and the written exponent saturate here, so their sum
  // stays in an int (a run of 2^31 digits overflowed it): exact for every
  // token shorter than 10^9 characters, 0 or inf beyond as it should be.
  constexpr int kExponentSaturation = 1000000000;
  mantissa = 0;
  exponent = 0;
  dropped = false;
  int significant = 0;
  bool any_digit = false;
  bool in_fraction = false;
  for (; s < end; ++s) {
    if (*s == '.' && !in_fraction) {
      in_fraction = true;
      continue;
    }
    if (!is_digit(*s)) break;
    any_digit = true;
    const int digit = *s - '0';
    if (significant < 19 && (significant > 0 || digit != 0)) {  // leading zeros are not significant
      mantissa = mantissa * 10 + static_cast<std::uint64_t>(digit);
      ++significant;
      if (in_fraction) --exponent;
    } else if (significant >= 19) {
      dropped = dropped || digit != 0;
      if (!in_fraction && exponent < kExponentSaturation) ++exponent;  // a dropped integer digit still scales
    } else if (significant == 0 && in_fraction) {
      if (exponent > -kExponentSaturation) --exponent;  // leading zero after the point
    }
  }
  if (!any_digit) return false;
  if (s < end && (*s == 'e' || *s == 'E')) {
    ++s;
    bool exponent_negative = false;
    if (s < end && (*s == '+' || *s == '-')) exponent_negative = (*s++ == '-');
    if (s == end) return false;
    int written = 0;
    for (; s < end && is_digit(*s); ++s)
      if (written < kExponentSaturation / 10) written = written * 10 + (*s - '0');
    exponent += exponent_negative ? -written : written;
  }
  return s == end;
}

/// Parses a whole token as a number of type Scalar.
template <typename Scalar>
bool parse_number(const Token& token, Scalar& value) {
  std::uint64_t mantissa = 0;
  int exponent = 0;
  bool dropped = false;
  bool negative = false;
  bool special = false;
  double special_value = 0;
  if (!parse_decimal(token, mantissa, exponent, dropped, negative, special, special_value)) return false;
  const double magnitude = special ? special_value : decimal_to_double(mantissa, exponent, dropped);
  value = tact::detail::to_scalar<Scalar>(negative ? -magnitude : magnitude);
  return true;
}

/// Parses a whole token as an integer: optional sign and digits only.
/// Saturates near ±10^9 (far beyond any bound; fits a 32-bit long).
inline bool parse_integer(const Token& token, long& value) {
  const char* s = token.text;
  const char* end = token.text + token.length;
  bool negative = false;
  if (s < end && (*s == '+' || *s == '-')) negative = (*s++ == '-');
  if (s == end) return false;
  long magnitude = 0;
  for (; s < end; ++s) {
    if (!is_digit(*s)) return false;
    if (magnitude < 100000000L) magnitude = magnitude * 10 + (*s - '0');
  }
  value = negative ? -magnitude : magnitude;
  return true;
}

/// The section keywords, in file order.
inline bool is_keyword(const Token& token) {
  static constexpr const char* kKeywords[] = {"tact-qp", "n", "eq", "ineq", "M", "f", "Jeq", "deq", "Jin", "din", "ids"};
  for (const char* word : kKeywords)
    if (token.is(word)) return true;
  return false;
}

/// Appends characters to a bounded buffer, counting what the whole text needs.
class Output {
 public:
  Output(char* buffer, std::size_t capacity) : buffer_(buffer), capacity_(capacity) {}
  void put(char c) {
    if (length_ + 1 < capacity_) buffer_[length_] = c;
    ++length_;
  }
  void put(const char* text) {
    while (*text) put(*text++);
  }
  /// Terminates with NUL (when capacity > 0) and returns the full length.
  std::size_t finish() {
    if (capacity_ > 0) buffer_[length_ < capacity_ ? length_ : capacity_ - 1] = '\0';
    return length_;
  }

 private:
  char* buffer_;
  std::size_t capacity_;
  std::size_t length_ = 0;
};

inline void put_unsigned(Output& out, std::uint64_t value) {
  char digits[20];
  int count = 0;
  do {
    digits[count++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  while (count > 0) out.put(digits[--count]);
}

/// `magnitude` (> 0, finite) rounded to `digits` significant decimal digits
/// (ties to even, like printf): magnitude ≈ mantissa · 10^exponent, with the
/// mantissa's trailing zeros dropped.
template <typename Scalar>
void to_decimal(Scalar magnitude, int digits, std::uint64_t& mantissa, int& exponent) {
  const double x = static_cast<double>(magnitude);
  const double lowest = exact_power_of_ten(digits - 1);
  const double highest = exact_power_of_ten(digits);
  // First guess of the decimal exponent of x from its binary one
  // (log10 2 ≈ 0.30103), then corrected by at most a step or two.
  int binary_exponent = 0;
  (void)std::frexp(x, &binary_exponent);
  int decimal = static_cast<int>(std::floor((binary_exponent - 1) * 0.30102999566398120));
  Wide scaled;
  for (int attempt = 0; attempt < 4; ++attempt) {
    // scaled = x · 10^shift in [10^(digits−1), 10^digits); x · 2^shift is
    // exact (it stays within the normal range for every finite x).
    const int shift = digits - 1 - decimal;
    scaled = scale_by_power_of_five(Wide{std::ldexp(x, shift), 0}, shift);
    if (scaled.hi > highest || (scaled.hi == highest && scaled.lo >= 0)) {
      ++decimal;
    } else if (scaled.hi < lowest || (scaled.hi == lowest && scaled.lo < 0)) {
      --decimal;
    } else {
      break;
    }
  }
  // Round hi + lo to the nearest integer, ties to even like printf (hi alone
  // may be a non-integer below 2^52, or an even integer above 2^53).
  // A rest of exactly 0.5 is a tie only when the sum's rounding error is 0
  // too (a small lo is absorbed: 0.0025 at 1 digit read as the tie 2.5e-3).
  const double whole = std::floor(scaled.hi);
  const Wide fraction = two_sum(scaled.hi - whole, scaled.lo);  // hi in about (-1, 1)
  const double below = std::floor(fraction.hi);
  const double rest = fraction.hi - below;  // in [0, 1)
  mantissa = static_cast<std::uint64_t>(whole) + static_cast<std::uint64_t>(static_cast<std::int64_t>(below));
  const bool above_half = rest > 0.5 || (rest == 0.5 && fraction.lo > 0);
  const bool tie = rest == 0.5 && fraction.lo == 0;
  if (above_half || (tie && mantissa % 2 == 1)) ++mantissa;
  exponent = decimal - (digits - 1);
  // Safety net for the rare value whose digits sit within ~1e-30 of a
  // rounding boundary: the reader is monotonic in the mantissa, so search
  // near the guess for the mantissas that read back as the value and take
  // the middle one (the closest in exact arithmetic).
  const auto reads = [exponent](std::uint64_t m) { return tact::detail::to_scalar<Scalar>(decimal_to_double(m, exponent)); };
  if (digits >= ScalarTraits<Scalar>::round_trip_digits && reads(mantissa) != magnitude) {
    // First mantissa in [start, start + 16] whose reading passes the value
    // (or equals it, with `or_equal`).
    const auto first_above = [&](std::uint64_t start, bool or_equal) {
      std::uint64_t count = 16;
      while (count > 0) {
        const std::uint64_t half = count / 2;
        const Scalar back = reads(start + half);
        if (back < magnitude || (!or_equal && back == magnitude)) {
          start += half + 1;
          count -= half + 1;
        } else {
          count = half;
        }
      }
      return start;
    };
    const std::uint64_t window = mantissa - 8;  // mantissa >= 10^8 here
    const std::uint64_t first = first_above(window, true);
    const std::uint64_t past = first_above(window, false);
    if (first < past) mantissa = first + (past - first - 1) / 2;
  }
  while (mantissa != 0 && mantissa % 10 == 0) {
    mantissa /= 10;
    ++exponent;
  }
}

}  // namespace detail

/// Writes `value` with at most `digits` (1..17) significant digits, like
/// printf's %.<digits>g: plain notation for decimal exponents in [-4, digits),
/// else d.ddde±XX; trailing zeros dropped; "nan", "inf", "-inf", "-0".
/// With digits = ScalarTraits<Scalar>::round_trip_digits the text reads back
/// bit-identical with read_problem.
/// @return the number of characters the full text needs (without NUL); writes
///         at most capacity − 1 of them and a NUL when capacity > 0 (like snprintf).
template <typename Scalar>
std::size_t format_number(Scalar value, int digits, char* out, std::size_t capacity) {
  static_assert(kIsSupportedScalar<Scalar>, "Scalar must be float or double");
  detail::Output output(out, capacity);
  digits = digits < 1 ? 1 : (digits > 17 ? 17 : digits);
  if (std::isnan(value)) {
    output.put("nan");
    return output.finish();
  }
  if (std::signbit(value)) output.put('-');
  const Scalar magnitude = std::fabs(value);
  if (std::isinf(magnitude)) {
    output.put("inf");
    return output.finish();
  }
  if (magnitude == Scalar(0)) {
    output.put('0');
    return output.finish();
  }
  std::uint64_t mantissa = 0;
  int exponent = 0;
  detail::to_decimal(magnitude, digits, mantissa, exponent);
  char text[20] = {};  // the significant digits, most significant first
  int count = 0;
  for (std::uint64_t rest = mantissa; rest != 0; rest /= 10) ++count;
  for (int k = count - 1; k >= 0; --k, mantissa /= 10) text[k] = static_cast<char>('0' + mantissa % 10);
  const int leading = exponent + count - 1;  // decimal exponent of the first digit
  if (leading >= -4 && leading < digits) {
    if (leading < 0) {
      output.put("0.");
      for (int k = -1; k > leading; --k) output.put('0');
      for (int k = 0; k < count; ++k) output.put(text[k]);
    } else {
      for (int k = 0; k <= leading; ++k) output.put(k < count ? text[k] : '0');
      if (count > leading + 1) output.put('.');
      for (int k = leading + 1; k < count; ++k) output.put(text[k]);
    }
  } else {
    output.put(text[0]);
    if (count > 1) output.put('.');
    for (int k = 1; k < count; ++k) output.put(text[k]);
    output.put(leading < 0 ? "e-" : "e+");
    const int magnitude_exponent = leading < 0 ? -leading : leading;
    if (magnitude_exponent < 10) output.put('0');
    detail::put_unsigned(output, static_cast<std::uint64_t>(magnitude_exponent));
  }
  return output.finish();
}

}  // namespace io

/// Reads one problem in the format above into `out`.
/// Never writes beyond the compile-time bounds. On error `out` is reset to
/// empty sizes (n = 0), which the solver rejects as InvalidInput.
/// @param text   the file's contents; need not be NUL-terminated
/// @param length characters in text (reading also stops at a NUL)
template <int MaxDof, int MaxEq, int MaxIneq, typename Scalar>
ParseResult read_problem(const char* text, std::size_t length, Problem<MaxDof, MaxEq, MaxIneq, Scalar>& out) {
  using io::detail::Token;
  io::detail::Lexer lexer(text, length);
  Token token;
  ParseResult result;

  // Each step either succeeds or records the first error; later steps then do nothing.
  const auto fail = [&](ParseError error, int line) {
    if (result.ok()) result = ParseResult{error, line};
    return false;
  };
  const auto next = [&]() { return result.ok() && (lexer.next(token) || fail(ParseError::Truncated, lexer.line())); };
  const auto keyword = [&](const char* word, ParseError error) {
    return next() && (token.is(word) || fail(error, token.line));
  };
  // A number where a keyword stands means too few values: say so.
  const auto value_error = [&]() {
    return io::detail::is_keyword(token) ? ParseError::UnexpectedKeyword : ParseError::BadNumber;
  };
  const auto integer = [&](long& value) {
    return next() && (io::detail::parse_integer(token, value) || fail(value_error(), token.line));
  };
  const auto number = [&](Scalar& value) {
    return next() && (io::detail::parse_number(token, value) || fail(value_error(), token.line));
  };
  const auto size = [&](const char* word, long low, long high, long& value) {
    return keyword(word, ParseError::UnexpectedKeyword) && integer(value) &&
           ((value >= low && value <= high) || fail(ParseError::SizeBeyondBounds, token.line));
  };

  long version = 0, n = 0, num_eq = 0, num_ineq = 0;
  if (keyword("tact-qp", ParseError::BadMagic) && integer(version) &&
      (version == 1 || fail(ParseError::UnsupportedVersion, token.line)) && size("n", 1, MaxDof, n) &&
      size("eq", 0, MaxEq, num_eq) && size("ineq", 0, MaxIneq, num_ineq) &&
      out.resize(static_cast<Index>(n), static_cast<Index>(num_eq), static_cast<Index>(num_ineq))) {
    const Index dofs = out.n, rows_eq = out.num_eq, rows_ineq = out.num_ineq;
    if (keyword("M", ParseError::UnexpectedKeyword))
      for (Index i = 0; i < dofs; ++i)
        for (Index j = 0; j < dofs && number(out.M(i, j)); ++j) {}
    if (keyword("f", ParseError::UnexpectedKeyword))
      for (Index i = 0; i < dofs && number(out.f(i)); ++i) {}
    if (keyword("Jeq", ParseError::UnexpectedKeyword))
      for (Index r = 0; r < rows_eq; ++r)
        for (Index j = 0; j < dofs && number(out.J_eq(r, j)); ++j) {}
    if (keyword("deq", ParseError::UnexpectedKeyword))
      for (Index r = 0; r < rows_eq && number(out.d_eq(r)); ++r) {}
    if (keyword("Jin", ParseError::UnexpectedKeyword))
      for (Index r = 0; r < rows_ineq; ++r)
        for (Index j = 0; j < dofs && number(out.J_ineq(r, j)); ++j) {}
    if (keyword("din", ParseError::UnexpectedKeyword))
      for (Index r = 0; r < rows_ineq && number(out.d_ineq(r)); ++r) {}
    // Optional ids, then the end of the input.
    if (result.ok() && lexer.next(token)) {
      if (!token.is("ids")) {
        fail(ParseError::TrailingData, token.line);
      } else {
        for (Index r = 0; r < rows_ineq; ++r) {
          long id = 0;
          if (!integer(id)) break;
          if (id < 0 || id > 65535) {
            fail(ParseError::BadNumber, token.line);
            break;
          }
          out.ineq_id[static_cast<std::size_t>(r)] = static_cast<RowId>(id);
        }
        if (result.ok() && lexer.next(token)) fail(ParseError::TrailingData, token.line);
      }
    }
  }
  if (!result.ok()) (void)out.resize(0, 0, 0);  // sizes 0: unusable, never half-read
  return result;
}

/// Writes `problem` in the format above: one keyword per line, matrices one
/// row per line, numbers with ScalarTraits<Scalar>::round_trip_digits digits;
/// ids only when they differ from 0, 1, 2, ...
/// @return the number of characters the complete text needs (without NUL);
///         writes at most capacity − 1 of them and a NUL when capacity > 0
///         (like snprintf), so a first call with capacity 0 sizes the buffer.
///         0, and only the NUL, when the sizes are outside the bounds
///         (Problem::sizes_valid, e.g. set by hand): nothing beyond them is read.
template <int MaxDof, int MaxEq, int MaxIneq, typename Scalar>
std::size_t write_problem(const Problem<MaxDof, MaxEq, MaxIneq, Scalar>& p, char* buffer, std::size_t capacity) {
  io::detail::Output out(buffer, capacity);
  if (!p.sizes_valid()) return out.finish();
  const auto put_number = [&](Scalar value) {
    char text[32];
    (void)io::format_number(value, ScalarTraits<Scalar>::round_trip_digits, text, sizeof text);
    out.put(' ');
    out.put(text);
  };
  const auto put_size = [&](const char* word, Index value) {
    out.put(word);
    out.put(' ');
    io::detail::put_unsigned(out, static_cast<std::uint64_t>(value));  // ≥ 0: sizes_valid
    out.put('\n');
  };
  // Matrix: keyword alone, then one indented row per line.
  const auto put_matrix = [&](const char* word, const auto& matrix, Index rows, Index cols) {
    out.put(word);
    out.put('\n');
    for (Index i = 0; i < rows; ++i) {
      out.put(' ');
      for (Index j = 0; j < cols; ++j) put_number(matrix(i, j));
      out.put('\n');
    }
  };
  const auto put_vector = [&](const char* word, const auto& vector, Index size) {
    out.put(word);
    for (Index i = 0; i < size; ++i) put_number(vector(i));
    out.put('\n');
  };

  out.put("tact-qp 1\n");
  put_size("n", p.n);
  put_size("eq", p.num_eq);
  put_size("ineq", p.num_ineq);
  put_matrix("M", p.M, p.n, p.n);
  put_vector("f", p.f, p.n);
  put_matrix("Jeq", p.J_eq, p.num_eq, p.n);
  put_vector("deq", p.d_eq, p.num_eq);
  put_matrix("Jin", p.J_ineq, p.num_ineq, p.n);
  put_vector("din", p.d_ineq, p.num_ineq);
  bool default_ids = true;
  for (Index r = 0; r < p.num_ineq; ++r) default_ids = default_ids && p.ineq_id[static_cast<std::size_t>(r)] == r;
  if (!default_ids) {
    out.put("ids");
    for (Index r = 0; r < p.num_ineq; ++r) {
      out.put(' ');
      io::detail::put_unsigned(out, p.ineq_id[static_cast<std::size_t>(r)]);
    }
    out.put('\n');
  }
  return out.finish();
}

}  // namespace tact
