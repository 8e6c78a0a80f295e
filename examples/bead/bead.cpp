// The lecture notes' bead on a circular wire under gravity, stepped twice in
// lockstep: with Baumgarte stabilization (τ = 10 ms) and without it
// (τ = 10⁶ s). Prints the drift |p| − r of both every second, the worst
// drift of each run and the cost of one step (executed instructions under
// QEMU, cycles on a real core, nanoseconds on the host).
//
// Exit code: 0 when every step is Solved, the stabilized drift stays within
// bead::kDriftBound and the unstabilized drift grows at least 10 times
// larger; 1 otherwise.
#include "bead_scene.hpp"
#include "tact/port.hpp"
#include "tact/port_format.hpp"

namespace {

constexpr int kPrintEvery = 1000;  // steps per printed line (1 s)

bead::World stabilized, unstabilized;  // static storage

void print(const char* text) { tact::port::write(text); }
void print_float(float value, int digits) { tact::port::write_float(value, digits); }
float abs_max(float a, float b) {
  const float abs_b = b < 0 ? -b : b;
  return abs_b > a ? abs_b : a;
}

}  // namespace

int main() {
  tact::port::init();
  print("tact bead example: bead on a circular wire (r = 1 m) under gravity, one equality row\n");
  print("h = 1 ms, 7.5 m/s at the bottom (the bead loops); drift = |p| - r in mm\n");
  print("  t s   stabilized (tau = 10 ms)   no stabilization (tau = 1e6 s)\n");
  bead::reset(stabilized, bead::kTauStabilized);
  bead::reset(unstabilized, bead::kTauOff);
  bool all_solved = true;
  float worst_stabilized = 0, worst_unstabilized = 0;
  std::uint64_t cost_total = 0, cost_max = 0;
  for (int step = 1; step <= bead::kSteps; ++step) {
    tact::port::observe(stabilized);  // its work stays between the reads (see observe())
    const std::uint64_t start = tact::port::counter_read();
    const auto report = stabilized.step(bead::rows);
    const std::uint64_t cost = tact::port::counter_read() - start;
    cost_total += cost;
    cost_max = cost > cost_max ? cost : cost_max;
    all_solved = all_solved && report.ok() && unstabilized.step(bead::rows).ok();
    worst_stabilized = abs_max(worst_stabilized, bead::drift(stabilized));
    worst_unstabilized = abs_max(worst_unstabilized, bead::drift(unstabilized));
    if (step % kPrintEvery != 0) continue;
    print(step < 10000 ? "   " : "  ");
    tact::port::write_int(step / kPrintEvery);
    print("    ");
    print_float(bead::drift(stabilized) * 1e3f, 4);
    print("                    ");
    print_float(bead::drift(unstabilized) * 1e3f, 3);
    print("\n");
  }
  print("worst |drift|: stabilized ");
  print_float(worst_stabilized * 1e3f, 4);
  print(" mm (bound ");
  print_float(bead::kDriftBound * 1e3f, 1);
  print(" mm), no stabilization ");
  print_float(worst_unstabilized * 1e3f, 1);
  print(" mm\ncost of one step (stabilized): mean ");
  tact::port::write_uint(cost_total / bead::kSteps);
  print(", max ");
  tact::port::write_uint(cost_max);
  print(" ");
  print(tact::port::counter_unit());
  print("\n");
  const bool ok = all_solved && worst_stabilized <= bead::kDriftBound && worst_unstabilized >= 10 * worst_stabilized;
  print(ok ? "Baumgarte's term holds the bead on the wire\n" : "FAILED\n");
  tact::port::exit(ok ? 0 : 1);
}
