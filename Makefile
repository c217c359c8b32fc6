# Two entry points: `make previews` renders Scenes/ into Output/, `make test` runs every test.
# Both install the system packages they need first (Debian, non-interactive, only when missing).

# No font package: the fonts travel with the package (Sources/Text/Resources/Fonts, scripts/bundle_fonts.py).
APT_PACKAGES := pkg-config python3 zlib1g-dev libpng-dev libgif-dev libfreetype-dev libharfbuzz-dev
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift
# On x86-64 with AVX2, BMI2 and FMA (Haswell, 2013, and later) the release build targets that level: Scenes/
# renders about 7% faster to the same bytes. The wider vectors compute lane by lane what the baseline code does,
# and Swift fuses no multiply-add (the binary has no vfmadd), so nothing is rounded differently. Elsewhere the
# baseline build. Every release build below takes the same flags, so none rebuilds what another built.
CPU_FLAGS := $(shell [ "$$(uname -s)" = Linux ] && [ "$$(uname -m)" = x86_64 ] && grep -qw avx2 /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo \
	&& grep -qw fma /proc/cpuinfo && echo "-Xswiftc -target-cpu -Xswiftc haswell")
RELEASE = $(SWIFT) build -c release $(CPU_FLAGS)

# The Debian packages of $(1) that are not installed yet, installed (non-interactive, one apt-get run).
define apt_install
@missing=""; for p in $(1); do \
  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
done; \
if [ -n "$$missing" ]; then \
  echo "installing:$$missing"; \
  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
fi
endef

.PHONY: deps previews test bench build fuzz sanitize clean designer designer-build designer-test browser-deps example docs

deps:
	$(call apt_install,$(APT_PACKAGES))

build: deps
	$(RELEASE) --product render-previews

previews: build
	$$($(RELEASE) --show-bin-path)/render-previews render --scenes Scenes --output Output

