# Arm MPS2 FPGA with AN505 image (IoT Kit subsystem, Cortex-M33), run by QEMU.
set(TACT_BOARD_CORES m33)
set(TACT_BOARD_QEMU_MACHINE mps2-an505)
set(TACT_BOARD_CLOCK_HZ 20000000)  # SYSCLK of QEMU's mps2-an505
set(TACT_BOARD_COUNTER qemu_icount)
set(TACT_BOARD_SOURCES ${CMAKE_CURRENT_LIST_DIR}/../qemu_board.cpp)
set(TACT_BOARD_IRQ_COUNT 124)  # external interrupts: the 124 lines of QEMU's model (tests/target/irq_test lines)
