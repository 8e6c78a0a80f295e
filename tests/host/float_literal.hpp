// The generated tables of tests/common/*_expected.hpp hold float literals.
#pragma once

#include <cstdio>
#include <string>

namespace tact::test {

/// A float literal that reads back exactly: 9 significant digits, and
/// always a '.' or an exponent ("9f" is not C++).
inline std::string float_literal(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", static_cast<double>(value));
  std::string literal = text;
  if (literal.find_first_of(".e") == std::string::npos) literal += ".0";
  return literal + "f";
}

}  // namespace tact::test
