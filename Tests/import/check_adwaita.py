#!/usr/bin/env python3
"""The proof of `scenec import` on a corpus no one here wrote: every SVG of the Adwaita icon theme
(/usr/share/icons/Adwaita, Debian's adwaita-icon-theme, which `make test` installs) is imported,
the scenes are rendered by one `scenec build`, and each PNG is compared pixel by pixel with
librsvg's rendering of the original SVG at the same size (rsvg-convert). An icon matches when at
most 0.5% of its pixels differ by more than 24/255 in a channel (premultiplied by alpha, so that
the color of a fully transparent pixel does not count).

Usage: check_adwaita.py PATH/TO/scenec [--summary docs/import-adwaita.md] [--theme DIR] [--any-refusal]

`--theme Tests/SVGImportTests/Fixtures --any-refusal` (also in `make test`) holds the importer's
feature fixtures to the same pixels: every one imported exactly must match librsvg, and the
fixtures of what cannot come across are refused, whatever their reason.

Fails (exit 1) when an imported icon differs, when an icon is refused for a reason that is not
one of the features the language cannot express (filters, masks, text, images, scripts, external
references), or when the build of the imported scenes fails.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "render"))
from check_renders import decode_png  # noqa: E402

THRESHOLD = 24
MAX_FRACTION = 0.005
# What the language cannot express (issue 25): a refusal or warning for these is expected.
EXPECTED_REASONS = ("filter=", "mask=", "<text>", "<image>", "scripts", "another file")


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    scenec = os.path.abspath(args[0])
    summary_path = args[args.index("--summary") + 1] if "--summary" in args else None
    theme = args[args.index("--theme") + 1] if "--theme" in args else "/usr/share/icons/Adwaita"
    any_refusal = "--any-refusal" in args
    if not os.path.isdir(theme):
        sys.exit(f"check_adwaita: {theme} is missing: make test-deps installs adwaita-icon-theme")
    svgs = sorted(os.path.relpath(os.path.join(d, f), theme)
                  for d, _, files in os.walk(theme) for f in files if f.endswith(".svg"))
    work = tempfile.mkdtemp(prefix="scenec-adwaita-")
    try:
        # Flat names: one folder of scenes, each named after its path (two folders hold the same name).
        flat = os.path.join(work, "svg")
        os.makedirs(flat)
        names = {}
        for rel in svgs:
            name = rel[:-4].replace("/", "__")
            names[name] = rel
            shutil.copyfile(os.path.join(theme, rel), os.path.join(flat, name + ".svg"))
        scenes = os.path.join(work, "scenes")
        start = time.monotonic()
        # --strict: an icon with anything the language cannot say is refused (with its reasons) rather
        # than drawn without it, so that every icon imported must match.
        imported = subprocess.run([scenec, "import", "--strict", flat, "-o", scenes], capture_output=True, text=True)
        import_seconds = time.monotonic() - start
        report = parse_report(imported.stderr, flat)
        with open(os.path.join(scenes, "scenes.json"), "w") as f:
            f.write('{"scales": [1], "svg": false}\n')
        out = os.path.join(work, "out")
        start = time.monotonic()
        built = subprocess.run([scenec, "build", scenes, "-o", out, "--no-cache"], capture_output=True, text=True)
        build_seconds = time.monotonic() - start
        if built.returncode != 0:
            print(built.stderr[-4000:])
            sys.exit("check_adwaita: scenec build of the imported scenes failed")
        matched, differing, refused, warned = [], [], [], []
        start = time.monotonic()
        for name, rel in sorted(names.items()):
            state = report.get(name)
            if state is None or state[0] == "refused":
                refused.append((rel, state[1] if state else ["not in the report"]))
                continue
            if state[0] == "warnings":
                warned.append((rel, state[1]))
            ours = os.path.join(out, name + ".png")
            width, height, pixel = decode_png(open(ours, "rb").read())
            reference = os.path.join(work, name + ".rsvg.png")
            # At the SVG's own size, as the scene's (both round a fractional size up to whole pixels).
            subprocess.run(["rsvg-convert", "-o", reference, os.path.join(flat, name + ".svg")], check=True)
            rw, rh, rpixel = decode_png(open(reference, "rb").read())
            if (rw, rh) != (width, height):
                differing.append((rel, f"size {width}×{height}, librsvg {rw}×{rh}"))
                continue
            bad = count_differing(width, height, pixel, rpixel)
            if bad > MAX_FRACTION * width * height:
                differing.append((rel, f"{bad} of {width * height} pixels differ"))
            else:
                matched.append(rel)
        compare_seconds = time.monotonic() - start
        text = summary(len(svgs), matched, warned, refused, differing, imported.stderr.strip().splitlines()[-1],
                       import_seconds, build_seconds, compare_seconds)
        print(text)
        if summary_path:
            with open(summary_path, "w") as f:
                f.write(text)
        unexpected = [] if any_refusal else [(rel, reasons) for rel, reasons in refused
                                             if not all(any(e in r for e in EXPECTED_REASONS) for r in reasons)]
        if differing or unexpected:
            for rel, why in differing:
                print(f"differs: {rel}: {why}")
            for rel, reasons in unexpected:
                print(f"refused for a reason outside the issue's list: {rel}: {reasons}")
            sys.exit(1)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def parse_report(stderr, flat):
    """name → (exact | warnings | refused, [messages])."""
    report, pending = {}, []
    prefix = flat.rstrip("/") + "/"
    for line in stderr.splitlines():
        if not line.startswith(prefix):
            continue
        rest = line[len(prefix):]
        name = rest.split(".svg", 1)[0]
        if ": warning: " in rest or ": error: " in rest:
            pending.append(rest.split(": ", 2)[-1] if rest.count(": ") >= 2 else rest)
            continue
        if "imported exactly" in rest:
            report[name] = ("exact", [])
        elif "imported with" in rest:
            report[name] = ("warnings", pending)
        elif rest.endswith(": refused"):
            report[name] = ("refused", pending)
        pending = []
    return report


def count_differing(width, height, pixel, rpixel):
    bad = 0
    for y in range(height):
        for x in range(width):
            a, b = pixel(x, y), rpixel(x, y)
            pa = [c * a[3] // 255 for c in a[:3]] + [a[3]]
            pb = [c * b[3] // 255 for c in b[:3]] + [b[3]]
            if max(abs(p - q) for p, q in zip(pa, pb)) > THRESHOLD:
                bad += 1
    return bad


def summary(total, matched, warned, refused, differing, import_line, import_s, build_s, compare_s):
    lines = [
        "# scenec import on the Adwaita icon theme",
        "",
        "Written by `python3 Tests/import/check_adwaita.py .build/debug/scenec --summary docs/import-adwaita.md`",
        "(part of `make test`): every SVG of Debian's adwaita-icon-theme imported by `scenec import --strict`",
        "(an icon with anything the language cannot say is refused, with the reasons, instead of drawn without it),",
        "rendered by one `scenec build`, and compared with librsvg's rendering of the original at the same",
        f"size. A match: at most {MAX_FRACTION:.1%} of the pixels differ by more than {THRESHOLD}/255.",
        "",
        f"- **{total} SVG files**; `scenec import` said: `{import_line}`",
        f"- **{len(matched)} match** librsvg's rendering of the original"
        + (f" ({len(warned)} of them imported with warnings)" if warned else ""),
        f"- **{len(refused)} refused**",
        f"- **{len(differing)} differ**",
        "",
        f"Time (debug build, shared machine): import {import_s:.1f} s, build {build_s:.1f} s, comparison {compare_s:.1f} s.",
        "",
    ]
    if warned:
        lines += ["## Imported with warnings", ""]
        for rel, reasons in warned:
            lines.append(f"- `{rel}`: " + "; ".join(sorted(set(reasons))))
        lines.append("")
    if refused:
        lines += ["## Refused", ""]
        for rel, reasons in refused:
            lines.append(f"- `{rel}`: " + "; ".join(reasons))
        lines.append("")
    if differing:
        lines += ["## Differing", ""]
        for rel, why in differing:
            lines.append(f"- `{rel}`: {why}")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
