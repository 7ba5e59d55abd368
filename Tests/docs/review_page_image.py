#!/usr/bin/env python3
"""Makes docs/review-page.png, the README's picture of a review page: the project's Scenes/ in a
throw-away git repository, the counter's fill changed in the working tree, `scenec diff --rev main
--html`, and a screenshot of the page in Debian's Chromium (Playwright, never `playwright install`).

Usage: review_page_image.py PATH/TO/scenec [OUT.png]
"""
import argparse
import os
import shutil
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenec")
    parser.add_argument("out", nargs="?", default=os.path.join(ROOT, "docs", "review-page.png"))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory(prefix="scenec-review-image-") as folder:
        shutil.copytree(os.path.join(ROOT, "Scenes"), os.path.join(folder, "Scenes"))
        env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@e", GIT_COMMITTER_NAME="t",
                   GIT_COMMITTER_EMAIL="t@e")
        for command in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "scenes"]):
            subprocess.run(["git", *command], cwd=folder, env=env, check=True)
        counter = os.path.join(folder, "Scenes", "counter.scene")
        text = open(counter, encoding="utf-8").read()
        open(counter, "w", encoding="utf-8").write(text.replace("rgb(87, 218, 213)", "rgb(200, 30, 30)", 1))
        result = subprocess.run([os.path.abspath(args.scenec), "diff", "--rev", "main", "--html", "review"], cwd=folder,
                                capture_output=True, text=True)
        if result.returncode not in (0, 1):
            raise SystemExit(result.stderr)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1200, "height": 800})
            page.goto("file://" + os.path.join(folder, "review", "index.html"))
            page.wait_for_load_state("load")
            page.screenshot(path=args.out)
            browser.close()
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
