"""`passkey-spec preview` in a real browser: a page reloads by itself after its Markdown
changes, and a broken copy table shows the overlay of located problems. The built binary
serves a temporary copy of the content on a free loopback port."""
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import threading
import time
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, make_driver, passkey_spec

TITLE_ROW = "| Title             | Can’t Sign In with a Passkey | Can’t sign in with a passkey |"
# Sets window.previewStreamOpen once an event stream the page opens has had its first event.
EVENT_STREAM_WATCH = """
(function () {
  var Native = window.EventSource;
  if (!Native) { return; }
  window.EventSource = function (url, options) {
    var source = new Native(url, options);
    source.addEventListener("hello", function () { window.previewStreamOpen = true; });
    return source;
  };
  window.EventSource.prototype = Native.prototype;
})();
"""


@pytest.fixture
def preview(tmp_path):
    binary = passkey_spec()
    # The whole content, so that every link between its pages leads somewhere and the only
    # problem the overlay shows is the one the test makes.
    shutil.copytree(ROOT / "content", tmp_path / "content")
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    process = subprocess.Popen([binary, "preview", "--port", "0"], cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    lines = []
    threading.Thread(target=lambda: lines.extend(process.stdout), daemon=True).start()
    try:
        deadline = time.time() + 30
        port = None
        while port is None and time.time() < deadline:
            for line in list(lines):
                match = re.match(r"preview: serving http://127\.0\.0\.1:(\d+)/ \(Ctrl-C to stop\)", line)
                if match:
                    port = int(match.group(1))
            time.sleep(0.1)
        assert port, f"no serving line: {lines}"
        base = f"http://127.0.0.1:{port}/"
        # The first build explores the engine: up to a minute or more in a debug build.
        wait_for_build(base, 1, timeout=600)
        yield base, tmp_path
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=10) == 0


def status(base):
    with urllib.request.urlopen(base + "__preview/status", timeout=10) as response:
        return json.load(response)


def wait_for_build(base, number, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            current = status(base)
            if current["build"] >= number and not current.get("building"):
                return current
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"build {number} did not finish in {timeout} s")


def test_a_page_reloads_after_an_edit_and_shows_the_overlay_when_the_content_breaks(preview):
    base, project = preview
    driver = make_driver()
    try:
        # Notes when the page's event stream has said hello: from then on the server sends it
        # every build.
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": EVENT_STREAM_WATCH})
        driver.get(base)
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "return !!document.querySelector('script[src=\"/__preview/reload.js\"]')"))
        # A mark that only survives as long as the page is not reloaded.
        driver.execute_script("window.previewMark = 'before';")
        WebDriverWait(driver, 20).until(lambda d: d.execute_script("return window.previewStreamOpen === true;"))

        home = project / "content" / "index.md"
        home.write_text(home.read_text(encoding="utf-8") + "\nA sentence added while previewing.\n",
                        encoding="utf-8")
        # The page reloads when the build is done: an element found just before is then stale.
        WebDriverWait(driver, 120, ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda d: "A sentence added while previewing." in d.find_element(By.TAG_NAME, "body").text)
        assert driver.execute_script("return window.previewMark === undefined"), "the page reloaded itself"
        assert not driver.find_elements(By.ID, "preview-overlay")

        spec = project / "content" / "native" / "login-error-states.md"
        text = spec.read_text(encoding="utf-8")
        assert TITLE_ROW in text
        row_line = text.split("\n").index(TITLE_ROW) + 1
        spec.write_text(text.replace(TITLE_ROW, "| Title             |  | Can’t sign in with a passkey |"),
                        encoding="utf-8")
        overlay = WebDriverWait(driver, 120).until(lambda d: d.find_element(By.ID, "preview-overlay"))
        assert f"content/native/login-error-states.md:{row_line}:" in overlay.text
        assert "[empty-copy-cell]" in overlay.text
        link = overlay.find_element(By.CSS_SELECTOR, "a.preview-overlay-location")
        assert link.get_attribute("href").startswith("vscode://file/")
        assert link.get_attribute("href").endswith(f"/content/native/login-error-states.md:{row_line}:" +
                                                   link.text.rsplit(":", 1)[1])
        # Styled by the served stylesheet, not inline style: the overlay is fixed over the page.
        assert overlay.value_of_css_property("position") == "fixed"
        # The last good build is still underneath.
        assert "A sentence added while previewing." in driver.find_element(By.TAG_NAME, "body").text

        # Fixing it rebuilds, reloads and takes the overlay away.
        spec.write_text(text, encoding="utf-8")
        WebDriverWait(driver, 120).until(lambda d: not d.find_elements(By.ID, "preview-overlay"))

        problems = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        assert not problems, problems
    finally:
        driver.quit()
