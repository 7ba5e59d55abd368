#!/usr/bin/env python3
"""How layers and shadows composite, pixel by pixel, against cairo (Grammar §11, issue 27).

Each case is a scene compiled by scenec to SVG and PNG (librsvg in-process); the SVG is rasterized
by rsvg-convert (librsvg), resvg and headless Chromium, and each picture is compared with an
independent drawing of what Core Graphics draws (paint_reference.c `shadow`, built by cc with
cairo): a backdrop rectangle, then an image (a shape, or a transparency layer's shapes drawn onto
a transparent image, their blend modes blending with that image only), composited as Core Graphics
composites a drawing under `setShadow` (and HTML canvas specifies it): the shadow (the image's
alpha, blurred with σ = shadowBlur / 2, moved, in the shadow's color) faded by the global alpha
and composited with the blend mode, then the image, faded by the global alpha and composited with
the blend mode. The blur is computed by the reference itself (an exact Gaussian per pixel).

What is checked:
- an opaque layer without shadow keeps its body's blend modes inside it (they blend with the
  layer's own content, not with what lies under the layer);
- a faded layer with a shadow: the shadow shows through the faded image;
- a blend mode on a shadowed shape blends the shadow and then the shape;
- with blurs, that the renderers' blur is the Gaussian of σ = shadowBlur / 2.

Tolerances, per premultiplied 8-bit channel: sharp cases 3 (check_paint.py's blend tolerance,
8-bit rounding of the blend formulas); blurred cases 8 on all but 1 % of the pixels (check_layers.py's:
the renderers approximate the Gaussian with box blurs, which end sooner in the faint tails).
Controls: a drawing with one thing changed (the old mistake where it can be drawn: the blend on
the backdrop, the blend lost; else the layer not faded, or a blur of σ = shadowBlur) differs from
the reference by more than the tolerance, so the comparison can fail.
Usage: check_compositing.py PATH/TO/scenec
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_paint import Renderers, compare, load  # noqa: E402

W, H = 180, 120
SHARP_TOLERANCE = 3
BLUR_TOLERANCE = 8
BLUR_SHARE = 0.01

BACKDROP = (0, 0, 90, H, 217, 79, 30, 1)
BLUE = (30, 60, 80, 40, 30, 111, 217, 1)
YELLOW = (60, 40, 70, 45, 255, 210, 0, 1)
GREEN = (40, 50, 50, 30, 47, 191, 113, 0.8)


def rect(x, y, w, h, red, green, blue, alpha, blend=None):
    extra = f' blend="{blend}"' if blend else ""
    opacity = f' opacity="{alpha}"' if alpha != 1 else ""
    return f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="rgb({red}, {green}, {blue})"{opacity}{extra}'


def shadow_attributes(dx, dy, blur, color):
    red, green, blue, alpha = color
    return f' shadowOffsetX="{dx}" shadowOffsetY="{dy}" shadowBlur="{blur}" shadowColor="rgba({red}, {green}, {blue}, {alpha})"'


def scene(body):
    return f'<scene width="{W}" height="{H}">\n  {rect(*BACKDROP)}/>\n{body}</scene>\n'


class Case:
    """A scene and the arguments of its reference drawing."""

    def __init__(self, name, body, mode="normal", alpha=1, shadow=(0, 0, 0, (0, 0, 0, 0)), inner="normal", shapes=(),
                 control=None):
        self.name, self.body, self.mode, self.alpha, self.shadow, self.inner = name, body, mode, alpha, shadow, inner
        self.shapes, self.control = shapes, control

    @property
    def blurred(self):
        return self.shadow[2] > 0

    def reference_args(self, mode=None, alpha=None, sigma=None):
        dx, dy, blur, (red, green, blue, a) = self.shadow
        args = [mode or self.mode, alpha if alpha is not None else self.alpha, dx, dy, blur / 2 if sigma is None else sigma,
                red / 255, green / 255, blue / 255, a, self.inner]
        for x, y, w, h, r, g, b, opacity in (BACKDROP,) + tuple(self.shapes):
            args += [x, y, w, h, r / 255, g / 255, b / 255, opacity]
        return [str(v) for v in args]


def cases():
    out = []
    # 1. An opaque layer whose body blends: the layer is kept, isolated.
    for mode in ("multiply", "difference"):
        body = f'  <layer>\n    {rect(*BLUE)}/>\n    {rect(*YELLOW, blend=mode)}/>\n  </layer>\n'
        # The old mistake: the layer dropped, the blend reaching the backdrop.
        out.append(Case(f"opaque-layer-{mode}", body, inner=mode, shapes=(BLUE, YELLOW),
                        control=("blend on the backdrop", f"  {rect(*BLUE)}/>\n  {rect(*YELLOW, blend=mode)}/>\n")))
    # 2. A faded layer with a shadow: shadow and image each at the layer's opacity. With blurs, the
    # control is the Gaussian of σ = shadowBlur (not half of it).
    for blur in (0, 8, 20):
        cast = (12, 14, blur, (0, 0, 0, 0.6))
        body = f'  <layer opacity="0.5"{shadow_attributes(*cast)}>\n    {rect(*BLUE)}/>\n    {rect(*YELLOW)}/>\n  </layer>\n'
        control = ("σ = shadowBlur", {"sigma": blur}) if blur else ("the layer not faded", {"alpha": 1})
        out.append(Case(f"faded-layer-shadow-blur{blur}", body, alpha=0.5, shadow=cast, shapes=(BLUE, YELLOW), control=control))
    # A faded shadowed layer whose body blends: isolated inside the filter's group too.
    cast = (10, 10, 0, (20, 20, 120, 0.7))
    body = f'  <layer opacity="0.7"{shadow_attributes(*cast)}>\n    {rect(*BLUE)}/>\n    {rect(*YELLOW, blend="multiply")}/>\n  </layer>\n'
    out.append(Case("faded-layer-shadow-blend-inside", body, alpha=0.7, shadow=cast, inner="multiply", shapes=(BLUE, YELLOW)))
    # 3. A blended shape with a shadow: the shadow blends, then the shape.
    for mode, opacity, blur in (("multiply", 1, 0), ("screen", 1, 0), ("difference", 1, 0), ("multiply", 0.7, 0), ("multiply", 0.7, 6)):
        cast = (10, 12, blur, (30, 111, 217, 0.8))
        yellow = YELLOW[:7] + (opacity,)
        body = f'  {rect(*yellow, blend=mode)}{shadow_attributes(*cast)}/>\n'
        out.append(Case(f"shape-{mode}-opacity{opacity}-blur{blur}", body, mode=mode, alpha=opacity, shadow=cast,
                        shapes=(YELLOW,), control=("blend lost", {"mode": "normal"})))
    # A translucent shape with a shadow, no blend (as before the fix: a check that it stays right).
    cast = (8, 8, 4, (0, 0, 0, 0.5))
    out.append(Case("shape-translucent-shadow", f'  {rect(*GREEN[:7], 0.6)}{shadow_attributes(*cast)}/>\n', alpha=0.6,
                    shadow=cast, shapes=(GREEN[:7] + (1,),)))
    return out


def reference(r, name, args):
    out = os.path.join(r.tmp, name + ".cairo.png")
    subprocess.run([r.reference, "shadow", out, str(W), str(H)] + args, check=True)
    return load(out)[2]


def judge(case, worst, off):
    if case.blurred:
        return off <= BLUR_SHARE * W * H
    return worst <= SHARP_TOLERANCE


def count_off(reference_pixels, picture, tolerance):
    return sum(1 for p, q in zip(reference_pixels, picture) if max(abs(a - b) for a, b in zip(p, q)) > tolerance)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    scenec = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="scenec-compositing-")
    r = Renderers(scenec, tmp)
    r.page.set_viewport_size({"width": W, "height": H})
    failures, checks = [], 0
    try:
        for case in cases():
            expected = reference(r, case.name, case.reference_args())
            tolerance = BLUR_TOLERANCE if case.blurred else SHARP_TOLERANCE
            for renderer, picture in r.all(case.name, scene(case.body)).items():
                checks += 1
                worst, where = compare(expected, picture, width=W)
                off = count_off(expected, picture, tolerance)
                ok = judge(case, worst, off)
                print(f"{'ok' if ok else 'FAIL':4} {case.name} {renderer}: max difference {worst}"
                      + (f" at {where}" if worst else "") + (f", {off} pixels past {tolerance}" if case.blurred else ""))
                if not ok:
                    failures.append(f"{case.name} {renderer}: {worst} at {where}, {off} pixels past {tolerance}")
            # The control: the old mistake, drawn by the reference or by the renderers, is far off.
            if case.control:
                what, change = case.control
                if isinstance(change, str):
                    mistaken = r.all(case.name + "-control", scene(change))["rsvg"]
                else:
                    mistaken = reference(r, case.name + "-control", case.reference_args(**change))
                worst, _ = compare(expected, mistaken, width=W)
                off = count_off(expected, mistaken, tolerance)
                if judge(case, worst, off):
                    failures.append(f"control {case.name}: '{what}' passes against the reference; the comparison cannot fail")
                else:
                    print(f"ok   control {case.name}: '{what}' differs by {worst}, {off} pixels past {tolerance}")
    finally:
        r.close()
    print(f"{checks} pictures checked, {len(failures)} failed (pictures in {tmp})")
    for f in failures:
        print("  " + f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
