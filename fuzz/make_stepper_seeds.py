#!/usr/bin/env python3
"""Writes fuzz/corpus-steppers/: seed scenes for fuzz_steppers.cpp.

The layout is Scene::read's: a kind byte (stepper, strategy, resolution,
correction, stabilization), n, h, tau or beta, the contact tolerance, the
regularization, PGS's sweeps, omega and tolerance, the precompute flag, M's
shape and entries, x/v/f per dof, the row counts, the rows (a, g0,
curvature, compliance, id), the number of steps and, optionally, the double
run's exponent (an index into Scene::read's kExponents) and fields (a bit
mask of Scene::Field), and, optionally, the strategy switches (a bit per
step) and the strategy and resolution switched to. A number is one byte indexing Bytes::scalar's table
(below), or 200 and four bytes of a float.
Run it after changing that layout: python3 fuzz/make_stepper_seeds.py
"""
import os
import struct

MAX_DOF = 4
# Bytes::scalar's table, by value.
TABLE = {0.0: 0, 1.0: 1, -1.0: 2, 2.0: 3, 0.5: 4, -0.5: 5, 10.0: 6, -10.0: 7, 1e-3: 8, 1e-5: 9, 1e3: 10,
         1e-2: 22, 0.25: 21, 0.2: None, 5.0: 23}
STRATEGIES = ["platt", "platt-improved", "right", "exact"]
RESOLUTIONS = ["primal", "dual", "pgs"]
CORRECTIONS = ["linear-solver", "precomputed", "uncoupled"]
# Scene::read's kExponents, by exponent; Scene::Field's bits.
EXPONENTS = {0: 0, 64: 1, -64: 2, 200: 3, -200: 4, 520: 5, -520: 6, 1000: 7, -1000: 8, 1060: 9, -1060: 10}
FIELDS = {"time-step": 1, "mass": 2, "position": 4, "velocity": 8, "force": 16, "slope": 32, "gap": 64, "settings": 128}


def scalar(value):
    index = TABLE.get(value)
    return bytes([index]) if index is not None else bytes([200]) + struct.pack(">f", value)


def scene(impulse, strategy, resolution, correction, tau_or_beta, x, v, f, eq_rows, ineq_rows, mass=(1, 1, 1, 1),
          steps=8, regularization=0.0, double_exponent=None, double_fields=(), switch_steps=(),
          switch_to=("exact", "primal")):
    kind = int(impulse) | STRATEGIES.index(strategy) << 1 | RESOLUTIONS.index(resolution) << 3
    kind |= CORRECTIONS.index(correction) << 5
    out = bytes([kind, len(x)]) + scalar(1e-3) + scalar(tau_or_beta) + scalar(1e-5) + scalar(regularization)
    out += bytes([20]) + scalar(1.0) + scalar(1e-5) + bytes([1])  # PGS sweeps, omega, tolerance; precompute
    out += bytes([0])  # M diagonal
    for m in mass:
        out += scalar(float(m))
    pad = [0.0] * (MAX_DOF - len(x))
    for xi, vi, fi in zip(list(x) + pad, list(v) + pad, list(f) + pad):
        out += scalar(float(xi)) + scalar(float(vi)) + scalar(float(fi))
    out += bytes([len(eq_rows), len(ineq_rows)])
    for row_id, (a, g0) in enumerate(eq_rows + ineq_rows):
        for entry in list(a) + [0.0] * (MAX_DOF - len(a)):
            out += scalar(float(entry))
        out += scalar(float(g0)) + scalar(0.0) + scalar(0.0) + bytes([row_id % 8])
    out += bytes([steps - 1])
    if double_exponent is not None or switch_steps:
        out += bytes([EXPONENTS[double_exponent or 0], sum(FIELDS[name] for name in double_fields)])
    if switch_steps:
        other_strategy, other_resolution = switch_to
        out += bytes([sum(1 << step for step in switch_steps),
                      STRATEGIES.index(other_strategy) | RESOLUTIONS.index(other_resolution) << 2])
    return out


def main():
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-steppers")
    os.makedirs(folder, exist_ok=True)
    # The paper's corner: a particle at the corner of x ≥ 0, y ≥ 0, pushed into it.
    corner = dict(x=(0, 0), v=(-1, -1), f=(-10, -10), eq_rows=[], ineq_rows=[((1, 0), 0), ((0, 1), 0)])
    # A particle on a rod (an equality) above a floor, in 3 dofs with a box.
    rod = dict(x=(1, 0, 0), v=(0, 1, 0), f=(0, -10, 0), eq_rows=[((1, 0, 0), -1)],
               ineq_rows=[((0, 1, 0), 0), ((0, 0, 1), 0), ((0, 0, -1), 1)])
    seeds = {}
    for strategy in STRATEGIES:
        seeds[f"world-corner-{strategy}"] = scene(False, strategy, "primal", "linear-solver", 1e-2, **corner)
    seeds["world-rod-exact"] = scene(False, "exact", "primal", "linear-solver", 1e-2, mass=(2, 1, 0.5, 1), **rod)
    for strategy in ("platt", "exact"):
        seeds[f"impulse-corner-primal-{strategy}"] = scene(True, strategy, "primal", "linear-solver", 0.2, **corner)
    for resolution in ("dual", "pgs"):
        for correction in CORRECTIONS:
            seeds[f"impulse-rod-{resolution}-{correction}"] = scene(True, "exact", resolution, correction, 0.2,
                                                                    regularization=1e-3, **rod)
    # Double's own range: the corner scaled as a whole by 2^±520 (every length,
    # mass and force, τ kept: a valid scene far beyond float's range), and a force
    # of 2^1000 times the scene's (v overflows in one step).
    everything = ("mass", "position", "velocity", "force", "slope", "gap", "settings")
    for exponent in (520, -520):
        seeds[f"world-corner-exact-double-{'up' if exponent > 0 else 'down'}"] = scene(False, "exact", "primal", "linear-solver", 1e-2,
                                                               double_exponent=exponent, double_fields=everything,
                                                               **corner)
    seeds["impulse-rod-dual-double-force-1000"] = scene(True, "exact", "dual", "linear-solver", 0.2, regularization=1e-3,
                                                        double_exponent=1000, double_fields=("force",), **rod)
    # Strategy switches and back: Platt's carried F+ meets Exact's warm start,
    # Right, and ImpulseWorld's Dual (which carries no set).
    for other in ("exact", "right"):
        seeds[f"world-corner-platt-switch-{other}"] = scene(False, "platt", "primal", "linear-solver", 1e-2,
                                                            switch_steps=(2, 4, 5), switch_to=(other, "primal"),
                                                            **corner)
    seeds["impulse-corner-primal-platt-switch-dual"] = scene(True, "platt", "primal", "linear-solver", 0.2,
                                                             switch_steps=(2, 4), switch_to=("exact", "dual"),
                                                             **corner)
    for name, data in seeds.items():
        with open(os.path.join(folder, name), "wb") as out:
            out.write(data)


if __name__ == "__main__":
    main()
