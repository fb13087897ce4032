"""Shared fixtures: `passkey-spec lsp` started as an editor starts it, on a copy of content/.

Each test gets a server of its own (`lsp`, a pytest-lsp client that has said `initialize`),
all of them on one copy of the repository's content/ in a temporary folder made once per
session: the server never writes to a file, and a test's edits live only in the documents it
opens, so the copy stays as it was.

`Editor` is what a test types with: it opens a page, replaces its text as a writer would
(full-text `didChange`), and waits for the server to have answered everything sent so far, so
that `diagnostics()` then holds what the server published for that text."""
import asyncio
import os
import pathlib
import shutil
import sys
import typing

import pytest
import pytest_asyncio
from lsprotocol import types
from pygls.exceptions import JsonRpcMethodNotFound
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = pathlib.Path(__file__).resolve().parent

# The suites' shared knowledge of the tool: where it is built, where it keeps its cache.
sys.path.insert(0, str(ROOT / "Tests" / "support"))
from tool import USER_CACHE, passkey_spec, stamp, tool_cache  # noqa: E402,F401
NATIVE = "content/native/login-error-states.md"
WEB = "content/web/login-error-states.md"
# How long a test waits for something the server should publish before it fails. Not a
# measurement: only a bound, so that a server that never answers fails the test instead of
# hanging it.
PATIENCE = 60.0


@pytest.fixture(scope="session", autouse=True)
def own_home(tmp_path_factory):
    """HOME, XDG_CACHE_HOME and PASSKEY_SPEC_CACHE pointed into the session's temporary folder,
    in this process's environment, which every server and editor a test starts inherits: the
    tool keeps its cache (the engine's explorations, shared by the session's servers) there,
    never in the user's ~/.cache/passkey-spec. Python and its virtualenv (in the user's cache)
    were found before pytest started, so moving HOME now moves nothing of the suite's own."""
    folder = tmp_path_factory.mktemp("home", numbered=False)
    cache = folder / ".cache"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HOME", str(folder))
        patch.setenv("XDG_CACHE_HOME", str(cache))
        patch.setenv("PASSKEY_SPEC_CACHE", str(cache / "passkey-spec"))
        yield folder


@pytest.fixture(scope="session")
def workspace(tmp_path_factory):
    """A copy of the repository's content/ in a folder of its own: the workspace the editor
    opens."""
    folder = tmp_path_factory.mktemp("workspace")
    shutil.copytree(ROOT / "content", folder / "content")
    return folder


def client_capabilities():
    return types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16]),
        text_document=types.TextDocumentClientCapabilities(
            synchronization=types.TextDocumentSyncClientCapabilities(did_save=True),
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(code_description_support=True),
            completion=types.CompletionClientCapabilities(
                completion_item=types.ClientCompletionItemOptions(snippet_support=True)),
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown, types.MarkupKind.PlainText]),
            definition=types.DefinitionClientCapabilities(),
            references=types.ReferenceClientCapabilities(),
            document_symbol=types.DocumentSymbolClientCapabilities(hierarchical_document_symbol_support=True),
            rename=types.RenameClientCapabilities(prepare_support=True),
            code_action=types.CodeActionClientCapabilities(),
            formatting=types.DocumentFormattingClientCapabilities(),
        ),
    )


async def start_server(workspace, tool=None):
    """A pytest-lsp client connected to a new `passkey-spec lsp` process (of `tool`, else the
    built tool), not yet initialized, in the tests' own home."""
    config = ClientServerConfig(server_command=[tool or passkey_spec(), "lsp"])
    return await config.start()


async def initialize(client, workspace):
    return await client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(),
            root_uri=workspace.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="workspace")],
        )
    )


@pytest_asyncio.fixture
async def lsp(workspace):
    """A server that has been initialized on the workspace; shut down after the test (unless
    the test already did)."""
    client = await start_server(workspace)
    client.initialize_result = await initialize(client, workspace)
    yield client
    server = client._server
    if server is not None and server.returncode is None:
        await client.shutdown_session()
    await client.stop()


@pytest.fixture
def editor(lsp, workspace):
    return Editor(lsp, workspace)


class Document:
    def __init__(self, path, text):
        self.path = path
        self.uri = path.as_uri()
        self.text = text
        self.version = 1


class Editor:
    def __init__(self, client: LanguageClient, workspace: pathlib.Path):
        self.client = client
        self.workspace = workspace
        self.documents: dict[str, Document] = {}

    @property
    def capabilities(self) -> types.ServerCapabilities:
        return self.client.initialize_result.capabilities

    async def open(self, relative) -> Document:
        path = self.workspace / relative
        document = Document(path, path.read_text(encoding="utf-8"))
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=document.uri, language_id="markdown", version=document.version, text=document.text
                )
            )
        )
        self.documents[relative] = document
        await self.settle()
        return document

    async def type(self, document: Document, text: str):
        """Replaces the document's text in the editor (unsaved) and waits for the server's
        answer to it."""
        document.version += 1
        document.text = text
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=document.uri, version=document.version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
        await self.settle()

    async def close(self, document: Document):
        self.client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=document.uri))
        )
        await self.settle()

    async def settle(self):
        """Waits until the server has handled every message sent before: it handles them in
        order, so once it has answered a request sent after them, every diagnostic it
        published for them has arrived. The request is one no server implements."""
        try:
            await asyncio.wait_for(
                self.client.protocol.send_request_async("passkey-spec-tests/settle", None), PATIENCE
            )
        except JsonRpcMethodNotFound:
            pass

    def diagnostics(self, document: Document) -> list[types.Diagnostic]:
        return list(self.client.diagnostics.get(document.uri, []))

    def codes(self, document: Document) -> list[str]:
        return [diagnostic.code for diagnostic in self.diagnostics(document)]

    async def wait_for(self, document: Document, predicate: typing.Callable[[list[types.Diagnostic]], bool]):
        """Waits until the diagnostics published for the document satisfy the predicate (for
        what the server publishes after a pause, with no message to wait on)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + PATIENCE
        while not predicate(self.diagnostics(document)):
            assert loop.time() < deadline, f"still {self.describe(document)}"
            await asyncio.sleep(0.05)

    def describe(self, document: Document) -> str:
        return "; ".join(
            f"{d.code} at {d.range.start.line}:{d.range.start.character}" for d in self.diagnostics(document)
        ) or "no diagnostics"


def edit(text: str, find: str, replace: str, at: str | None = None):
    """The text with `find` (which must occur once) replaced, and the (line, character) of
    `at` within the replacement (its start when `at` is None): where a diagnostic about it
    starts."""
    assert text.count(find) == 1, f"{find!r} occurs {text.count(find)} times in the page"
    start = text.index(find)
    edited = text[:start] + replace + text[start + len(find):]
    offset = start + (replace.index(at) if at is not None else 0)
    line = edited.count("\n", 0, offset)
    # Python indexes code points; the page's characters are all in the Basic Multilingual
    # Plane, where a code point is one UTF-16 unit, the server's position encoding here.
    character = offset - (edited.rfind("\n", 0, offset) + 1)
    return edited, (line, character)
