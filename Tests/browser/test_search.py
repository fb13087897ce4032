"""The site's search: an index made from the model (search.json), a search box in every page's
header that lists the matches by kind with their platform and works with the keyboard, and the
search page, which lists every entry without scripts and filters them with scripts."""
import json
import re
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import SITE, displayed

INDEX = json.loads((SITE / "search.json").read_text(encoding="utf-8"))


def results(driver, words):
    """Types `words` into the header's box and returns the list shown: (kind, title, platform)."""
    box = driver.find_element(By.ID, "site-search")
    box.clear()
    box.send_keys(words)
    popup = driver.find_element(By.ID, "site-search-results")
    WebDriverWait(driver, 10).until(lambda _: popup.is_displayed())
    return [tuple(found) for found in driver.execute_script("""
        var found = [], kind = null;
        Array.prototype.forEach.call(arguments[0].children, function (child) {
          if (child.classList.contains("search-kind")) { kind = child.textContent.replace(/ \\(\\d+\\)$/, ""); }
          child.querySelectorAll && child.querySelectorAll("li a").forEach(function (link) {
            var platform = link.querySelector(".search-platform");
            found.push([kind, link.querySelector(".search-title").textContent, platform ? platform.textContent : null]);
          });
        });
        return found;""", popup)]


def test_every_entry_of_the_index_leads_to_an_anchor_of_the_site():
    kinds = [kind["id"] for kind in INDEX["kinds"]]
    assert kinds == ["scenario", "copy", "error", "criterion", "decision", "step"]
    assert {entry["kind"] for entry in INDEX["entries"]} == set(kinds)
    pages = {}
    for entry in INDEX["entries"]:
        path, _, anchor = entry["href"].partition("#")
        text = pages.setdefault(path, (SITE / path).read_text(encoding="utf-8"))
        assert anchor and f'id="{anchor}"' in text, entry


def test_the_box_finds_an_ios_error_by_its_raw_value(driver, base_url):
    driver.get(base_url + "index.html")
    found = results(driver, "1001")
    assert ("Platform errors", "ASAuthorizationError.Code.canceled", "iOS") in found
    assert ("Scenarios", "Explicit passkey login is cancelled", None) in found
    assert {kind for kind, _, _ in found} == {"Scenarios", "Platform errors"}


def test_the_box_finds_a_web_error_its_scenarios_and_criteria(driver, base_url):
    driver.get(base_url + "copy.html")
    found = results(driver, "NotAllowedError")
    assert ("Platform errors", "NotAllowedError", "Web") in found
    assert any(kind == "Scenarios" for kind, _, _ in found)
    assert any(kind == "Criteria" and title.startswith("W1.4-") for kind, title, _ in found)


def test_the_box_finds_copy_on_each_platform(driver, base_url):
    driver.get(base_url + "native/login-error-states.html")
    found = results(driver, "Try again")
    copy = {(title, platform) for kind, title, platform in found if kind == "Copy"}
    assert ("Try Again", "iOS") in copy and ("Try again", "Android") in copy and ("Try again", "Web") in copy


def test_the_box_finds_a_criterion_by_its_number(driver, base_url):
    driver.get(base_url + "index.html")
    found = results(driver, "AC04")
    criteria = [title.split(":")[0] for kind, title, _ in found if kind == "Criteria"]
    assert criteria == ["N1.4-AC04", "W1.4-AC04"]


def test_the_keyboard_moves_through_the_results_and_opens_one(driver, base_url):
    driver.get(base_url + "index.html")
    found = results(driver, "AC04")
    box = driver.find_element(By.ID, "site-search")
    links = driver.find_elements(By.CSS_SELECTOR, "#site-search-results a")
    assert len(links) == len(found) + 1 and links[-1].text.startswith("All ")
    box.send_keys(Keys.ARROW_DOWN)
    assert driver.switch_to.active_element == links[0]
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    assert driver.switch_to.active_element == links[1]
    driver.switch_to.active_element.send_keys(Keys.ARROW_UP, Keys.ARROW_UP)
    assert driver.switch_to.active_element == box
    box.send_keys(Keys.ESCAPE)
    assert not driver.find_element(By.ID, "site-search-results").is_displayed()
    # Open the first criterion with the keyboard alone.
    found = results(driver, "AC04")
    position = [kind for kind, _, _ in found].index("Criteria")
    for _ in range(position + 1):
        driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: "#" in d.current_url)
    assert driver.current_url == base_url + "native/login-error-states.html#criterion-N1.4-AC04"


def test_enter_without_a_choice_opens_the_search_page_filtered(driver, base_url):
    driver.get(base_url + "errors.html")
    results(driver, "NotAllowedError")
    driver.find_element(By.ID, "site-search").send_keys(Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: "search.html" in d.current_url)
    assert urllib.parse.parse_qs(urllib.parse.urlparse(driver.current_url).query) == {"q": ["NotAllowedError"]}
    items = driver.find_elements(By.CSS_SELECTOR, "li[data-search-terms]")
    shown = [item for item, visible in zip(items, displayed(driver, items)) if visible]
    assert shown and all("notallowederror" in (item.get_attribute("textContent") + item.get_attribute("data-search-terms")).lower()
                         for item in shown)
    hidden = [item for item, visible in zip(items, displayed(driver, items)) if not visible]
    assert hidden and not any("notallowederror" in (item.get_attribute("textContent") + item.get_attribute("data-search-terms")).lower()
                              for item in hidden)
    summary = driver.find_element(By.CSS_SELECTOR, ".search-summary").text
    assert summary == f"{len(shown)} results for “NotAllowedError”"


def test_without_javascript_the_header_leads_to_the_whole_index(browsers, base_url):
    browser = browsers.get(javascript=False)
    browser.get(base_url + "native/login-error-states.html")
    link = browser.find_element(By.CSS_SELECTOR, ".site-search a")
    assert link.text == "Search"
    link.click()
    items = browser.find_elements(By.CSS_SELECTOR, "li[data-search-terms]")
    assert len(items) == len(INDEX["entries"]) and all(displayed(browser, items))
    headings = [heading.text for heading in browser.find_elements(By.CSS_SELECTOR, "[data-search-kind] h2")]
    assert [re.sub(r" \(\d+\)$", "", heading) for heading in headings] == [kind["title"] for kind in INDEX["kinds"]]


def test_the_open_list_has_no_serious_accessibility_violations(driver, axe, base_url):
    driver.get(base_url + "index.html")
    results(driver, "Try again")
    driver.find_element(By.ID, "site-search").send_keys(Keys.ARROW_DOWN)
    violations = axe.run(driver)["violations"]
    serious = [(v["id"], [(node["target"], node["failureSummary"]) for node in v["nodes"]][:3])
               for v in violations if v["impact"] in ("serious", "critical")]
    assert serious == [], serious
    status = driver.find_element(By.CSS_SELECTOR, ".site-search [role=status]").get_attribute("textContent")
    assert re.fullmatch(r"\d+ results", status), status
