#!/usr/bin/env bash
# Installs what the language server tests need when it is missing: Debian's Neovim (a real
# editor's LSP client, driven headless) and a Python virtualenv (.venv-lsp) with pytest,
# pytest-lsp and pygls.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v nvim >/dev/null 2>&1 || missing+=(neovim)
# The virtualenv below needs Python's venv module (a package of its own in Debian).
if ! command -v python3 >/dev/null 2>&1; then
    missing+=(python3 python3-venv)
elif ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    missing+=(python3-venv)
fi
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    echo "Installing ${missing[*]} with apt-get" >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The virtualenv lives in the user's cache, named by a hash of the requirements and of the
# Python that runs it, so that every clone and worktree on the machine shares one: a clean
# clone finds it made. .venv-lsp is a link to it. A new requirements file makes a new one.
requirements=Tests/lsp/requirements.txt
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
        echo "Creating the language server tests' virtualenv in $venv" >&2
        rm -rf "$venv"
        "$python" -m venv "$venv"
        "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
        cp "$requirements" "$venv/requirements.txt"
        touch "$venv/.complete"
    fi
    flock -u 9
    exec 9>&-
fi
if [ "$(readlink .venv-lsp 2>/dev/null)" != "$venv" ]; then
    rm -rf .venv-lsp
    ln -s "$venv" .venv-lsp
fi
