"""The live preview's latency, measured in the browser (headless Debian Chromium via Playwright).

- save → redraw: a scene file is written (the time just before the write, in ms since the epoch)
  until the page has replaced its drawing (the page's clock, performance.timeOrigin + now());
- control → redraw: a control's input event until the page has replaced its drawing.

50 edits each, for the counter and for the Flo screen (flo.scene places the four widget scenes);
median and 95th percentile. Target: p95 ≤ 100 ms. Writes Benchmarks/results/preview-latency.md.

    python3 Benchmarks/preview_latency.py .build/release/scenec
    python3 Benchmarks/preview_latency.py --quick .build/debug/scenec

--quick is `make test`'s smoke run: 3 edits each, no target asserted, written to Benchmarks/.work/.
"""
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "preview"))
from playwright.sync_api import sync_playwright  # noqa: E402
from preview_support import Preview, launch  # noqa: E402



def parse_options(argv=None):
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenec", nargs="?", default=os.path.join(ROOT, ".build", "release", "scenec"),
                        help="the scenec binary whose preview is measured (default: .build/release/scenec)")
    parser.add_argument("--quick", action="store_true",
                        help="three edits each, nothing asserted (what `make test` runs)")
    return parser.parse_args(argv)


OPTIONS = parse_options() if __name__ == "__main__" else parse_options([])
QUICK = OPTIONS.quick
EDITS = 3 if QUICK else 50
TARGET_MS = 100


def percentile(values, p):
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def save_to_redraw(page, preview, scene, a, b):
    """Alternates the file between two texts; each save's latency until the drawing is replaced."""
    original = preview.read(scene)
    assert a in original, f"{a!r} not in {scene}"
    texts = [original.replace(a, b), original]
    times = []
    for i in range(EDITS):
        page.evaluate("() => { window.__next = scenecPreview.nextRender(); }")
        written = preview.write(scene, texts[i % 2])
        drawn = page.evaluate("async () => performance.timeOrigin + await window.__next")
        times.append(drawn - written)
        page.wait_for_timeout(30)
    return times


def control_to_redraw(page, selector, values):
    """Sets a control to each value in turn (input event); each latency until the drawing is replaced."""
    return page.evaluate("""async ([selector, values]) => {
        const el = document.querySelector(selector);
        const times = [];
        for (const v of values) {
            const next = scenecPreview.nextRender();
            const start = performance.now();
            if (el.type === 'checkbox') { el.checked = v; el.dispatchEvent(new Event('change')); }
            else { el.value = String(v); el.dispatchEvent(new Event('input')); }
            times.push(await next - start);
            await new Promise((r) => setTimeout(r, 30));
        }
        return times;
    }""", [selector, values])


def row(name, times):
    ok = percentile(times, 95) <= TARGET_MS
    return (f"| {name} | {statistics.median(times):.1f} ms | {percentile(times, 95):.1f} ms | "
            f"{max(times):.1f} ms | {'met' if ok else 'missed'} |"), ok


def main(scenec):
    preview = Preview(scenec)
    rows = []
    try:
        with sync_playwright() as p:
            browser = launch(p)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(preview.address + "?id=Scenes/counter.scene")
            page.wait_for_selector('#stage[data-ok="true"] svg')
            page.wait_for_timeout(300)
            rows.append(row("counter: save → redraw", save_to_redraw(page, preview, "counter.scene",
                                                                    'default="5"', 'default="6"')))
            rows.append(row("counter: control → redraw (counter slider)",
                            control_to_redraw(page, '[data-param="counter"] input.slider', [i % 9 for i in range(1, EDITS + 1)])))
            page.goto(preview.address + "?id=Scenes/flo.scene")
            page.wait_for_selector('#stage[data-ok="true"] svg')
            page.wait_for_timeout(300)
            rows.append(row("Flo screen: save → redraw", save_to_redraw(page, preview, "flo.scene",
                                                                       'default="false"', 'default="true"')))
            rows.append(row("Flo screen: control → redraw (showGraph checkbox)",
                            control_to_redraw(page, '[data-param="showGraph"] input[type=checkbox]',
                                              [i % 2 == 0 for i in range(1, EDITS + 1)])))
            browser.close()
    finally:
        preview.stop()
    table = [f"| what ({EDITS} edits each) | median | p95 | max | p95 ≤ 100 ms |", "| --- | --- | --- | --- | --- |"]
    table += [r for r, _ in rows]
    text = "\n".join(table) + "\n"
    print(text)
    results = os.path.join(ROOT, "Benchmarks", ".work", "quick-results") if QUICK else os.path.join(ROOT, "Benchmarks", "results")
    os.makedirs(results, exist_ok=True)
    with open(os.path.join(results, "preview-latency.md"), "w") as f:
        f.write(f"scenec preview latency, {time.strftime('%Y-%m-%d %H:%M')}, binary {scenec}\n\n" + text)
    return 0 if QUICK or all(ok for _, ok in rows) else 1


if __name__ == "__main__":
    sys.exit(main(OPTIONS.scenec))
