#!/usr/bin/env bash
# Regenerates the measured figures of the README's and docs' marked tables
# (bench/readme_tables.py), from a build of the current tree on every
# emulated board (about 5 minutes on two cores once the presets are built;
# it builds what is missing; needs toolchains/setup-debian.sh --arm):
#   bench/results/<preset>.txt              bench-solve (M0 on AN385, M3, M4F, M7)
#   bench/worst_case/results/<preset>.txt   bench-worst-case (the same four)
#   bench/results/m4f-an386-trajectories.txt, m4f-an386-floor.txt, m4f-an386-phases.txt
#   bench/impulse/results-host.txt         exact vs PGS (when valgrind is installed)
#   bench/results/footprint-<preset>.txt    flash, RAM, sizeof and peak stack, every board
#   bench/results/agreement-<preset>.txt    the example scenes' |target − host|, every board
#   bench/results/examples/<preset>-<example>.txt   every example's output, every board
#   bench/results/toolchain.txt             the compiler they were measured with
# Then `python3 bench/readme_tables.py --update` writes the figures into the
# marked tables and output excerpts of README.md and docs/; the ctest test
# docs_results_tables fails while they disagree, and the boards' tests
# bench_*_current and the examples' fail while the files are not what the
# code measures (bench/solve/check_results.cmake, examples/check_output.cmake).
#   bench/regenerate.sh            everything
#   bench/regenerate.sh examples   only what runs on every board (footprints, agreement, examples)
# Build and run logs: build/regenerate/.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
logs=build/regenerate
results=bench/results
mkdir -p "$logs" "$results/examples"
failed=0
# The compiler the results are measured with: the build's tests compare
# its counts and outputs with them only under the same one (CMakeLists.txt).
echo "GNU $(arm-none-eabi-g++ -dumpfullversion)" > "$results/toolchain.txt"
run() {  # run LOG COMMAND...: the command's output goes to LOG
  local log=$1
  shift
  "$@" > "$logs/$log" 2>&1 || { echo "regenerate: FAILED ($logs/$log): $*"; failed=1; }
}
declare -A built
configure_and_build() {  # once per preset and run
  [[ -n "${built[$1]:-}" ]] && return
  built[$1]=1
  run "configure-$1.log" cmake --preset "$1"
  run "build-$1.log" cmake --build --preset "$1" -j2
}

bench_boards=(m0-an385 m3-an385 m4f-an386 m7-an500)
example_boards=(m0-microbit m3-an385 m4f-an386 m7-an500 m33-an505 m55-an547)
examples=(corner billiard haptic robot bead)

if [[ "${1:-}" != examples ]]; then
  for preset in "${bench_boards[@]}"; do
    echo "regenerate: $preset benchmarks"
    configure_and_build "$preset"
    run "bench-solve-$preset.log" cmake --build "build/$preset" --target bench-solve
    run "bench-worst-case-$preset.log" cmake --build "build/$preset" --target bench-worst-case
  done
  run trajectories.log cmake --build build/m4f-an386 --target bench-trajectories-run
  run floor.log cmake --build build/m4f-an386 --target bench-floor
  # Each phase's share of a solve (profile.py traces bench_solve built -O2 -g).
  echo "regenerate: phases (M4F, -O2 -g)"
  profile_build=build/m4f-an386-profile
  run configure-profile.log cmake --preset m4f-an386 -B "$profile_build" -DCMAKE_BUILD_TYPE=RelWithDebInfo
  run build-profile.log cmake --build "$profile_build" --target bench_solve
  : > "$results/m4f-an386-phases.txt"
  : > "$logs/phases.log"
  for solve in problems/corner-1 problems/haptic-corner problems/dense-12-2-24-a problems/billiard-2 \
               trajectories/haptic/step-0101 trajectories/robot/step-0101; do
    after=()
    [[ $solve == trajectories/* ]] && after=(--after "bench/${solve%-*}-$(printf %04d $((10#${solve##*-} - 1))).qp")
    python3 bench/solve/profile.py "$profile_build/bench/bench_solve.elf" mps2-an386 "bench/$solve.qp" \
      "${after[@]}" --phases --top 5 >> "$results/m4f-an386-phases.txt" 2>> "$logs/phases.log" ||
      { echo "regenerate: FAILED ($logs/phases.log): profile of $solve"; failed=1; }
  done
  # Exact vs PGS at velocity level (x86-64 instructions under callgrind).
  if command -v valgrind > /dev/null; then
    echo "regenerate: exact vs PGS (host, callgrind)"
    run impulse.log bench/impulse/run.sh
  else
    echo "regenerate: valgrind not installed: bench/impulse/results-host.txt not rerun"
  fi
fi

# M0's stack at the benchmark sizes needs the AN385 build (the micro:bit's
# RAM holds only its own footprint firmware's bounds).
for preset in m0-an385 "${example_boards[@]}"; do
  echo "regenerate: $preset footprint and examples"
  configure_and_build "$preset"
  rm -f "build/$preset/footprint.txt"  # a failed build must not leave the last run's figures
  run "footprint-$preset.log" cmake --build "build/$preset" --target footprint
  run "stack-$preset.log" ctest --test-dir "build/$preset" -R '^footprint_stack$' --no-tests=error -V
  {
    cat "build/$preset/footprint.txt"
    sed -n 's/^[0-9]*: \(stack Solver<.*\)$/\1/p' "$logs/stack-$preset.log"
  } > "$results/footprint-$preset.txt"
  run "agreement-$preset.log" ctest --test-dir "build/$preset" -R '^scene_agreement_test$' --no-tests=error -V
  sed -n 's/^[0-9]*: *\(haptic proxy: .*\|billiard positions: .*\)$/\1/p' "$logs/agreement-$preset.log" \
    > "$results/agreement-$preset.txt"
  [[ "$preset" == m0-an385 ]] && continue
  for example in "${examples[@]}"; do
    # e.g. the billiard needs more RAM than the micro:bit's: no test there
    ctest --test-dir "build/$preset" -N -R "^$example\$" | grep -q "Total Tests: 1" || continue
    # The example's test writes the output it compares with the committed
    # file (examples/check_output.cmake): the file this run replaces, so
    # only a failure of the example itself counts here.
    log=$logs/example-$preset-$example.log
    output=build/$preset/examples/$example-output.txt
    rm -f "$output"
    ctest --test-dir "build/$preset" -R "^$example\$" --output-on-failure > "$log" 2>&1
    if grep -q "example failed:" "$log" || [[ ! -f $output ]]; then
      echo "regenerate: FAILED ($log): example $example on $preset"
      failed=1
    else
      cp "$output" "$results/examples/$preset-$example.txt"
    fi
  done
done

if ((failed)); then
  echo "regenerate: some steps failed (above)"
  exit 1
fi
echo "regenerate: done; now python3 bench/readme_tables.py --update"
