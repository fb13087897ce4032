"""The mockups of each scenario: pictures labelled for screen readers, buttons laid out as each
platform lays them out, phone width without sideways scrolling, and screenshots in light and
dark. Which platform draws what comes from the pages' own classes (kind-<notice>), so a new
platform needs no change here."""
import pytest
from selenium.webdriver.common.by import By

from conftest import ARTIFACTS, PAGES

SCREENS = [page for page in PAGES if page.endswith("/screens.html")]
PHONE = 390


def test_every_spec_has_a_screens_page_linked_from_it():
    specs = {page.removesuffix("/screens.html") + ".html" for page in SCREENS}
    assert SCREENS and specs <= set(PAGES)


def phone(browsers, scheme="light"):
    """Chromium at a real 390 CSS px viewport (a window cannot be that narrow) in a colour scheme."""
    browser = browsers.get(width=500, height=900)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": PHONE, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    return browser


@pytest.mark.parametrize("page", SCREENS)
def test_each_mockup_is_a_labelled_picture_of_the_screen(driver, base_url, page):
    driver.get(base_url + page)
    devices = driver.find_elements(By.CSS_SELECTOR, ".mockup .device")
    scenarios = driver.find_elements(By.CSS_SELECTOR, "article.screens-scenario")
    assert devices and len(devices) % len(scenarios) == 0
    for device in devices:
        assert device.get_attribute("role") == "img"
        label = device.get_attribute("aria-label")
        # The caption's first line names the platform; the lines under it are notes (what a
        # screen reader hears, a kind drawn otherwise than the spec says).
        caption = device.find_element(By.XPATH, "../figcaption").text
        platform = caption.split("\n")[0]
        assert label.startswith(platform + " ")
        # Every copy table says how a screen reader hears of the scenario, and the caption
        # shows it.
        assert "\nScreen reader: " in caption, caption
        for part in device.find_elements(By.CSS_SELECTOR, ".notice-title, .notice-message, .action"):
            assert part.text and part.text in label


def rows(device):
    """The buttons of a notice grouped by the line they sit on, each line left to right."""
    lines = {}
    for action in device.find_elements(By.CSS_SELECTOR, ".notice-actions .action"):
        lines.setdefault(action.rect["y"], []).append(action)
    return [sorted(line, key=lambda a: a.rect["x"]) for _, line in sorted(lines.items())]


@pytest.mark.parametrize("page", SCREENS)
def test_notice_buttons_are_ordered_as_their_platform_orders_them(driver, base_url, page):
    driver.get(base_url + page)
    for device in driver.find_elements(By.CSS_SELECTOR, ".device:not(.kind-screen):not(.kind-page-message)"):
        lines = rows(device)
        actions = [a for line in lines for a in line]
        if not actions:
            continue
        preferred = device.find_element(By.CSS_SELECTOR, ".action.preferred")
        cancel = device.find_elements(By.CSS_SELECTOR, ".action.cancel")
        if len(lines) == 1 and len(actions) > 1:
            # Side by side: the preferred action at the end, the cancel-style one first.
            assert lines[0][-1] == preferred
            if cancel:
                assert lines[0][0] == cancel[0]
        else:
            # Stacked: the preferred action on top, the cancel-style one at the bottom.
            assert all(len(line) == 1 for line in lines), "a stack has one button per row"
            assert lines[0][0] == preferred
            if cancel:
                assert lines[-1][0] == cancel[0]
        if "kind-alert" in device.get_attribute("class"):
            # UIKit: the preferred label is bold; two side by side share the width equally.
            assert preferred.value_of_css_property("font-weight") in ("600", "700")
            if len(lines) == 1 and len(actions) == 2:
                assert abs(actions[0].size["width"] - actions[1].size["width"]) <= 1


@pytest.mark.parametrize("page", SCREENS)
def test_the_screens_page_fits_a_phone(browsers, base_url, page):
    browser = phone(browsers)
    browser.get(base_url + page)
    assert browser.execute_script("return window.innerWidth;") == PHONE
    assert browser.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;")
    for device in browser.find_elements(By.CSS_SELECTOR, ".device"):
        assert device.size["width"] <= PHONE
        for notice in device.find_elements(By.CSS_SELECTOR, ".notice"):
            assert notice.rect["x"] >= device.rect["x"] - 1
            assert notice.rect["x"] + notice.rect["width"] <= device.rect["x"] + device.rect["width"] + 1


def first_of_each_kind(browser):
    """The first mockup of each notice kind on the page, by kind."""
    found = {}
    for device in browser.find_elements(By.CSS_SELECTOR, ".device"):
        kind = next(c for c in device.get_attribute("class").split() if c.startswith("kind-"))
        found.setdefault(kind, device)
    return found


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_each_kind_of_notice_at_phone_width(browsers, base_url, scheme):
    folder = ARTIFACTS / "screenshots" / "mockups"
    folder.mkdir(parents=True, exist_ok=True)
    browser = phone(browsers, scheme)
    taken = set()
    for page in SCREENS:
        browser.get(base_url + page)
        for kind, device in first_of_each_kind(browser).items():
            if kind in taken:
                continue
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", device)
            target = folder / f"{kind.removeprefix('kind-')}-{scheme}-{PHONE}.png"
            assert device.screenshot(str(target))
            assert target.stat().st_size > 5_000
            taken.add(kind)
        dark = browser.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches;")
        assert dark == (scheme == "dark")
    assert {"kind-alert", "kind-dialog", "kind-page-message", "kind-screen"} <= taken
