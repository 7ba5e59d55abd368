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
import shutil
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
# Rows a renderer draws differently by design, with the reason (docs/text.md, "Text measurement"):
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


def check(name, png_bytes, scale, tolerance, rows=ROWS, skip=None):
    skip = SKIP.get(name, {}) if skip is None else skip
    width, height, pixel = decode_png(png_bytes)
    failures, worst = [], 0
    for i in range(rows):
        if i in skip:
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
    skipped = "".join("; row %d skipped: %s" % kv for kv in sorted(skip.items()))
    label = "textWidth in %s @%gx: aligned copies agree within %d px (worst %d%s)" % (name, scale, tolerance, worst, skipped)
    print(("ok  " if not failures else "FAIL"), label)
    for f in failures:
        print("    ", f)
    return not failures


# Project fonts (docs/text.md, "Project fonts"): Liberation Sans (Debian fonts-liberation, a test
# dependency), copied at test time into the Fonts/ folder of a scratch project.
LIBERATION = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"
PROJECT_ROWS = [("Brand label 2026", 24), ("Quarterly AVA Wave", 17), ("Tiny caption: 4.6", 11)]


def project_scene():
    out = ['<scene width="520" height="%d">' % (len(PROJECT_ROWS) * ROW + 10), '  <rect width="width" height="height" fill="white"/>']
    for i, (text, size) in enumerate(PROJECT_ROWS):
        top = 10 + i * ROW
        a = 'size="%d" font="Liberation Sans" baseline="top"' % size
        out.append('  <let name="w%d" value="textWidth(\'%s\', %d, \'Liberation Sans\')"/>' % (i, text, size))
        out.append('  <text x="10" y="%d" %s>%s</text>' % (top, a, text))
        out.append('  <text x="10 + w%d" y="%d" %s align="end">%s</text>' % (i, top + COPY, a, text))
        out.append('  <text x="10 + w%d / 2" y="%d" %s align="middle">%s</text>' % (i, top + 2 * COPY, a, text))
        out.append('  <rect x="10" y="%d" width="w%d" height="3" fill="red"/>' % (top + BAR, i))
    return "\n".join(out + ["</scene>"]) + "\n"


def check_project_font(scenec, tmp, browser):
    """A project font draws in librsvg (scenec's PNG), resvg (given the Fonts/ folder) and Chromium
    (which finds Liberation Sans installed), each copy where textWidth says; and it is not DejaVu
    Sans: the same scene with DejaVu Sans draws other pixels."""
    project = os.path.join(tmp, "project")
    os.makedirs(os.path.join(project, "Fonts"))
    shutil.copy(LIBERATION, os.path.join(project, "Fonts"))
    scene = os.path.join(project, "brand.scene")
    with open(scene, "w") as f:
        f.write(project_scene())
    svg = os.path.join(project, "brand.svg")
    subprocess.run([scenec, "render", scene, "-o", svg], check=True)
    ok = True
    rows = len(PROJECT_ROWS)
    for scale in (1, 3):
        png = os.path.join(project, "brand-%g.png" % scale)
        subprocess.run([scenec, "render", scene, "-o", png, "--scale", str(scale)], check=True)
        with open(png, "rb") as f:
            ok &= check("project font in librsvg", f.read(), scale, TOLERANCE["librsvg"], rows, {})
        png = os.path.join(project, "resvg-%g.png" % scale)
        subprocess.run(["resvg", "--skip-system-fonts", "--use-fonts-dir", os.path.join(project, "Fonts"), "--zoom", str(scale),
                        svg, png], check=True, stderr=subprocess.DEVNULL)
        with open(png, "rb") as f:
            ok &= check("project font in resvg", f.read(), scale, TOLERANCE["resvg"], rows, {})
        page = browser.new_page(viewport={"width": 520, "height": rows * ROW + 10}, device_scale_factor=scale)
        page.goto("file://" + svg)
        ok &= check("project font in chromium", page.screenshot(), scale, TOLERANCE["chromium"], rows, {})
        page.close()
    dejavu = os.path.join(project, "dejavu.scene")
    with open(dejavu, "w") as f:
        f.write(project_scene().replace("Liberation Sans", "DejaVu Sans"))
    images = []
    for path in (scene, dejavu):
        png = path + ".png"
        subprocess.run([scenec, "render", path, "-o", png], check=True)
        with open(png, "rb") as f:
            images.append(f.read())
    different = images[0] != images[1]
    print(("ok  " if different else "FAIL"), "project font: Liberation Sans draws other pixels than DejaVu Sans")
    return ok and different


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
        ok &= check_project_font(scenec, tmp, browser)
        browser.close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
