#!/usr/bin/env python3
"""Keeps the documents honest about the code: ARCHITECTURE.md names exactly the modules Package.swift
declares, the modules it says compare or measure without rendering do not reach librsvg through
Package.swift's dependencies, diff, test and preview read projects through SceneProject without
the batch runner, each C library (a systemLibrary target) is imported by exactly one Swift file of
Sources/, and no document but docs/performance.md (the measurement history) holds a commit hash or
a branch name, which go stale the day they are written.

Usage: check_docs.py
"""
import argparse
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def c_libraries():
    """The systemLibrary targets of Package.swift: the C modules."""
    text = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    return set(re.findall(r'\.systemLibrary\(\s*name:\s*"([^"]+)"', text))


def importers(module):
    """The Swift files of Sources/ that import `module` (with or without an access level or attribute)."""
    pattern = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
                         + re.escape(module) + r"\b", re.M)
    paths = glob.glob(os.path.join(ROOT, "Sources", "**", "*.swift"), recursive=True)
    return sorted(os.path.relpath(path, ROOT) for path in paths
                  if pattern.search(open(path, encoding="utf-8").read()))


def package_targets():
    """Every non-test target of Package.swift: .target, .executableTarget, .systemLibrary."""
    text = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    return set(re.findall(r'\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)"', text))


def architecture_modules():
    """The modules ARCHITECTURE.md describes: each `- \\`Name\\` — …` item of its "Modules" section,
    and the C libraries listed in backticks on its "C libraries" line."""
    text = open(os.path.join(ROOT, "ARCHITECTURE.md"), encoding="utf-8").read()
    section = re.search(r"^## Modules\n(.*?)(?=^## )", text, re.S | re.M)
    if not section:
        raise SystemExit("ARCHITECTURE.md has no '## Modules' section")
    body = section.group(1)
    names = set(re.findall(r"^- `([^`]+)` —", body, re.M))
    c_line = re.search(r"\*\*C libraries\*\*(.*?)(?:\n\n|$)", body, re.S)
    if c_line:
        names |= set(re.findall(r"`(C[A-Za-z0-9]+)`", c_line.group(1)))
    return names


def target_dependencies():
    """Each target of Package.swift and the names in its `dependencies: [...]` (products by name)."""
    text = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    starts = list(re.finditer(r'\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"', text))
    graph = {}
    for match, following in zip(starts, starts[1:] + [None]):
        body = text[match.end():following.start() if following else len(text)]
        listed = re.search(r"dependencies:\s*\[", body)
        names = set()
        if listed:
            depth, end = 1, listed.end()
            while depth and end < len(body):
                depth += {"[": 1, "]": -1}.get(body[end], 0)
                end += 1
            names = set(re.findall(r'"([^"]+)"', body[listed.end():end]))
        graph[match.group(1)] = names
    return graph


def reaches(graph, start, goal):
    """Whether `start` depends on `goal`, directly or through other targets."""
    seen, todo = set(), [start]
    while todo:
        name = todo.pop()
        for dependency in graph.get(name, ()):
            if dependency == goal:
                return True
            if dependency not in seen:
                seen.add(dependency)
                todo.append(dependency)
    return False


# The modules that compare or measure without rendering (ARCHITECTURE.md): no librsvg below them.
RENDERER_FREE = ["PixelDiff", "TextMeasurement", "RasterImage", "SceneFonts"]


# The commands that read a project without running a build (ARCHITECTURE.md): the project model
# (SceneProject) is theirs, the batch runner (SceneBuild) is not.
PROJECT_READERS = ["SceneDiff", "SceneSnapshot", "ScenePreview", "ReviewPage"]


# A commit hash: 7 to 40 hex digits with at least one letter and one digit, not a color (#57dad5ff)
# and not part of a longer word or number.
HASH = re.compile(r"(?<![#\w])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}(?!\w)")
BRANCH = re.compile(r"\b(?:branch|branches)\s+[`'\"][\w./-]+[`'\"]", re.I)


def documents():
    paths = [os.path.join(ROOT, name) for name in ("README.md", "ARCHITECTURE.md", "Grammar.md")]
    paths += sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    return [p for p in paths if os.path.basename(p) != "performance.md" and os.path.exists(p)]


def main():
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    problems = []
    declared, described = package_targets(), architecture_modules()
    for name in sorted(declared - described):
        problems.append(f"ARCHITECTURE.md: the module {name} (Package.swift) is not described under '## Modules'")
    for name in sorted(described - declared):
        problems.append(f"ARCHITECTURE.md: describes {name}, which Package.swift does not declare")
    graph = target_dependencies()
    for name in RENDERER_FREE:
        if name not in graph or reaches(graph, name, "CLibRSVG"):
            problems.append(f"Package.swift: {name} must not depend on librsvg (CLibRSVG), even through another target")
    for name in PROJECT_READERS:
        if name not in graph or reaches(graph, name, "SceneBuild"):
            problems.append(f"Package.swift: {name} must not depend on SceneBuild (the batch runner), only on SceneProject")
    for name in sorted(c_libraries()):
        files = importers(name)
        if len(files) != 1:
            problems.append(f"Sources: {name} is imported by {len(files)} Swift files ({', '.join(files) or 'none'}), "
                            "not exactly one (ARCHITECTURE.md, C libraries); help: keep its calls in one file "
                            "that hands plain Swift values to the others")
    for path in documents():
        for number, line in enumerate(open(path, encoding="utf-8"), start=1):
            for match in HASH.finditer(line):
                problems.append(f"{os.path.relpath(path, ROOT)}:{number}: '{match.group(0)}' looks like a commit hash; "
                                "history belongs in docs/performance.md or a commit message")
            for match in BRANCH.finditer(line):
                problems.append(f"{os.path.relpath(path, ROOT)}:{number}: '{match.group(0)}' names a branch")
    for problem in problems:
        print(problem)
    print(f"docs: {len(documents())} documents and the module list checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
