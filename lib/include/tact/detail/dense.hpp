/// @file dense.hpp
/// Small dense kernels on the leading block of fixed-size storage: Cholesky,
/// triangular solves and the Givens downdate used when a row leaves the
/// working set. Plain loops: sizes are runtime values below compile-time
/// bounds, and the loops stay readable and allocation-free. On a core with
/// an FPU the innermost float loops are also written in VFP assembly (below),
/// each next to the C++ loop that every other build runs and that finishes
/// the rows the assembly leaves (fewer than four).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "tact/config.hpp"

/// Single-precision kernels in Thumb-2 VFP assembly where the core has an
/// FPU with fused multiply-add (M4F, M7, M33, M55; not a VFPv3 core such
/// as the Cortex-R5, which has no VFMA): one VLDM loads four consecutive floats, where
/// the compiler emits one load per float. The assembly only loads, stores,
/// multiply-adds and counts blocks of four; it clobbers s0–s19 (the
/// compiler saves s16–s19) and is tested by every target suite under QEMU.
#if defined(__thumb2__) && defined(__ARM_FP) && (__ARM_FP & 4) && defined(__ARM_FEATURE_FMA)
#define TACT_VFP_KERNELS 1
/// The kernels whose assembly makes them large enough that GCC would call
/// them out of line (accumulate_four_columns, accumulate_two_columns):
/// inlined all the same with VFP; elsewhere, as GCC decides.
#define TACT_VFP_KERNEL_INLINE TACT_ALWAYS_INLINE
/// The four-column kernels' shared parts: rows i..i+3 of columns a0..a3
/// into s4–s19 (pointers advanced), the registers they all clobber, and
/// the pass of those that update out. Each kernel spells out its sixteen
/// multiply-adds: they are what differs.
#define TACT_VFP_LOAD_FOUR_COLUMNS \
  "vldmia %[a0]!, {s4-s7}\n\t"   \
  "vldmia %[a1]!, {s8-s11}\n\t"  \
  "vldmia %[a2]!, {s12-s15}\n\t" \
  "vldmia %[a3]!, {s16-s19}\n\t"
#define TACT_VFP_CLOBBERS_S0_S19                                                                                 \
  "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "s12", "s13", "s14", "s15", "s16", \
      "s17", "s18", "s19", "cc", "memory"
/// out[i..i+7] (in s0–s7) += x·(column a's rows i..i+7, loaded into
/// s8–s15, a advanced): a column's part of the eight-row passes.
#define TACT_VFP_ADD_EIGHT_ROWS_OF_COLUMN(a, x) \
  "vldmia %[" a "]!, {s8-s15}\n\t"             \
  "vfma.f32 s0, s8, %[" x "]\n\t"              \
  "vfma.f32 s1, s9, %[" x "]\n\t"              \
  "vfma.f32 s2, s10, %[" x "]\n\t"             \
  "vfma.f32 s3, s11, %[" x "]\n\t"             \
  "vfma.f32 s4, s12, %[" x "]\n\t"             \
  "vfma.f32 s5, s13, %[" x "]\n\t"             \
  "vfma.f32 s6, s14, %[" x "]\n\t"             \
  "vfma.f32 s7, s15, %[" x "]\n\t"
/// The eight-row passes: out[i..i+7] into s0–s7, the `columns`
/// (TACT_VFP_ADD_EIGHT_ROWS_OF_COLUMN each), out stored back; `blocks`
/// passes of eight rows.
#define TACT_VFP_UPDATE_OUT_BY_EIGHT_ROWS(columns) \
  "1:\n\t"                                         \
  "vldmia %[out], {s0-s7}\n\t"                     \
  columns                                          \
  "vstmia %[out]!, {s0-s7}\n\t"                    \
  "subs %[blocks], %[blocks], #1\n\t"              \
  "bne 1b"
#define TACT_VFP_CLOBBERS_S0_S15                                                                                 \
  "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "s12", "s13", "s14", "s15", "cc", \
      "memory"
/// The passes of the kernels that update out (the four-column axpy, the
/// four-column squares): out[i..i+3] into s0–s3, the columns' rows into
/// s4–s19, the sixteen `multiply_adds` into s0–s3, out[i..i+3] stored back;
/// `blocks` passes of four rows.
#define TACT_VFP_UPDATE_OUT_BY_FOUR_ROWS(multiply_adds) \
  "1:\n\t"                                              \
  "vldmia %[out], {s0-s3}\n\t"                          \
  TACT_VFP_LOAD_FOUR_COLUMNS                            \
  multiply_adds                                         \
  "vstmia %[out]!, {s0-s3}\n\t"                         \
  "subs %[blocks], %[blocks], #1\n\t"                   \
  "bne 1b"
#else
#define TACT_VFP_KERNELS 0
#define TACT_VFP_KERNEL_INLINE inline
#endif
/// Integer kernels in Thumb-2 assembly (M3 and up, with or without an FPU).
#if defined(__thumb2__)
#define TACT_THUMB2_KERNELS 1
#else
#define TACT_THUMB2_KERNELS 0
#endif

