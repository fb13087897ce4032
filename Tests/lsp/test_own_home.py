"""A server a test starts keeps its cache in the tests' own home (conftest's `own_home`), never
in the user's ~/.cache/passkey-spec, without the test saying so."""
import os
import shutil

from conftest import USER_CACHE, initialize, passkey_spec, stamp, start_server, tool_cache


async def test_a_server_started_with_the_inherited_environment_keeps_its_cache_in_the_tests_home(
        own_home, workspace, tmp_path):
    # A copy of the tool is a file that no other run has seen: the memo of its fingerprint,
    # which the server writes as it starts, can only come from this server, whatever else
    # writes to the user's cache meanwhile.
    tool = tmp_path / "passkey-spec"
    shutil.copy(passkey_spec(), tool)
    client = await start_server(workspace, tool=str(tool))
    await initialize(client, workspace)
    await client.shutdown_session()
    await client.stop()
    memo = f"executables/*-{stamp(tool)}"
    cache = tool_cache(os.environ)
    assert USER_CACHE is None or not list(USER_CACHE.glob(memo)), \
        f"the server wrote into the user's cache {USER_CACHE}"
    assert cache is not None and cache.is_relative_to(own_home), f"the tests' cache {cache} is not in {own_home}"
    assert len(list(cache.glob(memo))) == 1, f"the server kept no cache in the tests' home {own_home}"
