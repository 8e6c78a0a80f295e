#!/bin/sh
# Exact active set vs PGS at equal instruction budgets (bench_impulse.cpp):
# builds the benchmark for the host (-O2, as the host preset), runs it
# once under callgrind, joins the per-region
# instruction counts with the errors, writes bench/impulse/results-host.txt
# and docs/images/impulse-pgs.png.
#   bench/impulse/run.sh [build-dir]      (default build/bench-impulse)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build/bench-impulse}
mkdir -p "$build"
c++ -std=c++17 -O2 -DNDEBUG -Wall -Wextra -Wshadow -Wdouble-promotion -Wconversion -Werror \
    -I"$root/lib/include" -I"$root/examples" -isystem /usr/include/eigen3 \
    "$root/bench/impulse/bench_impulse.cpp" -o "$build/bench_impulse"
rm -f "$build"/callgrind.out.*
(cd "$build" && valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=callgrind.out.%p \
    ./bench_impulse > errors.txt 2> valgrind.log)
# One dump per region: "desc: Trigger: Client Request: <label>" then "totals: <Ir>".
for f in "$build"/callgrind.out.*; do
  awk '/^desc: Trigger: Client Request:/ {sub(/^desc: Trigger: Client Request: /, ""); label=$0}
       /^totals:/ {print label "|" $2}' "$f"
done | sort -u > "$build/counts.txt"
python3 - "$build" "$root" <<'PY'
import sys
build, root = sys.argv[1], sys.argv[2]
counts = dict(line.rstrip("\n").split("|") for line in open(f"{build}/counts.txt"))
counts = {k: int(v) for k, v in counts.items()}
lines = open(f"{build}/errors.txt").read().splitlines()
out = open(f"{root}/bench/impulse/results-host.txt", "w")
data = {s: open(f"{build}/{s}.dat", "w") for s in ("corner", "billiard")}
out.write("# bench/impulse/run.sh: x86-64 instructions (callgrind, g++ -O2), phase 2 of one velocity-level step\n")
for scene in ("corner", "billiard"):
    b, c = counts[f"{scene} build"], counts[f"{scene} correct"]
    out.write(f"# {scene}: primal exact {counts[scene + ' primal']}, build W,q {b}, dual exact solve {counts[scene + ' dual']}, "
              f"correction {c}; dual total {b + counts[scene + ' dual'] + c}\n")
    data[scene].write(f"# primal {counts[scene + ' primal']} dual_total {b + counts[scene + ' dual'] + c}\n")
for line in lines:
    if line.startswith("#"):
        out.write(line + "\n"); continue
    scene, sweeps, err, res, status = line.split()
    solve = counts[f"{scene} pgs {sweeps}"]
    total = solve + counts[f"{scene} build"] + counts[f"{scene} correct"]
    out.write(f"{scene} sweeps {sweeps} pgs_instructions {solve} phase2_instructions {total} lambda_error {err} residual {res} {status}\n")
    data[scene].write(f"{sweeps} {solve} {total} {err} {res}\n")
PY
primal_c=$(awk '/^# primal/ {print $3}' "$build/corner.dat"); dual_c=$(awk '/^# primal/ {print $5}' "$build/corner.dat")
primal_b=$(awk '/^# primal/ {print $3}' "$build/billiard.dat"); dual_b=$(awk '/^# primal/ {print $5}' "$build/billiard.dat")
gnuplot <<GP
set terminal pngcairo size 900,420 font ",10"
set output "$root/docs/images/impulse-pgs.png"
set multiplot layout 1,2 title "PGS vs exact active set at equal budgets (phase 2 of a velocity-level step; x86-64 instructions, callgrind)"
set logscale xy
set format y "10^{%T}"
set xlabel "instructions (build W,q + PGS sweeps + correction)"
set ylabel "relative error of lambda vs exact"
set grid
set key bottom left
set yrange [1e-8:2]
set arrow from $primal_c, graph 0 to $primal_c, graph 1 nohead lc rgb "#d62728" dt 2
set arrow from $dual_c, graph 0 to $dual_c, graph 1 nohead lc rgb "#2ca02c" dt 2
set title "corner (2 rows)"
plot "$build/corner.dat" using 3:(\$4 > 1e-8 ? \$4 : 1e-8) with linespoints pt 7 ps 0.6 title "PGS, 1..4096 sweeps", \
     NaN lc rgb "#d62728" dt 2 title "exact primal (Solver)", NaN lc rgb "#2ca02c" dt 2 title "exact dual (W)"
unset arrow
set arrow from $primal_b, graph 0 to $primal_b, graph 1 nohead lc rgb "#d62728" dt 2
set arrow from $dual_b, graph 0 to $dual_b, graph 1 nohead lc rgb "#2ca02c" dt 2
set title "billiard break, impact step (eps = 1e-3 on W)"
plot "$build/billiard.dat" using 3:(\$4 > 1e-8 ? \$4 : 1e-8) with linespoints pt 7 ps 0.6 title "PGS, 1..4096 sweeps", \
     NaN lc rgb "#d62728" dt 2 title "exact primal (Solver)", NaN lc rgb "#2ca02c" dt 2 title "exact dual (W)"
unset multiplot
GP
cat "$root/bench/impulse/results-host.txt"
ls -l "$root/docs/images/impulse-pgs.png"
