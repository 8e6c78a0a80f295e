// A 1 kHz haptic servo loop: a 3-DOF device explores a rigid box-shaped
// cavity rendered with a god-object (virtual proxy). Each tick one tact QP
// puts the proxy at the point of free space closest to the device (see
// haptic_scene.hpp); the motors get F = k·(proxy − device).
//
// A scripted trajectory pushes through the floor (1 contact), slides into an
// edge (2) and a corner (3) and back out. Every tick is checked: the solve is
// Solved, the proxy is inside every face to within 1 µm, it equals the device
// in free space, and its contacts are the faces the device is beyond.
// Printed: some ticks (cavity frame, mm and N), then the cost of one solve per
// contact count against the 1 ms budget (executed instructions under QEMU,
// cycles on a real core, nanoseconds on the host).
//
// Exit code: 0 when every check held on every tick, 1 otherwise.
#include "haptic_scene.hpp"
#include "tact/port.hpp"
#include "tact/port_format.hpp"

namespace {

// Static storage: solver and problem live in .bss, not on the stack.
haptic::Solver solver;
haptic::Problem problem;

constexpr int kPrintEvery = 200;
constexpr float kFreeSpaceTolerance = 1e-7f;  // |proxy − device| in free space, m

void print(const char* text) { tact::port::write(text); }
void print_float(float value, int digits) { tact::port::write_float(value, digits); }

// Right-aligned in `width` characters; values below half the last digit print as 0.
void print_column(float value, int digits, int width) {
  const float half_digit = digits >= 2 ? 0.005f : 0.5f;
  char text[32];
  const int length =
      static_cast<int>(tact::port::format_fixed(text, value < half_digit && value > -half_digit ? 0.0f : value, digits));
  for (int i = length; i < width; ++i) print(" ");
  print(text);
}

// v in the cavity's frame, scaled (1000: mm).
void print_vector(const haptic::Vec3& v, float scale) {
  const haptic::Vec3 local = haptic::cavity_axes().transpose() * v;
  for (int i = 0; i < 3; ++i) print_column(scale * local(i), 2, 8);
}

struct Cost {
  std::uint64_t total = 0, max = 0;
  int ticks = 0, max_iterations = 0;
  void add(std::uint64_t cost, int iterations) {
    total += cost;
    max = cost > max ? cost : max;
    max_iterations = iterations > max_iterations ? iterations : max_iterations;
    ++ticks;
  }
};

void print_uint_column(std::uint64_t value, int width) {
  char text[24];
  const int length = static_cast<int>(tact::port::format_uint(text, value));
  for (int i = length; i < width; ++i) print(" ");
  print(text);
}

void print_cost_row(const char* label, const Cost& cost) {
  print(label);
  print_uint_column(static_cast<std::uint64_t>(cost.ticks), 6);
  print_uint_column(cost.ticks ? cost.total / static_cast<std::uint64_t>(cost.ticks) : 0, 8);
  print_uint_column(cost.max, 8);
  print_uint_column(static_cast<std::uint64_t>(cost.max_iterations), 16);
  print("\n");
}

// Budget of one tick in counter units, and how it is known.
void print_budget(std::uint64_t worst) {
  const char* unit = tact::port::counter_unit();
  switch (tact::port::counter_kind()) {
    case tact::port::CounterKind::Instructions: {
      // QEMU counts instructions, not cycles. Every instruction takes at
      // least one cycle, so the count is a lower bound on a real core's
      // cycles; the budgets below are estimates from clock rates, not
      // measurements.
      print("budget of one 1 ms tick (estimate; instructions are not cycles, a core needs >= 1 cycle each):\n");
      struct Clock {
        const char* name;
        std::uint64_t cycles_per_ms;
      };
      const Clock clocks[] = {{"  16 MHz (micro:bit, M0):       ", 16000},
                              {" 168 MHz (STM32F407, M4F):      ", 168000},
                              {" 480 MHz (M7, e.g. STM32H7):    ", 480000}};
      for (const Clock& clock : clocks) {
        print(clock.name);
        print_uint_column(clock.cycles_per_ms, 6);
        print(" cycles; the worst tick needs >= ");
        print_float(100.0f * static_cast<float>(worst) / static_cast<float>(clock.cycles_per_ms), 1);
        if (worst > clock.cycles_per_ms) {
          print(" % of it: does NOT fit\n");
        } else {
          print(" % of it: fits at <= ");
          print_float(static_cast<float>(clock.cycles_per_ms) / static_cast<float>(worst), 1);
          print(" cycles per instruction\n");
        }
      }
      break;
    }
    case tact::port::CounterKind::Cycles:
    case tact::port::CounterKind::Nanoseconds: {
      const std::uint64_t budget = tact::port::counter_rate_hz() / haptic::kRateHz;  // 1 ms in counter units
      print("budget: 1 ms = ");
      tact::port::write_uint(budget);
      print(" ");
      print(unit);
      print("; the worst tick used ");
      print_float(100.0f * static_cast<float>(worst) / static_cast<float>(budget), 3);
      print(" % of it\n");
      break;
    }
    case tact::port::CounterKind::None: print("no counter on this target: cost not measured\n"); break;
  }
}

}  // namespace

