#!/usr/bin/env bash
# Runs one Cortex-M firmware ELF under QEMU and returns its exit code.
#   qemu-run.sh <machine> <elf> [args...]
# Guest output (semihosting) goes to stdout, QEMU's own messages to stderr.
# The firmware ends with semihosting SYS_EXIT_EXTENDED, whose code QEMU exits
# with. A hang is killed after TACT_QEMU_TIMEOUT seconds (default 60) and
# reported as 124 (timeout's code), so it fails a ctest run too.
#
# -icount shift=0: the virtual clock advances exactly 1 ns per executed
# instruction, which makes runs deterministic and lets the port's counter
# count instructions (see README.md).
set -euo pipefail
if (($# < 2)); then
  echo "usage: $0 <qemu-machine> <firmware.elf> [args...]" >&2
  exit 2
fi
machine=$1
elf=$2
shift 2
semihosting=enable=on,target=native,chardev=sh
for arg in "$elf" "$@"; do semihosting+=",arg=$arg"; done  # SYS_GET_CMDLINE (unused by the port)

status=0
timeout --kill-after=5 "${TACT_QEMU_TIMEOUT:-60}" \
  qemu-system-arm -M "$machine" -display none -monitor none -serial none \
    -chardev stdio,id=sh -semihosting-config "$semihosting" \
    -icount shift=0 -kernel "$elf" || status=$?
if ((status == 124 || status == 137)); then
  echo "qemu-run.sh: $elf timed out after ${TACT_QEMU_TIMEOUT:-60} s" >&2
fi
exit "$status"
