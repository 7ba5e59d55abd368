#!/usr/bin/env python3
"""Wrapped text (<text width=…>, Grammar.md section 19 "Wrapped text") against an independent
layout: wrap_reference.c (built here with cc and pkg-config) breaks the same texts into lines with
its own C implementation of the greedy steps, measuring with Pango and cairo as librsvg lays text
out (DejaVu only, through a fontconfig file of its own), and draws them. Then:

1. the lines: each line's text, anchor x and baseline in `scenec dump` equal the reference's;
2. the pixels: in scenec's PNG (librsvg, in-process, pinned fonts), in resvg (given only the DejaVu
   folder) and in Chromium (Debian's, through Playwright), at 1x and 3x, each line's ink box (its
   dark pixels' first and last columns and rows, inside the line's own box) is the reference's
   within TOLERANCE pixels.

The texts avoid "fi", "ff" and "fl": resvg and Chromium form ligatures there (docs/text.md).
Usage: check_wrapped_text.py PATH/TO/scenec
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_renders import decode_png  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEJAVU = "/usr/share/fonts/truetype/dejavu"
CHROMIUM = "/usr/bin/chromium"
ASCENT, DESCENT = 1901 / 2048, 483 / 2048
CELL_W, CELL_H, COLUMNS = 200, 110, 2
# Ink edges, in device pixels: measured here, at most 1 in each (anti-aliased edges round either
# way); lines 1 point off already differ by 2 to 7 pixels.
TOLERANCE = {"librsvg": 1, "resvg": 1, "chromium": 1}

# (size, width, maxLines or 0, lineHeight or None, align, baseline, text), each in a cell of its own.
BLOCKS = [
    (12, 80, 2, None, "middle", "top", "Water drunk today"),  # a bar chart's label
    (12, 120, 2, None, "start", "alphabetic", "The quick brown box jumps over the lazy dog and keeps on running"),
    (12, 100, 1, None, "start", "top", "Internationalization matters"),  # cut by characters
    (12, 100, 0, None, "end", "bottom", "One two three four seven eight nine ten"),
    (12, 60, 0, None, "start", "top", "A Constantinopolitan trip"),  # a word wider than the width
    (14, 110, 0, 20, "middle", "middle", "Centred on the line in three lines"),
]


def origin(i):
    return (i % COLUMNS) * CELL_W, (i // COLUMNS) * CELL_H


def anchor_y(i, baseline):
    top = origin(i)[1]
    return {"top": top + 10, "alphabetic": top + 25, "bottom": top + CELL_H - 10, "middle": top + CELL_H / 2}[baseline]


def size_of_scene():
    return COLUMNS * CELL_W, (len(BLOCKS) + COLUMNS - 1) // COLUMNS * CELL_H


def scene():
    w, h = size_of_scene()
    out = ['<scene width="%d" height="%d">' % (w, h), '  <rect width="width" height="height" fill="white"/>']
    for i, (size, width, max_lines, line_height, align, baseline, text) in enumerate(BLOCKS):
        x = origin(i)[0] + 20
        extra = (' maxLines="%d"' % max_lines if max_lines else "") + (' lineHeight="%g"' % line_height if line_height else "")
        out.append('  <text x="%d" y="%g" width="%d"%s size="%d" align="%s" baseline="%s">%s</text>'
                   % (x, anchor_y(i, baseline), width, extra, size, align, baseline, text))
    return "\n".join(out + ["</scene>"]) + "\n"


def reference(tmp, scale):
    """The reference's lines [(block, text, x, baseline)] and its PNG."""
    program = os.path.join(tmp, "wrap_reference")
    if not os.path.exists(program):
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "pangocairo"], check=True, capture_output=True,
                               text=True).stdout.split()
        subprocess.run(["cc", "-O2", "-o", program, os.path.join(HERE, "wrap_reference.c")] + flags, check=True)
        with open(os.path.join(tmp, "fonts.conf"), "w") as f:
            f.write('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>%s</dir>'
                    '<cachedir>%s</cachedir></fontconfig>\n' % (DEJAVU, os.path.join(tmp, "fc-cache")))
    png = os.path.join(tmp, "reference-%g.png" % scale)
    w, h = size_of_scene()
    blocks = "".join("%d|%d|%d|%r|%d|%r|%s|%s|%s\n" % (b[0], b[1], b[2], b[3] or 1.2 * b[0], origin(i)[0] + 20,
                                                       float(anchor_y(i, b[5])), b[4], b[5], b[6]) for i, b in enumerate(BLOCKS))
    out = subprocess.run([program, png, str(w), str(h), str(scale)], input=blocks, check=True, capture_output=True, text=True,
                         env=dict(os.environ, FONTCONFIG_FILE=os.path.join(tmp, "fonts.conf"))).stdout
    lines = [(int(b), t, float(x), float(y)) for b, t, x, y in (row.split("\t") for row in out.splitlines())]
    with open(png, "rb") as f:
        return lines, f.read()


