"""The site's exports, checked by their real consumers: Android's aapt, plutil, JSON Schema, xmllint."""
import json
import pathlib
import shutil
import subprocess

import jsonschema
import pytest

from conftest import SITE

EXPORTS = SITE / "exports"
SCHEMAS = pathlib.Path(__file__).resolve().parent / "schemas"


def tool(name):
    path = shutil.which(name)
    assert path, f"{name} is missing; 'make test' installs it"
    return path


def test_android_strings_pass_the_resource_compiler(tmp_path):
    (tmp_path / "res" / "values").mkdir(parents=True)
    shutil.copy(EXPORTS / "android" / "res" / "values" / "strings.xml", tmp_path / "res" / "values" / "strings.xml")
    (tmp_path / "AndroidManifest.xml").write_text(
        '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.passkeyspec"/>\n')
    result = subprocess.run(
        [tool("aapt"), "package", "-f", "-M", "AndroidManifest.xml", "-S", "res", "-F", "out.apk"],
        cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out.apk").stat().st_size > 0


def test_the_strings_file_passes_plutil():
    result = subprocess.run([tool("plutil"), "-lint", str(EXPORTS / "Localizable.strings")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK" in result.stdout


def test_the_string_catalog_matches_its_schema():
    catalog = json.loads((EXPORTS / "Localizable.xcstrings").read_text())
    jsonschema.validate(catalog, json.loads((SCHEMAS / "string-catalog.schema.json").read_text()))
    assert "deleted-passkey.action.another-passkey" in catalog["strings"]


def test_the_model_matches_its_published_schema():
    schema = json.loads((EXPORTS / "spec.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(json.loads((EXPORTS / "spec.json").read_text()), schema)


def test_the_schema_rejects_a_broken_model():
    schema = json.loads((EXPORTS / "spec.schema.json").read_text())
    model = json.loads((EXPORTS / "spec.json").read_text())
    del model["specs"][0]["sections"][0]["scenarios"][0]["copy"][0]["title"]["key"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(model, schema)


@pytest.mark.parametrize("name", sorted(path.name for path in (SITE / "badges").glob("*.svg")))
def test_badges_are_well_formed_svg(name):
    path = SITE / "badges" / name
    result = subprocess.run([tool("xmllint"), "--noout", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    text = path.read_text()
    assert text.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and "<title>" in text


def test_there_is_a_badge_per_spec_and_criterion():
    names = {path.name for path in (SITE / "badges").glob("*.svg")}
    assert names == {"N1.4.svg"} | {f"N1.4-AC0{number}.svg" for number in range(1, 6)}


def test_the_junit_file_is_well_formed():
    result = subprocess.run([tool("xmllint"), "--noout", str(EXPORTS / "junit.xml")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
