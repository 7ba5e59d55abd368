#!/usr/bin/env python3
"""Rows and columns (Grammar.md §18, "Rows and columns"), rendered by the three engines scenec's SVG
must draw alike: librsvg (scenec's own PNG), resvg and Chromium (the SVG in an <img>, driven by
Playwright with Debian's Chromium). Usage: check_layout.py PATH/TO/scenec

Tests/render/layout.scene lays out rects, ovals, texts, wrapped texts and nested rows and columns
with every align (baseline too) and justify. layout_reference.py draws the same shapes with cairo at positions it works
out itself from the rules, and measures the texts with Pango (run by Debian's /usr/bin/python3,
which has python3-cairo). Checked, in each engine:
- outside the texts' boxes, the picture is the reference's: pixels within TOLERANCE per channel,
  but for at most EDGE_SHARE of them (anti-aliased edges, which the engines round differently);
- each text's ink lies in the box the reference computed for it (its measured width by its line
  box), and spans its width less the side bearings of its first and last glyphs.
"""
import base64
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_renders import decode_png  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CHROMIUM = "/usr/bin/chromium"
SYSTEM_PYTHON = "/usr/bin/python3"
# Per channel, out of 255, and the share of pixels allowed past it (anti-aliased edges; measured with
# librsvg 2.54, resvg 0.44 and Chromium: 8, 170 and 159 of 57 018 pixels).
TOLERANCE = 8
EDGE_SHARE = 0.004
# How far (pixels) a text's ink may reach past its box, and how much narrower than the box it may be
# (the side bearings of its first and last glyphs: a few hundredths of an em each, plus a pixel).
INK_SLACK = 1
SEARCH = 3
BEARINGS_EM = 0.15
# A text's ink: a pixel that differs this much from the background in some channel.
INK = 60

failures = []


def report(ok, label, detail=""):
    print(("ok   " if ok else "FAIL ") + label + (": " + detail if detail else ""))
    if not ok:
        failures.append(label)


def rgb(h):
    return tuple(int(h[i:i + 2], 16) for i in (1, 3, 5))


def images(scenec, tmp, page):
    """{engine: (w, h, pixel)} of layout.scene at scale 1."""
    scene = os.path.join(HERE, "layout.scene")
    svg, png = os.path.join(tmp, "layout.svg"), os.path.join(tmp, "layout.png")
    subprocess.run([scenec, "render", scene, "-o", svg], check=True)
    subprocess.run([scenec, "render", scene, "-o", png], check=True)
    out = {}
    with open(png, "rb") as f:
        out["librsvg"] = decode_png(f.read())
    resvg = os.path.join(tmp, "layout-resvg.png")
    subprocess.run(["resvg", "--skip-system-fonts", "--use-fonts-dir", "/usr/share/fonts/truetype/dejavu", svg, resvg], check=True)
    with open(resvg, "rb") as f:
        out["resvg"] = decode_png(f.read())
    w, h = out["librsvg"][0], out["librsvg"][1]
    with open(svg, "rb") as f:
        data = base64.b64encode(f.read()).decode()
    page.set_viewport_size({"width": w, "height": h})
    page.set_content('<html><body style="margin:0;background:#fff">'
                     '<img id="i" style="display:block" src="data:image/svg+xml;base64,%s"></body></html>' % data)
    page.wait_for_function("document.getElementById('i').complete")
    out["chromium"] = decode_png(page.screenshot(clip={"x": 0, "y": 0, "width": w, "height": h}))
    return out


def reference(tmp):
    path = os.path.join(tmp, "reference.png")
    printed = subprocess.run([SYSTEM_PYTHON, os.path.join(HERE, "layout_reference.py"), path], check=True,
                             capture_output=True, text=True).stdout
    with open(path, "rb") as f:
        return decode_png(f.read()), [json.loads(line) for line in printed.splitlines() if line.strip()]


def in_box(x, y, box, grow):
    return box["x"] - grow <= x + 0.5 <= box["x"] + box["w"] + grow and box["y"] - grow <= y + 0.5 <= box["y"] + box["h"] + grow


def check_shapes(engine, image, ref, texts):
    (w, h, pixel), (rw, rh, rpixel) = image, ref
    if (w, h) != (rw, rh):
        report(False, "%s: size" % engine, "%dx%d, the reference %dx%d" % (w, h, rw, rh))
        return
    worst, off, compared = 0, 0, 0
    for y in range(h):
        for x in range(w):
            if any(in_box(x, y, t, 2) for t in texts):
                continue
            compared += 1
            d = max(abs(a - b) for a, b in zip(pixel(x, y)[:3], rpixel(x, y)[:3]))
            worst = max(worst, d)
            off += d > TOLERANCE
    report(off <= EDGE_SHARE * compared, "%s: the shapes lie where the reference puts them" % engine,
           "%d of %d pixels differ by more than %d (largest %d)" % (off, compared, TOLERANCE, worst))


def check_texts(engine, image, texts):
    w, h, pixel = image
    for t in texts:
        background = rgb(t["background"])
        # The box and SEARCH pixels around it (less than the spacing to the text's neighbours).
        ink = [(x, y) for y in range(int(t["y"]) - SEARCH, int(t["y"] + t["h"]) + SEARCH)
               for x in range(int(t["x"]) - SEARCH, int(t["x"] + t["w"]) + SEARCH)
               if 0 <= x < w and 0 <= y < h and max(abs(a - b) for a, b in zip(pixel(x, y)[:3], background)) > INK]
        label = "%s: the text at (%.2f, %.2f) lies in its box, %.2f by %.2f" % (engine, t["x"], t["y"], t["w"], t["h"])
        if not ink:
            report(False, label, "no ink")
            continue
        left, right = min(x for x, _ in ink), max(x for x, _ in ink) + 1
        top, bottom = min(y for _, y in ink), max(y for _, y in ink) + 1
        size = t["h"] / ((1901 + 483) / 2048)
        inside = (left >= t["x"] - INK_SLACK and right <= t["x"] + t["w"] + INK_SLACK
                  and top >= t["y"] - INK_SLACK and bottom <= t["y"] + t["h"] + INK_SLACK)
        wide = right - left >= t["w"] - BEARINGS_EM * size - INK_SLACK
        report(inside and wide, label, "ink from (%d, %d) to (%d, %d)" % (left, top, right, bottom))


def main():
    scenec = sys.argv[1]
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(device_scale_factor=1)
        ref, texts = reference(tmp)
        # Two lines of text, the lines of four wrapped texts (two each under the bars, three beside them),
        # and two texts on one baseline.
        report(len(texts) == 2 + 3 * 2 + 3 + 2, "the reference measured every line", "%d lines" % len(texts))
        for engine, image in images(scenec, tmp, page).items():
            check_shapes(engine, image, ref, texts)
            check_texts(engine, image, texts)
        browser.close()
    if failures:
        print("%d layout checks failed" % len(failures))
        sys.exit(1)
    print("all layout checks passed")


if __name__ == "__main__":
    main()
