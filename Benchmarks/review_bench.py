#!/usr/bin/env python3
"""Reviewing with scenec, measured side by side with what a user would otherwise run, in one run:

1. `scenec diff --rev` over a change to one component used by five scenes with three variants each
   (a git repository made here): the whole review, structural and pixels at @2x;
2. `scenec test` over the bench manifest's 103 variants with references present and one variant
   changed, against the loop a user would otherwise write: render each variant's SVG with
   `rsvg-convert -z 2` and compare it with its reference PNG with ImageMagick's `compare`.

Results go to standard output and Benchmarks/results/review-latest.md (docs/performance.md
quotes a run). `--quick` is `make test`'s smoke run (bench.py says more): a few variants, each
command once, the loop left out when ImageMagick is not installed, nothing to quote.

    python3 Benchmarks/review_bench.py [--quick [--scenec PATH]]
"""
import json
import re
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the bench manifest, shared with the batch workload)

ROOT = bench.ROOT
WORK = os.path.join(bench.WORK, "review")
SCENEC = bench.SCENEC
QUICK = bench.QUICK


def run(args, **kwargs):
    return subprocess.run(args, check=True, text=True, **kwargs)


def timed(args, runs, cwd, prepare=None, ok=(0, 1)):
    """Median wall time of a command over `runs` runs (after one warm-up), exit status in `ok`."""
    times = []
    for i in range(runs + 1):
        if prepare:
            prepare()
        start = time.perf_counter()
        result = subprocess.run(args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, shell=isinstance(args, str))
        elapsed = time.perf_counter() - start
        if result.returncode not in ok:
            sys.exit("review bench: %s exited %d" % (args, result.returncode))
        if i > 0:
            times.append(elapsed)
    return statistics.median(times)


def git(args, cwd):
    run(["git", "-c", "user.name=bench", "-c", "user.email=bench@example", "-c", "commit.gpgsign=false"] + args, cwd=cwd,
        stdout=subprocess.DEVNULL)


# 1. diff --rev ------------------------------------------------------------------------------------

