# Reruns a results generator and fails unless its output equals the
# committed file: a change that moves a measured figure must come with the
# regenerated results (bench/regenerate.sh, then bench/readme_tables.py
# --update for the documents), so the README never quotes a stale count.
#   cmake <the generator's -D variables> -DGENERATOR=<run_bench.cmake|run_trajectories.cmake>
#         -DOUTPUT=<file in the build> -DEXPECTED=<committed file> -P check_results.cmake
include(${GENERATOR})
include(${CMAKE_CURRENT_LIST_DIR}/compare_results.cmake)
compare_with_committed(${OUTPUT} ${EXPECTED})
