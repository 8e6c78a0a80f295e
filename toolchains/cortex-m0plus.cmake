# Cortex-M0+ (ARMv6-M): no FPU, no DWT cycle counter. GCC 12 emits the same
# instructions for it as for the Cortex-M0 (the benchmark firmware compiles
# to identical code), so the M0's instruction counts are the M0+'s too.
set(TACT_CORE m0plus)
set(TACT_CPU_FLAGS "-mcpu=cortex-m0plus -mthumb -mfloat-abi=soft")
include(${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi.cmake)
