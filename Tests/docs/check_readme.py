#!/usr/bin/env python3
"""Runs every command README.md shows, so the front page cannot drift from what scenec does.

Each fenced ```sh block of README.md is split into commands (one a line, comments dropped), and
each command is run by bash in a temporary copy of the project (Scenes/, Fonts/ when present) made
a git repository: `main` holds the project, and the checked-out branch `feature` one visible edit
with its references accepted. The given scenec is first on the PATH. A command must exit 0; `scenec diff` may also exit 1 (its diff(1) convention: something
visible changed). `scenec preview` runs until it prints its address, then is stopped with SIGINT
and must exit 0. Set-up commands (`make …`) are shown in ```console blocks, which are not run
here: they are what `make test` itself is.

Usage: check_readme.py PATH/TO/scenec [README.md]
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def sh_commands(markdown):
    """The commands of the ```sh blocks, in order, with their line numbers in the file."""
    commands, inside, number = [], False, 0
    for number, line in enumerate(markdown.splitlines(), start=1):
        stripped = line.strip()
        if not inside and re.fullmatch(r"```sh\s*", stripped):
            inside = True
            continue
        if inside and stripped.startswith("```"):
            inside = False
            continue
        if inside:
            command = re.sub(r"(^|\s)#.*$", "", line).strip()
            if command:
                commands.append((number, command))
    if inside:
        raise SystemExit("README.md: a ```sh block is not closed")
    return commands


def make_project(folder, scenec):
    for name in ("Scenes", "Fonts"):
        source = os.path.join(ROOT, name)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(folder, name), symlinks=True)
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@e", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@e")
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "scenes"]):
        subprocess.run(["git", *args], cwd=folder, env=env, check=True)
    # One visible edit, so that the review commands have something to show.
    counter = os.path.join(folder, "Scenes", "counter.scene")
    with open(counter, encoding="utf-8") as f:
        text = f.read()
    edited = text.replace("rgb(87, 218, 213)", "rgb(200, 30, 30)", 1)
    if edited == text:
        raise SystemExit("check_readme: Scenes/counter.scene no longer holds rgb(87, 218, 213); update this test's edit")
    with open(counter, "w", encoding="utf-8") as f:
        f.write(edited)
    # A feature branch with that edit and its references accepted, as a contributor leaves it:
    # `scenec test` passes, and `scenec diff --rev main` shows what the branch draws differently.
    subprocess.run(["git", "checkout", "-q", "-b", "feature"], cwd=folder, env=env, check=True)
    recorded = subprocess.run([scenec, "test", "Scenes", "--record", "failed", "--no-cache"], cwd=folder,
                              env={k: v for k, v in env.items() if k != "CI"}, capture_output=True, text=True)
    if recorded.returncode != 0:
        raise SystemExit("check_readme: could not accept the edit's references:\n" + recorded.stderr)
    for args in (["add", "-A"], ["commit", "-q", "-m", "a red counter"]):
        subprocess.run(["git", *args], cwd=folder, env=env, check=True)


def run_preview(command, folder, env):
    process = subprocess.Popen(["bash", "-c", "exec " + command], cwd=folder, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline, seen = time.time() + 60, ""
    while time.time() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        seen += line
        if "http://127.0.0.1:" in line:
            process.send_signal(signal.SIGINT)
            try:
                status = process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                return f"did not stop on SIGINT\n{seen}"
            return None if status == 0 else f"exit status {status} after SIGINT\n{seen}"
    process.kill()
    return f"printed no address within 60 s\n{seen}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenec", help="the scenec executable to put first on the PATH")
    parser.add_argument("readme", nargs="?", default=os.path.join(ROOT, "README.md"))
    args = parser.parse_args()
    scenec = os.path.abspath(args.scenec)
    with open(args.readme, encoding="utf-8") as f:
        commands = sh_commands(f.read())
    if not commands:
        raise SystemExit("README.md shows no ```sh command: nothing to check")
    failures = 0
    with tempfile.TemporaryDirectory(prefix="scenec-readme-") as folder:
        make_project(folder, scenec)
        bin_folder = os.path.join(folder, ".bin")
        os.mkdir(bin_folder)
        os.symlink(scenec, os.path.join(bin_folder, "scenec"))
        # scenec preview execs scenec-preview from scenec's own folder: the real one, not the link's.
        env = dict(os.environ, PATH=bin_folder + os.pathsep + os.environ.get("PATH", ""))
        env.pop("CI", None)
        for number, command in commands:
            if not command.startswith("scenec ") and not re.match(r"^[A-Z_]+=\S* scenec ", command):
                print(f"README.md:{number}: not a scenec command, not run: {command}")
                failures += 1
                continue
            if " preview " in f" {command} ":
                problem = run_preview(command, folder, env)
            else:
                result = subprocess.run(["bash", "-c", command], cwd=folder, env=env, capture_output=True,
                                        text=True, timeout=300)
                allowed = (0, 1) if command.split()[1 if command.startswith("scenec") else 2] == "diff" else (0,)
                problem = None if result.returncode in allowed else \
                    f"exit status {result.returncode}\n{result.stdout[-2000:]}{result.stderr[-2000:]}"
            if problem:
                failures += 1
                print(f"README.md:{number}: FAILED: {command}\n  " + problem.replace("\n", "\n  "))
            else:
                print(f"README.md:{number}: ok: {command}")
    print(f"readme: {len(commands) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
