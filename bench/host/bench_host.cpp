// Host benchmarks (Google Benchmark): wall-clock ns per solve of every
// problem of bench/problems and of every step of the trajectories of
// bench/trajectories, with every strategy, cold and warm.
//
//   problem/<name>/<strategy>/cold      reset() and an empty working set before each solve
//   problem/<name>/<strategy>/warm      the same problem again: M's factor kept, the
//                                       working set (ActiveSetMemory) carried from the last solve
//   trajectory/<name>/<strategy>/cold   one step per iteration, in order, each cold
//   trajectory/<name>/<strategy>/warm   one step per iteration, in order, M's factor and the
//                                       working set carried from the previous step (each pass
//                                       over the trajectory starts from an empty working set)
//
// Time per iteration is ns per solve. The label says how the solves ended
// (from one pass outside the timing).
//
//   bench_host [--problems DIR] [--trajectories DIR] [--benchmark_... flags]
// The directories default to the source tree's (compile definitions). Files
// are read at run time, so a new problem needs no rebuild.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "tact/problem_io.hpp"
#include "tact/solver.hpp"

namespace {

// The bounds of bench_solve: every file of the set fits.
using Solver = tact::Solver<32, 8, 96, float>;
using Problem = Solver::ProblemType;
using Memory = Solver::Memory;
namespace fs = std::filesystem;

struct Trajectory {
  std::string name;
  std::vector<Problem> steps;
};

bool load(const fs::path& path, Problem& problem) {
  std::FILE* file = std::fopen(path.string().c_str(), "rb");
  if (!file) return false;
  std::string text;
  char chunk[4096];
  for (std::size_t got; (got = std::fread(chunk, 1, sizeof chunk, file)) > 0;) text.append(chunk, got);
  std::fclose(file);
  const tact::ParseResult parsed = tact::read_problem(text.data(), text.size(), problem);
  if (!parsed.ok())
    std::fprintf(stderr, "%s:%d: parse error: %s\n", path.string().c_str(), parsed.line, tact::to_string(parsed.error));
  return parsed.ok();
}

/// Sorted paths in `dir` matching `prefix`*`.qp`.
std::vector<fs::path> problem_files(const fs::path& dir, const std::string& prefix) {
  std::vector<fs::path> paths;
  if (!fs::is_directory(dir)) return paths;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() == ".qp" && name.rfind(prefix, 0) == 0) paths.push_back(entry.path());
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

std::string label(int steps, int solved, int kkt) {
  return "solved=" + std::to_string(solved) + "/" + std::to_string(steps) + " kkt=" + std::to_string(kkt) + "/" +
         std::to_string(steps);
}

void register_problem(const std::string& name, const Problem* problem, tact::Strategy strategy) {
  const std::string base = "problem/" + name + "/" + tact::to_string(strategy);
  benchmark::RegisterBenchmark((base + "/cold").c_str(), [problem, strategy](benchmark::State& state) {
    auto solver = std::make_unique<Solver>();
    Memory memory;
    tact::Report<float> report;
    for (auto _ : state) {
      solver->reset();
      memory.clear();
      report = solver->solve(*problem, strategy, &memory);
      benchmark::DoNotOptimize(report);
    }
    state.SetLabel(label(1, report.ok() ? 1 : 0, report.kkt_satisfied ? 1 : 0));
  });
  benchmark::RegisterBenchmark((base + "/warm").c_str(), [problem, strategy](benchmark::State& state) {
    auto solver = std::make_unique<Solver>();
    Memory memory;
    tact::Report<float> report = solver->solve(*problem, strategy, &memory);  // primes M's factor and the set
    for (auto _ : state) {
      report = solver->solve(*problem, strategy, &memory);
      benchmark::DoNotOptimize(report);
    }
    state.SetLabel(label(1, report.ok() ? 1 : 0, report.kkt_satisfied ? 1 : 0));
  });
}

/// One pass over the trajectory, `warm` or cold, outside the timing: the label.
std::string trajectory_label(const Trajectory& trajectory, tact::Strategy strategy, bool warm) {
  auto solver = std::make_unique<Solver>();
  Memory memory;
  int solved = 0, kkt = 0;
  for (const Problem& step : trajectory.steps) {
    if (!warm) {
      solver->reset();
      memory.clear();
    }
    const tact::Report<float> report = solver->solve(step, strategy, &memory);
    solved += report.ok() ? 1 : 0;
    kkt += report.kkt_satisfied ? 1 : 0;
  }
  return label(static_cast<int>(trajectory.steps.size()), solved, kkt);
}

/// One step per iteration, in order; `warm` carries M's factor and the
/// working set from step to step (each pass starts from an empty set).
void solve_trajectory(benchmark::State& state, const Trajectory* trajectory, tact::Strategy strategy, bool warm) {
  auto solver = std::make_unique<Solver>();
  Memory memory;
  const std::size_t count = trajectory->steps.size();
  std::size_t step = 0;
  for (auto _ : state) {
    if (!warm || step == 0) {
      solver->reset();
      memory.clear();
    }
    auto report = solver->solve(trajectory->steps[step], strategy, &memory);
    benchmark::DoNotOptimize(report);
    step = step + 1 == count ? 0 : step + 1;
  }
  state.SetLabel(trajectory_label(*trajectory, strategy, warm));
}

void register_trajectory(const Trajectory* trajectory, tact::Strategy strategy) {
  const std::string base = "trajectory/" + trajectory->name + "/" + tact::to_string(strategy);
  for (const bool warm : {false, true})
    benchmark::RegisterBenchmark((base + (warm ? "/warm" : "/cold")).c_str(),
                                 [trajectory, strategy, warm](benchmark::State& state) {
                                   solve_trajectory(state, trajectory, strategy, warm);
                                 });
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  fs::path problems_dir = TACT_BENCH_PROBLEMS_DIR;
  fs::path trajectories_dir = TACT_BENCH_TRAJECTORIES_DIR;
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (std::strcmp(argv[i], "--problems") == 0 && has_value) {
      problems_dir = argv[++i];
    } else if (std::strcmp(argv[i], "--trajectories") == 0 && has_value) {
      trajectories_dir = argv[++i];
    } else {
      std::fprintf(stderr, "usage: %s [--problems DIR] [--trajectories DIR] [--benchmark_... flags]\n", argv[0]);
      return 2;
    }
  }

