"""Hostile content: every field a writer controls that reaches a page, an export or a badge
gets the payload set (scripts, event handlers, `javascript:` and `data:` URLs, attribute
breakouts, Mustache delimiters), and the site is opened in Chromium with its
Content-Security-Policy taken out, so that escaping alone must stop them: nothing runs, no
handler or unsafe URL reaches the DOM, and every export still parses with the payload as
plain text."""
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import threading
import xml.etree.ElementTree as ElementTree

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, QuietHandler, early
from conftest import passkey_spec

# Each one sets document.title or window.hit if it ever runs.
PAYLOADS = [
    "<script>window.hit='script'</script>",
    "<img src=x onerror=\"window.hit='onerror'\">",
    "<svg onload=\"window.hit='svg'\"></svg>",
    "\" onmouseover=\"window.hit='attribute'\" x=\"",
    "' autofocus onfocus='window.hit=1' x='",
    "</title></style></textarea><script>window.hit='breakout'</script>",
    "javascript:window.hit='url'",
    "{{#hit}}{{/hit}}{{{hit}}}{{=<% %>=}}<%hit%>{{>layout}}",
    "*/ window.hit='comment'; /*",
]
# Payloads that are Markdown links: a link's address is dropped unless it is safe.
LINKS = [
    "[click](javascript:window.hit='link')",
    "[data](data:text/html,<script>window.hit='data'</script>)",
    "<javascript:window.hit='autolink'>",
]
SENTINEL = "hostile-7f3a"
MARK = f"{SENTINEL} " + " ".join(PAYLOADS)
PROSE = f"{SENTINEL} " + " ".join(PAYLOADS + LINKS)


def poison_line(line):
    """The line with the payloads added where the writer's words go."""
    if line.startswith("#"):
        return line.rstrip() + " " + MARK.replace("#", "")
    if re.match(r"^Scenario( Outline)?: ", line.strip()):
        return line.rstrip() + " " + MARK
    if line.startswith("|") and not re.match(r"^\|\s*-", line):
        cells = line.strip().strip("|").split("|")
        header = cells[0].strip()
        if header in ("Trigger", "Presentation", "Title", "Message") or header.startswith("Action"):
            # A "None" cell stays empty on purpose; words get the payloads.
            return "| " + " | ".join([cells[0].strip()] + [
                cell.strip() if cell.strip().startswith("None") else cell.strip() + " " + MARK.replace("|", "")
                for cell in cells[1:]]) + " |"
        if re.match(r"^[A-Z]\d", header):  # a criteria table row: ID | level | statement | how to verify
            return "| " + " | ".join([cell.strip() for cell in cells[:2]] + [
                cell.strip() + " " + MARK for cell in cells[2:]]) + " |"
    return line


def poison(text):
    lines = text.split("\n")
    out = []
    in_code = False
    for index, line in enumerate(lines):
        if line.startswith("```"):
            in_code = not in_code
        out.append(line if in_code and not line.strip().startswith("Scenario") else poison_line(line))
        # A paragraph of payloads after each heading's metadata comment.
        if not in_code and line.startswith("<!--") and index > 0 and lines[index - 1].startswith("#"):
            out.append("")
            out.append(PROSE)
    return "\n".join(out)


@early
def hostile_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    content = folder / "content"
    shutil.copytree(ROOT / "content", content)
    # The payloads rewrite the English, so its translations no longer fit it (stale, with other
    # placeholders than the poisoned English): without them, the pseudo-locales carry the
    # payloads into every localized export and screens page.
    for translation in content.rglob("*.de.json"):
        translation.unlink()
    site = folder / "site"

    # The content committed as it is, so that the Changes page (which compares with the last
    # commit while the content has uncommitted edits) lists every poisoned string.
    env = dict(os.environ, HOME=str(folder), GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="Writer",
               GIT_AUTHOR_EMAIL="writer@example.com", GIT_COMMITTER_NAME="Writer",
               GIT_COMMITTER_EMAIL="writer@example.com", PASSKEY_SPEC_CACHE=str(folder / "cache"))
    for command in (["init", "-q", "-b", "main"], ["add", "content"], ["commit", "-q", "-m", "content"]):
        subprocess.run(["git", "-C", str(folder), *command], check=True, env=env, capture_output=True)
    for path in content.rglob("*.md"):
        path.write_text(poison(path.read_text(encoding="utf-8")), encoding="utf-8")
    result = subprocess.run([passkey_spec(), "build", str(content), "--out", str(site),
                             "--templates", str(ROOT / "templates")], cwd=folder, env=env,
                            capture_output=True, text=True)
    # Checks whose names or copy carry payloads may fail; the site is still written.
    assert (site / "index.html").is_file(), result.stdout + result.stderr
    return site


class WithoutPolicy(QuietHandler):
    """Serves pages with their Content-Security-Policy removed: escaping alone must hold."""

    def send_head(self):
        path = self.translate_path(self.path)
        if not path.endswith(".html"):
            return super().send_head()
        try:
            with open(path, "rb") as file:
                page = file.read()
        except OSError:
            self.send_error(404)
            return None
        page = re.sub(rb'<meta http-equiv="Content-Security-Policy"[^>]*>', b"", page)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        import io
        return io.BytesIO(page)


