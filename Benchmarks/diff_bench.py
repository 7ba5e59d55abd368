#!/usr/bin/env python3
"""`make bench-diff`: PixelDiff timed side by side with PyPI pixelmatch and ImageMagick's
`compare -metric AE -fuzz 10%` on pairs of 1000x1000 renders, in one run on one machine.

Pairs (rendered by the release scenec): the counter 3 -> 4 (a small change), the push button's
color (most pixels change: the worst case), the Flo screen with the graph shown (a large change with
text), and the counter against itself (identical). For each pair:

- PixelDiff in-process (Benchmarks/Sources/pixeldiff-bench, median of 15): compare alone, compare
  with a diff image, decoding both PNGs, and decode + compare;
- pixelmatch (PyPI, the pinned version of `make test`): the pixelmatch() call alone, on the pixels
  PixelDiff decoded (its PNG decoding is not counted, in its favour);
- whole processes (median of 15 wall times, taking turns): `pixeldiff-bench --once OLD NEW` (start, decode both,
  compare) against `compare -metric AE -fuzz 10% OLD NEW null:` (start, decode both, compare).

The counts are printed too: PixelDiff's and pixelmatch's must be equal; ImageMagick's fuzz metric
is a different one (no anti-aliasing detection), shown for scale only.

    python3 Benchmarks/diff_bench.py
    python3 Benchmarks/diff_bench.py --quick [--scenec PATH]

--quick is `make test`'s smoke run (bench.py says more): 250×250 pairs, one run each, the debug
tool, no ImageMagick when it is not installed, nothing to quote.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (--quick and --scenec, shared with the other workloads)

ROOT = bench.ROOT
BENCH = bench.BENCH
WORK = os.path.join(bench.WORK, "diff")
RESULTS = bench.RESULTS
SCENEC = bench.SCENEC
TOOL = os.path.join(bench.TOOLS, "pixeldiff-bench")
REFERENCE = os.path.join(ROOT, "Tests", "pixeldiff", "pixelmatch_reference.py")
QUICK = bench.QUICK

# name, scene, old arguments, new arguments: each 1000x1000 pixels.
PAIRS = [
    ("counter 3 -> 4", "counter", ["--size", "1000x1000", "--set", "counter=3"], ["--size", "1000x1000", "--set", "counter=4"]),
    ("button color", "push-button", ["--size", "1000x1000"], ["--size", "1000x1000", "--set", "fillColor=rgb(238, 77, 77)"]),
    ("Flo graph shown", "flo", ["--scale", "1.6666666666666667"], ["--scale", "1.6666666666666667", "--set", "showGraph=true"]),
    ("identical", "counter", ["--size", "1000x1000", "--set", "counter=3"], ["--size", "1000x1000", "--set", "counter=3"]),
]
if QUICK:  # 250x250 (the counter's arcs need about that): the same commands, a sixteenth of the pixels
    SMALL = {"1000x1000": "250x250", "1.6666666666666667": "0.4166666666666667"}
    PAIRS = [(name, scene, [SMALL.get(a, a) for a in old], [SMALL.get(a, a) for a in new]) for name, scene, old, new in PAIRS]


def run(args, **kwargs):
    return subprocess.run(args, check=True, text=True, **kwargs)


def walls(commands, runs):
    """Median wall seconds of each command as a whole process, the commands taking turns so that
    load from elsewhere on the machine falls on all alike (exit status ignored: compare exits 1 on a
    difference). One warm-up round first."""
    times = [[] for _ in commands]
    for _ in range(runs + 1):
        for i, args in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[i].append(time.perf_counter() - start)
    return [statistics.median(t[1:]) for t in times]


def main():
    for tool, hint in [("compare", "apt-get install imagemagick"), ("swift", "Swift 6 on the PATH")]:
        if shutil.which(tool) is None and not (QUICK and tool == "compare"):
            sys.exit("bench-diff: %s not found (%s); `make bench-diff` installs it" % (tool, hint))
    if subprocess.run([sys.executable, REFERENCE, "--version"], stdout=subprocess.DEVNULL).returncode != 0:
        sys.exit("bench-diff: PyPI pixelmatch is not installed; `make bench-diff` installs it")
    if QUICK:
        print("building pixeldiff-bench (debug) ...", flush=True)
        if not bench.OPTIONS.scenec:
            run(["swift", "build", "--product", "scenec"], cwd=ROOT, stdout=subprocess.DEVNULL)
        run(["swift", "build", "--product", "pixeldiff-bench"], cwd=BENCH, stdout=subprocess.DEVNULL)
    else:
        print("building scenec and pixeldiff-bench (release) ...", flush=True)
        run(["make", "-s", "build"], cwd=ROOT, stdout=subprocess.DEVNULL)
        # Linked as `make build` links scenec (static Swift runtime), so start-up is what `scenec diff` will have.
        run(["swift", "build", "-c", "release", "--product", "pixeldiff-bench", "--static-swift-stdlib"], cwd=BENCH,
            stdout=subprocess.DEVNULL)
    os.makedirs(WORK, exist_ok=True)
    os.makedirs(RESULTS, exist_ok=True)
    runs = 1 if QUICK else 15
    imagemagick = shutil.which("compare") is not None
    version = run([sys.executable, REFERENCE, "--version"], stdout=subprocess.PIPE).stdout.strip()
    im = run(["compare", "-version"], stdout=subprocess.PIPE).stdout.splitlines()[0] if imagemagick else "ImageMagick: not installed"

    rows = []
    for name, scene, old_args, new_args in PAIRS:
        print("pair: %s ..." % name, flush=True)
        slug = scene + str(len(rows))
        old, new = os.path.join(WORK, slug + "-old.png"), os.path.join(WORK, slug + "-new.png")
        run([SCENEC, "render", "Scenes/%s.scene" % scene, "-o", old] + old_args, cwd=ROOT)
        run([SCENEC, "render", "Scenes/%s.scene" % scene, "-o", new] + new_args, cwd=ROOT)
        raw = os.path.join(WORK, slug)
        ours = json.loads(run([TOOL, "--repetitions", "1" if QUICK else "15", "--write-raw", raw, old, new],
                              stdout=subprocess.PIPE).stdout)
        size = (ours["width"], ours["height"])
        theirs = json.loads(run([sys.executable, REFERENCE, str(size[0]), str(size[1]), raw + "-old.rgba",
                                 raw + "-new.rgba"], stdout=subprocess.PIPE).stdout)
        if imagemagick:
            ae = subprocess.run(["compare", "-metric", "AE", "-fuzz", "10%", old, new, "null:"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True).stderr.strip()
            our_process, im_process = walls([[TOOL, "--once", old, new],
                                             ["compare", "-metric", "AE", "-fuzz", "10%", old, new, "null:"]], runs)
        else:
            ae, im_process = "-", float("nan")
            our_process, = walls([[TOOL, "--once", old, new]], runs)
        rows.append([
            name, "%dx%d" % size, "%d / %d / %s" % (ours["changed"], theirs["changed"], ae),
            "%.1f ms" % ours["compareMS"], "%.1f ms" % ours["compareWithImageMS"],
            "%.1f ms" % (ours["decodeMS"] + ours["compareMS"]),
            "%s (%.0fx)" % (("%.0f ms" if theirs["seconds"] >= 0.01 else "%.2f ms") % (theirs["seconds"] * 1000),
                            theirs["seconds"] * 1000 / max(ours["compareMS"], 1e-3)),
            "%.1f ms" % (our_process * 1000),
            "%.1f ms (%.1fx)" % (im_process * 1000, im_process / our_process),
        ])
        if ours["changed"] != theirs["changed"]:
            if QUICK:
                sys.exit("bench-diff: PixelDiff counts %d changed pixels, pixelmatch %d" % (ours["changed"], theirs["changed"]))
            print("bench-diff: PixelDiff counts %d changed pixels, pixelmatch %d" % (ours["changed"], theirs["changed"]))

    header = ["pair", "size", "changed: PixelDiff / pixelmatch / IM AE", "PixelDiff compare", "with diff image",
              "PixelDiff decode + compare", "pixelmatch() alone (x PixelDiff compare)", "PixelDiff whole process",
              "IM compare whole process (x PixelDiff)"]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    commit = run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE).stdout.strip()
    report = ["# PixelDiff benchmark", "", "- commit: %s" % commit, "- pixelmatch (PyPI): %s" % version,
              "- %s" % im, "- %d cores" % os.cpu_count(), "", "\n".join(lines)]
    text = "\n".join(report) + "\n"
    print(text)
    with open(os.path.join(RESULTS, "diff-latest.md"), "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
