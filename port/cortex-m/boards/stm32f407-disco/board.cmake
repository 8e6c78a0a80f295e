# STM32F4DISCOVERY (STM32F407VG, Cortex-M4F, 8 MHz HSE crystal). Real
# hardware only: QEMU 7.2 has no STM32F407 machine, so tests are built, not run.
set(TACT_BOARD_CORES m4f)
set(TACT_BOARD_QEMU_MACHINE "")
set(TACT_BOARD_CLOCK_HZ 168000000)
set(TACT_BOARD_COUNTER dwt)
set(TACT_BOARD_SOURCES ${CMAKE_CURRENT_LIST_DIR}/board.cpp)
