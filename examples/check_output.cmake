# An example's test on an emulated board: it runs the example (RUNNER:
# the emulator and its arguments, '|'-separated), writes its output to
# OUTPUT (bench/regenerate.sh collects it from there), fails on a non-zero
# exit code (the example's own check of its key property) and, given
# EXPECTED (the committed bench/results/examples/<preset>-<example>.txt
# that the README quotes), unless the output equals it
# (bench/solve/compare_results.cmake).
#   cmake -DRUNNER=<emulator|args> -DPROGRAM=<elf> -DOUTPUT=<file> [-DEXPECTED=<file>] -P check_output.cmake
string(REPLACE "|" ";" runner "${RUNNER}")
execute_process(COMMAND ${runner} ${PROGRAM} OUTPUT_VARIABLE output RESULT_VARIABLE status)
file(WRITE ${OUTPUT} "${output}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "example failed: ${PROGRAM} exited with ${status}; its output: ${OUTPUT}")
endif()
if(DEFINED EXPECTED)
  include(${CMAKE_CURRENT_LIST_DIR}/../bench/solve/compare_results.cmake)
  compare_with_committed(${OUTPUT} ${EXPECTED})
endif()
