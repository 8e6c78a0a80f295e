// port::init() for Cortex-M: board first (clocks), then the counter, which
// may depend on the clock the board set.
#include "board.hpp"
#include "tact/port.hpp"

namespace tact::port {

void init() {
  board::init();
  detail::counter_start();
}

}  // namespace tact::port
