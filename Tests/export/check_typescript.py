#!/usr/bin/env python3
"""Proves that the TypeScript/JavaScript module of `scenec export` draws what scenec renders. Usage:

    check_typescript.py PATH/TO/scenec [--quick]

1. Every scene in Scenes/ and every fixture scene that loads without errors (Tests/SceneCompilerTests/
   Fixtures, Tests/render) is exported into one module, as TypeScript and as JavaScript; the
   TypeScript type-checks with `tsc --strict` (Debian's node-typescript), and Runtime.js is
   Runtime.ts as tsc writes it (so the two embedded runtimes cannot drift apart).
2. Each scene is drawn at its defaults and at 20 seeded random parameter sets inside the declared
   ranges (`--quick`: 3), by the module into a canvas and by Chromium from `scenec render --set …`'s
   SVG into another, at device pixel ratios 1 and 2, in headless Chromium (Playwright with Debian's
   chromium; `playwright install` is never run). They must fail alike (the module returns an error
   exactly where `scenec render` exits 1), and where they draw, at most 0.5% of the pixels may
   differ by more than 8/255 in a channel (edge anti-aliasing aside).
3. In the same page: README.md's web example as written (its slider redraws the counter), every
   scene drawn on a canvas of no pixels (returns, never throws), int parameters from the app
   clamped to their range and wrong values returned as errors, and scenes past each of the
   evaluator's limits (loop iterations, steps, operations, display-list size, nesting of blocks and
   of components) returning
   the error `scenec render` reports, with its code, and drawing nothing; and on the command line,
   `export --check` on a changed file exits 1, and two scenes of one file name are refused.
A scene whose export is refused (its static errors) is listed, not drawn. Seeded: the same run gives
the same parameter sets; a failure prints the scene, the values and the difference.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SEED = 26
TOLERANCE = 8          # a channel may differ this much (of 255) without counting
MAX_DIFFERENT = 0.005  # of the pixels


def scene_files():
    scenes = sorted(os.path.join("Scenes", f) for f in os.listdir(os.path.join(ROOT, "Scenes")) if f.endswith(".scene"))
    for folder in ["Tests/SceneCompilerTests/Fixtures", "Tests/render"]:
        scenes += sorted(os.path.join(folder, f) for f in os.listdir(os.path.join(ROOT, folder)) if f.endswith(".scene"))
    # One module holds one scene of a name (drawLayerToggle): the first folder's wins.
    names, unique = set(), []
    for scene in scenes:
        if os.path.basename(scene) not in names:
            names.add(os.path.basename(scene))
            unique.append(scene)
    return unique


def run(args, **kw):
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, **kw)


def random_value(rng, p):
    """A value for `--set` inside the parameter's declared range, and the same for the module."""
    t, lo, hi, default = p["type"], p.get("min"), p.get("max"), p.get("default")
    if t == "int":
        lo = int(lo) if lo is not None else int(default) - 5
        hi = int(hi) if hi is not None else int(default) + 5
        v = rng.randint(lo, hi)
        return str(v), v
    if t == "number":
        d = float(default)
        lo = float(lo) if lo is not None else min(d - 2, d * 0.5 if d > 0 else d * 1.5)
        hi = float(hi) if hi is not None else max(d + 2, d * 1.5 if d > 0 else d * 0.5)
        v = round(rng.uniform(lo, hi), 3)
        return repr(v), v
    if t == "bool":
        v = rng.random() < 0.5
        return ("true" if v else "false"), v
    if t == "color":
        v = "#%02x%02x%02x" % (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        return v, v
    if t == "date":
        v = "%04d-%02d-%02d" % (rng.randint(2000, 2030), rng.randint(1, 12), rng.randint(1, 28))
        return v, v
    if t == "string":
        v = rng.choice(["Water", "Flo", "Glasses today", "42", "Mon"])
        return v, v
    if t.startswith("list"):
        n = rng.randint(2, 8)
        if t == "list<int>":
            v = [rng.randint(0, 10) for _ in range(n)]
        elif t == "list<string>":
            v = [rng.choice(["Mon", "Tue", "Wed", "a", "b"]) for _ in range(n)]
            return ",".join(v), v
        elif t == "list<color>":
            v = ["#%02x%02x%02x" % (rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(n)]
            return ",".join(v), v
        else:
            v = [round(rng.uniform(0, 10), 2) for _ in range(n)]
        return ",".join(str(x) for x in v), v
    return None


PAGE = """<!doctype html><meta charset="utf-8"><body><script type="module">
import * as widgets from "./widgets.js";
window.widgets = widgets;
window.ready = true;
</script>"""

# Runs in the page: each case drawn by the module and from the SVG, compared pixel by pixel.
COMPARE = """async ([cases, tolerance]) => {
  const results = [];
  for (const c of cases) {
    const w = Math.round(c.width * c.dpr), h = Math.round(c.height * c.dpr);
    const mine = document.createElement("canvas"); mine.width = w; mine.height = h;
    const ctx = mine.getContext("2d");
    ctx.scale(c.dpr, c.dpr);
    const entry = widgets.scenes[c.scene];
    let error = null;
    try {
      error = entry.draw(ctx, c.parameters);
    } catch (e) {
      results.push({ id: c.id, thrown: String(e && e.stack || e) });
      continue;
    }
    if (c.svg === null || error) {
      results.push({ id: c.id, failed: !!error, error: error ? String(error) : null });
      continue;
    }
    const image = new Image();
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(c.svg);
    await image.decode();
    const theirs = document.createElement("canvas"); theirs.width = w; theirs.height = h;
    theirs.getContext("2d").drawImage(image, 0, 0, w, h);
    const a = ctx.getImageData(0, 0, w, h).data;
    const b = theirs.getContext("2d").getImageData(0, 0, w, h).data;
    let different = 0;
    for (let i = 0; i < a.length; i += 4) {
      if (Math.abs(a[i] - b[i]) > tolerance || Math.abs(a[i + 1] - b[i + 1]) > tolerance ||
          Math.abs(a[i + 2] - b[i + 2]) > tolerance || Math.abs(a[i + 3] - b[i + 3]) > tolerance) different++;
    }
    const result = { id: c.id, failed: false, fraction: different / (w * h) };
    if (c.keep) { result.mine = mine.toDataURL(); result.theirs = theirs.toDataURL(); }
    results.push(result);
  }
  return results;
}"""


def readme_page(page, work):
    """README.md's web example, as written: its slider redraws the counter with the module's drawCounter."""
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    html = re.search(r"```html\n(.*?)```", readme, re.S).group(1)
    with open(os.path.join(work, "readme.html"), "w") as f:
        f.write("<!doctype html><meta charset='utf-8'>" + html)
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto("http://scenec.test/readme.html")
    page.wait_for_timeout(300)
    pixels = "() => Array.from(document.querySelector('canvas').getContext('2d').getImageData(0, 0, 230, 230).data).join()"
    before = page.evaluate(pixels)
    page.fill("#glasses", "2")
    page.wait_for_timeout(100)
    after = page.evaluate(pixels)
    problems = []
    if set(before.split(",")) == {"0"}:
        problems.append("README's web example draws nothing")
    if before == after:
        problems.append("README's web example does not redraw when the slider moves")
    problems += ["README's web example logs an error: " + e for e in errors]
    if not problems:
        print("ok   README's web example draws the counter and redraws on the slider")
    page.goto("http://scenec.test/index.html")
    page.wait_for_function("window.ready === true", timeout=20000)
    return problems


def empty_canvas(page):
    """A canvas of no pixels (a hidden element's, before layout): every scene draws nothing there and
    returns, a layer's offscreen canvas included, and never throws."""
    thrown = page.evaluate("""() => {
      const canvas = document.createElement("canvas"); canvas.width = 0; canvas.height = 0;
      const problems = [];
      for (const [name, scene] of Object.entries(widgets.scenes)) {
        try { scene.draw(canvas.getContext("2d")); } catch (e) { problems.push(name + ": " + e); }
      }
      return problems;
    }""")
    if not thrown:
        print("ok   every scene returns on a canvas of no pixels")
    return ["on a canvas of no pixels, the module throws: " + t for t in thrown[:5]]


def parameters_from_the_app(page):
    """Values an app passes: an int above its range is clamped to it (counter 99 draws as 8); a number
    where an int is declared, or a color that is no color, is an error returned (nothing drawn)."""
    result = page.evaluate("""() => {
      const pixels = (parameters) => {
        const canvas = document.createElement("canvas"); canvas.width = 230; canvas.height = 230;
        const ctx = canvas.getContext("2d");
        const error = widgets.drawCounter(ctx, parameters);
        return { error: error ? error.code : null, data: Array.from(ctx.getImageData(0, 0, 230, 230).data).join() };
      };
      const high = pixels({ counter: 99 }), eight = pixels({ counter: 8 }), low = pixels({ counter: -3 }), zero = pixels({ counter: 0 });
      const fraction = pixels({ counter: 2.5 }), color = pixels({ counterColor: "teal-ish" });
      return { clampedHigh: high.data === eight.data && !high.error, clampedLow: low.data === zero.data && !low.error,
               differs: eight.data !== zero.data, fraction: fraction.error,
               color: color.error };
    }""")
    problems = []
    if not (result["clampedHigh"] and result["clampedLow"] and result["differs"]):
        problems.append("an int parameter outside its range is not clamped to it: %s" % result)
    if result["fraction"] is None or result["color"] is None:
        problems.append("a wrong parameter value is not returned as an error: %s" % result)
    if not problems:
        print("ok   int parameters are clamped to their range; wrong values are returned as errors")
    return problems


def nested_components(levels, depth):
    """Components placing each other, each `depth` groups deep: blocks nested past the limit of 256."""
    out = ['<scene width="10" height="10">']
    for k in range(levels, 0, -1):
        inner = '<use component="C%d"/>' % (k + 1) if k < levels else '<rect width="5" height="5" fill="red"/>'
        out.append('  <component name="C%d" width="10" height="10">' % k + "<group>" * depth + inner + "</group>" * depth + "</component>")
    out += ['  <use component="C1"/>', "</scene>", ""]
    return "\n".join(out)


# Each past one limit of the evaluator (EvaluationLimits) and no other: (the code, the scene).
LIMIT_SCENES = {
    "limit-iterations": ("E0604", '<scene width="10" height="10">\n  <for var="i" from="0" to="3000000">\n'
                                  '    <rect width="1" height="1" fill="red"/>\n  </for>\n</scene>\n'),
    "limit-steps": ("E0606", '<scene width="10" height="10">\n  <for var="i" from="0" to="1000000">\n'
                             '    <let name="a" value="i"/>\n  </for>\n</scene>\n'),
    "limit-operations": ("E0605", '<scene width="10" height="10">\n  <for var="i" from="0" to="600000">\n'
                                  '    <paint fill="red"/>\n  </for>\n</scene>\n'),
    "limit-output": ("E0607", '<scene width="10" height="10">\n  <for var="i" from="0" to="200000">\n'
                              '    <rect width="1" height="1" fill="red"/>\n  </for>\n</scene>\n'),
    "limit-nesting": ("E0610", nested_components(6, 50)),
    "limit-components": ("E0614", nested_components(34, 0)),
    # At a limit, not past it: both draw, so the module counts as the evaluator counts.
    "at-operations": (None, '<scene width="10" height="10">\n  <for var="i" from="0" to="500000">\n'
                            '    <paint fill="red"/>\n  </for>\n</scene>\n'),
    "at-output": (None, '<scene width="10" height="10">\n  <for var="i" from="0" to="166666">\n'
                        '    <rect width="1" height="1" fill="red"/>\n  </for>\n</scene>\n'),
    "at-components": (None, nested_components(32, 0)),
}


def limits(scenec, work, page):
    """The evaluator's limits hold in the module: a scene past one fails in `scenec render` with the
    code, and the module's draw returns an error of the same code (never throws, never hangs the
    page) and draws nothing; a scene exactly at the limit of operations, of the display list's size
    or of component depth draws in both."""
    folder = os.path.join(work, "limits")
    os.makedirs(folder, exist_ok=True)
    problems, expected = [], {}
    for name, (code, text) in LIMIT_SCENES.items():
        path = os.path.join(folder, name + ".scene")
        with open(path, "w") as f:
            f.write(text)
        r = run([scenec, "render", path, "-o", os.path.join(folder, name + ".svg")])
        codes = re.findall(r"error\[(E\d{4})\]", r.stderr)
        if code is None and r.returncode != 0:
            problems.append("%s: scenec render was expected to draw, exits %d: %s" % (name, r.returncode, r.stderr[:300]))
        elif code is not None and (r.returncode != 1 or code not in codes):
            problems.append("%s: scenec render was expected to fail with %s, exits %d: %s" % (name, code, r.returncode, r.stderr[:300]))
        expected[name] = code
    r = run([scenec, "export", folder, "--js", os.path.join(work, "limits.js")])
    if r.returncode != 0:
        return problems + ["the scenes past the limits are not exported: " + r.stderr[:500]]
    results = page.evaluate("""async (names) => {
      const module = await import("./limits.js");
      const out = {};
      for (const name of names) {
        const canvas = document.createElement("canvas"); canvas.width = 10; canvas.height = 10;
        const ctx = canvas.getContext("2d");
        try {
          const error = module.scenes[name].draw(ctx);
          const drawn = Array.from(ctx.getImageData(0, 0, 10, 10).data).some((v) => v !== 0);
          out[name] = { code: error ? error.code : null, location: error ? error.location : null, drawn };
        } catch (e) {
          out[name] = { thrown: String(e) };
        }
      }
      return out;
    }""", list(expected))
    for name, code in expected.items():
        result = results[name]
        if "thrown" in result:
            problems.append("%s: the module threw: %s" % (name, result["thrown"]))
        elif code is None:
            if result["code"] is not None or not result["drawn"]:
                problems.append("%s: scenec draws it, the module returns %s at %s" % (name, result["code"], result["location"]))
        elif result["code"] != code or result["drawn"] or (name + ".scene:") not in (result["location"] or ""):
            problems.append("%s: the module returns %s at %s (drawn: %s), scenec fails with %s" % (
                name, result["code"], result["location"], result["drawn"], code))
    if not problems:
        print("ok   past each evaluator limit the module returns scenec's error and draws nothing: "
              + ", ".join(sorted(c for c in expected.values() if c)) + "; at a limit, both draw")
    return problems


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    scenec = os.path.abspath(sys.argv[1])
    quick = "--quick" in sys.argv
    sets = 3 if quick else 20
    failures = []
    work = tempfile.mkdtemp(prefix="scenec-ts-")

    # 1. The module, and the scenes it could take.
    only = os.environ.get("SCENEC_TS_ONLY")  # a substring of the scenes to check (for debugging)
    keep = os.environ.get("SCENEC_TS_KEEP")  # a folder for both drawings of each differing case
    # A scene with errors (its own or a component's) is refused: left out of the module.
    from concurrent.futures import ThreadPoolExecutor
    candidates = [s for s in scene_files() if not only or only in s]

    def probe(scene):
        return run([scenec, "export", scene, "--ts", os.path.join(work, "probe-%d.ts" % candidates.index(scene))]).returncode == 0

    with ThreadPoolExecutor(max_workers=4) as pool:
        accepted = list(pool.map(probe, candidates))
    exported = [s for s, ok in zip(candidates, accepted) if ok]
    refused = [s for s, ok in zip(candidates, accepted) if not ok]
    # Scenes without static errors that must be exported (not merely listed as refused): rows and columns.
    for scene in ["Tests/SceneCompilerTests/Fixtures/layout-pill.scene", "Tests/SceneCompilerTests/Fixtures/layout-bar-chart.scene",
                  "Tests/SceneCompilerTests/Fixtures/layout-columns.scene", "Tests/render/layout.scene"]:
        if scene in refused:
            failures.append("%s is refused: %s" % (scene, run([scenec, "export", scene, "--ts", os.path.join(work, "one.ts")]).stderr[:500]))
    ts, js = os.path.join(work, "widgets.ts"), os.path.join(work, "widgets.js")
    r = run([scenec, "export", *exported, "--ts", ts, "--js", js])
    if r.returncode != 0:
        sys.exit("export failed:\n" + r.stderr)
    r = run([scenec, "export", *exported, "--ts", ts, "--js", js, "--check"])
    if r.returncode != 0:
        failures.append("export --check of the files just written exits %d: %s" % (r.returncode, r.stderr))
    with open(js, "a") as f:
        f.write("\n")
    r = run([scenec, "export", *exported, "--ts", ts, "--js", js, "--check"])
    if r.returncode != 1 or "stale" not in r.stderr:
        failures.append("export --check of a changed file exits %d (expected 1, 'stale'): %s" % (r.returncode, r.stderr))
    run([scenec, "export", *exported, "--ts", ts, "--js", js])
    r = run([scenec, "export", "Scenes/flo.scene", "Tests/SceneCompilerTests/Fixtures/layer-toggle.scene", "Tests/render/layer-toggle.scene",
             "--ts", os.path.join(work, "twice.ts")])
    if r.returncode != 1 or "drawLayerToggle" not in r.stderr or os.path.exists(os.path.join(work, "twice.ts")):
        failures.append("two scenes of one name are not refused (exit %d): %s" % (r.returncode, r.stderr))
    print("exported %d scenes; refused (static errors): %d" % (len(exported), len(refused)))
    # Scenes the module must take (a feature the exporter once refused), so that the pixels prove them.
    for required in ["Tests/SceneCompilerTests/Fixtures/concatenate.scene", "Tests/SceneCompilerTests/Fixtures/text-width.scene",
                     "Tests/SceneCompilerTests/Fixtures/mask-fade.scene", "Tests/SceneCompilerTests/Fixtures/mask-luminance.scene",
                     "Tests/SceneCompilerTests/Fixtures/mask-nested.scene"]:
        if required in candidates and required not in exported:
            failures.append("%s is not exported, but it has no static errors" % required)
    r = subprocess.run(["tsc", "--strict", "--noEmit", "--target", "es2022", "--lib", "es2022,dom", ts], capture_output=True, text=True)
    if r.returncode != 0:
        failures.append("tsc --strict fails on the module:\n" + r.stdout[:4000])
    else:
        print("ok   tsc --strict")
    runtime = os.path.join(ROOT, "Sources", "TypeScriptExport")
    r = subprocess.run(["tsc", "--strict", "--target", "es2022", "--lib", "es2022,dom", "--module", "es2022", "--outDir", work,
                        os.path.join(runtime, "Runtime.ts")], capture_output=True, text=True)
    with open(os.path.join(work, "Runtime.js")) as a, open(os.path.join(runtime, "Runtime.js")) as b:
        if r.returncode != 0 or a.read() != b.read():
            failures.append("Sources/TypeScriptExport/Runtime.js is not tsc's output of Runtime.ts: regenerate it (docs/export.md)")
        else:
            print("ok   Runtime.js is Runtime.ts compiled")

    # 2. The cases: defaults and seeded random values, each rendered by scenec.
    rng = random.Random(SEED)
    cases, labels, renders = [], {}, {}
    for scene in exported:
        params = json.loads(run([scenec, "params", scene, "--json"]).stdout)
        size = params["size"]
        name = os.path.basename(scene)[:-len(".scene")]
        for k in range(sets + 1):
            assignments, values = [], {}
            if k > 0:
                for p in params["parameters"]:
                    v = random_value(rng, p)
                    if v is not None:
                        assignments += ["--set", "%s=%s" % (p["name"], v[0])]
                        values[p["name"]] = v[1]
            key = (scene, tuple(assignments))
            if key in renders:
                continue  # a scene without parameters draws the same every time
            renders[key] = None
            for dpr in (1, 2):
                case_id = len(cases)
                labels[case_id] = (scene, values, dpr)
                cases.append({"id": case_id, "key": key, "scene": name, "parameters": values, "svg": None, "dpr": dpr,
                              "width": size["width"], "height": size["height"], "keep": bool(keep)})

    def render(key):
        scene, assignments = key
        out = os.path.join(work, "%d.svg" % abs(hash(key)))
        r = run([scenec, "render", scene, "-o", out, *assignments])
        return key, r.returncode, (open(out).read() if r.returncode == 0 else None), r.stderr.strip().splitlines()[:1]

    with ThreadPoolExecutor(max_workers=4) as pool:
        for key, status, svg, stderr in pool.map(render, list(renders)):
            renders[key] = (status, svg, stderr)
    for case in cases:
        status, svg, stderr = renders[case.pop("key")]
        if status not in (0, 1):
            failures.append("%s %s: render exits %d: %s" % (labels[case["id"]][0], case["parameters"], status, stderr))
        case["svg"] = svg
        labels[case["id"]] += (stderr,)

    # 3. In the browser: one page, every case.
    from playwright.sync_api import sync_playwright
    with open(os.path.join(work, "index.html"), "w") as f:
        f.write(PAGE)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page()
        page.route("http://scenec.test/**", lambda route: route.fulfill(
            path=os.path.join(work, route.request.url.split("/")[-1]),
            content_type="text/html" if route.request.url.endswith(".html") else "text/javascript"))
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto("http://scenec.test/index.html")
        try:
            page.wait_for_function("window.ready === true", timeout=20000)
        except Exception:
            sys.exit("the module did not load in the page: %s" % errors)
        if "Scenes/counter.scene" in exported:  # not when SCENEC_TS_ONLY leaves it out
            failures += readme_page(page, work)
        failures += empty_canvas(page)
        if "Scenes/counter.scene" in exported:
            failures += parameters_from_the_app(page)
        failures += limits(scenec, work, page)
        results = []
        for start in range(0, len(cases), 40):
            results += page.evaluate(COMPARE, [cases[start:start + 40], TOLERANCE])
        browser.close()
    failures += ["page error: " + e for e in errors]
    worst = {}
    for result in results:
        scene, values, dpr, stderr = labels[result["id"]]
        expected_failure = cases[result["id"]]["svg"] is None
        if "thrown" in result:
            failures.append("%s %s @%dx: the module threw: %s" % (scene, values, dpr, result["thrown"][:500]))
        elif result["failed"] != expected_failure:
            failures.append("%s %s @%dx: the module %s but scenec %s %s" % (
                scene, values, dpr, "fails (%s)" % result["error"] if result["failed"] else "draws",
                "fails" if expected_failure else "renders", stderr))
        elif not expected_failure:
            worst[scene] = max(worst.get(scene, 0), result["fraction"])
            if result["fraction"] > MAX_DIFFERENT and keep:
                import base64
                os.makedirs(keep, exist_ok=True)
                for which in ("mine", "theirs"):
                    with open(os.path.join(keep, "%d-%s.png" % (result["id"], which)), "wb") as f:
                        f.write(base64.b64decode(result[which].split(",", 1)[1]))
            if result["fraction"] > MAX_DIFFERENT:
                failures.append("%s %s @%dx: %.2f%% of the pixels differ (case %d)" % (scene, values, dpr, 100 * result["fraction"], result["id"]))
    for scene in exported:
        print("%-4s %s (worst %.3f%% of pixels differ)" % ("ok" if not any(f.startswith(scene + " ") for f in failures) else "FAIL",
                                                          scene, 100 * worst.get(scene, 0)))
    for scene in refused:
        print("--   %s (not exported: it has static errors)" % scene)
    for f in failures:
        print("FAIL", f)
    print("%d cases, %d failures" % (len(cases), len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
