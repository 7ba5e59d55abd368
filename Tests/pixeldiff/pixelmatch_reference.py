#!/usr/bin/env python3
"""The reference side of PixelDiff's agreement test (Tests/PixelDiffTests/PixelmatchAgreementTests.swift):
PyPI's pixelmatch (a Python port of mapbox/pixelmatch: the YIQ threshold scale of pixelmatch v4.0.0
through v7.2.0, `35215 * threshold**2`, with semi-transparent pixels blended over white) run on two
images given as raw RGBA8 files, so that no PNG decoder stands between the two implementations.

    pixelmatch_reference.py --version
        prints the installed pixelmatch version; exit status 3 when it is not installed
    pixelmatch_reference.py WIDTH HEIGHT OLD.rgba NEW.rgba [--include-aa] [--threshold T] [--diff OUT.rgba]
        prints {"changed": N, "seconds": S}; --diff writes pixelmatch's diff image as raw RGBA8
"""
import argparse
import json
import sys
import time

try:
    from importlib.metadata import version
    from pixelmatch import pixelmatch
except ImportError:
    pixelmatch = None


def main():
    if sys.argv[1:] == ["--version"]:
        if pixelmatch is None:
            print("pixelmatch is not installed (python3 -m pip install pixelmatch)", file=sys.stderr)
            return 3
        print(version("pixelmatch"))
        return 0
    parser = argparse.ArgumentParser()
    parser.add_argument("width", type=int)
    parser.add_argument("height", type=int)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--include-aa", action="store_true")
    parser.add_argument("--threshold", type=float, default=0.1)
    parser.add_argument("--diff")
    args = parser.parse_args()
    if pixelmatch is None:
        print("pixelmatch is not installed (python3 -m pip install pixelmatch)", file=sys.stderr)
        return 3
    with open(args.old, "rb") as f:
        old = f.read()
    with open(args.new, "rb") as f:
        new = f.read()
    output = bytearray(len(old)) if args.diff else None
    start = time.perf_counter()
    changed = pixelmatch(old, new, args.width, args.height, output,
                         threshold=args.threshold, includeAA=args.include_aa)
    seconds = time.perf_counter() - start
    if args.diff:
        with open(args.diff, "wb") as f:
            f.write(output)
    print(json.dumps({"changed": changed, "seconds": seconds}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
