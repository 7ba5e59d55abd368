#!/usr/bin/python3
"""The reference picture of layout.scene for check_layout.py, drawn with pycairo (Debian's
python3-cairo, hence /usr/bin/python3) at positions worked out here, independently of scenec, from
the rules of Grammar.md §18 "Rows and columns". Text is measured with Pango (unrounded glyph
positions, as librsvg lays text out: `textWidth('M', 100)` is 86.2793 here too) but not drawn: its
glyphs are each engine's own, so check_layout.py looks for each text's ink inside the box printed
here. Usage: layout_reference.py OUT.png
Prints the text boxes, one JSON object per line: {"x", "y", "w", "h", "background"}.
"""
import json
import math
import sys

import warnings

import cairo
import gi

gi.require_version("Pango", "1.0")
gi.require_version("PangoFT2", "1.0")
from gi.repository import Pango, PangoFT2  # noqa: E402

ASCENT, DESCENT = 1901 / 2048, 483 / 2048
W, H = 240, 370


def rgb(h):
    return tuple(int(h[i:i + 2], 16) / 255 for i in (1, 3, 5))


def rect(w, h, color):
    return {"kind": "rect", "w": w, "h": h, "color": color}


def oval(w, h, color):
    return {"kind": "oval", "w": w, "h": h, "color": color}


def text(s, size, color, bold=False, background="#ffffff"):
    return {"kind": "text", "s": s, "size": size, "color": color, "bold": bold, "background": background}


def wrapped(s, size, color, width, align, line_height):
    return {"kind": "wrapped", "s": s, "size": size, "color": color, "bold": False, "background": "#ffffff", "width": width,
            "align": align, "line_height": line_height}


def row(children, **a):
    return dict(kind="row", children=children, **a)


def column(children, **a):
    return dict(kind="column", children=children, **a)


# layout.scene, written out again by hand.
SCENE = [
    (0, 0, rect(W, H, "#ffffff")),
    (10, 10, {"kind": "pill", "w": 220, "h": 40, "r": 20, "color": "#1d7f86"}),
    (24, 10, row([text("Glasses today", 14, "#ffffff", bold=True, background="#1d7f86"), rect(12, 12, "#ffd60a"),
                  oval(16, 16, "#ff3b30")], width=192, height=40, spacing=6, align="center", justify="end")),
    (10, 60, column([rect(30, 10, "#34c759"), oval(20, 20, "#5856d6"), text("Water", 12, "#222222"),
                     row([rect(10, 20, "#ff9500"), rect(10, 8, "#af52de"),
                          column([oval(6, 6, "#007aff"), rect(14, 10, "#8e8e93")], align="center", spacing=2)],
                         spacing=3, align="bottom")],
                    width=120, spacing=4, align="trailing")),
    (150, 60, column([rect(20 + i * 20, 12, "#0a84ff") for i in range(3)], height=120, width=80, justify="center", align="center")),
    (10, 200, row([rect(24, h, "#30b0c7") for h in (10, 40, 25, 30)], width=220, height=40, justify="space-between", align="bottom")),
    (10, 250, row([column([rect(30, h, "#34c759"), wrapped("%d ml water" % (h * 10), 10, "#222222", 36, "middle", 16)], align="center",
                          spacing=4) for h in (20, 35, 10)]
                  + [wrapped("glasses of water drunk today", 10, "#222222", 80, "end", 16)], spacing=6, align="bottom")),
    (10, 325, row([text("1.5", 28, "#222222", bold=True), text("litres", 13, "#222222"), rect(10, 10, "#ff2d55")], spacing=4,
                  align="baseline")),
]


def pango_layout(node):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # PangoFc.FontMap.create_context
        context = PangoFT2.FontMap.new().create_context()
    context.set_round_glyph_positions(False)
    layout = Pango.Layout.new(context)
    font = Pango.FontDescription.from_string("DejaVu Sans")
    font.set_absolute_size(node["size"] * Pango.SCALE)
    font.set_weight(Pango.Weight.BOLD if node["bold"] else Pango.Weight.NORMAL)
    layout.set_font_description(font)
    layout.set_text(node["s"], -1)
    return layout


def measure(s, size):
    return pango_layout({"s": s, "size": size, "bold": False}).get_extents()[1].width / Pango.SCALE


def lines(node):
    """Grammar.md §19 "Wrapped text", greedy: a word joins the line, after one space, while the line stays
    within the width; a word wider than the width stands alone."""
    out = []
    for word in node["s"].split():
        if out and measure(out[-1] + " " + word, node["size"]) <= node["width"]:
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def baseline(cr, node):
    """How far below a node's top its baseline is: a text's first line's, anything else's bottom."""
    if node["kind"] in ("text", "wrapped"):
        return ASCENT * node["size"]
    return size(cr, node)[1]


