"""The live preview in a real browser: `scenec preview` on a free port, the page in headless
Chromium. Checks the scene list, the inspector's controls, redraws on save (two pages at once),
diagnostics on a broken file and the recovery, files coming and going, hover, the URL, the Host
check, requests no page of its own would send (hostile_clients.py: other origins, long heads, two
Host headers, a huge WebSocket frame), and a clean exit on SIGINT, even at once after the address. Screenshots go to .build/preview-screenshots/.

    python3 Tests/preview/check_preview.py .build/debug/scenec
"""
import os
import re
import signal
import sys
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from playwright.sync_api import sync_playwright, expect  # noqa: E402
from preview_support import ROOT, Preview, launch  # noqa: E402
import hostile_clients  # noqa: E402

SHOTS = os.path.join(ROOT, ".build", "preview-screenshots")
checks = {"passed": 0, "failed": 0}


def check(name, condition, detail=""):
    if condition:
        checks["passed"] += 1
        print("ok   " + name)
    else:
        checks["failed"] += 1
        print("FAIL " + name + (": " + str(detail) if detail else ""))


def svg(page):
    return page.locator("#stage svg").evaluate("e => e.outerHTML")


def wait_svg(page, predicate, timeout=5):
    """Waits for the drawing to satisfy `predicate`; returns the SVG text, or None."""
    import time
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            text = svg(page)
            if predicate(text):
                return text
        except Exception:
            pass
        page.wait_for_timeout(20)
    return None


def main(scenec):
    os.makedirs(SHOTS, exist_ok=True)
    # A signal the moment the address is printed stops it cleanly too (the handler is in place first).
    for sig in [signal.SIGINT, signal.SIGTERM]:
        status = hostile_clients.signal_while_announcing(scenec, sig, os.path.join(ROOT, "Scenes"))
        check(f"{signal.Signals(sig).name} while the address is printed stops the preview with exit status 0",
              status == 0, f"status {status}")
    preview = Preview(scenec)
    try:
        run(preview)
    finally:
        status, err = preview.stop()
        check("SIGINT stops the preview with exit status 0", status == 0, f"status {status}; stderr: {err[-500:]}")
    print(f"{checks['passed']} passed, {checks['failed']} failed")
    return 1 if checks["failed"] else 0


