"""The site in every language. The screens of each spec in every language of the content and in the two pseudo-locales:
the words are the translation's (English where there is none), the right-to-left pseudo-locale
is mirrored, and a button label longer than its platform shows is marked, so that truncation is
seen before a translator is paid; screenshots go to artifacts/. The copy index shows a
translation's columns when asked, and a spec page's copy tables switch to a translation."""
import pytest
from selenium.webdriver.common.by import By

from conftest import ARTIFACTS, PAGES

NATIVE = "native/login-error-states/screens"


def truncated(driver):
    """The button labels the page marks as cut short (site.js measures each one)."""
    return [element.get_attribute("title") for element in driver.find_elements(By.CSS_SELECTOR, ".mockup .action.truncated")]


def test_every_language_has_its_screens_pages():
    for tag in ("de", "en-XA", "ar-XB"):
        assert f"{NATIVE}.{tag}.html" in PAGES
        assert f"web/login-error-states/screens.{tag}.html" in PAGES


def test_the_pseudo_locale_cuts_labels_the_english_does_not(driver, base_url):
    driver.get(f"{base_url}{NATIVE}.html")
    english = truncated(driver)
    driver.get(f"{base_url}{NATIVE}.en-XA.html")
    ARTIFACTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / "screens-en-XA.png"))
    accented = truncated(driver)
    assert accented, "no label of the accented pseudo-locale is cut short"
    assert len(accented) > len(english), (english, accented)
    marked = driver.find_elements(By.CSS_SELECTOR, ".mockup .action.truncated")
    marked[0].find_element(By.XPATH, "ancestor::figure").screenshot(str(ARTIFACTS / "screens-en-XA-cut-short.png"))
    # Each mark is on a label that is really wider than its button, and says what it cut.
    for action in marked:
        assert driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", action)
        assert action.get_attribute("title") == "Cut short: " + action.get_attribute("textContent")
        assert driver.execute_script("return getComputedStyle(arguments[0]).outlineStyle", action) == "dashed"


def test_the_right_to_left_pseudo_locale_is_mirrored(driver, base_url):
    driver.get(f"{base_url}{NATIVE}.ar-XB.html")
    ARTIFACTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / "screens-ar-XB.png"))
    devices = driver.find_elements(By.CSS_SELECTOR, ".mockup .device")
    assert devices
    for device in devices:
        assert device.get_attribute("dir") == "rtl" and device.get_attribute("lang") == "ar-XB"
        assert driver.execute_script("return getComputedStyle(arguments[0]).direction", device) == "rtl"
    # A title drawn right to left: its first word (the English's) ends at the right of the box.
    title = driver.find_element(By.CSS_SELECTOR, ".kind-alert .notice-title")
    assert "\u202e" in title.get_attribute("textContent")


def test_the_german_screens_show_the_german_and_the_english_page_counts_it(driver, base_url):
    driver.get(f"{base_url}{NATIVE}.de.html")
    titles = [element.text for element in driver.find_elements(By.CSS_SELECTOR, ".notice-title")]
    assert "Passkey nicht verwendbar" in titles, titles
    assert all(device.get_attribute("lang") == "de" for device in driver.find_elements(By.CSS_SELECTOR, ".mockup .device"))
    driver.get(f"{base_url}{NATIVE}.html")
    rows = [[cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")]
            for row in driver.find_elements(By.CSS_SELECTOR, "table.completeness tbody tr")]
    assert rows == [["de", "iOS", "32 of 32", "0", "0"], ["de", "Android", "32 of 32", "0", "0"]]
    links = [link.get_attribute("hreflang") for link in driver.find_elements(By.CSS_SELECTOR, "nav.languages a")]
    assert links == ["de", "en-XA", "ar-XB"]


def test_the_copy_index_shows_a_translations_columns_when_asked(driver, base_url):
    driver.get(base_url + "copy.html")
    german = driver.find_elements(By.CSS_SELECTOR, "#copy-index [data-language='de']")
    assert german and not any(cell.is_displayed() for cell in german), "a translation's columns start hidden"
    box = driver.find_element(By.CSS_SELECTOR, "fieldset.column-filter input[data-filter-by='language'][value='de']")
    box.click()
    headers = [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, "#copy-index thead th[data-language='de']")]
    assert headers == ["iOS (de)", "Android (de)", "Web (de)"]
    texts = [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, "#copy-rows td[data-language='de']") if cell.is_displayed()]
    assert "Passkey nicht verwendbar" in texts
    # The platform filter hides a platform in every language.
    driver.find_element(By.CSS_SELECTOR, "fieldset.column-filter input[value='ios']:not([data-filter-by])").click()
    assert not any(cell.is_displayed() for cell in driver.find_elements(By.CSS_SELECTOR, "#copy-index [data-platform='ios']"))
    assert any(cell.is_displayed() for cell in driver.find_elements(By.CSS_SELECTOR, "#copy-index [data-platform='android'][data-language='de']"))


def test_a_spec_pages_copy_tables_switch_to_a_translation(driver, base_url):
    driver.get(base_url + "native/login-error-states.html")
    english = driver.find_elements(By.CSS_SELECTOR, ".copy-table [data-language='en']")
    german = driver.find_elements(By.CSS_SELECTOR, ".copy-table [data-language='de']")
    assert english and german and not any(text.is_displayed() for text in german), "the English shows first"
    radios = driver.find_elements(By.CSS_SELECTOR, "fieldset.language-switch input[type=radio]")
    assert [radio.get_attribute("value") for radio in radios] == ["en", "de"]
    radios[1].click()
    shown = [text.text for text in german if text.is_displayed()]
    assert "Passkey nicht verwendbar" in shown and "Auf andere Weise anmelden" in shown
    assert not any(text.is_displayed() for text in english)
    # Trigger and presentation are the spec's own words, the same in every language.
    assert all(cell.is_displayed() for cell in driver.find_elements(By.CSS_SELECTOR, ".copy-table .trigger"))
    radios[0].click()
    assert all(text.is_displayed() for text in english[:5]) and not any(text.is_displayed() for text in german)