@pytest.fixture(scope="module")
def hostile_url(hostile_site):
    handler = functools.partial(WithoutPolicy, directory=str(hostile_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_the_payloads_reach_every_kind_of_field(hostile_site):
    spec = (hostile_site / "native" / "login-error-states.html").read_text(encoding="utf-8")
    # Headings, copy cells, criteria, check names and prose all carry the sentinel, escaped.
    assert spec.count(SENTINEL) > 100
    assert "&lt;script&gt;window.hit=" in spec
    assert "{{#hit}}" in spec, "Mustache delimiters in copy are text, not tags"
    copy = json.loads((hostile_site / "exports" / "spec.json").read_text(encoding="utf-8"))
    assert SENTINEL in json.dumps(copy)
    changes = (hostile_site / "changes.html").read_text(encoding="utf-8")
    assert changes.count(SENTINEL) > 20, "the Changes page lists the poisoned strings and criteria"
    assert "Criteria reworded" in changes


def test_no_payload_runs_or_reaches_the_dom(browsers, hostile_site, hostile_url):
    pages = sorted(str(path.relative_to(hostile_site)) for path in hostile_site.rglob("*.html"))
    browser = browsers.get()
    for page in pages:
        browser.get(hostile_url + page)
        assert "Content-Security-Policy" not in browser.page_source
        # Hover and focus everything, as a reader would.
        found = browser.execute_script(r"""
            for (const element of document.querySelectorAll('body *')) {
              element.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
              if (element.focus) element.focus();
            }
            const problems = [];
            if (window.hit) problems.push('ran: ' + window.hit);
            for (const element of document.querySelectorAll('*')) {
              for (const attribute of element.attributes) {
                const name = attribute.name.toLowerCase(), value = attribute.value.trim().toLowerCase();
                if (name.startsWith('on')) problems.push(element.tagName + ' has ' + name);
                if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(name)
                    && (value.startsWith('javascript:') || value.startsWith('data:')))
                  problems.push(element.tagName + ' ' + name + '=' + value);
              }
            }
            for (const script of document.querySelectorAll('script'))
              if (!script.src.endsWith('/assets/site.js')) problems.push('script ' + script.outerHTML.slice(0, 60));
            for (const image of document.querySelectorAll('img'))
              if (!/^(\.\.\/)*badges\/[A-Za-z0-9.-]+\.svg$/.test(image.getAttribute('src')))
                problems.push('img ' + image.outerHTML.slice(0, 60));
            return problems;
        """)
        assert found == [], f"{page}: {found}"
        # Wait a moment for anything deferred.
        browser.execute_script("return new Promise(resolve => setTimeout(resolve, 50));")
        assert browser.execute_script("return window.hit || null;") is None, page


def test_the_exports_parse_and_hold_the_payloads_as_text(hostile_site):
    exports = hostile_site / "exports"
    for name in ("spec.json", "report.json", "Localizable.xcstrings", "web/messages.json", "changes.json"):
        json.loads((exports / name).read_text(encoding="utf-8"))
    strings = ElementTree.parse(exports / "android" / "res" / "values" / "strings.xml").getroot()
    texts = [element.text or "" for element in strings.iter("string")]
    assert any(SENTINEL in text for text in texts)
    assert any("<script>window.hit=" in text.replace("\\'", "'") for text in texts)
    ElementTree.parse(exports / "junit.xml")
    for badge in (hostile_site / "badges").glob("*.svg"):
        root = ElementTree.parse(badge).getroot()
        assert not any(element.tag.endswith("script") for element in root.iter()), badge.name
        assert not any(name.startswith("on") for element in root.iter() for name in element.attrib), badge.name
    declarations = (exports / "web" / "messages.d.ts").read_text(encoding="utf-8")
    # Copy never leaves a comment or a string literal of the declaration file.
    for line in declarations.splitlines():
        assert "window.hit" not in line or line.lstrip().startswith("//"), line
    strings_file = (exports / "Localizable.strings").read_text(encoding="utf-8")
    for line in strings_file.splitlines():
        if line.startswith('"'):
            assert re.fullmatch(r'"(?:[^"\\]|\\.)*" = "(?:[^"\\]|\\.)*";', line), line


def test_a_hostile_id_never_reaches_a_badge(tmp_path):
    """Badges are labelled by spec and criterion IDs, which must look like `N1.4`: a payload
    there is a located error, and nothing is built."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    # The payloads rewrite the English, so its translations no longer fit it (stale, with other
    # placeholders than the poisoned English): without them, the pseudo-locales carry the
    # payloads into every localized export and screens page.
    for translation in content.rglob("*.de.json"):
        translation.unlink()
    spec = content / "native" / "login-error-states.md"
    spec.write_text(spec.read_text(encoding="utf-8").replace(
        "<!-- spec: N1.4 ", "<!-- spec: N1.4\"><script>window.hit=1</script> ", 1), encoding="utf-8")
    site = tmp_path / "site"
    result = subprocess.run([passkey_spec(), "build", str(content), "--out", str(site),
                             "--templates", str(ROOT / "templates")], capture_output=True, text=True)
    assert result.returncode == 1
    assert "login-error-states.md:2:12: error:" in result.stderr and "[malformed-spec-id]" in result.stderr
    assert not site.exists()


def test_labels_too_long_for_a_notice_are_cut_short_inside_it(browsers, hostile_site, hostile_url):
    """Every label here is hundreds of characters long: each button stays inside its notice
    and its phone, cut short (iOS, Android) or wrapped (a page)."""
    browser = browsers.get()
    for page in sorted(str(path.relative_to(hostile_site)) for path in hostile_site.rglob("screens.html")):
        browser.get(hostile_url + page)
        outside = browser.execute_script("""
            const outside = [];
            for (const frame of document.querySelectorAll('.notice, .device')) {
              const box = frame.getBoundingClientRect();
              for (const action of frame.querySelectorAll('.action')) {
                const rect = action.getBoundingClientRect();
                if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5) outside.push(action.textContent.slice(0, 40));
              }
            }
            return outside;
        """)
        assert outside == [], f"{page}: {outside}"