namespace tact::detail {

// Inline replacements for std::fmax/fmin/isfinite: on Cortex-M, newlib
// implements those as calls (fmaxf, __fpclassifyf) costing tens of
// instructions per element. Callers ensure the operands are not NaN, or
// do not care which one wins when one is.
template <typename Scalar>
inline Scalar max_of(Scalar a, Scalar b) {
  return a > b ? a : b;
}
template <typename Scalar>
inline Scalar min_of(Scalar a, Scalar b) {
  return a < b ? a : b;
}
/// The symmetric part ½(lower + upper) of a pair m_ij, m_ji of a matrix
/// symmetric within rounding, as lower + ½(upper − lower): exactly `lower`
/// when the two are equal, and no overflow when they are within rounding
/// of each other (Solver::check_mass, ConstraintCorrection::set_matrix).
template <typename Scalar>
inline Scalar symmetric_part(Scalar lower, Scalar upper) {
  return lower + Scalar(0.5) * (upper - lower);
}
/// The bits of x as an unsigned integer of its size. Tests on them cost no
/// float compare and no transfer of the FPU's flags (VCMP + VMRS on
/// Cortex-M), and without an FPU no library call.
template <typename Scalar>
inline auto bits_of(Scalar x) {
  using Bits = std::conditional_t<sizeof(Scalar) == 4, std::uint32_t, std::uint64_t>;
  static_assert(sizeof(Bits) == sizeof(Scalar), "float or double");
  Bits bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits;
}
/// True when x is +0 or −0 (its bits without the sign are zero).
template <typename Scalar>
inline bool is_zero(Scalar x) {
  const auto bits = bits_of(x);
  return static_cast<decltype(bits)>(bits << 1) == 0;
}
/// True when the top bit of an unsigned integer is set: a float's sign bit.
template <typename Bits>
inline bool top_bit(Bits bits) {
  return (bits >> (8 * sizeof(Bits) - 1)) != 0;
}
/// True when x's sign bit is set (x < 0, −0, or a negative NaN): an integer
/// test, cheaper than a float compare.
template <typename Scalar>
inline bool sign_bit(Scalar x) {
  return top_bit(bits_of(x));
}
/// sign_bit(*x), read from memory as an integer: in a loop that tests
/// many entries and reads few as floats, no load into an FPU register and
/// transfer out for each (GCC chooses that for sign_bit(x) where register
/// pressure is high).
template <typename Scalar>
inline bool sign_bit_at(const Scalar* x) {
  decltype(bits_of(Scalar(0))) bits;
  std::memcpy(&bits, x, sizeof bits);
  return top_bit(bits);
}
/// True when x is neither NaN nor ±Inf.
template <typename Scalar>
inline bool is_finite(Scalar x) {
  return std::fabs(x) <= std::numeric_limits<Scalar>::max();
}
/// Where IEEE 754 puts float's and double's exponent: the one place that
/// knows the layout behind bits_of's integers.
template <typename Scalar>
struct BitLayout {
  using Bits = decltype(bits_of(Scalar(0)));
  static constexpr int kMantissaBits = std::numeric_limits<Scalar>::digits - 1;  // 23, 52
  static constexpr int kBias = std::numeric_limits<Scalar>::max_exponent - 1;    // 127, 1023
  static constexpr Bits kExponentMask = Bits(2 * kBias + 1) << kMantissaBits;     // all ones: NaN, Inf
  static constexpr Bits kSignMask = Bits(1) << (8 * sizeof(Bits) - 1);             // the sign bit: −0's bits
};
/// 2^exponent, built from its bits (exact, no libm call); exponent within
/// the normal range, [1 − bias, bias].
template <typename Scalar>
inline Scalar power_of_two(int exponent) {
  using Layout = BitLayout<Scalar>;
  const auto bits = static_cast<typename Layout::Bits>(Layout::kBias + exponent) << Layout::kMantissaBits;
  Scalar value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}
/// is_finite read from the exponent's bits (not all ones): integer operations
/// only, where a soft-float core (M0) would call a compare.
template <typename Scalar>
inline bool has_finite_bits(Scalar x) {
  constexpr auto mask = BitLayout<Scalar>::kExponentMask;
  return (bits_of(x) & mask) != mask;
}
/// x finite and not below 0 (±0 pass), from its bits as has_finite_bits:
/// the bits of +0 … the largest finite are the integers 0 … kExponentMask − 1.
template <typename Scalar>
inline bool has_finite_nonnegative_bits(Scalar x) {
  using Layout = BitLayout<Scalar>;
  const typename Layout::Bits bits = bits_of(x);
  return bits < Layout::kExponentMask || bits == Layout::kSignMask;
}
/// True when x is NaN (every compare with it is false; ±Inf is not NaN).
template <typename Scalar>
inline bool is_nan(Scalar x) {
  return !(std::fabs(x) <= std::numeric_limits<Scalar>::infinity());
}
/// Accumulates x·0 over a block: the probe stays 0 for finite data and
/// becomes NaN if any entry is NaN or ±Inf (one multiply-add per entry,
/// one test at the end).
template <typename Block, typename Scalar>
inline void probe_finite(const Block& block, Scalar& probe) {
  for (Index j = 0; j < block.cols(); ++j)
    for (Index i = 0; i < block.rows(); ++i) probe += block(i, j) * Scalar(0);
}

// ---- kernels on contiguous columns -----------------------------------------
// Every hot loop of a solve is one of two shapes over contiguous (column-
// major) storage: out += Σ_c x_c·column_c (an axpy chain) or out_c =
// column_c·y (dot products). Both take four columns per pass (the compiled
// axpy chain eight where there are eight), so each element of `out` or `y`
// is loaded once per four (eight) multiply-adds: about 2.6 instructions per
// multiply-add on a Cortex-M4F instead of 4–7, and 1.5 with the VFP
// assembly's four rows per pass.
// The columns and coefficients are described by data (ColumnSet,
// CoefficientSet), not by callbacks, so each kernel exists once per Scalar
// and is kept out of line: one copy in flash for every call site.

/// 0, 1, …, N − 1: the index list of consecutive columns or coefficients.
template <int N>
struct Consecutive {
  static constexpr std::array<std::uint16_t, static_cast<std::size_t>(N)> make() {
    std::array<std::uint16_t, static_cast<std::size_t>(N)> values{};
    for (int i = 0; i < N; ++i) values[static_cast<std::size_t>(i)] = static_cast<std::uint16_t>(i);
    return values;
  }
  static constexpr std::array<std::uint16_t, static_cast<std::size_t>(N)> index = make();
};

/// Columns of column-major storage: column c starts at base + index[c]·stride.
template <typename Scalar>
struct ColumnSet {
  const Scalar* base;
  Index stride;
  const std::uint16_t* index;
  const Scalar* operator()(Index c) const { return base + index[c] * stride; }
};

/// Coefficients x_c = scale·base[index[c]·stride].
template <typename Scalar>
struct CoefficientSet {
  const Scalar* base;
  Index stride;
  const std::uint16_t* index;
  Scalar scale;
  Scalar operator()(Index c) const { return scale * base[index[c] * stride]; }
};

/// The kernels take blocks of four entries (rows, columns or unknowns).
/// Below that many their blocks do not start and a call costs more than
/// the few products: callers then loop plainly (a robot's few joints).
inline constexpr Index kKernelBlock = 4;

/// The VFP kernels: single precision on a core with an FPU.
template <typename Scalar>
inline constexpr bool kVfpKernels = TACT_VFP_KERNELS && std::is_same_v<Scalar, float>;
/// The blocks of four elements an assembly kernel takes; `count`
/// becomes the rest, which the C++ loop after it does from the pointers the
/// assembly advanced.
inline Index take_blocks_of_four(Index& count) {
  const Index blocks = count / 4;
  count -= 4 * blocks;
  return blocks;
}

/// bits | the bits of every entry of entries[0..count). On a Thumb-2 core
/// (M3 and up), float entries four per pass: one LDM and four ORRs, 1.75
/// instructions per entry against 4 for the compiled loop (a diagonal M of
/// 22 bodies has 462 zeros to look at in every solve); the last count % 4
/// by the count's two low bits (an LDM of two, an LDR of one), not a loop.
template <typename Scalar>
inline auto or_of_bits(const Scalar* entries, Index count, decltype(bits_of(Scalar(0))) bits) {
#if TACT_THUMB2_KERNELS
  if constexpr (std::is_same_v<Scalar, float>) {
    Index blocks;
    __asm__ volatile(
        "lsrs %[blocks], %[count], #2\n\t"
        "beq 2f\n"
        "1:\n\t"
        "ldmia %[entries]!, {r4, r5, r6, r8}\n\t"
        "orr %[bits], %[bits], r4\n\t"
        "orr %[bits], %[bits], r5\n\t"
        "orr %[bits], %[bits], r6\n\t"
        "orr %[bits], %[bits], r8\n\t"
        "subs %[blocks], %[blocks], #1\n\t"
        "bne 1b\n"
        "2:\n\t"
        "lsls %[count], %[count], #31\n\t"  // C: bit 1 of count (two left), N: bit 0 (one)
        "bcc 3f\n\t"
        "ldmia %[entries]!, {r4, r5}\n\t"
        "orr %[bits], %[bits], r4\n\t"
        "orr %[bits], %[bits], r5\n"
        "3:\n\t"
        "bpl 4f\n\t"
        "ldr r4, [%[entries]]\n\t"
        "orr %[bits], %[bits], r4\n"
        "4:"
        : [entries] "+r"(entries), [bits] "+r"(bits), [count] "+r"(count), [blocks] "=&r"(blocks)
        :
        : "r4", "r5", "r6", "r8", "cc", "memory");
    return bits;
  }
#endif
  for (Index i = 0; i < count; ++i) bits |= bits_of(entries[i]);
  return bits;
}

/// True when an entry of entries[0..count) has its sign bit set (< 0, −0
/// or a negative NaN): or_of_bits' integer pass, no float compare per entry.
template <typename Scalar>
inline bool any_sign_bit(const Scalar* entries, Index count) {
  return top_bit(or_of_bits(entries, count, 0));
}

/// to[0..n) = from[0..n); with VFP, four floats per VLDM/VSTM pair. Out of
/// line, like the kernels below: called from many places (960 bytes of
/// flash with dot on the M4F), and a call costs a few instructions.
template <typename Scalar>
TACT_NOINLINE void copy(const Scalar* from, Index n, Scalar* to) {
#if TACT_VFP_KERNELS
  if constexpr (kVfpKernels<Scalar>) {
    if (n >= 4) {
      Index blocks = take_blocks_of_four(n);
      __asm__ volatile(
          "1:\n\t"
          "vldmia %[from]!, {s0-s3}\n\t"
          "vstmia %[to]!, {s0-s3}\n\t"
          "subs %[blocks], %[blocks], #1\n\t"
          "bne 1b"
          : [from] "+r"(from), [to] "+r"(to), [blocks] "+r"(blocks)
          :
          : "s0", "s1", "s2", "s3", "cc", "memory");
    }
  }
#endif
  for (Index i = 0; i < n; ++i) to[i] = from[i];
}

/// y[0..n) += a·x[0..n). With VFP, four elements per pass: two VLDMs, four
/// VFMAs (the fused multiply-adds GCC contracts the loop into), one VSTM:
/// 2.25 instructions per element against 7 for the compiled loop.
template <typename Scalar>
inline void add_scaled(Index n, Scalar a, const Scalar* x, Scalar* y) {
#if TACT_VFP_KERNELS
  if constexpr (kVfpKernels<Scalar>) {
    if (n >= 4) {
      Index blocks = take_blocks_of_four(n);
      __asm__ volatile(
          "1:\n\t"
          "vldmia %[y], {s0-s3}\n\t"
          "vldmia %[x]!, {s4-s7}\n\t"
          "vfma.f32 s0, s4, %[a]\n\t"
          "vfma.f32 s1, s5, %[a]\n\t"
          "vfma.f32 s2, s6, %[a]\n\t"
          "vfma.f32 s3, s7, %[a]\n\t"
          "vstmia %[y]!, {s0-s3}\n\t"
          "subs %[blocks], %[blocks], #1\n\t"
          "bne 1b"
          : [x] "+r"(x), [y] "+r"(y), [blocks] "+r"(blocks)
          : [a] "t"(a)
          : "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "cc", "memory");
    }
  }
#endif
  for (Index i = 0; i < n; ++i) y[i] += a * x[i];
}

/// x·y over `rows` contiguous elements, two partial sums (even and odd
/// elements). With VFP, four elements per pass: two VLDMs, four VFMAs.
template <typename Scalar>
TACT_NOINLINE Scalar dot(const Scalar* x, const Scalar* y, Index rows) {
  Scalar s0 = 0, s1 = 0;
#if TACT_VFP_KERNELS
  if constexpr (kVfpKernels<Scalar>) {
    if (rows >= 4) {
      Index blocks = take_blocks_of_four(rows);
      __asm__ volatile(
          "1:\n\t"
          "vldmia %[x]!, {s0-s3}\n\t"
          "vldmia %[y]!, {s4-s7}\n\t"
          "vfma.f32 %[s0], s0, s4\n\t"
          "vfma.f32 %[s1], s1, s5\n\t"
          "vfma.f32 %[s0], s2, s6\n\t"
          "vfma.f32 %[s1], s3, s7\n\t"
          "subs %[blocks], %[blocks], #1\n\t"
          "bne 1b"
          : [x] "+r"(x), [y] "+r"(y), [blocks] "+r"(blocks), [s0] "+t"(s0), [s1] "+t"(s1)
          :
          : "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "cc", "memory");
    }
  }
#endif
  Index i = 0;
  for (; i + 2 <= rows; i += 2) {
    s0 += x[i] * y[i];
    s1 += x[i + 1] * y[i + 1];
  }
  if (i < rows) s0 += x[i] * y[i];
  return s0 + s1;
}

/// The first 8·⌊count/8⌋ columns of accumulate_columns, eight per pass:
/// `out` is loaded and stored once per eight multiply-adds (the slack sweep
/// over a wide J). Apart, so that narrow calls do not pay for its registers.
/// @return the columns done.
template <typename Scalar>
TACT_NOINLINE Index accumulate_columns_by_eight(Index rows, Index count, const ColumnSet<Scalar>& columns,
                                                const CoefficientSet<Scalar>& coefficients, Scalar* out) {
  const ColumnSet<Scalar> column = columns;  // local copies, as in accumulate_columns
  const CoefficientSet<Scalar> x = coefficients;
  Index c = 0;
  for (; c + 8 <= count; c += 8) {
    const Scalar* a0 = column(c);
    const Scalar* a1 = column(c + 1);
    const Scalar* a2 = column(c + 2);
    const Scalar* a3 = column(c + 3);
    const Scalar* a4 = column(c + 4);
    const Scalar* a5 = column(c + 5);
    const Scalar* a6 = column(c + 6);
    const Scalar* a7 = column(c + 7);
    const Scalar x0 = x(c), x1 = x(c + 1), x2 = x(c + 2), x3 = x(c + 3);
    const Scalar x4 = x(c + 4), x5 = x(c + 5), x6 = x(c + 6), x7 = x(c + 7);
    for (Index i = 0; i < rows; ++i)
      out[i] += a0[i] * x0 + a1[i] * x1 + a2[i] * x2 + a3[i] * x3 + a4[i] * x4 + a5[i] * x5 + a6[i] * x6 + a7[i] * x7;
  }
  return c;
}

/// out[0..rows) += a0·x0 + a1·x1 + a2·x2 + a3·x3. With VFP, four rows per
/// pass: one VLDM per column and for out, sixteen VFMAs into out, one VSTM
/// (1.5 instructions per multiply-add against 2.6 for the compiled
/// eight-column pass); `kEightRowPasses` (accumulate_columns' sweeps of
/// many rows) eight rows per pass before those (1.25). With VFP always
/// inlined (TACT_VFP_KERNEL_INLINE): its callers' loops pay no call (out of
/// line, the eight-row pass made dense-12-2-24-a slower). The C++ loop adds the products' sum to out, as
/// the solver did before the assembly: the other builds' results are
/// unchanged.
template <bool kEightRowPasses = false, typename Scalar>
TACT_VFP_KERNEL_INLINE void accumulate_four_columns(Index rows, const Scalar* a0, const Scalar* a1, const Scalar* a2,
                                    const Scalar* a3, Scalar x0, Scalar x1, Scalar x2, Scalar x3, Scalar* out) {
#if TACT_VFP_KERNELS
  if constexpr (kVfpKernels<Scalar>) {
    // Eight rows a pass first: out in s0–s7, one column's eight rows at a
    // time in s8–s15 (40 instructions for 32 multiply-adds, against 48 for
    // two four-row passes), in the four-row pass's order of operations.
    if (kEightRowPasses && rows >= 8) {
      Index blocks = rows / 8;
      rows -= 8 * blocks;
      __asm__ volatile(TACT_VFP_UPDATE_OUT_BY_EIGHT_ROWS(
              TACT_VFP_ADD_EIGHT_ROWS_OF_COLUMN("a0", "x0")
              TACT_VFP_ADD_EIGHT_ROWS_OF_COLUMN("a1", "x1")
              TACT_VFP_ADD_EIGHT_ROWS_OF_COLUMN("a2", "x2")
              TACT_VFP_ADD_EIGHT_ROWS_OF_COLUMN("a3", "x3"))
          : [a0] "+r"(a0), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3), [out] "+r"(out), [blocks] "+r"(blocks)
          : [x0] "t"(x0), [x1] "t"(x1), [x2] "t"(x2), [x3] "t"(x3)
          : TACT_VFP_CLOBBERS_S0_S15);
    }
    if (rows >= 4) {
      Index blocks = take_blocks_of_four(rows);
      __asm__ volatile(TACT_VFP_UPDATE_OUT_BY_FOUR_ROWS(
          "vfma.f32 s0, s4, %[x0]\n\t"
          "vfma.f32 s1, s5, %[x0]\n\t"
          "vfma.f32 s2, s6, %[x0]\n\t"
          "vfma.f32 s3, s7, %[x0]\n\t"
          "vfma.f32 s0, s8, %[x1]\n\t"
          "vfma.f32 s1, s9, %[x1]\n\t"
          "vfma.f32 s2, s10, %[x1]\n\t"
          "vfma.f32 s3, s11, %[x1]\n\t"
          "vfma.f32 s0, s12, %[x2]\n\t"
          "vfma.f32 s1, s13, %[x2]\n\t"
          "vfma.f32 s2, s14, %[x2]\n\t"
          "vfma.f32 s3, s15, %[x2]\n\t"
          "vfma.f32 s0, s16, %[x3]\n\t"
          "vfma.f32 s1, s17, %[x3]\n\t"
          "vfma.f32 s2, s18, %[x3]\n\t"
          "vfma.f32 s3, s19, %[x3]\n\t")
          : [a0] "+r"(a0), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3), [out] "+r"(out), [blocks] "+r"(blocks)
          : [x0] "t"(x0), [x1] "t"(x1), [x2] "t"(x2), [x3] "t"(x3)
          : TACT_VFP_CLOBBERS_S0_S19);
    }
  }
#endif
  for (Index i = 0; i < rows; ++i) out[i] += a0[i] * x0 + a1[i] * x1 + a2[i] * x2 + a3[i] * x3;
}

/// out[0..rows) += a0·x0 + a1·x1 (the two-column rest of accumulate_columns),
/// in the same way: with VFP, 22 instructions for eight rows, then 14 for
/// four.
template <typename Scalar>
TACT_VFP_KERNEL_INLINE void accumulate_two_columns(Index rows, const Scalar* a0, const Scalar* a1, Scalar x0, Scalar x1,
                                               Scalar* out) {
#if TACT_VFP_KERNELS
  if constexpr (kVfpKernels<Scalar>) {
    if (rows >= 8) {  // eight rows a pass first, as accumulate_four_columns
      Index blocks = rows / 8;
      rows -= 8 * blocks;
      __asm__ volatile(TACT_VFP_UPDATE_OUT_BY_EIGHT_ROWS(
              TACT_VFP_ADD_EIGHT_ROWS_OF_COLUMN("a0", "x0")
              TACT_VFP_ADD_EIGHT_ROWS_OF_COLUMN("a1", "x1"))
          : [a0] "+r"(a0), [a1] "+r"(a1), [out] "+r"(out), [blocks] "+r"(blocks)
          : [x0] "t"(x0), [x1] "t"(x1)
          : TACT_VFP_CLOBBERS_S0_S15);
    }
    if (rows >= 4) {
      Index blocks = take_blocks_of_four(rows);
      __asm__ volatile(
          "1:\n\t"
          "vldmia %[out], {s0-s3}\n\t"
          "vldmia %[a0]!, {s4-s7}\n\t"
          "vldmia %[a1]!, {s8-s11}\n\t"
          "vfma.f32 s0, s4, %[x0]\n\t"
          "vfma.f32 s1, s5, %[x0]\n\t"
          "vfma.f32 s2, s6, %[x0]\n\t"
          "vfma.f32 s3, s7, %[x0]\n\t"
          "vfma.f32 s0, s8, %[x1]\n\t"
          "vfma.f32 s1, s9, %[x1]\n\t"
          "vfma.f32 s2, s10, %[x1]\n\t"
          "vfma.f32 s3, s11, %[x1]\n\t"
          "vstmia %[out]!, {s0-s3}\n\t"
          "subs %[blocks], %[blocks], #1\n\t"
          "bne 1b"
          : [a0] "+r"(a0), [a1] "+r"(a1), [out] "+r"(out), [blocks] "+r"(blocks)
          : [x0] "t"(x0), [x1] "t"(x1)
          : "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "cc", "memory");
    }
  }
#endif
  for (Index i = 0; i < rows; ++i) out[i] += a0[i] * x0 + a1[i] * x1;
}

/// sums[c] += a_c[0..rows) · y[0..rows) for the four columns a0..a3, each
/// sum accumulated in row order. With VFP, four rows per pass: one VLDM
/// for y and per column, sixteen VFMAs (1.4 instructions per multiply-add).
template <typename Scalar>
inline void dot_four_columns(Index rows, const Scalar* a0, const Scalar* a1, const Scalar* a2, const Scalar* a3,
                             const Scalar* y, Scalar sums[4]) {
  Scalar s0 = sums[0], s1 = sums[1], s2 = sums[2], s3 = sums[3];
#if TACT_VFP_KERNELS
  if constexpr (kVfpKernels<Scalar>) {
    if (rows >= 4) {
      Index blocks = take_blocks_of_four(rows);
      __asm__ volatile(
          "1:\n\t"
          "vldmia %[y]!, {s0-s3}\n\t"
          TACT_VFP_LOAD_FOUR_COLUMNS
          "vfma.f32 %[s0], s4, s0\n\t"
          "vfma.f32 %[s1], s8, s0\n\t"
          "vfma.f32 %[s2], s12, s0\n\t"
          "vfma.f32 %[s3], s16, s0\n\t"
          "vfma.f32 %[s0], s5, s1\n\t"
          "vfma.f32 %[s1], s9, s1\n\t"
          "vfma.f32 %[s2], s13, s1\n\t"
          "vfma.f32 %[s3], s17, s1\n\t"
          "vfma.f32 %[s0], s6, s2\n\t"
          "vfma.f32 %[s1], s10, s2\n\t"
          "vfma.f32 %[s2], s14, s2\n\t"
          "vfma.f32 %[s3], s18, s2\n\t"
          "vfma.f32 %[s0], s7, s3\n\t"
          "vfma.f32 %[s1], s11, s3\n\t"
          "vfma.f32 %[s2], s15, s3\n\t"
          "vfma.f32 %[s3], s19, s3\n\t"
          "subs %[blocks], %[blocks], #1\n\t"
          "bne 1b"
          : [a0] "+r"(a0), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3), [y] "+r"(y), [blocks] "+r"(blocks),
            [s0] "+t"(s0), [s1] "+t"(s1), [s2] "+t"(s2), [s3] "+t"(s3)
          :
          : TACT_VFP_CLOBBERS_S0_S19);
    }
  }
#endif
  for (Index i = 0; i < rows; ++i) {
    const Scalar yi = y[i];
    s0 += a0[i] * yi;
    s1 += a1[i] * yi;
    s2 += a2[i] * yi;
    s3 += a3[i] * yi;
  }
  sums[0] = s0;
  sums[1] = s1;
  sums[2] = s2;
  sums[3] = s3;
}

/// out[0..rows) += Σ_{c < count} x(c)·column(c)[0..rows).
template <typename Scalar>
TACT_NOINLINE void accumulate_columns(Index rows, Index count, const ColumnSet<Scalar>& columns,
                                      const CoefficientSet<Scalar>& coefficients, Scalar* out) {
  // With VFP, four-column passes are cheaper than eight-column ones.
  Index c = 0;
  if constexpr (!kVfpKernels<Scalar>)
    if (count >= 8) c = accumulate_columns_by_eight(rows, count, columns, coefficients, out);
  // Local copies: stores to `out` cannot alias them, so their fields stay in registers.
  const ColumnSet<Scalar> column = columns;
  const CoefficientSet<Scalar> x = coefficients;
  for (; c + 4 <= count; c += 4) {
    const Scalar* a0 = column(c);
    const Scalar* a1 = column(c + 1);
    const Scalar* a2 = column(c + 2);
    const Scalar* a3 = column(c + 3);
    accumulate_four_columns<true>(rows, a0, a1, a2, a3, x(c), x(c + 1), x(c + 2), x(c + 3), out);
  }
  if (c + 2 <= count) {
    accumulate_two_columns(rows, column(c), column(c + 1), x(c), x(c + 1), out);
    c += 2;
  }
  if (c < count) {
    const Scalar* a = column(c);
    const Scalar xc = x(c);
    for (Index i = 0; i < rows; ++i) out[i] += a[i] * xc;
  }
}

/// out[c] = column(c)[0..rows) · y[0..rows) for c < count.
template <typename Scalar>
TACT_NOINLINE void dot_columns(Index rows, Index count, const ColumnSet<Scalar>& columns, const Scalar* y,
                               Scalar* out) {
  const ColumnSet<Scalar> column = columns;  // a local copy, as in accumulate_columns
  Index c = 0;
  for (; c + 4 <= count; c += 4) {
    const Scalar* a0 = column(c);
    const Scalar* a1 = column(c + 1);
    const Scalar* a2 = column(c + 2);
    const Scalar* a3 = column(c + 3);
    Scalar sums[4] = {0, 0, 0, 0};
    dot_four_columns(rows, a0, a1, a2, a3, y, sums);
    out[c] = sums[0];
    out[c + 1] = sums[1];
    out[c + 2] = sums[2];
    out[c + 3] = sums[3];
  }
  for (; c < count; ++c) out[c] = dot(column(c), y, rows);
}

/// out[0..rows) += a0² + a1² + a2² + a3² elementwise, for the four columns
/// at a0, a0 + ld, …; with VFP as accumulate_four_columns does.
template <typename Scalar>
inline void add_squares_four_columns(Index rows, const Scalar* a0, Index ld, Scalar* out) {
  const Scalar* a1 = a0 + ld;
  const Scalar* a2 = a1 + ld;
  const Scalar* a3 = a2 + ld;
#if TACT_VFP_KERNELS
  if constexpr (kVfpKernels<Scalar>) {
    if (rows >= 4) {
      Index blocks = take_blocks_of_four(rows);
      __asm__ volatile(TACT_VFP_UPDATE_OUT_BY_FOUR_ROWS(
          "vfma.f32 s0, s4, s4\n\t"
          "vfma.f32 s1, s5, s5\n\t"
          "vfma.f32 s2, s6, s6\n\t"
          "vfma.f32 s3, s7, s7\n\t"
          "vfma.f32 s0, s8, s8\n\t"
          "vfma.f32 s1, s9, s9\n\t"
          "vfma.f32 s2, s10, s10\n\t"
          "vfma.f32 s3, s11, s11\n\t"
          "vfma.f32 s0, s12, s12\n\t"
          "vfma.f32 s1, s13, s13\n\t"
          "vfma.f32 s2, s14, s14\n\t"
          "vfma.f32 s3, s15, s15\n\t"
          "vfma.f32 s0, s16, s16\n\t"
          "vfma.f32 s1, s17, s17\n\t"
          "vfma.f32 s2, s18, s18\n\t"
          "vfma.f32 s3, s19, s19\n\t")
          : [a0] "+r"(a0), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3), [out] "+r"(out), [blocks] "+r"(blocks)
          :
          : TACT_VFP_CLOBBERS_S0_S19);
    }
  }
#endif
  for (Index r = 0; r < rows; ++r) out[r] += a0[r] * a0[r] + a1[r] * a1[r] + a2[r] * a2[r] + a3[r] * a3[r];
}

