# Base toolchain file for bare-metal Arm Cortex-M with Debian's arm-none-eabi GCC.
#
# Compilers and compiler-wide flags only. The CPU flags come from a thin
# per-core layer (cortex-m0.cmake, cortex-m3.cmake, ...) that sets
# TACT_CORE and TACT_CPU_FLAGS and then includes this file. Boards, linker
# scripts and the QEMU runner live in port/cortex-m/, never here.
cmake_minimum_required(VERSION 3.20)

set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

if(NOT DEFINED TACT_CPU_FLAGS)
  message(FATAL_ERROR "arm-none-eabi.cmake is a base file: use a per-core layer, "
                      "e.g. -DCMAKE_TOOLCHAIN_FILE=toolchains/cortex-m4f.cmake")
endif()

find_program(TACT_ARM_GCC arm-none-eabi-gcc)
find_program(TACT_ARM_GXX arm-none-eabi-g++)
if(NOT TACT_ARM_GCC OR NOT TACT_ARM_GXX)
  message(FATAL_ERROR "arm-none-eabi-gcc/g++ not found. Install the Cortex-M toolchain "
                      "and QEMU with: toolchains/setup-debian.sh --arm")
endif()
set(CMAKE_C_COMPILER   ${TACT_ARM_GCC})
set(CMAKE_CXX_COMPILER ${TACT_ARM_GXX})
set(CMAKE_ASM_COMPILER ${TACT_ARM_GCC})
get_filename_component(_tact_arm_bin "${TACT_ARM_GCC}" DIRECTORY)
find_program(CMAKE_OBJCOPY arm-none-eabi-objcopy HINTS ${_tact_arm_bin})
find_program(CMAKE_SIZE    arm-none-eabi-size    HINTS ${_tact_arm_bin})
find_program(CMAKE_NM      arm-none-eabi-nm      HINTS ${_tact_arm_bin})

# No linker script or startup code exists at try_compile time.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

# Libraries and headers come from the toolchain's sysroot only; programs run
# on the host. Packages may also come from the host: Eigen is header-only and
# its CMake package (/usr/share/eigen3/cmake) only adds -I/usr/include/eigen3.
set(CMAKE_FIND_ROOT_PATH /usr/lib/arm-none-eabi)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# Bare metal, no heap: no exceptions, no RTTI, no guard variables for local
# statics (single thread; the guards would pull __cxa_guard_* from libstdc++),
# no errno from math functions (lets sqrtf become one VSQRT instruction).
# EIGEN_NO_DEBUG turns eigen_assert off: it would pull __assert_func, which
# pulls fprintf and malloc from newlib.
set(_tact_common "${TACT_CPU_FLAGS} -ffunction-sections -fdata-sections -fno-math-errno")
set(CMAKE_C_FLAGS_INIT   "${_tact_common}")
set(CMAKE_CXX_FLAGS_INIT "${_tact_common} -fno-exceptions -fno-rtti -fno-threadsafe-statics -DEIGEN_NO_MALLOC -DEIGEN_NO_DEBUG")
set(CMAKE_ASM_FLAGS_INIT "${TACT_CPU_FLAGS}")
# Release at -O2, the README's figures (the presets set the same): CMake's
# own default for GCC is -O3, which it appends to any *_RELEASE_INIT, so the
# cache entry is set here; a value given on the command line still wins. A
# review's firmware was 45 % larger at -O3.
set(CMAKE_C_FLAGS_RELEASE   "-O2 -DNDEBUG" CACHE STRING "Flags of Release builds")
set(CMAKE_CXX_FLAGS_RELEASE "-O2 -DNDEBUG" CACHE STRING "Flags of Release builds")
# Debug firmware at -Og (CMake adds -g), not -O0: at -O0 Eigen keeps a call
# to operator new (throw_std_bad_alloc, never reached with fixed sizes) that
# the no-heap link check refuses; -Og drops it and stays debuggable.
set(CMAKE_C_FLAGS_DEBUG_INIT   "-Og")
set(CMAKE_CXX_FLAGS_DEBUG_INIT "-Og")
# newlib-nano for memcpy/sqrtf; unused code is dropped section by section.
set(CMAKE_EXE_LINKER_FLAGS_INIT "--specs=nano.specs -Wl,--gc-sections")

# Debian ships libstdc++ headers for arm-none-eabi but no libstdc++.a (that is
# the 1.5 GB libstdc++-arm-none-eabi-newlib). Link C++ with the C driver so
# g++ does not add -lstdc++: anything that would need the C++ runtime
# (operator new, exceptions, RTTI) then fails to link instead of sneaking in.
set(CMAKE_CXX_LINK_EXECUTABLE
    "<CMAKE_C_COMPILER> <FLAGS> <CMAKE_CXX_LINK_FLAGS> <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES> -lm")
