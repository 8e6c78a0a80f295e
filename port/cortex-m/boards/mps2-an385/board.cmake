# Arm MPS2 FPGA with AN385 image (Cortex-M3), run by QEMU.
# Also runs Cortex-M0 builds: ARMv6-M code is a subset of ARMv7-M, so QEMU
# executes the M0 build's own instructions (counted, never timed) with 4 MB
# of RAM, for benchmarks too large for the micro:bit's 16 KB.
set(TACT_BOARD_CORES m3 m0)
set(TACT_BOARD_QEMU_MACHINE mps2-an385)
set(TACT_BOARD_CLOCK_HZ 25000000)  # SYSCLK of QEMU's mps2 machines
set(TACT_BOARD_COUNTER qemu_icount)
set(TACT_BOARD_SOURCES ${CMAKE_CURRENT_LIST_DIR}/../qemu_board.cpp)
set(TACT_BOARD_IRQ_COUNT 32)  # external interrupts: the CMSDK image's 32 (tests/target/irq_test lines)