/// out[r] = Σ_{j < columns} A(r, j)² for r < rows, A column-major with
/// leading dimension ld (row norms of J), four columns per pass; columns ≥ 1.
/// One pass for up to three columns (the small problems).
template <typename Scalar>
TACT_NOINLINE void sum_squares(const Scalar* A, Index ld, Index rows, Index columns, Scalar* out) {
  if (rows == 0) return;
  // Pointers are formed only for columns that exist (A may hold fewer than four).
  const Scalar* c0 = A;
  switch (columns) {
    case 1:
      for (Index r = 0; r < rows; ++r) out[r] = c0[r] * c0[r];
      return;
    case 2: {
      const Scalar* c1 = c0 + ld;
      for (Index r = 0; r < rows; ++r) out[r] = c0[r] * c0[r] + c1[r] * c1[r];
      return;
    }
    case 3: {
      const Scalar* c1 = c0 + ld;
      const Scalar* c2 = c1 + ld;
      for (Index r = 0; r < rows; ++r) out[r] = c0[r] * c0[r] + c1[r] * c1[r] + c2[r] * c2[r];
      return;
    }
    default: {
      const Scalar* c1 = c0 + ld;
      const Scalar* c2 = c1 + ld;
      const Scalar* c3 = c2 + ld;
      for (Index r = 0; r < rows; ++r) out[r] = c0[r] * c0[r] + c1[r] * c1[r] + c2[r] * c2[r] + c3[r] * c3[r];
    }
  }
  Index j = 4;
  for (; j + 4 <= columns; j += 4) add_squares_four_columns(rows, A + j * ld, ld, out);
  for (; j < columns; ++j) {
    const Scalar* a = A + j * ld;
    for (Index r = 0; r < rows; ++r) out[r] += a[r] * a[r];
  }
}

