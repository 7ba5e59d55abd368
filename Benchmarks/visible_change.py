#!/usr/bin/env python3
"""False alarms of `scenec test`'s pixel measure on the bench manifest (docs/snapshots.md).

References of the bench manifest's variants are recorded once, then compared again (`CI=true
scenec test --no-cache`) after each of these, for scenec's default measure (CIEDE2000 above 2)
and for pixelmatch's threshold 0.1 (the manifest's `"snapshot": {"threshold": 0.1}`):

- nothing: the same scenes rendered twice;
- every seed's drawing moved by 0.00005 pt (below the structural tolerance, 0.0001): a change no
  one can see, whose pixels may still differ by a rounding along edges;
- moved by 0.01, 0.1 and 0.5 pt (0.02, 0.2 and 1 pixel at the snapshot scale 2): sub-pixel moves
  and a whole pixel, to show where each measure starts to see a move;
- the buttons' fill one 8-bit step darker, and 10% darker: invisible and plainly visible.

Prints a Markdown table: variants failing out of all, and notes of pixels changed below the threshold.
Use: python3 Benchmarks/visible_change.py [--quick] [--scenec PATH]  (default: .build/release/scenec)
"""
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the bench manifest)

WORK = os.path.join(bench.WORK, "visible-change")


def write_manifest(scenes, variants, threshold, darker=None):
    out = []
    for v in variants:
        v = json.loads(json.dumps(v))
        if threshold is not None:
            v["snapshot"] = {"threshold": threshold}
        if darker and "fillColor" in v.get("parameters", {}):
            v["parameters"]["fillColor"] = darker(v["parameters"]["fillColor"])
        out.append(v)
    with open(os.path.join(scenes, "scenes.json"), "w") as f:
        json.dump({"variants": out}, f, indent=1)


def move(scenes, offset):
    """A `<translate>` after the last <param> of each seed: every later sibling moves by `offset`."""
    for seed in bench.SEEDS:
        source = os.path.join(bench.ROOT, "Scenes", seed + ".scene")
        with open(source) as f:
            text = f.read()
        if offset:
            params = list(re.finditer(r"<param\b[^>]*/>", text))
            at = params[-1].end() if params else re.search(r"<scene\b[^>]*>", text).end()
            text = text[:at] + '\n<translate x="%s" y="%s"/>' % (offset, offset) + text[at:]
        with open(os.path.join(scenes, seed + ".scene"), "w") as f:
            f.write(text)


def rgb(step):
    def darker(color):
        r, g, b = map(int, re.findall(r"\d+", color))
        f = (lambda c: max(0, c - 1)) if step == 1 else (lambda c: int(round(c * 0.9)))
        return "rgb(%d, %d, %d)" % (f(r), f(g), f(b))
    return darker


def main():
    folder = os.path.join(WORK, "library")
    shutil.rmtree(folder, ignore_errors=True)
    scenes = os.path.join(folder, "Scenes")
    os.makedirs(scenes)
    variants = bench.bench_manifest()
    cases = [("rendered twice", 0, None), ("moved 0.00005 pt (below the tolerance)", 0.00005, None),
             ("moved 0.01 pt", 0.01, None), ("moved 0.1 pt", 0.1, None), ("moved 0.5 pt", 0.5, None),
             ("button fill one 8-bit step darker", 0, rgb(1)), ("button fill 10% darker", 0, rgb(10))]
    print("| Measure | Change | Variants failing | Notes: changed below the threshold | Largest difference below |")
    print("| --- | --- | --- | --- | --- |", flush=True)
    for label, threshold in [("CIEDE2000 > 2 (default)", None), ("pixelmatch threshold 0.1", 0.1)]:
        move(scenes, 0)
        write_manifest(scenes, variants, threshold)
        subprocess.run([bench.SCENEC, "test", "Scenes", "--record", "all", "--no-cache"], cwd=folder,
                       stderr=subprocess.DEVNULL, check=True)
        for case, offset, darker in cases:
            move(scenes, offset)
            write_manifest(scenes, variants, threshold, darker)
            env = dict(os.environ, CI="true")
            r = subprocess.run([bench.SCENEC, "test", "Scenes", "--no-cache"], cwd=folder, env=env,
                               capture_output=True, text=True)
            summary = re.search(r"(\d+) variants?: (\d+) passed, (\d+) failed", r.stderr)
            below = len(re.findall(r"changed below the threshold", r.stderr))
            largest = [float(x) for x in re.findall(r"largest difference ([0-9.]+)", r.stderr)]
            row = (label, case, "%s of %s" % (summary.group(3), summary.group(1)), below,
                   "%.2f" % max(largest) if largest else "–")
            print("| %s | %s | %s | %d | %s |" % row, flush=True)


if __name__ == "__main__":
    main()
