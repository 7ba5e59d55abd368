#!/usr/bin/env python3
"""`make bench`: scenec measured side by side with rsvg-convert (and resvg) in one run.

Four fixed workloads, each reported as a table with ratios:

1. compile only: scene -> SVG in-process, per seed scene (Benchmarks/Sources/scenec-bench);
2. whole process: `scenec render Scenes/counter.scene -o c.png` against `rsvg-convert` (and `resvg`)
   rendering the same SVG to PNG, with hyperfine;
3. batch: the seed widgets' variants (bench manifest: >= 100 variants x @1x/@2x/@3x) with
   `scenec build` against a shell loop of `rsvg-convert` (and `resvg`) over the same SVGs, and against
   the rasterizer's floor: the same PNGs rendered in-process by librsvg and encoded by libpng on all
   cores with nothing else (Benchmarks/Sources/raster-floor);
4. growth: generated scenes of 10^4, 10^5 and 10^6 shapes compiled to SVG: wall time and peak memory
   (wall clock, and peak memory from GNU time), per shape, and the time against libxml2's own stream
   parse of the SVG written (`xmllint --noout --stream`).

Each target of issue 24 is reported with its ratio and whether it is met, in a last section "Targets".

Performance is only ever measured here, as ratios taken in the same run on the same machine; the
test suite has no timed tests. Results go to standard output and Benchmarks/results/latest.md
(not committed; README's "Performance" section quotes a run).

    python3 Benchmarks/bench.py [--only N]
    python3 Benchmarks/bench.py --quick [--scenec PATH]

--only N runs one workload (while working on it). --quick is the smoke run `make test` does so that a
change that breaks the benchmark fails CI: tiny sizes, one run of each command, no timing asserted
(nothing to quote), hyperfine's workloads run once without it when it is not installed, the given
scenec (`make test` passes the debug build) and the in-process tools built in debug; its tables go
to Benchmarks/.work/quick-results/.
"""
import datetime
import json
import struct
import zlib
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "Benchmarks")
WORK = os.path.join(BENCH, ".work")
# GNU time, for a child's peak memory (see measure_process); Debian package `time`.
GNU_TIME = "/usr/bin/time"


def parse_options(argv=None, only=True):
    """The options of bench.py and of the scripts that import it (diff_bench.py, review_bench.py):
    an unknown option or `--help` stops before anything is built or run."""
    import argparse
    main = sys.modules.get("__main__")
    parser = argparse.ArgumentParser(
        prog=os.path.basename(sys.argv[0]),
        description=(main.__doc__ or "").split("\n")[0] if main else None)
    parser.add_argument("--quick", action="store_true",
                        help="every workload once at tiny sizes with the debug build, no timing asserted "
                             "(what `make test` runs so that the benchmark cannot rot)")
    if only:
        parser.add_argument("--only", choices=["1", "2", "3", "4"],
                            help="run one workload (while working on it); README figures come from a whole run")
    parser.add_argument("--scenec", metavar="PATH",
                        help="the scenec binary to measure (default: .build/release/scenec, built as `make build` does)")
    return parser.parse_args(argv)


OPTIONS = parse_options(only=os.path.basename(sys.argv[0]) == "bench.py")
QUICK = OPTIONS.quick
RESULTS = os.path.join(WORK, "quick-results") if QUICK else os.path.join(BENCH, "results")
ONLY = getattr(OPTIONS, "only", None)
SCENEC = os.path.abspath(OPTIONS.scenec) if OPTIONS.scenec else os.path.join(ROOT, ".build", "release", "scenec")
# The in-process tools (scenec-bench, pixeldiff-bench): release builds for figures, debug for --quick.
TOOLS = os.path.join(BENCH, ".build", "debug" if QUICK else "release")
SEEDS = ["counter", "face", "graph", "push-button"]


def run(args, **kwargs):
    return subprocess.run(args, check=True, text=True, **kwargs)


def output(args):
    return run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout.strip()


