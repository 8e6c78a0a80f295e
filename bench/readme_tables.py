#!/usr/bin/env python3
"""Keeps the measured figures of README.md and docs/*.md equal to the files
they come from (bench/results/, bench/worst_case/results/,
bench/impulse/results-host.txt).

Two kinds of marked content, each marked by an HTML comment on the line
before it (invisible when rendered):

  <!-- results: KIND -->       a table whose figures KIND computes from the
                               results files (KINDS below). Every row must
                               have a checked cell (a renamed header fails);
                               a trailing " (…)" note in a cell is not
                               checked and is kept, unless KIND computes the
                               whole cell.
  <!-- excerpt: FILE -->       a ``` block whose lines are lines of FILE:
                               consecutive lines consecutive there too, a
                               "..." line skipping any number.

A third kind needs no marker: the figures in running text that PROSE
(below) lists, each a phrase with {} where a computed figure stands. The
phrase must occur once in its document (line breaks count as spaces).

    python3 bench/readme_tables.py            check: exit 1 and list every difference
    python3 bench/readme_tables.py --update   rewrite the differing figures in place
    python3 bench/readme_tables.py --worst-case [STRATEGY]
                                              print, per core, results file and size,
                                              the most iterations and instructions of
                                              one cold solve (default exact): what the
                                              worst-case tables are made of

--update rewrites a table cell by cell, and a run of excerpt lines by the
first run of FILE (after the previous one) that reads the same with the
numbers after each line's first word blanked out, so a figure can only land
in the cell or line it belongs to. bench/regenerate.sh writes the results
files; the ctest test docs_results_tables runs the check.
"""
import math
import pathlib
import re
import signal
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# Benchmark columns: the core named in a header cell → its preset.
BENCH_PRESETS = {"M0": "m0-an385", "M3": "m3-an385", "M4F": "m4f-an386", "M7": "m7-an500"}
# Footprint rows: the core that starts the row's label → its preset.
BOARD_PRESETS = {"M0": "m0-microbit", "M3": "m3-an385", "M4F": "m4f-an386", "M7": "m7-an500",
                 "M33": "m33-an505", "M55": "m55-an547"}
# The 1 ms budgets the README assumes, in cycles (STM32F407, STM32H7, micro:bit).
TICK_CYCLES = {"m4f-an386": 168_000, "m7-an500": 480_000, "m0-microbit": 16_000}


class Missing(Exception):
    """A results file or a line in it that a marked table needs."""


def spaced(n):
    return f"{n:,}".replace(",", " ")


def commas(n):
    return f"{n:,}"


def percent(part, whole):
    """A share as the README writes it: one decimal below 10 %, else whole."""
    value = 100.0 * part / whole
    return f"{value:.1f}" if value < 10 else spaced(math.floor(value + 0.5))


SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def scientific(x):
    """An error as the README writes it: 4.2·10⁻², 3.3, 0."""
    if x == 0:
        return "0"
    mantissa, exponent = f"{x:.1e}".split("e")
    exponent = int(exponent)
    return mantissa if exponent == 0 else f"{mantissa}·10{str(exponent).translate(SUPERSCRIPT)}"


def two_digits(x):
    """Two significant digits below 100 (7.5, 15), whole above."""
    return f"{x:.2g}" if x < 100 else f"{x:.0f}"


class Whole(str):
    """A value for the whole cell, its note included."""


def fields(line):
    return dict(item.split("=", 1) for item in line.split()[1:] if "=" in item)


_cache = {}


def read(path):
    if path not in _cache:
        if not path.is_file():
            raise Missing(f"{path.relative_to(ROOT)} not found (bench/regenerate.sh writes it)")
        _cache[path] = path.read_text().splitlines()
    return _cache[path]


def records(path, kind):
    """The `kind` lines of a results file, as fields; each count must be executed instructions (QEMU's icount
    plugin), not the timer ticks a run without the plugin or on a board gives."""
    lines = [line for line in read(path) if line.startswith(kind + " ")]
    for line in lines:  # the fallback's unit is "instructions (SysTick-quantized: ...)": the word alone
        if not re.search(r" unit=instructions( [a-z_]+=|$)", line):
            raise Missing(f"{path.relative_to(ROOT)}: a {kind} line without unit=instructions "
                          "(bench/regenerate.sh runs under QEMU with the icount plugin): " + line[:80])
    return [fields(line) for line in lines]


def bench_record(path, problem, strategy="exact"):
    for r in records(path, "bench"):
        if r["file"] == problem + ".qp" and r["strategy"] == strategy:
            return r
    raise Missing(f"{path.relative_to(ROOT)}: no {strategy} solve of {problem}")


def most_iterations(record):
    """The more iterations of a bench line's two solves (cold_iterations only where they differ)."""
    return max(int(record["iterations"]), int(record.get("cold_iterations", record["iterations"])))


def cold(preset, problem):
    return int(bench_record(RESULTS / f"{preset}.txt", problem)["cold"])


def size_of(problem_file):
    """Benchmark size n-eq-ineq of a problem file (corner-1.qp, worst-3-0-6.qp, dense-12-2-24-a.qp)."""
    name = problem_file.removesuffix(".qp").removeprefix("worst-")
    for prefix, size in (("corner-", "2-0-2"), ("haptic-", "3-0-6"), ("billiard-", "22-0-77")):
        if name.startswith(prefix):
            return size
    return re.sub(r"-[ab]$", "", name.removeprefix("dense-"))