int main() {
  tact::port::init();
  print("tact haptic example: god-object rendering of a box cavity (80 mm cube), 1 kHz servo loop\n");
  print("proxy = argmin |p - device|^2 s.t. 6 faces, Solver<3, 0, 6> Exact; force = k (proxy - device), k = ");
  print_float(haptic::kStiffness, 0);
  print(" N/m\n");
  print("coordinates in the cavity frame: walls at x, y, z = +-40 mm, the floor is z = -40 mm\n\n");
  if (!haptic::make_problem(problem)) tact::port::panic("haptic: problem does not fit");

  print("tick       device x, y, z (mm)        proxy x, y, z (mm)         force x, y, z (N)  contacts\n");
  Cost by_contacts[4];
  Cost all;
  float worst_gap = 0, worst_free_error = 0;
  int failures = 0;
  for (int t = 0; t < haptic::kTicks; ++t) {
    const haptic::Vec3 device = haptic::device_position(t);
    haptic::set_device(problem, device);
    tact::port::observe(solver);  // its work stays between the reads (see observe())
    const std::uint64_t start = tact::port::counter_read();
    const auto report = solver.solve(problem, tact::Strategy::Exact);
    const std::uint64_t cost = tact::port::counter_read() - start;
    const haptic::Tick tick = haptic::finish_tick(solver, report, device);

    worst_gap = tick.worst_gap < worst_gap ? tick.worst_gap : worst_gap;
    bool ok = tick.status == tact::Status::Solved && tick.worst_gap >= -haptic::kPenetrationTolerance &&
              tick.contacts == tick.expected_contacts;
    if (tick.expected_contacts == 0) {
      const float error = (tick.proxy - device).cwiseAbs().maxCoeff();
      worst_free_error = error > worst_free_error ? error : worst_free_error;
      ok = ok && error <= kFreeSpaceTolerance;
    }
    if (!ok && failures++ < 5) {
      print("FAILED at tick ");
      tact::port::write_int(t);
      print(": ");
      print(tact::to_string(tick.status));
      print(", worst gap ");
      print_float(tick.worst_gap, 9);
      print("\n");
    }
    all.add(cost, tick.iterations);
    by_contacts[tick.expected_contacts > 3 ? 3 : tick.expected_contacts].add(cost, tick.iterations);

    if (t % kPrintEvery == 0 || t == haptic::kTicks - 1) {
      print_column(static_cast<float>(t), 0, 4);
      print("  ");
      print_vector(device, 1000.0f);
      print("  ");
      print_vector(tick.proxy, 1000.0f);
      print("  ");
      print_vector(tick.force, 1.0f);
      print("  ");
      tact::port::write_int(tick.contacts);
      print("\n");
    }
  }

  print("\n");
  tact::port::write_int(haptic::kTicks);
  print(" ticks; worst proxy gap ");
  print_float(worst_gap, 9);
  print(" m (tolerance -1e-6); worst |proxy - device| in free space ");
  print_float(worst_free_error, 9);
  print(" m\n\ncost of one solve (");
  print(tact::port::counter_unit());
  print("):\ncontacts     ticks    mean     max  max iterations\n");
  print_cost_row("0 (free)   ", by_contacts[0]);
  print_cost_row("1 (face)   ", by_contacts[1]);
  print_cost_row("2 (edge)   ", by_contacts[2]);
  print_cost_row("3 (corner) ", by_contacts[3]);
  print_cost_row("all        ", all);
  print_budget(all.max);

  print(failures == 0 ? "every tick solved, no penetration beyond 1 um, proxy = device in free space\n"
                      : "FAILED: a tick broke a check\n");
  tact::port::exit(failures == 0 ? 0 : 1);
}
