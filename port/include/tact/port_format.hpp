// Small number printing on top of tact::port::write, for targets where
// printf would cost ~25 KB and pull in malloc (float formatting in newlib).
// No heap, no locale, no double arithmetic.
#pragma once

#include <cstdint>

namespace tact::port {

/// Formats value in decimal into buf (at least 21 bytes), zero-terminated.
/// Returns the number of characters written (without the terminator).
std::uint32_t format_int(char* buf, std::int64_t value);
std::uint32_t format_uint(char* buf, std::uint64_t value);

/// Formats value into buf (at least 32 bytes), zero-terminated; returns the
/// length. Fixed notation with `digits` decimals (0..9) when
/// max(1e-4, 10^-digits) <= |value| < 1e9 (the thresholds as floats: 1e-4f
/// prints in fixed notation) or value is 0, so a nonzero value never
/// prints as 0.000; else d.ddde[+-]XX with `digits` decimals. The digits
/// are the float's exact value rounded half to even, as printf's: the same
/// text on every target. nan and inf are spelled out. Float precision (~7
/// significant digits) limits what the extra decimals mean.
std::uint32_t format_float(char* buf, float value, int digits = 6);

/// As format_float, but fixed notation for every |value| < 1e9, for
/// columns of a table: 0.007 with 2 digits is 0.01, 0.0004 with 3 is 0.000.
std::uint32_t format_fixed(char* buf, float value, int digits);

/// write() of the formats above.
void write_int(std::int64_t value);
void write_uint(std::uint64_t value);
void write_float(float value, int digits = 6);

}  // namespace tact::port
