# STM32F4DISCOVERY (STM32F407VG, Cortex-M4F, 8 MHz HSE crystal). QEMU 7.2
# has no STM32F407 machine, but its netduinoplus2 is an STM32F405: the same
# core, memory map and USARTs. It runs this board's firmware of the tests
# that need no cycle counter (QEMU has no DWT, and no RCC: the clocks fall
# back to HSI), checked on the console, USART2: QEMU's serial port 1.
set(TACT_BOARD_CORES m4f)
set(TACT_BOARD_QEMU_MACHINE "")
set(TACT_BOARD_STAND_IN_MACHINE netduinoplus2)
set(TACT_BOARD_STAND_IN_UART 1)
set(TACT_BOARD_CLOCK_HZ 168000000)
set(TACT_BOARD_COUNTER dwt)
set(TACT_BOARD_HAS_CONSOLE ON)  # USART2, TX on PA2 (board.cpp)
set(TACT_BOARD_SOURCES ${CMAKE_CURRENT_LIST_DIR}/board.cpp ${CMAKE_CURRENT_LIST_DIR}/../stm32_board.cpp)
set(TACT_BOARD_IRQ_COUNT 82)  # external interrupts: the STM32F407's IRQ 0..81, the last the FPU's (RM0090)
