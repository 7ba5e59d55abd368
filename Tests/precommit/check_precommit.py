#!/usr/bin/env python3
"""The repository's .pre-commit-hooks.yaml, used as a scenec user would: pre-commit (from PyPI)
in a throw-away git repository, with the hook repository at this checkout's revision.

Usage: check_precommit.py PATH/TO/scenec

1. `pre-commit try-repo` runs the hook straight from this working tree on chosen files: a good
   scene passes, a broken one fails with scenec's diagnostic.
2. A .pre-commit-config.yaml naming this repository and `pre-commit install`: `git commit` of a
   broken scene is refused, of a fixed one goes through, and files other than .scene are not given
   to scenec.
"""
import os
import shutil
import subprocess
import sys
import tempfile

GOOD = '<scene width="10" height="10">\n  <rect width="10" height="10" fill="teal"/>\n</scene>\n'
BROKEN = '<scene width="10" height="10">\n  <rect width="w" height="10" fill="teal"/>\n</scene>\n'

passed = failed = 0


def report(ok, label, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print("ok  ", label)
    else:
        failed += 1
        print("FAIL", label, detail)


def run(args, cwd, env):
    # pre-commit as a module of this python3, where `make test-deps` installed it (no PATH shim needed).
    if args[0] == "pre-commit":
        args = [sys.executable, "-m", "pre_commit"] + args[1:]
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)


def main():
    scenec = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/scenec")
    here = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    tmp = tempfile.mkdtemp(prefix="scenec-precommit-")
    bin_dir = os.path.join(tmp, "bin")
    os.makedirs(bin_dir)
    os.symlink(scenec, os.path.join(bin_dir, "scenec"))
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"], PRE_COMMIT_HOME=os.path.join(tmp, "cache"),
               GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@example.com", PRE_COMMIT_COLOR="never")
    # A workstation's environment, also on the CI machine: there `scenec test` would refuse to record.
    env.pop("CI", None)
    env.pop("GIT_DIR", None)
    env.pop("GIT_WORK_TREE", None)
    repo = os.path.join(tmp, "widgets")
    os.makedirs(repo)
    run(["git", "init", "-q", "-b", "main"], repo, env)

    def write(name, text):
        with open(os.path.join(repo, name), "w") as f:
            f.write(text)

    write("good.scene", GOOD)
    write("broken.scene", BROKEN)
    write("notes.txt", "not a scene <rect")
    run(["git", "add", "-A"], repo, env)

    # 1. try-repo on this working tree.
    r = run(["pre-commit", "try-repo", here, "scenec-check", "--files", "good.scene", "notes.txt"], repo, env)
    report(r.returncode == 0 and "scenec check" in r.stdout and "Passed" in r.stdout,
           "try-repo: a good scene passes", r.stdout + r.stderr)
    r = run(["pre-commit", "try-repo", here, "scenec-check", "--files", "broken.scene"], repo, env)
    report(r.returncode == 1 and "Failed" in r.stdout and "broken.scene:2:16: error[E0203]: undefined name 'w'" in r.stdout,
           "try-repo: a broken scene fails with scenec's diagnostic", r.stdout + r.stderr)

    # 2. The hook installed from this repository at its current revision, as a user configures it.
    rev = run(["git", "rev-parse", "HEAD"], here, env).stdout.strip()
    hooks_committed = run(["git", "cat-file", "-e", rev + ":.pre-commit-hooks.yaml"], here, env).returncode == 0
    if not hooks_committed:
        print("skip  pre-commit install: .pre-commit-hooks.yaml is not committed yet at %s" % rev[:12])
    else:
        # A clone, so pre-commit reads a plain repository (this checkout may be a git worktree).
        source = os.path.join(tmp, "scenec-repo")
        run(["git", "clone", "-q", "--no-checkout", here, source], tmp, env)
        write(".pre-commit-config.yaml", "repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: scenec-check\n" % (source, rev))
        r = run(["pre-commit", "install"], repo, env)
        report(r.returncode == 0, "pre-commit install", r.stdout + r.stderr)
        run(["git", "add", "-A"], repo, env)
        r = run(["git", "commit", "-q", "-m", "widgets"], repo, env)
        report(r.returncode != 0 and "undefined name 'w'" in r.stdout + r.stderr,
               "git commit with a broken scene is refused", r.stdout + r.stderr)
        write("broken.scene", GOOD)
        run(["git", "add", "-A"], repo, env)
        r = run(["git", "commit", "-q", "-m", "widgets"], repo, env)
        report(r.returncode == 0, "git commit of good scenes goes through", r.stdout + r.stderr)
        # A commit without .scene files does not run scenec at all.
        write("notes.txt", "still <not a scene")
        run(["git", "add", "-A"], repo, env)
        r = run(["git", "commit", "-m", "notes"], repo, env)
        report(r.returncode == 0 and "(no files to check)Skipped" in r.stdout + r.stderr,
               "a commit without .scene files skips the hook", r.stdout + r.stderr)

    # 3. scenec-test: the references of Scenes/ guard a commit that changes a drawing.
    # Scenes outside Scenes/ need the hook's args to name their folder: until then it says so.
    r = run(["pre-commit", "try-repo", here, "scenec-test", "--all-files"], repo, env)
    report(r.returncode == 1 and "scenec: error: cannot read 'Scenes': no such file or folder" in r.stdout,
           "try-repo: scenec-test without a Scenes folder says which folder it looked for", r.stdout + r.stderr)
    os.makedirs(os.path.join(repo, "Scenes"))
    write("Scenes/tile.scene", GOOD)
    r = run(["scenec", "test"], repo, env)
    report(r.returncode == 0 and "1 recorded" in r.stderr, "scenec test records the first reference", r.stderr)
    run(["git", "add", "-A"], repo, env)
    r = run(["pre-commit", "try-repo", here, "scenec-test", "--all-files"], repo, env)
    report(r.returncode == 0 and "Passed" in r.stdout, "try-repo: scenec-test passes with its references", r.stdout + r.stderr)
    write("Scenes/tile.scene", GOOD.replace("teal", "orange"))
    run(["git", "add", "-A"], repo, env)
    r = run(["pre-commit", "try-repo", here, "scenec-test", "--files", "Scenes/tile.scene"], repo, env)
    report(r.returncode == 1 and "FAIL tile (Scenes/tile.scene)" in r.stdout, "try-repo: a changed drawing fails scenec-test",
           r.stdout + r.stderr)

    shutil.rmtree(tmp, ignore_errors=True)
    print("pre-commit-checks: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