def dumped_lines(scenec, path):
    dump = subprocess.run([scenec, "dump", path], check=True, capture_output=True, text=True).stdout
    return [(m.group(1), float(m.group(2)), float(m.group(3)))
            for m in re.finditer(r'^\s*text "((?:[^"\\]|\\.)*)" at (\S+) (\S+) ', dump, re.M)]


def ink_box(pixel, x_range, y_range):
    xs, ys = [], []
    for y in y_range:
        for x in x_range:
            p = pixel(x, y)
            if p[3] > 128 and p[0] < 140 and p[1] < 140 and p[2] < 140:
                xs.append(x)
                ys.append(y)
    return (min(xs), max(xs) + 1, min(ys), max(ys) + 1) if xs else None


def boxes(png, lines, scale):
    """Each line's ink box, looked for in its own line box and its block's cell."""
    _, _, pixel = decode_png(png)
    out = []
    for block, _, _, base in lines:
        size = BLOCKS[block][0]
        left = origin(block)[0]
        x_range = range(int(left * scale), int((left + CELL_W) * scale))
        y_range = range(int((base - ASCENT * size) * scale) + 1, int((base + DESCENT * size) * scale))
        out.append(ink_box(pixel, x_range, y_range))
    return out


def compare(name, png, expected, lines, scale):
    failures, worst = [], 0
    for (block, text, _, _), want, got in zip(lines, expected, boxes(png, lines, scale)):
        if got is None:
            failures.append("%r: nothing drawn" % text)
            continue
        off = max(abs(a - b) for a, b in zip(want, got))
        worst = max(worst, off)
        if off > TOLERANCE[name]:
            failures.append("%r: ink box %s, the reference's %s" % (text, got, want))
    print(("ok  " if not failures else "FAIL"),
          "wrapped text in %s @%gx: each line's ink box within %d px of the reference (worst %d)" % (name, scale, TOLERANCE[name], worst))
    for f in failures:
        print("    ", f)
    return not failures


def main():
    scenec = sys.argv[1]
    tmp = tempfile.mkdtemp(prefix="scenec-wrap-")
    path = os.path.join(tmp, "wrapped.scene")
    with open(path, "w") as f:
        f.write(scene())
    svg = os.path.join(tmp, "wrapped.svg")
    subprocess.run([scenec, "render", path, "-o", svg], check=True)

    lines, _ = reference(tmp, 1)
    dumped = dumped_lines(scenec, path)
    want = [(t, round(x, 3), round(y, 3)) for _, t, x, y in lines]
    got = [(t, round(x, 3), round(y, 3)) for t, x, y in dumped]
    ok = want == got
    print(("ok  " if ok else "FAIL"), "wrapped text: scenec's %d lines (text, anchor, baseline) are the reference's" % len(want))
    if not ok:
        for a, b in zip(want + [None] * len(got), got + [None] * len(want)):
            if a != b:
                print("     reference %r, scenec %r" % (a, b))

    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for scale in (1, 3):
            _, png = reference(tmp, scale)
            expected = boxes(png, lines, scale)
            out = os.path.join(tmp, "librsvg-%g.png" % scale)
            subprocess.run([scenec, "render", path, "-o", out, "--scale", str(scale)], check=True)
            with open(out, "rb") as f:
                ok &= compare("librsvg", f.read(), expected, lines, scale)
            out = os.path.join(tmp, "resvg-%g.png" % scale)
            subprocess.run(["resvg", "--skip-system-fonts", "--use-fonts-dir", DEJAVU, "--zoom", str(scale), svg, out],
                           check=True, stderr=subprocess.DEVNULL)
            with open(out, "rb") as f:
                ok &= compare("resvg", f.read(), expected, lines, scale)
            w, h = size_of_scene()
            page = browser.new_page(viewport={"width": w, "height": h}, device_scale_factor=scale)
            page.goto("file://" + svg)
            ok &= compare("chromium", page.screenshot(), expected, lines, scale)
            page.close()
        browser.close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
