// Solve benchmark: loads problem files at run time (semihosting on a
// Cortex-M, so any file — a captured device step, a user's problem — runs
// on any emulated core without rebuilding), solves each cold and warm with
// the chosen strategy, and prints one line per file:
//
//   bench file=<path> strategy=<s> status=<s> iterations=<k> active=<k>
//         cold=<count> warm=<count> unit=<counter unit> stationarity=<r>
//         min_slack=<r> min_multiplier=<r> complementarity=<r> kkt=<0|1>
//         [stack=<bytes>]
//
// cold: a fresh solver state (M factored, empty working set). warm: the same
// problem again right after (M's factor reused). status, iterations,
// active and the residuals are the warm solve's; when the cold solve's
// status or KKT verdict differs, " cold_status=<s> cold_kkt=<0|1>" follows
// status, and when its iterations or active count differ,
// " cold_iterations=<k> cold_active=<k>" follows active. stack (Cortex-M builds): the peak stack of the two solves in
// bytes, painted as the footprint firmware does (bench/footprint/stack_paint.hpp),
// outside the counted region. Under QEMU the counts are
// exact executed instructions (the project's icount plugin), never cycles.
//
// Trajectory mode (--trajectory DIR): DIR holds consecutive steps
// DIR/step-0000.qp, step-0001.qp, ... (bench/trajectories/, rows keyed by
// stable ids); they are solved in order until the next file is missing.
// Each step is solved cold (its own solver: reset() and an empty
// ActiveSetMemory) and warm (a second solver that only ever sees this
// trajectory, in order: M's factor and the ActiveSetMemory carried from the
// previous step's solve), one line per step, then a summary:
//
//   step trajectory=<dir> index=<k> n=<k> eq=<k> ineq=<k> strategy=<s>
//        status=<s> iterations=<k> active=<k> kkt=<0|1> cold=<count>
//        warm_status=<s> warm_iterations=<k> warm_active=<k> warm_kkt=<0|1>
//        warm=<count> unit=<counter unit>
//   trajectory name=<dir> strategy=<s> steps=<k> measured=<k> solved=<k>
//        kkt=<k> warm_solved=<k> warm_kkt=<k> cold_mean=<count>
//        cold_max=<count> warm_mean=<count> warm_max=<count> unit=<unit>
//
// The summary's means and maxima are over the measured steps: every step
// but the first, which only primes the warm solver (it has no previous step).
// solved and kkt count every step.
//
// bench_floor is this program built with TACT_BENCH_FLOOR: a file's solves
// run bench/floor/floor_solver.hpp (a yardstick, see there) instead of the
// library; trajectory mode still runs the library.
//
//   bench_solve [--strategy platt|platt-improved|right|exact] [FILE | --trajectory DIR]...
// Exit code 0 when every file loaded and every solve ended Solved, 1
// otherwise, 2 for usage.
#include <cstring>

#include "tact/port.hpp"
#include "tact/port_format.hpp"
#include "tact/problem_io.hpp"
#include "measure.hpp"
#ifdef TACT_BENCH_STACK
#include "../footprint/stack_paint.hpp"
#endif

