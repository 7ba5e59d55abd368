# scenec: the two commands a new user needs are `make demo` and `make test`.
# Both install the Debian packages the build and the tests need when they are missing.

SWIFT ?= swift
APT_PACKAGES := libxml2-dev librsvg2-dev libpng-dev libfontconfig-dev fonts-dejavu-core fonts-dejavu-extra pkg-config librsvg2-bin python3
RELEASE_BIN := .build/release/scenec

.PHONY: demo test deps test-deps bench-deps bench build clean docs-images

deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages:$$missing"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

# resvg, a second SVG renderer the render checks compare librsvg with (from PyPI).
test-deps: deps
	@command -v resvg >/dev/null 2>&1 || python3 -m pip install --quiet resvg-cli

# The release binary links the Swift runtime and Foundation statically: a larger file, but it
# starts in about two thirds of the time (README "Performance") and needs no Swift libraries at run time.
build: deps
	$(SWIFT) build -c release --product scenec --static-swift-stdlib

# Renders every variant in Scenes/scenes.json (and every scene it does not name) into out/:
# SVG, and PNG at 1x, 2x and 3x.
demo: build
	$(RELEASE_BIN) build Scenes -o out

# README's pictures of the Flo screen (committed; the render checks fail when they are stale).
docs-images: build
	@mkdir -p docs
	$(RELEASE_BIN) render Scenes/flo.scene -o docs/flo.png
	$(RELEASE_BIN) render Scenes/flo.scene --set showGraph=true -o docs/flo-graph.png

# The whole suite: Swift tests of every stage and the fixtures, then the rendering checks
# (the SVGs rendered by librsvg, probed against the seeds' geometry, and compared with resvg).
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(SWIFT) build --product scenec
	python3 Tests/render/check_renders.py .build/debug/scenec

# The benchmark's tools: hyperfine (Debian), GNU time for peak memory (Debian), resvg (PyPI, via test-deps).
bench-deps: test-deps
	@missing=""; \
	command -v hyperfine >/dev/null 2>&1 || missing="$$missing hyperfine"; \
	[ -x /usr/bin/time ] || missing="$$missing time"; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages:$$missing"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

# scenec side by side with rsvg-convert and resvg: compile only, whole process, batch, growth.
# Prints tables with ratios and writes Benchmarks/results/latest.md (README "Performance" quotes a run).
bench: bench-deps
	python3 Benchmarks/bench.py

clean:
	rm -rf .build out Benchmarks/.build Benchmarks/.work Benchmarks/results
