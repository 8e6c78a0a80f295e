// Problem files for the host tests: any file by path, and the problems a
// past solver got wrong, kept in tests/host/regressions/ (the fuzz
// harness's replay reads them too, those within its bounds) by name.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tact/problem_io.hpp"

#ifndef TACT_SOURCE_DIR
#error "TACT_SOURCE_DIR (the source tree) must be defined: tests/host/CMakeLists.txt's tact_host_test does"
#endif

namespace tact::test {

/// Reads the problem file at `path` into p; a failure names the file and
/// what went wrong (use with ASSERT_TRUE).
template <typename ProblemType>
::testing::AssertionResult read_problem_file(const std::string& path, ProblemType& p) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return ::testing::AssertionFailure() << "cannot open " << path;
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const tact::ParseResult parsed = tact::read_problem(text.data(), text.size(), p);
  if (!parsed.ok())
    return ::testing::AssertionFailure() << path << ":" << parsed.line << ": " << tact::to_string(parsed.error);
  return ::testing::AssertionSuccess();
}

/// Sorted paths of the problem files (*.qp) in <source tree>/<folder>.
inline std::vector<std::string> problem_files_in(const std::string& folder) {
  std::vector<std::string> paths;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(TACT_SOURCE_DIR) + "/" + folder))
    if (entry.path().extension() == ".qp") paths.push_back(entry.path().string());
  std::sort(paths.begin(), paths.end());
  return paths;
}

/// Reads tests/host/regressions/<name> into p.
template <typename ProblemType>
::testing::AssertionResult read_regression(const char* name, ProblemType& p) {
  return read_problem_file(std::string(TACT_SOURCE_DIR) + "/tests/host/regressions/" + name, p);
}

}  // namespace tact::test