namespace {

using Solver = tact_bench::BenchSolver;
Solver solver;
Solver::ProblemType problem;
// Trajectory mode: a second solver and the two working sets. The cold one
// is emptied before every step, the warm one only at a trajectory's start.
Solver warm_solver;
Solver::Memory cold_memory;
Solver::Memory warm_memory;
char text[96 * 1024];  // the largest file of the set: 35 KB (dense-30-0-60); a trajectory step: 3.5 KB
// The whole command line: the program's and every problem's absolute path
// (11 problems under a 300-character checkout path fit).
char command[4096];
char step_path[512];

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

/// A file's solve: the library's, or in bench_floor the yardstick of
/// bench/floor/ (Exact only; it keeps nothing between solves, so "warm" is
/// the same solve again). `count`: see tact_bench::measured_solve.
tact::Report<float> counted_solve(tact::Strategy strategy, std::uint64_t& count) {
#ifdef TACT_BENCH_FLOOR
  (void)strategy;
  return tact_bench::measured_floor_solve(problem, count);
#else
  return tact_bench::measured_solve(solver, problem, strategy, count);
#endif
}

#ifdef TACT_BENCH_STACK
// The stack window painted before each solve: well above any solve's depth
// (footprint_stack: under 1 KB), small enough to paint in a few thousand
// instructions. A solve that uses all of it shows as 8192.
constexpr std::uint32_t kStackWindow = 8192;
#endif

/// counted_solve, and on a Cortex-M the peak stack of the solve in bytes
/// (below this frame: the counting wrapper's frame and the solve's), raised
/// into `stack`. The painting happens outside the counted region.
tact::Report<float> measured_solve(tact::Strategy strategy, std::uint64_t& count, std::uint32_t& stack) {
#ifdef TACT_BENCH_STACK
  std::uint32_t* const sp = footprint::stack_pointer();
  std::uint32_t* const limit = footprint::window_below(sp, kStackWindow);
  footprint::paint_stack(limit);
  const tact::Report<float> report = counted_solve(strategy, count);
  const std::uint32_t used = footprint::stack_used_below(sp, limit);
  stack = used > stack ? used : stack;
  return report;
#else
  (void)stack;
  return counted_solve(strategy, count);
#endif
}

/// Parses the `length` characters read into `text` (length < 0: the read
/// failed, a tact::port::ReadError) into `problem`. On failure prints
/// " error=..." and the end of the line (the caller printed its start).
bool parse(std::int32_t length) {
  if (length < 0) {
    print(length == tact::port::kReadCannotOpen ? " error=cannot-open\n"
          : length == tact::port::kReadTooLarge ? " error=too-large\n"
                                                 : " error=short-read\n");
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
  return true;
}

bool load(const char* path) { return parse(tact::port::read_file(path, text, sizeof text)); }

bool run(const char* path, tact::Strategy strategy) {
  print("bench file=");
  print(path);
  if (!load(path)) return false;
  solver.reset();
  std::uint64_t cold = 0, warm = 0;
  std::uint32_t stack = 0;
  const tact::Report<float> cold_report = measured_solve(strategy, cold, stack);
  const tact::Report<float> report = measured_solve(strategy, warm, stack);
  print(" strategy=");
  print(tact::to_string(strategy));
  print(" status=");
  print(tact::to_string(report.status));
  if (cold_report.status != report.status || cold_report.kkt_satisfied != report.kkt_satisfied) {
    print(" cold_status=");  // only when the cold solve's verdict differs
    print(tact::to_string(cold_report.status));
    print(cold_report.kkt_satisfied ? " cold_kkt=1" : " cold_kkt=0");
  }
  print_count(" iterations=", static_cast<std::uint64_t>(report.iterations));
  print_count(" active=", static_cast<std::uint64_t>(report.active_count));
  if (cold_report.iterations != report.iterations || cold_report.active_count != report.active_count) {
    print_count(" cold_iterations=", static_cast<std::uint64_t>(cold_report.iterations));  // only when they differ
    print_count(" cold_active=", static_cast<std::uint64_t>(cold_report.active_count));
  }
  print_count(" cold=", cold);
  print_count(" warm=", warm);
  print(" unit=");
  print(tact::port::counter_unit());
  print_value(" stationarity=", report.residuals.stationarity);
  print_value(" min_slack=", report.residuals.min_slack);
  print_value(" min_multiplier=", report.residuals.min_multiplier);
  print_value(" complementarity=", report.residuals.complementarity);
  print(report.kkt_satisfied ? " kkt=1" : " kkt=0");
#ifdef TACT_BENCH_STACK
  print_count(" stack=", stack);
#endif
  print("\n");
  return cold_report.ok() && report.ok();
}

/// Writes "<dir>/step-NNNN.qp" (at least four digits) into step_path;
/// false when it does not fit.
bool make_step_path(const char* dir, std::uint32_t index) {
  char digits[12];
  int count = 0;
  for (std::uint32_t rest = index; count < 4 || rest != 0; rest /= 10) digits[count++] = static_cast<char>('0' + rest % 10);
  std::size_t length = 0;
  const auto put = [&](char c) {
    if (length + 1 < sizeof step_path) step_path[length] = c;
    ++length;
  };
  for (const char* c = dir; *c; ++c) put(*c);
  for (const char* c = "/step-"; *c; ++c) put(*c);
  while (count > 0) put(digits[--count]);
  for (const char* c = ".qp"; *c; ++c) put(*c);
  if (length >= sizeof step_path) return false;
  step_path[length] = '\0';
  return true;
}

/// Cold/warm figures of the measured steps of one trajectory.
struct TrajectoryStats {
  std::uint32_t steps = 0, measured = 0, solved = 0, kkt = 0, warm_solved = 0, warm_kkt = 0;
  std::uint64_t cold_sum = 0, cold_max = 0, warm_sum = 0, warm_max = 0;

  void add(bool first, std::uint64_t cold, std::uint64_t warm) {
    ++steps;
    if (first) return;  // the first step only primes the warm solver
    ++measured;
    cold_sum += cold;
    warm_sum += warm;
    cold_max = cold > cold_max ? cold : cold_max;
    warm_max = warm > warm_max ? warm : warm_max;
  }
};

/// " <prefix>status=... <prefix>iterations=... <prefix>active=... <prefix>kkt=..."
void print_report(const char* prefix, const tact::Report<float>& report) {
  const auto key = [prefix](const char* name) {
    print(" ");
    print(prefix);
    print(name);
  };
  key("status=");
  print(tact::to_string(report.status));
  key("iterations=");
  tact::port::write_uint(static_cast<std::uint64_t>(report.iterations));
  key("active=");
  tact::port::write_uint(static_cast<std::uint64_t>(report.active_count));
  key("kkt=");
  print(report.kkt_satisfied ? "1" : "0");
}

/// Runs the steps of the trajectory in `dir`, in order, cold and warm.
bool run_trajectory(const char* dir, tact::Strategy strategy) {
  warm_solver.reset();
  warm_memory.clear();
  TrajectoryStats stats;
  bool ok = true;
  for (std::uint32_t index = 0;; ++index) {
    if (!make_step_path(dir, index)) {
      print("trajectory name=");
      print(dir);
      print(" error=path-too-long\n");
      return false;
    }
    // The trajectory ends at the first step that does not exist; a missing
    // first step, or a step too large or read short, is an error.
    const std::int32_t length = tact::port::read_file(step_path, text, sizeof text);
    if (length == tact::port::kReadCannotOpen && index > 0) break;
    print("step trajectory=");
    print(dir);
    print_count(" index=", index);
    if (!parse(length)) return false;
    print_count(" n=", static_cast<std::uint64_t>(problem.n));
    print_count(" eq=", static_cast<std::uint64_t>(problem.num_eq));
    print_count(" ineq=", static_cast<std::uint64_t>(problem.num_ineq));
    print(" strategy=");
    print(tact::to_string(strategy));

    solver.reset();
    cold_memory.clear();
    std::uint64_t cold = 0, warm = 0;
    const tact::Report<float> cold_report = tact_bench::measured_solve(solver, problem, strategy, cold_memory, cold);
    const tact::Report<float> warm_report = tact_bench::measured_solve(warm_solver, problem, strategy, warm_memory, warm);
    stats.add(index == 0, cold, warm);
    stats.solved += cold_report.ok() ? 1u : 0u;
    stats.kkt += cold_report.kkt_satisfied ? 1u : 0u;
    stats.warm_solved += warm_report.ok() ? 1u : 0u;
    stats.warm_kkt += warm_report.kkt_satisfied ? 1u : 0u;
    ok = ok && cold_report.ok() && warm_report.ok();

    print_report("", cold_report);
    print_count(" cold=", cold);
    print_report("warm_", warm_report);
    print_count(" warm=", warm);
    print(" unit=");
    print(tact::port::counter_unit());
    print("\n");
  }
  const std::uint64_t measured = stats.measured > 0 ? stats.measured : 1;
  print("trajectory name=");
  print(dir);
  print(" strategy=");
  print(tact::to_string(strategy));
  print_count(" steps=", stats.steps);
  print_count(" measured=", stats.measured);
  print_count(" solved=", stats.solved);
  print_count(" kkt=", stats.kkt);
  print_count(" warm_solved=", stats.warm_solved);
  print_count(" warm_kkt=", stats.warm_kkt);
  print_count(" cold_mean=", (stats.cold_sum + measured / 2) / measured);
  print_count(" cold_max=", stats.cold_max);
  print_count(" warm_mean=", (stats.warm_sum + measured / 2) / measured);
  print_count(" warm_max=", stats.warm_max);
  print(" unit=");
  print(tact::port::counter_unit());
  print("\n");
  return ok;
}

}  // namespace

// Splits the command line in place at spaces; returns the argument count,
// or -1 when there are more than `capacity` arguments.
int split_arguments(char* line, char* arguments[], int capacity) {
  int count = 0;
  for (char* token = line;;) {
    while (*token == ' ') ++token;
    if (!*token) break;
    if (count == capacity) return -1;
    arguments[count++] = token;
    while (*token && *token != ' ') ++token;
    if (*token) *token++ = '\0';
  }
  return count;
}

int main() {
  tact::port::init();
  if (tact::port::command_line(command, sizeof command) < 0) tact::port::panic("no command line");
  char* arguments[65];  // the program's name and 64 arguments
  const int count = split_arguments(command, arguments, 65);
  tact::Strategy strategy = tact::Strategy::Exact;
  bool ok = true;
  int files = 0;
  if (count < 0) {
    print("bench_solve: more than 64 arguments\n");
    files = -1;
  }
  for (int i = 1; i < count; ++i) {  // arguments[0] is the program
    if (std::strcmp(arguments[i], "--strategy") == 0) {
      if (i + 1 >= count || !parse_strategy(arguments[++i], strategy)) files = -1;
      continue;
    }
    if (std::strcmp(arguments[i], "--trajectory") == 0) {
      if (i + 1 >= count || files < 0) {
        files = -1;
        break;
      }
      ++files;
      ok = run_trajectory(arguments[++i], strategy) && ok;
      continue;
    }
    if (files < 0) break;
    ++files;
    ok = run(arguments[i], strategy) && ok;
  }
  if (files <= 0) {
    print("usage: bench_solve [--strategy platt|platt-improved|right|exact] [FILE | --trajectory DIR]...\n");
    tact::port::exit(2);
  }
  tact::port::exit(ok ? 0 : 1);
}
