#!/usr/bin/env python3
"""textWidth(…) is the width each renderer draws: Tests/render/text-width.scene draws every string
start-aligned at x0, end-aligned at x0 + textWidth and middle-aligned at x0 + textWidth / 2, then a
red bar of width textWidth. A renderer whose own advance for the string equals textWidth puts the
ink of the three copies in the same columns, and the start-aligned copy's ink ends at the bar's end
(less the last glyph's right side bearing, at most a few pixels). Rendered by scenec's PNG backend
(librsvg, in-process, pinned fonts), by resvg (given only the DejaVu folder: --skip-system-fonts) and
by Chromium (Debian's, through Playwright; it finds DejaVu through the machine's fontconfig).
Usage: check_text_width.py PATH/TO/scenec
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_renders import decode_png  # noqa: E402

SCENE = "Tests/render/text-width.scene"
ROWS, ROW, COPY, BAR = 8, 130, 40, 122
DEJAVU = "/usr/share/fonts/truetype/dejavu"
CHROMIUM = "/usr/bin/chromium"
# Measured on this machine (Debian bookworm): librsvg's copies cover the same columns exactly (worst
# 0 px at 1x and 3x); resvg's and Chromium's within 1 px (anti-aliased edges rounding either way).
# The bar test allows the last glyph's right side bearing (at most 0.1 em here) plus these.
TOLERANCE = {"librsvg": 1, "resvg": 1, "chromium": 1}
# Rows a renderer draws differently by design, with the reason (README "Text measurement"):
# librsvg (like textWidth) shapes without ligatures, as it always sets a letter-spacing, while resvg
# and Chromium draw "fi" and "ffl" as ligatures, narrower by about 0.06 em each; and resvg does not
# know "DejaVu Sans Condensed", a family name fontconfig derives from the width of DejaVu Sans.
SKIP = {"resvg": {2: "ligatures", 6: "no 'DejaVu Sans Condensed' family"}, "chromium": {2: "ligatures"}}


def ink_columns(pixel, x_range, y0, y1, want):
    xs = [x for y in range(y0, y1) for x in x_range if want(pixel(x, y))]
    return (min(xs), max(xs) + 1) if xs else None


def dark(p):
    return p[3] > 128 and p[0] < 140 and p[1] < 140 and p[2] < 140


def red(p):
    return p[3] > 128 and p[0] > 200 and p[1] < 90 and p[2] < 90


def check(name, png_bytes, scale, tolerance):
    width, height, pixel = decode_png(png_bytes)
    failures, worst = [], 0
    for i in range(ROWS):
        if i in SKIP.get(name, {}):
            continue
        top = 10 + i * ROW
        band = lambda k: (int((top + k * COPY) * scale), int((top + k * COPY + COPY - 2) * scale))
        copies = [ink_columns(pixel, range(width), *band(k), dark) for k in range(3)]
        bar = ink_columns(pixel, range(width), int((top + BAR) * scale), int((top + BAR + 3) * scale), red)
        if None in copies or bar is None:
            failures.append("row %d: nothing drawn" % i)
            continue
        # The three copies cover the same columns.
        spread = max(max(c[0] for c in copies) - min(c[0] for c in copies),
                     max(c[1] for c in copies) - min(c[1] for c in copies))
        worst = max(worst, spread)
        if spread > tolerance:
            failures.append("row %d: start/end/middle copies' ink %s differ by %d px" % (i, copies, spread))
        # The ink ends at the bar's end, less a side bearing (at most 0.1 em of a 30-point font).
        gap = bar[1] - copies[0][1]
        if not (-tolerance <= gap <= 3 * scale + tolerance) or abs(bar[0] - 10 * scale) > 1:
            failures.append("row %d: the bar %s and the ink %s do not end together (gap %d px)" % (i, bar, copies[0], gap))
    skipped = "".join("; row %d skipped: %s" % kv for kv in sorted(SKIP.get(name, {}).items()))
    label = "textWidth in %s @%gx: aligned copies agree within %d px (worst %d%s)" % (name, scale, tolerance, worst, skipped)
    print(("ok  " if not failures else "FAIL"), label)
    for f in failures:
        print("    ", f)
    return not failures


def main():
    scenec = sys.argv[1]
    tmp = tempfile.mkdtemp(prefix="scenec-textwidth-")
    svg = os.path.join(tmp, "text-width.svg")
    subprocess.run([scenec, "render", SCENE, "-o", svg], check=True)
    ok = True
    for scale in (1, 3):
        png = os.path.join(tmp, "librsvg-%g.png" % scale)
        subprocess.run([scenec, "render", SCENE, "-o", png, "--scale", str(scale)], check=True)
        with open(png, "rb") as f:
            ok &= check("librsvg", f.read(), scale, TOLERANCE["librsvg"])
        png = os.path.join(tmp, "resvg-%g.png" % scale)
        subprocess.run(["resvg", "--skip-system-fonts", "--use-fonts-dir", DEJAVU, "--zoom", str(scale), svg, png], check=True,
                       stderr=subprocess.DEVNULL)
        with open(png, "rb") as f:
            ok &= check("resvg", f.read(), scale, TOLERANCE["resvg"])
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for scale in (1, 3):
            page = browser.new_page(viewport={"width": 520, "height": ROWS * ROW + 10}, device_scale_factor=scale)
            page.goto("file://" + svg)
            ok &= check("chromium", page.screenshot(), scale, TOLERANCE["chromium"])
            page.close()
        browser.close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
