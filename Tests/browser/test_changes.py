"""The Changes page with changes on it: the content committed in a git repository, then a
criterion reworded, two strings changed and a check removed, and the site built (it compares
with the last commit while the content has uncommitted changes). Axe, the Nu checker and the
links, as for the committed site (whose Changes page may list nothing)."""
import functools
import http.server
import os
import shutil
import subprocess
import threading
import urllib.parse

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, QuietHandler
from conftest import passkey_spec

STATEMENT = "cancellation returns to the unchanged login screen without an error or forced fallback. |"
EDITS = [
    (STATEMENT, "cancellation returns to the unchanged login screen without an error, a forced fallback or a redirect. |"),
    ("| Title             | Passkey Sign-In Failed | Passkey sign-in failed |",
     "| Title             | Passkey Sign-In Unsuccessful | Passkey sign-in failed |"),
    ("problem. | Your sign-in options couldn’t be checked because of a network or server problem. |",
     "problem. | We couldn’t check your sign-in options. |"),
]
PAGES = ["changes.html", "native/login-error-states.html"]


@pytest.fixture(scope="module")
def changed_site(tmp_path_factory):
    """The content committed, edited, and built."""
    folder = tmp_path_factory.mktemp("changes")
    content = folder / "content"
    shutil.copytree(ROOT / "content", content)
    site = folder / "site"
    env = dict(os.environ, HOME=str(folder), GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="Writer",
               GIT_AUTHOR_EMAIL="writer@example.com", GIT_COMMITTER_NAME="Writer",
               GIT_COMMITTER_EMAIL="writer@example.com", PASSKEY_SPEC_CACHE=str(folder / "cache"))
    for command in (["init", "-q", "-b", "main"], ["add", "content"], ["commit", "-q", "-m", "content"]):
        subprocess.run(["git", "-C", str(folder), *command], check=True, env=env, capture_output=True)

    spec = content / "native" / "login-error-states.md"
    text = spec.read_text(encoding="utf-8")
    for old, new in EDITS:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    start = text.index("Scenario: The credential list cannot be reached\n")
    end = text.index("Scenario: The credential list answers with a server error\n")
    spec.write_text(text[:start] + text[end:], encoding="utf-8")
    result = subprocess.run([passkey_spec(), "build", "content", "--out", "site"], cwd=folder, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return site


@pytest.fixture(scope="module")
def changed_url(changed_site):
    handler = functools.partial(QuietHandler, directory=str(changed_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_the_reworded_criterion_comes_first(driver, changed_url):
    driver.get(changed_url + "changes.html")
    sections = driver.find_elements(By.CSS_SELECTOR, "main section")
    assert sections[0].get_attribute("id") == "reworded"
    assert sections[0].is_displayed()
    assert "Criterion reworded" in sections[0].find_element(By.TAG_NAME, "h2").text
    assert "a forced fallback or a redirect" in sections[0].find_element(By.TAG_NAME, "ins").text
    assert [section.get_attribute("id") for section in sections[1:]] == ["changed-copy", "changed-checks"]
    rows = driver.find_elements(By.CSS_SELECTOR, "#changed-copy tbody tr")
    assert len(rows) == 2


def test_the_spec_page_marks_the_reworded_criterion(driver, changed_url):
    driver.get(changed_url + "native/login-error-states.html")
    markers = driver.find_elements(By.CSS_SELECTOR, "a.reworded-marker")
    assert len(markers) == 2 and all(marker.is_displayed() for marker in markers)
    markers[0].click()
    assert driver.current_url.endswith("changes.html#reworded-N1.4-AC02")
    assert driver.find_element(By.ID, "reworded-N1.4-AC02").is_displayed()


def test_the_links_of_the_changes_page_resolve(driver, changed_url, changed_site):
    driver.get(changed_url + "changes.html")
    hrefs = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll('main a[href]'), function (a) { return a.href; });")
    assert hrefs
    for href in hrefs:
        target = urllib.parse.urlparse(href)
        assert (changed_site / urllib.parse.unquote(target.path[1:])).exists(), href
        if target.fragment:
            driver.get(href)
            assert driver.find_elements(By.ID, urllib.parse.unquote(target.fragment)), href


@pytest.mark.parametrize("page", PAGES)
def test_no_serious_accessibility_violations(driver, axe, changed_url, page):
    driver.get(changed_url + page)
    problems = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
    assert problems == []
    results = axe.run(driver)
    serious = [(v["id"], v["impact"], [node["target"] for node in v["nodes"]][:3])
               for v in results["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == []


def test_the_pages_are_valid_html(nu, changed_site, tmp_path):
    for page in PAGES:
        target = tmp_path / page
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(changed_site / page, target)
    result = nu.validate(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
