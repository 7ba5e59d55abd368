"""Starting `scenec preview` on a copy of the scenes and driving it in Debian's Chromium.

Shared by the browser test (check_preview.py) and the latency benchmark
(Benchmarks/preview_latency.py). Playwright drives /usr/bin/chromium; `playwright install` is
never run (it downloads a browser of its own and fails on these machines).
"""
import os
import shutil
import signal
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = "/usr/bin/chromium"


class Preview:
    """`scenec preview Scenes --port 0` in a temporary copy of Scenes/, stopped by SIGINT."""

    def __init__(self, scenec, extra_args=(), files=None):
        """`files`: names under Scenes/ and their texts, written into the copy before the start."""
        self.folder = tempfile.mkdtemp(prefix="scenec-preview-test-")
        shutil.copytree(os.path.join(ROOT, "Scenes"), os.path.join(self.folder, "Scenes"))
        for name, text in (files or {}).items():
            self.write(name, text)
        self.process = subprocess.Popen(
            [os.path.abspath(scenec), "preview", "Scenes", "--port", "0", *extra_args],
            cwd=self.folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first = self.process.stdout.readline()
        second = self.process.stdout.readline()
        if "http://" not in second:
            self.process.kill()
            raise RuntimeError("scenec preview did not print its address:\n" + first + second
                               + self.process.stderr.read())
        self.address = second.split()[1]
        self.port = int(self.address.rstrip("/").rsplit(":", 1)[1])

    def path(self, name):
        return os.path.join(self.folder, "Scenes", name)

    def read(self, name):
        with open(self.path(name), encoding="utf-8") as f:
            return f.read()

    def write(self, name, text):
        """Saves like an editor that writes in place; returns the time just before, in ms since the epoch."""
        at = time.time() * 1000
        with open(self.path(name), "w", encoding="utf-8") as f:
            f.write(text)
        return at

    def stop(self, sig=signal.SIGINT, timeout=10):
        """Stops the server with `sig`; returns its exit status and what it printed on stderr."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            status = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = "hung"
        err = self.process.stderr.read()
        shutil.rmtree(self.folder, ignore_errors=True)
        return status, err


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
