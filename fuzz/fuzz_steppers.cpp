// libFuzzer harness over the steppers, World and ImpulseWorld, which the
// problem-file harness (fuzz_problem.cpp) does not reach: their own checks of
// h, τ, β, the tolerance, the state and the gaps, the candidate selection,
// the carried working set over several steps, and every resolution and
// correction of ImpulseWorld.
//
// The bytes describe a scene (see Scene::read), run in float and again in
// double: the stepper and its settings, n, M, x, v, f and linear rows
// g = g0 + a·x (ids, curvature, compliance), then a number of steps, then
// how double's run reaches beyond float's range. Each number is one byte
// choosing an interesting value (0, ±1, 1e±20, FLT_MIN, a subnormal, ±Inf,
// NaN, …) or a raw float from the next four bytes. The double run widens
// the values and multiplies the fields that the last byte picks by 2^e, e
// from the byte before (0 up to ±1 060: double's overflow and subnormal
// ranges); a seed without those bytes runs its values unchanged. Two more
// bytes switch the strategy (and resolution) between steps and back
// (Scene::maybe_switch); a seed without them never switches. Every step is
// checked against what the steppers promise for any input:
//  * a valid status;
//  * InvalidInput and InvalidMass: nothing moved (x and v bit for bit);
//  * any other status: the state and the multipliers are finite, and so are
//    the report's residuals;
//  * Solved: World as the Solver promises (every KKT condition for Exact,
//    the working set's equations for the others); ImpulseWorld's LCP residual
//    within tolerance·(scale + FLT_MIN) for Dual and Pgs, and beyond it when
//    they say Infeasible (a zero row of W that no λ can meet).
// A violation prints what failed and aborts, which libFuzzer reports as a
// crash with the input saved. Built as fuzz_problem is (fuzz/CMakeLists.txt).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <type_traits>

#include "tact/impulse.hpp"
#include "tact/world.hpp"

