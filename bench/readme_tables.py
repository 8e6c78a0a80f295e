#!/usr/bin/env python3
"""Keeps the measured figures of README.md and docs/*.md equal to the files
they come from (bench/results/, bench/worst_case/results/).

Two kinds of marked content, each marked by an HTML comment on the line
before it (invisible when rendered):

  <!-- results: KIND -->       a table whose figures KIND computes from the
                               results files (KINDS below); cells KIND does
                               not compute are left alone, and a trailing
                               " (…)" note in a cell is kept.
  <!-- excerpt: FILE -->       a ``` block whose lines are lines of FILE in
                               their order ("..." lines skip any number).

    python3 bench/readme_tables.py            check: exit 1 and list every difference
    python3 bench/readme_tables.py --update   rewrite the differing figures in place

--update rewrites a table cell by cell, and an excerpt line by the next line
of FILE that reads the same with its numbers blanked out, so a figure can
only land in the cell or line it belongs to. bench/regenerate.sh writes the
results files; the ctest test docs_results_tables runs the check.
"""
import math
import pathlib
import re
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
    return f"{value:.1f}" if value < 10 else f"{math.floor(value + 0.5)}"


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
    return [fields(line) for line in read(path) if line.startswith(kind + " ")]


def bench_record(path, problem, strategy="exact"):
    for r in records(path, "bench"):
        if r["file"] == problem + ".qp" and r["strategy"] == strategy:
            return r
    raise Missing(f"{path.relative_to(ROOT)}: no {strategy} solve of {problem}")


def cold(preset, problem):
    return int(bench_record(RESULTS / f"{preset}.txt", problem)["cold"])


def size_of(problem_file):
    """Benchmark size of a problem file, as bench/worst_case/table.sh names it."""
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
    out = {"stack": {}}
    for line in lines:
        words = line.split()
        if line.startswith("solver (difference)"):
            out["flash"], out["ram"] = int(words[-2]), int(words[-1])
        elif line.startswith("exact only (diff.)"):
            out["flash_exact"] = int(words[-2])
        elif re.match(r"\s+exact\s+\w+\s+\d+\s+\d+\s+\d+$", line):  # one exact solve's row
            out["stack_exact"] = int(words[-2])
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


# ---- the table kinds: (header cells, row cells) → {column index: text} -------


def cold_exact(header, row):
    problem = row[0].split()[0]
    return {i: spaced(cold(BENCH_PRESETS[h], problem)) for i, h in enumerate(header) if h in BENCH_PRESETS}


def floor(header, row):
    problem = row[0]
    columns = {"tact": lambda: cold("m4f-an386", problem),
               "floor": lambda: int(bench_record(RESULTS / "m4f-an386-floor.txt", problem)["cold"])}
    return {i: spaced(columns[h]()) for i, h in enumerate(header) if h in columns}


def trajectories(header, row):
    name, strategy = row[0], row[1]
    for r in records(RESULTS / "m4f-an386-trajectories.txt", "trajectory"):
        if r["name"] == name and r["strategy"] == strategy:
            break
    else:
        raise Missing(f"m4f-an386-trajectories.txt: no {strategy} summary of {name}")
    columns = {"cold mean": spaced(int(r["cold_mean"])), "cold max": spaced(int(r["cold_max"])),
               "warm mean": spaced(int(r["warm_mean"])), "warm max": spaced(int(r["warm_max"])),
               "warm steps meeting KKT": f"{spaced(int(r['warm_kkt']))} / {spaced(int(r['steps']))}"}
    return {i: columns[h] for i, h in enumerate(header) if h in columns}


def footprints(header, row):
    f = footprint(BOARD_PRESETS[row[0].split()[0]])
    columns = {"solver flash, every strategy (bytes)": f["flash"], "solver flash, exact only (bytes)": f["flash_exact"],
               "solver RAM (bytes)": f["ram"], "peak stack of one exact solve (bytes)": f["stack_exact"]}
    return {i: spaced(columns[h]) for i, h in enumerate(header) if h in columns}


def stacks(size, presets):
    return " / ".join(str(footprint(p)["stack"][size]) for p in presets)


