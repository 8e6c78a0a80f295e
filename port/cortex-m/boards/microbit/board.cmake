# BBC micro:bit v1 (nRF51822, Cortex-M0), run by QEMU's microbit machine.
# Also runs Cortex-M0+ builds (toolchains/cortex-m0plus.cmake): the same
# ARMv6-M instructions, which QEMU has no M0+ machine to run otherwise.
set(TACT_BOARD_CORES m0 m0plus)
set(TACT_BOARD_QEMU_MACHINE microbit)
set(TACT_BOARD_CLOCK_HZ 16000000)  # HCLK of QEMU's nrf51
set(TACT_BOARD_COUNTER qemu_icount)
set(TACT_BOARD_SOURCES ${CMAKE_CURRENT_LIST_DIR}/../qemu_board.cpp)
set(TACT_BOARD_IRQ_COUNT 32)  # external interrupts: the nRF51's 32 lines (tests/target/irq_test lines)
