"""The flow diagrams in Chromium: every box holds its words in the real font, every picture
is labelled, and screenshots in light and dark go to artifacts/."""

import pytest
from selenium.webdriver.common.by import By

from conftest import ARTIFACTS, PAGES

DIAGRAM_PAGES = [page for page in PAGES if page == "flows.html" or page.endswith("login-error-states.html")]


def test_the_spec_pages_and_the_flows_page_have_diagrams():
    assert "flows.html" in DIAGRAM_PAGES
    assert len(DIAGRAM_PAGES) >= 3


@pytest.mark.parametrize("page", DIAGRAM_PAGES)
def test_every_diagram_is_a_labelled_picture_whose_words_fit_their_boxes(driver, base_url, page):
    driver.get(base_url + page)
    diagrams = driver.find_elements(By.CSS_SELECTOR, "svg.flow-diagram")
    assert diagrams, f"no diagram on {page}"
    problems = driver.execute_script("""
        const problems = [];
        for (const svg of document.querySelectorAll('svg.flow-diagram')) {
          const title = svg.querySelector('title'), desc = svg.querySelector('desc');
          if (svg.getAttribute('role') !== 'img' || !title || !desc || !title.textContent || !desc.textContent)
            problems.push('unlabelled ' + svg.outerHTML.slice(0, 80));
          const labelled = (svg.getAttribute('aria-labelledby') || '').split(' ');
          if (!labelled.includes(title.id) || !labelled.includes(desc.id)) problems.push('not labelled by ' + title.id);
          for (const node of svg.querySelectorAll('g.node')) {
            const box = node.querySelector('rect').getBBox();
            for (const text of node.querySelectorAll('text')) {
              const words = text.getBBox();
              if (words.x < box.x - 0.5 || words.x + words.width > box.x + box.width + 0.5)
                problems.push(title.textContent + ': "' + text.textContent + '" overflows its box');
            }
          }
          if (svg.querySelectorAll('g.edge path').length === 0) problems.push(title.textContent + ' has no arrows');
        }
        return problems;
    """)
    assert problems == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_a_criterion_diagram(browsers, base_url, scheme):
    folder = ARTIFACTS / "screenshots" / "diagrams"
    folder.mkdir(parents=True, exist_ok=True)
    browser = browsers.get(width=1280, height=1000)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    browser.get(base_url + "native/login-error-states.html")
    figure = browser.find_element(By.CSS_SELECTOR, "#criterion-N1\\.4-AC01 figure.diagram")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'});", figure)
    target = folder / f"N1.4-AC01-{scheme}.png"
    assert figure.screenshot(str(target))
    assert target.stat().st_size > 10_000
    # The stylesheet colours the boxes: dark boxes in the dark scheme.
    fill = browser.execute_script(
        "return getComputedStyle(arguments[0].querySelector('g.node rect')).fill;", figure)
    channels = [int(part) for part in fill[fill.index("(") + 1:fill.index(")")].split(",")[:3]]
    assert (sum(channels) < 150) == (scheme == "dark"), fill
