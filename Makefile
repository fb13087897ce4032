# The two commands a fresh machine needs: `make site` and `make test`.
# Each installs the Debian packages it needs first.

SWIFT ?= swift
RELEASE_BIN := .build/release/passkey-spec

.PHONY: site test deps test-deps build lint format format-check clean

## site: check the spec in content/ and write its outputs to site/
site: deps
	$(SWIFT) build -c release --product passkey-spec
	$(RELEASE_BIN) check content
	$(RELEASE_BIN) export --format json --out site/exports/spec.json content

## test: the whole test suite (unit, end-to-end on the built binary) and the format check
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test
	$(MAKE) format-check

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

format:
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Sources Tests

format-check:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests

clean:
	rm -rf .build
