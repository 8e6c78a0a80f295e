# bench_solve refuses files it cannot read instead of ending a trajectory
# early: a step larger than its buffer (error=too-large) fails the run,
# a missing problem file too (error=cannot-open), and so does a command
# line of more than 64 arguments.
#   cmake -DRUNNER=<emulator|args> -DPROGRAM=<elf> -DPROBLEM=<a.qp> -DWORK=<dir>
#         -P check_bad_files.cmake
string(REPLACE "|" ";" runner "${RUNNER}")
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/trajectory)
file(READ ${PROBLEM} problem)
file(WRITE ${WORK}/trajectory/step-0000.qp "${problem}")
string(REPEAT "x" 100000 padding)  # beyond the 96 KB buffer
file(WRITE ${WORK}/trajectory/step-0001.qp "${problem}# ${padding}\n")
file(WRITE ${WORK}/trajectory/step-0002.qp "${problem}")

function(expect_failure expected)
  execute_process(COMMAND ${runner} ${PROGRAM} ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE output ERROR_VARIABLE errors)
  if(code EQUAL 0 OR NOT output MATCHES "${expected}")
    message(FATAL_ERROR "bench_solve ${ARGN}: exit ${code}, expected a failure with '${expected}':\n${output}${errors}")
  endif()
endfunction()

expect_failure("index=1 error=too-large" --trajectory ${WORK}/trajectory)
expect_failure("error=cannot-open" ${WORK}/missing.qp)
set(many "")
foreach(i RANGE 64)  # 65 arguments
  list(APPEND many x)  # short: the check comes before any file is read
endforeach()
expect_failure("more than 64 arguments" ${many})
# 64 are accepted: 63 words that are no file, then a problem that is one.
list(REMOVE_AT many 0 1)
execute_process(COMMAND ${runner} ${PROGRAM} ${many} ${PROBLEM} RESULT_VARIABLE code OUTPUT_VARIABLE output)
if(output MATCHES "more than 64" OR NOT output MATCHES "file=[^\n]*corner-1.qp strategy=exact status=solved")
  message(FATAL_ERROR "bench_solve with 64 arguments: exit ${code}:\n${output}")
endif()
