#!/usr/bin/env python3
"""Conic gradients, pixel by pixel, against an independent drawing (Grammar §11, "Conic gradients").

SVG has no conic gradient: scenec writes a pattern of flat wedges. Each case is compiled by
scenec to SVG and to PNG (librsvg in-process), the SVG is rasterized by rsvg-convert (librsvg),
resvg and headless Chromium, and each picture is compared with conic_reference.c's (built here
with cc and pkg-config): the gradient computed per pixel from the stops with atan2 (16×16 samples
a pixel), then drawn by cairo in the case's shape. Usage: check_conic.py PATH/TO/scenec

Tolerance per premultiplied 8-bit channel: TOLERANCE away from the gradient's hard edges (the
start direction where the last color meets the first, and two stops at one offset) and from the
center (NEAR_CENTER pixels), where the colors of many wedges meet in one pixel. Along a hard edge
and near the center the difference is printed, not checked: the edge is anti-aliased by the
renderers, supersampled by the reference (docs/rendering.md, "Conic gradients", has the
measurements). Pixels within NEAR_EDGE of the
shape's outline are not compared: there cairo's and the renderers' anti-aliasing of the shape
differ, which check_renders.py covers.
"""
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_paint import Renderers, W, H, compare, hex_rgb, load  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TOLERANCE = 4
NEAR_EDGE = 1.5
NEAR_CENTER = 10

WHEEL = [(0, "#ff0000", 1), (0.5, "#0000ff", 1), (1, "#ff0000", 1)]
THREE = [(0, "#d94f1e", 1), (0.45, "#1e6fd9", 1), (1, "#2fbf71", 1)]
TRANSLUCENT = [(0, "#d94f1e", 1), (0.45, "#1e6fd9", 0.5), (1, "#2fbf71", 0.2)]
HARD = [(0.25, "#ffd700", 1), (0.25, "#008080", 1), (0.75, "#008080", 0.25)]
RING = [(0, "#e1003c", 1), (0.83, "#ff3c9a", 1)]

# (stops, cx, cy, angle, rotation about the canvas center, shape, shape numbers)
CASES = [
    (WHEEL, 60, 50, -math.pi / 2, 0, "paint", ()),
    (THREE, 55, 45, 0.3, 0, "circle", (60, 50, 45)),
    (RING, 60, 50, -math.pi / 2 - 0.25, 0, "ring", (60, 50, 38, -math.pi / 2, -math.pi / 2 + 2 * math.pi * 0.75, 18)),
    (TRANSLUCENT, 60, 50, 2, 0, "rect", (10, 5, 100, 90)),
    (THREE, 50, 40, 1, 0.5, "rect", (20, 15, 80, 70)),
    (HARD, 60, 50, 0, 0, "paint", ()),
    (THREE, -30, 120, 0.2, 0, "paint", ()),
]


def scene(case):
    stops, cx, cy, angle, rotation, shape, v = case
    body = "".join(f'<stop offset="{o}" color="{c}" opacity="{a}"/>' for o, c, a in stops)
    paint = f"conic(g, {cx}, {cy}, {angle!r})"
    draw = {
        "paint": lambda: f'<paint fill="{paint}"/>',
        "circle": lambda: f'<circle cx="{v[0]}" cy="{v[1]}" radius="{v[2]}" fill="{paint}"/>',
        "rect": lambda: f'<rect x="{v[0]}" y="{v[1]}" width="{v[2]}" height="{v[3]}" fill="{paint}"/>',
        "ring": lambda: (f'<arc cx="{v[0]}" cy="{v[1]}" radius="{v[2]}" startAngle="{v[3]!r}" endAngle="{v[4]!r}"'
                         f' stroke="{paint}" lineWidth="{v[5]}" lineCap="round"/>'),
    }[shape]()
    turn = f'<rotate angle="{rotation!r}" pivotX="{W / 2}" pivotY="{H / 2}"/>\n  ' if rotation else ""
    return f'<scene width="{W}" height="{H}">\n  <gradient name="g">{body}</gradient>\n  {turn}{draw}\n</scene>\n'


def reference(program, tmp, name, case):
    stops, cx, cy, angle, rotation, shape, v = case
    text = ";".join(f"{o}:{','.join(str(x) for x in hex_rgb(c))},{a}" for o, c, a in stops)
    out = os.path.join(tmp, name + ".reference.png")
    subprocess.run([program, out, str(W), str(H), str(cx), str(cy), repr(angle), text, repr(rotation), str(W / 2), str(H / 2), shape]
                   + [repr(x) for x in v], check=True)
    return load(out)[2]