def run(preview):
    base = preview.address
    # DNS rebinding: another name in Host is refused, the server's own address is not.
    request = urllib.request.Request(base + "api/catalog", headers={"Host": f"evil.example:{preview.port}"})
    try:
        urllib.request.urlopen(request, timeout=5)
        check("a foreign Host header is refused", False, "answered 200")
    except urllib.error.HTTPError as e:
        check("a foreign Host header is refused", e.code == 421, e.code)
    with urllib.request.urlopen(base + "api/render?id=" + urllib.request.quote("/etc/passwd"), timeout=5) as r:
        body = r.read().decode()
        check("a path that is not in the catalog is not read", "root:" not in body and "is not a scene" in body, body[:200])

    with sync_playwright() as p:
        browser = launch(p)
        hostile_clients.run(preview, check, browser)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(base)
        page.wait_for_selector("#scene-list li")
        names = page.locator("#scene-list li").evaluate_all("els => els.map(e => e.firstChild.textContent)")
        check("the list has every scene", all(n in names for n in ["counter", "face", "flo", "graph", "push-button"]), names)
        check("the list has the manifest's variants", "plus-button" in names and "minus-button" in names, names)

        # The push button: a color and a bool control.
        page.locator("#scene-list li", has_text="push-button").first.click()
        page.wait_for_selector('#stage[data-ok="true"] svg')
        first = wait_svg(page, lambda s: "#57dad5" in s)
        check("the push button is drawn in its default color", first is not None)
        page.screenshot(path=os.path.join(SHOTS, "1-push-button.png"))
        color = page.locator('[data-param="fillColor"] input[type=color]')
        color.fill("#ff0000")
        red = wait_svg(page, lambda s: "#ff0000" in s and "#57dad5" not in s)
        check("changing the color control redraws in that color", red is not None)
        paths_before = len(re.findall("<path", red or ""))
        strokes_before = (red or "").count(" L ")
        page.locator('[data-param="isAddButton"] input[type=checkbox]').uncheck()
        minus = wait_svg(page, lambda s: s.count(" L ") < strokes_before)
        check("unchecking isAddButton draws the minus (one line fewer)", minus is not None, f"{paths_before} paths")
        check("the values are in the URL", "p.fillColor=%23ff0000" in page.url and "p.isAddButton=false" in page.url, page.url)
        command = page.locator("#command").input_value()
        check("Copy command gives the render line for these values",
              command == "scenec render Scenes/push-button.scene -o push-button.svg --set fillColor=#ff0000 --set isAddButton=false",
              command)

        # Hover: the shape's element and file:line:col.
        page.locator("#stage svg [data-op]").first.hover(position={"x": 8, "y": 50}, force=True)
        source = page.locator("#source").text_content()
        check("hovering a shape names its element and file:line:col",
              re.match(r"<oval>\s+Scenes/push-button\.scene:\d+:\d+$", source.strip()) is not None, source)
        check("the hovered shape is outlined", page.locator("#outline").is_visible())
        page.screenshot(path=os.path.join(SHOTS, "2-controls-and-hover.png"))

        # A bad value: one diagnostic beside its field, the rest still drawn.
        page.locator('[data-param="fillColor"] input.hex').fill("#12")
        page.locator('[data-param="fillColor"] input.hex').dispatch_event("change")
        page.wait_for_selector('[data-param="fillColor"].invalid')
        error = page.locator('[data-param="fillColor"] .field-error').text_content()
        check("a bad value gets its diagnostic beside its control", "invalid value '#12' for parameter 'fillColor'" in error, error)

        # Reload: the values survive; Reset returns to the defaults.
        page.reload()
        page.wait_for_selector('#stage[data-ok="true"] svg')
        check("after a reload the bool control keeps its value",
              not page.locator('[data-param="isAddButton"] input[type=checkbox]').is_checked())
        page.locator("#reset").click()
        back = wait_svg(page, lambda s: "#57dad5" in s and s.count(" L ") == strokes_before)
        check("Reset returns to the defaults", back is not None)
        check("Reset clears the values from the URL", "p." not in page.url, page.url)

        # A second page on the counter; saving the file redraws it, and the first page on its own scene.
        second = browser.new_page(viewport={"width": 1280, "height": 800})
        second.goto(base + "?id=Scenes/counter.scene&scale=2&bg=dark")
        second.wait_for_selector('#stage[data-ok="true"] svg')
        check("the scale and background come from the URL",
              second.locator("#frame").get_attribute("class") == "bg-dark"
              and second.locator("#stage svg").get_attribute("width") == "460")
        second.screenshot(path=os.path.join(SHOTS, "3-counter-2x-dark.png"))
        original = preview.read("counter.scene")
        preview.write("counter.scene", original.replace('default="rgb(87, 218, 213)"', 'default="rgb(255, 128, 0)"'))
        check("saving the scene redraws the open page", wait_svg(second, lambda s: "#ff8000" in s) is not None)
        # flo.scene uses counter.scene: a page showing flo redraws too.
        page.locator("#scene-list li", has_text="flo").first.click()
        # The stage still shows the push button until flo's answer comes: wait for flo's title.
        expect(page.locator("#title")).to_contain_text("flo.scene", timeout=5000)
        page.wait_for_selector('#stage[data-ok="true"] svg')
        preview.write("counter.scene", original.replace('default="rgb(87, 218, 213)"', 'default="rgb(0, 0, 255)"'))
        check("saving a component redraws the page of the scene that uses it",
              wait_svg(page, lambda s: "#0000ff" in s) is not None)
        check("… and the page of the component itself", wait_svg(second, lambda s: "#0000ff" in s) is not None)

        # Break it: diagnostics with file:line:col and the source line; the last drawing greyed.
        broken = original.replace("<arc cx=", "<arcc cx=", 1)
        preview.write("counter.scene", broken)
        second.wait_for_selector('#stage[data-ok="false"]')
        text = second.locator("#diagnostics").text_content()
        line = next(i + 1 for i, l in enumerate(broken.split("\n")) if "<arcc" in l)
        check("a broken file shows its diagnostics located with the source line",
              f"Scenes/counter.scene:{line}:4: error[E0301]: unknown element <arcc>" in text and "<arcc cx=" in text, text[:300])
        check("the last good drawing stays, greyed", second.locator("#stage.stale svg").count() == 1)
        check("the page of the scene using it shows the error too",
              page.wait_for_selector('#stage[data-ok="false"]') is not None
              and "Scenes/counter.scene" in page.locator("#diagnostics").text_content())
        second.screenshot(path=os.path.join(SHOTS, "4-broken.png"))
        preview.write("counter.scene", original)
        second.wait_for_selector('#stage[data-ok="true"]')
        check("fixing the file recovers", second.locator("#diagnostics").is_hidden()
              and second.locator("#stage.stale").count() == 0 and "#57dad5" in svg(second))
        page.wait_for_selector('#stage[data-ok="true"]')

        # A scene over a limit, a vanished file: errors, and recovery.
        preview.write("loop.scene", '<scene width="10" height="10"><for var="i" from="0" to="600000">'
                      '<rect width="1" height="1" fill="red"/></for></scene>')
        page.wait_for_selector('#scene-list li[data-id="Scenes/loop.scene"]')
        check("a new file appears in the list", True)
        page.locator('#scene-list li[data-id="Scenes/loop.scene"]').click()
        page.wait_for_selector('#stage[data-ok="false"]')
        check("a scene over a limit shows the limit's diagnostic",
              "Scenes/loop.scene:1:" in page.locator("#diagnostics").text_content()
              and "past the limit of 1000000 entries" in page.locator("#diagnostics").text_content(),
              page.locator("#diagnostics").text_content()[:200])
        check("long diagnostic lines wrap inside the panel instead of running past its edge",
              page.locator("#diagnostics").evaluate("e => e.scrollWidth <= e.clientWidth + 1"),
              page.locator("#diagnostics").evaluate("e => [e.scrollWidth, e.clientWidth]"))
        os.remove(preview.path("loop.scene"))
        page.wait_for_selector('#scene-list li[data-id="Scenes/loop.scene"]', state="detached")
        check("a deleted file disappears from the list", True)
        expect(page.locator("#diagnostics")).to_contain_text("is not a scene or variant", timeout=5000)
        check("the page of a deleted file says so", True)
        page.screenshot(path=os.path.join(SHOTS, "5-deleted.png"))
        browser.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "scenec")))
