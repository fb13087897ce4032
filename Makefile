# The two commands a fresh machine needs: `make site` and `make test`.
# Each installs the Debian packages it needs first.

SWIFT ?= swift
RELEASE_BIN := .build/release/passkey-spec
# The tests' build: optimised, with testing enabled. On 2 cores it compiles in about twice
# the time of an unoptimised build, and the tests then run in under half the time: they run
# the engine and the built tool hundreds of times. Its own scratch folder keeps the build of
# `make site` and `make bench` (a static standard library, one product) apart from it.
TEST_BUILD := --scratch-path .build/test -c release -Xswiftc -enable-testing
TEST_BIN := .build/test/release/passkey-spec
# Where `make test` exports the Swift kit that the Swift example's tests compile.
SWIFT_KIT := .build/kits/swift

.PHONY: site tool test swift-test deps test-deps kit-test lsp-test browser-test bench coverage fuzz build lint guide format format-check clean

## site: check the spec in content/ and build the site into site/
site: tool
	$(RELEASE_BIN) build content --out site

## tool: build the tool into .build/release/ (the site's build; CI's scripts/install-tool.sh)
tool: deps
	$(SWIFT) build -c release --product passkey-spec --static-swift-stdlib

## test: the whole test suite: unit and end-to-end tests, the format check, and the site
## in a real browser (Chromium, axe-core, the Nu HTML checker). After the build the suites
## run two at a time: the end-to-end suites spend much of their time waiting on a JVM,
## Chromium or a client, so a second suite fills that time. Each suite's output is printed
## whole when it ends.
#
## The Swift example's tests compile the Swift kit of content/, exported into the build
## folder by the tests' build of the tool first (see the end of Package.swift).
test: test-deps
	$(SWIFT) build $(TEST_BUILD) --product passkey-spec
	$(TEST_BIN) export --format swift-kit --out $(SWIFT_KIT) content
	PASSKEY_SPEC_EXAMPLES=1 $(SWIFT) build --build-tests $(TEST_BUILD)
	PASSKEY_SPEC_EXAMPLES=1 PASSKEY_SPEC=$(CURDIR)/$(TEST_BIN) $(MAKE) -j2 --output-sync=target \
		swift-test kit-test lsp-test format-check browser-test

## swift-test: the Swift tests of the tests' build (built first by `make test`)
swift-test:
	$(SWIFT) test --skip-build $(TEST_BUILD)

## kit-test: the conformance kits against their example apps in each platform's own tools
## (the Swift kit runs in the Swift tests); the tool is $PASSKEY_SPEC, else the debug build
kit-test:
	scripts/kit-test-kotlin.sh
	scripts/kit-test-web.sh

## lsp-test: the language server driven by real clients: pytest-lsp, and Neovim headless
lsp-test:
	scripts/lsp-test.sh

## browser-test: the committed site/ in headless Chromium; screenshots go to artifacts/. The
## tool it runs is $PASSKEY_SPEC, else the newest build under .build/
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

## guide: rewrite the Diagnostics tables of content/writers-guide.md from docs/diagnostics/,
## with a debug build: the tool prints them (`explain --list --format markdown`), a script
## puts them between the guide's two marker comments
guide: build
	.build/debug/passkey-spec explain --list --format markdown >.build/diagnostics-tables.md
	scripts/splice-guide.sh content/writers-guide.md .build/diagnostics-tables.md

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
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Sources Tests Kits/swift Examples/swift/Sources Examples/swift/Tests/ExampleLoginTests/*.swift Examples/swift/Tests/AuthenticationServicesTests/*.swift Examples/swift/Tests/SampleSignInTests/*.swift

format-check:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests Kits/swift Examples/swift/Sources Examples/swift/Tests/ExampleLoginTests/*.swift Examples/swift/Tests/AuthenticationServicesTests/*.swift Examples/swift/Tests/SampleSignInTests/*.swift

clean:
	rm -rf .build