def component_review():
    repo = os.path.join(WORK, "component-repo")
    shutil.rmtree(repo, ignore_errors=True)
    scenes = os.path.join(repo, "Scenes")
    os.makedirs(scenes)
    shutil.copy(os.path.join(ROOT, "Scenes", "push-button.scene"), scenes)
    # Five screens, each placing the button (the component) with its own size and color.
    variants = []
    for i in range(5):
        with open(os.path.join(scenes, "screen-%d.scene" % i), "w") as f:
            f.write('<scene width="300" height="200">\n'
                    '  <param name="tint" type="color" default="rgb(%d, 120, 200)"/>\n'
                    '  <rect width="width" height="height" fill="#f4f4f4"/>\n'
                    '  <use src="push-button.scene" x="%d" y="40" width="120" height="120" fillColor="tint"/>\n'
                    '  <use src="push-button.scene" x="170" y="60" width="80" height="80" isAddButton="false"/>\n'
                    '</scene>\n' % (40 * i, 20 + i * 5))
        for v, tint in enumerate(["red", "teal", "navy"]):
            variants.append({"name": "screen-%d-%s" % (i, tint), "scene": "screen-%d" % i, "parameters": {"tint": tint}})
    with open(os.path.join(scenes, "scenes.json"), "w") as f:
        json.dump({"scales": [2], "variants": variants}, f, indent=1)
    git(["init", "-q", "-b", "main"], repo)
    git(["add", "-A"], repo)
    git(["commit", "-q", "-m", "screens"], repo)
    # The change under review: the button's plus and minus get thicker, in the component only.
    path = os.path.join(scenes, "push-button.scene")
    with open(path) as f:
        text = f.read()
    assert '<let name="plusHeight" value="3.0"/>' in text
    with open(path, "w") as f:
        f.write(text.replace('<let name="plusHeight" value="3.0"/>', '<let name="plusHeight" value="4.0"/>'))
    result = subprocess.run([SCENEC, "diff", "--rev", "main", "--json"], cwd=repo, stdout=subprocess.PIPE, text=True)
    report = json.loads(result.stdout)
    changed = sum(1 for v in report["variants"] if v["status"] == "changed")
    runs = 1 if QUICK else 7
    # --no-cache: every run renders both sides, as the first review of a change does.
    full = timed([SCENEC, "diff", "--rev", "main", "--no-cache"], runs, repo)
    structural = timed([SCENEC, "diff", "--rev", "main", "--structural-only"], runs, repo)
    page = timed([SCENEC, "diff", "--rev", "main", "--html", os.path.join(WORK, "page"), "--no-cache"], runs, repo)
    # Again with the render cache (filled by the run before): nothing changed, nothing rendered.
    subprocess.run([SCENEC, "diff", "--rev", "main"], cwd=repo, stdout=subprocess.DEVNULL)
    cached = timed([SCENEC, "diff", "--rev", "main"], runs, repo)
    rows = [["`scenec diff --rev main --no-cache` (structure and pixels at @2x)", "%.0f ms" % (full * 1000),
             "%.1f ms" % (full * 1000 / changed)],
            ["`scenec diff --rev main` again, both sides' renders from the cache", "%.0f ms" % (cached * 1000),
             "%.1f ms" % (cached * 1000 / changed)],
            ["`scenec diff --rev main --structural-only`", "%.0f ms" % (structural * 1000),
             "%.1f ms" % (structural * 1000 / changed)],
            ["`scenec diff --rev main --html DIR --no-cache` (and the review page)", "%.0f ms" % (page * 1000), "%.1f ms" % (page * 1000 / changed)]]
    text = bench.table(["command (one component changed, used by 5 scenes × 3 variants)", "median", "per changed variant"], rows)
    text += ("\n\n%d variants reported changed: the button's own and the %d screen variants that use it, each through "
             "its `<use>`." % (changed, len(variants)))
    return text


# 2. test vs a render-and-compare loop ---------------------------------------------------------------

