# Cortex-M4 with single-precision FPU (ARMv7E-M), hard-float ABI.
set(TACT_CORE m4f)
set(TACT_CPU_FLAGS "-mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard")
include(${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi.cmake)