def near_hard_edge(case):
    """Whether a pixel center (canvas coordinates) lies within NEAR_EDGE of a direction where the
    colors jump, or within NEAR_CENTER of the center."""
    stops, cx, cy, angle, rotation, _, _ = case
    # The center in canvas coordinates (the rotation is about the canvas center).
    px, py = W / 2, H / 2
    c, s = math.cos(rotation), math.sin(rotation)
    ccx, ccy = px + c * (cx - px) - s * (cy - py), py + s * (cx - px) + c * (cy - py)
    jumps = [o for (o, a, _), (p, b, _) in zip(stops, stops[1:]) if o == p and a != b]
    if stops[0][1:] != stops[-1][1:] or stops[0][0] > 0 or stops[-1][0] < 1:
        jumps.append(0)
    directions = [angle + rotation + 2 * math.pi * o for o in jumps]

    def skip(x, y):
        dx, dy = x - ccx, y - ccy
        if math.hypot(dx, dy) < NEAR_CENTER:
            return True
        # Distance to each ray from the center in a jump's direction.
        return any(dx * math.cos(d) + dy * math.sin(d) > 0 and abs(-dx * math.sin(d) + dy * math.cos(d)) < NEAR_EDGE
                   for d in directions)
    return skip


def near_shape_edge(case):
    """Whether a pixel center lies within NEAR_EDGE of the shape's outline, where cairo's and each
    renderer's anti-aliasing of the shape differ (check_renders.py checks shapes; this checks the
    gradient)."""
    _, _, _, _, rotation, shape, v = case
    px, py = W / 2, H / 2
    c, s = math.cos(-rotation), math.sin(-rotation)

    def user(x, y):
        dx, dy = x - px, y - py
        return px + c * dx - s * dy, py + s * dx + c * dy

    def skip(x, y):
        x, y = user(x, y)
        if shape == "circle":
            return abs(math.hypot(x - v[0], y - v[1]) - v[2]) < NEAR_EDGE
        if shape == "rect":
            inside = v[0] - NEAR_EDGE < x < v[0] + v[2] + NEAR_EDGE and v[1] - NEAR_EDGE < y < v[1] + v[3] + NEAR_EDGE
            deep = v[0] + NEAR_EDGE < x < v[0] + v[2] - NEAR_EDGE and v[1] + NEAR_EDGE < y < v[1] + v[3] - NEAR_EDGE
            return inside and not deep
        if shape == "ring":
            cx, cy, r, start, end, width = v
            a = math.atan2(y - cy, x - cx)
            turned = (a - start) % (2 * math.pi)
            if turned <= end - start:
                d = abs(math.hypot(x - cx, y - cy) - r)
            else:
                d = min(math.hypot(x - cx - r * math.cos(t), y - cy - r * math.sin(t)) for t in (start, end))
            return abs(d - width / 2) < NEAR_EDGE
        return False
    return skip


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    scenec = os.path.abspath(sys.argv[1])
    import tempfile
    tmp = tempfile.mkdtemp(prefix="scenec-conic-")
    program = os.path.join(tmp, "conic_reference")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "cairo"], check=True, capture_output=True, text=True).stdout.split()
    subprocess.run(["cc", "-O2", "-o", program, os.path.join(HERE, "conic_reference.c")] + flags + ["-lm"], check=True)
    r = Renderers(scenec, tmp)
    failures, checks = [], 0
    try:
        for n, case in enumerate(CASES):
            name = f"conic{n}"
            expected = reference(program, tmp, name, case)
            painted = sum(1 for p in expected if p[3] > 0)
            if painted < W * H // 10:
                failures.append(f"{name}: the reference paints only {painted} pixels; the case tests nothing")
            hard, outline = near_hard_edge(case), near_shape_edge(case)
            for renderer, picture in r.all(name, scene(case)).items():
                checks += 1
                worst, where = compare(expected, picture, lambda x, y: hard(x, y) or outline(x, y))
                edge, edge_where = compare(expected, picture, outline)
                ok = worst <= TOLERANCE
                print(f"{'ok' if ok else 'FAIL':4} {name} {case[5]} {renderer}: max difference {worst}"
                      + (f" at {where}" if worst else "") + f", {edge} at the hard edges and the center"
                      + (f" at {edge_where}" if edge else ""))
                if not ok:
                    failures.append(f"{name} {renderer}: {worst} at {where}, {edge} at {edge_where}")
        # The comparison can fail: a gradient turned by a degree is not the same picture.
        turned = CASES[1][:3] + (CASES[1][3] + math.pi / 180,) + CASES[1][4:]
        worst, _ = compare(reference(program, tmp, "control", turned), reference(program, tmp, "control0", CASES[1]))
        if worst <= TOLERANCE:
            failures.append("control: references a degree apart compare equal; the comparison cannot fail")
    finally:
        r.close()
    print(f"{checks} pictures checked, {len(failures)} failed (pictures in {tmp})")
    for f in failures:
        print("  " + f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