namespace {

constexpr int kMaxDof = 4;
constexpr int kMaxEq = 2;
constexpr int kMaxIneq = 6;
constexpr int kMaxRows = 5;  // below kMaxEq + kMaxIneq: Dual and Pgs can exceed it
template <typename Scalar>
using Flat = tact::World<kMaxDof, kMaxEq, kMaxIneq, Scalar>;
template <typename Scalar>
using Impulse = tact::ImpulseWorld<kMaxDof, kMaxEq, kMaxIneq, Scalar, kMaxRows>;
using DofVector = Flat<float>::DofVector;  // the scene's values; a double world gets them widened

[[noreturn]] void violated(const char* what, int step) {
  std::fprintf(stderr, "fuzz_steppers: %s (step %d)\n", what, step);
  std::abort();
}

void check(bool condition, const char* what, int step) {
  if (!condition) violated(what, step);
}

template <typename Vector>
bool same_bits(const Vector& a, const Vector& b) {
  return std::memcmp(a.data(), b.data(), sizeof(a(0)) * kMaxDof) == 0;
}

template <typename Vector>
bool finite(const Vector& a, tact::Index n) {
  for (tact::Index i = 0; i < n; ++i)
    if (!std::isfinite(a(i))) return false;
  return true;
}

/// The input bytes, read front to back; past the end every read is 0.
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }

  /// One byte below 200 picks an interesting value; above, the next four
  /// bytes are a float's bits (any NaN, subnormal or huge value).
  float scalar() {
    static constexpr float kValues[] = {0.0f,   1.0f,   -1.0f,  2.0f,    0.5f,    -0.5f, 10.0f, -10.0f,
                                        1e-3f,  1e-5f,  1e3f,   -1e3f,   1e-20f,  1e20f, 1e38f, -1e38f,
                                        3.0f,   0.1f,   -2.0f,  100.0f,  -0.0f,   0.25f, 1e-2f, 5.0f,
                                        std::numeric_limits<float>::min(),
                                        std::numeric_limits<float>::denorm_min(),
                                        std::numeric_limits<float>::infinity(),
                                        -std::numeric_limits<float>::infinity(),
                                        std::numeric_limits<float>::quiet_NaN()};
    constexpr unsigned kCount = sizeof kValues / sizeof kValues[0];
    const std::uint8_t pick = byte();
    if (pick < 200) return kValues[pick % kCount];
    std::uint32_t bits = 0;
    for (int k = 0; k < 4; ++k) bits = bits << 8 | byte();
    float value = 0;
    std::memcpy(&value, &bits, sizeof value);
    return value;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

/// A linear row g = g0 + a·x with its id, curvature and compliance.
struct LinearRow {
  float a[kMaxDof] = {};
  float g0 = 0;
  float curvature = 0;
  float compliance = 0;
  tact::RowId id = 0;

  /// The row at x, its J and g0 multiplied by `slope_scale` and `gap_scale`.
  template <typename Rows, typename Vector, typename Scalar>
  typename Rows::Row at(const Vector& x, tact::Index n, Scalar slope_scale, Scalar gap_scale) const {
    typename Rows::Row row;
    row.g = Scalar(g0) * gap_scale;
    for (tact::Index j = 0; j < n && j < kMaxDof; ++j) {
      row.J(j) = Scalar(a[j]) * slope_scale;
      row.g += row.J(j) * x(j);
    }
    row.curvature = Scalar(curvature);
    return row;
  }
};

struct Scene {
  bool impulse = false;
  tact::Strategy strategy = tact::Strategy::Exact;
  tact::Resolution resolution = tact::Resolution::Primal;
  tact::Correction correction = tact::Correction::LinearSolver;
  tact::Stabilization stabilization = tact::Stabilization::Position;
  tact::Index n = 1;  // 0 and kMaxDof + 1 test the bounds
  float time_step = 0, tau_or_beta = 0, tolerance = 0, regularization = 0;
  tact::PgsSettings<float> pgs;
  Flat<float>::MassMatrix M = Flat<float>::MassMatrix::Zero();
  DofVector x = DofVector::Zero(), v = DofVector::Zero(), f = DofVector::Zero();
  LinearRow eq[kMaxEq + 1], ineq[kMaxIneq + 1];  // one past each bound: overflow
  int num_eq = 0, num_ineq = 0, steps = 0;
  bool precompute = false;
  // Double's run: the fields in double_fields (one bit each) times 2^double_exponent.
  enum Field : unsigned { kTimeStep = 1, kMass = 2, kPosition = 4, kVelocity = 8, kForce = 16, kSlope = 32, kGap = 64,
                          kSettings = 128 };  // kSettings: the tolerance, the regularization, the compliances
  int double_exponent = 0;
  unsigned double_fields = 0;
  // Strategy switches between steps: before step s when bit s of `switches`
  // is set, the stepper toggles between the scene's strategy (and
  // resolution) and the other one `switch_to` names, so a set carried by one
  // meets the next (a stale Platt F+ under Exact's warm start, say).
  unsigned switches = 0;
  tact::Strategy other_strategy = tact::Strategy::Exact;
  tact::Resolution other_resolution = tact::Resolution::Primal;

  void read(Bytes& in) {
    const std::uint8_t kind = in.byte();
    impulse = kind & 1;
    strategy = tact::kAllStrategies[(kind >> 1) & 3];
    resolution = static_cast<tact::Resolution>(((kind >> 3) & 3) % 3);
    correction = static_cast<tact::Correction>(((kind >> 5) & 3) % 3);
    stabilization = (kind >> 7) ? tact::Stabilization::Velocity : tact::Stabilization::Position;
    n = in.byte() % (kMaxDof + 2);
    time_step = in.scalar();
    tau_or_beta = in.scalar();
    tolerance = in.scalar();
    regularization = in.scalar();
    pgs.max_sweeps = in.byte() % 40;
    pgs.omega = in.scalar();
    pgs.tolerance = in.scalar();
    precompute = in.byte() & 1;
    // M: a diagonal, or a symmetric lower triangle; a byte may break the symmetry.
    const std::uint8_t shape = in.byte();
    for (int j = 0; j < kMaxDof; ++j)
      for (int i = j; i < kMaxDof; ++i) {
        const float m = (i == j || (shape & 1)) ? in.scalar() : 0.0f;
        M(i, j) = M(j, i) = m;
      }
    if (shape & 2) M(kMaxDof - 1, 0) = in.scalar();
    for (int i = 0; i < kMaxDof; ++i) {
      x(i) = in.scalar();
      v(i) = in.scalar();
      f(i) = in.scalar();
    }
    num_eq = in.byte() % (kMaxEq + 2);
    num_ineq = in.byte() % (kMaxIneq + 2);
    for (int k = 0; k < num_eq; ++k) read_row(in, eq[k]);
    for (int k = 0; k < num_ineq; ++k) read_row(in, ineq[k]);
    steps = 1 + in.byte() % 8;
    static constexpr int kExponents[] = {0, 64, -64, 200, -200, 520, -520, 1000, -1000, 1060, -1060};
    double_exponent = kExponents[in.byte() % (sizeof kExponents / sizeof kExponents[0])];
    double_fields = in.byte();
    switches = in.byte();
    const std::uint8_t switch_to = in.byte();
    other_strategy = tact::kAllStrategies[switch_to & 3];
    other_resolution = static_cast<tact::Resolution>(((switch_to >> 2) & 3) % 3);
  }

  /// Before step `step`: the other strategy (and resolution) after an odd
  /// number of switches up to this step, the scene's after an even one.
  template <typename World>
  void maybe_switch(World& world, int step) const {
    bool switched = false;
    for (int s = 0; s <= step; ++s) switched ^= (switches >> s & 1u) != 0;
    world.strategy = switched ? other_strategy : strategy;
    if constexpr (std::is_same<World, Impulse<float>>::value || std::is_same<World, Impulse<double>>::value)
      world.resolution = switched ? other_resolution : resolution;
  }

  /// The scene's value as Scalar: in double, times 2^double_exponent when
  /// `field` is one of double_fields (exact unless it over- or underflows).
  template <typename Scalar>
  Scalar widen(float value, Field field) const {
    const Scalar widened = Scalar(value);
    if (!std::is_same<Scalar, double>::value || !(double_fields & field)) return widened;
    return Scalar(std::ldexp(static_cast<double>(widened), double_exponent));
  }
  template <typename Vector>
  void widen(const DofVector& values, Field field, Vector& out) const {
    using Scalar = typename Vector::Scalar;
    for (int i = 0; i < kMaxDof; ++i) out(i) = widen<Scalar>(values(i), field);
  }

  static void read_row(Bytes& in, LinearRow& row) {
    for (float& entry : row.a) entry = in.scalar();
    row.g0 = in.scalar();
    row.curvature = in.scalar();
    row.compliance = in.scalar();
    row.id = in.byte() % 8;  // repeated ids too
  }

  template <typename Rows, typename Vector>
  void gather(const Vector& state, Rows& rows) const {
    using Scalar = typename Vector::Scalar;
    const Scalar slope = widen<Scalar>(1, kSlope), gap = widen<Scalar>(1, kGap);
    for (int k = 0; k < num_eq; ++k) rows.add_equality(eq[k].template at<Rows>(state, n, slope, gap));
    for (int k = 0; k < num_ineq; ++k)
      rows.add_inequality(ineq[k].id, ineq[k].template at<Rows>(state, n, slope, gap));
  }

  template <typename World>
  void set_state(World& world) const {
    using Scalar = typename World::DofVector::Scalar;
    world.n = n;
    for (int j = 0; j < kMaxDof; ++j)
      for (int i = 0; i < kMaxDof; ++i) world.M(i, j) = widen<Scalar>(M(i, j), kMass);
    widen(x, kPosition, world.x);
    widen(v, kVelocity, world.v);
    widen(f, kForce, world.f);
    world.time_step = widen<Scalar>(time_step, kTimeStep);
    world.contact_tolerance = widen<Scalar>(tolerance, kSettings);
    world.strategy = strategy;
  }
};

/// A step the stepper refuses, so that nothing moves: for World
/// InvalidInput, InvalidMass and a solve without a point
/// (Report::has_point), for ImpulseWorld what its report says (advanced).
template <typename Scalar>
bool refused(const tact::Report<Scalar>& report) {
  return report.status == tact::Status::InvalidInput || report.status == tact::Status::InvalidMass ||
         !report.has_point;
}
template <typename Scalar>
bool refused(const tact::ImpulseReport<Scalar>& report) {
  const bool refusal = report.status == tact::Status::InvalidInput || report.status == tact::Status::InvalidMass;
  check(!(refusal && report.advanced), "a refused impulse step says it advanced", 0);
  return !report.advanced;
}

/// One step of either stepper, with what both promise: a valid status,
/// nothing moved when refused (above), a finite state otherwise.
/// @return true when the step was not refused.
template <typename World, typename Report>
bool step_checked(World& world, const Scene& scene, int step, Report& report) {
  using Vector = typename World::DofVector;
  const Vector x_before = world.x, v_before = world.v;
  report = world.step([&](const Vector& x, const Vector&, typename World::Rows& rows) { scene.gather(x, rows); });
  check(static_cast<unsigned>(report.status) <= static_cast<unsigned>(tact::Status::InvalidMass),
        "status is not a valid value", step);
  if (refused(report)) {
    check(same_bits(x_before, world.x) && same_bits(v_before, world.v), "a refused step moved the state", step);
    return false;
  }
  check(finite(world.x, world.n) && finite(world.v, world.n), "state not finite after a step that was not refused",
        step);
  return true;
}

Flat<float> g_flat;  // static storage, as on a device
Flat<double> g_flat_double;
Impulse<float> g_impulse;
Impulse<double> g_impulse_double;

template <typename Scalar>
void run_flat(const Scene& scene, Flat<Scalar>& world) {
  world = Flat<Scalar>{};
  scene.set_state(world);
  world.tau = Scalar(scene.tau_or_beta);  // τ and β keep float's values: β ∈ (0, 1]
  for (int step = 0; step < scene.steps; ++step) {
    scene.maybe_switch(world, step);
    tact::Report<Scalar> report;
    if (!step_checked(world, scene, step, report)) continue;
    check(finite(world.solver().acceleration(), world.n), "acceleration not finite", step);
    const auto& r = report.residuals;
    for (const Scalar value : {r.stationarity, r.equality, r.working_set, r.min_slack, r.min_multiplier,
                               r.complementarity, r.force_scale, r.row_scale, r.multiplier_scale})
      check(std::isfinite(value), "residual not finite", step);
    if (report.status != tact::Status::Solved) continue;
    const Scalar tolerance = world.solver().settings.kkt_tolerance;
    if (world.strategy == tact::Strategy::Exact)
      check(report.kkt_satisfied && r.kkt_satisfied(tolerance), "Exact Solved beyond kkt_tolerance", step);
    else
      check(r.working_set_satisfied(tolerance), "Solved beyond the working-set tolerance", step);
  }
}

template <typename Scalar>
void run_impulse(const Scene& scene, Impulse<Scalar>& world) {
  world = Impulse<Scalar>{};
  scene.set_state(world);
  world.beta = Scalar(scene.tau_or_beta);
  world.stabilization = scene.stabilization;
  world.resolution = scene.resolution;
  world.correction = scene.correction;
  world.regularization = scene.widen<Scalar>(scene.regularization, Scene::kSettings);
  world.pgs.max_sweeps = scene.pgs.max_sweeps;
  world.pgs.omega = Scalar(scene.pgs.omega);
  world.pgs.tolerance = Scalar(scene.pgs.tolerance);
  for (int k = 0; k < kMaxEq; ++k)
    world.eq_compliance[static_cast<std::size_t>(k)] = scene.widen<Scalar>(scene.eq[k].compliance, Scene::kSettings);
  for (int k = 0; k < kMaxIneq; ++k)
    world.ineq_compliance[static_cast<std::size_t>(k)] = scene.widen<Scalar>(scene.ineq[k].compliance, Scene::kSettings);
  if (scene.precompute) world.precompute();
  for (int step = 0; step < scene.steps; ++step) {
    scene.maybe_switch(world, step);
    tact::ImpulseReport<Scalar> report;
    if (!step_checked(world, scene, step, report)) continue;
    for (int k = 0; k < kMaxEq; ++k) check(std::isfinite(world.multiplier_eq(k)), "multiplier not finite", step);
    for (int k = 0; k < kMaxIneq; ++k) check(std::isfinite(world.multiplier_ineq(k)), "multiplier not finite", step);
    check(std::isfinite(report.residual) && std::isfinite(report.residual_scale), "residual not finite", step);
    if (world.resolution == tact::Resolution::Primal) continue;
    const Scalar tolerance = world.resolution == tact::Resolution::Pgs
                                 ? world.pgs.tolerance
                                 : tact::ScalarTraits<Scalar>::kkt_tolerance;
    const bool within = report.residual <= tolerance * (report.residual_scale + std::numeric_limits<Scalar>::min());
    if (report.status == tact::Status::Solved) check(within, "Solved beyond the LCP tolerance", step);
    if (report.status == tact::Status::Infeasible) check(!within, "Infeasible within the LCP tolerance", step);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Bytes in(data, size);
  Scene scene;
  scene.read(in);
  // Each scene in float, then in double (its own rounding, and double's
  // range where the scene's last bytes ask for it: Scene::widen).
  if (scene.impulse) {
    run_impulse(scene, g_impulse);
    run_impulse(scene, g_impulse_double);
  } else {
    run_flat(scene, g_flat);
    run_flat(scene, g_flat_double);
  }
  return 0;
}
