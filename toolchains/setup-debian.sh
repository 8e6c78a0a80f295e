#!/usr/bin/env bash
# Installs every Debian package tact needs. Idempotent: packages already
# present are skipped, so running it twice costs one dpkg query.
#   toolchains/setup-debian.sh          host build + tests
#   toolchains/setup-debian.sh --arm    also the Cortex-M toolchain and QEMU
set -euo pipefail

packages=(cmake ninja-build g++ make libeigen3-dev libgtest-dev googletest libbenchmark-dev gnuplot-nox
          clang libclang-rt-14-dev clang-tidy cppcheck python3)  # fuzz preset (libFuzzer runtime), static checks
if [[ "${1:-}" == "--arm" ]]; then
  packages+=(gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-dev qemu-system-arm)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo_cmd=""
  [[ $(id -u) -ne 0 ]] && sudo_cmd="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
echo "setup: all packages present"