def size(cr, node):
    """(width, height) of a node's box."""
    kind = node["kind"]
    if kind in ("rect", "oval"):
        return node["w"], node["h"]
    if kind == "text":
        return pango_layout(node).get_extents()[1].width / Pango.SCALE, (ASCENT + DESCENT) * node["size"]
    if kind == "wrapped":
        return node["width"], (ASCENT + DESCENT) * node["size"] + (len(lines(node)) - 1) * node["line_height"]
    sizes = [size(cr, c) for c in node["children"]]
    along = 0 if kind == "row" else 1
    content = sum(s[along] for s in sizes) + node.get("spacing", 0) * max(0, len(sizes) - 1)
    across = max((s[1 - along] for s in sizes), default=0)
    if kind == "row" and node.get("align") == "baseline":
        # From the top of the child hanging highest above the common baseline to the lowest bottom.
        line = max((baseline(cr, c) for c in node["children"]), default=0)
        across = max((line - baseline(cr, c) + s[1] for c, s in zip(node["children"], sizes)), default=0)
    main = node.get("width" if kind == "row" else "height", content)
    cross = node.get("height" if kind == "row" else "width", across)
    return (main, cross) if kind == "row" else (cross, main)


def draw(cr, node, x, y, texts):
    kind = node["kind"]
    if kind in ("rect", "pill"):
        cr.set_source_rgb(*rgb(node["color"]))
        r = node.get("r", 0)
        if r:
            cr.new_sub_path()
            cr.arc(x + node["w"] - r, y + r, r, -math.pi / 2, 0)
            cr.arc(x + node["w"] - r, y + node["h"] - r, r, 0, math.pi / 2)
            cr.arc(x + r, y + node["h"] - r, r, math.pi / 2, math.pi)
            cr.arc(x + r, y + r, r, math.pi, 3 * math.pi / 2)
            cr.close_path()
        else:
            cr.rectangle(x, y, node["w"], node["h"])
        cr.fill()
    elif kind == "oval":
        cr.save()
        cr.translate(x + node["w"] / 2, y + node["h"] / 2)
        cr.scale(node["w"] / 2, node["h"] / 2)
        cr.arc(0, 0, 1, 0, 2 * math.pi)
        cr.restore()
        cr.set_source_rgb(*rgb(node["color"]))
        cr.fill()
    elif kind == "text":
        w, h = size(cr, node)
        texts.append({"x": x, "y": y, "w": w, "h": h, "background": node["background"]})
    elif kind == "wrapped":
        # Each line its own text: placed by align within the width, baselines line_height apart.
        for i, line in enumerate(lines(node)):
            w = measure(line, node["size"])
            left = x + {"start": 0, "middle": (node["width"] - w) / 2, "end": node["width"] - w}[node["align"]]
            texts.append({"x": left, "y": y + i * node["line_height"], "w": w, "h": (ASCENT + DESCENT) * node["size"],
                          "background": node["background"]})
    else:
        place(cr, node, x, y, texts)


def place(cr, node, x, y, texts):
    """The rules: children one after another along the axis, aligned across it."""
    is_row = node["kind"] == "row"
    sizes = [size(cr, c) for c in node["children"]]
    along = [s[0] if is_row else s[1] for s in sizes]
    main, cross = size(cr, node) if is_row else tuple(reversed(size(cr, node)))
    spacing = node.get("spacing", 0)
    content = sum(along) + spacing * max(0, len(along) - 1)
    cursor, gap = 0, spacing
    justify = node.get("justify", "start")
    if justify == "center":
        cursor = (main - content) / 2
    elif justify == "end":
        cursor = main - content
    elif justify == "space-between" and len(along) > 1:
        gap = (main - sum(along)) / (len(along) - 1)
    for child, s, length in zip(node["children"], sizes, along):
        thickness = s[1] if is_row else s[0]
        align = node.get("align", "top" if is_row else "leading")
        offset = {"center": (cross - thickness) / 2, "bottom": cross - thickness, "trailing": cross - thickness}.get(align, 0)
        if align == "baseline":
            offset = max(baseline(cr, c) for c in node["children"]) - baseline(cr, child)
        cx, cy = (x + cursor, y + offset) if is_row else (x + offset, y + cursor)
        draw(cr, child, cx, cy, texts)
        cursor += length + gap


def main():
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, W, H)
    cr = cairo.Context(surface)
    texts = []
    for x, y, node in SCENE:
        draw(cr, node, x, y, texts)
    surface.write_to_png(sys.argv[1])
    for t in texts:
        print(json.dumps(t))


if __name__ == "__main__":
    main()
