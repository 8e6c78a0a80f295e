# A target test that must end in one of the port's handlers
# (port/cortex-m/startup.cpp): by default the fault handler, "*** fault:
# HardFault" in its output and exit code 3; EXPECT_STATUS and EXPECT_OUTPUT
# (a regular expression) name another ending.
#   cmake -DRUNNER=<emulator|args> -DPROGRAM=<elf> -DARGS=<a|b>
#         [-DEXPECT_STATUS=4 -DEXPECT_OUTPUT=<regex>] -P expect_fault.cmake
string(REPLACE "|" ";" runner "${RUNNER}")
string(REPLACE "|" ";" args "${ARGS}")
if(NOT DEFINED EXPECT_STATUS AND NOT DEFINED EXPECT_OUTPUT)
  set(EXPECT_STATUS 3)
  set(EXPECT_OUTPUT "\n\\*\\*\\* fault: HardFault")
elseif(NOT DEFINED EXPECT_STATUS OR EXPECT_OUTPUT STREQUAL "")
  message(FATAL_ERROR "expect_fault.cmake: EXPECT_STATUS and a non-empty EXPECT_OUTPUT go together")
endif()
execute_process(COMMAND ${runner} ${PROGRAM} ${args} OUTPUT_VARIABLE output RESULT_VARIABLE status)
if(NOT status EQUAL EXPECT_STATUS OR NOT output MATCHES "${EXPECT_OUTPUT}")
  message(FATAL_ERROR "expected exit ${EXPECT_STATUS} and output matching '${EXPECT_OUTPUT}', "
                      "got exit ${status}; output:\n${output}")
endif()
message(STATUS "handler reached, exit ${status}")
