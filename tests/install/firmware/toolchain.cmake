# A minimal bare-metal toolchain file of the kind a firmware project brings:
# not tact's (toolchains/), so nothing sets TACT_CORE or TACT_BOARD.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
# With the definitions the README asks of a firmware's own toolchain:
# EIGEN_NO_DEBUG (else eigen_assert links newlib's fprintf and malloc in a
# build without NDEBUG, as this one is) and EIGEN_NO_MALLOC.
set(CMAKE_CXX_FLAGS_INIT "-mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard -fno-exceptions -fno-rtti -DEIGEN_NO_DEBUG -DEIGEN_NO_MALLOC")