# The committed previews must match what the scenes render with no system font in view (the fonts travel with
# the package), every frame redrawn only where it changed must equal the frame drawn whole (verify-damage), scenes
# must be in written form, the docs' parameter tables (and the API docs' scene format reference) and the snapshot
# test scenes must match their sources, the example package must pass as a consumer (checked first, so the test
# summary ends the log).
DOCC := Sources/RenderPreviewsKit/RenderPreviewsKit.docc
test: deps
	$(RELEASE) --product render-previews
	$$($(RELEASE) --show-bin-path)/render-previews format --check
	$$($(RELEASE) --show-bin-path)/render-previews format --check Examples/MyCellLibrary/Scenes/*.json
	$$($(RELEASE) --show-bin-path)/render-previews parameters --check --docs docs/flow-scene.md \
	  --docs docs/swipe-scene.md --docs docs/layers-scene.md --docs docs/paging-scene.md \
	  --docs docs/coverflow-scene.md --docs docs/paging-custom-scene.md --docs docs/minitimer-scene.md \
	  --docs $(DOCC)/SceneFormatReference.md
	python3 scripts/make_test_scenes.py --check
	scripts/without_system_fonts.sh $$($(RELEASE) --show-bin-path)/render-previews render --check
	$$($(RELEASE) --show-bin-path)/render-previews verify-damage --quiet
	$(MAKE) designer-test
	$(MAKE) example
	$(SWIFT) test --disable-swift-testing

# The example packages depend on this package by path, as a consumer would by URL. Examples/MyCellLibrary uses a
# built-in kind: its snapshot tests run, the plugin's --check passes on its committed GIF and fails, naming it, on a
# stale one. Examples/CarouselLibrary declares a kind of its own: its tests run, the plugin builds and runs its own
# command line (so its GIF checks), this package's command line does not know the kind, and its designer serves
# the kind's controls (scripts/example_designer_check.sh). Both build in one folder, so this package is built
# for them once (debug for the tests, release through the plugin). SwiftPM passes on all of a plugin's output on
# stdout, so the stale check reads both streams.
EXAMPLE_FLAGS = --scratch-path ../../.build-example
EXAMPLE_SWIFT = cd Examples/MyCellLibrary && $(SWIFT)
CAROUSEL_SWIFT = cd Examples/CarouselLibrary && $(SWIFT)
PLUGIN = package $(EXAMPLE_FLAGS) --allow-writing-to-package-directory render-previews
example: deps
	$(EXAMPLE_SWIFT) build --build-tests $(EXAMPLE_FLAGS)
	$(EXAMPLE_SWIFT) test --skip-build $(EXAMPLE_FLAGS)
	$(EXAMPLE_SWIFT) $(PLUGIN) --check
	@stale=$$(mktemp -d); printf 'stale' > $$stale/mail-cell-swipe.gif; \
	if ($(EXAMPLE_SWIFT) $(PLUGIN) --check --output $$stale) > $$stale/log 2>&1; then \
	  cat $$stale/log; echo "the plugin's --check passed over a stale preview"; exit 1; \
	fi; \
	grep -q "^  $$stale/mail-cell-swipe.gif" $$stale/log || { cat $$stale/log; echo "the plugin's --check did not name the stale preview"; exit 1; }; \
	echo "the plugin's --check fails naming a stale preview: ok"; rm -rf $$stale
	$(CAROUSEL_SWIFT) build --build-tests $(EXAMPLE_FLAGS)
	$(CAROUSEL_SWIFT) test --skip-build $(EXAMPLE_FLAGS)
	.build-example/debug/carousel-previews format --check Examples/CarouselLibrary/Scenes/*.json
	$(CAROUSEL_SWIFT) $(PLUGIN) --check
	@if $$($(RELEASE) --show-bin-path)/render-previews parameters carousel >/dev/null 2>&1; then \
	  echo "this package's render-previews knows the example's carousel kind"; exit 1; fi; \
	echo "the carousel kind is the example package's own: ok"
	scripts/example_designer_check.sh .build-example/debug/carousel-previews Examples/CarouselLibrary/Scenes carousel angle

# The API docs of RenderPreviewsKit (with the articles in $(DOCC)) and RenderPreviewsSnapshotTesting, one static
# site in .build/docs/ (serve it, e.g. `python3 -m http.server -d .build/docs`, and open /documentation/).
docs: deps
	rm -rf .build/docs && mkdir -p .build/docs
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation \
	  --target RenderPreviewsKit --target RenderPreviewsSnapshotTesting --target RenderPreviewsKindKit \
	  --enable-experimental-combined-documentation \
	  --output-path .build/docs --transform-for-static-hosting
	@echo "API docs: .build/docs/documentation/renderpreviewskit/index.html"

# The designer (`render-previews design`): its web server is a product of its own, so `make previews` does not
# build it. `make designer` builds and serves it on http://127.0.0.1:8080/ (PORT=…).
PORT ?= 8080
designer-build: deps
	$(RELEASE) --product render-previews
	$(RELEASE) --product render-previews-designer

designer: designer-build
	$$($(RELEASE) --show-bin-path)/render-previews design --port $(PORT)

# The page in a real browser: Debian's chromium and Python's playwright package, launched through
# executable_path (`playwright install`, which downloads a browser, is never run).
BROWSER_APT_PACKAGES := chromium
browser-deps:
	$(call apt_install,$(BROWSER_APT_PACKAGES))
	@python3 -c "import playwright" 2>/dev/null || python3 -m pip install --quiet playwright

designer-test: designer-build browser-deps
	python3 scripts/designer_browser_test.py "$$($(RELEASE) --show-bin-path)/render-previews-designer" \
	  --screenshot .build/designer-test.png

# Our renderer beside Skia (skia-python) on the same layer trees, at 2x and 3x; our GIFs beside ffmpeg and
# gifsicle on the same frames.
bench: build
	@python3 -c "import skia" 2>/dev/null || python3 -m pip install --quiet skia-python
	@python3 -c "import PIL, numpy" 2>/dev/null || python3 -m pip install --quiet pillow numpy
	@command -v ffmpeg >/dev/null && command -v gifsicle >/dev/null || \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ffmpeg gifsicle
	scripts/bench.sh
	python3 scripts/damage_bench.py "$$($(RELEASE) --show-bin-path)/render-previews"
	python3 scripts/gif_bench.py "$$($(RELEASE) --show-bin-path)/render-previews" Scenes/flow-*.json \
	  Scenes/swipe-transition-border.json Scenes/swipe-expansion-fill.json
	python3 scripts/scaling_bench.py "$$($(RELEASE) --show-bin-path)/render-previews"

# The parallel renderer under ThreadSanitizer (a render of scenes that use every core), then the test suite
# under AddressSanitizer; each in a build folder of its own. Leak checking is off: the font caches live as long
# as the process by design, and an interrupted render exits with frames in flight.
sanitize: deps
	$(SWIFT) build --scratch-path .build-tsan --sanitize=thread --product render-previews
	TSAN_OPTIONS="halt_on_error=1" .build-tsan/debug/render-previews render --check \
	  --only flow-vega-reverse,swipe-rtl,swipe-collection,layers-folding-showcase
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --scratch-path .build-asan --sanitize=address

# libFuzzer over scene text -> frames -> pixels (scripts/fuzz), with ASan; the sanitizer runtimes ship with the
# Swift toolchain. The release build is for the dictionary, made from `parameters --json`.
SECONDS ?= 600
fuzz: build
	scripts/fuzz/run.sh $(SECONDS)

clean:
	rm -rf .build .build-fuzz .build-example
