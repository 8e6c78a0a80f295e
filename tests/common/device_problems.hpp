// Deterministic random feasible problems that a device can generate: no heap,
// no <random>, no libm beyond std::floor. Shared by the target tests
// (tests/target/random_test.cpp, agreement_test.cpp), the footprint
// firmware (bench/footprint) and the host test that checks host/target
// agreement (tests/host/device_problems_test.cpp).
//
// Construction as in tests/host/random_problems.hpp: a point a0 satisfies
// every row (equalities exactly, inequalities with a slack that is tiny,
// 2^-10·|N| ≈ 1e-3·|N|, for about half of them, so many rows are active at
// the optimum); M is diagonal or B·Bᵀ + n·I.
//
// Bit-identical data on every target: the normal variates are Irwin–Hall
// sums (12 uniforms − 6) rounded to multiples of 1/64, so |value| ≤ 6 has at
// most 9 significant bits. Every product of two such values and every sum of
// up to 32 of those products (B·Bᵀ, J·a0) is then exact in float, whatever
// the compiler does (FMA contraction, evaluation order): the only rounding
// is the final subtraction of the slack, one IEEE operation. Host (x86-64
// SSE) and target therefore solve the very same problems, and any
// difference in the results comes from the solver alone.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace tact::test {

/// xorshift32 (Marsaglia 2003): tiny, fast, and the same on every target.
class DeviceRng {
 public:
  explicit DeviceRng(std::uint32_t seed) : state_(seed != 0 ? seed : 0x9E3779B9u) {}

  std::uint32_t next() {
    std::uint32_t x = state_;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    state_ = x;
    return x;
  }

  /// Uniform integer in [0, count) (count ≥ 1; the modulo bias is irrelevant here).
  int below(int count) { return static_cast<int>((next() >> 8) % static_cast<std::uint32_t>(count)); }

  /// Uniform integer in [low, high].
  int between(int low, int high) { return low + below(high - low + 1); }

  /// Approximately standard normal (Irwin–Hall, 12 uniforms), on a 1/64 grid in [−6, 6].
  float normal() {
    std::uint32_t sum = 0;
    for (int i = 0; i < 12; ++i) sum += next() >> 12;  // 20-bit uniforms: the sum < 2^24 is exact in float
    const float x = static_cast<float>(sum) * (1.0f / 1048576.0f) - 6.0f;  // exact
    return std::floor(x * 64.0f + 0.5f) / 64.0f;                           // exact
  }

 private:
  std::uint32_t state_;
};

/// Size and kind of one generated problem.
struct DeviceShape {
  int n = 1;
  int num_eq = 0;
  int num_ineq = 0;
  bool diagonal_mass = false;
};

/// A random shape within the bounds: n in [1, max_dof], equalities in
/// [0, min(max_eq, n − 1)], inequalities in [0, max_ineq], M diagonal one time in four.
inline DeviceShape random_device_shape(DeviceRng& rng, int max_dof, int max_eq, int max_ineq) {
  DeviceShape s;
  s.n = rng.between(1, max_dof);
  const int eq_bound = max_eq < s.n - 1 ? max_eq : s.n - 1;
  s.num_eq = rng.between(0, eq_bound);
  s.num_ineq = rng.between(0, max_ineq);
  s.diagonal_mass = rng.below(4) == 0;
  return s;
}

