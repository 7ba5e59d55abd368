#!/usr/bin/env python3
"""Radial gradients and blend modes, pixel by pixel, against cairo (Grammar §11).

For each case a scene is compiled by scenec to SVG and to PNG (librsvg in-process), the SVG is
rasterized by rsvg-convert (librsvg), resvg and headless Chromium, and each picture is compared
with cairo's rendering of the same drawing (paint_reference.c, built here with cc and pkg-config):
cairo's radial patterns use Core Graphics' two-circle model and its blend operators are PDF's,
which CGBlendMode also follows. Usage: check_paint.py PATH/TO/scenec

Tolerances (measured on these machines, see docs/rendering.md, "Radial gradients" and "Blend modes"), per
premultiplied 8-bit channel: radial gradients 2 (measured maximum 1); pixels within 1.5 px of
either circle are not compared, cairo's EXTEND_NONE cuts its edge without anti-aliasing where SVG
clip paths anti-alias. Blend modes 3 (measured maximum 3, overlay and difference in resvg and
Chromium: 8-bit rounding of formulas that amplify it). The blend modes scenec refuses are rendered
too, as scenec would write them, and their differences printed (informative, not checked: they
are why those modes are refused).
"""
import math
import os
import random
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
        subprocess.run(["cc", "-O2", "-o", self.reference, os.path.join(HERE, "paint_reference.c")] + flags + ["-lm"], check=True)
        from playwright.sync_api import sync_playwright
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        self.page = self.browser.new_page(viewport={"width": W, "height": H})

    def close(self):
        self.browser.close()
        self.playwright.stop()

    def all(self, name, scene, svg=None):
        """The scene through scenec (or a hand-written SVG), then each renderer: {renderer: pixels}."""
        base = os.path.join(self.tmp, name)
        renderers = ("rsvg", "resvg", "chromium")
        if svg is None:
            with open(base + ".scene", "w") as f:
                f.write(scene)
            subprocess.run([self.scenec, "render", base + ".scene", "-o", base + ".svg"], check=True)
            subprocess.run([self.scenec, "render", base + ".scene", "-o", base + ".scenec.png"], check=True)
            renderers = ("scenec",) + renderers
        else:
            with open(base + ".svg", "w") as f:
                f.write(svg)
        subprocess.run(["rsvg-convert", base + ".svg", "-o", base + ".rsvg.png"], check=True)
        subprocess.run(["resvg", base + ".svg", base + ".resvg.png"], check=True)
        self.page.goto("file://" + base + ".svg")
        self.page.screenshot(path=base + ".chromium.png", omit_background=True)
        return {k: load(base + "." + k + ".png")[2] for k in renderers}


def compare(reference, picture, skip=lambda x, y: False, width=W):
    worst, where = 0, None
    for i, (p, q) in enumerate(zip(reference, picture)):
        x, y = i % width, i // width
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


BLEND_TOLERANCE = 3
BW, BH = 300, 160
SUPPORTED = ["normal", "multiply", "screen", "overlay", "darken", "lighten", "soft-light", "hard-light",
             "difference", "exclusion"]
REFUSED = ["color-dodge", "color-burn", "hue", "saturation", "color", "luminosity"]


