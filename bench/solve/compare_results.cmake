# compare_with_committed(<measured file> <committed file>): fails, showing
# the start of a diff, unless the two files are the same. Included by
# check_results.cmake (benchmarks) and examples/check_output.cmake.
function(compare_with_committed measured_file committed_file)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${committed_file} ${measured_file}
                  RESULT_VARIABLE different)
  if(NOT different)
    message(STATUS "${committed_file}: current")
    return()
  endif()
  execute_process(COMMAND diff -u ${committed_file} ${measured_file})  # to the test's output, as it is
  message(FATAL_ERROR "${committed_file} is not what this build measures (${measured_file}, diff above). "
                      "Rerun bench/regenerate.sh and python3 bench/readme_tables.py --update.")
endfunction()
