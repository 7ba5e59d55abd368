#!/usr/bin/env python3
"""The exported module against the SVG, drawing the Flo screen (graph shown) in Chromium. Usage:

    export_canvas_bench.py PATH/TO/scenec [--quick]

In one page of headless Chromium (Playwright with Debian's chromium), the same values drawn into
a 600×600 canvas again and again, alternating in rounds: by `drawFlo` of `scenec export --js`, and
by decoding scenec's SVG of those values (`scenec render --set showGraph=true`) as an image and
drawing it (each time a new SVG document, as each new value gives one). Each round draws each way N times and reads one pixel back (so the GPU work is
included); the median round time per drawing is reported, and the module must be at least 5×
faster (issue 26). `--quick` runs one short round and asserts nothing (the smoke run of make test).
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

PAGE = """<!doctype html><meta charset="utf-8"><body><script type="module">
import * as widgets from "./widgets.js";
window.widgets = widgets;
window.ready = true;
</script>"""

MEASURE = """async ([svg, rounds, perRound]) => {
  const canvas = document.createElement("canvas"); canvas.width = 600; canvas.height = 600;
  const ctx = canvas.getContext("2d", { willReadFrequently: false });
  const values = { showGraph: true };
  const url = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  const module = [], image = [];
  for (let r = 0; r < rounds; r++) {
    let start = performance.now();
    for (let i = 0; i < perRound; i++) {
      ctx.clearRect(0, 0, 600, 600);
      const error = widgets.drawFlo(ctx, values);
      if (error) throw new Error(String(error));
    }
    ctx.getImageData(300, 300, 1, 1);
    module.push((performance.now() - start) / perRound);
    start = performance.now();
    for (let i = 0; i < perRound; i++) {
      ctx.clearRect(0, 0, 600, 600);
      // A new document each time, as new values would give: the browser decodes it afresh
      // (the same URL again would come from its image cache).
      const img = new Image();
      img.src = url + encodeURIComponent(`<!-- ${r} ${i} -->`);
      await img.decode();
      ctx.drawImage(img, 0, 0, 600, 600);
    }
    ctx.getImageData(300, 300, 1, 1);
    image.push((performance.now() - start) / perRound);
  }
  const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { module: median(module), image: median(image) };
}"""


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    scenec = os.path.abspath(sys.argv[1])
    quick = "--quick" in sys.argv
    work = tempfile.mkdtemp(prefix="scenec-export-bench-")
    subprocess.run([scenec, "export", "Scenes", "--js", os.path.join(work, "widgets.js")], cwd=ROOT, check=True)
    svg_path = os.path.join(work, "flo.svg")
    subprocess.run([scenec, "render", "Scenes/flo.scene", "--set", "showGraph=true", "-o", svg_path], cwd=ROOT, check=True)
    with open(os.path.join(work, "index.html"), "w") as f:
        f.write(PAGE)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page()
        page.route("http://scenec.test/**", lambda route: route.fulfill(
            path=os.path.join(work, route.request.url.split("/")[-1]),
            content_type="text/html" if route.request.url.endswith(".html") else "text/javascript"))
        page.goto("http://scenec.test/index.html")
        page.wait_for_function("window.ready === true", timeout=20000)
        result = page.evaluate(MEASURE, [open(svg_path).read(), 1 if quick else 9, 3 if quick else 40])
        browser.close()
    ratio = result["image"] / result["module"]
    print("Flo screen (graph shown), 600×600 in Chromium: module %.3f ms, SVG image %.3f ms per drawing: %.1f× faster"
          % (result["module"], result["image"], ratio))
    if not quick and ratio < 5:
        sys.exit("the module must draw at least 5× faster than decoding and drawing the SVG (issue 26)")


if __name__ == "__main__":
    main()
