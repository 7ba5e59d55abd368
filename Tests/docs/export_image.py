#!/usr/bin/env python3
"""README's picture of the exported module: the Flo screen with its graph drawn in Chromium by
`drawFlo` of `scenec export --js` (into a 300×300 frame), beside scenec's own PNG of the same
values (`scenec render --scale 0.5`). Usage:

    export_image.py PATH/TO/scenec docs/export-flo.png

Playwright with Debian's chromium (`playwright install` is never run); run by `make docs-images`.
"""
import base64
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

PAGE = """<!doctype html><meta charset="utf-8">
<style>
  body { margin: 0; font: 14px "DejaVu Sans", sans-serif; color: #333; background: white; }
  #pair { display: inline-flex; gap: 24px; padding: 16px; }
  figure { margin: 0; text-align: center; }
  canvas, img { display: block; border: 1px solid #ddd; width: 300px; height: 300px; }
  figcaption { margin-top: 8px; }
</style>
<div id="pair">
  <figure><canvas id="module" width="300" height="300"></canvas><figcaption>drawFlo(ctx, { showGraph: true, counter: 8 }) in Chromium</figcaption></figure>
  <figure><img id="png" src="data:image/png;base64,PNG"><figcaption>scenec render --set showGraph=true --set counter=8</figcaption></figure>
</div>
<script type="module">
  import { drawFlo } from "./widgets.js";
  const ctx = document.getElementById("module").getContext("2d");
  const error = drawFlo(ctx, { showGraph: true, counter: 8 }, { x: 0, y: 0, width: 300, height: 300 });
  window.drawn = error === null ? "ok" : String(error);
</script>"""


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    scenec, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    work = tempfile.mkdtemp(prefix="scenec-export-image-")
    subprocess.run([scenec, "export", "Scenes", "--js", os.path.join(work, "widgets.js")], cwd=ROOT, check=True)
    png = os.path.join(work, "flo.png")
    subprocess.run([scenec, "render", "Scenes/flo.scene", "--set", "showGraph=true", "--set", "counter=8", "--scale", "0.5", "-o", png],
                   cwd=ROOT, check=True)
    with open(os.path.join(work, "index.html"), "w") as f:
        f.write(PAGE.replace("PNG", base64.b64encode(open(png, "rb").read()).decode()))
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(device_scale_factor=1)
        page.route("http://scenec.test/**", lambda route: route.fulfill(
            path=os.path.join(work, route.request.url.split("/")[-1]),
            content_type="text/html" if route.request.url.endswith(".html") else "text/javascript"))
        page.goto("http://scenec.test/index.html")
        page.wait_for_function("window.drawn !== undefined", timeout=20000)
        drawn = page.evaluate("window.drawn")
        if drawn != "ok":
            sys.exit("drawFlo failed: " + drawn)
        page.locator("#pair").screenshot(path=out)
        browser.close()
    print("wrote", out)


if __name__ == "__main__":
    main()
