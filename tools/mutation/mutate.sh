#!/bin/bash
# Mutation testing: does a test fail when the code is wrong? Each mutant of
# a list (one perl substitution in one file) is applied in a scratch git
# worktree at HEAD, the list's test targets are rebuilt there, and the line
# says which test binaries failed (the mutant is killed) or SURVIVED (no test
# noticed: a missing test, or a mutant that changes nothing observable).
# NOT APPLIED: the pattern no longer matches the code (update the list).
#
#   tools/mutation/mutate.sh tools/mutation/solver.sh [worktree]
#
# The worktree (default /tmp/tact-mutation) keeps its host build between
# runs; the working tree of the repository is never touched. Only committed
# code is mutated.
set -u
list=$(realpath "$1")
repo=$(git -C "$(dirname "$(realpath "$0")")" rev-parse --show-toplevel)
work=${2:-/tmp/tact-mutation}
if [ ! -d "$work" ]; then
  git -C "$repo" worktree add -q --detach "$work" HEAD || exit 1
fi
git -C "$work" checkout -q -f --detach "$(git -C "$repo" rev-parse HEAD)" || exit 1
cd "$work" || exit 1
if [ ! -f build/host/build.ninja ]; then
  cmake --preset host > /tmp/tact-mutation-configure.log 2>&1 || { echo "configure failed: /tmp/tact-mutation-configure.log"; exit 1; }
fi
logs=$work/build/mutation-logs
mkdir -p "$logs"
TARGETS=""

# run NAME FILE 'PERL-SUBSTITUTION' (perl -0pi -e: the whole file is one string)
run() {
  local name=$1 file=$2 substitution=$3
  cp "$file" "$logs/original"
  perl -0pi -e "$substitution" "$file"
  if cmp -s "$file" "$logs/original"; then echo "$name: NOT APPLIED"; return; fi
  if ! cmake --build build/host -j2 --target $TARGETS > "$logs/$name.build.log" 2>&1; then
    echo "$name: BUILD FAILED ($logs/$name.build.log)"; cp "$logs/original" "$file"; return
  fi
  local killed=""
  for test in $TARGETS; do
    if ! timeout 600 "./build/host/tests/host/$test" --gtest_brief=1 > "$logs/$name.$test.log" 2>&1; then
      killed="$killed $test($(grep -c '^\[  FAILED  \]' "$logs/$name.$test.log"))"
    fi
  done
  cp "$logs/original" "$file"
  echo "$name: ${killed:-SURVIVED}"
}

# Unmutated, every target must pass, or no result below means anything.
baseline() {
  cmake --build build/host -j2 --target $TARGETS > "$logs/baseline.build.log" 2>&1 || { echo "baseline: BUILD FAILED"; exit 1; }
  for test in $TARGETS; do
    "./build/host/tests/host/$test" --gtest_brief=1 > "$logs/baseline.$test.log" 2>&1 || { echo "baseline: $test FAILS"; exit 1; }
  done
}

source "$list"
git -C "$work" diff --quiet || { echo "the worktree was left mutated"; exit 1; }
