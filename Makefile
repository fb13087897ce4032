# The two commands a fresh machine needs: `make site` and `make test`.
# Each installs the Debian packages it needs first.

SWIFT ?= swift
RELEASE_BIN := .build/release/passkey-spec

.PHONY: site test deps test-deps browser-test bench coverage fuzz build lint format format-check clean

## site: check the spec in content/ and build the site into site/
site: deps
	$(SWIFT) build -c release --product passkey-spec --static-swift-stdlib
	$(RELEASE_BIN) build content --out site

## test: the whole test suite: unit and end-to-end tests, the format check, then the site
## in a real browser (Chromium, axe-core, the Nu HTML checker)
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test
	$(MAKE) format-check
	$(MAKE) browser-test

## browser-test: the committed site/ in headless Chromium; screenshots go to artifacts/
browser-test:
	@scripts/ensure-browser-deps.sh
	.venv/bin/python -m pytest Tests/browser -q -p no:cacheprovider

## deps: install the Debian packages the build needs, when missing
deps:
	@scripts/ensure-deps.sh

test-deps:
	@scripts/ensure-deps.sh test

build: deps
	$(SWIFT) build

## lint: lint content/ with a debug build
lint: build
	$(SWIFT) run passkey-spec lint content

## bench: median times of lint, check, explore and build on content/ (release build), and
## side by side with Hugo on the same Markdown (content, plus 1,000 pages, one-word edit)
bench: deps
	@scripts/bench.sh

## coverage: line and region coverage of Sources/ by the Swift tests (llvm-cov)
coverage: test-deps
	$(SWIFT) test --enable-code-coverage
	"$$(dirname "$$(command -v swift)")/llvm-cov" report .build/debug/passkey-specPackageTests.xctest \
		-instr-profile=.build/debug/codecov/default.profdata -ignore-filename-regex='(\.build|Tests)/'

## fuzz: build the fuzz targets in Fuzz/Targets with libFuzzer and AddressSanitizer, then run
## each for FUZZ_SECONDS seconds, one after another (TARGET=name runs one); inputs that crash
## or hang go to .build/fuzz/crashes/
FUZZ_SECONDS ?= 60
fuzz: deps
	@scripts/fuzz.sh --seconds $(FUZZ_SECONDS) $(if $(TARGET),--target $(TARGET))

format:
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Sources Tests

format-check:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests

clean:
	rm -rf .build
