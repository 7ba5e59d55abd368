#!/usr/bin/env python3
"""Radial gradients and blend modes, pixel by pixel, against cairo (Grammar §11).

For each case a scene is compiled by scenec to SVG and to PNG (librsvg in-process), the SVG is
rasterized by rsvg-convert (librsvg), resvg and headless Chromium, and each picture is compared
with cairo's rendering of the same drawing (paint_reference.c, built here with cc and pkg-config):
cairo's radial patterns use Core Graphics' two-circle model and its blend operators are PDF's,
which CGBlendMode also follows. Usage: check_paint.py PATH/TO/scenec

Tolerance (measured on these machines, see README "Radial gradients" and "Blend modes"): a
difference of at most 2 per premultiplied 8-bit channel. For radial gradients, pixels within
1.5 px of either circle are not compared: cairo's EXTEND_NONE cuts its edge without
anti-aliasing, where SVG clip paths anti-alias. Away from the circles the measured maximum was 1.
"""
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_renders import decode_png  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TOLERANCE = 2
EDGE = 1.5
W, H = 120, 100

STOPS = [(0, "#d94f1e", 1), (0.45, "#1e6fd9", 1), (1, "#2fbf71", 0.5)]

# (x0, y0, r0, x1, y1, r1, extend): nested circles, growing and shrinking, concentric, a focal point.
RADIAL_CASES = [
    (60, 50, 0, 60, 50, 45, "none"),
    (50, 45, 10, 60, 50, 40, "none"),
    (50, 45, 10, 60, 50, 40, "before"),
    (50, 45, 10, 60, 50, 40, "after"),
    (50, 45, 10, 60, 50, 40, "both"),
    (60, 50, 45, 70, 40, 8, "none"),
    (60, 50, 45, 70, 40, 8, "before"),
    (60, 50, 45, 70, 40, 8, "after"),
    (45, 60, 0, 60, 50, 30, "both"),
    (60, 50, 20, 60, 50, 20.5, "after"),
]


def hex_rgb(h):
    return tuple(int(h[i:i + 2], 16) / 255 for i in (1, 3, 5))


def premultiplied(p):
    return tuple(round(c * p[3] / 255) for c in p[:3]) + (p[3],)


def load(path):
    width, height, pixel = decode_png(open(path, "rb").read())
    return width, height, [premultiplied(pixel(x, y)) for y in range(height) for x in range(width)]


class Renderers:
    def __init__(self, scenec, tmp):
        self.scenec, self.tmp = scenec, tmp
        self.reference = os.path.join(tmp, "paint_reference")
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "cairo"], check=True, capture_output=True, text=True).stdout.split()
        subprocess.run(["cc", "-O2", "-o", self.reference, os.path.join(HERE, "paint_reference.c")] + flags, check=True)
        from playwright.sync_api import sync_playwright
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        self.page = self.browser.new_page(viewport={"width": W, "height": H})

    def close(self):
        self.browser.close()
        self.playwright.stop()

    def all(self, name, scene):
        """The scene through scenec, then each renderer: {renderer: pixels}."""
        base = os.path.join(self.tmp, name)
        with open(base + ".scene", "w") as f:
            f.write(scene)
        subprocess.run([self.scenec, "render", base + ".scene", "-o", base + ".svg"], check=True)
        subprocess.run([self.scenec, "render", base + ".scene", "-o", base + ".scenec.png"], check=True)
        subprocess.run(["rsvg-convert", base + ".svg", "-o", base + ".rsvg.png"], check=True)
        subprocess.run(["resvg", base + ".svg", base + ".resvg.png"], check=True)
        self.page.goto("file://" + base + ".svg")
        self.page.screenshot(path=base + ".chromium.png", omit_background=True)
        return {k: load(base + "." + k + ".png")[2] for k in ("scenec", "rsvg", "resvg", "chromium")}


def compare(reference, picture, skip=lambda x, y: False):
    worst, where = 0, None
    for i, (p, q) in enumerate(zip(reference, picture)):
        x, y = i % W, i // W
        if skip(x + 0.5, y + 0.5):
            continue
        d = max(abs(a - b) for a, b in zip(p, q))
        if d > worst:
            worst, where = d, (x, y)
    return worst, where


def radial_scene(case, shape):
    x0, y0, r0, x1, y1, r1, extend = case
    stops = "".join(f'<stop offset="{o}" color="{c}" opacity="{a}"/>' for o, c, a in STOPS)
    paint = f"radial(g, {x0}, {y0}, {r0}, {x1}, {y1}, {r1})"
    # Half the cases paint the canvas with <paint>, half fill a canvas-sized rect (a clip group).
    draw = f'<rect x="0" y="0" width="{W}" height="{H}" fill="{paint}"/>' if shape else f'<paint fill="{paint}"/>'
    return f'<scene width="{W}" height="{H}">\n  <gradient name="g" extend="{extend}">{stops}</gradient>\n  {draw}\n</scene>\n'


def radial_reference(r, name, case):
    x0, y0, r0, x1, y1, r1, extend = case
    stops = ";".join(f"{o}:{','.join(str(v) for v in hex_rgb(c))},{a}" for o, c, a in STOPS)
    out = os.path.join(r.tmp, name + ".cairo.png")
    subprocess.run([r.reference, "radial", out, str(W), str(H)] + [str(v) for v in (x0, y0, r0, x1, y1, r1)] + [extend, stops], check=True)
    return load(out)[2]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    scenec = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="scenec-paint-")
    r = Renderers(scenec, tmp)
    failures, checks = [], 0
    try:
        for n, case in enumerate(RADIAL_CASES):
            name = f"radial{n}"
            reference = radial_reference(r, name, case)
            painted = sum(1 for p in reference if p[3] > 0)
            if painted < W * H // 10:
                failures.append(f"{name}: the reference paints only {painted} pixels; the case tests nothing")
            x0, y0, r0, x1, y1, r1, _ = case

            def near_circle(x, y):
                return abs(math.hypot(x - x0, y - y0) - r0) < EDGE or abs(math.hypot(x - x1, y - y1) - r1) < EDGE
            for renderer, picture in r.all(name, radial_scene(case, shape=n % 2 == 1)).items():
                checks += 1
                worst, where = compare(reference, picture, near_circle)
                status = "ok" if worst <= TOLERANCE else "FAIL"
                print(f"{status:4} radial {case} {renderer}: max difference {worst}" + (f" at {where}" if worst else ""))
                if worst > TOLERANCE:
                    failures.append(f"{name} {case} {renderer}: {worst} at {where}")
        # The comparison can fail: a gradient that extends is not the one that does not.
        control = radial_reference(r, "control", RADIAL_CASES[1][:6] + ("both",))
        worst, _ = compare(control, radial_reference(r, "control2", RADIAL_CASES[1]))
        if worst <= TOLERANCE:
            failures.append("control: 'none' and 'both' references compare equal; the comparison cannot fail")
    finally:
        r.close()
    print(f"{checks} pictures compared with cairo, {len(failures)} failed (pictures in {tmp})")
    for f in failures:
        print("  " + f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
