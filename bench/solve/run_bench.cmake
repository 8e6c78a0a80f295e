# Runs bench_solve on every problem with every strategy and writes the
# lines to OUTPUT (machine-readable: one `bench key=value ...` line each).
set(lines "")
foreach(strategy exact right platt-improved platt)
  execute_process(COMMAND ${RUNNER} ${PROGRAM} --strategy ${strategy} ${PROBLEMS}
                  OUTPUT_VARIABLE out RESULT_VARIABLE result)
  string(APPEND lines "${out}")
endforeach()
string(REGEX REPLACE "[^\n]*/problems/" "bench file=" lines "${lines}")
file(WRITE ${OUTPUT} "${lines}")
message(STATUS "wrote ${OUTPUT}")
