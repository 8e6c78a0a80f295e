# Configures and builds tests/install/firmware (a Cortex-M project with its
# own toolchain file that uses add_subdirectory(tact)).
#   cmake -DSOURCE_DIR=... -DSCRATCH=... -P firmware_test.cmake
file(REMOVE_RECURSE "${SCRATCH}")
foreach(step configure build)
  if(step STREQUAL "configure")
    set(command ${CMAKE_COMMAND} -S "${SOURCE_DIR}/tests/install/firmware" -B "${SCRATCH}"
        -DCMAKE_TOOLCHAIN_FILE=${SOURCE_DIR}/tests/install/firmware/toolchain.cmake -DTACT_SOURCE_DIR=${SOURCE_DIR})
  else()
    set(command ${CMAKE_COMMAND} --build "${SCRATCH}")
  endif()
  execute_process(COMMAND ${command} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${step} failed (${result}): ${command}")
  endif()
endforeach()
message(STATUS "add_subdirectory(tact) in a Cortex-M firmware project: configured and built")
