// Allocation guard for host tests: heap allocations are counted (the
// global operator new, and the malloc family called from the test's own
// code, Eigen's included: no_heap.cpp), so a test can assert that a solve
// allocated nothing, in every build; where
// assertions are on (the asan preset), Eigen's heap use inside a NoHeap
// scope also aborts the test (EIGEN_RUNTIME_NO_MALLOC).
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <utility>

#include <gtest/gtest.h>

namespace tact::test {

/// Heap allocations since program start (see no_heap.cpp).
std::size_t allocation_count();

class NoHeap {
 public:
  NoHeap() : start_(allocation_count()) { Eigen::internal::set_is_malloc_allowed(false); }
  ~NoHeap() { Eigen::internal::set_is_malloc_allowed(true); }
  NoHeap(const NoHeap&) = delete;
  NoHeap& operator=(const NoHeap&) = delete;
  /// Allocations made inside this scope so far.
  std::size_t allocations() const { return allocation_count() - start_; }

 private:
  std::size_t start_;
};

/// Runs solver.solve(args...) with allocation forbidden and fails the
/// current test if anything was allocated. Every host test solves through
/// this (or inside a NoHeap scope).
template <typename Solver, typename... Args>
auto solve_no_heap(Solver& solver, Args&&... args) {
  NoHeap guard;
  auto report = solver.solve(std::forward<Args>(args)...);
  EXPECT_EQ(guard.allocations(), 0u) << "a solve allocated";
  return report;
}

/// world.step(gather) with allocation forbidden, as solve_no_heap.
template <typename World, typename Gather>
auto step_no_heap(World& world, Gather&& gather) {
  NoHeap guard;
  auto report = world.step(std::forward<Gather>(gather));
  EXPECT_EQ(guard.allocations(), 0u) << "a step allocated";
  return report;
}

}  // namespace tact::test
