// A solve in a timer interrupt, as the README's "In a servo interrupt" has
// it: the MPS2 boards' CMSDK timer 0 (IRQ 8, 25 MHz) ticks at 1 kHz, and its
// handler (the port's tact_irq_handler_8) solves one step of a haptic
// proxy in a box corner, warm-started, while the thread runs float work of
// its own. Then:
//   * every tick's solve is Solved with its KKT conditions met, and ended
//     within its tick (the timer had not reloaded by the handler's end);
//   * the same steps solved in thread mode give bit-identical accelerations
//     and the same statuses and iterations: an interrupt changes nothing;
//   * the thread's float work is intact: the FP context it had when the
//     handler (which uses the FPU on cores with one) interrupted it was
//     saved and restored (the core's lazy FP stacking).
#include <cstdint>

#include "nvic.hpp"
#include "tact/solver.hpp"
#include "tact_test.hpp"

namespace {

using Solver = tact::Solver<3, 0, 6>;
using Problem = Solver::ProblemType;
using Memory = tact::ActiveSetMemory<6>;

// CMSDK APB timer 0 (ARM DDI 0479C): counts down from RELOAD at the APB
// clock and interrupts on reaching 0.
struct CmsdkTimer {
  volatile std::uint32_t ctrl, value, reload, intstatus_intclear;
};
CmsdkTimer& timer0() { return *reinterpret_cast<CmsdkTimer*>(0x40000000u); }
constexpr int kTimerIrq = 8;
constexpr std::uint32_t kEnable = 1u << 0, kInterruptEnable = 1u << 3;
constexpr std::uint32_t kTickReload = 25000;  // 1 ms at the mps2 machines' 25 MHz

constexpr int kTicks = 12;

// The thread's float: in s0 on a core with an FPU, a caller-saved register
// that only the core's FP context stacking keeps across the handler (the
// handler's code saves s16-s31 itself).
#if defined(__ARM_FP)
#define TACT_THREAD_FLOAT register float sum asm("s0") = 0
#define TACT_FLOAT_CONSTRAINT "t"
#else
#define TACT_THREAD_FLOAT float sum = 0
#define TACT_FLOAT_CONSTRAINT "r"
#endif

struct Step {
  float acceleration[3];
  tact::Status status;
  int iterations;
  bool kkt;
  int active;                      // faces in the final working set
  std::uint32_t timer_ticks_used;  // of kTickReload
};

// The proxy's box corner: three pairs of opposite faces 0.04 away, as
// examples/haptic; the user's force turns around it from tick to tick, so
// the active faces change.
void fill_step(Problem& problem, int tick) {
  (void)problem.resize(3, 0, 6);
  for (int i = 0; i < 3; ++i) problem.M(i, i) = 1;
  const float direction[][3] = {{-1, -1, -1}, {-1, 0.5f, -1}, {1, -1, 0.25f}, {0.5f, 1, -1}};
  for (int i = 0; i < 3; ++i) problem.f(i) = 0.05f * direction[tick % 4][i] * (1 + 0.1f * static_cast<float>(tick));
  for (int axis = 0; axis < 3; ++axis) {
    for (int side = 0; side < 2; ++side) {
      const int row = 2 * axis + side;
      for (int i = 0; i < 3; ++i) problem.J_ineq(row, i) = i == axis ? (side == 0 ? 1.0f : -1.0f) : 0.0f;
      problem.d_ineq(row) = -0.04f;  // J ẍ ≥ d: the proxy within 0.04 of the corner's centre each way
    }
  }
}

void solve_step(Solver& solver, Problem& problem, Memory& memory, int tick, Step& step) {
  fill_step(problem, tick);
  const auto report = solver.solve(problem, tact::Strategy::Exact, &memory);
  for (int i = 0; i < 3; ++i) step.acceleration[i] = solver.acceleration()(i);
  step.status = report.status;
  step.iterations = report.iterations;
  step.kkt = report.kkt_satisfied;
  step.active = report.active_count;
}

// The interrupt's own objects: only its handler uses them.
Solver irq_solver;
Problem irq_problem;
Memory irq_memory;
Step irq_steps[kTicks];
volatile int ticks_done = 0;
volatile bool tick_overran = false;

// Thread mode's objects for the same steps.
Solver thread_solver;
Problem thread_problem;
Memory thread_memory;

}  // namespace

