// tact-solve: solve one QP stored in the plain-text format of problem_io.hpp
// and print the result as "key: value" lines, e.g. to replay a step captured
// on a device.
//
//   tact-solve [--strategy platt|platt-improved|right|exact] [--double] FILE
//
// Exit code: 0 solved, 1 any other solver status, 2 usage, file or parse error.
#include <cstdio>
#include <cstring>
#include <string>

#include "tact/problem_io.hpp"
#include "tact/solver.hpp"

namespace {

// Generous host bounds; any file within them can be solved.
constexpr int kMaxDof = 64;
constexpr int kMaxEq = 32;
constexpr int kMaxIneq = 256;

// Far above any file within the bounds (about 0.6 MB of numbers): a larger
// one, or an endless one (/dev/zero), is refused rather than read.
constexpr std::size_t kMaxFileBytes = std::size_t{64} << 20;

/// Reads the whole file into `text`; false, with the reason on stderr, when
/// it cannot be opened or read (a directory opens, then fails to read) or is
/// larger than kMaxFileBytes.
bool read_file(const char* path, std::string& text) {
  std::FILE* file = std::fopen(path, "rb");
  if (file == nullptr) {
    std::fprintf(stderr, "tact-solve: cannot open '%s'\n", path);
    return false;
  }
  char chunk[1 << 16];
  std::size_t got = 0;
  while ((got = std::fread(chunk, 1, sizeof chunk, file)) > 0 && text.size() <= kMaxFileBytes) text.append(chunk, got);
  const bool failed = std::ferror(file) != 0;
  std::fclose(file);
  if (failed) {
    std::fprintf(stderr, "tact-solve: cannot read '%s'\n", path);
    return false;
  }
  if (text.size() > kMaxFileBytes) {
    std::fprintf(stderr, "tact-solve: '%s' is larger than %zu MiB\n", path, kMaxFileBytes >> 20);
    return false;
  }
  return true;
}

void usage(std::FILE* out) {
  std::fprintf(out,
               "usage: tact-solve [--strategy platt|platt-improved|right|exact] [--double] FILE\n"
               "  Solves the QP in FILE (format: docs/problem-format.md) and prints the result.\n"
               "  --strategy  active-set strategy (default exact)\n"
               "  --double    solve in double precision (default float)\n"
               "  bounds: n <= %d, eq <= %d, ineq <= %d\n"
               "exit code: 0 solved, 1 other solver status, 2 usage or input error\n",
               kMaxDof, kMaxEq, kMaxIneq);
}

template <typename Scalar>
std::string number(Scalar value) {
  char text[40];
  tact::io::format_number(value, tact::ScalarTraits<Scalar>::round_trip_digits, text, sizeof text);
  return text;
}

template <typename Scalar>
void print(const char* key, Scalar value) {
  std::printf("%s: %s\n", key, number(value).c_str());
}

template <typename Scalar>
int solve(const std::string& text, const char* path, tact::Strategy strategy) {
  using Solver = tact::Solver<kMaxDof, kMaxEq, kMaxIneq, Scalar>;
  // Static: the solver holds all its storage inline (hundreds of kB here).
  static typename Solver::ProblemType problem;
  static Solver solver;
  const tact::ParseResult parsed = tact::read_problem(text.data(), text.size(), problem);
  if (!parsed.ok()) {
    std::fprintf(stderr, "tact-solve: %s:%d: parse error: %s\n", path, parsed.line, tact::to_string(parsed.error));
    return 2;
  }
  const auto report = solver.solve(problem, strategy);

  std::printf("status: %s\n", tact::to_string(report.status));
  // false: the outputs below are zeros, not an iterate (Report::has_point).
  std::printf("has_point: %s\n", report.has_point ? "true" : "false");
  std::printf("strategy: %s\n", tact::to_string(strategy));
  std::printf("scalar: %s\n", sizeof(Scalar) == sizeof(float) ? "float" : "double");
  std::printf("iterations: %d\n", report.iterations);
  std::printf("active_rows: %d\n", report.active_count);
  print("objective", solver.objective());
  const auto list = [](const char* key, tact::Index count, auto value) {
    std::string line = std::string(key) + ":";
    for (tact::Index k = 0; k < count; ++k) line += " " + number(value(k));
    std::printf("%s\n", line.c_str());
  };
  list("acceleration", problem.n, [&](tact::Index k) { return solver.acceleration()(k); });
  list("lambda_eq", problem.num_eq, [&](tact::Index k) { return solver.multiplier_eq(k); });
  list("lambda_ineq", problem.num_ineq, [&](tact::Index k) { return solver.multiplier_ineq(k); });
  std::string working_set = "working_set:";
  for (tact::Index k = 0; k < problem.num_ineq; ++k)
    if (solver.in_working_set(k)) working_set += " " + std::to_string(k);
  std::printf("%s\n", working_set.c_str());
  const auto& r = report.residuals;
  print("residual.stationarity", r.stationarity);
  print("residual.equality", r.equality);
  print("residual.working_set", r.working_set);
  print("residual.min_slack", r.min_slack);
  print("residual.min_multiplier", r.min_multiplier);
  print("residual.complementarity", r.complementarity);
  std::printf("kkt_satisfied: %s\n", report.kkt_satisfied ? "true" : "false");
  return report.status == tact::Status::Solved ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  tact::Strategy strategy = tact::Strategy::Exact;
  bool use_double = false;
  const char* path = nullptr;
  for (int i = 1; i < argc; ++i) {
    const char* arg = argv[i];
    if (std::strcmp(arg, "--help") == 0 || std::strcmp(arg, "-h") == 0) {
      usage(stdout);
      return 0;
    }
    if (std::strcmp(arg, "--double") == 0) {
      use_double = true;
    } else if (std::strcmp(arg, "--strategy") == 0) {
      if (i + 1 == argc) {
        std::fprintf(stderr, "tact-solve: --strategy needs a value\n");
        usage(stderr);
        return 2;
      }
      const char* name = argv[++i];
      bool known = false;
      for (const tact::Strategy s : tact::kAllStrategies)
        if (std::strcmp(name, tact::to_string(s)) == 0) {
          strategy = s;
          known = true;
        }
      if (!known) {
        std::fprintf(stderr, "tact-solve: unknown strategy '%s'\n", name);
        usage(stderr);
        return 2;
      }
    } else if (arg[0] == '-' && arg[1] != '\0') {
      std::fprintf(stderr, "tact-solve: unknown option '%s'\n", arg);
      usage(stderr);
      return 2;
    } else if (path == nullptr) {
      path = arg;
    } else {
      std::fprintf(stderr, "tact-solve: more than one FILE\n");
      usage(stderr);
      return 2;
    }
  }
  if (path == nullptr) {
    usage(stderr);
    return 2;
  }
  std::string text;
  if (!read_file(path, text)) return 2;
  return use_double ? solve<double>(text, path, strategy) : solve<float>(text, path, strategy);
}
