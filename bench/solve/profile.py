#!/usr/bin/env python3
"""Where the executed instructions of one solve go, per source line.

Runs bench_solve on one problem under QEMU with one instruction per
translation block and an execution log (-singlestep -d exec,nochain), keeps
the instructions between the first two tact::port::counter_read calls (the
cold solve; with --warm the next two: the same problem solved again, M's
factor reused), and prints the source lines that executed the most.

    bench/solve/profile.py build/m4f-an386/bench/bench_solve.elf mps2-an386 \\
        bench/problems/dense-30-0-60-a.qp [--strategy exact] [--top 40] [--warm]
        [--after PREVIOUS.qp] [--phases]

--after PREVIOUS.qp: the problem is solved as the step after PREVIOUS.qp of
a trajectory, warm-started from PREVIOUS's working set with M's factor
carried (bench_solve --trajectory), and that warm solve is profiled.
--phases: also the share of each phase of the solve (set-up, search, steps
and slack sweeps, working set, residual check, control), found from the
solver function each instruction runs in or for.

Counts are executed instructions, like the icount plugin's (within the few
instructions of the counter calls themselves, listed as "harness"), never
cycles.
"""
import argparse
import bisect
import collections
import os
import re
import shutil
import subprocess
import tempfile

# Phases of a solve, by the Solver member an instruction runs in or for.
PHASES = [
    ("set-up: checks of the data and of M, M's factor, free motion",
     ["check_data", "settings_valid", "check_mass", "same_mass", "factor_dense_mass", "data_finite", "prepare_rows",
      "clear_outputs", "rows_status_after_non_finite_norm", "small_set_up"]),
    ("residual check (finish)", ["finish", "kkt_satisfied", "working_set_satisfied", "second_pass_needed", "drift_within_tolerance",
                                 "small_finish"]),
    ("search for the most violated row", ["most_violated_inequality", "beyond_tolerance"]),
    ("steps and slack sweeps", ["take_step", "sweep_rows", "sweep_listed_columns", "list_if_nonzero", "add_column",
                                "update_slacks", "apply_multipliers", "small_step", "small_apply_multipliers",
                                "largest_partial_step"]),
    ("working set: scaled rows, projections, factor of W, warm start",
     ["project_row", "project_small_row", "scaled_row", "append_projected", "try_append", "remove_active", "solve_multipliers",
      "append_carried_rows", "crash_start", "settle_appended", "row_of", "remember_working_set", "add_equalities",
      "dependency_status", "small_project", "small_try_append", "small_settle", "small_solve_multipliers",
      "small_refresh",
      "add_contact_row"]),
]
CONTROL = "control: solve(), strategy loop, report"
# The functions the strategies are inlined into (solve() itself, the general
# path's two halves and the small-problem path): an instruction there goes to
# the phase of its innermost inlined member that has one.
SOLVE_FUNCTIONS = ("::solve(", "::solve_exact_general(", "::solve_paper(", "::solve_small(")


def in_solve_function(name):
    return any(solve in name for solve in SOLVE_FUNCTIONS)


def symbols(elf):
    """(start, size, name) of every defined function, sorted by address."""
    out = subprocess.run(["arm-none-eabi-nm", "-C", "-S", "--defined-only", elf], capture_output=True, text=True,
                         check=True).stdout
    table = []
    for line in out.splitlines():
        parts = line.split(maxsplit=3)
        if len(parts) == 4 and parts[2] in "TtWw":
            table.append((int(parts[0], 16) & ~1, int(parts[1], 16), parts[3]))
    return sorted(table)


def trace(elf, machine, arguments, files):
    """PCs executed by bench_solve run with `arguments`; `files` are copied
    into its working directory first ({name: source path})."""
    work = tempfile.mkdtemp(prefix="tact-profile.")
    try:
        for name, source in files.items():
            os.makedirs(os.path.dirname(os.path.join(work, name)), exist_ok=True)
            shutil.copy(source, os.path.join(work, name))
        semihosting = "enable=on,target=native,chardev=sh,arg=bench_solve," + ",".join(f"arg={a}" for a in arguments)
        subprocess.run(["qemu-system-arm", "-M", machine, "-display", "none", "-monitor", "none", "-serial", "none",
                        "-chardev", "stdio,id=sh", "-semihosting-config", semihosting, "-singlestep",
                        # Without the count plugin the port counts with SysTick; -icount makes its
                        # interrupts land on the same instructions every run (else on wall time).
                        "-icount", "shift=0",
                        "-d", "exec,nochain", "-D", "exec.log", "-kernel", elf], cwd=work, check=False,
                       stdout=subprocess.DEVNULL, timeout=300)
        pcs = []
        pattern = re.compile(r"^Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/")
        with open(os.path.join(work, "exec.log")) as log:
            for line in log:
                match = pattern.match(line)
                if match:
                    pcs.append(int(match.group(1), 16) & ~1)
        return pcs
    finally:
        shutil.rmtree(work)


def phase_of(name):
    for phase, members in PHASES:
        if any(f"::{member}(" in name for member in members):
            return phase
    return None


