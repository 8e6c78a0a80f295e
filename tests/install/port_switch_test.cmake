# One build directory switched between ports: TACT_BUILD_* and
# TACT_STATIC_CHECKS follow the port's default (off for none, on for a port)
# unless the user set them otherwise, and a switch to none configures.
#   cmake -DSOURCE_DIR=... -DSCRATCH=... -DGENERATOR=... -P port_switch_test.cmake
cmake_minimum_required(VERSION 3.21)  # policies of the project's minimum (IN_LIST)
file(REMOVE_RECURSE "${SCRATCH}")
set(options TACT_BUILD_TESTS TACT_BUILD_EXAMPLES TACT_BUILD_TOOLS TACT_BUILD_BENCHMARKS TACT_STATIC_CHECKS)

# Configures with the given -D arguments, then checks each option's cached
# value against `expected` (a list: OPTION=ON|OFF).
function(configure_and_expect arguments expected)
  execute_process(COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${SCRATCH}" -G "${GENERATOR}" ${arguments}
                  RESULT_VARIABLE result OUTPUT_QUIET ERROR_VARIABLE errors)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "configure with ${arguments} failed (${result}):\n${errors}")
  endif()
  file(STRINGS "${SCRATCH}/CMakeCache.txt" cache REGEX "^TACT_[A-Z_]+:BOOL=")
  foreach(pair IN LISTS expected)
    string(REPLACE "=" ";" pair "${pair}")
    list(GET pair 0 option)
    list(GET pair 1 value)
    if(NOT "${option}:BOOL=${value}" IN_LIST cache)
      message(FATAL_ERROR "after configure with ${arguments}: expected ${option}=${value}; cache: ${cache}")
    endif()
  endforeach()
  message(STATUS "configure with ${arguments}: ${expected}")
endfunction()

function(all value out)
  set(list "")
  foreach(option IN LISTS options)
    list(APPEND list "${option}=${value}")
  endforeach()
  set(${out} "${list}" PARENT_SCOPE)
endfunction()
all(OFF all_off)
all(ON all_on)

configure_and_expect("-DTACT_PORT=none" "${all_off}")
configure_and_expect("-DTACT_PORT=host" "${all_on}")
# Set by the user: kept through a switch to none and back.
set(all_on_but_examples "${all_on}")
list(REMOVE_ITEM all_on_but_examples TACT_BUILD_EXAMPLES=ON)
list(APPEND all_on_but_examples TACT_BUILD_EXAMPLES=OFF)
configure_and_expect("-DTACT_BUILD_EXAMPLES=OFF" "${all_on_but_examples}")
configure_and_expect("-DTACT_PORT=none" "${all_off}")
configure_and_expect("-DTACT_PORT=host" "${all_on_but_examples}")
