# Arm MPS2 FPGA with AN500 image (Cortex-M7), run by QEMU.
set(TACT_BOARD_CORES m7)
set(TACT_BOARD_QEMU_MACHINE mps2-an500)
set(TACT_BOARD_CLOCK_HZ 25000000)  # SYSCLK of QEMU's mps2 machines
set(TACT_BOARD_COUNTER qemu_icount)
set(TACT_BOARD_SOURCES ${CMAKE_CURRENT_LIST_DIR}/../qemu_board.cpp)
set(TACT_BOARD_IRQ_COUNT 32)  # external interrupts: the CMSDK image's 32 (tests/target/irq_test lines)
