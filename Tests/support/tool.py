"""What both Python suites (Tests/browser, Tests/lsp) know of the tool they test: where the built
binary is, where it keeps its cache, and how it names a file in that cache. Each suite's
conftest puts this folder on the import path."""
import os
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def passkey_spec():
    """The built tool: $PASSKEY_SPEC (set by `make test`), else the newest of the builds that
    `make test`, `swift build` and `make site` leave."""
    if "PASSKEY_SPEC" in os.environ:
        # A relative path is from the repository, wherever a test runs the tool.
        return str(ROOT / os.environ["PASSKEY_SPEC"])
    builds = [ROOT / ".build" / folder / "passkey-spec" for folder in ("test/release", "debug", "release")]
    found = [path for path in builds if path.is_file()]
    assert found, "no built passkey-spec; 'make test' builds it (or run 'swift build')"
    return str(max(found, key=lambda path: path.stat().st_mtime))


def tool_cache(environment):
    """The folder the tool keeps its cache in under `environment`, as it chooses it
    (Sources/Pipeline/Cache/ToolCache.swift); None when the cache is off or has no folder."""
    setting = environment.get("PASSKEY_SPEC_CACHE", "")
    if setting == "off":
        return None
    if setting:
        return pathlib.Path(setting)
    if environment.get("XDG_CACHE_HOME"):
        return pathlib.Path(environment["XDG_CACHE_HOME"]) / "passkey-spec"
    if environment.get("HOME"):
        return pathlib.Path(environment["HOME"]) / ".cache" / "passkey-spec"
    return None


# Where the tool would keep its cache without the tests' own home: the user's, as the
# environment stood when pytest started.
USER_CACHE = tool_cache(os.environ)


def stamp(path):
    """The label of the entry under which the tool remembers a file's fingerprint in its
    cache's `executables/` folder (after the key's hash): device, inode, size and modification
    time, in hex (FileStamp)."""
    status = os.stat(path)
    seconds, nanoseconds = divmod(status.st_mtime_ns, 1_000_000_000)
    return "-".join(f"{number:x}" for number in (status.st_dev, status.st_ino, status.st_size, seconds, nanoseconds))
