# Cortex-M3 (ARMv7-M): no FPU, float is emulated in software.
set(TACT_CORE m3)
set(TACT_CPU_FLAGS "-mcpu=cortex-m3 -mthumb -mfloat-abi=soft")
include(${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi.cmake)