/// Column c of an in-place Cholesky once the columns before it are
/// subtracted (column[0] is A(c, c)): scaled by its pivot's root.
/// @return false when the pivot is not positive relative to `diagonal`,
///         the entry before the subtraction (also for a NaN).
template <typename Scalar>
inline bool finish_cholesky_column(Scalar* column, Index rows, Scalar diagonal, Scalar relative_pivot_tolerance) {
  const Scalar pivot = column[0];
  if (!(pivot > relative_pivot_tolerance * diagonal)) return false;
  const Scalar root = std::sqrt(pivot);
  const Scalar inverse = Scalar(1) / root;
  column[0] = root;
  for (Index i = 1; i < rows; ++i) column[i] *= inverse;
  return true;
}

/// cholesky_in_place_plain for kN columns known at compile time: the same
/// loops, the same operations in the same order, on a local copy of the
/// lower triangle that GCC keeps in registers once the pragmas unroll the
/// loops (through `a`, each entry is stored and loaded again around each
/// product). A robot arm's M(q) changes every step: robot trajectory warm
/// mean −2.2 %, cold −3.6 % (M4F), for 320 bytes (2 and 3 columns). On
/// failure `a` is left as it was (the caller's factor is invalid either way).
template <int kN, typename Scalar>
inline bool cholesky_in_registers(Scalar* a, Index ld, Scalar relative_pivot_tolerance) {
  constexpr auto kSize = static_cast<std::size_t>(kN);
  Scalar l[kSize][kSize];  // l[c][i] = A(i, c), i ≥ c
#pragma GCC unroll 3
  for (int c = 0; c < kN; ++c)
#pragma GCC unroll 3
    for (int i = c; i < kN; ++i) l[c][i] = a[c * ld + i];
#pragma GCC unroll 3
  for (int c = 0; c < kN; ++c) {
    const Scalar diagonal = l[c][c];
#pragma GCC unroll 3
    for (int k = 0; k < c; ++k)
#pragma GCC unroll 3
      for (int i = c; i < kN; ++i) l[c][i] -= l[k][i] * l[k][c];
    if (!finish_cholesky_column(&l[c][c], kN - c, diagonal, relative_pivot_tolerance)) return false;
  }
#pragma GCC unroll 3
  for (int c = 0; c < kN; ++c)
#pragma GCC unroll 3
    for (int i = c; i < kN; ++i) a[c * ld + i] = l[c][i];
  return true;
}

