"""The site as a guide: navigation by section like content/, the copy index's platform filter,
and a badge per platform on the home page. Every expectation comes from the built site's own
model (exports/spec.json) and folders, so a new folder or platform needs no change here."""
import json
import re
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import PAGES, SITE, attributes, displayed


def model():
    return json.loads((SITE / "exports" / "spec.json").read_text(encoding="utf-8"))


def content_folders():
    """The top-level content folders, from the pages the model lists."""
    paths = [spec["path"] for spec in model()["specs"]] + [page["path"] for page in model()["pages"]]
    return {path.split("/")[0] for path in paths if "/" in path}


def navigation(driver):
    """The site navigation as (title, [(label, href attribute, current)]) per section."""
    return driver.execute_script("""
        var nav = document.querySelector("header nav.site-nav");
        return Array.prototype.map.call(nav.querySelectorAll("ul[aria-labelledby]"), function (list) {
          var label = document.getElementById(list.getAttribute("aria-labelledby"));
          return [label ? label.textContent : null,
                  Array.prototype.map.call(list.querySelectorAll("a"), function (a) {
                    return [a.textContent, a.getAttribute("href"), a.getAttribute("aria-current")];
                  })];
        });""")


@pytest.mark.parametrize("page", PAGES)
def test_the_navigation_has_sections_like_the_content_and_marks_the_page(driver, base_url, page):
    driver.get(base_url + page)
    sections = navigation(driver)
    titles = [title for title, _ in sections]
    assert titles[0] == "Overview" and titles[-1] == "Reference"
    assert len(titles) == len(content_folders()) + 2
    assert None not in titles and len(set(titles)) == len(titles)
    links = [link for _, items in sections for link in items]
    assert all(not href.startswith(("/", "http:", "https:", "file:")) for _, href, _ in links), \
        "navigation links stay relative, so the site works from any folder"
    current = [(label, href) for label, href, state in links if state == "page"]
    assert len(current) == 1, current
    resolved = urllib.parse.urljoin(base_url + page, current[0][1])
    # A spec's screens in another language (`screens.de.html`) are listed as its screens.
    assert resolved == base_url + re.sub(r"/screens\.[A-Za-z0-9-]+\.html$", "/screens.html", page)
    folder = page.split("/")[0] if "/" in page else None
    if folder in content_folders():
        owner = next(title for title, items in sections if any(state == "page" for _, _, state in items))
        assert owner not in ("Overview", "Reference")
        assert all(href.startswith("../") for _, href, _ in links)


def test_the_reference_section_lists_the_generated_pages(driver, base_url):
    driver.get(base_url + "index.html")
    reference = dict(navigation(driver))["Reference"]
    assert [label for label, _, _ in reference] == ["Copy index", "Platform errors", "Steps", "Decisions", "Flow diagrams", "Changes", "Search"]
    overview = dict(navigation(driver))["Overview"]
    assert overview[0][1] == "index.html" and "writers-guide.html" in [href for _, href, _ in overview]


@pytest.mark.parametrize("page", ["index.html", "native/login-error-states.html", "copy.html"])
def test_the_navigation_passes_axe_entirely(driver, axe, base_url, page):
    driver.get(base_url + page)
    results = axe.run(driver, context="header nav.site-nav")
    assert [(v["id"], v["impact"]) for v in results["violations"]] == []


def test_the_navigation_fits_a_phone(browsers, base_url):
    browser = browsers.get(width=390, height=844)
    browser.get(base_url + "native/login-error-states.html")
    assert browser.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;")


def platform_cells(driver):
    """Each platform's English column's cells (header included) by the platform's ID; a
    translation's columns start hidden, and are the Translations filter's."""
    cells = {}
    elements = driver.find_elements(By.CSS_SELECTOR, "#copy-index [data-platform][data-language='en']")
    for cell, platform in zip(elements, attributes(driver, elements, "data-platform")):
        cells.setdefault(platform, []).append(cell)
    return cells


def test_the_platform_filter_has_a_box_per_column(driver, base_url):
    driver.get(base_url + "copy.html")
    fieldset = driver.find_element(By.CSS_SELECTOR, "fieldset.column-filter")
    assert fieldset.is_displayed()
    assert fieldset.find_element(By.TAG_NAME, "legend").text == "Platforms"
    boxes = fieldset.find_elements(By.CSS_SELECTOR, "input[type=checkbox]")
    headers = driver.find_elements(By.CSS_SELECTOR, "#copy-index thead th[data-platform][data-language='en']")
    assert [box.get_attribute("value") for box in boxes] == [th.get_attribute("data-platform") for th in headers]
    present = {platform for spec in model()["specs"] for platform in spec["platforms"]}
    assert {box.get_attribute("value") for box in boxes} == present
    assert all(box.is_selected() for box in boxes)
    labels = [box.find_element(By.XPATH, "..").text for box in boxes]
    assert labels == [th.text for th in headers]


