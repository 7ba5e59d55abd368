#!/usr/bin/env python3
"""Opens review pages written by `scenec diff --html` in a real browser (Debian's headless Chromium,
driven by Playwright for Python) and uses them as a reviewer would. Usage:

    check_review_page.py PATH/TO/scenec [OUTPUT_DIR]

The pages come from real runs: `scenec diff --rev main` in a temporary git repository holding a
copy of Scenes/ with the counter's color changed, a new scene and a broken one; and `scenec diff`
on two files. Checked on each: the page makes no request beyond its own folder, runs without a
script error, every <img> loads; the swipe and onion-skin sliders change what is shown (computed
style and the pixels of screenshots); j/k and the arrow keys move between changes; 1-4 switch
views and z zooms with crisp pixels; clicking the changed arc highlights its operation and outlines
its bounds; a failing scene's diagnostics read as written. Screenshots go to OUTPUT_DIR (default
.build/browser), which is not committed.

Playwright drives the system's Chromium (`executable_path`); `playwright install` is never run.
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "render"))
from check_renders import decode_png  # noqa: E402  (8-bit RGB/RGBA PNGs, as Chromium writes them)

OUT = None

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
TEAL = (87, 218, 213)
RED = (200, 30, 30)


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, label, ok, detail=""):
        if ok:
            self.passed += 1
            print("ok  ", label)
        else:
            self.failed += 1
            print("FAIL", label, detail)
        return ok


def run(args, cwd, expect):
    r = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if r.returncode != expect:
        sys.exit("%s exited %d (expected %d):\n%s%s" % (" ".join(args), r.returncode, expect, r.stdout, r.stderr))
    return r


def make_pages(scenec, work):
    """Two pages from real runs: a revision range in a git repository, and two files."""
    repo = os.path.join(work, "repo")
    shutil.copytree(os.path.join(ROOT, "Scenes"), os.path.join(repo, "Scenes"))
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t"]
    run(git + ["init", "-q", "-b", "main"], repo, 0)
    run(git + ["add", "-A"], repo, 0)
    run(git + ["commit", "-q", "-m", "seeds"], repo, 0)
    counter = os.path.join(repo, "Scenes", "counter.scene")
    with open(counter) as f:
        text = f.read()
    assert "rgb(87, 218, 213)" in text
    with open(counter, "w") as f:
        f.write(text.replace("rgb(87, 218, 213)", "rgb(200, 30, 30)"))
    # A new scene, and a broken one whose diagnostics hold '<' and quotes.
    with open(os.path.join(repo, "Scenes", "dot.scene"), "w") as f:
        f.write('<scene width="40" height="40">\n  <oval x="4" y="4" width="32" height="32" fill="navy"/>\n</scene>\n')
    with open(os.path.join(repo, "Scenes", "broken.scene"), "w") as f:
        f.write('<scene width="40" height="40">\n  <ovl x="4" y="4" width="32" height="32" fill="red"/>\n</scene>\n')
    rev = os.path.join(work, "pages", "rev")
    run([scenec, "diff", "--rev", "main", "--html", rev, "--color", "never"], repo, 1)

    old_dir, new_dir = os.path.join(work, "old"), os.path.join(work, "new")
    os.makedirs(old_dir)
    os.makedirs(new_dir)
    shutil.copy(os.path.join(ROOT, "Scenes", "counter.scene"), os.path.join(old_dir, "counter.scene"))
    shutil.copy(counter, os.path.join(new_dir, "counter.scene"))
    two = os.path.join(work, "pages", "two")
    run([scenec, "diff", os.path.join(old_dir, "counter.scene"), os.path.join(new_dir, "counter.scene"),
         "--set", "counter=3", "--html", two], work, 1)
    return rev, two


def pixel(png_bytes, x, y):
    _, _, at = decode_png(png_bytes)
    return at(int(x), int(y))[:3]


def near(color, expected, tolerance=40):
    return all(abs(a - b) <= tolerance for a, b in zip(color, expected))


def check_page(c, browser, folder, name):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    requests, errors = [], []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    url = "file://" + os.path.join(folder, "index.html")
    page.goto(url)
    page.wait_for_load_state("load")
    base = "file://" + folder + "/"
    c.check("%s: every request stays in the page's folder" % name,
            requests and all(u == url or u.startswith(base + "images/") for u in requests), requests)
    c.check("%s: no script error" % name, not errors, errors)

    images = page.evaluate("""Array.from(document.images).map(i => [i.getAttribute('src'), i.complete, i.naturalWidth])""")
    c.check("%s: the page has images" % name, len(images) >= 2, images)
    bad = [i for i in images if not (i[1] and i[2] > 0)]
    c.check("%s: every <img> loaded (%d)" % (name, len(images)), not bad, bad)

    summary = page.inner_text("#summary")
    c.check("%s: the summary counts the changes" % name, "changed" in summary and "failed" in summary, summary)

    section = "#v-counter"
    viewer = section + " .viewer.both"
    c.check("%s: the counter has before and after" % name, page.locator(viewer).count() == 1)
    stack = viewer + " .stack"
    top = stack + " img.top"
    scale = float(page.get_attribute(section, "data-scale"))

    # A point on the arc (the top middle of the 230-point counter), in the stack's CSS pixels.
    def arc_point():
        box = page.locator(stack).bounding_box()
        img = page.evaluate("(s) => { const i = document.querySelector(s); return [i.naturalWidth, i.getBoundingClientRect().width]; }", top)
        factor = img[1] / img[0] * scale
        return box, 115 * factor, 20 * factor

    def shown_at_arc():
        box, x, y = arc_point()
        shot = page.locator(stack).screenshot()
        return pixel(shot, x, y)

    # Swipe: before left of the line, after right of it.
    page.keyboard.press("2")
    c.check("%s: 2 selects the swipe view" % name, page.get_attribute("body", "data-view") == "swipe")
    c.check("%s: the swipe slider is shown" % name, page.locator(viewer + " input.swipe").is_visible())
    slider = page.locator(viewer + " input.swipe")
    page.locator(section).scroll_into_view_if_needed()
    sbox = slider.bounding_box()
    page.mouse.click(sbox["x"] + sbox["width"] * 0.9, sbox["y"] + sbox["height"] / 2)
    clip_right = page.evaluate("(s) => getComputedStyle(document.querySelector(s)).clipPath", top)
    at_right = shown_at_arc()
    page.mouse.click(sbox["x"] + sbox["width"] * 0.1, sbox["y"] + sbox["height"] / 2)
    clip_left = page.evaluate("(s) => getComputedStyle(document.querySelector(s)).clipPath", top)
    at_left = shown_at_arc()
    page.locator(section).screenshot(path=os.path.join(OUT, "%s-swipe.png" % name))
    c.check("%s: the swipe slider moves the clip of after" % name,
            clip_right != clip_left and "inset" in clip_left, (clip_right, clip_left))
    c.check("%s: swiped right, the arc shows before (teal)" % name, near(at_right, TEAL), at_right)
    c.check("%s: swiped left, the arc shows after (red)" % name, near(at_left, RED), at_left)

    # Onion skin: the opacity of after over before.
    page.keyboard.press("3")
    onion = page.locator(viewer + " input.onion")
    obox = onion.bounding_box()
    page.mouse.click(obox["x"] + 1, obox["y"] + obox["height"] / 2)
    page.keyboard.press("Home")
    opacity_before = page.evaluate("(s) => getComputedStyle(document.querySelector(s)).opacity", top)
    seen_before = shown_at_arc()
    page.keyboard.press("End")
    opacity_after = page.evaluate("(s) => getComputedStyle(document.querySelector(s)).opacity", top)
    seen_after = shown_at_arc()
    c.check("%s: the onion slider sets the opacity of after (0 → 1)" % name,
            float(opacity_before) == 0 and float(opacity_after) == 1, (opacity_before, opacity_after))
    c.check("%s: onion at 0 shows before, at 100 after" % name,
            near(seen_before, TEAL) and near(seen_after, RED), (seen_before, seen_after))
    page.mouse.click(obox["x"] + obox["width"] / 2, obox["y"] + obox["height"] / 2)
    half = shown_at_arc()
    c.check("%s: onion half way mixes the two" % name, not near(half, TEAL, 20) and not near(half, RED, 20), half)
    page.locator("body").click(position={"x": 5, "y": 5})  # focus off the slider

    # Diff view, and the zooms.
    page.keyboard.press("4")
    c.check("%s: 4 selects the diff view" % name, page.get_attribute("body", "data-view") == "diff")
    diff_shown = page.evaluate("""(v) => { const d = document.querySelector(v + ' .diff-pane'), s = document.querySelector(v + ' .stack-pane');
        return [d ? getComputedStyle(d).display : 'none', getComputedStyle(s).display]; }""", viewer)
    c.check("%s: the diff view shows the diff image or the difference blend" % name, "block" in diff_shown, diff_shown)
    page.keyboard.press("1")
    natural = page.evaluate("(s) => document.querySelector(s).naturalWidth", viewer + " img.old")
    page.keyboard.press("z")
    width_1 = page.evaluate("(s) => document.querySelector(s).getBoundingClientRect().width", viewer + " img.old")
    page.keyboard.press("z")
    width_4 = page.evaluate("(s) => document.querySelector(s).getBoundingClientRect().width", viewer + " img.old")
    rendering = page.evaluate("(s) => getComputedStyle(document.querySelector(s)).imageRendering", viewer + " img.old")
    c.check("%s: z zooms to 1:1 and 4× with crisp pixels" % name,
            abs(width_1 - natural) < 1 and abs(width_4 - 4 * natural) < 1 and rendering == "pixelated",
            (natural, width_1, width_4, rendering))
    page.keyboard.press("z")
    c.check("%s: z comes back to fit" % name, page.get_attribute("body", "data-zoom") == "fit")

    # Keyboard navigation between changes.
    page.evaluate("window.scrollTo(0, 0)")
    ids = page.evaluate("Array.from(document.querySelectorAll('section.variant')).map(s => s.id)")
    seen = []
    for key in ["j", "j", "ArrowDown", "k", "ArrowUp"]:
        page.keyboard.press(key)
        current = page.evaluate("Array.from(document.querySelectorAll('section.variant.current')).map(s => s.id)")
        top_edge = page.evaluate("(id) => document.getElementById(id).getBoundingClientRect().top", current[0]) if current else None
        seen.append((current, top_edge))
    expected = [ids[min(i, len(ids) - 1)] for i in (0, 1, 2, 1, 0)]
    c.check("%s: j/k and the arrows step through the %d changes" % (name, len(ids)),
            [s[0] for s in seen] == [[e] for e in expected], (seen, ids))
    c.check("%s: the change stepped to is scrolled into view" % name,
            all(0 <= s[1] < 300 for s in seen if s[1] is not None) or len(ids) == 1, seen)

    # Clicking the changed arc finds its operation.
    page.keyboard.press("1")
    frame = page.locator(viewer + " .side-by-side .frame[data-side='new']")
    frame.scroll_into_view_if_needed()
    box = frame.bounding_box()
    img_w = page.evaluate("(s) => document.querySelector(s).naturalWidth", viewer + " img.new")
    factor = box["width"] / img_w * scale
    frame.click(position={"x": 115 * factor, "y": 20 * factor})
    hit = page.locator(section + " .change.hit.first")
    c.check("%s: clicking the arc highlights its operation" % name,
            hit.count() == 1 and "stroke <arc>" in hit.inner_text(), hit.count())
    marks = page.locator(viewer + " .side-by-side .frame[data-side='new'] .mark:not(.region)").count()
    c.check("%s: and outlines its bounds on the image" % name, marks >= 1, marks)
    said = page.inner_text(viewer + " .point")
    c.check("%s: and names it with its source line" % name, "stroke <arc>" in said and "counter.scene:23" in said, said)
    source = page.inner_text(section + " .change .src.new")
    c.check("%s: each side shows the source line's text" % name, '<arc cx="centerX"' in source, source)
    page.screenshot(path=os.path.join(OUT, "%s.png" % name), full_page=True)
    return page


def check_revision_page(c, page):
    """Only on the revision page: added and failing variants, a point no changed operation covers."""
    c.check("rev: the new scene is shown as added with its image",
            page.locator("#v-dot .badge.added").count() == 1
            and page.evaluate("document.querySelector('#v-dot img').naturalWidth") == 80)
    diagnostics = page.inner_text("#v-broken .diagnostics")
    c.check("rev: the broken scene's diagnostics read as written", "<ovl>" in diagnostics, diagnostics)
    frame = page.locator("#v-flo .side-by-side .frame[data-side='new']")
    frame.scroll_into_view_if_needed()
    frame.click(position={"x": 3, "y": 3})
    said = page.inner_text("#v-flo .point")
    c.check("rev: a point no changed operation covers says so", "no changed operation" in said, said)
    c.check("rev: and highlights nothing", page.locator("#v-flo .change.hit").count() == 0)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    scenec = os.path.abspath(sys.argv[1])
    global OUT
    OUT = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, ".build", "browser"))
    os.makedirs(OUT, exist_ok=True)
    from playwright.sync_api import sync_playwright

    c = Checks()
    work = tempfile.mkdtemp(prefix="scenec-page-")
    try:
        rev, two = make_pages(scenec, work)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            for folder, name, extra in ((rev, "rev", check_revision_page), (two, "two-files", None)):
                try:
                    page = check_page(c, browser, folder, name)
                    if extra:
                        extra(c, page)
                except Exception as error:  # a page that breaks a step fails the checks, not the script
                    c.check("%s: every step ran" % name, False, repr(error))
            browser.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("screenshots in", OUT)
    print("review-page-checks: %d passed, %d failed" % (c.passed, c.failed))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
