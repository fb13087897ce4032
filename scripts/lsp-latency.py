"""How long `passkey-spec lsp` takes to answer a one-word edit, against running the command
a writer would otherwise run after saving.

A raw JSON-RPC client starts the server on a copy of CONTENT (as the workspace's `content/`),
opens PAGE, then sends EDITS full-text `textDocument/didChange` notifications, each changing
one word of the page (back and forth), one at a time. For each it records, from the moment
the notification is written to the server's stdin:

- lint: until the first `textDocument/publishDiagnostics` for the page (published at once);
- engine: until the second one (published once the client has sent nothing for the
  server's pause, 0.1 s from the edit's arrival, and the engine has checked the latest
  text). The next edit is sent only then.

The page keeps one warning throughout (a straight apostrophe in one title), so that the
server publishes the page's diagnostics after every lint and every check: a page without
findings, never published, would give nothing to time.

Before the edits, the cold start: from the `didOpen` of PAGE to its first
`publishDiagnostics` (the page's own findings, published before the whole content is read)
and to its second (the lint of the whole content).

Then, with the same edits written to the file, the wall time of `passkey-spec lint PAGE` and
`passkey-spec check PAGE` as new processes. The first 3 edits of each are warm-up and not
counted. Prints one line of seconds:

    lint_p50 lint_p95 engine_p50 engine_p95 cli_lint_p50 cli_lint_p95 cli_check_p50 cli_check_p95
    open_own open_lint

Usage: lsp-latency.py BINARY CONTENT PAGE [EDITS]
(PAGE is relative to CONTENT, e.g. native/login-error-states.md)
"""
import json
import os
import pathlib
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time

WARMUP = 3
ORIGINAL, CHANGED = "This page covers the passkey failures", "This page describes the passkey failures"
# The standing warning (copy-straight-quote).
TYPOGRAPHIC, STRAIGHT = "| Can\u2019t sign in with a passkey |", "| Can't sign in with a passkey |"


def percentile(values, fraction):
    ordered = sorted(values)
    # Nearest rank: the smallest value with at least `fraction` of the values at or below it.
    rank = max(1, -(-int(fraction * 1000) * len(ordered) // 1000))
    return ordered[min(rank, len(ordered)) - 1]


class Client:
    def __init__(self, binary, root):
        self.process = subprocess.Popen(
            [binary, "lsp"], cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()
        self.next_id = 0

    def read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            body = stream.read(length)
            self.messages.put((time.perf_counter(), json.loads(body)))

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return time.perf_counter()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            _, message = self.messages.get(timeout=120)
            if message.get("id") == self.next_id:
                return message

    def notify(self, method, params):
        return self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics_for(self, uri, timeout=120):
        """The time of the next publishDiagnostics for `uri`."""
        while True:
            at, message = self.messages.get(timeout=timeout)
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return at, message

    def drain(self, quiet):
        """Drops messages until none has arrived for `quiet` seconds."""
        while True:
            try:
                self.messages.get(timeout=quiet)
            except queue.Empty:
                return

    def close(self):
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()


def main():
    binary, content, page = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    edits = int(sys.argv[4]) if len(sys.argv) > 4 else 33
    root = pathlib.Path(tempfile.mkdtemp(prefix="lsp-latency-", dir="/dev/shm" if os.access("/dev/shm", os.W_OK) else None))
    try:
        shutil.copytree(content, root / "content")
        path = root / "content" / page
        original = path.read_text()
        assert ORIGINAL in original and TYPOGRAPHIC in original, f"{page} lacks the sentences edited"
        original = original.replace(TYPOGRAPHIC, STRAIGHT, 1)
        path.write_text(original)
        texts = [original.replace(ORIGINAL, CHANGED), original]
        uri = path.as_uri()

        client = Client(binary, str(root))
        client.request("initialize", {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": {}})
        client.notify("initialized", {})
        opened = client.notify("textDocument/didOpen",
                               {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": original}})
        # The server's cold start: the page's own findings at once, then the lint of the whole
        # content, then the first check (flows prepared, explorations read or made).
        own, _ = client.diagnostics_for(uri)
        linted, _ = client.diagnostics_for(uri)
        client.diagnostics_for(uri)
        open_own, open_lint = own - opened, linted - opened
        client.drain(0.5)
        lint, engine = [], []
        for number in range(edits + WARMUP):
            sent = client.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": number + 2},
                "contentChanges": [{"text": texts[number % 2]}]})
            linted, _ = client.diagnostics_for(uri)
            checked, _ = client.diagnostics_for(uri)
            if number >= WARMUP:
                lint.append(linted - sent)
                engine.append(checked - sent)
            client.drain(0.05)
        client.close()

        cli_lint, cli_check = [], []
        relative = os.path.join("content", page)
        for number in range(edits + WARMUP):
            path.write_text(texts[number % 2])
            for command, times in (("lint", cli_lint), ("check", cli_check)):
                start = time.perf_counter()
                subprocess.run([binary, command, relative], cwd=root, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
                if number >= WARMUP:
                    times.append(time.perf_counter() - start)
        figures = [lint, engine, cli_lint, cli_check]
        print(" ".join([f"{percentile(values, fraction):.4f}" for values in figures for fraction in (0.5, 0.95)]
                       + [f"{open_own:.4f}", f"{open_lint:.4f}"]))
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
