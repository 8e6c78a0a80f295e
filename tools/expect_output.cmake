# A command-line test that checks both the exit code and the output, which
# ctest's PASS_REGULAR_EXPRESSION alone does not (it ignores the exit code:
# a crash after the expected text would pass).
#   cmake -DEXIT=<code> -DPATTERN=<regex> -P expect_output.cmake -- <program> [args...]
# PATTERN is matched against stdout and stderr together. After "--" cmake
# parses no argument itself (a program argument such as -D... stays one).
cmake_minimum_required(VERSION 3.21)
set(command "")
set(state before)  # before "--", then the command
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(i RANGE ${last})
  if(state STREQUAL "command")
    list(APPEND command "${CMAKE_ARGV${i}}")
  elseif(CMAKE_ARGV${i} STREQUAL "--")
    set(state command)
  endif()
endforeach()
if(NOT command OR NOT DEFINED EXIT OR NOT DEFINED PATTERN)
  message(FATAL_ERROR "usage: cmake -DEXIT=<code> -DPATTERN=<regex> -P expect_output.cmake -- <program> [args...]")
endif()
execute_process(COMMAND ${command} OUTPUT_VARIABLE output ERROR_VARIABLE errors RESULT_VARIABLE status TIMEOUT 60)
if(NOT status STREQUAL EXIT OR NOT "${output}${errors}" MATCHES "${PATTERN}")
  message(FATAL_ERROR "expected exit ${EXIT} and output matching\n${PATTERN}\ngot exit ${status}; "
                      "stdout:\n${output}\nstderr:\n${errors}")
endif()
message(STATUS "exit ${status}, output as expected")
