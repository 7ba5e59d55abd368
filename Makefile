# scenec: the two commands a new user needs are `make demo` and `make test`.
# (libcurl4-openssl-dev: FlyingFox, the preview's server scenec-preview, links FoundationNetworking, which
# a build with --static-swift-stdlib links against libcurl.)
# Both install the Debian packages the build and the tests need when they are missing.

SWIFT ?= swift
APT_PACKAGES := libxml2-dev librsvg2-dev libpango1.0-dev libpng-dev libfontconfig-dev fonts-dejavu-core fonts-dejavu-extra pkg-config librsvg2-bin python3 libcurl4-openssl-dev
RELEASE_BIN := .build/release/scenec

.PHONY: demo preview test deps test-deps preview-test-deps bench-deps bench bench-quick bench-preview bench-diff build clean docs-images fuzz fuzz-build schema fuzz-options lint typescript-runtime

deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages:$$missing"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

# resvg, a second SVG renderer the render checks compare librsvg with (from PyPI); Liberation Sans, the
# font a hostile fontconfig prefers in the test that build and render draw text alike (Debian);
# pixelmatch, the Python port of mapbox/pixelmatch that PixelDiff's counts must equal (from PyPI,
# pinned: 0.4.0 has the YIQ threshold scale of pixelmatch v4–v7.2 that PixelDiff ports); poppler-utils
# (pdftoppm, pdftotext, pdffonts: the PDF checks), libxml2-utils (xmllint: the schema tests) and pre-commit
# (PyPI: the hook test).
# gcc and libcairo2-dev: check_paint.py builds paint_reference.c, cairo's radial gradients and blend
# operators, the reference the SVG renderers are compared with.
# adwaita-icon-theme: the SVG icons `scenec import` is proven on (Tests/import/check_adwaita.py);
# node-typescript: tsc, which type-checks the exported TypeScript (Tests/export/check_typescript.py);
# kotlin (1.3.31, with the JDK): kotlinc, which compiles the exported Kotlin against Tests/KotlinExportTests/AndroidStub.
TEST_APT_PACKAGES := fonts-liberation poppler-utils libxml2-utils gcc libcairo2-dev time adwaita-icon-theme node-typescript kotlin
PIXELMATCH_VERSION := 0.4.0
test-deps: deps
	@missing=""; \
	for p in $(TEST_APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages:$$missing"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi
	@command -v resvg >/dev/null 2>&1 || python3 -m pip install --quiet resvg-cli
	@python3 -c "import pre_commit" 2>/dev/null || python3 -m pip install --quiet pre-commit
	@[ "$$(python3 Tests/pixeldiff/pixelmatch_reference.py --version 2>/dev/null)" = "$(PIXELMATCH_VERSION)" ] \
		|| python3 -m pip install --quiet "pixelmatch==$(PIXELMATCH_VERSION)"
	@$(MAKE) --no-print-directory preview-test-deps

# The live preview's browser test and latency benchmark: Debian's Chromium, driven by Playwright for
# Python with that executable (never `playwright install`: it downloads a browser and fails here).
preview-test-deps:
	@if ! dpkg -s chromium >/dev/null 2>&1; then \
		echo "installing Debian packages: chromium"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi
	@python3 -c "import playwright" 2>/dev/null || python3 -m pip install --quiet playwright

# The release binary links the Swift runtime and FoundationEssentials statically: a larger file, but it
# starts in about two thirds of the time (docs/performance.md) and needs no Swift libraries at run time.
# scenec's modules import FoundationEssentials only, so the executable holds neither the rest of
# Foundation nor ICU's data (39 MB instead of 88; scenec-preview keeps all of Foundation).
# Two programs: scenec, and scenec-preview (the preview's server, which `scenec preview` runs from
# scenec's own folder; apart so that scenec does not load libcurl: docs/performance.md).
build: deps
	$(SWIFT) build -c release --product scenec --static-swift-stdlib
	$(SWIFT) build -c release --product scenec-preview --static-swift-stdlib

# Renders every variant in Scenes/scenes.json (and every scene it does not name) into out/:
# SVG, and PNG at 1x, 2x and 3x.
demo: build
	$(RELEASE_BIN) build Scenes -o out

# The live preview of Scenes/, opened in a browser where there is one (docs/preview.md).
preview: build
	$(RELEASE_BIN) preview Scenes --open

# README's pictures: the Flo screen (committed; the render checks fail when they are stale) and a review
# page (a screenshot in Chromium).
docs-images: build
	@mkdir -p docs
	$(RELEASE_BIN) render Scenes/flo.scene -o docs/flo.png
	$(RELEASE_BIN) render Scenes/flo.scene --set showGraph=true -o docs/flo-graph.png
	python3 Tests/docs/review_page_image.py $(RELEASE_BIN) docs/review-page.png
	python3 Tests/docs/export_image.py $(RELEASE_BIN) docs/export-flo.png

# The whole suite: Swift tests of every stage and the fixtures (PixelDiff's agreement with pixelmatch
# required, not skipped), then the rendering checks (the SVGs rendered by librsvg, probed against the
# seeds' geometry, and compared with resvg), the project's own snapshot tests (`scenec test` on
# Scenes/ against Scenes/__snapshots__, as in CI: a missing reference fails), then the live preview
# and the review pages of `scenec diff --html` used in headless Chromium (screenshots in .build/), the
# TypeScript module of `scenec export` drawn in Chromium against scenec's SVGs, the SwiftPM plugin's
# sample package (Examples/PluginSample) built from a clean scratch folder and run, then the documents: ARCHITECTURE.md's module list against Package.swift, no commit hash outside
# docs/performance.md, and every command README.md shows, run in a throw-away copy.
test: test-deps lint
	$(SWIFT) build --build-tests
	SCENEC_REQUIRE_PIXELMATCH=1 $(SWIFT) test --skip-build
	$(SWIFT) build --product scenec && $(SWIFT) build --product scenec-preview
	python3 Tests/render/check_renders.py .build/debug/scenec
	python3 Tests/render/check_paint.py .build/debug/scenec
	python3 Tests/render/check_conic.py .build/debug/scenec
	python3 Tests/render/check_text_width.py .build/debug/scenec
	python3 Tests/render/check_wrapped_text.py .build/debug/scenec
	python3 Tests/render/check_layers.py .build/debug/scenec
	python3 Tests/render/check_layout.py .build/debug/scenec
	python3 Tests/render/check_compositing.py .build/debug/scenec
	python3 Tests/render/check_masks.py .build/debug/scenec
	python3 Tests/render/check_vector_drawable.py .build/debug/scenec
	python3 Tests/import/check_adwaita.py .build/debug/scenec
	python3 Tests/import/check_adwaita.py .build/debug/scenec --theme Tests/SVGImportTests/Fixtures --any-refusal
	CI=true .build/debug/scenec test Scenes --junit .build/scenes-junit.xml
	python3 Tests/precommit/check_precommit.py .build/debug/scenec
	python3 Tests/preview/check_preview.py .build/debug/scenec
	python3 Tests/preview/check_appearance.py .build/debug/scenec
	python3 Tests/browser/check_review_page.py .build/debug/scenec
	python3 Tests/export/check_typescript.py .build/debug/scenec
	python3 Tests/export/check_plugin_sample.py .build/debug/scenec
	python3 Tests/docs/check_docs.py
	python3 Tests/docs/check_readme.py .build/debug/scenec
	$(MAKE) --no-print-directory bench-quick

# The benchmark's smoke run, part of `make test` so that a change that breaks `make bench` fails CI:
# every workload of the four scripts with tiny sizes, each command once, the debug scenec and the
# in-process tools built in debug; no timing asserted (hyperfine and ImageMagick are used
# when installed, left out when not). Tables go to Benchmarks/.work/quick-results/, never quoted.
bench-quick:
	$(SWIFT) build --product scenec && $(SWIFT) build --product scenec-preview
	python3 Benchmarks/bench.py --quick --scenec .build/debug/scenec
	python3 Benchmarks/diff_bench.py --quick --scenec .build/debug/scenec
	python3 Benchmarks/review_bench.py --quick --scenec .build/debug/scenec
	python3 Benchmarks/preview_latency.py --quick .build/debug/scenec
	python3 Benchmarks/import_bench.py --quick --scenec .build/debug/scenec
	python3 Benchmarks/export_bench.py --quick --scenec .build/debug/scenec

# schema/scene.xsd, the XML Schema editors use (docs/editors.md), made from the checker's schema table;
# a test fails when it is stale.
schema:
	$(SWIFT) build --product scenec
	.build/debug/scenec schema -o schema/scene.xsd

# The benchmark's tools: hyperfine and ImageMagick (Debian), resvg (PyPI, via test-deps).
bench-deps: test-deps
	@missing=""; \
	command -v hyperfine >/dev/null 2>&1 || missing="$$missing hyperfine"; \
	command -v compare >/dev/null 2>&1 || missing="$$missing imagemagick"; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages:$$missing"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

# scenec side by side with rsvg-convert and resvg: compile only, whole process, batch, growth; the
# pixel comparison against pixelmatch and ImageMagick; diff --rev and scenec test against the loops a
# user would write; the preview's latency in Chromium. Prints tables with ratios and writes
# Benchmarks/results/*.md (docs/performance.md quotes a run).
bench: bench-deps
	python3 Benchmarks/bench.py
	python3 Benchmarks/diff_bench.py
	python3 Benchmarks/review_bench.py
	python3 Benchmarks/preview_latency.py $(RELEASE_BIN)
	python3 Benchmarks/import_bench.py
	python3 Benchmarks/export_canvas_bench.py $(RELEASE_BIN)
	python3 Benchmarks/export_bench.py

# The live preview alone: save-to-redraw and control-to-redraw latency, measured in Chromium.
bench-preview: test-deps build
	python3 Benchmarks/preview_latency.py $(RELEASE_BIN)

# PixelDiff against PyPI pixelmatch (installed by test-deps) and ImageMagick's `compare` (Debian) on
# 1000×1000 pairs; writes Benchmarks/results/diff-latest.md.
bench-diff: test-deps
	@command -v compare >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq imagemagick >/dev/null; }
	python3 Benchmarks/diff_bench.py

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
	@nm Fuzz/.build/release/OptionFuzz | grep -q __start___sancov_cntrs || { echo "fuzz: OptionFuzz has no coverage instrumentation"; exit 1; }

