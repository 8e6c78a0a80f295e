#!/bin/sh
# Prints, per benchmark size, the most iterations and the most executed
# instructions of one cold solve per strategy and core, from the
# bench_solve results: bench/results/<preset>.txt (the benchmark problems)
# and bench/worst_case/results/<preset>.txt (the random problems with the
# most Exact iterations). Used for the "Worst case per solve" tables of
# README.md and docs/reliability.md; rerun after regenerating the results.
#   sh bench/worst_case/table.sh [strategy]    (default exact)
cd "$(dirname "$0")/../.." || exit 1
strategy=${1:-exact}
for preset in m0-an385 m3-an385 m4f-an386 m7-an500; do
  for set in bench/results bench/worst_case/results; do
    file=$set/$preset.txt
    [ -f "$file" ] || continue
    awk -v strategy="$strategy" -v file="$file" '
      $1 == "bench" {
        for (i = 2; i <= NF; ++i) { split($i, kv, "="); v[kv[1]] = kv[2] }
        if (v["strategy"] != strategy) next
        size = v["file"]
        sub(/^worst-/, "", size); sub(/\.qp$/, "", size)
        sub(/^corner-.*/, "2-0-2", size); sub(/^haptic-.*/, "3-0-6", size); sub(/^billiard-.*/, "22-0-77", size)
        sub(/^dense-/, "", size); sub(/-[ab]$/, "", size)
        if (v["iterations"] + 0 > iterations[size] + 0) iterations[size] = v["iterations"]
        if (v["cold"] + 0 > cold[size] + 0) { cold[size] = v["cold"]; status[size] = v["status"] }
      }
      END { for (s in cold) printf "%-28s %-8s iterations %4d  cold %10d %s (%s)\n", file, s, iterations[s], cold[s], v["unit"], status[s] }
    ' "$file" | sort -t' ' -k2,2V
  done
done
