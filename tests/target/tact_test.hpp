// A tiny device-safe test runner for target tests: no heap, no exceptions,
// no printf. Tests register themselves in a fixed-size static array;
// tact_test_main.cpp runs them all, prints "N passed, M failed" and exits
// non-zero if anything failed, or if no test is registered (ctest reads the
// exit code through QEMU).
//
//   #include "tact_test.hpp"
//   TACT_TEST(addition) { TACT_CHECK(1 + 1 == 2); TACT_CHECK_NEAR(0.1f + 0.2f, 0.3f, 1e-6f); }
#pragma once

#include <cstdint>

#include "tact/port.hpp"
#include "tact/port_format.hpp"

namespace tact::test {

using TestFn = void (*)();

struct TestCase {
  const char* name;
  TestFn fn;
};

/// Room for this many TACT_TEST per firmware; more is a panic at start-up.
inline constexpr int kMaxTests = 64;

struct Registry {
  TestCase tests[kMaxTests];
  int count = 0;
  bool current_failed = false;  ///< set by a failing check in the running test
  int current_checks = 0;       ///< checks the running test made: none is a test that cannot fail
};

inline Registry& registry() {
  static Registry r;  // constant-initialised: no guard, no constructor call
  return r;
}

struct Registrar {
  Registrar(const char* name, TestFn fn) {
    Registry& r = registry();
    if (r.count == kMaxTests) tact::port::panic("tact_test: too many tests (raise kMaxTests)");
    r.tests[r.count++] = TestCase{name, fn};
  }
};

inline void report_failure(const char* file, int line, const char* what) {
  registry().current_failed = true;
  tact::port::write("  FAIL ");
  tact::port::write(file);
  tact::port::write(":");
  tact::port::write_int(line);
  tact::port::write(": ");
  tact::port::write(what);
  tact::port::write("\n");
}

inline bool check(bool ok, const char* file, int line, const char* expression) {
  ++registry().current_checks;
  if (!ok) report_failure(file, line, expression);
  return ok;
}

inline bool check_near(float a, float b, float tol, const char* file, int line, const char* expression) {
  ++registry().current_checks;
  const float diff = a > b ? a - b : b - a;
  const bool ok = diff <= tol;  // false for nan too
  if (!ok) {
    report_failure(file, line, expression);
    tact::port::write("    ");
    tact::port::write_float(a, 7);
    tact::port::write(" vs ");
    tact::port::write_float(b, 7);
    tact::port::write(", |diff| ");
    tact::port::write_float(diff, 7);
    tact::port::write(" > tol ");
    tact::port::write_float(tol, 7);
    tact::port::write("\n");
  }
  return ok;
}

/// Runs every registered test; returns the number of failed tests. A test
/// that made no check fails (it could not have failed otherwise).
inline int run_all() {
  Registry& r = registry();
  int failed = 0;
  for (int i = 0; i < r.count; ++i) {
    r.current_failed = false;
    r.current_checks = 0;
    tact::port::write("[ RUN  ] ");
    tact::port::write(r.tests[i].name);
    tact::port::write("\n");
    r.tests[i].fn();
    if (r.current_checks == 0) {
      r.current_failed = true;
      tact::port::write("  FAIL: the test made no check\n");
    }
    tact::port::write(r.current_failed ? "[ FAIL ] " : "[  OK  ] ");
    tact::port::write(r.tests[i].name);
    tact::port::write("\n");
    if (r.current_failed) ++failed;
  }
  tact::port::write_int(r.count - failed);
  tact::port::write(" passed, ");
  tact::port::write_int(failed);
  tact::port::write(" failed\n");
  return failed;
}

}  // namespace tact::test

/// Defines and registers a test case.
#define TACT_TEST(name)                                                          \
  static void tact_test_##name();                                                \
  static const ::tact::test::Registrar tact_test_registrar_##name{#name, &tact_test_##name}; \
  static void tact_test_##name()

/// Records a failure (and continues) if cond is false. Evaluates to cond.
#define TACT_CHECK(cond) ::tact::test::check(static_cast<bool>(cond), __FILE__, __LINE__, #cond)

/// Records a failure if |a - b| > tol (floats). Evaluates to the outcome.
#define TACT_CHECK_NEAR(a, b, tol) \
  ::tact::test::check_near((a), (b), (tol), __FILE__, __LINE__, "|" #a " - " #b "| <= " #tol)