fuzz: fuzz-build
	@rm -rf $(FUZZ_WORK) && mkdir -p $(FUZZ_WORK)/seeds $(FUZZ_WORK)/merged Fuzz/artifacts Fuzz/corpus
	@for f in Scenes/*.scene Tests/*/*/*.scene; do cp "$$f" "$(FUZZ_WORK)/seeds/$$(echo $$f | tr / _)"; done
	cd $(FUZZ_WORK) && LSAN_OPTIONS=suppressions=../../lsan.supp:print_suppressions=0 nice -n 10 ../release/SceneFuzz -jobs=1 -workers=1 \
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

# The second target (issue 13): command-line values (--set, --size, --scale) and the build manifest.
# The first byte of an input chooses (even: a manifest, odd: values separated by 0x01; Fuzz/README.md).
# Seeds: Fuzz/corpus-options (kept and minimized like Fuzz/corpus) and Scenes/scenes.json.
OPTION_FUZZ_MAX_LEN ?= 4096

fuzz-options: fuzz-build
	@rm -rf $(FUZZ_WORK)-options && mkdir -p $(FUZZ_WORK)-options/seeds $(FUZZ_WORK)-options/merged Fuzz/artifacts Fuzz/corpus-options
	@printf '\000' | cat - Scenes/scenes.json > $(FUZZ_WORK)-options/seeds/scenes-json
	cd $(FUZZ_WORK)-options && LSAN_OPTIONS=suppressions=../../lsan.supp:print_suppressions=0 nice -n 10 ../release/OptionFuzz -jobs=1 -workers=1 \
		-max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=1024 -max_len=$(OPTION_FUZZ_MAX_LEN) \
		-dict=../../options.dict -artifact_prefix=../../artifacts/options- -print_final_stats=1 $(FUZZ_FLAGS) \
		../../corpus-options seeds; status=$$?; \
		if grep -q -E '^(==[0-9]+==ERROR|SUMMARY|.*deadly signal|ALARM|.*out-of-memory)' fuzz-0.log; then \
			tail -n 80 fuzz-0.log; echo "fuzz: a crash, hang or out-of-memory input; see Fuzz/artifacts/"; exit 1; fi; \
		grep -E '^#[0-9]+' fuzz-0.log | tail -n 2; grep -E '^Done|^stat::' fuzz-0.log; exit $$status
	cd $(FUZZ_WORK)-options && ../release/OptionFuzz -merge=1 -max_len=$(OPTION_FUZZ_MAX_LEN) -timeout=10 -rss_limit_mb=1024 \
		merged ../../corpus-options seeds > merge.log 2>&1 || { tail -n 20 merge.log; exit 1; }
	@rm -rf Fuzz/corpus-options && mv $(FUZZ_WORK)-options/merged Fuzz/corpus-options
	@echo "Fuzz/corpus-options: $$(ls Fuzz/corpus-options | wc -l) inputs, $$(du -sh Fuzz/corpus-options | cut -f1)"

clean:
	rm -rf .build out Benchmarks/.build Benchmarks/.work Benchmarks/results Fuzz/.build

# Sources/TypeScriptExport/Runtime.js, the runtime `scenec export --js` embeds: Runtime.ts as tsc
# writes it (Debian's node-typescript). Run after editing Runtime.ts; Tests/export/check_typescript.py
# fails when the two differ.
# The Swift sources as swift-format (part of the toolchain) writes them with .swift-format: `swift format
# format -i FILES` formats what you changed; this fails on any difference.
lint:
	$(SWIFT) format lint --strict -r Sources Tests Plugins Examples Package.swift

typescript-runtime:
	cd Sources/TypeScriptExport && tsc --strict --target es2022 --lib es2022,dom --module es2022 --outDir .build-runtime Runtime.ts \
		&& mv .build-runtime/Runtime.js Runtime.js && rmdir .build-runtime
