"""A real editor's client: Neovim, headless, runs nvim/diagnostics.lua, which starts the server
with Neovim's own LSP client, types a mistake into a page and records what Neovim shows."""
import json
import os
import shutil
import subprocess

import pytest

from conftest import HERE, NATIVE, passkey_spec

NVIM = shutil.which("nvim")


@pytest.mark.skipif(NVIM is None, reason="Neovim is not installed; scripts/ensure-lsp-deps.sh installs it")
def test_neovim_shows_a_mistake_typed_into_a_page_and_clears_it(workspace, tmp_path):
    out = tmp_path / "nvim-report.json"
    find = 'Then the user sees the "deleted-passkey" copy'
    environment = {
        **os.environ,
        "PASSKEY_SPEC": passkey_spec(),
        "LSP_WORKSPACE": str(workspace),
        "LSP_PAGE": NATIVE,
        "LSP_FIND": find,
        "LSP_REPLACE": 'Then the user sees the "deleted-pasky" copy',
        "LSP_AT": "deleted-passkey",
        "LSP_OUT": str(out),
        # Neovim's own state and log stay in the test's folder.
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    script = HERE / "nvim" / "diagnostics.lua"
    finished = subprocess.run(
        [NVIM, "--headless", "--noplugin", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {script}"],
        env=environment, cwd=workspace, stdin=subprocess.DEVNULL, capture_output=True, timeout=180,
    )
    assert out.is_file(), f"Neovim wrote no report (status {finished.returncode}): {finished.stderr.decode()[-2000:]}"
    report = json.loads(out.read_text())
    assert report["status"] == "ok", report

    assert report["capabilities"]["textDocumentSync"]["change"] == 1
    assert report["before"] in ([], {}), "the page as it is has no diagnostics"
    line = report["edited_line"]
    page = (workspace / NATIVE).read_text(encoding="utf-8").split("\n")
    assert find in page[line]
    on_line = [d for d in report["diagnostics"] if d["lnum"] == line]
    codes = [d["code"] for d in on_line]
    assert "step-names-unknown-scenario" in codes, report["diagnostics"]
    diagnostic = on_line[codes.index("step-names-unknown-scenario")]
    assert diagnostic["severity"] == 1  # vim.diagnostic.severity.ERROR
    assert diagnostic["source"] == "passkey-spec"
    assert "deleted-pasky" in diagnostic["message"]
    # Neovim's columns are bytes: the page's line is ASCII up to the value, so bytes and UTF-16
    # units agree.
    assert diagnostic["col"] == page[line].index("deleted-passkey")
    assert all(d["lnum"] != line for d in report["after"]), report["after"]

    if "completion" in report:
        assert report["completion"].get("error") is None, report["completion"]
        assert "deleted-passkey" in report["completion"]["labels"], report["completion"]
    if "hover" in report:
        assert report["hover"].get("error") is None, report["hover"]