def snapshot_tests():
    folder = os.path.join(WORK, "snapshots")
    shutil.rmtree(folder, ignore_errors=True)
    scenes = os.path.join(folder, "Scenes")
    os.makedirs(scenes)
    for seed in bench.SEEDS:
        shutil.copy(os.path.join(ROOT, "Scenes", seed + ".scene"), scenes)
    variants = bench.bench_manifest()
    with open(os.path.join(scenes, "scenes.json"), "w") as f:
        json.dump({"variants": variants}, f, indent=1)
    with open(os.path.join(scenes, "svg-only.json"), "w") as f:
        json.dump({"scales": [], "svg": True, "variants": variants}, f, indent=1)
    # References, recorded once; then one variant changes (a button's color in the manifest).
    run([SCENEC, "test", "Scenes", "--record", "all"], cwd=folder, stderr=subprocess.DEVNULL)
    with open(os.path.join(scenes, "scenes.json")) as f:
        manifest = json.load(f)
    manifest["variants"][0]["parameters"]["fillColor"] = "rgb(250, 10, 10)"
    with open(os.path.join(scenes, "scenes.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    svg_manifest = dict(manifest, scales=[], svg=True)
    with open(os.path.join(scenes, "svg-only.json"), "w") as f:
        json.dump(svg_manifest, f, indent=1)
    # The loop's inputs: the variants' SVGs (made beforehand, in its favour) and the same references.
    svgs = os.path.join(folder, "svgs")
    run([SCENEC, "build", "Scenes", "-o", svgs, "--manifest", os.path.join(scenes, "svg-only.json")], cwd=folder,
        stderr=subprocess.DEVNULL)
    loop = os.path.join(folder, "loop.sh")
    with open(loop, "w") as f:
        f.write("#!/bin/sh\n# What a user would run without scenec test: render each variant, compare with its reference.\n"
                "failed=0\nmkdir -p new\nfor svg in svgs/*.svg; do\n  name=$(basename \"$svg\" .svg)\n"
                "  rsvg-convert -z 2 \"$svg\" -o \"new/$name@2x.png\"\n"
                "  compare -metric AE -fuzz 10% \"Scenes/__snapshots__/$name@2x.png\" \"new/$name@2x.png\" null: 2>/dev/null"
                " || failed=$((failed + 1))\ndone\necho \"$failed failed\"\n[ $failed -eq 0 ]\n")
    imagemagick = shutil.which("compare") is not None
    out = subprocess.run(["sh", loop], cwd=folder, stdout=subprocess.PIPE, text=True).stdout.strip() if imagemagick \
        else "(not run: ImageMagick is not installed)"
    ours = subprocess.run([SCENEC, "test", "Scenes"], cwd=folder, stderr=subprocess.PIPE, text=True, env=dict(os.environ, CI="1"))
    if ours.returncode != 1 or "1 failed" not in ours.stderr:
        sys.exit("review bench: `scenec test` should fail the one changed variant:\n" + ours.stderr)
    runs = 1 if QUICK else 5
    # --no-cache: every variant compiled, rendered and compared, as the loop does.
    test = timed([SCENEC, "test", "Scenes", "--no-cache"], runs, folder)
    test1 = timed([SCENEC, "test", "Scenes", "--jobs", "1", "--no-cache"], runs, folder)
    # With the cache the earlier runs filled: the clean passes are skipped, the changed variant compared.
    cached = timed([SCENEC, "test", "Scenes"], runs, folder)
    said = subprocess.run([SCENEC, "test", "Scenes"], cwd=folder, stderr=subprocess.PIPE, text=True).stderr
    skipped = int(re.search(r"test: (\d+) variants? unchanged", said).group(1)) if "unchanged since" in said else 0
    shell = timed("sh loop.sh", runs, folder) if imagemagick else float("nan")
    rows = [["`scenec test --no-cache` (%d variants, all cores)" % len(variants), "%.2f s" % test, "**%.1f×**" % (shell / test)],
            ["`scenec test --jobs 1 --no-cache`", "%.2f s" % test1, "**%.1f×**" % (shell / test1)],
            ["`scenec test` again, with the cache: %d clean passes skipped, the others compared" % skipped, "%.2f s" % cached, "**%.1f×**" % (shell / cached)],
            ["loop: `rsvg-convert -z 2` + ImageMagick `compare -metric AE -fuzz 10%` per variant", "%.2f s" % shell, "1.0×"]]
    text = bench.table(["command (references present, one variant changed)", "median", "speed-up over the loop"], rows)
    text += ("\n\n`scenec test` said: %s The loop said: %s (its fuzz metric is not pixelmatch's; it finds the one changed "
             "variant too)." % (ours.stderr.strip().splitlines()[-1], out))
    return text


def main():
    for tool in ["compare", "rsvg-convert", "git"]:
        if not (QUICK and tool == "compare"):
            bench.need(tool, "`make bench` installs it")
    os.makedirs(WORK, exist_ok=True)
    os.makedirs(bench.RESULTS, exist_ok=True)
    report = ["# Reviewing with scenec", ""]
    for title, function in [("5. `scenec diff --rev` over a component change", component_review),
                            ("6. `scenec test` against a render-and-compare loop", snapshot_tests)]:
        print("running: %s ..." % title, flush=True)
        report += ["## " + title, "", function(), ""]
        print("\n".join(report[-3:]), flush=True)
    commit = run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE).stdout.strip()
    report.insert(1, "- commit: %s" % commit)
    with open(os.path.join(bench.RESULTS, "review-latest.md"), "w") as f:
        f.write("\n".join(report) + "\n")


if __name__ == "__main__":
    main()
