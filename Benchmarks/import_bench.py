#!/usr/bin/env python3
"""`make bench`'s import workload (issue 25): `scenec import` of every SVG of the Adwaita icon theme
(/usr/share/icons/Adwaita, about 650 files) against librsvg rendering the same files once
(rsvg-convert, one process per file, at the icon's own size), side by side as a ratio.

The import is one process for the whole folder (as a user runs it); librsvg has no batch mode, so
its side is one rsvg-convert per file: process starts are part of what it costs a user, and the
table says so. Median of 3 runs each (1 with --quick, on the first 40 icons).

    python3 Benchmarks/import_bench.py [--quick] [--scenec PATH]
"""
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (--quick and --scenec, shared with the other workloads)

THEME = "/usr/share/icons/Adwaita"
WORK = os.path.join(bench.WORK, "import")


def main():
    if not os.path.isdir(THEME):
        sys.exit(f"import_bench: {THEME} is missing: make test-deps installs adwaita-icon-theme")
    svgs = sorted(os.path.join(d, f) for d, _, files in os.walk(THEME) for f in files if f.endswith(".svg"))
    if bench.QUICK:
        svgs = svgs[:40]
    shutil.rmtree(WORK, ignore_errors=True)
    icons = os.path.join(WORK, "icons")
    os.makedirs(icons)
    for i, path in enumerate(svgs):
        shutil.copyfile(path, os.path.join(icons, f"{i:04d}-{os.path.basename(path)}"))
    runs = 1 if bench.QUICK else 3
    scenes = os.path.join(WORK, "scenes")

    def import_all():
        # A refused file makes the exit status 1; the time is what is measured here.
        subprocess.run([bench.SCENEC, "import", icons, "-o", scenes, "--force"], capture_output=True)

    def render_all():
        out = os.path.join(WORK, "rsvg.png")
        for name in sorted(os.listdir(icons)):
            subprocess.run(["rsvg-convert", "-o", out, os.path.join(icons, name)], check=True, capture_output=True)

    def timed(work):
        times = []
        for _ in range(runs):
            start = time.monotonic()
            work()
            times.append(time.monotonic() - start)
        return statistics.median(times)

    scenec_s = timed(import_all)
    rsvg_s = timed(render_all)
    table = [
        f"# scenec import against librsvg ({len(svgs)} Adwaita icons)",
        "",
        "| work | median of %d | per icon |" % runs,
        "| --- | --- | --- |",
        f"| `scenec import` of the folder (one process) | {scenec_s:.2f} s | {1000 * scenec_s / len(svgs):.2f} ms |",
        f"| librsvg rendering each icon once (`rsvg-convert`, one process each) | {rsvg_s:.2f} s | {1000 * rsvg_s / len(svgs):.2f} ms |",
        f"| ratio import / render | {scenec_s / rsvg_s:.2f} | |",
        "",
    ]
    text = "\n".join(table)
    print(text)
    os.makedirs(bench.RESULTS, exist_ok=True)
    with open(os.path.join(bench.RESULTS, "import-latest.md"), "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
