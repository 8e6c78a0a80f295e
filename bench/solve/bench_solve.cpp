// Solve benchmark: loads problem files at run time (semihosting on a
// Cortex-M, so any file — a captured device step, a user's problem — runs
// on any emulated core without rebuilding), solves each cold and warm with
// the chosen strategy, and prints one line per file:
//
//   bench file=<path> strategy=<s> status=<s> iterations=<k> active=<k>
//         cold=<count> warm=<count> unit=<counter unit> stationarity=<r>
//         min_slack=<r> min_multiplier=<r> complementarity=<r> kkt=<0|1>
//
// cold: a fresh solver state (M factored, empty working set). warm: the same
// problem again right after (M's factor reused). Under QEMU the counts are
// exact executed instructions (the project's icount plugin), never cycles.
//
//   bench_solve [--strategy platt|platt-improved|right|exact] FILE...
// Exit code 0 when every file loaded and solved, 1 otherwise, 2 for usage.
#include <cstring>

#include "tact/port.hpp"
#include "tact/port_format.hpp"
#include "tact/problem_io.hpp"
#include "tact/solver.hpp"

namespace {

// Bounds of the benchmark set (bench/problems): n ≤ 32, 8 equality and 96
// inequality rows.
using Solver = tact::Solver<32, 8, 96, float>;
Solver solver;
Solver::ProblemType problem;
char text[96 * 1024];
char command[1024];

void print(const char* s) { tact::port::write(s); }
void print_value(const char* key, float value) {
  print(key);
  tact::port::write_float(value, 3);
}
void print_count(const char* key, std::uint64_t value) {
  print(key);
  tact::port::write_uint(value);
}

bool parse_strategy(const char* name, tact::Strategy& strategy) {
  for (const auto s : tact::kAllStrategies)
    if (std::strcmp(name, tact::to_string(s)) == 0) {
      strategy = s;
      return true;
    }
  return false;
}

std::uint64_t measured_solve(tact::Strategy strategy, tact::Report<float>& report) {
  const std::uint64_t start = tact::port::counter_read();
  report = solver.solve(problem, strategy);
  return tact::port::counter_read() - start;
}

bool run(const char* path, tact::Strategy strategy) {
  print("bench file=");
  print(path);
  const std::int32_t length = tact::port::read_file(path, text, sizeof text);
  if (length < 0) {
    print(" error=cannot-read\n");
    return false;
  }
  const tact::ParseResult parsed = tact::read_problem(text, static_cast<std::size_t>(length), problem);
  if (parsed.error != tact::ParseError::None) {
    print(" error=");
    print(tact::to_string(parsed.error));
    print_count(" line=", static_cast<std::uint64_t>(parsed.line));
    print("\n");
    return false;
  }
  tact::Report<float> report;
  solver.reset();
  const std::uint64_t cold = measured_solve(strategy, report);
  const std::uint64_t warm = measured_solve(strategy, report);
  print(" strategy=");
  print(tact::to_string(strategy));
  print(" status=");
  print(tact::to_string(report.status));
  print_count(" iterations=", static_cast<std::uint64_t>(report.iterations));
  print_count(" active=", static_cast<std::uint64_t>(report.active_count));
  print_count(" cold=", cold);
  print_count(" warm=", warm);
  print(" unit=");
  print(tact::port::counter_unit());
  print_value(" stationarity=", report.residuals.stationarity);
  print_value(" min_slack=", report.residuals.min_slack);
  print_value(" min_multiplier=", report.residuals.min_multiplier);
  print_value(" complementarity=", report.residuals.complementarity);
  print(report.kkt_satisfied ? " kkt=1\n" : " kkt=0\n");
  return report.ok();
}

}  // namespace

// Splits the command line in place at spaces; returns the argument count.
int split_arguments(char* line, char* arguments[], int capacity) {
  int count = 0;
  for (char* token = line; *token && count < capacity;) {
    while (*token == ' ') ++token;
    if (!*token) break;
    arguments[count++] = token;
    while (*token && *token != ' ') ++token;
    if (*token) *token++ = '\0';
  }
  return count;
}

int main() {
  tact::port::init();
  if (tact::port::command_line(command, sizeof command) < 0) tact::port::panic("no command line");
  char* arguments[64];
  const int count = split_arguments(command, arguments, 64);
  tact::Strategy strategy = tact::Strategy::Exact;
  bool ok = true;
  int files = 0;
  for (int i = 1; i < count; ++i) {  // arguments[0] is the program
    if (std::strcmp(arguments[i], "--strategy") == 0) {
      if (i + 1 >= count || !parse_strategy(arguments[++i], strategy)) files = -1;
      continue;
    }
    if (files < 0) break;
    ++files;
    ok = run(arguments[i], strategy) && ok;
  }
  if (files <= 0) {
    print("usage: bench_solve [--strategy platt|platt-improved|right|exact] FILE...\n");
    tact::port::exit(2);
  }
  tact::port::exit(ok ? 0 : 1);
}
