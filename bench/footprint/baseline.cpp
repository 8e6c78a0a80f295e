// footprint_baseline: the port (its counter included), the problem set-up,
// stack painting and the report, but no solver. footprint_solver minus this
// = the solver.
#include "footprint.hpp"
#include "tact/port.hpp"

int main() {
  tact::port::init();
  footprint::make_problem();
  // footprint_solver reads the counter around each solve: read it here too,
  // so that its code is not counted as the solver's flash.
  const std::uint64_t start = tact::port::counter_read();
  const std::uint64_t stop = tact::port::counter_read();
  std::uint32_t* const sp = footprint::stack_pointer();
  footprint::paint_stack();
  const std::uint32_t used = footprint::stack_used_below(sp);
  footprint::print_report(nullptr);
  // Nothing ran between painting and scanning; a counter never runs backwards.
  return used == 0 && stop >= start ? 0 : 1;
}
