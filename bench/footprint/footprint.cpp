// Code shared by footprint_baseline and footprint_solver (see footprint.hpp).
#include "footprint.hpp"

#include "../../tests/common/device_problems.hpp"
#include "tact/port.hpp"
#include "tact/port_format.hpp"

namespace footprint {
namespace {

Problem the_problem;

void write_padded(std::uint64_t value, int width) {
  char text[24];
  const int length = static_cast<int>(tact::port::format_uint(text, value));
  for (int i = length; i < width; ++i) tact::port::write(" ");
  tact::port::write(text);
}

void write_left(const char* text, int width) {
  tact::port::write(text);
  for (const char* c = text; *c; ++c) --width;
  for (; width > 0; --width) tact::port::write(" ");
}

template <int D, int E, int I>
void write_size_row() {
  char label[32] = "  Solver<";
  std::uint32_t n = 9;
  n += tact::port::format_int(label + n, D);
  label[n++] = ',';
  n += tact::port::format_int(label + n, E);
  label[n++] = ',';
  n += tact::port::format_int(label + n, I);
  label[n++] = '>';
  label[n] = '\0';
  write_left(label, 18);
  write_padded(sizeof(tact::Solver<D, E, I, float>), 11);
  write_padded(sizeof(tact::Problem<D, E, I, float>), 11);
  write_padded(sizeof(tact::Solver<D, E, I, double>), 11);
  write_padded(sizeof(tact::Problem<D, E, I, double>), 11);
  tact::port::write("\n");
}

}  // namespace

Problem& problem() { return the_problem; }

void make_problem() {
  tact::test::DeviceRng rng(1);
  const tact::test::DeviceShape shape{FOOTPRINT_DOF, FOOTPRINT_EQ, FOOTPRINT_INEQ, false};
  if (!tact::test::make_device_problem(rng, shape, the_problem)) tact::port::panic("footprint: problem does not fit");
}

void print_report(const Result* results) {
  tact::port::write("footprint: ");
  tact::port::write(results ? "solver firmware, Solver<" : "baseline firmware (no solver), problem of Solver<");
  tact::port::write_int(FOOTPRINT_DOF);
  tact::port::write(",");
  tact::port::write_int(FOOTPRINT_EQ);
  tact::port::write(",");
  tact::port::write_int(FOOTPRINT_INEQ);
  tact::port::write(">\n");
  tact::port::write("sizeof (bytes)    Solver float  Problem f  Solver dbl  Problem d\n");
  write_size_row<2, 0, 2>();
  write_size_row<3, 0, 6>();
  write_size_row<22, 0, 77>();
  write_size_row<12, 2, 24>();
  write_size_row<30, 0, 60>();
  write_size_row<32, 8, 96>();
  tact::port::write("free stack: ");
  tact::port::write_uint(static_cast<std::uint64_t>(reinterpret_cast<const char*>(&__stack_top) -
                                                    reinterpret_cast<const char*>(&__stack_limit)));
  tact::port::write(" bytes\n");
  if (!results) return;
  tact::port::write("one solve        status           iterations  peak stack (bytes)  ");
  tact::port::write(tact::port::counter_unit());
  tact::port::write("\n");
  for (int s = 0; s < 4; ++s) {
    if (!results[s].ran) continue;
    const char* name = tact::to_string(tact::kAllStrategies[s]);
    const char* status = tact::to_string(results[s].status);
    tact::port::write("  ");
    write_left(name, 15);
    write_left(status, 17);
    write_padded(static_cast<std::uint64_t>(results[s].iterations), 10);
    write_padded(results[s].peak_stack, 20);
    write_padded(results[s].counted, 14);
    tact::port::write("\n");
  }
}

}  // namespace footprint
