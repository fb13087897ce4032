"""A tool a test runs keeps its cache in the tests' own home (conftest's `own_home`), never in
the user's ~/.cache/passkey-spec, without the test saying so."""
import os
import shutil
import subprocess

from conftest import ROOT, USER_CACHE, passkey_spec, stamp, tool_cache


def test_a_tool_run_with_the_inherited_environment_keeps_its_cache_in_the_tests_home(own_home, tmp_path):
    # A copy of the tool is a file that no other run has seen: the memo of its fingerprint,
    # which every command that uses the cache writes first, can only come from this run,
    # whatever else writes to the user's cache meanwhile.
    tool = tmp_path / "passkey-spec"
    shutil.copy(passkey_spec(), tool)
    result = subprocess.run([str(tool), "lint", str(ROOT / "content")], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    memo = f"executables/*-{stamp(tool)}"
    cache = tool_cache(os.environ)
    assert USER_CACHE is None or not list(USER_CACHE.glob(memo)), f"the tool wrote into the user's cache {USER_CACHE}"
    assert cache is not None and cache.is_relative_to(own_home), f"the tests' cache {cache} is not in {own_home}"
    assert len(list(cache.glob(memo))) == 1, f"the tool kept no cache in the tests' home {own_home}"
