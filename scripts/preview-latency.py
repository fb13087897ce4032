"""How long a one-word edit takes to reach the browser: `passkey-spec preview` and
`hugo server` on the same Markdown, each with a page open in headless Chromium. For each
edit the time runs from the write of the file to the moment the page's DOM shows the new
word (a MutationObserver in the page records `performance.timeOrigin + performance.now()`,
so the time is the browser's own). Prints the median of each, in seconds, on one line:
`<passkey-spec> <hugo>`.

Usage: preview-latency.py BINARY CONTENT HUGO-SITE [EDITS]
"""
import os
import pathlib
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

WATCH = """
window.__seen = null;
new MutationObserver(() => {
  if (window.__seen === null && document.body && document.body.textContent.includes(arguments[0])) {
    window.__seen = performance.timeOrigin + performance.now();
  }
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def driver():
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url, timeout=120):
    import urllib.request
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"{url} did not answer in {timeout} s")


def measure(browser, url, page, edits):
    """Median seconds from a write of `page` to the DOM showing its new word, after the page
    reloads itself (each server's own live reload)."""
    times = []
    original = page.read_text(encoding="utf-8")
    try:
        for number in range(edits):
            word = f"edited{number}x{int(time.time() * 1000)}"
            browser.get(url)
            time.sleep(1.0)  # the page is loaded and its live-reload connection open
            # The reload replaces the document, so the observer goes in each time the page loads:
            # Chrome keeps running it through the load of the new document (CDP, on every new document).
            browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": "(" + (
                "function(w){" + WATCH.replace("arguments[0]", "w") + "}") + f")({word!r});"})
            text = original.replace("stable", word, 1)
            started = time.time()
            page.write_text(text, encoding="utf-8")
            deadline = started + 30
            seen = None
            while time.time() < deadline:
                try:
                    seen = browser.execute_script("return window.__seen")
                except Exception:  # the page is between documents
                    seen = None
                if seen:
                    break
                time.sleep(0.005)
            if not seen:
                raise SystemExit(f"the edit did not reach {url} in 30 s")
            times.append(seen / 1000 - started)
            page.write_text(original, encoding="utf-8")
            time.sleep(1.0)
    finally:
        page.write_text(original, encoding="utf-8")
    return statistics.median(times)


def main():
    binary, content, hugo_site = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
    edits = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    work = pathlib.Path(tempfile.mkdtemp(prefix="preview-latency-"))
    browser = driver()
    processes = []
    try:
        ours = work / "content"
        shutil.copytree(content, ours)
        port = free_port()
        env = dict(os.environ, PASSKEY_SPEC_CACHE=str(work / "cache"), HOME=str(work))
        processes.append(subprocess.Popen([binary, "preview", "--port", str(port), "content"], cwd=work,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env))
        wait_for(f"http://127.0.0.1:{port}/writers-guide.html")
        time.sleep(2)  # the first build and its exploration are done
        our_time = measure(browser, f"http://127.0.0.1:{port}/writers-guide.html", ours / "writers-guide.md", edits)

        hugo_port = free_port()
        processes.append(subprocess.Popen(
            ["hugo", "server", "--source", str(hugo_site), "--port", str(hugo_port), "--bind", "127.0.0.1",
             "--disableFastRender=false", "--quiet"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_for(f"http://127.0.0.1:{hugo_port}/writers-guide/")
        time.sleep(2)
        hugo_time = measure(browser, f"http://127.0.0.1:{hugo_port}/writers-guide/",
                            hugo_site / "content" / "writers-guide.md", edits)
        print(f"{our_time:.3f} {hugo_time:.3f}")
    finally:
        browser.quit()
        for process in processes:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
