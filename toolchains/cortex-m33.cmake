# Cortex-M33 (ARMv8-M Mainline) with its single-precision FPU, hard-float ABI.
set(TACT_CORE m33)
set(TACT_CPU_FLAGS "-mcpu=cortex-m33 -mthumb -mfpu=fpv5-sp-d16 -mfloat-abi=hard")
include(${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi.cmake)
