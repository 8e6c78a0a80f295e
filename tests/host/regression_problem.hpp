// The problems a past solver got wrong, kept as problem files in
// tests/host/regressions/ (the fuzz harness's replay reads them too, those
// within its bounds): a test reads one by name.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "tact/problem_io.hpp"

namespace tact::test {

/// Reads tests/host/regressions/<name> into p; a failure names the file and
/// what went wrong (use with ASSERT_TRUE).
template <typename ProblemType>
::testing::AssertionResult read_regression(const char* name, ProblemType& p) {
  const std::string path = std::string(TACT_REGRESSIONS_DIR) + "/" + name;
  std::ifstream file(path, std::ios::binary);
  if (!file) return ::testing::AssertionFailure() << "cannot open " << path;
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const tact::ParseResult parsed = tact::read_problem(text.data(), text.size(), p);
  if (!parsed.ok())
    return ::testing::AssertionFailure() << path << ":" << parsed.line << ": " << tact::to_string(parsed.error);
  return ::testing::AssertionSuccess();
}

}  // namespace tact::test
