// Allocation guard for host tests: inside a NoHeap scope any heap
// allocation by Eigen aborts the test (EIGEN_RUNTIME_NO_MALLOC), and any
// operator new at all is counted, so a test can assert that a solve
// allocated nothing.
#pragma once

#include <Eigen/Core>
#include <cstddef>

namespace tact::test {

/// Number of operator new calls since program start (see no_heap.cpp).
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

}  // namespace tact::test
