// Internal interface between the Cortex-M port and one board
// (port/cortex-m/boards/<board>/board.cpp). Not part of the port contract.
#pragma once

#include <cstdint>

namespace tact::port::board {

/// Brings up clocks and anything else the board needs; called by port::init().
void init();

/// Core clock in Hz after init() (the SysTick/DWT clock).
std::uint32_t core_clock_hz();

/// True when a semihosting host is listening (QEMU, or a debugger on real
/// hardware). Without one, BKPT 0xAB would fault, so output is dropped.
bool semihosting_available();

#if TACT_BOARD_HAS_CONSOLE
/// Boards with a serial console (TACT_BOARD_HAS_CONSOLE in board.cmake):
/// port::write sends everything there too, with or without a debugger.
void console_write(const char* text, std::uint32_t len);
/// Waits until the console has sent everything (before exit() stops).
void console_flush();
#endif

}  // namespace tact::port::board

namespace tact::port {
/// An entry of the vector table: an exception handler (or the initial stack pointer).
using Handler = void (*)();
}  // namespace tact::port

/// The vector table (startup.cpp: exceptions 0–15), for a board whose flash
/// is linked at an alias of the boot address: its init() points SCB->VTOR
/// here (the STM32 boards).
extern "C" const tact::port::Handler* const tact_vector_table;

namespace tact::port::detail {

/// Starts the counter (counter_<kind>.cpp); called by port::init().
void counter_start();

}  // namespace tact::port::detail