def need(tool, hint):
    if shutil.which(tool) is None:
        sys.exit("bench: %s not found (%s); `make bench` installs it" % (tool, hint))


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    with open("/proc/meminfo") as f:
        memory = int(f.readline().split()[1]) // (1024 * 1024)
    commit = output(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"])
    dirty = output(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"])
    return {
        "date": datetime.date.today().isoformat(),
        "commit": commit + (" (with uncommitted changes)" if dirty else ""),
        "cpu": "%s, %d cores" % (model, os.cpu_count()),
        "memory": "%d GiB" % memory,
        "os": platform.platform(),
        "swift": output(["swift", "--version"]).splitlines()[0],
        "rsvg-convert": output(["rsvg-convert", "--version"]),
        "resvg": output(["resvg", "--version"]) if shutil.which("resvg") else "not installed",
        "hyperfine": output(["hyperfine", "--version"]) if shutil.which("hyperfine") else "not installed",
    }


def build():
    if QUICK:
        print("building the in-process benchmark tools (debug) ...", flush=True)
        if not OPTIONS.scenec:
            run(["swift", "build", "--product", "scenec"], cwd=ROOT, stdout=subprocess.DEVNULL)
        run(["swift", "build"], cwd=BENCH, stdout=subprocess.DEVNULL)
        return
    print("building scenec (release, as `make build` does) and the in-process benchmark ...", flush=True)
    run(["make", "-s", "build"], cwd=ROOT, stdout=subprocess.DEVNULL)
    run(["swift", "build", "-c", "release"], cwd=BENCH, stdout=subprocess.DEVNULL)


def hyperfine(commands, runs, prepare=None, warmup=3):
    """Mean, stddev, min and median seconds per command, measured in one hyperfine run. In --quick mode
    each command runs once (after `prepare`), through hyperfine when it is installed, else directly."""
    if QUICK:
        runs, warmup = 1, 0
        if shutil.which("hyperfine") is None:
            results = []
            for command in commands:
                if prepare:
                    run(prepare, shell=True)
                start = time.perf_counter()
                run(command, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                elapsed = time.perf_counter() - start
                results.append({"mean": elapsed, "stddev": 0.0, "min": elapsed, "median": elapsed, "cpu": elapsed})
            return results
    export = os.path.join(WORK, "hyperfine.json")
    args = ["hyperfine", "--style", "none", "--warmup", str(warmup), "--runs", str(runs), "--export-json", export]
    if prepare:
        args += ["--prepare", prepare]
    if all(" | " not in c and ";" not in c for c in commands):
        args.append("-N")  # no intermediate shell: measures the programs, not sh
    run(args + commands, stdout=subprocess.DEVNULL)
    with open(export) as f:
        results = json.load(f)["results"]
    # cpu: user + system time, which other work on the shared cores disturbs less than wall time.
    return [{"mean": r["mean"], "stddev": r["stddev"] or 0.0, "min": r["min"], "median": r["median"],
             "cpu": r["user"] + r["system"]} for r in results]


# Each target's line for the last section: (target, measured, bound, met).
TARGETS = []


def target(name, measured, bound, met):
    TARGETS.append([name, measured, bound, "met" if met else "**missed**"])


def ms(seconds):
    return "%.1f ms" % (seconds * 1000)


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


# 1. Compile only ------------------------------------------------------------------------------

libxml2_parse_cache = {}


def compile_only():
    binary = os.path.join(TOOLS, "scenec-bench")
    iterations, repetitions = ("2", "1") if QUICK else ("300", "21")
    text = output([binary, "--iterations", iterations, "--repetitions", repetitions]
                  + [os.path.join(ROOT, "Scenes", s + ".scene") for s in SEEDS])
    stages = {}
    for line in text.splitlines():
        scene, stage, median, low, high = line.split("\t")
        stages.setdefault(scene, {})[stage] = float(median)
    rows = []
    for scene in SEEDS:
        s = stages[scene]
        parse = libxml2_parse(os.path.join(ROOT, "Scenes", scene + ".scene"), int(iterations), int(repetitions))
        libxml2_parse_cache[scene] = parse
        rows.append([scene, "%.0f µs" % s["load"], "%.0f µs" % s["evaluate"], "%.0f µs" % s["svg"],
                     "**%.0f µs**" % s["compile"], "%.2f" % (s["compile"] / 1000), "%.0f µs" % parse,
                     "**%.2f**" % (s["compile"] / parse), "%.0f µs" % s["png1x"]])
    worst = max(stages[scene]["compile"] / libxml2_parse_cache[scene] for scene in SEEDS)
    target("compile of each seed scene / libxml2's parse of it (the largest)", "%.2f×" % worst, "≤ 2×", worst <= 2)
    text = table(["scene", "parse + check", "evaluate", "SVG text", "compile (all three)", "compile / 1 ms",
                  "libxml2 alone: parse to a tree", "compile / libxml2's parse (target ≤ 2)",
                  "PNG @1x in-process (librsvg)"], rows)
    text += ("\n\nlibxml2 alone: `xmlReadMemory` (with the options scenec gives libxml2: no network, no error "
             "printing) and `xmlFreeDoc` of the same bytes, called through ctypes from this script (about 1 µs a call "
             "of its own), median per parse over the same batches.")
    return text, stages


def libxml2_parse(path, iterations, repetitions):
    """Median µs of libxml2's own parse of a file into a tree and freeing it: the reference the compile
    is measured against (issue: compile within 2× of libxml2's parse)."""
    import ctypes
    xml = ctypes.CDLL("libxml2.so.2")
    xml.xmlReadMemory.restype = ctypes.c_void_p
    xml.xmlReadMemory.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int]
    xml.xmlFreeDoc.argtypes = [ctypes.c_void_p]
    with open(path, "rb") as f:
        data = f.read()
    options = 2048 | 32 | 64 | 2097152  # XML_PARSE_NONET | NOERROR | NOWARNING | IGNORE_ENC
    read, free, size = xml.xmlReadMemory, xml.xmlFreeDoc, len(data)
    for _ in range(max(1, iterations // 10)):
        free(read(data, size, None, None, options))
    samples = []
    for _ in range(repetitions):
        start = time.perf_counter()
        for _ in range(iterations):
            doc = read(data, size, None, None, options)
            if not doc:
                sys.exit("bench: libxml2 could not parse %s" % path)
            free(doc)
        samples.append((time.perf_counter() - start) / iterations * 1e6)
    return statistics.median(samples)


# 2. Whole process ------------------------------------------------------------------------------

def whole_process():
    folder = os.path.join(WORK, "process")
    os.makedirs(folder, exist_ok=True)
    svg = os.path.join(folder, "counter.svg")
    run([SCENEC, "render", os.path.join(ROOT, "Scenes", "counter.scene"), "-o", svg])
    commands = [
        "%s render %s -o %s" % (SCENEC, os.path.join(ROOT, "Scenes", "counter.scene"), os.path.join(folder, "scenec.png")),
        "rsvg-convert %s -o %s" % (svg, os.path.join(folder, "rsvg.png")),
        "%s render %s -o %s" % (SCENEC, os.path.join(ROOT, "Scenes", "counter.scene"), os.path.join(folder, "scenec.svg")),
        "%s --version" % SCENEC,
        "rsvg-convert --version",
    ]
    labels = ["`scenec render counter.scene -o c.png` (compiles, then renders)",
              "`rsvg-convert counter.svg -o c.png` (renders the SVG scenec wrote)",
              "`scenec render counter.scene -o c.svg` (compile only)",
              "`scenec --version` (start-up alone)",
              "`rsvg-convert --version` (start-up alone)"]
    if shutil.which("resvg"):
        commands.append("%s %s %s" % (shutil.which("resvg"), svg, os.path.join(folder, "resvg.png")))
        labels.append("`resvg counter.svg c.png`")
    results = hyperfine(commands, runs=60, warmup=5)
    reference, cpu = results[1]["mean"], results[1]["cpu"]
    rows = [[label, ms(r["mean"]) + " ± " + ms(r["stddev"]), ms(r["median"]), "%.2f" % (r["mean"] / reference),
             ms(r["cpu"]), "%.2f" % (r["cpu"] / cpu)]
            for label, r in zip(labels, results)]
    text = table(["command", "mean ± σ", "median", "time / rsvg-convert's", "CPU (user + sys)", "CPU / rsvg-convert's"], rows)
    # Where start-up goes: every shared library is mapped and relocated before main().
    libraries = {}
    for name, binary in [("scenec", SCENEC), ("rsvg-convert", shutil.which("rsvg-convert"))]:
        listed = subprocess.run(["ldd", binary], stdout=subprocess.PIPE, text=True).stdout
        libraries[name] = sum(1 for line in listed.splitlines() if "=>" in line or line.strip().startswith("/"))
    text += ("\n\nShared libraries loaded at start-up (`ldd`): scenec %d, rsvg-convert %d."
             % (libraries["scenec"], libraries["rsvg-convert"]))
    return text, results


# 3. Batch --------------------------------------------------------------------------------------

def bench_manifest():
    """>= 100 variants of the seed widgets, deterministic (a fixed random seed)."""
    rng = random.Random(3)
    variants = []
    if QUICK:  # a few of each kind, not a workload
        return [v for i, v in enumerate(bench_manifest_all(rng)) if i % 12 == 0]
    return bench_manifest_all(rng)


def bench_manifest_all(rng):
    variants = []
    for i in range(15):
        rgb = "rgb(%d, %d, %d)" % (40 + i * 13, 200 - i * 9, 120 + i * 7)
        variants.append({"name": "plus-%02d" % i, "scene": "push-button", "parameters": {"fillColor": rgb}})
        variants.append({"name": "minus-%02d" % i, "scene": "push-button", "size": "50x50",
                         "parameters": {"isAddButton": "false", "fillColor": rgb}})
    for scheme, (arc, outline) in enumerate([("rgb(87, 218, 213)", "rgb(34, 110, 100)"), ("orange", "brown"),
                                              ("#9b59b6", "#4a235a")]):
        for count in range(9):
            variants.append({"name": "counter-%d-%d" % (scheme, count), "scene": "counter",
                             "parameters": {"counter": str(count), "counterColor": arc, "outlineColor": outline}})
    for i in range(21):
        variants.append({"name": "face-%02d" % i, "scene": "face", "parameters": {"smiliness": "%.1f" % (-1 + i * 0.1)}})
    for i in range(25):
        points = ",".join(str(rng.randint(1, 9)) for _ in range(rng.randint(2, 10)))
        variants.append({"name": "graph-%02d" % i, "scene": "graph", "parameters": {"graphPoints": points}})
    return variants


def batch():
    folder = os.path.join(WORK, "batch")
    shutil.rmtree(folder, ignore_errors=True)
    scenes = os.path.join(folder, "scenes")
    os.makedirs(scenes)
    for seed in SEEDS:
        shutil.copy(os.path.join(ROOT, "Scenes", seed + ".scene"), scenes)
    variants = bench_manifest()
    with open(os.path.join(scenes, "scenes.json"), "w") as f:
        json.dump({"scales": [1, 2, 3], "svg": False, "variants": variants}, f, indent=1)
    with open(os.path.join(scenes, "svg-only.json"), "w") as f:
        json.dump({"scales": [], "svg": True, "variants": variants}, f, indent=1)
    # The SVGs the rsvg-convert loop renders: exactly the documents scenec rasterizes.
    svgs = os.path.join(folder, "svgs")
    run([SCENEC, "build", scenes, "-o", svgs, "--manifest", os.path.join(scenes, "svg-only.json")],
        stderr=subprocess.DEVNULL)
    count = len(variants)
    pngs = count * 3

    loop = os.path.join(folder, "rsvg-loop.sh")
    with open(loop, "w") as f:
        f.write("#!/bin/sh\n# One rsvg-convert per PNG, as a Makefile or shell script without scenec would.\nset -e\n"
                "mkdir -p \"$2\"\nfor svg in \"$1\"/*.svg; do\n  name=$(basename \"$svg\" .svg)\n"
                "  rsvg-convert \"$svg\" -o \"$2/$name.png\"\n"
                "  rsvg-convert -z 2 \"$svg\" -o \"$2/$name@2x.png\"\n"
                "  rsvg-convert -z 3 \"$svg\" -o \"$2/$name@3x.png\"\ndone\n")
    resvg_loop = os.path.join(folder, "resvg-loop.sh")
    with open(resvg_loop, "w") as f:
        f.write("#!/bin/sh\nset -e\nmkdir -p \"$2\"\nfor svg in \"$1\"/*.svg; do\n  name=$(basename \"$svg\" .svg)\n"
                "  resvg \"$svg\" \"$2/$name.png\"\n"
                "  resvg --zoom 2 \"$svg\" \"$2/$name@2x.png\"\n"
                "  resvg --zoom 3 \"$svg\" \"$2/$name@3x.png\"\ndone\n")
    out = {k: os.path.join(folder, "out-" + k) for k in ["scenec", "scenec1", "rsvg", "resvg"]}
    clean = "rm -rf " + " ".join(out.values())
    commands = [
        "%s build %s -o %s --progress lines" % (SCENEC, scenes, out["scenec"]),
        "%s build %s -o %s --progress lines --jobs 1" % (SCENEC, scenes, out["scenec1"]),
        "sh %s %s %s" % (loop, svgs, out["rsvg"]),
    ]
    labels = ["`scenec build` (%d variants, all cores; outputs and cache deleted before each run)" % count, "`scenec build --jobs 1`",
              "shell loop of `rsvg-convert` over the SVGs"]
    results = hyperfine(commands, runs=5, prepare=clean, warmup=1)
    if shutil.which("resvg"):
        results += hyperfine(["sh %s %s %s" % (resvg_loop, svgs, out["resvg"])], runs=2, prepare=clean, warmup=0)
        labels.append("shell loop of `resvg` over the SVGs")
    # A second build with nothing changed: with the build cache (DIR/.scenec-cache, made by the build
    # before) nothing is evaluated or rendered; without it (--no-cache) every image is rendered again
    # and compared with the file on disk. Either way no file is written.
    run([SCENEC, "build", scenes, "-o", out["scenec"]], stderr=subprocess.DEVNULL)
    results += hyperfine(["%s build %s -o %s --progress lines" % (SCENEC, scenes, out["scenec"]),
                          "%s build %s -o %s --progress lines --no-cache" % (SCENEC, scenes, out["scenec"])], runs=20)
    labels.append("`scenec build` again, nothing changed: all %d from the build cache, none written" % pngs)
    labels.append("`scenec build --no-cache` again, nothing changed: %d rendered and compared, none written" % pngs)
    incremental = results[-2]["mean"] / results[0]["mean"]
    floor_pngs, floor = raster_floor(scenes)
    if floor_pngs != pngs:
        sys.exit("bench: the rasterizer's floor made %d PNGs, the build %d" % (floor_pngs, pngs))

    # The outputs are the same images: count them and compare scenec's pixels with rsvg-convert's.
    run(["sh", loop, svgs, out["rsvg"]])
    run([SCENEC, "build", scenes, "-o", out["scenec"]], stderr=subprocess.DEVNULL)
    made = sorted(name for name in os.listdir(out["scenec"]) if name.endswith(".png"))
    identical = sum(1 for name in made if png_pixels(os.path.join(out["scenec"], name))
                    == png_pixels(os.path.join(out["rsvg"], name)))
    ours = sum(os.path.getsize(os.path.join(out["scenec"], name)) for name in made)
    theirs = sum(os.path.getsize(os.path.join(out["rsvg"], name)) for name in made)
    reference = results[2]["mean"]
    rows = [[label, "%.2f s ± %.2f" % (r["mean"], r["stddev"]), "%.1f ms" % (r["mean"] / pngs * 1000),
             "**%.2f×**" % (reference / r["mean"])] for label, r in zip(labels, results)]
    rows.append(["the rasterizer's floor: the same PNGs rendered in-process by librsvg and encoded by libpng on all "
                 "cores, nothing else (no start-up, compile or files; median of %s)" % ("1" if QUICK else "5"),
                 "%.2f s" % floor, "%.1f ms" % (floor / pngs * 1000), "**%.2f×**" % (reference / floor)])
    text = table(["command (%d PNGs)" % pngs, "mean ± σ", "per PNG", "speed-up over the rsvg-convert loop"], rows)
    over_floor = results[0]["mean"] / floor
    text += ("\n\n`scenec build` takes **%.2f×** the rasterizer's floor (target: at most 1.3×)." % over_floor)
    target("`scenec build` of the bench manifest / the rasterizer's floor", "%.2f×" % over_floor, "≤ 1.3×", over_floor <= 1.3)
    text += ("\n\nA build with nothing changed takes **%.1f%%** of a full build's time with the build cache (target: at most "
             "5%%), %.0f%% without it." % (incremental * 100, results[-1]["mean"] / results[0]["mean"] * 100))
    text += ("\n\n%d PNGs written by `scenec build`; %d of them have exactly rsvg-convert's pixels. Their files take "
             "%.1f MB, rsvg-convert's %.1f MB (%.2f×)." % (len(made), identical, ours / 1e6, theirs / 1e6, ours / theirs))
    return text, results, len(made), identical


def raster_floor(scenes):
    """The PNG count and the median seconds of making the build's PNGs in-process, on all cores, from
    the compiled SVG documents (raster-floor: librsvg and libpng alone)."""
    line = output([os.path.join(TOOLS, "raster-floor"), "--repetitions", "1" if QUICK else "5", scenes,
                   os.path.join(scenes, "scenes.json")])
    count, median = line.split("\t")[:2]
    return int(count), float(median)


def png_pixels(path):
    """The pixels of a PNG as cairo reads them (premultiplied ARGB32), through libcairo itself."""
    import ctypes
    cairo = ctypes.CDLL("libcairo.so.2")
    cairo.cairo_image_surface_create_from_png.restype = ctypes.c_void_p
    cairo.cairo_image_surface_create_from_png.argtypes = [ctypes.c_char_p]
    for name in ["cairo_image_surface_get_width", "cairo_image_surface_get_height", "cairo_image_surface_get_stride",
                 "cairo_surface_status", "cairo_image_surface_get_format"]:
        getattr(cairo, name).argtypes = [ctypes.c_void_p]
    cairo.cairo_image_surface_get_data.restype = ctypes.c_void_p
    cairo.cairo_image_surface_get_data.argtypes = [ctypes.c_void_p]
    cairo.cairo_surface_destroy.argtypes = [ctypes.c_void_p]
    surface = cairo.cairo_image_surface_create_from_png(path.encode())
    try:
        if cairo.cairo_surface_status(surface) != 0:
            return None
        width = cairo.cairo_image_surface_get_width(surface)
        height = cairo.cairo_image_surface_get_height(surface)
        stride = cairo.cairo_image_surface_get_stride(surface)
        opaque = cairo.cairo_image_surface_get_format(surface) == 1  # RGB24: alpha byte undefined
        data = ctypes.string_at(cairo.cairo_image_surface_get_data(surface), stride * height)
        if opaque:
            data = bytes(b if i % 4 != 3 else 255 for i, b in enumerate(data))
        return (width, height, data)
    finally:
        cairo.cairo_surface_destroy(surface)


# 4. Growth ------------------------------------------------------------------------------------

def ratio(a, b):
    return "%.2f" % (a / b) if b else "-"

def measure_process(args, what):
    """Wall seconds and peak memory (max RSS, bytes) of one run of a command: the wall time from the
    clock around it, the memory from GNU time's `%M`. Not from this script's own `wait4`: Linux
    carries a process's peak RSS across fork and exec, so a child forked from this Python process
    reports at least Python's own peak (31 MiB once workloads 1-3 have run, more than scenec's empty
    loop), where GNU time's child starts from GNU time's 2 MiB. (GNU time's own wall time is printed
    to 10 ms, a quarter of the 10^4-shape case: too coarse for its time per shape.)"""
    with tempfile.NamedTemporaryFile(prefix="rss-", dir=WORK) as rss_file:
        start = time.perf_counter()
        child = subprocess.run([GNU_TIME, "-f", "%M", "-o", rss_file.name] + args, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
        wall = time.perf_counter() - start
        if child.returncode != 0:
            sys.exit("bench: scenec failed on %s:\n%s" % (what, child.stderr.decode(errors="replace")))
        kilobytes = int(open(rss_file.name).read().split()[-1])
    return wall, kilobytes * 1024


def growth():
    if not os.access(GNU_TIME, os.X_OK):
        sys.exit("bench: GNU time (%s) not found (apt-get install time); `make test-deps` installs it" % GNU_TIME)
    folder = os.path.join(WORK, "growth")
    os.makedirs(folder, exist_ok=True)
    sizes = [0, 10 ** 2, 10 ** 3] if QUICK else [0, 10 ** 4, 10 ** 5, 10 ** 6]
    measured = {}
    for n in sizes:
        scene = os.path.join(folder, "shapes-%d.scene" % n)
        with open(scene, "w") as f:
            f.write('<scene width="1000" height="1000">\n'
                    '  <for var="i" from="0" to="%d">\n'
                    '    <rect x="i %% 1000" y="(i // 1000) %% 1000" width="0.8" height="0.8" fill="rgb(i %% 256, 90, 160)"/>\n'
                    '  </for>\n</scene>\n' % n)
        samples = []
        for _ in range(1 if QUICK else 3):
            svg = os.path.join(folder, "shapes-%d.svg" % n)
            # The scene's own limits, raised as a user would for a scene this size (the defaults stop
            # at 500 000 operations, a display list of 1 000 000 entries and 100 000 000 weighted
            # steps, which 10^6 rectangles pass at about 350 000 000).
            limits = ["--max-iterations", "2000000", "--max-operations", "2000000", "--max-output-size", "20000000",
                      "--max-steps", "2000000000"]
            wall, rss = measure_process([SCENEC, "render", scene, "-o", svg] + limits, "%d shapes" % n)
            samples.append((wall, rss, os.path.getsize(svg)))
        walls = sorted(s[0] for s in samples)
        measured[n] = (walls[len(walls) // 2], max(s[1] for s in samples), samples[0][2], xmllint_stream(svg))
    base_wall, base_rss = measured[0][:2]
    rows = []
    first = sizes[1]
    per_time = lambda n: (measured[n][0] - base_wall) / n
    per_rss = lambda n: (measured[n][1] - base_rss) / n
    for n in sizes[1:]:
        wall, rss, size, stream = measured[n]
        rows.append(["10^%d" % len(str(n)[1:]), "%.2f s" % wall, "%.0f MiB" % (rss / 2 ** 20), "%.0f MiB" % (size / 2 ** 20),
                     "%.2f s" % stream, "**%s**" % ratio(wall, stream),
                     "%.2f µs" % (per_time(n) * 1e6), "%.0f bytes" % per_rss(n),
                     "%s / %s" % (ratio(per_time(n), per_time(first)), ratio(per_rss(n), per_rss(first)))])
    text = table(["shapes", "wall time", "peak memory (max RSS)", "SVG written", "`xmllint --noout --stream` of it",
                  "time / xmllint's", "time per shape", "memory per shape",
                  "per shape / 10^%d's (time / memory)" % len(str(first)[1:])], rows)
    text += ("\n\nPer shape: (value − value for an empty loop) / shapes; the empty loop takes %.3f s and %.0f MiB "
             "(start-up, libraries)." % (base_wall, base_rss / 2 ** 20))
    largest = sizes[-1]
    name = "10^%d" % len(str(largest)[1:])
    over_stream = measured[largest][0] / measured[largest][3]
    target("%s rectangles to SVG / `xmllint --noout --stream` of the SVG written" % name, "%.2f×" % over_stream, "≤ 2×",
           over_stream <= 2)
    target("%s rectangles to SVG: peak memory" % name, "%.0f MB" % (measured[largest][1] / 1e6), "≤ 200 MB",
           measured[largest][1] <= 200e6)
    growth_time = per_time(largest) / per_time(first) if per_time(first) > 0 else float("inf")
    # The smallest size's memory can be no more than the empty loop's (a page's worth of shapes):
    # then memory per shape is not measurable there and only the time's growth is judged.
    if per_rss(first) > 0:
        growth_rss = per_rss(largest) / per_rss(first)
        shown, met = "%.2f× / %.2f×" % (growth_time, growth_rss), growth_time <= 1.2 and growth_rss <= 1.2
    else:
        shown, met = "%.2f× / (10^%d's memory is the empty loop's)" % (growth_time, len(str(first)[1:])), growth_time <= 1.2
    target("time and memory per shape, %s / 10^%d" % (name, len(str(first)[1:])), shown, "≤ 1.2×", met)

    # Two other large scenes: the seed graph with a long list parameter, and one path of many segments.
    others = []
    points = 100 if QUICK else 10000
    rng = random.Random(5)
    values = ",".join(str(rng.randint(0, 9)) for _ in range(points))
    graph_svg = os.path.join(folder, "graph.svg")
    wall, rss = measure_process([SCENEC, "render", os.path.join(ROOT, "Scenes", "graph.scene"), "-o", graph_svg,
                                 "--set", "graphPoints=" + values], "a graph of %d points" % points)
    others.append(["`graph.scene`, `graphPoints` of %d values" % points, "%.2f s" % wall, "%.0f MiB" % (rss / 2 ** 20),
                   "%.1f MiB" % (os.path.getsize(graph_svg) / 2 ** 20), "%.2f µs" % ((wall - base_wall) / points * 1e6),
                   "%.0f bytes" % ((rss - base_rss) / points)])
    segments = 1000 if QUICK else 10 ** 6
    path_scene = os.path.join(folder, "path-%d.scene" % segments)
    with open(path_scene, "w") as f:
        f.write('<scene width="1000" height="1000">\n  <path stroke="black" lineWidth="0.5">\n    <move x="0" y="0"/>\n'
                '    <for var="i" from="0" to="%d">\n      <line x="i %% 1000" y="(i // 1000) + (i %% 2)"/>\n    </for>\n'
                '  </path>\n</scene>\n' % segments)
    path_svg = os.path.join(folder, "path.svg")
    wall, rss = measure_process([SCENEC, "render", path_scene, "-o", path_svg, "--max-iterations", "2000000",
                                 "--max-output-size", "20000000", "--max-steps", "2000000000"], "a path of %d segments" % segments)
    others.append(["one `<path>` of %s `<line>` segments" % ("10^%d" % len(str(segments)[1:])), "%.2f s" % wall,
                   "%.0f MiB" % (rss / 2 ** 20), "%.1f MiB" % (os.path.getsize(path_svg) / 2 ** 20),
                   "%.2f µs" % ((wall - base_wall) / segments * 1e6), "%.0f bytes" % ((rss - base_rss) / segments)])
    text += "\n\n" + table(["scene", "wall time", "peak memory (max RSS)", "SVG written", "time per point or segment",
                             "memory per point or segment"], others)
    return text, measured


def xmllint_stream(svg):
    """Median wall seconds of libxml2's stream parse of an SVG (`xmllint --noout --stream`): the
    reference the time to write it is measured against, in the same run."""
    walls = []
    for _ in range(1 if QUICK else 3):
        start = time.perf_counter()
        run(["xmllint", "--noout", "--stream", svg], stdout=subprocess.DEVNULL)
        walls.append(time.perf_counter() - start)
    return sorted(walls)[len(walls) // 2]


def main():
    for tool, hint in [("hyperfine", "apt-get install hyperfine"), ("rsvg-convert", "apt-get install librsvg2-bin"),
                       ("xmllint", "apt-get install libxml2-utils"),
                       ("swift", "Swift 6 on the PATH")]:
        if not (QUICK and tool == "hyperfine"):
            need(tool, hint)
    os.makedirs(WORK, exist_ok=True)
    os.makedirs(RESULTS, exist_ok=True)
    build()
    info = machine()
    report = ["# scenec benchmark", ""]
    report += ["- %s: %s" % (k, v) for k, v in info.items()]
    sections = [("1. Compile only (in-process, median per compile)", compile_only),
                ("2. Whole process (hyperfine)", whole_process),
                ("3. Batch: the seed widgets' variants at @1x, @2x, @3x (hyperfine)", batch),
                ("4. Growth: N shapes compiled to SVG (`scenec render`; wall clock, peak memory from GNU time)", growth)]
    for title, function in sections:
        if ONLY and not title.startswith(ONLY + "."):
            continue
        print("running: %s ..." % title, flush=True)
        text = function()[0]
        report += ["", "## " + title, "", text]
        print("\n".join(report[-2:]) + "\n", flush=True)
    if TARGETS:
        report += ["", "## Targets (issue 24), from this run", "",
                   table(["target", "measured", "bound", ""], TARGETS)]
        print("\n".join(report[-3:]) + "\n", flush=True)
    with open(os.path.join(RESULTS, "latest.md"), "w") as f:
        f.write("\n".join(report) + "\n")
    print("written to %s" % os.path.relpath(os.path.join(RESULTS, "latest.md"), ROOT))


if __name__ == "__main__":
    main()
