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
source scripts/apt-install.sh
apt_install "${missing[@]}"

source scripts/shared-venv.sh
shared_venv Tests/lsp/requirements.txt .venv-lsp "the language server tests'"
