"""Android VectorDrawable XML to SVG, for testing what scenec writes with --layout android-vector.

Written from Android's documentation of VectorDrawable (developer.android.com/reference/android/
graphics/drawable/VectorDrawable), independently of scenec's writer:

- <vector>: android:width/height (dp), android:viewportWidth/Height (the path space); alpha.
- <group>: android:rotation (degrees), pivotX/Y, scaleX/Y, translateX/Y. Android applies
  translate(-pivot), then scale, then rotate, then translate(translate + pivot).
- <clip-path android:pathData>: clips the group's following elements (the rest of the group).
- <path>: pathData (SVG path syntax), fillColor, fillAlpha, fillType (nonZero | evenOdd),
  strokeColor, strokeAlpha, strokeWidth (default 0: no stroke), strokeLineCap (butt | round |
  square), strokeLineJoin (miter | round | bevel), strokeMiterLimit (default 4).
- Colors: #RGB, #ARGB, #RRGGBB, #AARRGGBB.
- A color attribute may instead be an <aapt:attr name="android:fillColor"> (or strokeColor) child
  holding a <gradient>: android:type linear (startX, startY, endX, endY) or radial (centerX,
  centerY, gradientRadius) or sweep (centerX, centerY), android:tileMode clamp | repeat | mirror
  (not for sweep), and <item android:offset android:color> children (or startColor/centerColor/
  endColor). Gradient coordinates are in the path's space.
- A sweep gradient (android.graphics.SweepGradient) has no SVG element: its position 0 is along +x
  from the center and positions grow clockwise on screen (y down) to 1 after a full turn; colors
  are interpolated between the items (unpremultiplied, as Skia's gradients), and before the first
  or after the last item the color is clamped. It is drawn as 1440 wedges around the center, each
  filled with the color at its middle angle and rendered without anti-aliasing (no seams between
  wedges), cut by the path's fill as a clip path, or shown through a luminance <mask> of its stroke
  in white (whose edges are anti-aliased as the path's own would be). A hard edge (two items at one offset) and the pixels
  at the center are therefore drawn without anti-aliasing: compare gradients without a hard edge,
  whose center is not painted (as an activity ring's).

    python3 vector_drawable_to_svg.py drawable.xml > drawable.svg
"""
import math
import re
import sys
import xml.etree.ElementTree as ET

ANDROID = "{http://schemas.android.com/apk/res/android}"
AAPT = "{http://schemas.android.com/aapt}"


def attr(element, name, default=None):
    return element.get(ANDROID + name, default)


def number(element, name, default=0.0):
    """A float attribute; a dimension's unit (`dp`) is left out."""
    value = attr(element, name)
    if value is None:
        return default
    for unit in ("dp", "dip", "px"):
        if value.endswith(unit):
            value = value[:-len(unit)]
    return float(value)


def color(text):
    """An Android color: (r, g, b) in 0…255 and alpha in 0…1."""
    digits = text.lstrip("#")
    if len(digits) in (3, 4):
        digits = "".join(c * 2 for c in digits)
    if len(digits) == 6:
        digits = "ff" + digits
    if len(digits) != 8:
        raise ValueError(f"not an Android color: {text}")
    a, r, g, b = (int(digits[i:i + 2], 16) for i in range(0, 8, 2))
    return (r, g, b), a / 255


def fmt(v):
    return repr(float(v))


