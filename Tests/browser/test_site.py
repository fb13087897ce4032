"""The built site in a real browser: clean loads, working links and filter, accessibility, valid HTML."""
import json
import urllib.parse

import pytest
from selenium.webdriver.common.by import By

from conftest import ARTIFACTS, PAGES, SITE, displayed


def published_spec():
    """The spec as the site publishes it: the counts the pages must show come from the model."""
    model = json.loads((SITE / "exports" / "spec.json").read_text(encoding="utf-8"))
    spec = next(spec for spec in model["specs"] if spec["id"] == "N1.4")
    spec["scenarios"] = [scenario for section in spec["sections"] for scenario in section["scenarios"]]
    return spec


def test_the_site_has_every_page():
    expected = {"index.html", "native/login-error-states.html", "web/login-error-states.html", "copy.html",
                "errors.html", "steps.html",
                "decisions.html", "changes.html", "writers-guide.html"}
    assert expected <= set(PAGES)


@pytest.mark.parametrize("page", PAGES)
def test_page_loads_without_console_errors_or_failed_requests(driver, base_url, page):
    driver.get(base_url + page)
    problems = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
    assert problems == []
    failed = driver.execute_script(
        "return performance.getEntriesByType('resource')"
        ".filter(function (r) { return r.responseStatus && r.responseStatus >= 400; })"
        ".map(function (r) { return r.name; });")
    assert failed == []
    external = driver.execute_script(
        "return performance.getEntriesByType('resource').map(function (r) { return r.name; })"
        ".filter(function (name) { return name.indexOf(location.origin) !== 0; });")
    assert external == [], "the site must make no request outside itself"
    assert driver.title
    assert len(driver.find_elements(By.CSS_SELECTOR, "main h1")) == 1


def test_every_internal_link_and_anchor_resolves(driver, base_url):
    ids = {}
    links = []
    for page in PAGES:
        driver.get(base_url + page)
        ids[page] = set(driver.execute_script(
            "return Array.prototype.map.call(document.querySelectorAll('[id]'), function (e) { return e.id; });"))
        for href in driver.execute_script(
                "return Array.prototype.map.call(document.querySelectorAll('a[href]'), function (a) { return a.href; });"):
            links.append((page, href))
    broken = []
    for page, href in links:
        if not href.startswith(base_url):
            continue
        target = urllib.parse.urlparse(href)
        path = urllib.parse.unquote(target.path[1:]) or "index.html"
        if path.endswith(".html"):
            if path not in ids:
                broken.append((page, href))
            elif target.fragment and urllib.parse.unquote(target.fragment) not in ids[path]:
                broken.append((page, href))
        elif not (SITE / path).exists():
            broken.append((page, href))
    assert broken == []


def test_the_spec_page_shows_badges_copy_tables_and_checks(driver, base_url):
    driver.get(base_url + "native/login-error-states.html")
    spec = published_spec()
    tables = driver.find_elements(By.CSS_SELECTOR, "table.copy-table")
    assert len(tables) == len(spec["scenarios"]) > 0
    for table in tables:
        headers = [cell.text for cell in table.find_elements(By.CSS_SELECTOR, "thead th")]
        assert headers == ["Part", "iOS", "Android"]
    badges = driver.find_elements(By.CSS_SELECTOR, ".badge")
    assert len(badges) > 50
    assert all("passing" in badge.text for badge in badges)
    assert len(driver.find_elements(By.CSS_SELECTOR, "article.check")) == len(spec["checks"]) > 0
    assert driver.find_element(By.ID, "scenario-explicit-cancel").is_displayed()
    assert driver.find_element(By.ID, "criterion-N1.4-AC04").is_displayed()
    assert "ASAuthorizationError.Code.canceled" in driver.find_element(By.ID, "scenario-automatic-cancel-first").text


def test_the_copy_filter_narrows_the_rows(driver, base_url):
    driver.get(base_url + "copy.html")
    field = driver.find_element(By.ID, "copy-filter")
    assert field.is_displayed()
    rows = driver.find_elements(By.CSS_SELECTOR, "#copy-rows tr")
    field.send_keys("another way")
    visible = [row for row, shown in zip(rows, displayed(driver, rows)) if shown]
    assert 0 < len(visible) < len(rows)
    assert all("another way" in row.text.lower() for row in visible)
    assert driver.find_element(By.CSS_SELECTOR, ".filter-count").text == f"{len(visible)} of {len(rows)} shown"
    field.clear()
    field.send_keys(" ")
    assert all(displayed(driver, rows))


def test_pages_work_without_javascript(browsers, base_url):
    browser = browsers.get(javascript=False)
    browser.get(base_url + "copy.html")
    rows = browser.find_elements(By.CSS_SELECTOR, "#copy-rows tr")
    assert rows and all(displayed(browser, rows))
    assert not browser.find_element(By.CSS_SELECTOR, ".filter").is_displayed()
    browser.get(base_url + "native/login-error-states.html")
    assert len(browser.find_elements(By.CSS_SELECTOR, "table.copy-table")) == len(published_spec()["scenarios"])


def test_the_policy_blocks_injected_inline_script(driver, base_url):
    driver.get(base_url + "native/login-error-states.html")
    driver.execute_script(
        "var s = document.createElement('script'); s.textContent = 'window.injected = true;';"
        "document.body.appendChild(s);")
    assert driver.execute_script("return window.injected === true;") is False
    policy = driver.find_element(By.CSS_SELECTOR, "meta[http-equiv='Content-Security-Policy']").get_attribute("content")
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    driver.get_log("browser")  # the blocked script is reported; clear it for the next test


@pytest.mark.parametrize("page", PAGES)
def test_page_has_no_serious_accessibility_violations(driver, axe, base_url, page):
    driver.get(base_url + page)
    results = axe.run(driver)
    serious = [(v["id"], v["impact"], [node["target"] for node in v["nodes"]][:3])
               for v in results["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == []


def test_every_page_is_valid_html(nu):
    result = nu.validate(SITE, also_check_css=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("page", ["index.html", "native/login-error-states.html", "web/login-error-states.html"])
@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_screenshots_are_kept_as_artifacts(browsers, base_url, page, width, height):
    browser = browsers.get(width=width, height=height)
    browser.get(base_url + page)
    scroll_width = browser.execute_script("return document.documentElement.scrollWidth;")
    client_width = browser.execute_script("return document.documentElement.clientWidth;")
    assert scroll_width <= client_width, "the page scrolls sideways"
    folder = ARTIFACTS / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{page.replace('/', '_').replace('.html', '')}-{width}.png"
    assert browser.save_screenshot(str(target))
    assert target.stat().st_size > 10_000