def worst_case_table(header, row):
    """README's worst-case table and reliability's per-core one: per size, bench / worst instructions per
    core, peak stacks, the worst solve's share of a 1 ms tick."""
    size = row[0].split()[0].replace("/", "-")
    out = {}
    for i, h in enumerate(header):
        core = h.removesuffix(" instructions").removesuffix(" bench / worst")
        if core in BENCH_PRESETS:
            out[i] = " / ".join(spaced(v) for v in worst_case(BENCH_PRESETS[core], size))
        elif h.startswith("peak stack M0 / M4F / M7"):
            out[i] = stacks(size, ("m0-an385", "m4f-an386", "m7-an500"))
        elif h.startswith("peak stack M0 (an385; micro:bit)"):  # the micro:bit holds sizes up to 12/2/24
            microbit = footprint("m0-microbit")["stack"].get(size)
            m0 = stacks(size, ("m0-an385",)) + (f"; {microbit}" if microbit is not None else "")
            out[i] = m0 + " / " + stacks(size, ("m3-an385", "m4f-an386", "m7-an500", "m33-an505", "m55-an547"))
        elif h.startswith("share of a 1 kHz tick"):
            shares = (percent(worst_case(p, size)[1], TICK_CYCLES[p]) for p in ("m4f-an386", "m7-an500"))
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
            return {}  # e.g. the host's wall-clock row: a dated run, not a results file
        return {1: " / ".join(commas(v) for v in cost_of_one_step(preset, example))}
    return kind


def haptic_boards(header, row):
    preset = preset_in(row[0])
    per_contacts, worst = [], None
    for line in example_output(preset, "haptic"):
        m = re.match(r"(\d) \(\w+\)\s+\d+\s+(\d+)\s+\d+\s+\d+$", line)
        if m:
            per_contacts.append(int(m.group(2)))
        m = re.match(r"all\s+\d+\s+\d+\s+(\d+)\s+\d+$", line)
        if m:
            worst = int(m.group(1))
    if len(per_contacts) != 4 or worst is None:
        raise Missing(f"examples/{preset}-haptic.txt: no cost table")
    budget = TICK_CYCLES[preset]
    fits = budget / worst
    return {1: " / ".join(commas(v) for v in per_contacts), 2: commas(worst), 4: f"≥ {percent(worst, budget)} %",
            5: f"{fits:.1f}" if fits >= 1 else "does not fit"}


def agreement(header, row):
    """|target − host| of the example scenes: the figures of scene_agreement_test, to two digits."""
    preset = re.search(r"\((\S+)\)", row[0]).group(1)
    lines = read(RESULTS / f"agreement-{preset}.txt")
    out = {}
    for i, h in enumerate(header):
        scene = {"haptic proxy": "haptic proxy", "billiard positions (300 steps)": "billiard positions"}.get(h)
        line = next((l for l in lines if l.startswith(scene + ":")), None) if scene else None
        if line is None:
            continue  # a scene the board does not run (the micro:bit's RAM)
        m = re.search(r"worst \|target - host\| ([\d.]+) nm.*?(?:at step (\d+))?$", line)
        worst = float(m.group(1))
        out[i] = "0" if worst == 0 else f"{worst:.2g} nm" + (f" (step {m.group(2)})" if m.group(2) else "")
    return out


class Prefix(str):
    """A figure that is the cell's text before its first ":" (the rest, e.g. an error, is not checked)."""


def pgs(header, row):
    """bench/impulse/run.sh's x86-64 instruction counts (callgrind): exact Primal, exact Dual's parts, PGS by sweeps."""
    lines = read(ROOT / "bench/impulse/results-host.txt")
    out = {}
    for i, scene in enumerate(header):
        scene = scene.split()[0] if scene else ""
        if scene not in ("corner", "billiard"):
            continue
        summary = next((l for l in lines if l.startswith(f"# {scene}: primal exact")), None)
        if summary is None:
            raise Missing(f"bench/impulse/results-host.txt: no summary of the {scene}")
        primal, build, dual, correction, total = (int(v) for v in re.findall(r"\d+", summary))
        if row[0].startswith("exact, `Primal`"):
            out[i] = commas(primal)
        elif row[0].startswith("exact, `Dual`"):
            out[i] = f"{commas(build)} + {commas(dual)} + {commas(correction)} = {commas(total)}"
        else:
            m = re.match(r"PGS, (\d+) sweeps", row[0])
            if m and row[i] != "—":
                line = next((l for l in lines if l.startswith(f"{scene} sweeps {m.group(1)} ")), None)
                if line is None:
                    raise Missing(f"bench/impulse/results-host.txt: no {scene} run of {m.group(1)} sweeps")
                words = line.split()  # scene, then name value pairs
                out[i] = Prefix(commas(int(dict(zip(words[1::2], words[2::2]))["phase2_instructions"])))
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
    lines = read(RESULTS / "m4f-an386-phases.txt")
    start = next((k for k, l in enumerate(lines) if re.match(rf"\d+ instructions in the .* of {re.escape(source)} ", l)), None)
    if start is None:
        raise Missing(f"m4f-an386-phases.txt: no profile of {source}")
    block = lines[start:start + 12]
    out = {}
    for i, h in enumerate(header):
        if h == "instructions":
            out[i] = spaced(int(block[0].split()[0]))
        elif h in PHASE_COLUMNS:
            share = next(float(l.split()[1].rstrip("%")) for l in block[1:] if PHASE_COLUMNS[h] in l)
            out[i] = f"{math.floor(share + 0.5)} %"
    return out