def worst_case(preset, size):
    """(most cold instructions on the benchmark problems of `size`, on the worst random problem)."""
    bench = [int(r["cold"]) for r in records(RESULTS / f"{preset}.txt", "bench")
             if r["strategy"] == "exact" and size_of(r["file"]) == size]
    worst = [int(r["cold"]) for r in records(ROOT / "bench/worst_case/results" / f"{preset}.txt", "bench")
             if r["strategy"] == "exact" and size_of(r["file"]) == size]
    if not bench or not worst:
        raise Missing(f"no exact solve of size {size} for {preset}")
    return max(bench), max(worst)


def footprint(preset):
    """Flash and RAM of the solver and the exact-only solver, and peak stacks, from footprint-<preset>.txt."""
    lines = read(RESULTS / f"footprint-{preset}.txt")
    # The columns the rows below are read by, as footprint.cpp prints them.
    if not any(re.fullmatch(r"one solve\s+status\s+iterations\s+peak stack \(bytes\)\s+instructions", l.strip())
               for l in lines):
        raise Missing(f"footprint-{preset}.txt: no 'one solve ... peak stack (bytes)  instructions' header")
    out = {"stack": {}}
    for line in lines:
        words = line.split()
        if line.startswith("solver (difference)"):
            out["flash"], out["ram"] = int(words[-2]), int(words[-1])
        elif line.startswith("exact only (diff.)"):
            out["flash_exact"] = int(words[-2])
        elif re.match(r"\s+(exact|platt)\s+\w+\s+\d+\s+\d+\s+\d+$", line):  # one solve's row
            out[f"stack_{words[0]}"] = int(words[-2])
        elif re.match(r"\s+Solver<\d+,\d+,\d+>\s+\d+", line):  # sizeof: Solver float first
            out.setdefault("sizeof", {})["-".join(re.findall(r"\d+", words[0]))] = int(words[1])
        elif line.startswith("stack Solver<"):
            size = re.match(r"stack Solver<(\d+),(\d+),(\d+)>", line).groups()
            out["stack"]["-".join(size)] = max(int(v) for v in re.findall(r"=(\d+)", line))
    return out


def example_output(preset, example):
    return read(RESULTS / "examples" / f"{preset}-{example}.txt")


def cost_of_one_step(preset, example):
    for line in example_output(preset, example):
        m = re.search(r"cost of one step.*: mean (\d+), max (\d+)", line)
        if m:
            return int(m.group(1)), int(m.group(2))
    raise Missing(f"examples/{preset}-{example}.txt: no cost line")


def preset_in(label):
    m = re.search(r"`([a-z0-9]+-[a-z0-9]+)`", label)
    return m.group(1) if m else None


# ---- the table kinds: (header cells, row cells) → {column index: value} -----
# A kind returns None for a row it does not check (said where it does).


def columns(header, computed):
    """{column index: value} for the header names that `computed` ({name: thunk}) knows."""
    return {i: computed[h]() for i, h in enumerate(header) if h in computed}


def problem_sizes(problem):
    """(n, equality rows, inequality rows) read from bench/problems/<problem>.qp."""
    sizes = {}
    for line in read(ROOT / "bench/problems" / f"{problem}.qp"):
        words = line.split()
        if len(words) == 2 and words[0] in ("n", "eq", "ineq"):
            sizes[words[0]] = int(words[1])
    return sizes["n"], sizes["eq"], sizes["ineq"]


def cold_exact(header, row):
    problem = row[0].split()[0]
    out = columns(header, {h: (lambda p=p: spaced(cold(p, problem))) for h, p in BENCH_PRESETS.items()})
    # The label's "(n / eq / ineq, active at the optimum": the file's sizes, the inequality rows of the
    # M4F cold solve's working set (it holds the equalities too).
    n, eq, ineq = problem_sizes(problem)
    record = bench_record(RESULTS / "m4f-an386.txt", problem)
    active = int(record.get("cold_active", record["active"])) - eq
    out[0] = Whole(re.sub(r"\(\d+ / \d+ / \d+, \d+", f"({n} / {eq} / {ineq}, {active}", row[0], count=1))
    return out


def floor_cold(problem):
    return int(bench_record(RESULTS / "m4f-an386-floor.txt", problem)["cold"])


def floor(header, row):
    problem = row[0]
    return columns(header, {"tact": lambda: spaced(cold("m4f-an386", problem)),
                            "floor": lambda: spaced(floor_cold(problem))})


def trajectory(name, strategy="exact"):
    for r in records(RESULTS / "m4f-an386-trajectories.txt", "trajectory"):
        if r["name"] == name and r["strategy"] == strategy:
            return r
    raise Missing(f"m4f-an386-trajectories.txt: no {strategy} summary of {name}")


def trajectory_step(name, index):
    for r in records(RESULTS / "m4f-an386-trajectories.txt", "step"):
        if r["trajectory"] == name and r["index"] == str(index) and r["strategy"] == "exact":
            return r
    raise Missing(f"m4f-an386-trajectories.txt: no exact step {index} of {name}")


def trajectories(header, row):
    r = trajectory(row[0], row[1])
    return columns(header, {"cold mean": lambda: spaced(int(r["cold_mean"])),
                            "cold max": lambda: spaced(int(r["cold_max"])),
                            "warm mean": lambda: spaced(int(r["warm_mean"])),
                            "warm max": lambda: spaced(int(r["warm_max"])),
                            "warm steps meeting KKT": lambda: f"{spaced(int(r['warm_kkt']))} / {spaced(int(r['steps']))}"})


