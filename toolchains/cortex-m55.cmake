# Cortex-M55 (ARMv8.1-M, FPU + MVE/Helium from -mcpu), hard-float ABI.
set(TACT_CORE m55)
set(TACT_CPU_FLAGS "-mcpu=cortex-m55 -mthumb -mfloat-abi=hard")
include(${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi.cmake)
