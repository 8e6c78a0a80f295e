// A planar 3-joint arm under gravity falls onto a floor while its elbow is
// driven into a joint limit: contacts and joint limits held together by one
// tact::World<3, 0, 9> (Exact strategy) with a dense, configuration-dependent
// mass matrix M(q) set before every step (see robot_scene.hpp for the
// kinematics, M(q), the bias forces and the rows).
//
// Printed every 100 steps and whenever the working set changes (marked *):
// time, q, the end effector's height above the floor, the rows in the
// working set, iterations and the cost of the step (set M(q) and f, gather,
// solve, integrate).
//
// Why the paper's acceleration-level World and not the velocity-level
// ImpulseWorld (impulse.hpp): the arm's contacts and limits are reached
// gradually (rows become candidates within 20 mm / 20 mrad), so there are
// no impacts to absorb, and Baumgarte's term drives each row to its bound
// smoothly; M(q) changes every step, so the exact correction (factor M once
// per step, which both forms need) is the only one that fits, and the
// acceleration form gets it with no extra constraint-space matrix. An arm
// that strikes the floor hard would prefer ImpulseWorld (inelastic impacts).
//
// Exit code: 0 when every step solved and no joint limit or floor row was
// violated beyond 0.1 mm / 0.1 mrad, 1 otherwise.
#include "robot_scene.hpp"
#include "tact/port.hpp"
#include "tact/port_format.hpp"

namespace {

robot::World world;  // static storage: the world and its solver live in .bss

constexpr int kPrintEvery = 100;
constexpr float kViolationTolerance = 1e-4f;  // m for the floor, rad for the limits
const char* const kRowNames[robot::kRows] = {"lo1", "lo2", "lo3", "hi1", "hi2", "hi3", "tip1", "tip2", "tip3"};

void print(const char* text) { tact::port::write(text); }
void print_float(float value, int digits) { tact::port::write_float(value, digits); }
// The table's columns: fixed notation whatever the size.
void print_fixed(float value, int digits) {
  char text[32];
  tact::port::write(text, tact::port::format_fixed(text, value, digits));
}

// The ids of the inequality rows in the last step's working set, as a bit mask.
unsigned working_set_mask() {
  const auto& problem = world.last_problem();
  unsigned mask = 0;
  for (tact::Index k = 0; k < problem.num_ineq; ++k)
    if (world.solver().in_working_set(k)) mask |= 1u << problem.ineq_id[static_cast<std::size_t>(k)];
  return mask;
}

// Prints the names of the rows in `mask`, padded to a column of 20 characters.
void print_rows(unsigned mask) {
  int width = 0;
  for (int id = 0; id < robot::kRows; ++id) {
    if (!(mask >> id & 1u)) continue;
    if (width) print(","), ++width;
    print(kRowNames[id]);
    width += id < 6 ? 3 : 4;
  }
  if (!width) print("-"), ++width;
  for (; width < 20; ++width) print(" ");
}

void print_limits(const float* lower, const float* upper) {
  for (int i = 0; i < robot::kJoints; ++i) {
    print(i ? ", q" : "q");
    tact::port::write_int(i + 1);
    print(" in [");
    print_float(lower[i], 1);
    print(", ");
    print_float(upper[i], 1);
    print("]");
  }
}

}  // namespace

int main() {
  tact::port::init();
  print("tact robot example: planar 3-joint arm, uniform links 0.5/0.4/0.3 m, 2/1.5/1 kg, gravity, floor at y = ");
  print_float(robot::kFloor, 2);
  print(" m\njoint limits ");
  print_limits(robot::kLower, robot::kUpper);
  print(" rad; World<3, 0, 9> Exact, h = 1 ms, tau = 2 ms, dense M(q) every step\n"
        "rows: lo/hi = joint limits, tip1..3 = tips of links 1..3 on the floor (tip3: end effector)\n\n");
  robot::reset(world);

  print("  t (s)   q1       q2       q3       tip - floor (mm)  working set         iterations  cost (");
  print(tact::port::counter_unit());
  print(")\n");
  float worst_floor = 0, worst_limit = 0;
  int failures = 0, max_active = 0;
  unsigned last_mask = 0;
  std::uint64_t cost_total = 0, cost_max = 0;
  for (int step = 0; step < robot::kSteps; ++step) {
    tact::port::observe(world);  // its work stays between the reads (see observe())
    const std::uint64_t start = tact::port::counter_read();
    robot::prepare_step(world, step);
    const auto report = world.step(robot::gather<float>);
    const std::uint64_t cost = tact::port::counter_read() - start;
    cost_total += cost;
    cost_max = cost > cost_max ? cost : cost_max;
    max_active = report.active_count > max_active ? report.active_count : max_active;

    const robot::Vec3 q = world.x;
    for (int id = 0; id < robot::kRows; ++id) {
      const float gap = robot::row_gap(q, id);
      float& worst = id < 6 ? worst_limit : worst_floor;
      worst = gap < worst ? gap : worst;
    }
    if (report.status != tact::Status::Solved && failures++ < 5) {
      print("FAILED at step ");
      tact::port::write_int(step);
      print(": ");
      print(tact::to_string(report.status));
      print("\n");
    }

    const unsigned mask = working_set_mask();
    const bool changed = mask != last_mask;
    last_mask = mask;
    if ((step + 1) % kPrintEvery == 0 || changed) {
      print(changed ? "* " : "  ");
      print_fixed(static_cast<float>(step + 1) * robot::kTimeStep, 3);
      for (int i = 0; i < 3; ++i) {
        print(q(i) < 0 ? "   " : "    ");
        print_fixed(q(i), 3);
      }
      const float tip_mm = 1000.0f * robot::row_gap(q, 8);
      print(tip_mm < 0 ? "  " : "   ");
      print_fixed(tip_mm < 5e-4f && tip_mm > -5e-4f ? 0.0f : tip_mm, 3);  // below 0.5 µm: 0
      print(tip_mm >= 100 ? "      " : (tip_mm >= 10 || tip_mm <= -10 ? "       " : "        "));
      print_rows(mask);
      tact::port::write_int(report.iterations);
      print("           ");
      tact::port::write_uint(cost);
      print("\n");
    }
  }
  if (worst_floor < -kViolationTolerance || worst_limit < -kViolationTolerance) ++failures;

  print("\n");
  tact::port::write_int(robot::kSteps);
  print(" steps; worst floor gap ");
  print_float(worst_floor, 6);
  print(" m, worst joint-limit gap ");
  print_float(worst_limit, 6);
  print(" rad (tolerance -");
  print_float(kViolationTolerance, 4);
  print("); at most ");
  tact::port::write_int(max_active);
  print(" rows active at once\ncost of one step (M(q), f, gather, solve, integrate): mean ");
  tact::port::write_uint(cost_total / robot::kSteps);
  print(", max ");
  tact::port::write_uint(cost_max);
  print(" ");
  print(tact::port::counter_unit());
  print("\n");
  print(failures == 0 ? "every step solved; floor and joint limits held together\n"
                      : "FAILED: a step did not solve or a row was violated\n");
  tact::port::exit(failures == 0 ? 0 : 1);
}
