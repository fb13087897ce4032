#!/usr/bin/env bash
# The language server end to end: `passkey-spec lsp` driven by pytest-lsp and by a headless
# Neovim on a copy of content/. The tool it runs is $PASSKEY_SPEC, else the newest build
# under .build/. Arguments go to pytest (e.g. -k duplicate).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-lsp-deps.sh
exec .venv-lsp/bin/python -m pytest Tests/lsp -q -p no:cacheprovider "$@"
