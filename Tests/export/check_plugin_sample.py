#!/usr/bin/env python3
"""Proves the SwiftPM build-tool plugin (SceneExportPlugin) as an app uses it. Usage:

    check_plugin_sample.py PATH/TO/scenec [--scratch-path DIR]

Examples/PluginSample is copied into a temporary folder (its dependency on this package pointed at
this checkout) and built with `swift build` from a clean scratch path (a throw-away folder, or DIR to
reuse one while working on the plugin), then:
1. the plugin generated the Swift under the scratch path, never in the sample's sources, and that
   file is what `scenec export --directory SOURCES . --swift` writes: no path of this machine in it;
2. the sample's program (which calls the generated CounterScene and PushButtonScene) prints the
   sizes and defaults `scenec params --json` gives, and the drawings it records through the Core
   Graphics recorder with the app's values are the display lists `scenec dump --set …` prints;
3. after a scene's default changes, `swift build` alone rebuilds the generated code (the plugin
   declares the scenes as inputs): the program then prints the new default.
Prints the time the clean build and the rebuild took (what this check adds to `make test`).
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SAMPLE = os.path.join(ROOT, "Examples", "PluginSample")


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def fail(message):
    print(f"check_plugin_sample: FAIL: {message}")
    sys.exit(1)


def swift_build(package, scratch):
    started = time.monotonic()
    r = run(["swift", "build", "--package-path", package, "--scratch-path", scratch])
    if r.returncode != 0:
        fail(f"`swift build` of the sample failed:\n{r.stdout[-4000:]}\n{r.stderr[-4000:]}")
    return time.monotonic() - started, r.stdout + r.stderr


def color_hex(value):
    return value if value.startswith("#") else fail(f"a color default that is not hex: {value}")


def expected_header(scenec, sources):
    """The two lines the sample prints first, from `scenec params --json` of its scenes."""
    def params(name):
        r = run([scenec, "params", "--json", os.path.join(sources, name)])
        if r.returncode != 0:
            fail(f"scenec params {name}: {r.stderr}")
        doc = json.loads(r.stdout)
        return f"{doc['size']['width']}x{doc['size']['height']}", {p["name"]: p["default"] for p in doc["parameters"]}
    size, d = params("counter.scene")
    counter = (f"CounterScene size={size} counter={d['counter']}"
               f" counterColor={color_hex(d['counterColor'])} outlineColor={color_hex(d['outlineColor'])}")
    size, d = params("push-button.scene")
    button = f"PushButtonScene size={size} isAddButton={str(d['isAddButton']).lower()} fillColor={color_hex(d['fillColor'])}"
    return [counter, button]


def run_sample(scenec, scratch, sources, work):
    """The sample's program with scenec's display lists of the app's values (counter=3, a minus button)."""
    dumps = {}
    for name, scene, assignment in [("counter", "counter.scene", "counter=3"), ("button", "push-button.scene", "isAddButton=false")]:
        r = run([scenec, "dump", os.path.join(sources, scene), "--set", assignment])
        if r.returncode != 0:
            fail(f"scenec dump {scene}: {r.stderr}")
        dumps[name] = os.path.join(work, f"{name}.dump")
        with open(dumps[name], "w") as f:
            f.write(r.stdout)
    program = os.path.join(scratch, "debug", "PluginSample")
    r = run([program] + [f"{name}={path}" for name, path in dumps.items()])
    if r.returncode != 0:
        fail(f"the sample's program exited {r.returncode}:\n{r.stdout}{r.stderr}")
    return r.stdout.splitlines()


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    scenec = os.path.abspath(sys.argv[1])
    kept = sys.argv[sys.argv.index("--scratch-path") + 1] if "--scratch-path" in sys.argv else None
    with tempfile.TemporaryDirectory(prefix="scenec-plugin-") as work:
        package = os.path.join(work, "PluginSample")
        shutil.copytree(SAMPLE, package, ignore=shutil.ignore_patterns(".build", ".swiftpm"))
        manifest = os.path.join(package, "Package.swift")
        with open(manifest) as f:
            text = f.read()
        if text.count('path: "../.."') != 1:
            fail('Examples/PluginSample/Package.swift no longer depends on this package as path: "../.."')
        with open(manifest, "w") as f:
            f.write(text.replace('path: "../.."', "path: " + json.dumps(ROOT)))
        sources = os.path.join(package, "Sources", "PluginSample")
        scratch = os.path.abspath(kept) if kept else os.path.join(work, "build")
        if kept:
            shutil.rmtree(os.path.join(scratch, "plugins", "outputs"), ignore_errors=True)

        clean_seconds, log = swift_build(package, scratch)
        if "unhandled" in log:
            fail(f"SwiftPM warns about the sample's files:\n{log[-2000:]}")

        # 1. Generated under the scratch path, nowhere in the sources, and what the command line writes.
        generated = glob.glob(os.path.join(scratch, "plugins", "outputs", "**", "PluginSampleScenes.swift"), recursive=True)
        if len(generated) != 1:
            fail(f"expected one PluginSampleScenes.swift under {scratch}/plugins/outputs, found {generated}")
        if [f for f in os.listdir(sources) if f.endswith(".swift")] != ["main.swift"]:
            fail(f"the plugin wrote into the sample's sources: {sorted(os.listdir(sources))}")
        with open(generated[0]) as f:
            text = f.read()
        if "public enum CounterScene" not in text or "public enum PushButtonScene" not in text:
            fail("the generated file lacks CounterScene or PushButtonScene")
        if work in text or ROOT in text:
            fail("the generated file names a folder of this machine (it should name the scenes relative to the target)")
        r = run([scenec, "export", "--directory", sources, ".", "--swift", "-"])
        if r.returncode != 0 or r.stdout != text:
            fail(f"the plugin's file differs from `scenec export --directory {sources} . --swift -` ({r.stderr.strip()})")

        # 2. The program: sizes and defaults as scenec sees them, drawings as scenec draws them.
        lines = run_sample(scenec, scratch, sources, work)
        expected = expected_header(scenec, sources) + [
            "counter: drawn, the same operations as scenec's display list",
            "button: drawn, the same operations as scenec's display list",
        ]
        if lines != expected:
            fail("the sample printed\n  " + "\n  ".join(lines) + "\nexpected\n  " + "\n  ".join(expected))

        # 3. A scene edited: `swift build` regenerates, the program sees the new default.
        counter_scene = os.path.join(sources, "counter.scene")
        with open(counter_scene) as f:
            scene = f.read()
        edited, n = re.subn(r'(<param name="counter" type="int" default=)"5"', r'\1"6"', scene)
        if n != 1:
            fail("counter.scene no longer declares counter with default 5; update this check")
        with open(counter_scene, "w") as f:
            f.write(edited)
        rebuild_seconds, _ = swift_build(package, scratch)
        lines = run_sample(scenec, scratch, sources, work)
        if lines[:2] != expected_header(scenec, sources) or " counter=6 " not in lines[0]:
            fail(f"after counter.scene changed, the rebuilt sample printed {lines[:2]}")

    print(f"check_plugin_sample: ok: the plugin's Swift compiled into the sample, which draws what scenec draws; "
          f"clean build {clean_seconds:.0f} s, rebuild after a scene changed {rebuild_seconds:.0f} s")


if __name__ == "__main__":
    main()