/// cholesky_in_place in plain loops, for fewer than kKernelBlock columns.
/// Apart, so that the kernel path compiles as before (with the plain loops
/// inside its column loop, dense 12/2/24 ran 100 instructions more).
template <typename Scalar>
TACT_NOINLINE bool cholesky_in_place_plain(Scalar* a, Index ld, Index n, Scalar relative_pivot_tolerance) {
  if (n == 3) return cholesky_in_registers<3>(a, ld, relative_pivot_tolerance);
  if (n == 2) return cholesky_in_registers<2>(a, ld, relative_pivot_tolerance);
  for (Index c = 0; c < n; ++c) {
    Scalar* column = a + c * ld + c;  // A(c.., c)
    const Scalar diagonal = column[0];
    for (Index k = 0; k < c; ++k) {
      const Scalar* l = a + k * ld + c;  // L(c.., k)
      for (Index i = 0; i < n - c; ++i) column[i] -= l[i] * l[0];
    }
    if (!finish_cholesky_column(column, n - c, diagonal, relative_pivot_tolerance)) return false;
  }
  return true;
}

/// In-place Cholesky A = L Lᵀ of the leading n×n block of column-major
/// storage `a` (leading dimension ld; lower triangle read and written, the
/// strict upper triangle left as it was and never read).
/// Left-looking: column c is updated by all columns before it (in one
/// accumulate_columns call), then scaled by its pivot. Below kKernelBlock
/// columns in plain loops.
/// @return false when a pivot is not positive relative to the diagonal,
///         i.e. A is not (numerically) positive definite.
/// `consecutive` holds 0, 1, …, n − 1.
template <typename Scalar>
TACT_NOINLINE bool cholesky_in_place(Scalar* a, Index ld, Index n, Scalar relative_pivot_tolerance,
                                     const std::uint16_t* consecutive) {
  if (n < kKernelBlock) return cholesky_in_place_plain(a, ld, n, relative_pivot_tolerance);
  for (Index c = 0; c < n; ++c) {
    Scalar* column = a + c * ld + c;  // A(c.., c)
    const Scalar diagonal = column[0];
    // A(c.., c) −= Σ_{k<c} L(c.., k)·L(c, k)
    accumulate_columns(n - c, c, ColumnSet<Scalar>{a + c, ld, consecutive},
                       CoefficientSet<Scalar>{a + c, ld, consecutive, -1}, column);
    if (!finish_cholesky_column(column, n - c, diagonal, relative_pivot_tolerance)) return false;
  }
  return true;
}
template <typename Matrix, typename Scalar>
bool cholesky_in_place(Matrix& A, Index n, Scalar relative_pivot_tolerance) {
  return cholesky_in_place(A.data(), static_cast<Index>(A.outerStride()), n, relative_pivot_tolerance,
                           Consecutive<Matrix::ColsAtCompileTime>::index.data());
}

