"""The server's life as the protocol sets it: initialize, shutdown then exit, and what it does
with messages out of order, cancelled, or not JSON at all."""
import asyncio
import json

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from conftest import NATIVE, PATIENCE, initialize, passkey_spec, start_server


async def wait_exit(client):
    return await asyncio.wait_for(client._server.wait(), PATIENCE)


async def test_initialize_says_what_the_server_does(editor):
    result = editor.client.initialize_result
    assert result.server_info is not None and result.server_info.name == "passkey-spec"
    assert result.server_info.version
    sync = result.capabilities.text_document_sync
    # Full text on every change, and open and close notifications.
    assert sync.change == types.TextDocumentSyncKind.Full
    assert sync.open_close is True
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf16


async def test_shutdown_then_exit_ends_with_status_0(workspace):
    client = await start_server(workspace)
    await initialize(client, workspace)
    assert await client.shutdown_async(None) is None
    client.exit(None)
    assert await wait_exit(client) == 0
    await client.stop()


async def test_exit_without_shutdown_ends_with_status_1(workspace):
    client = await start_server(workspace)
    await initialize(client, workspace)
    client.exit(None)
    assert await wait_exit(client) == 1
    await client.stop()


async def test_a_request_after_shutdown_is_an_invalid_request(workspace):
    client = await start_server(workspace)
    await initialize(client, workspace)
    await client.shutdown_async(None)
    with pytest.raises(JsonRpcException) as raised:
        await asyncio.wait_for(client.shutdown_async(None), PATIENCE)
    assert raised.value.code == -32600
    client.exit(None)
    assert await wait_exit(client) == 0
    await client.stop()


async def test_cancelling_requests_does_not_stop_the_server(editor):
    client = editor.client
    page = await editor.open(NATIVE)
    # Cancellations of requests long answered, never sent, and of an ID of the wrong kind:
    # none is answered, and the server goes on serving.
    for request_id in (1, 10_000, "not-a-request"):
        client.protocol.notify("$/cancelRequest", types.CancelParams(id=request_id))
    await editor.type(page, page.text.replace('"deleted-passkey" copy', '"deleted-pasky" copy', 1))
    assert "step-names-unknown-scenario" in editor.codes(page)
    assert client._server.returncode is None


# --- The wire itself: messages no client library will send ---


class Wire:
    """The server on raw pipes, for framing and bodies that pygls would not write."""

    def __init__(self, process, workspace):
        self.process = process
        self.workspace = workspace

    @classmethod
    async def start(cls, workspace):
        process = await asyncio.create_subprocess_exec(
            passkey_spec(), "lsp", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, cwd=workspace
        )
        return cls(process, workspace)

    def send_raw(self, body: bytes):
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def send(self, message):
        self.send_raw(json.dumps({"jsonrpc": "2.0", **message}).encode())

    async def receive(self):
        async def read():
            length = None
            while True:
                line = (await self.process.stdout.readline()).decode()
                assert line, "the server closed its output"
                if line == "\r\n":
                    break
                name, _, value = line.partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            return json.loads(await self.process.stdout.readexactly(length))

        return await asyncio.wait_for(read(), PATIENCE)

    async def response(self, request_id):
        """The response to the request; notifications before it are skipped."""
        while True:
            message = await self.receive()
            if "method" not in message:
                assert message.get("id") == request_id, message
                return message

    async def close(self):
        if self.process.returncode is None:
            self.process.kill()
        await self.process.wait()


@pytest.fixture
async def wire(workspace):
    wire = await Wire.start(workspace)
    wire.send({"id": 1, "method": "initialize", "params": {"processId": None, "rootUri": workspace.as_uri(), "capabilities": {}}})
    assert "result" in await wire.response(1)
    wire.send({"method": "initialized", "params": {}})
    yield wire
    await wire.close()


async def test_a_request_before_initialize_is_refused(workspace):
    wire = await Wire.start(workspace)
    try:
        wire.send({"id": 1, "method": "shutdown"})
        assert (await wire.response(1))["error"]["code"] == -32002
        wire.send({"method": "textDocument/didOpen", "params": {}})
        wire.send({"id": 2, "method": "initialize", "params": {"processId": None, "rootUri": workspace.as_uri(), "capabilities": {}}})
        assert "capabilities" in (await wire.response(2))["result"]
    finally:
        await wire.close()


async def test_a_body_that_is_not_json_is_a_parse_error_and_the_server_goes_on(wire):
    for body in (b"{not json", b"\xff\xfe", b"[1, 2", b"42"):
        wire.send_raw(body)
        error = await wire.receive()
        assert error["id"] is None
        assert error["error"]["code"] == -32700, error
    wire.send({"id": 2, "method": "shutdown"})
    assert (await wire.response(2)) == {"jsonrpc": "2.0", "id": 2, "result": None}
    wire.send({"method": "exit"})
    assert await asyncio.wait_for(wire.process.wait(), PATIENCE) == 0


async def test_a_header_without_a_length_is_a_parse_error_and_the_server_goes_on(wire):
    wire.process.stdin.write(b"Content-Type: application/vscode-jsonrpc\r\n\r\n")
    error = await wire.receive()
    assert error["error"]["code"] == -32700
    wire.send({"id": 2, "method": "shutdown"})
    assert (await wire.response(2))["result"] is None


async def test_a_message_without_a_method_is_an_invalid_request(wire):
    wire.send({"params": {}})
    error = await wire.receive()
    assert error["error"]["code"] == -32600


async def test_an_unknown_request_is_method_not_found_and_a_notification_is_ignored(wire):
    wire.send({"method": "passkey-spec-tests/unknown-notification", "params": {}})
    wire.send({"id": 7, "method": "passkey-spec-tests/unknown"})
    response = await wire.response(7)
    assert response["id"] == 7 and response["error"]["code"] == -32601


async def test_a_request_cancelled_before_it_is_handled_is_answered_as_cancelled(wire):
    # The open makes the server lint the whole content; the requests queued behind it are
    # cancelled before it reaches them.
    path = wire.workspace / NATIVE
    document = {"uri": path.as_uri(), "languageId": "markdown", "version": 1, "text": path.read_text(encoding="utf-8")}
    wire.send({"method": "textDocument/didOpen", "params": {"textDocument": document}})
    wire.send({"id": 8, "method": "passkey-spec-tests/unknown"})
    wire.send({"method": "$/cancelRequest", "params": {"id": 8}})
    response = await wire.response(8)
    # Cancelled (-32800) when the cancellation overtook it, else answered as usual.
    assert response["id"] == 8 and response["error"]["code"] in (-32800, -32601), response
    wire.send({"id": 9, "method": "shutdown"})
    assert (await wire.response(9))["result"] is None

