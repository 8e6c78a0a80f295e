#!/usr/bin/env bash
# Runs one Cortex-M firmware ELF under QEMU and returns its exit code.
#   qemu-run.sh [--plugin=<libtact_icount.so>] <machine> <elf> [args...]
# Arguments reach the guest's command line (semihosting): a path with a
# '/' is made absolute (./name for a file in the current directory);
# none may hold a space.
# Guest output (semihosting) goes to stdout, QEMU's own messages to stderr.
# The firmware ends with semihosting SYS_EXIT_EXTENDED, whose code QEMU exits
# with. A hang is killed after TACT_QEMU_TIMEOUT seconds (default 60) and
# reported as 124 (timeout's code), so it fails a ctest run too.
#
# Counting (see README.md): with --plugin (or TACT_QEMU_PLUGIN=<path>) QEMU
# loads the project's TCG plugin, which counts every executed instruction
# and hands the count to the guest through the file "tact-icount" in QEMU's
# working directory: a fresh temporary directory per run, removed afterwards.
# Without it the guest falls back to SysTick, which counts instructions
# (quantized) thanks to -icount shift=0: the virtual clock advances exactly
# 1 ns per executed instruction. -icount is always on: it also makes every
# run deterministic.
#
# TACT_QEMU_NO_HOST=1: semihosting off, as on a board with no debugger
# attached (each call faults, see startup.cpp), and -no-reboot, so that the
# firmware ends the run by requesting a system reset (exit code 0).
# TACT_QEMU_UART=<n>: stdout shows the machine's serial port n (0 = the
# first) instead of the semihosting output, which is dropped; semihosting
# still answers, so the exit code arrives. For a board's serial console.
set -euo pipefail
plugin=${TACT_QEMU_PLUGIN:-}
if (($# > 0)) && [[ $1 == --plugin=* ]]; then
  plugin=${1#--plugin=}
  shift
fi
if (($# < 2)); then
  echo "usage: $0 [--plugin=<libtact_icount.so>] <qemu-machine> <firmware.elf> [args...]" >&2
  exit 2
fi
machine=$1
elf=$(realpath "$2")
shift 2
# SYS_GET_CMDLINE: the arguments joined by spaces, so none may hold one.
# QEMU runs in a temporary directory (below): an argument with a '/' that
# names an existing file or directory goes in as an absolute path (write
# ./name for a file here; a bare word such as a strategy's name is left
# alone). A comma is doubled, QEMU's escape inside an option's value.
semihosting=enable=on,target=native,chardev=sh
for arg in "$elf" "$@"; do
  [[ $arg == */* && -e $arg ]] && arg=$(realpath "$arg")
  if [[ $arg == *" "* ]]; then
    echo "qemu-run.sh: the argument '$arg' holds a space; the guest's command line cannot carry it" >&2
    exit 2
  fi
  semihosting+=",arg=${arg//,/,,}"
done
host_args=(-chardev stdio,id=sh -semihosting-config "$semihosting")
serial_args=(-serial none)
if [[ -n ${TACT_QEMU_UART:-} ]]; then
  if [[ ! $TACT_QEMU_UART =~ ^[0-9]+$ ]]; then
    echo "qemu-run.sh: TACT_QEMU_UART='$TACT_QEMU_UART' is not a serial port number (0, 1, ...)" >&2
    exit 2
  fi
  host_args=(-chardev null,id=sh -semihosting-config "$semihosting")
  serial_args=()
  for ((port = 0; port < TACT_QEMU_UART; ++port)); do serial_args+=(-serial null); done
  serial_args+=(-serial stdio)
fi
[[ ${TACT_QEMU_NO_HOST:-0} == 1 ]] && host_args=(-no-reboot)

workdir=$(mktemp -d "${TMPDIR:-/tmp}/tact-qemu.XXXXXX")
trap 'rm -rf "$workdir"' EXIT
plugin_args=()
if [[ -n $plugin ]]; then
  if [[ ! -f $plugin ]]; then
    echo "qemu-run.sh: QEMU plugin '$plugin' not found (build the firmware project first)" >&2
    exit 2
  fi
  plugin_args=(-plugin "$(realpath "$plugin"),out=$workdir/tact-icount")
fi

status=0
(cd "$workdir" && timeout --kill-after=5 "${TACT_QEMU_TIMEOUT:-60}" \
  qemu-system-arm -M "$machine" -display none -monitor none "${serial_args[@]}" \
    "${host_args[@]}" -icount shift=0 "${plugin_args[@]}" -kernel "$elf") || status=$?
if ((status == 124 || status == 137)); then
  echo "qemu-run.sh: $elf timed out after ${TACT_QEMU_TIMEOUT:-60} s" >&2
fi
exit "$status"
