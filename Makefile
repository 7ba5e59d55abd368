# scenec: the two commands a new user needs are `make demo` and `make test`.
# Both install the Debian packages the build and the tests need when they are missing.

SWIFT ?= swift
APT_PACKAGES := libxml2-dev librsvg2-dev libpng-dev libfontconfig-dev fonts-dejavu-core fonts-dejavu-extra pkg-config librsvg2-bin python3
RELEASE_BIN := .build/release/scenec

.PHONY: demo test deps test-deps bench-deps bench build clean docs-images fuzz fuzz-build

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


# Fuzzing (issue 5): libFuzzer on parse → check → evaluate → SVG and dump (Fuzz/, a package of its
# own so the normal build never sees it). Seeds: Scenes/, every test's .scene files and the kept
# corpus Fuzz/corpus (which the run grows; it is then minimized with -merge=1 back into place).
# Crashes, hangs and out-of-memory inputs are written to Fuzz/artifacts/ and the run stops:
# fix the bug, keep the input as a regression test (Tests/SceneCompilerTests/Hostile/), run again.
# Swift on Linux supports -sanitize=fuzzer and address (not undefined: Swift traps on overflow and
# out-of-bounds access by itself, and the fuzzer reports every trap). They must reach swiftc as ONE
# flag: given as two (SwiftPM's --sanitize=fuzzer --sanitize=address, in no fixed order) the last
# one wins, and without fuzzer last the code has no coverage instrumentation at all. --sanitize=fuzzer
# stays so that SwiftPM leaves main() to libFuzzer.
FUZZ_SECONDS ?= 60
FUZZ_MAX_LEN ?= 8192
FUZZ_FLAGS ?=
FUZZ_BIN := Fuzz/.build/release/SceneFuzz
FUZZ_WORK := Fuzz/.build/work

fuzz-build: deps
	cd Fuzz && $(SWIFT) build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
	@nm $(FUZZ_BIN) | grep -q __start___sancov_cntrs || { echo "fuzz: $(FUZZ_BIN) has no coverage instrumentation"; exit 1; }
	@nm $(FUZZ_BIN) | grep -q __asan_init || { echo "fuzz: $(FUZZ_BIN) is not built with AddressSanitizer"; exit 1; }

fuzz: fuzz-build
	@rm -rf $(FUZZ_WORK) && mkdir -p $(FUZZ_WORK)/seeds $(FUZZ_WORK)/merged Fuzz/artifacts Fuzz/corpus
	@for f in Scenes/*.scene Tests/*/*/*.scene; do cp "$$f" "$(FUZZ_WORK)/seeds/$$(echo $$f | tr / _)"; done
	cd $(FUZZ_WORK) && nice -n 10 ../release/SceneFuzz -jobs=1 -workers=1 \
		-max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=1024 -max_len=$(FUZZ_MAX_LEN) \
		-dict=../../scene.dict -artifact_prefix=../../artifacts/ -print_final_stats=1 $(FUZZ_FLAGS) \
		../../corpus seeds; status=$$?; \
		if grep -q -E '^(==[0-9]+==ERROR|SUMMARY|.*deadly signal|ALARM|.*out-of-memory)' fuzz-0.log; then \
			tail -n 80 fuzz-0.log; echo "fuzz: a crash, hang or out-of-memory input; see Fuzz/artifacts/"; exit 1; fi; \
		grep -E '^#[0-9]+' fuzz-0.log | tail -n 2; grep -E '^Done|^stat::' fuzz-0.log; exit $$status
	cd $(FUZZ_WORK) && ../release/SceneFuzz -merge=1 -max_len=$(FUZZ_MAX_LEN) -timeout=10 -rss_limit_mb=1024 \
		merged ../../corpus seeds > merge.log 2>&1 || { tail -n 20 merge.log; exit 1; }
	@rm -rf Fuzz/corpus && mv $(FUZZ_WORK)/merged Fuzz/corpus
	@echo "Fuzz/corpus: $$(ls Fuzz/corpus | wc -l) inputs, $$(du -sh Fuzz/corpus | cut -f1)"


clean:
	rm -rf .build out Benchmarks/.build Benchmarks/.work Benchmarks/results Fuzz/.build
