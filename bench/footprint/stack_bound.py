#!/usr/bin/env python3
"""Static bound of a solve's stack from GCC's call graph (-fcallgraph-info=su).

Reads the .ci file of stack_bound.cpp (VCG: a node per function with its
frame in bytes, an edge per call) and prints, for each root
tact_stack_root_<n>_<eq>_<ineq>, the deepest path of frames below it: a bound
on the stack of any solve of that size on any data, for this compilation.
Calls out of the unit (memset; on soft-float cores libgcc's float
routines, sqrtf) are sized from a linked firmware with --elf: each one's
stack is the sum of every push, vpush and sp subtraction in its body plus
the deepest of the functions it branches to, conditionally or not, or runs
on into (an over-estimate: not every push lies on one path). Fails (exit 1) when a bound exceeds --limit, or
when the bound cannot be trusted: a frame of dynamic size, a recursive
call, an indirect call, or a call out of the unit not sized.

  stack_bound.py FILE.ci --limit 512 [--elf FIRMWARE.elf [--objdump arm-none-eabi-objdump]]
                 [--roots-in stack_bound.cpp]

FILE may also be the object file (stack_bound.cpp.obj): GCC writes the .ci
beside it, named after it without its last suffix.
"""
import argparse
import re
import subprocess
import sys


def read_graph(path):
    text = open(path).read()
    frames, names, calls = {}, {}, {}
    for m in re.finditer(r'node: \{ title: "([^"]*)" label: "([^"]*)"', text):
        title, label = m.groups()
        names[title] = re.sub(r"\(.*", "", label.split("\\n")[0]).split("::")[-1].strip()
        size = re.search(r"\\n(\d+) bytes \((static|dynamic[^)]*)\)", label)
        if size:
            frames[title] = (int(size.group(1)), size.group(2))
    for m in re.finditer(r'edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)"', text):
        calls.setdefault(m.group(1), set()).add(m.group(2))
    return frames, names, calls


# Instructions of the disassembly (objdump's spelling: r9-r12 are sb, sl, fp, ip).
PUSH = re.compile(r"(push|vpush|stmdb(\.w)?\s+sp!,|vstmdb\s+sp!,)\s*\{([^}]*)\}")
SUB_SP = re.compile(r"sub[sw]?(\.w)?\s+sp,\s*(sp,\s*)?#(\d+)")
STORE_DOWN = re.compile(r"(str|strd)(\.w)?\s+[^\[]*\[sp,\s*#-(\d+)\]!")
INDIRECT = re.compile(r"(blx|bx)(\.[nw])?\s+(?!lr\b)|ldr(\.w)?\s+pc,|mov(\.w)?\s+pc,|ld[mr][a-z.]*\s+[^{]*\{[^}]*pc")
WRITES_SP = re.compile(r"(mov|sub|add|ldr|ldm)[a-z.]*\s+sp[,!]")
BRANCH = re.compile(r"(?:b|bl|b[a-z]{2}|bl[a-z]{2})(?:\.[nw])?\s+[0-9a-f]+ <([^+>]+)>|cbn?z\s+\w+,\s*[0-9a-f]+ <([^+>]+)>")
ENDS = re.compile(r"bx\s+lr|pop(\.w)?\s+\{[^}]*pc\}|ldmia(\.w)?\s+sp!,\s*\{[^}]*pc\}|b(\.[nw])?\s+[0-9a-f]+ ")


def registers_bytes(registers):
    """Bytes of a push's register list: 4 a core register, 8 a d register, ranges counted."""
    total = 0
    for part in registers.split(","):
        bounds = re.findall(r"\d+", part)
        count = int(bounds[1]) - int(bounds[0]) + 1 if "-" in part and len(bounds) == 2 else 1
        total += count * (8 if part.strip().startswith("d") else 4)
    return total


