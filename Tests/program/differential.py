#!/usr/bin/env python3
"""Differential check: two scenec binaries give byte-identical results on every scene.

    python3 Tests/program/differential.py BASE_SCENEC NEW_SCENEC [--corpus]

For every .scene file in the repository (Scenes/, Tests/**, docs/, Benchmarks/ …) it runs
`scenec render FILE -o -` (the SVG, the diagnostics, the exit status) and `scenec dump FILE` with
both binaries, from the repository root, and compares standard output, standard error and exit
status byte for byte. With --corpus it also renders every file of Fuzz/corpus (as a scene).
Prints each difference and exits 1 if there is any. A refactoring of the compiler's middle (the
resolved program, issue 24) must leave all of these unchanged; build the base binary from the
commit before the change.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(binary, args):
    try:
        p = subprocess.run([binary] + args, cwd=ROOT, capture_output=True, timeout=120)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", b"", b""


def scenes():
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "node_modules")
        for name in sorted(files):
            if name.endswith(".scene"):
                found.append(os.path.relpath(os.path.join(folder, name), ROOT))
    return found


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    base, new = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    cases = [(path, ["render", path, "-o", "-"]) for path in scenes()]
    cases += [(path, ["dump", path]) for path in scenes()]
    if "--corpus" in sys.argv[3:]:
        corpus = os.path.join("Fuzz", "corpus")
        cases += [(os.path.join(corpus, n), ["render", os.path.join(corpus, n), "-o", "-"])
                  for n in sorted(os.listdir(os.path.join(ROOT, corpus)))]
    differences = 0
    for path, args in cases:
        a, b = run(base, args), run(new, args)
        if a != b:
            differences += 1
            what = [name for name, x, y in zip(("exit status", "stdout", "stderr"), a, b) if x != y]
            print(f"DIFFERENT {' '.join(args)}: {', '.join(what)}", flush=True)
    print(f"{len(cases)} runs, {differences} different")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
