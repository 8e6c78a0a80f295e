// Board support shared by the QEMU machines (mps2-an385/386/500, mps3-an547,
// microbit): nothing to set up, semihosting is always there. The clock is
// the frequency QEMU gives the SysTick "processor clock" on that machine
// (TACT_BOARD_CLOCK_HZ from boards/<board>/board.cmake).
#include "board.hpp"

namespace tact::port::board {

void init() {}
std::uint32_t core_clock_hz() { return TACT_BOARD_CLOCK_HZ; }
bool semihosting_available() { return true; }

}  // namespace tact::port::board