class Converter:
    def __init__(self):
        self.defs = []
        self.ids = 0

    def new_id(self, prefix):
        self.ids += 1
        return f"{prefix}{self.ids}"

    def convert(self, root):
        if root.tag != "vector":
            raise ValueError("the root is not <vector>")
        width, height = number(root, "width"), number(root, "height")
        vw, vh = number(root, "viewportWidth"), number(root, "viewportHeight")
        body = self.children(root, 1)
        alpha = number(root, "alpha", 1.0)
        opacity = f' opacity="{fmt(alpha)}"' if alpha != 1 else ""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(width)}" height="{fmt(height)}" '
                f'viewBox="0 0 {fmt(vw)} {fmt(vh)}">\n<defs>\n' + "".join(self.defs) + "</defs>\n"
                + f"<g{opacity}>\n" + body + "</g>\n</svg>\n")

    def children(self, element, depth):
        """The children of a <vector> or <group>; a <clip-path> clips everything after it."""
        out, closers = "", ""
        for child in element:
            if child.tag == "group":
                out += self.group(child, depth)
            elif child.tag == "path":
                out += self.path(child)
            elif child.tag == "clip-path":
                clip = self.new_id("clip")
                self.defs.append(f'<clipPath id="{clip}"><path d="{attr(child, "pathData", "")}"/></clipPath>\n')
                out += f'<g clip-path="url(#{clip})">\n'
                closers += "</g>\n"
            else:
                raise ValueError(f"unexpected <{child.tag}> in <{element.tag}>")
        return out + closers

    def group(self, element, depth):
        rotation = number(element, "rotation")
        px, py = number(element, "pivotX"), number(element, "pivotY")
        sx, sy = number(element, "scaleX", 1.0), number(element, "scaleY", 1.0)
        tx, ty = number(element, "translateX"), number(element, "translateY")
        # SVG applies a transform list right to left: translate(-pivot) first, translate(t + pivot) last.
        transform = (f"translate({fmt(tx + px)} {fmt(ty + py)}) rotate({fmt(rotation)}) "
                     f"scale({fmt(sx)} {fmt(sy)}) translate({fmt(-px)} {fmt(-py)})")
        return f'<g transform="{transform}">\n' + self.children(element, depth + 1) + "</g>\n"

    def paint(self, element, name):
        """(paint, alpha) for fillColor or strokeColor: a color, a gradient, or none."""
        for child in element:
            if child.tag == AAPT + "attr" and child.get("name") == "android:" + name:
                gradient = child.find("gradient")
                if attr(gradient, "type", "linear") == "sweep":
                    return gradient, 1.0  # drawn by sweep(): SVG has no sweep gradient
                return f"url(#{self.gradient(gradient)})", 1.0
        text = attr(element, name)
        if text is None:
            return None, 0.0
        rgb, alpha = color(text)
        return "#%02x%02x%02x" % rgb, alpha

    @staticmethod
    def items(g):
        """The gradient's (offset, color text) items, or its startColor, centerColor and endColor."""
        items = [(float(attr(i, "offset")), attr(i, "color")) for i in g if i.tag == "item"]
        if not items:
            items = [(0.0, attr(g, "startColor"))]
            if attr(g, "centerColor") is not None:
                items.append((0.5, attr(g, "centerColor")))
            items.append((1.0, attr(g, "endColor")))
        return items

    def gradient(self, g):
        kind = attr(g, "type", "linear")
        spread = {"clamp": "pad", "repeat": "repeat", "mirror": "reflect"}[attr(g, "tileMode", "clamp")]
        items = self.items(g)
        stops = ""
        for offset, text in items:
            rgb, alpha = color(text)
            stops += f'<stop offset="{fmt(offset)}" stop-color="#%02x%02x%02x" stop-opacity="{fmt(alpha)}"/>' % rgb
        gid = self.new_id("g")
        if kind == "linear":
            self.defs.append(f'<linearGradient id="{gid}" gradientUnits="userSpaceOnUse" spreadMethod="{spread}" '
                             f'x1="{fmt(number(g, "startX"))}" y1="{fmt(number(g, "startY"))}" '
                             f'x2="{fmt(number(g, "endX"))}" y2="{fmt(number(g, "endY"))}">{stops}</linearGradient>\n')
        elif kind == "radial":
            self.defs.append(f'<radialGradient id="{gid}" gradientUnits="userSpaceOnUse" spreadMethod="{spread}" '
                             f'cx="{fmt(number(g, "centerX"))}" cy="{fmt(number(g, "centerY"))}" '
                             f'r="{fmt(number(g, "gradientRadius"))}">{stops}</radialGradient>\n')
        else:
            raise ValueError(f"gradient type {kind} is not converted")
        return gid

    def path(self, element):
        d = attr(element, "pathData", "")
        fill, fill_alpha = self.paint(element, "fillColor")
        stroke, stroke_alpha = self.paint(element, "strokeColor")
        fill_alpha *= number(element, "fillAlpha", 1.0)
        stroke_alpha *= number(element, "strokeAlpha", 1.0)
        rule = ' fill-rule="evenodd"' if attr(element, "fillType", "nonZero") == "evenOdd" else ""
        width = number(element, "strokeWidth", 0.0)
        stroke_style = (f' stroke-width="{fmt(width)}" stroke-linecap="{attr(element, "strokeLineCap", "butt")}"'
                        f' stroke-linejoin="{attr(element, "strokeLineJoin", "miter")}"'
                        f' stroke-miterlimit="{fmt(number(element, "strokeMiterLimit", 4.0))}"')
        # Android draws the fill, then the stroke: a sweep paint is drawn in its place, apart.
        out = ""
        if fill is not None:
            if isinstance(fill, str):
                out += f'<path d="{d}" fill="{fill}" fill-opacity="{fmt(fill_alpha)}"{rule}/>\n'
            else:
                out += self.sweep(fill, d, None, fill_alpha, rule=rule.replace("fill-rule", "clip-rule"))
        if stroke is not None and width > 0:
            if isinstance(stroke, str):
                out += f'<path d="{d}" fill="none" stroke="{stroke}" stroke-opacity="{fmt(stroke_alpha)}"{stroke_style}/>\n'
            else:
                out += self.sweep(stroke, d, f'fill="none" stroke="white"{stroke_style}', stroke_alpha, width)
        return out

    WEDGES = 1440

    def sweep(self, g, d, paint, alpha, stroke_width=0.0, rule=""):
        """A sweep gradient where the path paints: its fill as a clip path (`paint` None), or its
        stroke (`paint`, in white) as a mask."""
        cx, cy = number(g, "centerX"), number(g, "centerY")
        stops = []
        for offset, text in self.items(g):
            rgb, a = color(text)
            stops.append((offset, rgb, a))
        # Wedges long enough to reach every point the path (and its stroke) can paint.
        coordinates = [abs(float(n)) for n in re.findall(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?", d)]
        reach = 2 * (max(coordinates, default=0) + abs(cx) + abs(cy) + stroke_width) + 1
        region = self.new_id("sweep")
        if paint is None:
            self.defs.append(f'<clipPath id="{region}"><path d="{d}"{rule}/></clipPath>\n')
            out = f'<g clip-path="url(#{region})" opacity="{fmt(alpha)}" shape-rendering="crispEdges">\n'
        else:
            self.defs.append(f'<mask id="{region}" maskUnits="userSpaceOnUse" x="{fmt(cx - reach)}" y="{fmt(cy - reach)}" '
                             f'width="{fmt(2 * reach)}" height="{fmt(2 * reach)}"><path d="{d}" {paint}/></mask>\n')
            out = f'<g mask="url(#{region})" opacity="{fmt(alpha)}" shape-rendering="crispEdges">\n'
        n = self.WEDGES
        for i in range(n):
            rgb, a = sweep_color(stops, (i + 0.5) / n)
            a0, a1 = 2 * math.pi * i / n, 2 * math.pi * (i + 1) / n
            out += (f'<path d="M {fmt(cx)} {fmt(cy)} L {fmt(cx + reach * math.cos(a0))} {fmt(cy + reach * math.sin(a0))} '
                    f'L {fmt(cx + reach * math.cos(a1))} {fmt(cy + reach * math.sin(a1))} Z" '
                    f'fill="#%02x%02x%02x" fill-opacity="{fmt(a)}"/>\n' % tuple(round(c) for c in rgb))
        return out + "</g>\n"


def sweep_color(stops, t):
    """SweepGradient's color at position t: interpolated between the items, clamped outside them."""
    if t <= stops[0][0]:
        return stops[0][1], stops[0][2]
    for (o0, c0, a0), (o1, c1, a1) in zip(stops, stops[1:]):
        if o0 <= t <= o1:
            f = 0.0 if o1 == o0 else (t - o0) / (o1 - o0)
            return tuple(u + (v - u) * f for u, v in zip(c0, c1)), a0 + (a1 - a0) * f
    return stops[-1][1], stops[-1][2]


def convert(text):
    return Converter().convert(ET.fromstring(text))


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f:
        sys.stdout.write(convert(f.read()))
