#!/usr/bin/env python3
"""Where the executed instructions of one solve go, per source line.

Runs bench_solve on one problem under QEMU with one instruction per
translation block and an execution log (-singlestep -d exec,nochain), keeps
the instructions between the first two tact::port::counter_read calls (the
cold solve; with --warm the next two: the same problem solved again, M's
factor reused), and prints the source lines that executed the most.

    bench/solve/profile.py build/m4f-an386/bench/bench_solve.elf mps2-an386 \
        bench/problems/dense-30-0-60-a.qp [--strategy exact] [--top 40] [--warm]

Counts are executed instructions, like the icount plugin's (within the few
instructions of the counter calls themselves), never cycles.
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import tempfile


def symbol_address(elf, name):
    out = subprocess.run(["arm-none-eabi-nm", "-C", elf], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.split(maxsplit=2)
        if len(parts) == 3 and parts[2] == name:
            return int(parts[0], 16)
    raise SystemExit(f"{name} not found in {elf}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("elf")
    parser.add_argument("machine")
    parser.add_argument("problem")
    parser.add_argument("--strategy", default="exact")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--warm", action="store_true",
                        help="the second solve (M's factor reused) instead of the cold one")
    args = parser.parse_args()

    elf = os.path.realpath(args.elf)
    counter = symbol_address(elf, "tact::port::counter_read()")
    work = tempfile.mkdtemp(prefix="tact-profile.")
    try:
        shutil.copy(args.problem, os.path.join(work, "problem.qp"))
        semihosting = f"enable=on,target=native,chardev=sh,arg=bench_solve,arg=--strategy,arg={args.strategy},arg=problem.qp"
        subprocess.run(["qemu-system-arm", "-M", args.machine, "-display", "none", "-monitor", "none", "-serial", "none",
                        "-chardev", "stdio,id=sh", "-semihosting-config", semihosting, "-singlestep",
                        "-d", "exec,nochain", "-D", "exec.log", "-kernel", elf], cwd=work, check=False,
                       stdout=subprocess.DEVNULL, timeout=300)
        pcs = []
        trace = re.compile(r"^Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/")
        with open(os.path.join(work, "exec.log")) as log:
            for line in log:
                match = trace.match(line)
                if match:
                    pcs.append(int(match.group(1), 16) & ~1)
    finally:
        shutil.rmtree(work)

    calls = [i for i, pc in enumerate(pcs) if pc == counter & ~1]
    if args.warm:
        calls = calls[2:]
    if len(calls) < 2:
        raise SystemExit("counter_read was not called twice: did the problem load?")
    # From the return of the first counter_read to the entry of the second.
    start = calls[0]
    while start < len(pcs) and pcs[start] >= counter & ~1 and pcs[start] < (counter & ~1) + 64:
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
    which = "warm" if args.warm else "cold"
    print(f"{total} instructions in the {which} solve of {args.problem} ({args.strategy})")
    print("\nby function (after inlining):")
    for function, count in per_function.most_common(args.top // 2):
        print(f"{count:10d} {100.0 * count / total:5.1f}%  {function[:100]}")
    print("\nby source line:")
    for location, count in per_line.most_common(args.top):
        print(f"{count:10d} {100.0 * count / total:5.1f}%  {location}")


if __name__ == "__main__":
    main()