def linked_stacks(elf, objdump):
    """The functions of a linked firmware and a function giving each one's stack bound, from its
    disassembly. Raises ValueError where the bound cannot be trusted: recursion, an indirect branch,
    a stack pointer moved by a register."""
    text = subprocess.run([objdump, "-d", "--no-show-raw-insn", elf], check=True, capture_output=True,
                          text=True).stdout
    own, callees, unsafe, order, last, name = {}, {}, {}, [], {}, None
    for line in text.splitlines():
        head = re.match(r"[0-9a-f]+ <([^>]+)>:$", line)
        if head:
            name = head.group(1)
            own[name], callees[name] = 0, set()
            order.append(name)
            continue
        if name is None or "\t" not in line:
            continue
        instruction = line.split("\t", 1)[1].strip()
        if not instruction.startswith((".", "nop")):  # literal pools and padding end nothing
            last[name] = instruction
        pushed, lowered, stored = PUSH.match(instruction), SUB_SP.match(instruction), STORE_DOWN.match(instruction)
        if pushed:
            own[name] += registers_bytes(pushed.group(3))
        elif lowered:
            own[name] += int(lowered.group(3))
        elif stored:
            own[name] += int(stored.group(3))
        elif INDIRECT.match(instruction) and not re.match(r"(pop|ldmia)(\.w)?\s+(sp!,\s*)?\{", instruction):
            unsafe.setdefault(name, f"{name}: an indirect branch ({instruction})")
        elif WRITES_SP.match(instruction) and not re.match(r"add(\.w)?\s+sp,\s*(sp,\s*)?#", instruction):
            unsafe.setdefault(name, f"{name}: the stack pointer moved by a register ({instruction})")
        else:
            branch = BRANCH.match(instruction)
            if branch:
                callees[name].add(branch.group(1) or branch.group(2))  # to itself too: recursion
    # A function whose last instruction neither returns nor branches runs on into the next one.
    for current, following in zip(order, order[1:]):
        if current in last and not ENDS.match(last[current]):
            callees[current].add(following)
    stacks = {}

    def stack(function, path=()):
        if function in path:
            raise ValueError("recursion in the firmware: " + " > ".join(path + (function,)))
        if function in unsafe:
            raise ValueError(unsafe[function])
        if function not in stacks:  # a branch to its own start is a cycle of one: caught above
            stacks[function] = own.get(function, 0) + max(
                (stack(c, path + (function,)) for c in callees.get(function, ())), default=0)
        return stacks[function]

    return own, stack


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ci")
    parser.add_argument("--limit", type=int, required=True, help="bytes a root's bound may reach")
    parser.add_argument("--elf", help="a linked firmware with the calls out of the unit (memset, libgcc)")
    parser.add_argument("--objdump", default="arm-none-eabi-objdump")
    parser.add_argument("--roots-in", metavar="SOURCE",
                        help="the source whose TACT_STACK_ROOT(...) lines must each give a root in the graph")
    args = parser.parse_args()
    graph = args.ci if args.ci.endswith(".ci") else args.ci.rsplit(".", 1)[0] + ".ci"
    frames, names, calls = read_graph(graph)
    problems = []
    if args.elf:
        linked, linked_stack = linked_stacks(args.elf, args.objdump)
        for node in {callee for targets in calls.values() for callee in targets} - set(frames):
            symbol = node.split(":")[-1]
            if symbol in linked:
                try:
                    frames[node] = (linked_stack(symbol), "external")
                except ValueError as e:
                    problems.append(str(e))

    deepest = {}

    def bound(node, path):
        """(bytes, frames on the deepest path) below and including `node`."""
        if node in path:
            problems.append("recursion: " + " > ".join(names.get(n, n) for n in path + [node]))
            return 0, []
        if node in deepest:
            return deepest[node]
        if node not in frames:
            problems.append(f"no frame size for {names.get(node, node)} (outside the unit and not in --elf)")
            frame, kind = 0, "unknown"
        else:
            frame, kind = frames[node]
        if kind not in ("static", "external", "unknown"):
            problems.append(f"{names.get(node, node)}: {kind} frame")
        if "__indirect_call" in node:
            problems.append("an indirect call: its callee is not known")
        below = max((bound(callee, path + [node]) for callee in calls.get(node, ())),  # a self-call: recursion above
                    default=(0, []), key=lambda b: b[0])
        deepest[node] = (frame + below[0], [(names.get(node, node), frame)] + below[1])
        return deepest[node]

    roots = sorted((t for t in names if names[t].split()[-1].startswith("tact_stack_root_")),
                   key=lambda t: [int(x) for x in re.findall(r"\d+", names[t].split()[-1])])
    if not roots:
        problems.append("no tact_stack_root_* function in " + graph)
    if args.roots_in:
        expected = sum(1 for line in open(args.roots_in) if line.startswith("TACT_STACK_ROOT("))
        if len(roots) != expected:
            problems.append(f"{len(roots)} roots in {graph}, {expected} in {args.roots_in}")
    worst = 0
    for root in roots:
        size, path = bound(root, [])
        worst = max(worst, size)
        label = "/".join(re.findall(r"\d+", names[root].split()[-1]))
        print(f"stack bound {label}: {size} bytes: " + " > ".join(f"{name} {frame}" for name, frame in path))
        if size > args.limit:
            problems.append(f"{label}: {size} bytes, over the limit of {args.limit}")
    for problem in dict.fromkeys(problems):
        print("stack_bound: " + problem)
    print(f"stack_bound: deepest {worst} bytes, limit {args.limit}: {'FAIL' if problems else 'ok'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
