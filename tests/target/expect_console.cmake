# A target test on a real board's firmware, run on QEMU's stand-in for the
# board's chip, whose output must arrive over the board's serial console (a
# UART: TACT_QEMU_UART in qemu-run.sh) with the runner's summary
# "<n> passed, 0 failed" (n ≥ 1). With a semihosting host the exit code
# arrives through it and must be 0; with none (NO_HOST=1, a board without a
# debugger) exit() parks the core, so the run must not end by itself: QEMU
# is stopped at the timeout (124).
#   cmake -DRUNNER=<emulator|args> -DPROGRAM=<elf> -DUART=<n> [-DNO_HOST=1] -P expect_console.cmake
string(REPLACE "|" ";" runner "${RUNNER}")
set(ENV{TACT_QEMU_UART} ${UART})
set(expected_status 0)
if(NO_HOST)
  set(ENV{TACT_QEMU_NO_HOST} 1)
  set(ENV{TACT_QEMU_TIMEOUT} 10)
  set(expected_status 124)
endif()
execute_process(COMMAND ${runner} ${PROGRAM} OUTPUT_VARIABLE output ERROR_VARIABLE errors RESULT_VARIABLE status)
string(REPLACE "\r\n" "\n" lines "${output}")
if(NOT status EQUAL expected_status OR NOT lines MATCHES "\n[1-9][0-9]* passed, 0 failed\n")
  message(FATAL_ERROR "expected exit ${expected_status} and \"<n> passed, 0 failed\" on serial port ${UART}, "
                      "got exit ${status}; output:\n${output}\nstderr:\n${errors}")
endif()
string(STRIP "${CMAKE_MATCH_0}" summary)
message(STATUS "serial console, exit ${status}: ${summary}")
