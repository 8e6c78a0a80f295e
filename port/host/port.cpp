// Host port: std::chrono for the counter, stdio for output.
#include "tact/port.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tact::port {

void init() {}

CounterKind counter_kind() { return CounterKind::Nanoseconds; }

std::uint64_t counter_read() {
  const auto now = std::chrono::steady_clock::now().time_since_epoch();
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(now).count());
}

std::uint64_t counter_rate_hz() { return 1000000000ull; }

const char* counter_unit() { return "ns"; }

void write(const char* text, std::uint32_t len) {
  std::fwrite(text, 1, len, stdout);
  std::fflush(stdout);
}

void write(const char* text) { write(text, static_cast<std::uint32_t>(std::strlen(text))); }

void exit(int code) {
  std::fflush(stdout);
  std::exit(code);
}

void panic(const char* message) {
  std::fprintf(stderr, "panic: %s\n", message);
  std::exit(70);
}

}  // namespace tact::port