def blend_pairs():
    """80 backdrop/source color pairs, 8-bit channels, some translucent; one per 30×20 cell."""
    rng = random.Random(7)
    pairs = []
    for i in range(80):
        def color():
            alpha = 1 if rng.random() < 0.5 else round(rng.uniform(0.3, 1), 2)
            return tuple(rng.randrange(256) for _ in range(3)) + (alpha,)
        x, y = (i % 10) * 30, (i // 10) * 20
        pairs.append(((x, y, 20, 20) + color(), (x + 10, y, 20, 20) + color()))
    return pairs


def blend_reference(r, mode, pairs):
    out = os.path.join(r.tmp, f"blend-{mode}.cairo.png")
    args = []
    for backdrop, source in pairs:
        for x, y, w, h, red, green, blue, alpha in (backdrop, source):
            args += [str(v) for v in (x, y, w, h, red / 255, green / 255, blue / 255, alpha)]
    subprocess.run([r.reference, "blend", out, str(BW), str(BH), mode] + args, check=True)
    return load(out)[2]


def check_blends(r, failures):
    r.page.set_viewport_size({"width": BW, "height": BH})
    pairs = blend_pairs()
    checks = 0

    def rect(x, y, w, h, red, green, blue, alpha, blend=None):
        extra = f' blend="{blend}"' if blend else ""
        return f'  <rect x="{x}" y="{y}" width="{w}" height="{h}" fill="rgb({red}, {green}, {blue})" opacity="{alpha}"{extra}/>\n'
    for mode in SUPPORTED + REFUSED:
        body = "".join(rect(*b) + rect(*s, blend=mode) for b, s in pairs)
        scene = f'<scene width="{BW}" height="{BH}">\n{body}</scene>\n'
        reference = blend_reference(r, mode, pairs)
        if mode in REFUSED:
            # scenec refuses it (E0315); the SVG it would write shows why.
            refused_scene = os.path.join(r.tmp, f"blend-{mode}.scene")
            with open(refused_scene, "w") as f:
                f.write(scene)
            refused = subprocess.run([r.scenec, "check", refused_scene], capture_output=True, text=True)
            if refused.returncode == 0 or "E0315" not in refused.stdout + refused.stderr:
                failures.append(f"blend {mode}: scenec does not refuse it with E0315")
            def path(x, y, w, h, red, green, blue, alpha, style=""):
                return f'<path d="M {x} {y} h {w} v {h} h {-w} Z" fill="#{red:02x}{green:02x}{blue:02x}" fill-opacity="{alpha}"{style}/>'
            svg = (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{BW}" height="{BH}" viewBox="0 0 {BW} {BH}"'
                   ' style="isolation:isolate">' + "".join(path(*b) + path(*s, style=f' style="mix-blend-mode:{mode}"') for b, s in pairs) + "</svg>")
            pictures = r.all(f"blend-{mode}", None, svg=svg)
        else:
            pictures = r.all(f"blend-{mode}", scene)
        for renderer, picture in pictures.items():
            worst, where = compare(reference, picture, width=BW)
            if mode in REFUSED:
                print(f"info refused blend {mode} {renderer}: max difference {worst}")
                continue
            checks += 1
            status = "ok" if worst <= BLEND_TOLERANCE else "FAIL"
            print(f"{status:4} blend {mode} {renderer}: max difference {worst}" + (f" at {where}" if worst else ""))
            if worst > BLEND_TOLERANCE:
                failures.append(f"blend {mode} {renderer}: {worst} at {where}")
    # A blended group is one layer: its two rectangles overlap normally inside it, then the layer
    # blends with the first one (cairo: push_group … pop_group_to_source, the operator, paint).
    rects = [(0, 10, 70, 60, 217, 79, 30, 1), (40, 0, 70, 50, 30, 111, 217, 0.7), (60, 30, 70, 50, 255, 210, 0, 1)]
    for mode in ["multiply", "screen", "difference"]:
        out = os.path.join(r.tmp, f"layer-{mode}.cairo.png")
        args = [str(v) for x, y, w, h, red, green, blue, alpha in rects for v in (x, y, w, h, red / 255, green / 255, blue / 255, alpha)]
        subprocess.run([r.reference, "layer", out, str(BW), str(BH), mode] + args, check=True)
        reference = load(out)[2]
        body = rect(*rects[0]) + f'  <group blend="{mode}">\n' + rect(*rects[1]) + rect(*rects[2]) + "  </group>\n"
        for renderer, picture in r.all(f"layer-{mode}", f'<scene width="{BW}" height="{BH}">\n{body}</scene>\n').items():
            checks += 1
            worst, where = compare(reference, picture, width=BW)
            status = "ok" if worst <= BLEND_TOLERANCE else "FAIL"
            print(f"{status:4} blended group {mode} {renderer}: max difference {worst}" + (f" at {where}" if worst else ""))
            if worst > BLEND_TOLERANCE:
                failures.append(f"blended group {mode} {renderer}: {worst} at {where}")
    # A blended gradient fill is written inside the <g clip-path> that cuts its band; resvg and
    # Chromium blend inside such a group only with its own content, so the mode must sit on the
    # group. No cairo reference here: the renderers must agree with each other, and the blend must
    # show (the picture differs from the same scene drawn normally).
    gradient = ('  <gradient name="g"><stop offset="0" color="white"/><stop offset="1" color="#1e6fd9"/></gradient>\n'
                '  <rect x="0" y="0" width="150" height="160" fill="#d94f1e"/>\n')
    shape = '  <rect x="50" y="20" width="200" height="120" fill="linear(g, 60, 0, 240, 0)"{}/>\n'
    header = f'<scene width="{BW}" height="{BH}">\n'
    blended = r.all("gradient-blend", header + gradient + shape.format(' blend="multiply"') + "</scene>\n")
    plain = r.all("gradient-plain", header + gradient + shape.format("") + "</scene>\n")
    for renderer, picture in blended.items():
        checks += 1
        worst, where = compare(blended["rsvg"], picture, width=BW)
        shows, _ = compare(plain[renderer], picture, width=BW)
        status = "ok" if worst <= BLEND_TOLERANCE and shows > 50 else "FAIL"
        print(f"{status:4} blended gradient {renderer}: max difference {worst} from rsvg-convert, {shows} from the unblended scene")
        if status == "FAIL":
            failures.append(f"blended gradient {renderer}: {worst} from rsvg-convert at {where}, {shows} from the unblended scene")
    # The comparison can fail: multiply is not screen.
    worst, _ = compare(blend_reference(r, "multiply", pairs), blend_reference(r, "screen", pairs), width=BW)
    if worst <= BLEND_TOLERANCE:
        failures.append("control: multiply and screen references compare equal; the comparison cannot fail")
    return checks


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
        checks += check_blends(r, failures)
    finally:
        r.close()
    print(f"{checks} pictures checked, {len(failures)} failed (pictures in {tmp})")
    for f in failures:
        print("  " + f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