extern "C" void tact_irq_handler_8() {
  timer0().intstatus_intclear = 1;
  const int tick = ticks_done;
  if (tick >= kTicks) return;
  Step& step = irq_steps[tick];
  solve_step(irq_solver, irq_problem, irq_memory, tick, step);
  // Within the tick: the timer has not reached 0 again (it reloads there
  // and raises its interrupt flag anew).
  tick_overran = tick_overran || timer0().intstatus_intclear != 0;
  step.timer_ticks_used = kTickReload - timer0().value;
  ticks_done = tick + 1;
  if (tick + 1 == kTicks) timer0().ctrl = 0;
}

TACT_TEST(a_solve_in_a_timer_interrupt_is_the_thread_modes_solve) {
  timer0().ctrl = 0;
  timer0().intstatus_intclear = 1;
  timer0().reload = kTickReload;
  timer0().value = kTickReload;
  tact_nvic::iser[kTimerIrq / 32] = tact_nvic::bit(kTimerIrq);
  timer0().ctrl = kEnable | kInterruptEnable;
  // Float work the interrupts land in: the sum of 1.0f is exact below 2^24.
  TACT_THREAD_FLOAT;
  std::int32_t additions = 0;
  while (ticks_done < kTicks && additions < (1 << 24) - 1) {
    sum += 1.0f;
    ++additions;
    asm volatile("" : "+" TACT_FLOAT_CONSTRAINT(sum));  // in its register across the loop, where interrupts land
  }
  tact_nvic::icer[kTimerIrq / 32] = tact_nvic::bit(kTimerIrq);
  asm volatile("dsb\n isb" ::: "memory");  // the handler's writes to irq_steps are read after this
  if (!TACT_CHECK(ticks_done == kTicks)) return;  // the timer's interrupts came, before the float work ran out
  TACT_CHECK(sum == static_cast<float>(additions));
  TACT_CHECK(!tick_overran);

  int fewest_active = 3, most_active = 0;
  for (int tick = 0; tick < kTicks; ++tick) {
    const Step& in_irq = irq_steps[tick];
    fewest_active = in_irq.active < fewest_active ? in_irq.active : fewest_active;
    most_active = in_irq.active > most_active ? in_irq.active : most_active;
    Step in_thread{};
    solve_step(thread_solver, thread_problem, thread_memory, tick, in_thread);
    TACT_CHECK(in_irq.status == tact::Status::Solved);
    TACT_CHECK(in_irq.kkt);
    TACT_CHECK(in_irq.timer_ticks_used < kTickReload);
    TACT_CHECK(in_thread.status == in_irq.status);
    TACT_CHECK(in_thread.iterations == in_irq.iterations);
    for (int i = 0; i < 3; ++i) TACT_CHECK(in_thread.acceleration[i] == in_irq.acceleration[i]);
  }
  TACT_CHECK(fewest_active < most_active);  // faces came and went between ticks: the warm start had work
  tact::port::write("    faces in the set: ");
  for (const Step& step : irq_steps) {
    tact::port::write_int(step.active);
    tact::port::write(" ");
  }
  tact::port::write("\n    ");
  tact::port::write_int(kTicks);
  tact::port::write(" ticks solved in the interrupt, the longest handler ");
  std::uint32_t longest = 0;
  for (const Step& step : irq_steps) longest = step.timer_ticks_used > longest ? step.timer_ticks_used : longest;
  tact::port::write_uint(longest);
  tact::port::write(" of ");
  tact::port::write_uint(kTickReload);
  tact::port::write(" timer ticks\n");
}