def footprints(header, row):
    f = footprint(BOARD_PRESETS[row[0].split()[0]])
    return columns(header, {"solver flash, every strategy (bytes)": lambda: spaced(f["flash"]),
                            "solver flash, exact only (bytes)": lambda: spaced(f["flash_exact"]),
                            "solver RAM (bytes)": lambda: spaced(f["ram"]),
                            "peak stack of one exact solve (bytes)": lambda: spaced(f["stack_exact"])})


def stacks(size, presets):
    return " / ".join(str(footprint(p)["stack"][size]) for p in presets)


def worst_case_cell(preset, size):
    """bench / worst cold instructions, "(cap)" when the worst random problem hit the iteration cap."""
    bench, worst = worst_case(preset, size)
    capped = any(r["strategy"] == "exact" and size_of(r["file"]) == size and r["status"] == "iteration-limit"
                 for r in records(ROOT / "bench/worst_case/results" / f"{preset}.txt", "bench"))
    return Whole(f"{spaced(bench)} / {spaced(worst)}" + (" (cap)" if capped else ""))


def worst_case_table(header, row):
    """README's worst-case table and reliability's per-core one: per size, bench / worst instructions per
    core, the iterations, peak stacks, the worst solve's share of a 1 ms tick."""
    size = row[0].split()[0].replace("/", "-")
    out = {}
    for i, h in enumerate(header):
        core = h.removesuffix(" instructions").removesuffix(" bench / worst")
        if core in BENCH_PRESETS:
            out[i] = worst_case_cell(BENCH_PRESETS[core], size)
        elif h == "Exact iterations":
            # benchmark problems / the host's random search (no results file: kept) / the cap 4·rows + 16
            observed = max(most_iterations(r) for r in records(RESULTS / "m4f-an386.txt", "bench")
                           if r["strategy"] == "exact" and size_of(r["file"]) == size)
            _, eq, ineq = (int(v) for v in size.split("-"))
            search = row[i].split(" / ")[1]
            out[i] = Whole(f"{observed} / {search} / {4 * (eq + ineq) + 16}")
        elif h.startswith("peak stack M0 / M4F / M7"):
            out[i] = stacks(size, ("m0-an385", "m4f-an386", "m7-an500"))
        elif h.startswith("peak stack M0 (an385; micro:bit)"):  # the micro:bit holds sizes up to 12/2/24
            microbit = footprint("m0-microbit")["stack"].get(size)
            m0 = stacks(size, ("m0-an385",)) + (f"; {microbit}" if microbit is not None else "")
            out[i] = m0 + " / " + stacks(size, ("m3-an385", "m4f-an386", "m7-an500", "m33-an505", "m55-an547"))
        elif h.startswith(("share of a 1 kHz tick", "share of a 10 kHz tick")):
            ticks_per_ms = 10 if h.startswith("share of a 10 kHz") else 1
            shares = (percent(worst_case(p, size)[1], TICK_CYCLES[p] // ticks_per_ms) for p in ("m4f-an386", "m7-an500"))
            out[i] = " / ".join(f"≥ {s} %" for s in shares)
    return out


def tick_shares(header, row):
    size = row[0].replace("/", "-")
    out = {}
    for i, h in enumerate(header):
        preset = BENCH_PRESETS.get(h.split()[0])
        if preset in TICK_CYCLES:
            out[i] = " / ".join(f"{percent(v, TICK_CYCLES[preset])} %" for v in worst_case(preset, size))
    return out


def step_cost_boards(example):
    """Per board (the preset in the row's label), the example's cost of one step: mean / max."""
    def kind(header, row):
        preset = preset_in(row[0])
        if preset is None:
            return None  # e.g. the host's wall-clock row: a dated run, not a results file
        return columns(header, {"cost of one step, mean / max (executed instructions)":
                                lambda: " / ".join(commas(v) for v in cost_of_one_step(preset, example))})
    return kind


def haptic_costs(preset):
    """The haptic example's cost table: [(mean, max) per 0..3 contacts], the max over all ticks."""
    per_contacts, worst = [], None
    for line in example_output(preset, "haptic"):
        m = re.match(r"(\d) \(\w+\)\s+\d+\s+(\d+)\s+(\d+)\s+\d+$", line)
        if m:
            per_contacts.append((int(m.group(2)), int(m.group(3))))
        m = re.match(r"all\s+\d+\s+\d+\s+(\d+)\s+\d+$", line)
        if m:
            worst = int(m.group(1))
    if len(per_contacts) != 4 or worst is None:
        raise Missing(f"examples/{preset}-haptic.txt: no cost table")
    return per_contacts, worst


def haptic_boards(header, row):
    preset = preset_in(row[0])
    costs, worst = haptic_costs(preset)
    per_contacts = [mean for mean, _ in costs]
    budget = TICK_CYCLES[preset]
    return columns(header, {
        "contacts 0 / 1 / 2 / 3: mean instructions per solve": lambda: " / ".join(commas(v) for v in per_contacts),
        "max": lambda: commas(worst),
        "budget (estimate)": lambda: Whole(f"{commas(budget)} cycles ({budget // 1000} MHz)"),
        "max / budget": lambda: f"≥ {percent(worst, budget)} %",
        "fits at ≤ cycles per instruction": lambda: f"{budget / worst:.1f}" if budget >= worst else "does not fit"})


def agreement(header, row):
    """|target − host| of the example scenes: the figures of scene_agreement_test, to two digits."""
    preset = re.search(r"\((\S+)\)", row[0]).group(1)
    lines = read(RESULTS / f"agreement-{preset}.txt")
    out = {}
    for i, h in enumerate(header):
        scene = {"haptic proxy": "haptic proxy", "billiard positions (300 steps)": "billiard positions"}.get(h)
        if scene is None or row[i].startswith("not run"):  # the micro:bit's RAM holds no billiard
            continue
        line = next((l for l in lines if l.startswith(scene + ":")), None)
        m = re.search(r"worst \|target - host\| ([\d.]+) nm.*?(?:at step (\d+))?$", line or "")
        if m is None:
            raise Missing(f"agreement-{preset}.txt: no {scene} line")
        worst = float(m.group(1))
        out[i] = Whole("0" if worst == 0 else f"{two_digits(worst)} nm" + (f" (step {m.group(2)})" if m.group(2) else ""))
    return out


def pgs_summary(scene):
    """bench/impulse/results-host.txt's exact solves of `scene`: Primal's instructions, the Dual's parts
    (build W and q, solve, correction, total) and the Dual's λ error."""
    lines = read(ROOT / "bench/impulse/results-host.txt")
    summary = next((l for l in lines if l.startswith(f"# {scene}: primal exact")), None)
    dual_error = next((re.search(r"dual solved .*lambda error ([\d.e+-]+)", l) for l in lines
                       if l.startswith(f"# {scene}: n ")), None)
    if summary is None or dual_error is None:
        raise Missing(f"bench/impulse/results-host.txt: no summary of the {scene}")
    return (*(int(v) for v in re.findall(r"\d+", summary)), float(dual_error.group(1)))


def pgs_run(scene, sweeps):
    """The PGS run of `scene` with `sweeps` sweeps: phase2_instructions, lambda_error, ... as strings."""
    line = next((l for l in read(ROOT / "bench/impulse/results-host.txt")
                 if l.startswith(f"{scene} sweeps {sweeps} ")), None)
    if line is None:
        raise Missing(f"bench/impulse/results-host.txt: no {scene} run of {sweeps} sweeps")
    words = line.split()  # scene, then name value pairs
    return dict(zip(words[1::2], words[2::2]))


def pgs(header, row):
    """bench/impulse/run.sh (x86-64 instructions under callgrind): exact Primal, exact Dual's parts and
    λ error, PGS's instructions and λ error by sweeps."""
    out = {}
    for i, scene in enumerate(header):
        scene = scene.split()[0] if scene else ""
        if scene not in ("corner", "billiard"):
            continue
        primal, build, dual, correction, total, dual_error = pgs_summary(scene)
        if row[0].startswith("exact, `Primal`"):
            out[i] = commas(primal)
        elif row[0].startswith("exact, `Dual`"):
            out[i] = (f"{commas(build)} + {commas(dual)} + {commas(correction)} = {commas(total)}: "
                      f"{scientific(dual_error)}")
        else:
            m = re.match(r"PGS, (\d+) sweeps", row[0])
            if m and row[i] != "—":
                run = pgs_run(scene, m.group(1))
                out[i] = f"{commas(int(run['phase2_instructions']))}: {scientific(float(run['lambda_error']))}"
    return out


PHASE_COLUMNS = {"set-up (checks, M, free motion)": "set-up:", "residual check": "residual check",
                 "steps and slack sweeps": "steps and slack sweeps", "working set": "working set:",
                 "search": "search for", "control": "control:"}


def phases(header, row):
    """profile.py --phases on the M4F (-O2 -g): the solve's instructions and each phase's share."""
    m = re.match(r"(\S+), cold|(\w+) step (\d+), warm", row[0])
    if m is None:
        raise Missing(f"no problem or trajectory step named in {row[0]!r}")
    source = (f"bench/problems/{m.group(1)}.qp" if m.group(1)
              else f"bench/trajectories/{m.group(2)}/step-{int(m.group(3)):04d}.qp")
    total = phase_count(source)
    computed = {h: (lambda phase=phase: f"{math.floor(100 * phase_count(source, phase) / total + 0.5)} %")
                for h, phase in PHASE_COLUMNS.items()}
    computed["instructions"] = lambda: spaced(total)
    return columns(header, computed)


def phase_count(source, phase=None):
    """m4f-an386-phases.txt: the instructions of the profiled solve of `source` (a .qp path), or of the
    phase whose line contains `phase`."""
    lines = read(RESULTS / "m4f-an386-phases.txt")
    start = next((k for k, l in enumerate(lines) if re.match(rf"\d+ instructions in the .* of {re.escape(source)} ", l)), None)
    if start is None:
        raise Missing(f"m4f-an386-phases.txt: no profile of {source}")
    if phase is None:
        return int(lines[start].split()[0])
    count = next((int(l.split()[0]) for l in lines[start + 1:start + 12] if phase in l), None)
    if count is None:
        raise Missing(f"m4f-an386-phases.txt: no {phase!r} line for {source}")
    return count


# Each kind, and the columns of its tables it does not check (labels, constants); every other cell
# of a row it checks must get a value, but "—" and "not run …" cells.
KINDS = {
    "cold-exact": (cold_exact, set()),
    "floor": (floor, {"problem (M4F, cold, executed instructions)", "target"}),
    "trajectories": (trajectories, {"trajectory", "strategy", "target: warm ≤ DAQP cold / 10"}),
    "footprint": (footprints, {"core"}),
    "worst-case": (worst_case_table, {"size n/eq/ineq", "size"}),
    "tick-shares": (tick_shares, {"size"}),
    "haptic-boards": (haptic_boards, {"board (QEMU)"}),
    "billiard-boards": (step_cost_boards("billiard"), {"board"}),
    "robot-boards": (step_cost_boards("robot"), {"board"}),
    "bead-boards": (step_cost_boards("bead"), {"board"}),
    "agreement": (agreement, {"core (preset)"}),
    "pgs": (pgs, {"phase 2 (x86-64 instructions: λ error)"}),
    "phases": (phases, {"solve"}),
}

# ---- figures in running text --------------------------------------------------

# Issue 7's targets (M4F, cold) and DAQP's counts, per class. A class is the issue's size and number of
# active rows at the optimum; its problems in the set (corner-2 has two active rows, haptic-edge two: no
# class's).
CLASS_PROBLEMS = {
    "corner": ["corner-1"],
    "haptic corner": ["haptic-corner", "haptic-corner-2"],
    "billiard": ["billiard-1", "billiard-2"],
    "dense 12/2/24": ["dense-12-2-24-a", "dense-12-2-24-b"],
    "dense 30/0/60": ["dense-30-0-60-a", "dense-30-0-60-b"],
}
TARGET = {"corner": 1_000, "haptic corner": 2_500, "billiard": 120_000, "dense 12/2/24": 40_000,
          "dense 30/0/60": 400_000}
DAQP = {"corner": 4_000, "haptic corner": 7_400, "billiard": 366_000, "dense 12/2/24": 85_000,
        "dense 30/0/60": 800_000}
WARM_BILLIARD_TARGET = 36_600  # a tenth of DAQP's cold billiard solve
WARM_3DOF_TARGET = 740          # the same for the 3-DOF trajectories
FLASH_TARGET = 8 * 1024         # solver code, exact strategy only
STACK_TARGET = 512              # peak stack of a solve
DAQP_WORKSPACE_30 = 13_824      # DAQP's 13.5 KB workspace at 30/0/60


class Claim(Exception):
    """The words around a PROSE phrase's figures (met, not met, fewer) are no longer true."""


def require(condition, claim):
    if not condition:
        raise Claim(claim)


def class_worst(name, preset="m4f-an386"):
    return max(cold(preset, problem) for problem in CLASS_PROBLEMS[name])


def class_colds(name):
    return [spaced(cold("m4f-an386", problem)) for problem in CLASS_PROBLEMS[name]]


def met_colds(name):
    """The class's cold counts, which the README says meet its target."""
    require(class_worst(name) <= TARGET[name], f"{name} no longer meets its target")
    return class_colds(name)


def over_target(name):
    """The class's worst cold count over its target, which the README says is not met."""
    require(class_worst(name) > TARGET[name], f"{name} now meets its target: move it to 'Met'")
    return f"{class_worst(name) / TARGET[name]:.2f}"


def fewer_than_daqp(name):
    require(class_worst(name) < DAQP[name], f"{name} is no longer below DAQP's count")
    return f"{DAQP[name] / class_worst(name):.1f}"


def billiard_status():
    """Both billiard counts, how far the worst is below the target, the M7's worst."""
    return [*met_colds("billiard"), f"{100 * (1 - class_worst('billiard') / TARGET['billiard']):.1f}",
            spaced(class_worst("billiard", "m7-an500"))]


def warm_billiard():
    """The warm billiard mean, within its target, and max, beyond it (the break)."""
    r = trajectory("billiard")
    mean, worst = int(r["warm_mean"]), int(r["warm_max"])
    require(mean <= WARM_BILLIARD_TARGET < worst, "the warm billiard mean or max changed sides of the target")
    return [spaced(mean), spaced(worst)]


def warm_means(strategy):
    return [spaced(int(trajectory(name, strategy)["warm_mean"])) for name in ("billiard", "haptic", "robot")]


def warm_3dof_means():
    """The exact strategy's warm means on the 3-DOF trajectories, which the README says miss the target."""
    require(all(int(trajectory(name)["warm_mean"]) > WARM_3DOF_TARGET for name in ("haptic", "robot")),
            "a 3-DOF warm mean meets the target")
    return warm_means("exact")[1:]


def warm_kkt_counts(strategy):
    return [spaced(int(trajectory(name, strategy)["warm_kkt"])) for name in ("billiard", "haptic", "robot")]


def platt_kkt():
    """Platt's warm KKT steps of each trajectory's steps, then the improved rule's."""
    steps = [spaced(int(trajectory(name, "platt")["steps"])) for name in ("billiard", "haptic", "robot")]
    return [x for pair in zip(warm_kkt_counts("platt"), steps) for x in pair] + warm_kkt_counts("platt-improved")


def flash_exact():
    flash = footprint("m4f-an386")["flash_exact"]
    require(flash > FLASH_TARGET, "the flash target is met")
    return [spaced(flash)]


def pgs_sweep_counts(scene):
    """The sweep counts of the measured PGS runs of `scene`, in order."""
    return [int(l.split()[2]) for l in read(ROOT / "bench/impulse/results-host.txt") if l.startswith(f"{scene} sweeps ")]


def pgs_instructions(scene, sweeps):
    return int(pgs_run(scene, sweeps)["phase2_instructions"])


def pgs_over_primal(scene):
    """The first measured PGS run over the exact Primal's budget: its sweeps, instructions, how many more,
    λ error."""
    primal = pgs_summary(scene)[0]
    sweeps = next(n for n in pgs_sweep_counts(scene) if pgs_instructions(scene, n) > primal)
    instructions = pgs_instructions(scene, sweeps)
    return [str(sweeps), commas(instructions), commas(instructions - primal),
            scientific(float(pgs_run(scene, sweeps)["lambda_error"]))]


def pgs_corner_over_primal():
    """The corner's first sweep over the Primal's budget, which the README says one sweep already is."""
    sweeps, *figures = pgs_over_primal("corner")
    require(sweeps == "1", "a PGS sweep fits the Primal's budget on the corner")
    return figures


def pgs_at_dual_budget(scene):
    """The most measured sweeps within the exact Dual's budget: λ error, sweeps, instructions."""
    dual = pgs_summary(scene)[4]
    sweeps = max(n for n in pgs_sweep_counts(scene) if pgs_instructions(scene, n) <= dual)
    return [scientific(float(pgs_run(scene, sweeps)["lambda_error"])), str(sweeps),
            commas(pgs_instructions(scene, sweeps))]


def haptic_contact_costs():
    """The haptic example on the M4F: the least and most a contact adds, how far the corner ticks' max is
    from their mean, the face and corner means."""
    costs = haptic_costs("m4f-an386")[0]
    added = [b[0] - a[0] for a, b in zip(costs, costs[1:])]
    return [commas(min(added)), commas(max(added)), commas(costs[3][1] - costs[3][0]),
            commas(costs[1][0]), commas(costs[3][0])]


def floor_standing():
    """How far the floor is below the corner and haptic targets, which the README says it meets."""
    corner, haptic = floor_cold("corner-1"), floor_cold("haptic-corner")
    require(corner <= TARGET["corner"] and haptic <= TARGET["haptic corner"],
            "the floor's standing against the targets changed")
    return [f"{math.floor(100 * (1 - value / TARGET[target]) + 0.5)}"
            for value, target in ((corner, "corner"), (haptic, "haptic corner"))]


def m4f_stacks():
    """One exact solve's and one Platt solve's peak stack on the M4F, within the target, and the most over
    every way."""
    f = footprint("m4f-an386")
    require(max(f["stack_exact"], f["stack_platt"]) <= STACK_TARGET, "an exact or Platt solve's stack misses 512")
    return [spaced(f["stack_exact"]), spaced(f["stack_platt"]), spaced(max(f["stack"].values()))]


def sizeof_30():
    size = footprint("m4f-an386")["sizeof"]["30-0-60"]
    require(size <= DAQP_WORKSPACE_30, "Solver<30, 0, 60> above DAQP's 13.5 KB")
    return [spaced(size)]


def micro_bit_corner():
    """The micro:bit's most expensive corner tick: instructions, and at least how many ms at 16 MHz."""
    worst = haptic_costs("m0-microbit")[0][3][1]
    return [commas(worst), f"{math.floor(worst / 1_600) / 10:.1f}"]


# (document, phrase with {} for each figure, the figures). A figure function may also check the words
# around its figures (require): --update cannot fix those.
CLASSES = ["corner", "haptic corner", "billiard", "dense 12/2/24", "dense 30/0/60"]  # the README's order
PROSE = [
    ("README.md", "corner ≤ {} ({}), haptic corner ≤ {} ({}), billiard ≤ {} ({}), dense 12/2/24 ≤ {} ({}), dense 30/0/60 ≤ {} ({})",
     lambda: [spaced(x) for name in CLASSES for x in (TARGET[name], DAQP[name])]),
    ("README.md", "**Met: corner** ({}) **and haptic corner** ({} and {})",
     lambda: met_colds("corner") + met_colds("haptic corner")),
    ("README.md", "**billiard** ({} and {}, {} % below the target; M7's worst {})", billiard_status),
    ("README.md", "**and dense 30/0/60** ({} and {})", lambda: met_colds("dense 30/0/60")),
    ("README.md", "dense 12/2/24 ({} and {}: {}× the target)",
     lambda: [*class_colds("dense 12/2/24"), over_target("dense 12/2/24")]),
    ("README.md", "({}× fewer on the corner, {}× on the haptic corner, {}× on billiard, {}× on dense 12/2/24, "
                  "{}× on dense 30/0/60)",
     lambda: [fewer_than_daqp(name) for name in CLASSES]),
    ("README.md", "on the billiard ({} ≤ 36 600) but not its max ({})", warm_billiard),
    ("README.md", "above the target is the next ({} warm against {} cold)",
     lambda: [spaced(int(trajectory_step("billiard", 11)[key])) for key in ("warm", "cold")]),
    ("README.md", "as much as a warm one ({} and {} on average)",
     lambda: [spaced(int(trajectory("billiard")[key])) for key in ("cold_mean", "warm_mean")]),
    ("README.md", "fixed per-solve work (phase table above): {} (haptic) and {} (robot) against 740", warm_3dof_means),
    ("README.md", "improved rule: billiard {} / {}, haptic {} / {}, robot {} / {})",
     lambda: [m for pair in zip(warm_means("platt"), warm_means("platt-improved")) for m in pair]),
    ("README.md", "(Platt meets it on {} of {} billiard, {} of {} haptic and {} of {} robot steps, "
                  "the improved rule on {}, {} and {})", platt_kkt),
    ("README.md", "is **not met**: {} bytes on the M4F", flash_exact),
    ("README.md", "does not get through one sweep on the corner (one costs {}, {} more than the budget, and leaves λ "
                  "off by {})", pgs_corner_over_primal),
    ("README.md", "and fewer than {} on the billiard step ({} cost {}, {} more, and leave λ off by {}; 16 sweeps "
                  "already cost {})",
     lambda: [pgs_over_primal("billiard")[0], *pgs_over_primal("billiard"), commas(pgs_instructions("billiard", 16))]),
    ("README.md", "at the `Dual`'s budget {} ({} sweeps, {}, the most of the measured runs within it)",
     lambda: pgs_at_dual_budget("billiard")),
    ("README.md", "reaches rounding level after 24 sweeps ({}), more than both `Dual` ({}) and `Primal` ({})",
     lambda: [commas(pgs_instructions("corner", 24)), commas(pgs_summary("corner")[4]), commas(pgs_summary("corner")[0])]),
    ("README.md", "Each contact adds {}–{} instructions on the M4F", lambda: haptic_contact_costs()[:2]),
    ("README.md", "(the corner ticks' max is within {} instructions of their mean", lambda: haptic_contact_costs()[2:3]),
    ("README.md", "at the current solver {} and {})", lambda: haptic_contact_costs()[3:]),
    ("README.md", "The corner's set-up and residual check take about {} instructions here",
     lambda: [spaced(10 * round(sum(phase_count("bench/problems/corner-1.qp", phase)
                                    for phase in ("set-up:", "residual check")) / 10))]),
    ("README.md", "the floor is {} % below the corner's target and {} % below the haptic's", floor_standing),
    ("README.md", "their own above the working-set solves): {} bytes for Exact and {} for Platt on the M4F",
     lambda: m4f_stacks()[:2]),
    ("README.md", "and warm: on the M4F at most {} bytes over every strategy, size and way", lambda: m4f_stacks()[2:]),
    ("README.md", "`sizeof(Solver<30, 0, 60>)` went from 21 248 to {} bytes, below DAQP's 13.5 KB", sizeof_30),
    ("README.md", "{} bytes at 2/0/2, {} at 3/0/6, {} at 12/2/24, {} at 22/0/77, {} at 30/0/60",
     lambda: [spaced(footprint("m4f-an386")["sizeof"][size])
              for size in ("2-0-2", "3-0-6", "12-2-24", "22-0-77", "30-0-60")]),
    ("README.md", "a corner solve executes {} instructions, at least {} ms at 16 MHz", micro_bit_corner),
]

# A figure: digits, possibly grouped by spaces or commas, with a decimal point, times a power of ten.
FIGURE = r"([0-9][0-9,.]*(?:[ \n][0-9]{3}(?![0-9]))*(?:·10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?)"


def check_prose(doc, text, phrase, figures, update):
    """Problems of one PROSE phrase in `text` (a document); with `update`, the new text too."""
    pattern = FIGURE.join(r"\s+".join(re.escape(word) for word in part.split(" ")) for part in phrase.split("{}"))
    matches = list(re.finditer(pattern, text))
    if len(matches) != 1:
        return text, [Problem(f"{doc}: phrase {phrase!r} found {len(matches)} times, not once")]
    try:
        expected = figures()
    except (Missing, Claim) as e:
        return text, [Problem(f"{doc}: {phrase!r}: {e}")]
    except (KeyError, IndexError, StopIteration, AttributeError, ValueError) as e:
        return text, [Problem(f"{doc}: {phrase!r}: cannot compute ({type(e).__name__}: {e})")]
    if len(expected) != phrase.count("{}") or not all(re.fullmatch(FIGURE, value) for value in expected):
        return text, [Problem(f"{doc}: {phrase!r}: computed {expected}, not one figure per slot")]
    match, problems = matches[0], []
    for group in range(len(expected), 0, -1):  # from the end: earlier offsets stay valid
        found = match.group(group).replace("\n", " ")
        if found != expected[group - 1]:
            line = text.count("\n", 0, match.start(group)) + 1
            problems.append(Problem(f"{doc}:{line}: {phrase!r} figure {group}: README {found!r}, "
                                    f"results {expected[group - 1]!r}", fixed=update))
            if update:
                text = text[:match.start(group)] + expected[group - 1] + text[match.end(group):]
    return text, problems[::-1]


# ---- the documents ------------------------------------------------------------


class Problem:
    def __init__(self, message, fixed=False):
        self.message, self.fixed = message, fixed


MARKER = re.compile(r"<!-- (results|excerpt): (\S+) -->")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def note_free(cell):
    """A cell without its trailing " (…)" note, and the note."""
    m = re.match(r"(.*?)( \([^()]*\))?$", cell)
    return m.group(1), m.group(2) or ""


def row_line(row):
    return "|" + "|".join(f" {c} " if c else " " for c in row) + "|"


def check_table(lines, start, kind, where, update):
    """The table whose header is lines[start]; returns the differences found."""
    header = cells(lines[start])
    problems = []
    k = start + 2  # past the |---| line
    while k < len(lines) and lines[k].startswith("|"):
        row = cells(lines[k])
        compute, unchecked = KINDS[kind]
        try:
            expected = compute(header, row)
        except Missing as e:
            problems.append(Problem(f"{where}:{k + 1}: {kind}: {row[0]}: {e}"))
            expected = None
        except (KeyError, IndexError, StopIteration, AttributeError, ValueError) as e:
            # a core, size or line the results do not have, or a row or file not as the kind expects
            problems.append(Problem(f"{where}:{k + 1}: {kind}: {row[0]}: cannot compute ({type(e).__name__}: {e})"))
            expected = None
        else:
            skipped = [h for i, h in enumerate(header) if expected is not None and i not in expected
                       and h not in unchecked and i < len(row) and row[i] != "—" and not row[i].startswith("not run")]
            if skipped:
                problems.append(Problem(f"{where}:{k + 1}: {kind}: {row[0]}: not checked: {skipped} "
                                        "(a header the kind does not know?)"))
        changed = False
        for i, value in (expected or {}).items():
            figure, note = (row[i], "") if isinstance(value, Whole) else note_free(row[i])
            if value == figure:
                continue
            problems.append(Problem(f"{where}:{k + 1}: {row[0]} | {header[i]}: README {row[i]!r}, results {value!r}",
                                    fixed=update))
            row[i] = value + note
            changed = True
        if changed and update:
            lines[k] = row_line(row)
        k += 1
    return problems


def shape(line):
    """The line with the numbers after its first word blanked out: the first word (a step, a time, a
    label) anchors a line of a table to its row."""
    m = re.match(r"(\s*\S*)(.*)$", line.rstrip())
    return m.group(1) + re.sub(r"-?\d[\d.e+-]*", "#", m.group(2))


def find_run(text, run, position, same):
    """First index ≥ position where the lines of `run` follow one another in text, compared by `same`."""
    for j in range(position, len(text) - len(run) + 1):
        if all(same(text[j + i], line) for i, line in enumerate(run)):
            return j
    return None


def check_excerpt(lines, start, source, where, update):
    """The ``` block opening at lines[start]: each run of its lines between "..." lines must be a run of
    lines of source, the runs in order."""
    try:
        text = [line.rstrip() for line in read(ROOT / source)]
    except Missing as e:
        return [Problem(f"{where}:{start + 1}: {e}")]
    end = start + 1
    while end < len(lines) and not lines[end].startswith("```"):
        end += 1
    runs, run = [], []  # (first README line index, lines)
    for k in range(start + 1, end + 1):
        if k == end or lines[k].strip() == "...":
            if run:
                runs.append((k - len(run), run))
            run = []
        else:
            run.append(lines[k].rstrip())
    problems = []
    position = 0
    for first, run in runs:
        j = find_run(text, run, position, lambda a, b: a == b)
        if j is not None:
            position = j + len(run)
            continue
        j = find_run(text, run, position, lambda a, b: shape(a) == shape(b))
        shown = " / ".join(l.strip() for l in run)[:160]
        problems.append(Problem(f"{where}:{first + 1}: not a run of lines of {source} (in order): {shown!r}" +
                                ("" if j is None else "; there: " + " / ".join(t.strip() for t in text[j:j + len(run)])[:160]),
                                fixed=update and j is not None))
        if j is not None:
            if update:
                lines[first:first + len(run)] = text[j:j + len(run)]
            position = j + len(run)
    return problems


def print_worst_case(strategy):
    """--worst-case: per core and results file, the most iterations and cold instructions per size.
    @return the number of lines printed."""
    printed = 0
    for preset in BENCH_PRESETS.values():
        for path in (RESULTS / f"{preset}.txt", ROOT / "bench/worst_case/results" / f"{preset}.txt"):
            if not path.exists():
                continue
            most = {}  # size → (iterations, cold instructions, status of that solve)
            for r in records(path, "bench"):
                if r["strategy"] != strategy:
                    continue
                size = size_of(r["file"])
                iterations, instructions, status = most.get(size, (0, 0, ""))
                if int(r["cold"]) > instructions:
                    instructions, status = int(r["cold"]), r.get("cold_status", r["status"])
                most[size] = (max(iterations, most_iterations(r)), instructions, status)
            # n-eq-ineq sizes in numeric order, any other name after them
            for size in sorted(most, key=lambda s: [int(n) if n.isdigit() else math.inf for n in s.split("-")]):
                iterations, instructions, status = most[size]
                print(f"{str(path.relative_to(ROOT)):<38} {size:<8} iterations {iterations:4d}  "
                      f"cold {instructions:10d} instructions ({status})")
                printed += 1
    return printed


def main():
    unknown = {doc for doc, _, _ in PROSE} - {str(doc.relative_to(ROOT)) for doc in DOCS}
    if unknown:
        print(f"readme_tables: PROSE names documents that are not checked: {sorted(unknown)}")
        return 1
    if sys.argv[1:2] == ["--worst-case"]:
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the listing quietly
        strategy = sys.argv[2] if len(sys.argv) > 2 else "exact"
        if print_worst_case(strategy) == 0:
            print(f"readme_tables: no {strategy} solves in the results files")
            return 1
        return 0
    update = "--update" in sys.argv[1:]
    problems = []
    marked = 0
    for doc in DOCS:
        lines = doc.read_text().split("\n")
        where = doc.relative_to(ROOT)
        for k, line in enumerate(lines):
            m = MARKER.fullmatch(line.strip())
            if not m:
                continue
            marked += 1
            kind, argument = m.groups()
            if kind == "results":
                if argument not in KINDS or k + 2 >= len(lines) or not lines[k + 1].startswith("|"):
                    problems.append(Problem(f"{where}:{k + 1}: unknown table kind or no table after the marker"))
                    continue
                problems += check_table(lines, k + 1, argument, where, update)
            else:
                if k + 1 >= len(lines) or not lines[k + 1].startswith("```"):
                    problems.append(Problem(f"{where}:{k + 1}: no ``` block after the marker"))
                    continue
                problems += check_excerpt(lines, k + 1, argument, where, update)
        text = "\n".join(lines)
        for prose_doc, phrase, figures in PROSE:
            if prose_doc == str(where):
                marked += 1
                text, found = check_prose(where, text, phrase, figures, update)
                problems += found
        if update:
            doc.write_text(text)
    for p in problems:
        print(("updated: " if p.fixed else "") + p.message)
    unfixed = sum(not p.fixed for p in problems)
    print(f"readme_tables: {marked} marked tables, excerpts and phrases; {len(problems) - unfixed} figures or lines updated, "
          f"{unfixed} differ from the results")
    return 1 if unfixed else 0


if __name__ == "__main__":
    sys.exit(main())
