# A target test that must end in the port's fault handler: "*** fault" in
# its output and exit code 3 (port/cortex-m/startup.cpp).
#   cmake -DRUNNER=<emulator|args> -DPROGRAM=<elf> -DARGS=<a|b> -P expect_fault.cmake
string(REPLACE "|" ";" runner "${RUNNER}")
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${runner} ${PROGRAM} ${args} OUTPUT_VARIABLE output RESULT_VARIABLE status)
if(NOT status EQUAL 3 OR NOT output MATCHES "\n\\*\\*\\* fault: HardFault")
  message(FATAL_ERROR "expected the fault handler (exit 3), got exit ${status}; output:\n${output}")
endif()
message(STATUS "fault handler reached, exit 3")
