#!/usr/bin/env python3
"""Masks, pixel by pixel, against cairo (Grammar §11, "Masks"; issue 22).

Each case is a scene compiled by scenec to SVG and PNG (librsvg in-process); the SVG is rasterized
by rsvg-convert (librsvg), resvg and headless Chromium, and each picture is compared with an
independent drawing by cairo (mask_reference.c, built here with cc and pkg-config): the mask's
content drawn onto a transparent image, the masked body onto another, then the body painted with
`cairo_mask_surface` through an A8 mask made from the content's image, its alpha or its
luminance (0.2125·R + 0.7154·G + 0.0721·B of the premultiplied channels), computed by the
reference pixel by pixel.

What is checked:
- a fade-out at a list's edge: an alpha mask whose content is opaque, then a gradient to transparent;
- a luminance mask of white, gray, a translucent red and a gradient, whose body blends (multiply)
  with its own image only, not with what lies under the mask; the content's gradient is used again
  after the mask (the SVG defines it once, inside the `<mask>` element);
- a luminance mask under a scaled, translated and faded group: the group's opacity fades each of
  the body's operations, not the content.

Tolerance 3 per premultiplied 8-bit channel (check_compositing.py's for sharp cases: 8-bit rounding
of the masks and of the gradients; the shapes lie on whole pixels, so no anti-aliasing differs).
Controls: a drawing with one thing changed (the other mode; the blend reaching the backdrop; the
content faded with the group) differs from the reference by more than the tolerance, so the
comparison can fail.
Usage: check_masks.py PATH/TO/scenec
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_paint import Renderers, compare, load  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = 120, 100
TOLERANCE = 3

ORANGE = (217, 79, 30)
BLUE = (30, 111, 217)
GREEN = (47, 191, 113)
YELLOW = (255, 210, 0)


def rgb(c):
    return f"rgb({c[0]}, {c[1]}, {c[2]})"


def unit(c):
    return " ".join(str(v / 255) for v in c)


def fade_list(mode="alpha"):
    rows = "".join(f'      <rect x="10" y="{2 + 20 * k}" width="100" height="16" fill="{rgb(BLUE)}"/>\n' for k in range(5))
    scene = f'''<scene width="{W}" height="{H}">
  <rect width="60" height="{H}" fill="{rgb(ORANGE)}"/>
  <gradient name="fade">
    <stop offset="0" color="black"/>
    <stop offset="1" color="black" opacity="0"/>
  </gradient>
  <mask mode="{mode}">
    <content>
      <rect width="{W}" height="70" fill="black"/>
      <rect y="70" width="{W}" height="30" fill="linear(fade, 0, 70, 0, 100)"/>
    </content>
{rows}  </mask>
</scene>
'''
    ops = [f"rect 0 0 60 {H} {unit(ORANGE)} 1", "content", f"rect 0 0 {W} 70 0 0 0 1",
           f"linear 0 70 {W} 30 0 70 0 100 0 0 0 1 0 0 0 0", "body"]
    ops += [f"rect 10 {2 + 20 * k} 100 16 {unit(BLUE)} 1" for k in range(5)]
    ops.append(f"end {mode}")
    return scene, ops


def luminance(mode="luminance", isolated=True):
    scene = f'''<scene width="{W}" height="{H}">
  <rect width="60" height="{H}" fill="{rgb(ORANGE)}"/>
  <gradient name="shade">
    <stop offset="0" color="white"/>
    <stop offset="1" color="black"/>
  </gradient>
  <mask mode="{mode}">
    <content>
      <rect width="40" height="{H}" fill="white"/>
      <rect x="40" width="40" height="{H}" fill="rgb(128, 128, 128)"/>
      <rect x="80" width="40" height="50" fill="rgba(255, 0, 0, 0.6)"/>
      <rect x="80" y="50" width="40" height="50" fill="linear(shade, 0, 50, 0, 100)"/>
    </content>
    <rect x="10" y="10" width="100" height="80" fill="{rgb(GREEN)}"/>
    <rect x="30" width="60" height="40" fill="{rgb(YELLOW)}" blend="multiply"/>
  </mask>
  <rect y="50" width="10" height="50" fill="linear(shade, 0, 50, 0, 100)"/>
</scene>
'''
    ops = [f"rect 0 0 60 {H} {unit(ORANGE)} 1", "content", f"rect 0 0 40 {H} 1 1 1 1",
           f"rect 40 0 40 {H} {unit((128, 128, 128))} 1", "rect 80 0 40 50 1 0 0 0.6",
           "linear 80 50 40 50 0 50 0 100 1 1 1 1 0 0 0 1", "body",
           f"rect 10 10 100 80 {unit(GREEN)} 1"]
    if isolated:
        ops += [f"rect 30 0 60 40 {unit(YELLOW)} 1 multiply", f"end {mode}"]
    else:
        # The mistake: the blend reaching what lies under the mask, outside the body's own image.
        ops += [f"end {mode}", "content", f"rect 0 0 40 {H} 1 1 1 1", f"rect 40 0 40 {H} {unit((128, 128, 128))} 1",
                "rect 80 0 40 50 1 0 0 0.6", "linear 80 50 40 50 0 50 0 100 1 1 1 1 0 0 0 1", "body",
                f"rect 0 0 {W} {H} 0 0 0 0", f"end {mode}", f"rect 30 0 60 40 {unit(YELLOW)} 1 multiply"]
    ops.append("linear 0 50 10 50 0 50 0 100 1 1 1 1 0 0 0 1")
    return scene, ops


def grouped(content_alpha=1):
    scene = f'''<scene width="{W}" height="{H}">
  <rect width="{W}" height="{H}" fill="{rgb(ORANGE)}"/>
  <group x="20" y="10" scale="0.5" opacity="0.5">
    <mask mode="luminance">
      <content>
        <rect width="80" height="160" fill="white"/>
        <rect x="80" width="80" height="160" fill="rgb(200, 200, 200)"/>
      </content>
      <rect x="20" y="20" width="120" height="120" fill="{rgb(BLUE)}"/>
      <rect x="60" y="60" width="120" height="60" fill="{rgb(GREEN)}"/>
    </mask>
  </group>
</scene>
'''
    ops = [f"rect 0 0 {W} {H} {unit(ORANGE)} 1", "matrix 0.5 0 0 0.5 20 10", "content",
           f"rect 0 0 80 160 1 1 1 {content_alpha}", f"rect 80 0 80 160 {unit((200, 200, 200))} {content_alpha}", "body",
           f"rect 20 20 120 120 {unit(BLUE)} 0.5", f"rect 60 60 120 60 {unit(GREEN)} 0.5", "end luminance"]
    return scene, ops


def cases():
    """(name, scene, reference operations, controls: [(what, scene or None, operations or None)])."""
    fade_scene, fade_ops = fade_list()
    lum_scene, lum_ops = luminance()
    group_scene, group_ops = grouped()
    return [
        ("fade-list-alpha", fade_scene, fade_ops, [("luminance instead of alpha", fade_list("luminance")[0], None)]),
        ("luminance-blend-inside", lum_scene, lum_ops, [("alpha instead of luminance", luminance("alpha")[0], None),
                                                        ("the blend reaching under the mask", None, luminance(isolated=False)[1])]),
        ("grouped-luminance", group_scene, group_ops, [("the content faded with the group", None, grouped(0.5)[1])]),
    ]


def reference(binary, tmp, name, ops):
    out = os.path.join(tmp, name + ".cairo.png")
    subprocess.run([binary, out, str(W), str(H)], input="\n".join(ops) + "\n", text=True, check=True)
    return load(out)[2]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    scenec = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="scenec-masks-")
    binary = os.path.join(tmp, "mask_reference")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "cairo"], check=True, capture_output=True, text=True).stdout.split()
    subprocess.run(["cc", "-O2", "-o", binary, os.path.join(HERE, "mask_reference.c")] + flags, check=True)
    r = Renderers(scenec, tmp)
    r.page.set_viewport_size({"width": W, "height": H})
    failures, checks = [], 0
    try:
        for name, scene, ops, controls in cases():
            expected = reference(binary, tmp, name, ops)
            for renderer, picture in r.all(name, scene).items():
                checks += 1
                worst, where = compare(expected, picture, width=W)
                ok = worst <= TOLERANCE
                print(f"{'ok' if ok else 'FAIL':4} {name} {renderer}: max difference {worst}" + (f" at {where}" if worst else ""))
                if not ok:
                    failures.append(f"{name} {renderer}: {worst} at {where}")
            # The controls: a mistake, drawn by the renderers or by the reference, is far off.
            for k, (what, control_scene, control_ops) in enumerate(controls):
                if control_scene is not None:
                    mistaken = r.all(f"{name}-control{k}", control_scene)["rsvg"]
                else:
                    mistaken = reference(binary, tmp, f"{name}-control{k}", control_ops)
                worst, _ = compare(expected, mistaken, width=W)
                if worst <= TOLERANCE:
                    failures.append(f"control {name}: '{what}' passes against the reference; the comparison cannot fail")
                else:
                    print(f"ok   control {name}: '{what}' differs by {worst}")
    finally:
        r.close()
    print(f"{checks} pictures checked, {len(failures)} failed (pictures in {tmp})")
    for f in failures:
        print("  " + f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