def print_phases(elf, solve, table):
    """Each instruction goes to the phase of the Solver member it runs in;
    one of solve() and the paths it calls (where the strategies are inlined,
    SOLVE_FUNCTIONS) to that of the
    innermost inlined member that has one; one of a kernel (dot, the
    triangular solves, ...) to the phase it was called from."""
    starts = [entry[0] for entry in table]

    def function_at(pc):
        index = bisect.bisect_right(starts, pc) - 1
        return table[index][2] if index >= 0 and pc < starts[index] + table[index][1] else "?"

    def outside_tact(function):
        return "counter_read" in function or not re.match(r"^(\w+ )?(tact::|std::|mem|sqrt)", function)

    # solve() is inlined into its caller (the harness's measured_solve): its
    # instructions there are the solve's, found by their inlined frames.
    in_solve = sorted({pc for pc in solve
                       if in_solve_function(function_at(pc)) or outside_tact(function_at(pc))})
    lines = subprocess.run(["arm-none-eabi-addr2line", "-e", elf, "-C", "-f", "-i", "-a"] + [hex(a) for a in in_solve],
                           capture_output=True, text=True, check=True).stdout.splitlines()
    inlined = {}  # solve() address → its inlined frames, innermost first
    for line in lines:
        if line.startswith("0x"):
            frames = inlined.setdefault(int(line, 16), [])
        elif not line.startswith("/") and not line.startswith("??"):
            frames.append(line)
    counts = collections.Counter()
    phase = CONTROL
    for pc in solve:
        function = function_at(pc)
        if outside_tact(function) and not any("tact::Solver" in frame for frame in inlined.get(pc, [])):
            counts["harness (not in the icount plugin's figure): " + function[:40]] += 1
            continue
        if in_solve_function(function) or outside_tact(function):
            phase = next((p for p in map(phase_of, inlined[pc]) if p), CONTROL)
        elif function.startswith("tact::Solver"):
            phase = phase_of(function) or phase
        counts[phase] += 1
    total = len(solve)
    print("\nby phase:")
    for name, count in counts.most_common():
        print(f"{count:10d} {100.0 * count / total:5.1f}%  {name}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("elf")
    parser.add_argument("machine")
    parser.add_argument("problem")
    parser.add_argument("--strategy", default="exact")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--warm", action="store_true",
                        help="the second solve (M's factor reused) instead of the cold one")
    parser.add_argument("--after", metavar="PREVIOUS",
                        help="profile the problem's warm-started solve as the trajectory step after PREVIOUS")
    parser.add_argument("--phases", action="store_true", help="also the instructions of each phase of the solve")
    args = parser.parse_args()

    elf = os.path.realpath(args.elf)
    table = symbols(elf)
    counter = next(start for start, _, name in table if name == "tact::port::counter_read()")
    if args.after:
        # Two steps, each solved cold then warm: the fourth measured solve.
        files = {"steps/step-0000.qp": args.after, "steps/step-0001.qp": args.problem}
        pcs = trace(elf, args.machine, ["--strategy", args.strategy, "--trajectory", "steps"], files)
        skip, which = 6, "warm-started"
    else:
        pcs = trace(elf, args.machine, ["--strategy", args.strategy, "problem.qp"], {"problem.qp": args.problem})
        skip, which = (2, "warm") if args.warm else (0, "cold")

    calls = [i for i, pc in enumerate(pcs) if pc == counter][skip:]
    if len(calls) < 2:
        raise SystemExit("counter_read was not called often enough: did the problem load?")
    # From the return of one counter_read to the entry of the next.
    start = calls[0]
    while start < len(pcs) and counter <= pcs[start] < counter + 64:
        start += 1
    solve = pcs[start:calls[1]]
    per_pc = collections.Counter(solve)
    addresses = sorted(per_pc)
    # One (function, file:line) pair per address: the innermost inlined frame.
    lines = subprocess.run(["arm-none-eabi-addr2line", "-e", elf, "-C", "-f"] + [hex(a) for a in addresses],
                           capture_output=True, text=True, check=True).stdout.splitlines()
    per_line = collections.Counter()
    per_function = collections.Counter()
    for index, address in enumerate(addresses):
        function, location = lines[2 * index], lines[2 * index + 1]
        location = re.sub(r" \(discriminator \d+\)", "", location)
        location = re.sub(r"^.*/(lib/include/|bench/|include/eigen3/|newlib/libc/)", "", location)
        per_line[location] += per_pc[address]
        per_function[function] += per_pc[address]
    total = len(solve)
    print(f"{total} instructions in the {which} solve of {args.problem} ({args.strategy})")
    if args.phases:
        print_phases(elf, solve, table)
    print("\nby function (after inlining):")
    for function, count in per_function.most_common(args.top // 2):
        print(f"{count:10d} {100.0 * count / total:5.1f}%  {function[:100]}")
    print("\nby source line:")
    for location, count in per_line.most_common(args.top):
        print(f"{count:10d} {100.0 * count / total:5.1f}%  {location}")


if __name__ == "__main__":
    main()
