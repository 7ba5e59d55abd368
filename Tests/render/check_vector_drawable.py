#!/usr/bin/env python3
"""`scenec build --layout android-vector` against scenec's own SVG, pixel by pixel.

Every variant of Scenes/ (its manifest) and every fixture in Tests/render/vector-drawable/ is built
twice: as VectorDrawables (res/drawable/NAME.xml) and in the flat layout (NAME.svg). Each
VectorDrawable is turned back into SVG by vector_drawable_to_svg.py, which follows Android's
documented attributes and knows nothing of scenec, and both SVGs are rasterized by rsvg-convert at
2x and compared per premultiplied 8-bit channel. A variant VectorDrawable cannot express must fail
with error[E0931] naming it, and write no file; every fixture must be expressible.

Tolerance: 3 per channel (measured: 0 for every variant of Scenes/, 2 for the gradient fixture):
the band and disc edges are clip paths in the VectorDrawable where the SVG cuts them with the
same geometry written differently, and its gradient stops carry alpha in 8 bits where the SVG
writes an opacity. Control: the same comparison of a VectorDrawable with its
caps, its group rotation or its gradient band removed exceeds it, so the check can fail.

Usage: check_vector_drawable.py PATH/TO/scenec
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from check_renders import decode_png  # noqa: E402
from vector_drawable_to_svg import convert  # noqa: E402

TOLERANCE = 3
FIXTURES = os.path.join(HERE, "vector-drawable")
JAVA_KEYWORDS = {"abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
                 "default", "do", "double", "else", "enum", "extends", "false", "final", "finally", "float", "for",
                 "goto", "if", "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "null",
                 "package", "private", "protected", "public", "return", "short", "static", "strictfp", "super", "switch",
                 "synchronized", "this", "throw", "throws", "transient", "true", "try", "void", "volatile", "while"}


def resource_name(name):
    """docs/manifest.md's rule for Android resource names."""
    out = "".join(c if ("a" <= c <= "z" or "0" <= c <= "9" or c == "_") else "_" for c in name.lower())
    if not ("a" <= out[:1] <= "z"):
        out = "img_" + out
    return out + "_" if out in JAVA_KEYWORDS else out


def pixels(svg_path, png_path):
    subprocess.run(["rsvg-convert", "--zoom", "2", svg_path, "-o", png_path], check=True)
    width, height, pixel = decode_png(open(png_path, "rb").read())
    out = []
    for y in range(height):
        for x in range(width):
            r, g, b, a = pixel(x, y)
            out.append((r * a // 255, g * a // 255, b * a // 255, a))
    return width, height, out


def difference(a, b):
    """The largest channel difference of two renders and where, or None when the sizes differ."""
    (wa, ha, pa), (wb, hb, pb) = a, b
    if (wa, ha) != (wb, hb):
        return None
    worst, where = 0, None
    for i, (p, q) in enumerate(zip(pa, pb)):
        d = max(abs(u - v) for u, v in zip(p, q))
        if d > worst:
            worst, where = d, (i % wa, i // wa)
    return worst, where


def build(paths, out, layout):
    run = subprocess.run([SCENEC, "build", *paths, "-o", out, "--layout", layout, "--no-cache", "--progress", "lines",
                          "--diagnostics", "short"], capture_output=True, text=True)
    return run.returncode, run.stderr


def compare_folder(tmp, label, paths, checks, must_express):
    flat, vector = os.path.join(tmp, label + "-flat"), os.path.join(tmp, label + "-vector")
    status, err = build(paths, flat, "flat")
    checks.append((f"{label}: the flat build succeeds", status == 0, err[-400:]))
    status, err = build(paths, vector, "android-vector")
    names = sorted(f[:-4] for f in os.listdir(flat) if f.endswith(".svg"))
    expressed = []
    for name in names:
        drawable = os.path.join(vector, "res", "drawable", resource_name(name) + ".xml")
        if not os.path.exists(drawable):
            refused = f"error[E0931]: variant '{name}' cannot be a VectorDrawable" in err
            checks.append((f"{label}/{name}: not expressible, and the build says so (E0931) and writes nothing",
                           refused and not must_express, re.findall(r"[^\n]*E0931[^\n]*", err)[:2] or err[-400:]))
            continue
        expressed.append(name)
        with open(drawable, encoding="utf-8") as f:
            text = f.read()
        converted = os.path.join(tmp, f"{label}-{name}.vd.svg")
        with open(converted, "w", encoding="utf-8") as f:
            f.write(convert(text))
        ours = pixels(os.path.join(flat, name + ".svg"), os.path.join(tmp, f"{label}-{name}.svg.png"))
        theirs = pixels(converted, os.path.join(tmp, f"{label}-{name}.vd.png"))
        result = difference(ours, theirs)
        checks.append((f"{label}/{name}: the VectorDrawable draws scenec's SVG (within {TOLERANCE})",
                       result is not None and result[0] <= TOLERANCE, result))
    return expressed, vector, flat


def control(tmp, vector, flat, name, mutate, what, checks):
    """A VectorDrawable changed by `mutate` must differ from the SVG by more than the tolerance."""
    with open(os.path.join(vector, "res", "drawable", resource_name(name) + ".xml"), encoding="utf-8") as f:
        text = f.read()
    changed = mutate(text)
    if changed == text:
        checks.append((f"control ({what}): the mutation applies", False, "nothing changed"))
        return
    path = os.path.join(tmp, f"control-{name}.svg")
    with open(path, "w", encoding="utf-8") as f:
        f.write(convert(changed))
    result = difference(pixels(os.path.join(flat, name + ".svg"), path + ".a.png"), pixels(path, path + ".b.png"))
    checks.append((f"control: {what} is seen", result is None or result[0] > TOLERANCE, result))


def main():
    checks = []
    with tempfile.TemporaryDirectory() as tmp:
        scenes, _, _ = compare_folder(tmp, "Scenes", [os.path.join(ROOT, "Scenes")], checks, must_express=False)
        checks.append(("some variants of Scenes/ are VectorDrawables", len(scenes) >= 2, scenes))
        fixtures, vector, flat = compare_folder(tmp, "fixtures", [FIXTURES], checks, must_express=True)
        checks.append(("every fixture was compared", len(fixtures) == len([f for f in os.listdir(FIXTURES) if f.endswith(".scene")]),
                       fixtures))
        control(tmp, vector, flat, "strokes", lambda t: t.replace('android:strokeLineCap="round"', ""), "a lost round cap", checks)
        control(tmp, vector, flat, "fills-and-transforms", lambda t: re.sub(r'android:rotation="[^"]*"', "", t),
                "a lost group rotation", checks)
        control(tmp, vector, flat, "gradients-and-clips", lambda t: re.sub(r"<clip-path [^>]*/>", "", t, count=1),
                "a lost gradient band", checks)
    failed = 0
    for name, ok, detail in checks:
        print(("ok   " if ok else "FAIL ") + name + ("" if ok else f": {detail}"))
        failed += not ok
    print(f"{len(checks) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    SCENEC = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "scenec"))
    sys.exit(main())
