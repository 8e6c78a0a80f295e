# Runs the fuzzer for SECONDS on a scratch copy of CORPUS (the committed
# corpus stays untouched; new inputs and any crash-* file land in SCRATCH).
#   cmake -DFUZZER=... -DCORPUS=... -DSCRATCH=... -DSECONDS=60 -P run_fuzzer.cmake
file(REMOVE_RECURSE ${SCRATCH})
file(MAKE_DIRECTORY ${SCRATCH}/corpus ${SCRATCH}/artifacts)
file(GLOB _seeds ${CORPUS}/*)
file(COPY ${_seeds} DESTINATION ${SCRATCH}/corpus)
execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
          -artifact_prefix=${SCRATCH}/artifacts/ ${SCRATCH}/corpus
  RESULT_VARIABLE _result)
if(NOT _result EQUAL 0)
  file(GLOB _crashes ${SCRATCH}/artifacts/*)
  message(FATAL_ERROR "fuzzer failed (${_result}); inputs: ${_crashes}\n"
                      "Replay one: ${FUZZER} <input>; then add it to tests/host/regressions/.")
endif()
