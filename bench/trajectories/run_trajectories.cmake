# Runs bench_solve on every trajectory with every strategy and writes
# machine-readable `key=value` lines: to OUTPUT the summary lines of every
# strategy and the step lines of the exact strategy (the committed results);
# to ALL_STEPS every line (a few MB: kept in the build directory).
#   cmake -DRUNNER=<emulator|args> -DPROGRAM=<elf> -DTRAJECTORIES=<dir|dir> -DOUTPUT=<file>
#         -DALL_STEPS=<file> -P run_trajectories.cmake
# Checks that every step file was run (a step that cannot be read would end
# its trajectory early).
string(REPLACE "|" ";" runner "${RUNNER}")
string(REPLACE "|" ";" trajectories "${TRAJECTORIES}")
set(arguments "")
foreach(dir ${trajectories})
  list(APPEND arguments --trajectory ${dir})
endforeach()
set(lines "")
foreach(strategy exact right platt-improved platt)
  # A few thousand solves under QEMU take longer than qemu-run.sh's default 60 s.
  execute_process(COMMAND ${CMAKE_COMMAND} -E env TACT_QEMU_TIMEOUT=1800
                          ${runner} ${PROGRAM} --strategy ${strategy} ${arguments}
                  OUTPUT_VARIABLE out RESULT_VARIABLE status)
  if(NOT status MATCHES "^[01]$")  # 1: some solve did not end Solved, which is a result too
    message(FATAL_ERROR "bench_solve --strategy ${strategy} failed (${status})")
  endif()
  foreach(dir ${trajectories})
    file(GLOB steps ${dir}/step-*.qp)
    list(LENGTH steps expected)
    get_filename_component(name ${dir} NAME)
    if(NOT out MATCHES "trajectory name=[^ ]*/${name} strategy=${strategy} steps=${expected} ")
      message(FATAL_ERROR "${name}, ${strategy}: not all ${expected} steps ran")
    endif()
  endforeach()
  string(APPEND lines "${out}")
endforeach()
string(REGEX REPLACE "=[^ ]*/trajectories/" "=" lines "${lines}")
file(WRITE ${ALL_STEPS} "${lines}")
# Summary lines first, then the exact strategy's steps.
string(REGEX MATCHALL "trajectory name=[^\n]*\n" summaries "${lines}")
string(REGEX MATCHALL "step [^\n]* strategy=exact [^\n]*\n" exact_steps "${lines}")
string(REPLACE ";" "" summaries "${summaries}")
string(REPLACE ";" "" exact_steps "${exact_steps}")
get_filename_component(all_steps_name ${ALL_STEPS} NAME)
file(WRITE ${OUTPUT} "# bench_solve --trajectory (bench/solve/bench_solve.cpp): the summary of every strategy,\n"
                     "# then the steps of the exact strategy (all steps: ${all_steps_name} in the build's bench/trajectories/)\n"
                     "${summaries}${exact_steps}")
message(STATUS "wrote ${OUTPUT} and ${ALL_STEPS}")
