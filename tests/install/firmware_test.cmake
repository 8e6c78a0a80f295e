# Configures, builds and installs tests/install/firmware (a Cortex-M
# project with its own toolchain file that uses add_subdirectory(tact)):
# its install must not carry tact's headers along (TACT_INSTALL is off).
#   cmake -DSOURCE_DIR=... -DSCRATCH=... -P firmware_test.cmake
file(REMOVE_RECURSE "${SCRATCH}")
foreach(step configure build install)
  if(step STREQUAL "configure")
    set(command ${CMAKE_COMMAND} -S "${SOURCE_DIR}/tests/install/firmware" -B "${SCRATCH}"
        -DCMAKE_TOOLCHAIN_FILE=${SOURCE_DIR}/tests/install/firmware/toolchain.cmake -DTACT_SOURCE_DIR=${SOURCE_DIR})
  elseif(step STREQUAL "build")
    set(command ${CMAKE_COMMAND} --build "${SCRATCH}")
  else()
    set(command ${CMAKE_COMMAND} --install "${SCRATCH}" --prefix "${SCRATCH}/prefix")
  endif()
  execute_process(COMMAND ${command} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${step} failed (${result}): ${command}")
  endif()
endforeach()
if(EXISTS "${SCRATCH}/prefix/include/tact")
  message(FATAL_ERROR "the firmware project's install installed tact's headers")
endif()
# Built without NDEBUG but with the README's definitions: nothing of tact's
# (every class instantiated) may reach for the heap, stdio or assert.
execute_process(COMMAND arm-none-eabi-nm -u "${SCRATCH}/libfirmware_solver.a" OUTPUT_VARIABLE undefined
                RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "arm-none-eabi-nm failed (${result})")
endif()
string(REGEX MATCHALL "[^\n]*(malloc|free|_sbrk|printf|__assert_func|_Znw|_Zdl|__cxa_throw)[^\n]*" forbidden
       "${undefined}")
if(forbidden)
  message(FATAL_ERROR "tact in a firmware built with EIGEN_NO_DEBUG references: ${forbidden}")
endif()
message(STATUS "add_subdirectory(tact) in a Cortex-M firmware project: configured, built, installed without tact, "
               "no heap, stdio or assert referenced")