def test_clearing_a_platform_hides_its_column_and_keeps_the_others(driver, base_url):
    driver.get(base_url + "copy.html")
    boxes = driver.find_elements(By.CSS_SELECTOR, "fieldset.column-filter input[type=checkbox]:not([data-filter-by])")
    rows = driver.find_elements(By.CSS_SELECTOR, "#copy-rows tr")
    for box in boxes:
        platform = box.get_attribute("value")
        box.send_keys(Keys.SPACE)
        assert not box.is_selected()
        cells = platform_cells(driver)
        assert len(cells[platform]) == len(rows) + 1
        assert not any(displayed(driver, cells[platform]))
        for other, others in cells.items():
            if other != platform:
                assert all(displayed(driver, others)), other
        assert all(displayed(driver, rows)), "hiding a column hides no row"
        box.send_keys(Keys.SPACE)
        assert box.is_selected()
        assert all(displayed(driver, platform_cells(driver)[platform]))
    assert driver.get_log("browser") == []


UNIQUE_WORD = """
    var platform = arguments[0];
    var rows = document.querySelectorAll("#copy-rows tr");
    var others = Array.prototype.map.call(rows, function (row) {
      return Array.prototype.filter.call(row.cells, function (cell) {
        return cell.getAttribute("data-platform") !== platform;
      }).map(function (cell) { return cell.textContent.toLowerCase(); }).join(" ");
    }).join(" ");
    var words = Array.prototype.map.call(
      document.querySelectorAll("#copy-rows td[data-platform='" + platform + "'][data-language='en']"),
      function (cell) { return cell.textContent.toLowerCase(); }).join(" ").split(/[^a-z]+/);
    return words.filter(function (w) { return w.length > 3 && others.indexOf(w) === -1; })[0] || null;"""


def test_the_text_filter_reads_only_the_columns_shown(driver, base_url):
    driver.get(base_url + "copy.html")
    boxes = driver.find_elements(By.CSS_SELECTOR, "fieldset.column-filter input[type=checkbox]:not([data-filter-by])")
    rows = driver.find_elements(By.CSS_SELECTOR, "#copy-rows tr")
    field = driver.find_element(By.ID, "copy-filter")
    # A word that only one platform's column has.
    found = [(box, driver.execute_script(UNIQUE_WORD, box.get_attribute("value"))) for box in boxes]
    found = [(box, word) for box, word in found if word]
    if not found:
        pytest.skip("no word is unique to one platform's column")
    box, word = found[0]
    field.send_keys(word)
    assert any(displayed(driver, rows))
    box.click()
    assert not any(displayed(driver, rows))
    assert driver.find_element(By.CSS_SELECTOR, ".filter-count").text == f"0 of {len(rows)} shown"
    box.click()
    assert any(displayed(driver, rows))


def test_without_javascript_every_column_shows_and_the_filter_does_not(browsers, base_url):
    browser = browsers.get(javascript=False)
    browser.get(base_url + "copy.html")
    assert not browser.find_element(By.CSS_SELECTOR, "fieldset.column-filter").is_displayed()
    cells = browser.find_elements(By.CSS_SELECTOR, "#copy-index [data-platform]")
    assert cells and all(displayed(browser, cells))


def test_the_home_page_shows_a_badge_per_platform_of_each_spec(driver, base_url):
    driver.get(base_url + "index.html")
    specs = {spec["id"]: spec for spec in model()["specs"]}
    cards = driver.find_elements(By.CSS_SELECTOR, ".spec-card")
    assert len(cards) == len(specs)
    for card in cards:
        spec = specs[card.find_element(By.CSS_SELECTOR, ".meta code").text]
        labels = [label.text for label in card.find_elements(By.CSS_SELECTOR, ".badge-label")]
        assert labels[0] == "spec" and len(labels) == 1 + len(spec["platforms"])
        href = card.find_element(By.CSS_SELECTOR, "h3 a").get_attribute("href")
        assert href == base_url + spec["path"].removesuffix(".md") + ".html"
        assert (SITE / "badges" / f"{spec['id']}.svg").exists()
