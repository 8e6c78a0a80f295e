#!/usr/bin/env bash
# Sets up and runs every test: each workflow preset of CMakePresets.json in
# its order there (the host suite, the target suites under QEMU for each
# emulated core, the STM32F407 board's firmware on QEMU's STM32F405 stand-in,
# the NUCLEO-G071RB's firmware, which its workflow only builds: QEMU has no
# STM32G0, then the host suite under ASan + UBSan and 60 s of fuzzing for
# each of the two harnesses), so a new preset's workflow runs here without an
# edit. Not run, as before: m0-an385, the M0 build on QEMU's AN385 machine
# for the README's M0 benchmark columns (the micro:bit's M0 runs the target
# suites).
# One ctest summary line per tested preset; exits non-zero if any preset fails.
#   tests/run-all.sh                 everything
#   tests/run-all.sh host m4f-an386  only these presets
set -euo pipefail
cd "$(dirname "$0")/.."

toolchains/setup-debian.sh --arm

not_run=(m0-an385)
presets=("$@")
if ((${#presets[@]} == 0)); then
  while read -r preset; do
    [[ " ${not_run[*]} " == *" ${preset} "* ]] || presets+=("${preset}")
  done < <(cmake --list-presets=workflow | sed -n 's/^  "\([^"]*\)".*/\1/p')
fi
((${#presets[@]})) || { echo "no workflow presets found in CMakePresets.json"; exit 1; }

failed=()
for preset in "${presets[@]}"; do
  echo "=== ${preset}"
  cmake --workflow --preset "${preset}" || failed+=("${preset}")
done

if ((${#failed[@]})); then
  echo "FAILED presets: ${failed[*]}"
  exit 1
fi
echo "all presets passed: ${presets[*]}"
