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

std::int32_t read_file(const char* path, char* buffer, std::uint32_t capacity) {
  std::FILE* file = std::fopen(path, "rb");
  if (!file) return kReadCannotOpen;
  const std::size_t length = std::fread(buffer, 1, capacity, file);
  const bool complete = std::fgetc(file) == EOF;  // nothing beyond capacity
  const bool failed = std::ferror(file) != 0;
  std::fclose(file);
  if (failed) return kReadShort;
  return complete ? static_cast<std::int32_t>(length) : kReadTooLarge;
}

std::int32_t command_line(char* buffer, std::uint32_t capacity) {
  // Linux: arguments separated by NULs in /proc/self/cmdline.
  if (capacity == 0) return -1;
  const std::int32_t length = read_file("/proc/self/cmdline", buffer, capacity - 1);
  if (length <= 0) return -1;
  for (std::int32_t i = 0; i < length; ++i)
    if (buffer[i] == '\0') buffer[i] = ' ';
  std::int32_t end = length;
  while (end > 0 && buffer[end - 1] == ' ') --end;
  buffer[end] = '\0';
  return end;
}

void exit(int code) {
  std::fflush(stdout);
  std::exit(host_exit_code(code));
}

void panic(const char* message) {
  std::fprintf(stderr, "panic: %s\n", message);
  std::exit(70);
}

}  // namespace tact::port
