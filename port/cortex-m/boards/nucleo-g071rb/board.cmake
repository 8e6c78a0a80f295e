# ST NUCLEO-G071RB (STM32G071RB, Cortex-M0+, 64 MHz from the internal
# 16 MHz HSI16 through the PLL). Real hardware only: QEMU has no STM32G0
# machine (and no Cortex-M0+), so tests are built, not run.
set(TACT_BOARD_CORES m0plus)
set(TACT_BOARD_QEMU_MACHINE "")
set(TACT_BOARD_CLOCK_HZ 64000000)
set(TACT_BOARD_COUNTER systick)
set(TACT_BOARD_HAS_CONSOLE ON)  # USART2, TX on PA2: the ST-LINK's virtual COM port (board.cpp)
set(TACT_BOARD_SOURCES ${CMAKE_CURRENT_LIST_DIR}/board.cpp ${CMAKE_CURRENT_LIST_DIR}/../stm32_board.cpp)
set(TACT_BOARD_IRQ_COUNT 32)  # external interrupts: the STM32G071's IRQ 0..31 (RM0444)
