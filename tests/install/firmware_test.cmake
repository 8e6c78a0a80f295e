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
message(STATUS "add_subdirectory(tact) in a Cortex-M firmware project: configured, built, installed without tact")
