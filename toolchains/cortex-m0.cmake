# Cortex-M0 (ARMv6-M): no FPU, no DWT cycle counter.
set(TACT_CORE m0)
set(TACT_CPU_FLAGS "-mcpu=cortex-m0 -mthumb -mfloat-abi=soft")
include(${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi.cmake)
