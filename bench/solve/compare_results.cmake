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
  execute_process(COMMAND diff -u ${committed_file} ${measured_file} OUTPUT_VARIABLE difference)
  string(SUBSTRING "${difference}" 0 3000 difference)
  message(FATAL_ERROR "${committed_file} is not what this build measures (${measured_file}):\n${difference}\n"
                      "Rerun bench/regenerate.sh and python3 bench/readme_tables.py --update.")
endfunction()