/// Fills p with a feasible problem of the given shape (p's bounds must hold it).
/// @return false if the shape does not fit ProblemT's bounds.
template <typename ProblemT>
bool make_device_problem(DeviceRng& rng, const DeviceShape& shape, ProblemT& p) {
  using Scalar = typename ProblemT::DofVector::Scalar;
  constexpr int kMaxDof = ProblemT::DofVector::RowsAtCompileTime;
  if (!p.resize(shape.n, shape.num_eq, shape.num_ineq)) return false;
  const int n = shape.n;

  if (shape.diagonal_mass) {
    for (int i = 0; i < n; ++i) p.M(i, i) = static_cast<Scalar>(1 + rng.below(16)) / Scalar(4);  // 0.25 .. 4
  } else {
    float B[kMaxDof][kMaxDof];
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) B[i][j] = rng.normal();
    for (int i = 0; i < n; ++i)
      for (int j = 0; j <= i; ++j) {
        float sum = i == j ? static_cast<float>(n) : 0.0f;
        for (int k = 0; k < n; ++k) sum += B[i][k] * B[j][k];
        p.M(i, j) = p.M(j, i) = static_cast<Scalar>(sum);
      }
  }

  float a0[kMaxDof];
  for (int i = 0; i < n; ++i) {
    a0[i] = rng.normal();
    p.f(i) = static_cast<Scalar>(3.0f * rng.normal());
  }
  for (int k = 0; k < shape.num_eq; ++k) {
    float value = 0;
    for (int j = 0; j < n; ++j) {
      const float v = rng.normal();
      p.J_eq(k, j) = static_cast<Scalar>(v);
      value += v * a0[j];
    }
    p.d_eq(k) = static_cast<Scalar>(value);
  }
  for (int k = 0; k < shape.num_ineq; ++k) {
    float value = 0;
    for (int j = 0; j < n; ++j) {
      const float v = rng.normal();
      p.J_ineq(k, j) = static_cast<Scalar>(v);
      value += v * a0[j];
    }
    const float magnitude = std::fabs(rng.normal());
    const float slack = rng.below(2) == 0 ? magnitude * (1.0f / 1024.0f) : magnitude;  // exact
    p.d_ineq(k) = static_cast<Scalar>(value - slack);
  }
  return true;
}

/// FNV-1a, 32 bits: a hash of the generated data, equal on host and target
/// when the problems are bit-identical.
inline constexpr std::uint32_t kFnvOffset = 2166136261u;

inline std::uint32_t hash_word(std::uint32_t hash, std::uint32_t word) {
  for (int byte = 0; byte < 4; ++byte) {
    hash ^= (word >> (8 * byte)) & 0xFFu;
    hash *= 16777619u;
  }
  return hash;
}

inline std::uint32_t hash_float(std::uint32_t hash, float value) {
  std::uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return hash_word(hash, bits);
}

/// Hash of the sizes and of every entry in use (as float bit patterns).
template <typename ProblemT>
std::uint32_t hash_problem(const ProblemT& p, std::uint32_t hash = kFnvOffset) {
  hash = hash_word(hash, static_cast<std::uint32_t>(p.n));
  hash = hash_word(hash, static_cast<std::uint32_t>(p.num_eq));
  hash = hash_word(hash, static_cast<std::uint32_t>(p.num_ineq));
  for (int i = 0; i < p.n; ++i) {
    for (int j = 0; j < p.n; ++j) hash = hash_float(hash, static_cast<float>(p.M(i, j)));
    hash = hash_float(hash, static_cast<float>(p.f(i)));
  }
  for (int k = 0; k < p.num_eq; ++k) {
    for (int j = 0; j < p.n; ++j) hash = hash_float(hash, static_cast<float>(p.J_eq(k, j)));
    hash = hash_float(hash, static_cast<float>(p.d_eq(k)));
  }
  for (int k = 0; k < p.num_ineq; ++k) {
    for (int j = 0; j < p.n; ++j) hash = hash_float(hash, static_cast<float>(p.J_ineq(k, j)));
    hash = hash_float(hash, static_cast<float>(p.d_ineq(k)));
  }
  return hash;
}

/// The fixed problem set compared between host and target
/// (tests/common/device_problems_expected.hpp): seed and bounds.
inline constexpr std::uint32_t kAgreementSeed = 20240611u;
inline constexpr int kAgreementProblems = 20;
inline constexpr int kAgreementMaxDof = 8, kAgreementMaxEq = 3, kAgreementMaxIneq = 10;

/// One row of the committed table (device_problems_expected.hpp).
struct AgreementExpected {
  int n;
  float scale;                                 ///< max(‖M⁻¹f‖∞, ‖ẍ_exact‖∞): what "relative" is relative to
  int status[4];                               ///< Status per strategy, kAllStrategies order
  float acceleration[4][kAgreementMaxDof];     ///< ẍ per strategy (first n entries)
};

/// What host/target differences of strategy s's ẍ are relative to:
/// max(scale, ‖ẍ_s‖∞) (a non-optimal strategy may move far more than the optimum).
inline float agreement_scale(const AgreementExpected& e, int s) {
  float scale = e.scale;
  for (int j = 0; j < e.n; ++j) scale = std::fmax(scale, std::fabs(e.acceleration[s][j]));
  return scale;
}

}  // namespace tact::test
