# Runs bench_solve on every problem with every strategy and writes the
# lines to OUTPUT (machine-readable: one `bench key=value ...` line each).
#   cmake -DRUNNER=<emulator|args> -DPROGRAM=<elf> -DPROBLEMS=<a.qp|b.qp> -DOUTPUT=<file>
#         [-DSTRATEGIES=<exact|right|...>] -P run_bench.cmake
string(REPLACE "|" ";" runner "${RUNNER}")
string(REPLACE "|" ";" problems "${PROBLEMS}")
set(lines "")
if(NOT DEFINED STRATEGIES)
  set(STRATEGIES "exact|right|platt-improved|platt")
endif()
string(REPLACE "|" ";" strategies "${STRATEGIES}")
foreach(strategy ${strategies})
  execute_process(COMMAND ${runner} ${PROGRAM} --strategy ${strategy} ${problems}
                  OUTPUT_VARIABLE out RESULT_VARIABLE status)
  if(NOT status MATCHES "^[01]$")  # 1: some solve did not end Solved, which is a result too
    message(FATAL_ERROR "bench_solve --strategy ${strategy} failed (${status}): ${out}")
  endif()
  string(APPEND lines "${out}")
endforeach()
string(REGEX REPLACE "file=[^ ]*/(problems|worst_case)/" "file=" lines "${lines}")
file(WRITE ${OUTPUT} "${lines}")
message(STATUS "wrote ${OUTPUT}")