/// The 4×4 diagonal blocks of the triangular solves. Column j of the block
/// starts at d + j·(ld + 1), d its first diagonal entry. With VFP, one VLDM per column, the same divisions and
/// fused multiply-subtracts in the same order as the C++ (which other cores run): 10 to 13 instructions fewer
/// per block on the M4F (a 12-DOF forward solve 278 → 240, the transposed one 299 → 268).
/// b[0..4) ← B⁻¹ b[0..4), B the block (lower triangular); the unknowns'
/// negatives are returned in negated[0..4), for the update of the rows below.
template <typename Scalar>
inline void solve_lower_block(const Scalar* d, Index ld, Scalar* b, Scalar negated[4]) {
  const Scalar* d1 = d + ld + 1;
  const Scalar* d2 = d1 + ld + 1;
  const Scalar* d3 = d2 + ld + 1;
#if TACT_VFP_KERNELS
  if constexpr (kVfpKernels<Scalar>) {
    Scalar n0, n1, n2, n3;
    __asm__ volatile(
        "vldmia %[b], {s0-s3}\n\t"
        "vldmia %[d0], {s4-s7}\n\t"    // B(0..3, 0)
        "vldmia %[d1], {s8-s10}\n\t"   // B(1..3, 1)
        "vldmia %[d2], {s11-s12}\n\t"  // B(2..3, 2)
        "vldr s13, [%[d3]]\n\t"        // B(3, 3)
        "vdiv.f32 s0, s0, s4\n\t"
        "vfms.f32 s1, s5, s0\n\t"
        "vfms.f32 s2, s6, s0\n\t"
        "vfms.f32 s3, s7, s0\n\t"
        "vdiv.f32 s1, s1, s8\n\t"
        "vfms.f32 s2, s9, s1\n\t"
        "vfms.f32 s3, s10, s1\n\t"
        "vdiv.f32 s2, s2, s11\n\t"
        "vfms.f32 s3, s12, s2\n\t"
        "vdiv.f32 s3, s3, s13\n\t"
        "vstmia %[b], {s0-s3}\n\t"
        "vneg.f32 %[n0], s0\n\t"
        "vneg.f32 %[n1], s1\n\t"
        "vneg.f32 %[n2], s2\n\t"
        "vneg.f32 %[n3], s3"
        : [n0] "=t"(n0), [n1] "=t"(n1), [n2] "=t"(n2), [n3] "=t"(n3)
        : [b] "r"(b), [d0] "r"(d), [d1] "r"(d1), [d2] "r"(d2), [d3] "r"(d3)
        : "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "s12", "s13", "memory");
    negated[0] = n0;
    negated[1] = n1;
    negated[2] = n2;
    negated[3] = n3;
    return;
  }
#endif
  const Scalar y0 = b[0] / d[0];
  const Scalar y1 = (b[1] - d[1] * y0) / d1[0];
  const Scalar y2 = (b[2] - d[2] * y0 - d1[1] * y1) / d2[0];
  const Scalar y3 = (b[3] - d[3] * y0 - d1[2] * y1 - d2[1] * y2) / d3[0];
  b[0] = y0;
  b[1] = y1;
  b[2] = y2;
  b[3] = y3;
  negated[0] = -y0;
  negated[1] = -y1;
  negated[2] = -y2;
  negated[3] = -y3;
}
/// y[0..4) ← B⁻ᵀ s, B the block (lower triangular), s = −negated[0..4).
template <typename Scalar>
inline void solve_upper_block(const Scalar* d, Index ld, const Scalar negated[4], Scalar* y) {
  const Scalar* d1 = d + ld + 1;
  const Scalar* d2 = d1 + ld + 1;
  const Scalar* d3 = d2 + ld + 1;
#if TACT_VFP_KERNELS
  if constexpr (kVfpKernels<Scalar>) {
    __asm__ volatile(
        "vldmia %[d0], {s4-s7}\n\t"    // B(0..3, 0)
        "vldmia %[d1], {s8-s10}\n\t"   // B(1..3, 1)
        "vldmia %[d2], {s11-s12}\n\t"  // B(2..3, 2)
        "vldr s13, [%[d3]]\n\t"        // B(3, 3)
        "vneg.f32 s0, %[n0]\n\t"
        "vneg.f32 s1, %[n1]\n\t"
        "vneg.f32 s2, %[n2]\n\t"
        "vneg.f32 s3, %[n3]\n\t"
        "vdiv.f32 s3, s3, s13\n\t"
        "vfms.f32 s2, s12, s3\n\t"
        "vdiv.f32 s2, s2, s11\n\t"
        "vfms.f32 s1, s9, s2\n\t"
        "vfms.f32 s1, s10, s3\n\t"
        "vdiv.f32 s1, s1, s8\n\t"
        "vfms.f32 s0, s5, s1\n\t"
        "vfms.f32 s0, s6, s2\n\t"
        "vfms.f32 s0, s7, s3\n\t"
        "vdiv.f32 s0, s0, s4\n\t"
        "vstmia %[y], {s0-s3}"
        :
        : [n0] "t"(negated[0]), [n1] "t"(negated[1]), [n2] "t"(negated[2]), [n3] "t"(negated[3]), [y] "r"(y),
          [d0] "r"(d), [d1] "r"(d1), [d2] "r"(d2), [d3] "r"(d3)
        : "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "s12", "s13", "memory");
    return;
  }
#endif
  const Scalar s0 = -negated[0], s1 = -negated[1], s2 = -negated[2], s3 = -negated[3];
  const Scalar y3 = s3 / d3[0];
  const Scalar y2 = (s2 - d2[1] * y3) / d2[0];
  const Scalar y1 = (s1 - d1[1] * y2 - d1[2] * y3) / d1[0];
  const Scalar y0 = (s0 - d[1] * y1 - d[2] * y2 - d[3] * y3) / d[0];
  y[0] = y0;
  y[1] = y1;
  y[2] = y2;
  y[3] = y3;
}

/// Solves L y = b in place (b becomes y); L lower triangular n×n, b
/// contiguous. Column-oriented: each 4×4 diagonal block is solved, then its
/// four columns update the rest of b in one pass.
template <typename Scalar>
TACT_NOINLINE void forward_substitute(const Scalar* l, Index ld, Index n, Scalar* b) {
  const auto at = [&](Index row, Index column) { return l[column * ld + row]; };
  Index k = 0;
  for (; k + 4 <= n; k += 4) {
    const Scalar* d = l + k * ld + k;
    Scalar negated[4];
    solve_lower_block(d, ld, b + k, negated);
    accumulate_four_columns(n - k - 4, d + 4, d + ld + 4, d + 2 * ld + 4, d + 3 * ld + 4, negated[0], negated[1],
                            negated[2], negated[3], b + k + 4);
  }
  for (; k < n; ++k) {
    const Scalar value = b[k] / at(k, k);
    b[k] = value;
    for (Index i = k + 1; i < n; ++i) b[i] -= at(i, k) * value;
  }
}

/// Solves Lᵀ y = b in place (b becomes y); L lower triangular n×n, b
/// contiguous. Dot-product form on L's contiguous columns: each block of
/// four unknowns takes the solved part below it in one pass, then its own
/// 4×4 triangle.
template <typename Scalar>
TACT_NOINLINE void backward_substitute_transposed(const Scalar* l, Index ld, Index n, Scalar* b) {
  const auto at = [&](Index row, Index column) { return l[column * ld + row]; };
  Index end = n;  // b[end..n) are solved
  for (; end >= 4; end -= 4) {
    const Index i = end - 4;
    const Scalar* c0 = l + i * ld + end;
    // −(−b_i + Σ c·y) rounds exactly as b_i − c·y − …, the loop this was.
    Scalar sums[4] = {-b[i], -b[i + 1], -b[i + 2], -b[i + 3]};
    dot_four_columns(n - end, c0, c0 + ld, c0 + 2 * ld, c0 + 3 * ld, b + end, sums);
    solve_upper_block(l + i * ld + i, ld, sums, b + i);
  }
  for (Index i = end - 1; i >= 0; --i) {
    const Scalar value = b[i] - dot(l + i * ld + i + 1, b + i + 1, n - i - 1);
    b[i] = value / at(i, i);
  }
}

/// The same solves on an Eigen matrix L and vector b (b's leading n entries).
template <typename Matrix, typename Vector>
void forward_substitute(const Matrix& L, Index n, Vector&& b) {
  forward_substitute(L.data(), static_cast<Index>(L.outerStride()), n, &b(0));
}
template <typename Matrix, typename Vector>
void backward_substitute_transposed(const Matrix& L, Index n, Vector&& b) {
  backward_substitute_transposed(L.data(), static_cast<Index>(L.outerStride()), n, &b(0));
}

/// Given L with W = L Lᵀ (k×k), makes L the factor of W with row and column
/// `removed` deleted, in O(k²): drop the row, then Givens rotations on
/// column pairs restore the triangle (W is unchanged by orthogonal column
/// operations). Rows keep their order.
template <typename Matrix>
void cholesky_remove(Matrix& L, Index k, Index removed) {
  using Scalar = typename Matrix::Scalar;
  for (Index row = removed; row + 1 < k; ++row)
    for (Index col = 0; col <= row + 1; ++col) L(row, col) = L(row + 1, col);
  // Rows removed..k-2 now stick out by one column: (row, row+1) is non-zero.
  for (Index j = removed; j + 1 < k; ++j) {
    const Scalar a = L(j, j);
    const Scalar b = L(j, j + 1);
    const Scalar h = std::sqrt(a * a + b * b);
    const Scalar c = a / h;
    const Scalar s = b / h;
    for (Index row = j; row + 1 < k; ++row) {
      const Scalar x = L(row, j);
      const Scalar y = L(row, j + 1);
      L(row, j) = c * x + s * y;
      L(row, j + 1) = c * y - s * x;
    }
  }
  for (Index row = 0; row < k; ++row) L(row, k - 1) = Scalar(0);
  for (Index col = 0; col < k; ++col) L(k - 1, col) = Scalar(0);
}

}  // namespace tact::detail
