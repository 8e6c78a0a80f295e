// footprint_baseline: the port, the problem set-up, stack painting and the
// report, but no solver. footprint_solver minus this = the solver.
#include "footprint.hpp"
#include "tact/port.hpp"

int main() {
  tact::port::init();
  footprint::make_problem();
  std::uint32_t* const sp = footprint::stack_pointer();
  footprint::paint_stack();
  const std::uint32_t used = footprint::stack_used_below(sp);
  footprint::print_report(nullptr);
  return used == 0 ? 0 : 1;  // nothing ran between painting and scanning
}