KINDS = {"cold-exact": cold_exact, "floor": floor, "trajectories": trajectories, "footprint": footprints,
         "worst-case": worst_case_table, "tick-shares": tick_shares,
         "billiard-boards": step_cost_boards("billiard"),
         "robot-boards": step_cost_boards("robot"), "bead-boards": step_cost_boards("bead"), "haptic-boards": haptic_boards, "agreement": agreement,
         "pgs": pgs, "phases": phases}

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


def check_table(lines, start, kind, where, update):
    """The table whose header is lines[start]; returns the differences found."""
    header = cells(lines[start])
    problems = []
    k = start + 2  # past the |---| line
    while k < len(lines) and lines[k].startswith("|"):
        row = cells(lines[k])
        try:
            expected = KINDS[kind](header, row)
        except Missing as e:
            problems.append(Problem(f"{where}:{k + 1}: {kind}: {row[0]}: {e}"))
            expected = {}
        except KeyError as e:  # a column, core or size the results do not have
            problems.append(Problem(f"{where}:{k + 1}: {kind}: {row[0]}: nothing in the results for {e}"))
            expected = {}
        changed = False
        for i, value in expected.items():
            if isinstance(value, Prefix):
                figure, rest = (row[i].split(":", 1) + [""])[:2]
                note = ":" + rest
            else:
                figure, note = note_free(row[i])
            if value in (row[i], figure):
                continue
            problems.append(Problem(f"{where}:{k + 1}: {row[0]} | {header[i]}: README {row[i]!r}, results {value!r}",
                                    fixed=update))
            row[i] = value if note_free(value)[1] else value + note  # a value with its own note replaces the README's
            changed = True
        if changed and update:
            lines[k] = "| " + " | ".join(row) + " |"
        k += 1
    return problems


def shape(line):
    return re.sub(r"-?\d[\d.e+-]*", "#", line.rstrip())


def check_excerpt(lines, start, source, where, update):
    """The ``` block opening at lines[start]: its lines must be lines of source, in order."""
    try:
        text = [line.rstrip() for line in read(ROOT / source)]
    except Missing as e:
        return [Problem(f"{where}:{start + 1}: {e}")]
    problems = []
    position = 0
    k = start + 1
    while k < len(lines) and not lines[k].startswith("```"):
        line = lines[k].rstrip()
        if line.strip() != "...":
            try:
                position = text.index(line, position) + 1
            except ValueError:
                same_shape = [j for j in range(position, len(text)) if shape(text[j]) == shape(line)]
                problems.append(Problem(f"{where}:{k + 1}: not in {source} (in order): {line.strip()!r}" +
                                        (f"; there: {text[same_shape[0]].strip()!r}" if same_shape else ""),
                                        fixed=update and bool(same_shape)))
                if same_shape and update:
                    lines[k] = text[same_shape[0]]
                    position = same_shape[0] + 1
        k += 1
    return problems


def main():
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
        if update:
            doc.write_text("\n".join(lines))
    for p in problems:
        print(("updated: " if p.fixed else "") + p.message)
    unfixed = sum(not p.fixed for p in problems)
    print(f"readme_tables: {marked} marked tables and excerpts; {len(problems) - unfixed} figures or lines updated, "
          f"{unfixed} differ from the results")
    return 1 if unfixed else 0


if __name__ == "__main__":
    sys.exit(main())
