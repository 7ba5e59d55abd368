# scenec: the two commands a new user needs are `make demo` and `make test`.
# Both install the Debian packages the build and the tests need when they are missing.

SWIFT ?= swift
APT_PACKAGES := libxml2-dev librsvg2-dev libfontconfig-dev fonts-dejavu-core fonts-dejavu-extra pkg-config librsvg2-bin python3
SCENES := $(wildcard Scenes/*.scene)
RELEASE_BIN := .build/release/scenec

.PHONY: demo test deps test-deps build clean docs-images

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

build: deps
	$(SWIFT) build -c release --product scenec

# Renders every scene in Scenes/ into out/ (SVG, and PNG at 1x, 2x and 3x), plus a few variants
# of the seed widgets.
demo: build
	@mkdir -p out
	@for scene in $(SCENES); do \
		name=$$(basename $$scene .scene); \
		$(RELEASE_BIN) render $$scene -o out/$$name.svg && echo "out/$$name.svg"; \
		$(RELEASE_BIN) render $$scene -o out/$$name.png && \
		$(RELEASE_BIN) render $$scene -o out/$$name@2x.png --scale 2 && \
		$(RELEASE_BIN) render $$scene -o out/$$name@3x.png --scale 3 && echo "out/$$name.png @2x @3x"; \
	done
	@$(RELEASE_BIN) render Scenes/push-button.scene --set isAddButton=false --set 'fillColor=rgb(238,77,77)' -o out/push-button-minus.svg && echo out/push-button-minus.svg
	@$(RELEASE_BIN) render Scenes/counter.scene --set counter=8 --size 160x160 -o out/counter-full-160.svg && echo out/counter-full-160.svg
	@$(RELEASE_BIN) render Scenes/face.scene --set smiliness=-0.6 --size 200x120 -o out/face-sad.svg && echo out/face-sad.svg
	@$(RELEASE_BIN) render Scenes/graph.scene --set graphPoints=1,7,3,9,2 --size 400x240 -o out/graph-5-points.svg && echo out/graph-5-points.svg

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

clean:
	rm -rf .build out
