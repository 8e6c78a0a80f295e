// The paper's billiard scene (section 5, figure 6): ten balls racked in a
// corner, a cue ball sliding into them, 22 dofs and 77 inequality rows
// solved with the exact strategy every step (billiard_scene.hpp says why).
//
// Printed per block of 100 steps: the most rows active in a step
// (report.active_count), the most iterations, the cost of one step (gather,
// solve, integrate: executed instructions under QEMU, cycles on a real core,
// nanoseconds on the host), the worst row value (< 0: penetration) and the
// kinetic energy at the end of the block.
//
// Pictures come from the host-only billiard_data.cpp (same scene header;
// target plot-billiard draws docs/images/billiard.png), so this source stays
// free of file output and builds for every board it fits on.
//
// Exit code: 0 when every step is Solved (no other status is accepted), no
// ball sinks deeper than billiard::kPenetrationTolerance into a ball or a
// wall, and the rack broke (at least 5 of the 10 balls moved more than a
// radius); 1 otherwise.
#include "billiard_scene.hpp"
#include "tact/port.hpp"
#include "tact/port_format.hpp"

namespace {

constexpr int kPrintEvery = 100;  // steps per printed line

billiard::World world;  // static storage: 27 KB, in .bss, not on the stack
billiard::World::DofVector racked;

void print(const char* text) { tact::port::write(text); }
void print_int(std::int64_t value) { tact::port::write_int(value); }
void print_float(float value, int digits) { tact::port::write_float(value, digits); }

// Right-aligns text in a column of `width` characters.
void print_column(const char* text, std::uint32_t length, std::uint32_t width) {
  for (std::uint32_t i = length; i < width; ++i) print(" ");
  print(text);
}
void print_int_column(std::int64_t value, std::uint32_t width) {
  char buffer[24];
  print_column(buffer, tact::port::format_int(buffer, value), width);
}
void print_float_column(float value, int digits, std::uint32_t width) {
  char buffer[32];
  print_column(buffer, tact::port::format_float(buffer, value, digits), width);
}

}  // namespace

int main() {
  tact::port::init();
  print("tact billiard example: 11 balls (22 dofs), 77 inequality rows, strategy exact\n");
  print("h = ");
  print_float(billiard::kTimeStep * 1e3f, 2);
  print(" ms, tau = ");
  print_float(billiard::kTau * 1e3f, 2);
  print(" ms, cue ball at ");
  print_float(billiard::kCueSpeed, 1);
  print(" m/s, r = ");
  print_float(billiard::kRadius * 1e3f, 1);
  print(" mm, penetration tolerance ");
  print_float(billiard::kPenetrationTolerance * 1e3f, 2);
  print(" mm\ncost of one step in ");
  print(tact::port::counter_unit());
  print("\n     steps    active  iter   cost mean    cost max   min gap mm  energy J\n");

  billiard::reset(world);
  racked = world.x;

  bool all_solved = true;
  float worst_gap = 0;
  std::uint64_t cost_total = 0, cost_max = 0;
  int most_active = 0, most_iterations = 0;
  int block_active = 0, block_iterations = 0;
  std::uint64_t block_cost = 0, block_cost_max = 0;
  float block_gap = 1e9f;
  for (int step = 1; step <= billiard::kSteps; ++step) {
    tact::port::observe(world);  // its work stays between the reads (see observe())
    const std::uint64_t start = tact::port::counter_read();
    const auto report = world.step(billiard::rows);
    const std::uint64_t cost = tact::port::counter_read() - start;
    if (!report.ok() && all_solved) {
      print("step ");
      print_int(step);
      print(": ");
      print(tact::to_string(report.status));
      print("\n");
    }
    all_solved = all_solved && report.ok();
    const float gap = billiard::min_gap(world.x);
    block_gap = gap < block_gap ? gap : block_gap;
    block_active = report.active_count > block_active ? report.active_count : block_active;
    block_iterations = report.iterations > block_iterations ? report.iterations : block_iterations;
    block_cost += cost;
    block_cost_max = cost > block_cost_max ? cost : block_cost_max;
    if (step % kPrintEvery != 0) continue;

    print_int_column(step - kPrintEvery + 1, 6);
    print("-");
    print_int(step);
    print_int_column(block_active, step < 1000 ? 8 : 7);
    print_int_column(block_iterations, 6);
    print_int_column(static_cast<std::int64_t>(block_cost / kPrintEvery), 12);
    print_int_column(static_cast<std::int64_t>(block_cost_max), 12);
    print_float_column(block_gap * 1e3f, 4, 13);
    print_float_column(billiard::kinetic_energy(world), 4, 10);
    print("\n");
    worst_gap = block_gap < worst_gap ? block_gap : worst_gap;
    most_active = block_active > most_active ? block_active : most_active;
    most_iterations = block_iterations > most_iterations ? block_iterations : most_iterations;
    cost_total += block_cost;
    cost_max = block_cost_max > cost_max ? block_cost_max : cost_max;
    block_active = block_iterations = 0;
    block_cost = block_cost_max = 0;
    block_gap = 1e9f;
  }

  const int moved = billiard::balls_moved(world.x, racked);
  const bool admissible = worst_gap >= -billiard::kPenetrationTolerance;
  print("all steps solved: ");
  print(all_solved ? "yes" : "NO");
  print("; deepest penetration ");
  print_float(-worst_gap * 1e3f, 3);
  print(" mm (tolerance ");
  print_float(billiard::kPenetrationTolerance * 1e3f, 3);
  print(" mm)\nmost active rows in a step ");
  print_int(most_active);
  print(", most iterations ");
  print_int(most_iterations);
  print("; cost of one step: mean ");
  print_int(static_cast<std::int64_t>(cost_total / billiard::kSteps));
  print(", max ");
  print_int(static_cast<std::int64_t>(cost_max));
  print(" ");
  print(tact::port::counter_unit());
  print("\nballs of the rack moved more than r: ");
  print_int(moved);
  print(" of 10\n");
  const bool ok = all_solved && admissible && moved >= 5;
  print(ok ? "the rack broke, no ball sank beyond the tolerance\n" : "FAILED\n");
  tact::port::exit(ok ? 0 : 1);
}
