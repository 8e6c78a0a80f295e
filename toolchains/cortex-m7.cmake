# Cortex-M7 with double-precision FPU (fpv5-d16), hard-float ABI.
set(TACT_CORE m7)
set(TACT_CPU_FLAGS "-mcpu=cortex-m7 -mthumb -mfpu=fpv5-d16 -mfloat-abi=hard")
include(${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi.cmake)
