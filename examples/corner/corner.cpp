// The paper's figure 1: a particle of mass m at the corner of
// g1 = x − y ≥ 0 and g2 = y ≥ 0 under a constant force, stepped with each
// active-set strategy. Prints the y position and acceleration per step (the
// paper's figures 4 and 5), the worst violation of each row, and what one
// solve costs on this target (executed instructions under QEMU, cycles on a
// real core, nanoseconds on the host).
//
// Exit code: 0 when the right algorithm and the exact strategy kept the
// particle admissible and solved every step, 1 otherwise.
#include "tact/port.hpp"
#include "tact/port_format.hpp"
#include "corner_scene.hpp"

namespace {

using corner::Vec2;

constexpr int kSteps = 200;
constexpr int kPrintedSteps = 8;
constexpr float kAdmissible = 1e-5f;  // float rounding of positions

corner::World world;  // static storage: the solver lives in .bss, not on the stack

void print(const char* text) { tact::port::write(text); }
void print_float(float value) { tact::port::write_float(value, 6); }

struct Outcome {
  float min_g1 = 0, min_g2 = 0;
  bool all_solved = true;
};

Outcome run(tact::Strategy strategy, float mass, Vec2 force) {
  corner::reset(world, strategy, mass, force);

  Outcome outcome;
  std::uint64_t cost_total = 0, cost_max = 0;
  print("  ");
  print(tact::to_string(strategy));
  print(":\n    step  y             y''\n");
  for (int step = 0; step < kSteps; ++step) {
    tact::port::observe(world);  // its work stays between the reads (see observe())
    const std::uint64_t start = tact::port::counter_read();
    const auto report = world.step(corner::rows);
    const std::uint64_t cost = tact::port::counter_read() - start;
    cost_total += cost;
    cost_max = cost > cost_max ? cost : cost_max;
    outcome.all_solved = outcome.all_solved && report.ok();
    outcome.min_g1 = world.x(0) - world.x(1) < outcome.min_g1 ? world.x(0) - world.x(1) : outcome.min_g1;
    outcome.min_g2 = world.x(1) < outcome.min_g2 ? world.x(1) : outcome.min_g2;
    if (step < kPrintedSteps) {
      print("    ");
      tact::port::write_int(step + 1);
      print("     ");
      print_float(world.x(1));
      print("  ");
      print_float(world.solver().acceleration()(1));
      print("\n");
    }
  }
  print("    worst g1 = ");
  print_float(outcome.min_g1);
  print(", worst g2 = ");
  print_float(outcome.min_g2);
  print(outcome.min_g1 < -kAdmissible || outcome.min_g2 < -kAdmissible ? "  -> LEAVES the region\n"
                                                                       : "  -> stays admissible\n");
  print("    cost of one step (gather the rows, solve, integrate): mean ");
  tact::port::write_uint(cost_total / kSteps);
  print(", max ");
  tact::port::write_uint(cost_max);
  print(" ");
  print(tact::port::counter_unit());
  print("\n");
  return outcome;
}

}  // namespace

int main() {
  tact::port::init();
  print("tact corner example: particle at the corner g1 = x - y >= 0, g2 = y >= 0\n");
  print("h = 0.01 s, Baumgarte tau = 0.05 s, ");
  tact::port::write_int(kSteps);
  print(" steps per run\n");
  bool ok = true;
  const Vec2 forces[] = {Vec2(2, -1), Vec2(-1, -2)};
  for (const float mass : {2.0f, 3.0f}) {
    for (const Vec2& force : forces) {
      print("\nm = ");
      print_float(mass);
      print(", f = (");
      print_float(force(0));
      print(", ");
      print_float(force(1));
      print(")\n");
      for (const auto strategy : tact::kAllStrategies) {
        const Outcome outcome = run(strategy, mass, force);
        if (strategy == tact::Strategy::Right || strategy == tact::Strategy::Exact)
          ok = ok && outcome.all_solved && outcome.min_g1 >= -kAdmissible && outcome.min_g2 >= -kAdmissible;
      }
    }
  }
  print(ok ? "\nright and exact kept the particle admissible in every run\n"
           : "\nFAILED: right or exact left the admissible region\n");
  tact::port::exit(ok ? 0 : 1);
}
