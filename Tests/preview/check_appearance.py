"""The preview's Dark switch in a real browser: a manifest variant with `"dark"` parameters is
drawn with them when the switch is on, with its own when off; the switch is in the URL and
survives a reload, and is not offered where there are no dark values.

    python3 Tests/preview/check_appearance.py .build/debug/scenec
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from playwright.sync_api import sync_playwright, expect  # noqa: E402
from preview_support import ROOT, Preview, launch  # noqa: E402

SHOTS = os.path.join(ROOT, ".build", "preview-screenshots")
LIGHT, DARK = "#57dad5", "#1d6b68"
checks = {"passed": 0, "failed": 0}


def check(name, condition, detail=""):
    checks["passed" if condition else "failed"] += 1
    print(("ok   " if condition else "FAIL ") + name + ("" if condition or not detail else ": " + str(detail)))


def drawing(page):
    return page.locator("#stage svg").evaluate("e => e.outerHTML")


def wait_drawing(page, predicate, timeout_ms=5000):
    """The drawing once `predicate` holds for it, or None."""
    waited = 0
    while waited < timeout_ms:
        try:
            text = drawing(page)
            if predicate(text):
                return text
        except Exception:
            pass
        page.wait_for_timeout(20)
        waited += 20
    return None


def manifest():
    """Scenes/scenes.json with one more variant: the plus button with a dark appearance."""
    with open(os.path.join(ROOT, "Scenes", "scenes.json"), encoding="utf-8") as f:
        data = json.load(f)
    data["variants"].append({"name": "plus-button-themed", "scene": "push-button",
                             "parameters": {"fillColor": LIGHT}, "dark": {"fillColor": DARK}})
    return json.dumps(data, indent=2)


def main(scenec):
    os.makedirs(SHOTS, exist_ok=True)
    preview = Preview(scenec, files={"scenes.json": manifest()})
    try:
        with sync_playwright() as p:
            browser = launch(p)
            run(browser, preview.address)
            browser.close()
    finally:
        status, err = preview.stop()
        check("the preview stops with exit status 0", status == 0, f"status {status}; stderr: {err[-500:]}")
    print(f"{checks['passed']} passed, {checks['failed']} failed")
    return 1 if checks["failed"] else 0


def run(browser, base):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(base)
    page.wait_for_selector("#scene-list li")
    switch = page.locator("#appearance")

    # A variant without dark values: no switch.
    page.locator('#scene-list li[data-id="Scenes/scenes.json#plus-button"]').click()
    page.wait_for_selector('#stage[data-ok="true"] svg')
    check("a variant without dark values has no Dark switch", switch.is_hidden())

    # The themed variant: light first, then dark with the switch.
    page.locator('#scene-list li[data-id="Scenes/scenes.json#plus-button-themed"]').click()
    expect(switch).to_be_visible(timeout=5000)
    check("a variant with dark values offers the Dark switch", switch.get_attribute("aria-pressed") == "false")
    check("the variant is drawn with its light values first",
          wait_drawing(page, lambda s: LIGHT in s and DARK not in s) is not None)
    switch.click()
    check("the Dark switch draws it with its dark values",
          wait_drawing(page, lambda s: DARK in s and LIGHT not in s) is not None)
    check("the switch is pressed and the background dark",
          switch.get_attribute("aria-pressed") == "true" and page.locator("#frame").get_attribute("class") == "bg-dark")
    color = page.locator('[data-param="fillColor"] input.hex').input_value()
    check("the inspector shows the dark value", color == DARK, color)
    check("the appearance is in the URL", "appearance=dark" in page.url, page.url)
    command = page.locator("#command").input_value()
    check("Copy command gives the dark values", f"--set fillColor={DARK}" in command, command)
    page.screenshot(path=os.path.join(SHOTS, "dark-appearance.png"))

    # An edit in dark mode is drawn over the dark values.
    lines = drawing(page).count(" L ")
    page.locator('[data-param="isAddButton"] input[type=checkbox]').uncheck()
    edited = wait_drawing(page, lambda s: DARK in s and s.count(" L ") < lines)
    check("an edit in the dark appearance keeps the dark values under it", edited is not None)

    # A reload keeps the dark appearance.
    page.reload()
    page.wait_for_selector('#stage[data-ok="true"] svg')
    expect(switch).to_have_attribute("aria-pressed", "true", timeout=5000)
    check("after a reload the variant is still dark", wait_drawing(page, lambda s: DARK in s) is not None)

    # Off again: the light values.
    switch.click()
    check("switching back draws the light values",
          wait_drawing(page, lambda s: LIGHT in s and DARK not in s) is not None)
    check("the URL no longer asks for dark", "appearance=" not in page.url, page.url)

    # A scene (not a variant) asked for dark through the URL: drawn with its own values.
    page.goto(base + "?id=Scenes/push-button.scene&appearance=dark")
    page.wait_for_selector('#stage[data-ok="true"] svg')
    check("a scene has no Dark switch and keeps its defaults",
          switch.is_hidden() and wait_drawing(page, lambda s: LIGHT in s) is not None)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "scenec")))