  // Loaded once, before any timing; they live until the end of main.
  static std::vector<std::pair<std::string, Problem>> problems;
  static std::vector<Trajectory> trajectories;
  for (const fs::path& path : problem_files(problems_dir, "")) {
    problems.emplace_back(path.stem().string(), Problem{});
    if (!load(path, problems.back().second)) return 1;
  }
  std::vector<fs::path> trajectory_dirs;
  if (fs::is_directory(trajectories_dir))
    for (const auto& entry : fs::directory_iterator(trajectories_dir))
      if (entry.is_directory()) trajectory_dirs.push_back(entry.path());
  std::sort(trajectory_dirs.begin(), trajectory_dirs.end());
  for (const fs::path& dir : trajectory_dirs) {
    Trajectory trajectory{dir.filename().string(), {}};
    for (const fs::path& path : problem_files(dir, "step-")) {
      trajectory.steps.emplace_back();
      if (!load(path, trajectory.steps.back())) return 1;
    }
    if (!trajectory.steps.empty()) trajectories.push_back(std::move(trajectory));
  }
  if (problems.empty() && trajectories.empty()) {
    std::fprintf(stderr, "no problems in %s, no trajectories in %s\n", problems_dir.string().c_str(),
                 trajectories_dir.string().c_str());
    return 1;
  }

  for (const auto& [name, problem] : problems)
    for (const tact::Strategy strategy : tact::kAllStrategies) register_problem(name, &problem, strategy);
  for (const Trajectory& trajectory : trajectories)
    for (const tact::Strategy strategy : tact::kAllStrategies) register_trajectory(&trajectory, strategy);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
