#!/usr/bin/env python3
"""`make bench`'s export workload (issue 26): `scenec export` of the bench manifest's scenes (the
seed widgets counter, face, graph and push-button, as workload 3 of bench.py builds them) must take
under 100 ms, measured as a whole process with hyperfine, side by side in the same run with
`scenec check` of the same folder (which loads and checks the same scenes and writes nothing: the
reference, so the ratio says what generating the code adds) and `scenec --version` (start-up alone).

Reported: each command's mean, its ratio to `scenec check`, and PASS or FAIL against 100 ms for each
export of one language (the Swift the SwiftPM plugin runs at every build where a scene changed, and
TypeScript: the issue's target, one export of the scenes); all three languages in one command are
timed and shown beside them, not judged (three files, three generators); exits 1 on a FAIL. `--quick` (make test's smoke run) runs each
command once with the given scenec and asserts nothing.

    python3 Benchmarks/export_bench.py [--quick] [--scenec PATH]
"""
import os
import random
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (--quick, --scenec, hyperfine and tables, shared with the other workloads)

WORK = os.path.join(bench.WORK, "export")
TARGET_MS = 100


def main():
    if not os.path.exists(bench.SCENEC):
        sys.exit(f"export_bench: {bench.SCENEC} is missing: run `make build` (or pass --scenec PATH)")
    shutil.rmtree(WORK, ignore_errors=True)
    scenes = os.path.join(WORK, "scenes")
    os.makedirs(scenes)
    # The bench manifest's scenes: the four seed widgets its variants draw.
    used = sorted({variant["scene"] for variant in bench.bench_manifest_all(random.Random(3))})
    for name in used:
        shutil.copy(os.path.join(bench.ROOT, "Scenes", name + ".scene"), scenes)
    out = lambda name: os.path.join(WORK, name)  # noqa: E731
    scenec = bench.SCENEC
    subprocess.run([scenec, "check", scenes], check=True, capture_output=True)
    judged = 2  # the first two exports: one language each
    exports = [
        ("`scenec export --swift` (what the SwiftPM plugin runs)", f"{scenec} export {scenes} --swift {out('Widgets.swift')}"),
        ("`scenec export --ts`", f"{scenec} export {scenes} --ts {out('widgets.ts')}"),
        ("`scenec export --swift --ts --js` (one command)",
         f"{scenec} export {scenes} --swift {out('Widgets.swift')} --ts {out('widgets.ts')} --js {out('widgets.js')}"),
    ]
    references = [
        ("`scenec check` of the same scenes (reference: load and check, nothing written)", f"{scenec} check {scenes}"),
        ("`scenec --version` (start-up alone)", f"{scenec} --version"),
    ]
    commands = [command for _, command in exports + references]
    results = bench.hyperfine(commands, runs=30, warmup=3)
    check = results[len(exports)]["mean"]
    rows, failed = [], []
    for n, ((label, _), r) in enumerate(zip(exports + references, results)):
        verdict = ""
        if n < len(exports) and bench.QUICK:
            verdict = "not judged (--quick: one run of the debug build)"
        elif judged <= n < len(exports):
            verdict = "shown, not judged (three languages in one command)"
        elif n < len(exports):
            passed = r["mean"] * 1000 < TARGET_MS
            verdict = "**PASS**" if passed else "**FAIL**"
            if not passed:
                failed.append(label)
        rows.append([label, bench.ms(r["mean"]) + " ± " + bench.ms(r["stddev"]), bench.ms(r["median"]),
                     bench.ms(r["cpu"]), "%.2f" % (r["mean"] / check), verdict])
    text = f"# scenec export of the bench manifest's scenes ({', '.join(used)})\n\n"
    text += bench.table(["command", "mean ± σ", "median", "CPU (user + sys)", "time / `scenec check`'s",
                         f"mean under {TARGET_MS} ms"], rows)
    text += ("\n\nThe verdict is on the wall-clock mean, what a build waits for. On a loaded machine the wall time "
             "grows with the load (the process waits for a core) while the CPU time stays: compare the two columns.\n")
    print(text)
    os.makedirs(bench.RESULTS, exist_ok=True)
    with open(os.path.join(bench.RESULTS, "export-latest.md"), "w") as f:
        f.write(text)
    if failed:
        sys.exit(f"export_bench: over {TARGET_MS} ms: {'; '.join(failed)}")


if __name__ == "__main__":
    main()
