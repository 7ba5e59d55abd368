#!/usr/bin/env python3
"""Renders the seed widgets with scenec and librsvg (rsvg-convert), then probes pixels whose
colors follow from the seeds' drawing code: the geometry of each widget at several sizes, scales
and parameter values. Usage: check_renders.py PATH/TO/scenec

Each probe names a point in scene coordinates (points) and what the seed draws there. Points are
chosen well inside a shape or well outside it, so anti-aliasing never decides a result; the one
exception is the crispness check of the push button, which is the seed's point about 0.5 offsets.
"""
import math
import os
import struct
import subprocess
import sys
import tempfile
import zlib

TEAL = (87, 218, 213)
OUTLINE = (34, 110, 100)
WHITE = (255, 255, 255)
BLUE = (0, 0, 255)
CLEAR = None  # fully transparent


def decode_png(data):
    """8-bit RGBA or RGB, non-interlaced: what rsvg-convert writes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, (depth, color, interlace)
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line

    def pixel(x, y):
        row = rows[y]
        px = tuple(row[x * channels:(x + 1) * channels])
        return px if channels == 4 else px + (255,)
    return width, height, pixel


def lerp(c1, c2, t):
    return tuple(round(a + (b - a) * t) for a, b in zip(c1, c2))


class Checker:
    def __init__(self, scenec):
        self.scenec = scenec
        self.passed = 0
        self.failed = 0
        self.tmp = tempfile.mkdtemp(prefix="scenec-render-")

    def render(self, scene, args, scale):
        svg = os.path.join(self.tmp, "out.svg")
        png = os.path.join(self.tmp, "out.png")
        subprocess.run([self.scenec, "render", "Scenes/%s.scene" % scene, "-o", svg] + args, check=True)
        subprocess.run(["rsvg-convert", "-z", str(scale), svg, "-o", png], check=True)
        with open(png, "rb") as f:
            return decode_png(f.read())

    def case(self, scene, args, scale, size, probes, tolerance=6):
        label = "%s %s @%gx" % (scene, " ".join(args) or "(defaults)", scale)
        width, height, pixel = self.render(scene, args, scale)
        want = (math.ceil(size[0] * scale), math.ceil(size[1] * scale))
        problems = []
        if (width, height) != want:
            problems.append("image is %dx%d, expected %dx%d" % (width, height, want[0], want[1]))
        for (x, y, expected, what) in probes:
            px, py = int(x * scale), int(y * scale)
            got = pixel(px, py)
            if expected is CLEAR:
                ok = got[3] == 0
            else:
                ok = got[3] == 255 and all(abs(g - e) <= tolerance for g, e in zip(got[:3], expected))
            if not ok:
                problems.append("(%g, %g) %s: got rgba%s, expected %s" % (x, y, what, got, expected or "transparent"))
        if problems:
            self.failed += 1
            print("FAIL", label)
            for p in problems:
                print("    ", p)
        else:
            self.passed += 1
            print("ok  ", label)

    def cross_check(self, scene, args, scale):
        """librsvg and resvg agree: pixels differ only along anti-aliased edges (a small fraction)."""
        label = "%s %s @%gx: resvg draws what librsvg draws" % (scene, " ".join(args) or "(defaults)", scale)
        w, h, rsvg_pixel = self.render(scene, args, scale)
        svg = os.path.join(self.tmp, "out.svg")
        png = os.path.join(self.tmp, "resvg.png")
        subprocess.run(["resvg", "--zoom", str(scale), svg, png], check=True)
        with open(png, "rb") as f:
            w2, h2, resvg_pixel = decode_png(f.read())
        if (w, h) != (w2, h2):
            self.failed += 1
            print("FAIL", label, "sizes differ", (w, h), (w2, h2))
            return
        differing = 0
        for y in range(h):
            for x in range(w):
                a, b = rsvg_pixel(x, y), resvg_pixel(x, y)
                if max(abs(p - q) for p, q in zip(a, b)) > 24:
                    differing += 1
        share = differing / float(w * h)
        if share < 0.01:
            self.passed += 1
            print("ok  ", label, "(%.3f%% of pixels differ by more than 24/255)" % (100 * share))
        else:
            self.failed += 1
            print("FAIL", label, "%.2f%% of pixels differ by more than 24/255" % (100 * share))

    def scenec_png(self, scene, args, scale, env=None):
        png = os.path.join(self.tmp, "scenec.png")
        subprocess.run([self.scenec, "render", "Scenes/%s.scene" % scene, "-o", png, "--scale", str(scale)] + args,
                       check=True, env=env)
        with open(png, "rb") as f:
            return f.read()

    def pdf_matches_png(self, scene, args, scale):
        """The PDF (vectors, drawn by librsvg onto cairo's PDF surface) rasterized by poppler's
        pdftoppm at the PNG's resolution draws what the PNG draws, over white: the resvg
        cross-check's tolerance (under 1% of pixels differ by more than 24/255, edges only)."""
        label = "%s %s @%gx: the PDF rasterized by pdftoppm draws what the PNG draws" % (
            scene, " ".join(args) or "(defaults)", scale)
        pdf = os.path.join(self.tmp, "scenec.pdf")
        subprocess.run([self.scenec, "render", "Scenes/%s.scene" % scene, "-o", pdf] + args, check=True)
        subprocess.run(["pdftoppm", "-r", str(72 * scale), "-png", "-singlefile", pdf, os.path.join(self.tmp, "poppler")],
                       check=True)
        with open(os.path.join(self.tmp, "poppler.png"), "rb") as f:
            w1, h1, poppler = decode_png(f.read())
        w2, h2, png = decode_png(self.scenec_png(scene, args, scale))
        if (w1, h1) != (w2, h2):
            self.report(False, label, "sizes differ: %dx%d and %dx%d" % (w1, h1, w2, h2))
            return
        differing = 0
        for y in range(h2):
            for x in range(w2):
                r, g, b, a = png(x, y)
                # The PNG over white, as the PDF page is shown.
                over = [round((c * a + 255 * (255 - a)) / 255) for c in (r, g, b)]
                if max(abs(p - q) for p, q in zip(poppler(x, y)[:3], over)) > 24:
                    differing += 1
        share = differing / float(w2 * h2)
        self.report(share < 0.01, label, "(%.3f%% of pixels differ by more than 24/255)" % (100 * share))

    def pdf_keeps_text(self):
        """Text in the PDF is text (pdftotext reads it back) in the embedded pinned font (pdffonts)."""
        pdf = os.path.join(self.tmp, "text.pdf")
        subprocess.run([self.scenec, "render", "Scenes/flo.scene", "-o", pdf, "--set", "showGraph=true"], check=True)
        text = subprocess.run(["pdftotext", pdf, "-"], check=True, capture_output=True, text=True).stdout
        fonts = subprocess.run(["pdffonts", pdf], check=True, capture_output=True, text=True).stdout.splitlines()[2:]
        embedded = [line.split()[0] for line in fonts if line.split()[-5:-3] == ["yes", "yes"]]
        ok = "Water Drunk" in text and "Average: 4" in text and len(embedded) == len(fonts) \
            and all("+DejaVuSans" in name for name in embedded) and embedded
        self.report(bool(ok), "flo: the PDF's text is text in the embedded DejaVu subset", "(fonts: %s)" % ", ".join(embedded))

    def same_pixels(self, scene_a, scene_b, scale):
        """Two scene files (paths from the package folder) draw identical pixels, in librsvg and
        in resvg: how `<path d="…">` is checked against the same shape written with elements."""
        for engine in ("librsvg", "resvg"):
            images = []
            for i, scene in enumerate((scene_a, scene_b)):
                svg = os.path.join(self.tmp, "same%d.svg" % i)
                png = os.path.join(self.tmp, "same%d.png" % i)
                subprocess.run([self.scenec, "render", scene, "-o", svg], check=True)
                if engine == "librsvg":
                    subprocess.run(["rsvg-convert", "-z", str(scale), svg, "-o", png], check=True)
                else:
                    subprocess.run(["resvg", "--zoom", str(scale), svg, png], check=True)
                with open(png, "rb") as f:
                    images.append(decode_png(f.read()))
            (w1, h1, a), (w2, h2, b) = images
            differing = sum(1 for y in range(h1) for x in range(w1) if a(x, y) != b(x, y)) if (w1, h1) == (w2, h2) else -1
            painted = sum(1 for y in range(h1) for x in range(w1) if a(x, y)[3] != 0)
            label = "%s @%gx in %s: draws the same pixels as %s" % (scene_a, scale, engine, scene_b)
            self.report(differing == 0 and painted > 0, label, "(%d pixels differ, %d painted)" % (differing, painted))

    def matches_svg(self, scene, svg, scale):
        """A scene draws what a hand-written SVG draws (in librsvg and resvg): under 1% of pixels
        differ by more than 24/255, anti-aliased edges only. For conversions that cannot give
        identical output, such as rotated elliptical arcs written as cubic curves."""
        ours = os.path.join(self.tmp, "ours.svg")
        subprocess.run([self.scenec, "render", scene, "-o", ours], check=True)
        for engine in ("librsvg", "resvg"):
            images = []
            for i, source in enumerate((ours, svg)):
                png = os.path.join(self.tmp, "match%d.png" % i)
                if engine == "librsvg":
                    subprocess.run(["rsvg-convert", "-z", str(scale), source, "-o", png], check=True)
                else:
                    subprocess.run(["resvg", "--zoom", str(scale), source, png], check=True)
                with open(png, "rb") as f:
                    images.append(decode_png(f.read()))
            (w, h, a), (w2, h2, b) = images
            label = "%s @%gx in %s: draws what %s draws" % (scene, scale, engine, svg)
            if (w, h) != (w2, h2):
                self.report(False, label, "sizes differ")
                continue
            differing = sum(1 for y in range(h) for x in range(w) if max(abs(p - q) for p, q in zip(a(x, y), b(x, y))) > 24)
            share = differing / float(w * h)
            self.report(share < 0.01, label, "(%.3f%% of pixels differ by more than 24/255)" % (100 * share))

    def report(self, ok, label, detail=""):
        if ok:
            self.passed += 1
            print("ok  ", label, detail)
        else:
            self.failed += 1
            print("FAIL", label, detail)

    def text_label_centered(self):
        scale = 2
        w, h, pixel = decode_png(self.scenec_png("flo", ["--set", "counter=5"], scale))
        # The label's 44x44 box in the counter view at (185, 70): (278, 163)-(322, 207). Dark pixels
        # there are the digit (the counter arc is teal, the background white).
        dark = [(x, y) for y in range(163 * scale, 207 * scale) for x in range(278 * scale, 322 * scale)
                if sum(pixel(x, y)[:3]) < 200 and pixel(x, y)[3] == 255]
        size = 36.0
        baseline = 185 + (1901 - 483) / 2048 / 2 * size
        digit_top = baseline - 1493 / 2048 * size
        if not dark:
            self.report(False, "flo: the counter label is drawn", "(no dark pixels in its box)")
            return
        xs, ys = [p[0] / scale for p in dark], [p[1] / scale for p in dark]
        centre_x = (min(xs) + max(xs) + 1 / scale) / 2
        ok = abs(centre_x - 300) <= 1.5 and abs(max(ys) + 1 / scale - baseline) <= 1 and abs(min(ys) - digit_top) <= 1
        self.report(ok, "flo: the counter label '5' is centered at x 300 on baseline %.2f" % baseline,
                    "(ink x %.2f-%.2f, y %.2f-%.2f; digit top expected %.2f)"
                    % (min(xs), max(xs) + 1 / scale, min(ys), max(ys) + 1 / scale, digit_top))

    def text_ignores_machine_fonts(self):
        # A fontconfig configuration with no fonts at all: an unpinned renderer would draw no text.
        conf = os.path.join(self.tmp, "empty-fonts.conf")
        with open(conf, "w") as f:
            f.write('<?xml version="1.0"?><fontconfig><dir>%s</dir></fontconfig>' % self.tmp)
        env = dict(os.environ, FONTCONFIG_FILE=conf)
        args = ["--set", "showGraph=true"]
        same = self.scenec_png("flo", args, 1) == self.scenec_png("flo", args, 1, env=env)
        self.report(same, "flo: text pixels do not depend on the machine's fontconfig settings")

    def docs_image_is_current(self, path, args):
        """README's pictures are renders of the current flo.scene (regenerate them with make docs-images)."""
        with open(path, "rb") as f:
            w1, h1, old = decode_png(f.read())
        w2, h2, new = decode_png(self.scenec_png("flo", args, 1))
        worst = max((max(abs(a - b) for a, b in zip(old(x, y), new(x, y))) for y in range(h2) for x in range(w2)),
                    default=0) if (w1, h1) == (w2, h2) else 255
        self.report(worst <= 2, "%s matches a fresh render of Scenes/flo.scene %s" % (path, " ".join(args)),
                    "(largest channel difference %d)" % worst)

    def crisp_rows(self, scene, args, scale, x, rows, color, label):
        """Every pixel row of a horizontal 3-point stroke is fully covered: no blended edge rows."""
        _, _, pixel = self.render(scene, args, scale)
        got = [pixel(int(x * scale), r) for r in rows]
        ok = all(g[:3] == color and g[3] == 255 for g in got)
        if ok:
            self.passed += 1
            print("ok  ", label)
        else:
            self.failed += 1
            print("FAIL", label, got)


def polar(cx, cy, r, angle):
    return (cx + r * math.cos(angle), cy + r * math.sin(angle))


def counter_probes(w, h, counter):
    cx, cy = w / 2, h / 2
    arc_radius = max(w, h) / 2 - 38
    step = (3 * math.pi / 2) / 8
    start = 3 * math.pi / 4
    end_angle = start + step * counter
    probes = [(cx, cy, CLEAR, "the hole in the middle")]
    # The arc band, halfway out, at angles the 270° arc covers and away from the outline and markers.
    for a in (math.radians(200), math.radians(250), math.radians(340)):
        x, y = polar(cx, cy, arc_radius, a)
        if 0 <= x < w and 0 <= y < h:
            probes.append((x, y, TEAL, "the counter arc at %d°" % round(math.degrees(a))))
    # Below the centre the arc leaves a gap (from 45° to 135°).
    x, y = polar(cx, cy, arc_radius, math.pi / 2)
    if y < h:
        probes.append((x, y, CLEAR, "the gap below the centre"))
    # The outline's outer arc (radius w/2 - 2.5, 5 wide) runs only as far as the glasses drunk.
    inside = start + step * counter / 2 if counter > 0 else None
    if inside is not None:
        x, y = polar(cx, cy, w / 2 - 2.5, inside)
        if 0 <= x < w and 0 <= y < h:
            probes.append((x, y, OUTLINE, "the outline, inside the drunk part"))
        # The inner arc runs back counter-clockwise over the same angles, at radius w/2 - 76 + 2.5.
        x, y = polar(cx, cy, w / 2 - 76 + 2.5, inside)
        if 0 <= x < w and 0 <= y < h:
            probes.append((x, y, OUTLINE, "the outline's inner arc"))
    if counter < 8:
        # Past the glasses drunk, the inner rim is the arc's own color.
        x, y = polar(cx, cy, w / 2 - 76 + 2.5, (end_angle + start + 3 * math.pi / 2) / 2)
        if 0 <= x < w and 0 <= y < h and abs(w / 2 - 76 + 2.5 - arc_radius) < 38:
            probes.append((x, y, TEAL, "no outline past the glasses drunk"))
    return probes


def main():
    scenec = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/scenec"
    c = Checker(scenec)

    # PushButtonView: a filled oval, a white plus (or minus) 60% of the shorter side wide.
    for scale in (1, 2, 3):
        c.case("push-button", [], scale, (100, 100), [
            (2, 2, CLEAR, "outside the oval"),
            (10, 40, TEAL, "the oval's fill"),
            (50, 50, WHITE, "the plus's centre"),
            (50, 25, WHITE, "the vertical bar"),
            (75, 50, WHITE, "the horizontal bar"),
            (85, 50, TEAL, "beyond the bar (60% width)"),
        ])
    c.case("push-button", ["--set", "isAddButton=false", "--set", "fillColor=rgb(238,77,77)"], 2, (100, 100), [
        (50, 50, WHITE, "the minus"),
        (50, 30, (238, 77, 77), "no vertical bar on a minus button"),
    ])
    c.case("push-button", ["--size", "160x90"], 1, (160, 90), [
        (80, 45, WHITE, "centre"), (80 - 27 + 2, 45, WHITE, "left end of the bar (0.6 × 90 wide)"),
        (80 - 27 - 4, 45, TEAL, "just beyond the bar"), (5, 5, CLEAR, "corner outside the oval"),
    ])
    # The 0.5-point offsets: the 3-point bar covers whole pixel rows at 1x, 2x and 3x.
    c.crisp_rows("push-button", [], 1, 30, [49, 50, 51], (255, 255, 255), "push-button bar rows are crisp @1x")
    c.crisp_rows("push-button", [], 2, 30, [98, 99, 100, 101, 102, 103], (255, 255, 255), "push-button bar rows are crisp @2x")
    c.crisp_rows("push-button", [], 3, 30, range(147, 156), (255, 255, 255), "push-button bar rows are crisp @3x")

    # CounterView at several sizes and counts.
    for (w, h, counter, scale) in ((230, 230, 5, 1), (230, 230, 0, 2), (230, 230, 8, 3), (160, 160, 3, 1), (300, 200, 6, 1)):
        args = ["--set", "counter=%d" % counter, "--size", "%dx%d" % (w, h)]
        c.case("counter", args, scale, (w, h), counter_probes(w, h, counter))
    # With 2 glasses, the outline stops early: the outer rim at 300° is the arc's color, not the outline's.
    x, y = polar(115, 115, 112.5, math.radians(300))
    c.case("counter", ["--set", "counter=2"], 1, (230, 230), [(x, y, TEAL, "no outline past the 2nd glass")])
    # Markers: one per glass at radius 105…115, drawn by rotate + translate; the 8th sits at 45°.
    for i in (1, 4, 8):
        a = 3 * math.pi / 4 + i * (3 * math.pi / 2) / 8
        x, y = polar(115, 115, 107, a)
        c.case("counter", ["--set", "counter=0"], 2, (230, 230), [(x, y, OUTLINE, "marker %d" % i)], tolerance=20)

    # GraphView.
    start, end = (250, 233, 222), (252, 79, 8)
    def graph_probes(w, h, points):
        margin, top, bottom = 20, 60, 50
        gw, gh = w - 2 * margin - 4, h - top - bottom
        xs = [i * gw / (len(points) - 1) + margin + 2 for i in range(len(points))]
        ys = [gh + top - p / max(points) * gh for p in points]
        probes = [(0, 0, CLEAR, "rounded corner"), (w - 1, h - 1, CLEAR, "rounded corner")]
        for x, y in zip(xs, ys):
            probes.append((x, y, WHITE, "circle on a point"))
        # Between the first two points: above the line the background gradient, below the clipped one.
        mx = (xs[0] + xs[1]) / 2
        my = (ys[0] + ys[1]) / 2
        above = min(my - 12, top - 5)
        probes.append((mx, above, lerp(start, end, (int(above) + 0.5) / h), "background gradient above the line"))
        below = (my + h) / 2
        probes.append((mx, below, lerp(start, end, (int(below) + 0.5 - top) / (h - top)), "graph gradient under the line"))
        return probes
    c.case("graph", [], 1, (300, 300), graph_probes(300, 300, [4, 2, 6, 4, 5, 8, 3]), tolerance=8)
    c.case("graph", ["--set", "graphPoints=1,3", "--size", "200x150"], 2, (200, 150), graph_probes(200, 150, [1, 3]), tolerance=8)
    c.case("graph", ["--set", "graphPoints=3,1,4,1,5,9,2,6,5,3", "--size", "480x320"], 1, (480, 320),
           graph_probes(480, 320, [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]), tolerance=8)

    # FaceView.
    def face_probes(w, h, smiliness):
        cx, cy, r = w / 2, h / 2, min(w, h) / 2 * 0.9
        eye_r, eye_dy, eye_dx = r / 10, r / 3, r / 1.5 / 2
        mouth_w, mouth_h, mouth_dy = r, r / 3, r / 3
        s = max(min(smiliness, 1), -1) * mouth_h
        # A cubic with both controls at height s: its midpoint is at 3/4 of s.
        mid_y = cy + mouth_dy + 0.75 * s
        return [
            (cx, cy, CLEAR, "inside the face"),
            (cx + r, cy, BLUE, "the face outline"),
            (cx - eye_dx + eye_r, cy - eye_dy, BLUE, "the left eye"),
            (cx + eye_dx - eye_r, cy - eye_dy, BLUE, "the right eye"),
            (cx, mid_y, BLUE, "the middle of the smile"),
            (cx, cy + mouth_dy - 0.75 * s if s else cy + mouth_dy + 10, CLEAR, "the mirror of the smile"),
        ]
    c.case("face", [], 1, (300, 300), face_probes(300, 300, 0.75), tolerance=60)
    c.case("face", ["--set", "smiliness=-1", "--set", "lineWidth=5", "--size", "400x200"], 2, (400, 200),
           face_probes(400, 200, -1), tolerance=60)
    c.case("face", ["--set", "smiliness=3"], 3, (300, 300), face_probes(300, 300, 3), tolerance=60)

    # A second, independent renderer must draw the same SVG: resvg against librsvg.
    for scene, args in (("push-button", []), ("counter", ["--set", "counter=3"]), ("graph", []),
                        ("face", ["--set", "smiliness=-0.5"]), ("counter", ["--size", "300x200"])):
        c.cross_check(scene, args, 2)

    # <path d="…">: SVG path data (arcs included) draws what the same shape written with child
    # path commands draws.
    for scale in (1, 3):
        c.same_pixels("Tests/render/path-data-d.scene", "Tests/render/path-data-elements.scene", scale)
        # Interpolated numbers ({…}, made absolute when drawn) draw the same shapes again.
        c.same_pixels("Tests/render/path-data-d-interpolated.scene", "Tests/render/path-data-elements.scene", scale)
    # Elliptical arcs with turned axes are cubic curves in the display list: they draw what SVG's
    # own arcs draw.
    c.matches_svg("Tests/render/path-data-rotated-arc.scene", "Tests/render/path-data-rotated-arc.svg", 3)

    # PDF: the same SVG on a cairo PDF surface; poppler rasterizes it as the PNG looks.
    for scene, args, scale in (("push-button", [], 2), ("counter", ["--set", "counter=3"], 1), ("graph", [], 2),
                               ("face", ["--set", "smiliness=-0.5"], 1), ("flo", ["--set", "showGraph=true"], 1)):
        c.pdf_matches_png(scene, args, scale)
    c.pdf_keeps_text()

    # Text: the Flo screen's counter label sits where a UILabel centers "5" (36 points, DejaVu Sans,
    # whose digits are 1493/2048 of the size tall on the baseline), and the pinned fonts make the
    # PNG independent of the machine's fontconfig settings.
    c.text_label_centered()
    c.text_ignores_machine_fonts()
    for name, args in (("flo", []), ("flo-graph", ["--set", "showGraph=true"])):
        c.docs_image_is_current("docs/%s.png" % name, args)

    print("render-checks: %d passed, %d failed" % (c.passed, c.failed))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
