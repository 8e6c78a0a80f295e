// Counts the heap allocations of a host test so tests can prove a solve
// allocates nothing: the global operator new, and every call of the malloc
// family from the test's own objects, Eigen's inline code included (the
// test executables link with --wrap for each of them: tests/host/CMakeLists.txt).
// Eigen's own guard (EIGEN_RUNTIME_NO_MALLOC) is an eigen_assert, which
// NDEBUG turns off in the Release host build; the count does not depend on it.
#include "no_heap.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<std::size_t> g_allocations{0};
}

namespace tact::test {
std::size_t allocation_count() { return g_allocations.load(); }
}  // namespace tact::test

extern "C" {
void* __real_malloc(std::size_t size);
void* __real_calloc(std::size_t count, std::size_t size);
void* __real_realloc(void* p, std::size_t size);
void* __real_aligned_alloc(std::size_t alignment, std::size_t size);
int __real_posix_memalign(void** p, std::size_t alignment, std::size_t size);

void* __wrap_malloc(std::size_t size) {
  ++g_allocations;
  return __real_malloc(size);
}
void* __wrap_calloc(std::size_t count, std::size_t size) {
  ++g_allocations;
  return __real_calloc(count, size);
}
void* __wrap_realloc(void* p, std::size_t size) {
  ++g_allocations;
  return __real_realloc(p, size);
}
void* __wrap_aligned_alloc(std::size_t alignment, std::size_t size) {
  ++g_allocations;
  return __real_aligned_alloc(alignment, size);
}
int __wrap_posix_memalign(void** p, std::size_t alignment, std::size_t size) {
  ++g_allocations;
  return __real_posix_memalign(p, alignment, size);
}
}

// Through malloc, so counted once there.
void* operator new(std::size_t size) {
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
