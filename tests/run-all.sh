#!/usr/bin/env bash
# Sets up and runs every test: the host suite (also under ASan + UBSan, and
# 60 s of fuzzing for each of the two harnesses), then the target suites
# under QEMU for each emulated core, and the STM32F407 board's firmware on
# QEMU's STM32F405 stand-in.
# One ctest summary line per preset; exits non-zero if any preset fails.
#   tests/run-all.sh                 everything
#   tests/run-all.sh host m4f-an386  only these presets
set -euo pipefail
cd "$(dirname "$0")/.."

toolchains/setup-debian.sh --arm

presets=("$@")
((${#presets[@]})) || presets=(host asan fuzz m0-microbit m3-an385 m4f-an386 m7-an500 m33-an505 m55-an547 m4f-stm32f407)

failed=()
for preset in "${presets[@]}"; do
  echo "=== ${preset}"
  cmake --workflow --preset "${preset}" || failed+=("${preset}")
done
# The NUCLEO's STM32G0 has no emulator at all: its firmware must still build.
if [[ $# -eq 0 ]]; then
  for preset in m0plus-nucleo-g071; do
    echo "=== ${preset} (build only)"
    { cmake --preset "${preset}" >/dev/null && cmake --build --preset "${preset}"; } || failed+=("${preset}")
  done
fi

if ((${#failed[@]})); then
  echo "FAILED presets: ${failed[*]}"
  exit 1
fi
echo "all presets passed: ${presets[*]}"
