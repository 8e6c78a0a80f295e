#!/usr/bin/env bash
# One static check of lib/ and port/; exits non-zero on any finding.
#   static-checks.sh conversion  <source dir> <build dir> <clang++> <Eigen include dir>
#   static-checks.sh clang-tidy  <source dir> <build dir> <clang-tidy>
#   static-checks.sh cppcheck    <source dir> <build dir> <cppcheck>
#   static-checks.sh no-globals  <source dir> <build dir> <objdump> <headers.cpp object>
set -euo pipefail
check=$1 src=$2 build=$3 tool=$4 eigen_include=${5:-/usr/include/eigen3} object=${5:-}

case "$check" in
  conversion)
    # clang's -Wconversion includes -Wsign-conversion, -Wshorten-64-to-32,
    # -Wimplicit-int-float-conversion, ...; named anyway for the reader.
    "$tool" -std=c++17 -fsyntax-only -Werror -Wall -Wextra -Wshadow -Wdouble-promotion -Wconversion \
      -Wsign-conversion -Wimplicit-fallthrough -I"$src/lib/include" -isystem "$eigen_include" \
      "$src/tests/static/headers.cpp"
    echo "lib headers: clean under clang -Wconversion -Wsign-conversion"
    ;;
  clang-tidy)
    # Sources in the host build's compile_commands.json that reach lib/ and
    # port/; .clang-tidy restricts reports to those directories.
    files=("$src/tests/static/headers.cpp" "$src/port/host/port.cpp" "$src/port/common/format.cpp")
    # One run (about 30 s): its report without the noise, then its status.
    status=0
    report=$("$tool" --quiet -p "$build" --warnings-as-errors='*' "${files[@]}" 2>&1) || status=$?
    grep -v '^[0-9]* warnings generated\.$' <<<"$report" || true
    if ((status != 0)); then
      echo "clang-tidy: findings in lib/ or port/ (exit status $status)"
      exit "$status"
    fi
    echo "clang-tidy: lib/ and port/ clean"
    ;;
  cppcheck)
    # Every port source (host, common and cortex-m, which the host build does
    # not compile) and the headers through headers.cpp. Eigen is left out
    # (-I would make cppcheck analyse all of it); missingInclude is expected then.
    # A board's interrupt count, as port/cortex-m/CMakeLists.txt defines it.
    "$tool" --quiet --error-exitcode=1 --std=c++17 --language=c++ --inline-suppr \
      --enable=warning,performance,portability --suppress=missingIncludeSystem \
      --suppressions-list="$src/tests/static/cppcheck-suppressions.txt" \
      -I "$src/lib/include" -I "$src/port/include" -D__GNUC__ -DTACT_PORT_CORTEX_M \
      -DTACT_BOARD_IRQ_COUNT=32 \
      "$src/tests/static/headers.cpp" "$src/port/host" "$src/port/common" "$src/port/cortex-m"
    echo "cppcheck: lib/ and port/ clean"
    ;;
  no-globals)
    # The library keeps no state outside the objects its user owns, so that
    # solvers in an interrupt and in the main loop need no locking: no
    # writable static storage (.data/.bss objects, function-local statics and
    # their guards) in headers.cpp's instantiations of every header, but
    # headers.cpp's own test objects in exercise<>().
    found=$("$tool" -t -C "$object" | grep -E '[[:space:]]O[[:space:]]+\.(data|bss)([.[:space:]])' |
      grep -v -E '\.data\.rel\.ro|\(anonymous namespace\)::exercise<' || true)
    if [[ -n $found ]]; then
      echo "writable static storage in lib/ (a solver in an interrupt would share it):" >&2
      echo "$found" >&2
      exit 1
    fi
    echo "lib headers: no writable static storage"
    ;;
  *)
    echo "unknown check: $check" >&2
    exit 2
    ;;
esac
