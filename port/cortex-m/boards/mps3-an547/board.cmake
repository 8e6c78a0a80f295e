# Arm MPS3 FPGA with AN547 image (SSE-300, Cortex-M55), run by QEMU.
set(TACT_BOARD_CORES m55)
set(TACT_BOARD_QEMU_MACHINE mps3-an547)
set(TACT_BOARD_CLOCK_HZ 32000000)  # SYSCLK of QEMU's mps3-an547
set(TACT_BOARD_COUNTER qemu_icount)
set(TACT_BOARD_SOURCES ${CMAKE_CURRENT_LIST_DIR}/../qemu_board.cpp)
set(TACT_BOARD_IRQ_COUNT 128)  # external interrupts: the 128 lines of QEMU's model (tests/target/irq_test lines)
