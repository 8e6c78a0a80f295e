// The dense kernels of tact/detail/dense.hpp against plain double loops, on
// every board: where the core has an FPU they run their VFP assembly
// (blocks of four rows) and finish the rest in C++, elsewhere the C++ loops
// alone. Every size from 0 to 13 rows, so each remainder of four is seen,
// and guard entries after each output check that nothing past it is
// written.
#include <cmath>
#include <cstdint>
#include <cstring>

#include <Eigen/Core>

#include "tact/detail/dense.hpp"
#include "tact_test.hpp"

namespace {

using tact::Index;
namespace detail = tact::detail;

constexpr Index kRows = 13;     // sizes 0..kRows
constexpr Index kColumns = 9;   // up to two four-column passes and a rest
constexpr Index kLd = 16;       // leading dimension: columns are not adjacent
constexpr Index kGuard = 4;     // entries after each output that must stay
constexpr float kGuardValue = 12345.0f;

float next_value(std::uint32_t& state) {  // in [-1, 1)
  state = state * 1664525u + 1013904223u;
  return static_cast<float>(state >> 8) / 8388608.0f - 1.0f;
}

struct Data {
  float a[kLd * kColumns];  // column-major, leading dimension kLd
  float x[kLd];
  float out[kLd + kGuard];
  std::uint16_t index[kColumns];
};

Data data;  // static: no large frame on the target's stack

void fill(std::uint32_t seed) {
  for (float& v : data.a) v = next_value(seed);
  for (float& v : data.x) v = next_value(seed);
  for (float& v : data.out) v = next_value(seed);
  // Columns in a shuffled order, as the slack sweep's skipped columns give.
  for (Index c = 0; c < kColumns; ++c) data.index[c] = static_cast<std::uint16_t>((c * 4 + 1) % kColumns);
}

void guard_output(Index rows) {
  for (Index i = rows; i < rows + kGuard; ++i) data.out[i] = kGuardValue;
}

bool guard_intact(Index rows) {
  for (Index i = rows; i < rows + kGuard; ++i)
    if (!(data.out[i] == kGuardValue)) return false;
  return true;
}

double wide(float v) { return static_cast<double>(v); }

// |float − double| within a few ulps of the terms' magnitude.
bool close(float value, double reference, double magnitude) {
  return std::fabs(static_cast<double>(value) - reference) <= 1e-6 * (magnitude + 1.0);
}

TACT_TEST(accumulate_columns_every_count_and_remainder) {
  for (Index rows = 0; rows <= kRows; ++rows)
    for (Index count = 1; count <= kColumns; ++count) {
      fill(static_cast<std::uint32_t>(rows * 31 + count));
      guard_output(rows);
      double expected[kLd];
      double magnitude[kLd];
      for (Index i = 0; i < rows; ++i) {
        expected[i] = wide(data.out[i]);
        magnitude[i] = std::fabs(wide(data.out[i]));
        for (Index c = 0; c < count; ++c) {
          const double term = 0.5 * wide(data.a[data.index[c] * kLd + i]) * wide(data.x[data.index[c]]);
          expected[i] += term;
          magnitude[i] += std::fabs(term);
        }
      }
      detail::accumulate_columns(rows, count, detail::ColumnSet<float>{data.a, kLd, data.index},
                                 detail::CoefficientSet<float>{data.x, 1, data.index, 0.5f}, data.out);
      bool ok = guard_intact(rows);
      for (Index i = 0; i < rows; ++i) ok = ok && close(data.out[i], expected[i], magnitude[i]);
      TACT_CHECK(ok);
    }
}

TACT_TEST(dot_columns_and_dot_every_size) {
  for (Index rows = 0; rows <= kRows; ++rows)
    for (Index count = 1; count <= kColumns; ++count) {
      fill(static_cast<std::uint32_t>(rows * 37 + count));
      guard_output(count);
      detail::dot_columns(rows, count, detail::ColumnSet<float>{data.a, kLd, data.index}, data.x, data.out);
      bool ok = guard_intact(count);
      for (Index c = 0; c < count; ++c) {
        double expected = 0, magnitude = 0;
        for (Index i = 0; i < rows; ++i) {
          const double term = wide(data.a[data.index[c] * kLd + i]) * wide(data.x[i]);
          expected += term;
          magnitude += std::fabs(term);
        }
        ok = ok && close(data.out[c], expected, magnitude);
        ok = ok && close(detail::dot(data.a + data.index[c] * kLd, data.x, rows), expected, magnitude);
      }
      TACT_CHECK(ok);
    }
}

// add_scaled: y += a·x over exactly y[0..n), its VFP passes of four and
// the C++ rest alike.
TACT_TEST(add_scaled_every_size) {
  for (Index n = 0; n <= kRows; ++n) {
    fill(static_cast<std::uint32_t>(n * 47));
    guard_output(n);
    double expected[kLd];
    for (Index i = 0; i < n; ++i) expected[i] = wide(data.out[i]) - 0.75 * wide(data.x[i]);
    detail::add_scaled(n, -0.75f, data.x, data.out);
    bool ok = guard_intact(n);
    for (Index i = 0; i < n; ++i) ok = ok && close(data.out[i], expected[i], std::fabs(expected[i]) + 1.0);
    TACT_CHECK(ok);
  }
}

TACT_TEST(copy_and_sum_squares_every_size) {
  for (Index rows = 0; rows <= kRows; ++rows) {
    fill(static_cast<std::uint32_t>(rows * 41));
    guard_output(rows);
    detail::copy(data.x, rows, data.out);
    bool ok = guard_intact(rows);
    for (Index i = 0; i < rows; ++i) ok = ok && data.out[i] == data.x[i];
    TACT_CHECK(ok);
    for (Index columns = 1; columns <= kColumns; ++columns) {
      guard_output(rows);
      detail::sum_squares(data.a, kLd, rows, columns, data.out);
      ok = guard_intact(rows);
      for (Index i = 0; i < rows; ++i) {
        double expected = 0;
        for (Index c = 0; c < columns; ++c) expected += wide(data.a[c * kLd + i]) * wide(data.a[c * kLd + i]);
        ok = ok && close(data.out[i], expected, expected);
      }
      TACT_CHECK(ok);
    }
  }
}

// or_of_bits ORs exactly entries[0..count): each single set bit at each
// position is seen, −0 entries leave only the sign bit, and the entry just
// past the count (all bits set) is never read into the result.
TACT_TEST(or_of_bits_every_count_and_position) {
  static std::uint32_t words[kRows + 1];
  float entries[kRows + 1];
  for (Index count = 0; count <= kRows; ++count) {
    for (Index i = 0; i <= kRows; ++i) words[i] = i < count && (i % 3 == 1) ? 0x80000000u : 0u;  // −0 and +0
    words[count] = 0xffffffffu;  // past the end
    std::memcpy(entries, words, sizeof entries);
    const std::uint32_t zeros = detail::or_of_bits(entries, count, 0u);
    TACT_CHECK(zeros == (count > 1 ? 0x80000000u : 0u));
    TACT_CHECK(detail::or_of_bits(entries, count, 0x10u) == (zeros | 0x10u));  // the bits passed in are kept
    for (Index position = 0; position < count; ++position) {
      bool ok = true;
      for (int bit = 0; bit < 31; bit += 5) {
        std::uint32_t one[kRows + 1] = {};
        one[position] = 1u << bit;
        one[count] = 0xffffffffu;
        std::memcpy(entries, one, sizeof entries);
        ok = ok && detail::or_of_bits(entries, count, 0u) == (1u << bit);
      }
      TACT_CHECK(ok);
    }
  }
}

TACT_TEST(triangular_solves_every_size) {
  for (Index n = 1; n <= kRows; ++n) {
    fill(static_cast<std::uint32_t>(n * 43));
    // L: the lower triangle of a, its diagonal moved to [2, 3] (well conditioned).
    static float l[kLd * kLd];
    for (Index j = 0; j < n; ++j)
      for (Index i = 0; i < n; ++i) {
        const float v = data.a[(j % kColumns) * kLd + i] * 0.25f;
        l[j * kLd + i] = i < j ? 99.0f : (i == j ? 2.5f + v : v);  // 99: never read
      }
    // L y = b, then Lᵀ z = y: each result times its matrix gives back the input.
    float y[kLd], z[kLd];
    for (Index i = 0; i < n; ++i) y[i] = z[i] = data.x[i];
    detail::forward_substitute(l, kLd, n, y);
    detail::backward_substitute_transposed(l, kLd, n, z);
    bool ok = true;
    for (Index i = 0; i < n; ++i) {
      double lower = 0, upper = 0, magnitude = 0;
      for (Index k = 0; k <= i; ++k) lower += wide(l[k * kLd + i]) * wide(y[k]);
      for (Index k = i; k < n; ++k) upper += wide(l[i * kLd + k]) * wide(z[k]);
      for (Index k = 0; k < n; ++k) magnitude += std::fabs(wide(y[k])) + std::fabs(wide(z[k]));
      ok = ok && std::fabs(lower - wide(data.x[i])) <= 1e-5 * (magnitude + 1.0) &&
           std::fabs(upper - wide(data.x[i])) <= 1e-5 * (magnitude + 1.0);
    }
    TACT_CHECK(ok);
  }
}

// cholesky_remove on every size and position: the new factor's W is the old
// one without that row and column (the working set's release), and its last
// row is cleared.
TACT_TEST(cholesky_remove_every_size_and_position) {
  using Factor = Eigen::Matrix<float, kLd, kLd>;
  static Factor before, after;
  for (Index k = 1; k <= kRows; ++k) {
    for (Index removed = 0; removed < k; ++removed) {
      fill(static_cast<std::uint32_t>(k * 31 + removed));
      before.setZero();
      for (Index j = 0; j < k; ++j)
        for (Index i = j; i < k; ++i) {
          const float v = data.a[(j % kColumns) * kLd + i] * 0.25f;
          before(i, j) = i == j ? 2.5f + v : v;
        }
      after = before;
      detail::cholesky_remove(after, k, removed);
      bool ok = true;
      // W from the lower triangles, which the solves read (above the
      // diagonal a rotation leaves rounding, never read).
      for (Index i = 0; i + 1 < k; ++i) {
        const Index old_i = i < removed ? i : i + 1;
        for (Index j = 0; j <= i; ++j) {
          const Index old_j = j < removed ? j : j + 1;
          double w_new = 0, w_old = 0, magnitude = 0;
          for (Index c = 0; c <= j; ++c) w_new += wide(after(i, c)) * wide(after(j, c));
          for (Index c = 0; c <= old_j; ++c) {
            w_old += wide(before(old_i, c)) * wide(before(old_j, c));
            magnitude += std::fabs(wide(before(old_i, c)) * wide(before(old_j, c)));
          }
          ok = ok && std::fabs(w_new - w_old) <= 1e-5 * (magnitude + 1.0);
        }
      }
      for (Index c = 0; c < k; ++c) ok = ok && after(k - 1, c) == 0.0f;
      TACT_CHECK(ok);
    }
  }
}

}  // namespace
