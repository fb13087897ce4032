"""The suite's own speed-ups give what they stand for: axe's index of nodes and references
(support/axe-index.js) changes no result of axe's."""
import json

from conftest import AXE_INDEX, AXE_SCRIPT


def full_results(driver, indexed):
    """axe's whole results (passes, incomplete and inapplicable too) on a freshly loaded page."""
    driver.refresh()
    driver.execute_script(AXE_SCRIPT.read_text(encoding="utf-8"))
    if indexed:
        driver.execute_script(AXE_INDEX.read_text(encoding="utf-8"))
        assert driver.execute_script("return typeof axe.passkeySpecNewRun;") == "function", \
            "the index no longer applies to this version of axe-core: remove it or update it"
    results = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "if (axe.passkeySpecNewRun) { axe.passkeySpecNewRun(); }"
        "axe.run(document).then(function (r) { delete r.timestamp; done(JSON.stringify(r)); });")
    return json.loads(results)


def test_the_axe_index_changes_no_result(driver, base_url):
    # The home page: IDs that the navigation's lists refer to (aria-labelledby), and others not.
    driver.get(base_url + "index.html")
    plain = full_results(driver, indexed=False)
    assert plain["passes"] and plain["inapplicable"]
    assert full_results(driver, indexed=True) == plain
