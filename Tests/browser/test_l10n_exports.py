"""The localized exports, checked by their real consumers: the German translation (`de`) and the
two pseudo-locales (`en-XA`, `ar-XB`) in the String Catalog (its JSON schema), the strings files
(plutil), Android's resources (aapt2 and aapt), the Web message files (JSON Schema), and the
XLIFF 1.2 file for translators (xmllint against OASIS's strict XLIFF 1.2 schema, offline, and
translate-toolkit reading it back); and the CLDR plural categories of each language (babel).

The strict XLIFF schema and the W3C `xml.xsd` it imports are the copies Debian's
php-symfony-translation installs; xmllint finds `xml.xsd` through an XML catalog, so it never
reaches for the network (`--nonet`)."""
import json
import os
import pathlib
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import babel
import jsonschema
import pytest
from translate.storage import factory as translate_factory
from translate.storage import xliff as translate_xliff

from conftest import ROOT, SITE, early, passkey_spec

EXPORTS = SITE / "exports"
SCHEMAS = pathlib.Path(__file__).resolve().parent / "schemas"

SOURCE = "en"
# The languages content/ is translated into, and the pseudo-locales generated from the English.
TRANSLATED = ("de",)
PSEUDO = ("en-XA", "ar-XB")
LOCALES = TRANSLATED + PSEUDO
# The CLDR language whose plural rules a locale follows: a pseudo-locale follows its base language's.
LANGUAGE = {"en": "en", "de": "de", "en-XA": "en", "ar-XB": "ar"}
ANDROID_FOLDERS = {"en": "values", "de": "values-de", "en-XA": "values-en-rXA", "ar-XB": "values-ar-rXB"}
# The name `aapt dump` gives each folder's configuration ("" for the default one).
ANDROID_CONFIGURATIONS = {"values": "", "values-de": "de", "values-en-rXA": "en-rXA", "values-ar-rXB": "ar-rXB"}
MANIFEST = '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.passkeyspec"/>\n'

PLATFORMS = ("ios", "android", "web")
XLIFF = "urn:oasis:names:tc:xliff:document:1.2"
XLIFF_STATES = {"translated", "needs-review-translation", "new"}
# How translate-toolkit reads each state the export writes (a `new` unit with a target is one
# that needs translation).
TRANSLATE_TOOLKIT_STATES = {
    "translated": translate_xliff.xliffunit.S_TRANSLATED,
    "needs-review-translation": translate_xliff.xliffunit.S_NEEDS_REVIEW,
    "new": translate_xliff.xliffunit.S_NEEDS_TRANSLATION,
}
XLIFF_PACKAGE = "php-symfony-translation"

# The CLDR plural categories of each language, which the Swift exporters must emit for a plural
# (`variations.plural` keys in the String Catalog, `quantity` values in Android's `<plurals>`):
# no fewer, no more. `test_the_plural_categories_to_emit_are_cldrs` checks it against babel.
PLURAL_CATEGORIES = {
    "en": ("one", "other"),
    "de": ("one", "other"),
    "ar": ("zero", "one", "two", "few", "many", "other"),
}


def tool(name):
    path = shutil.which(name)
    assert path, f"{name} is missing; 'make test' installs it"
    return path


def strings_file(locale):
    if locale == SOURCE:
        return EXPORTS / "Localizable.strings"
    return EXPORTS / "ios" / f"{locale}.lproj" / "Localizable.strings"


def web_file(locale):
    return EXPORTS / "web" / ("messages.json" if locale == SOURCE else f"messages.{locale}.json")


def android_file(locale):
    return EXPORTS / "android" / "res" / ANDROID_FOLDERS[locale] / "strings.xml"


def read_strings_file(path):
    """A strings file as plutil reads it: its strings by key."""
    result = subprocess.run([tool("plutil"), "-convert", "json", "-o", "-", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    return json.loads(result.stdout)


def android_name(key):
    """The resource name of a copy key, as AndroidStrings.resourceName makes it:
    `deleted-passkey.action.another-passkey` → `deleted_passkey_action_another_passkey`."""
    name = re.sub(r"[^a-z0-9]", "_", key.lower())
    return name if name[:1].isalpha() else "s_" + name


def android_names(path):
    """The (element, name) of each string and plural of a resource file."""
    return {(element.tag, element.get("name")) for element in ET.parse(path).getroot()
            if element.tag in ("string", "plurals")}


def cldr_categories(language):
    """The plural categories CLDR defines for a language, by babel (`other` is implicit there)."""
    return set(babel.Locale.parse(language).plural_form.tags) | {"other"}


@pytest.fixture(scope="module")
def android_resources(tmp_path_factory):
    """The four resource folders side by side, packaged by aapt as the English one is in
    test_exports.py; gives the folder, aapt's result and each configuration's strings as aapt
    reads them (`aapt dump --values resources`), by configuration and name."""
    folder = tmp_path_factory.mktemp("android-l10n")
    for locale, name in ANDROID_FOLDERS.items():
        (folder / "res" / name).mkdir(parents=True)
        shutil.copy(android_file(locale), folder / "res" / name / "strings.xml")
    (folder / "AndroidManifest.xml").write_text(MANIFEST)
    packaged = subprocess.run(
        [tool("aapt"), "package", "-f", "-M", "AndroidManifest.xml", "-S", "res", "-F", "out.apk"],
        cwd=folder, capture_output=True, text=True)
    values = {}
    if packaged.returncode == 0:
        dump = subprocess.run([tool("aapt"), "dump", "--values", "resources", "out.apk"],
                              cwd=folder, capture_output=True, text=True)
        assert dump.returncode == 0, dump.stderr
        configuration = name = None
        for line in dump.stdout.splitlines():
            if match := re.match(r"\s+config (.*):$", line):
                # Each type of resource lists its configurations again.
                configuration = "" if match.group(1) == "(default)" else match.group(1)
                values.setdefault(configuration, {})
            elif match := re.match(r"\s+resource 0x[0-9a-f]+ [^:]+:(\w+)/(\w+):", line):
                name = match.group(2) if match.group(1) == "string" else None
            elif (match := re.match(r'\s+\(string(?:8|16)\) "(.*)"$', line)) and name is not None:
                # aapt prints a backslash, a quote and a line break escaped (ResTable::normalizeForOutput).
                values[configuration][name] = re.sub(
                    r"\\(.)", lambda escape: "\n" if escape.group(1) == "n" else escape.group(1), match.group(1))
                name = None
    return folder, packaged, values


def xliff_units(path):
    """The export's trans-units as (platform, copy key, state, element), in document order; the
    platform is the one `ios`, `android` or `web` that the `<file>`'s `original` names."""
    units = []
    for file in ET.parse(path).getroot().iter(f"{{{XLIFF}}}file"):
        platform = platform_of(file.get("original", ""))
        for unit in file.iter(f"{{{XLIFF}}}trans-unit"):
            target = unit.find(f"{{{XLIFF}}}target")
            units.append((platform, unit.get("id"), None if target is None else target.get("state"), unit))
    return units


def platform_of(original):
    named = [word for word in re.split(r"[^a-z]+", original.lower()) if word in PLATFORMS]
    assert len(set(named)) == 1, f"<file original={original!r}> should name one platform of {PLATFORMS}"
    return named[0]


def platform_strings(platform, locale, android_resources):
    """The strings of one platform's export in one locale as its consumer reads them (plutil,
    aapt, a JSON parser), by the name each has there: the copy key, or Android's resource name."""
    if platform == "ios":
        return read_strings_file(strings_file(locale))
    if platform == "web":
        return json.loads(web_file(locale).read_text(encoding="utf-8"))
    _, packaged, values = android_resources
    assert packaged.returncode == 0, packaged.stderr
    return values[ANDROID_CONFIGURATIONS[ANDROID_FOLDERS[locale]]]


def resource_name(platform, key):
    return android_name(key) if platform == "android" else key


def xmllint_schema(path, tmp_path):
    """`xmllint --nonet --schema` with OASIS's strict XLIFF 1.2 schema, `xml.xsd` found offline
    through a catalog that maps the schema's import location to the packaged copy."""
    listing = subprocess.run(["dpkg-query", "-L", XLIFF_PACKAGE], capture_output=True, text=True).stdout \
        if shutil.which("dpkg-query") else ""
    found = [pathlib.Path(line) for line in listing.splitlines() if line.endswith("/xliff-core-1.2-strict.xsd")]
    assert found, f"the strict XLIFF 1.2 schema is missing; 'make test' installs it (Debian package {XLIFF_PACKAGE})"
    schema = found[0]
    assert (schema.parent / "xml.xsd").is_file(), f"{schema.parent / 'xml.xsd'} is missing"
    catalog = tmp_path / "catalog.xml"
    catalog.write_text(
        '<?xml version="1.0"?>\n<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">\n'
        f'  <uri name="http://www.w3.org/2001/xml.xsd" uri="{(schema.parent / "xml.xsd").as_uri()}"/>\n</catalog>\n')
    return subprocess.run([tool("xmllint"), "--nonet", "--noout", "--schema", str(schema), str(path)],
                          capture_output=True, text=True, env={**os.environ, "XML_CATALOG_FILES": str(catalog)})


# --- iOS: the String Catalog and the strings files ---

def test_every_catalog_string_has_every_translated_language_and_matches_the_schema():
    # The pseudo-locales are not in the catalog an app ships: Xcode makes its own pseudolanguages.
    catalog = json.loads((EXPORTS / "Localizable.xcstrings").read_text(encoding="utf-8"))
    jsonschema.validate(catalog, json.loads((SCHEMAS / "string-catalog.schema.json").read_text()))
    assert catalog["sourceLanguage"] == SOURCE
    for key, entry in catalog["strings"].items():
        assert set(entry["localizations"]) == {SOURCE, *TRANSLATED}, key


def test_the_catalog_schema_takes_the_states_and_languages_xcode_writes():
    schema = json.loads((SCHEMAS / "string-catalog.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)

    def catalog(**localizations):
        return {"sourceLanguage": "en", "version": "1.0", "strings": {"deleted-passkey.title": {
            "comment": "title", "extractionState": "manual",
            "localizations": {"en": {"stringUnit": {"state": "translated", "value": "Passkey can’t be used"}},
                              **localizations}}}}

    def unit(state, value="Passkey kann nicht verwendet werden"):
        return {"stringUnit": {"state": state, "value": value}}

    jsonschema.validate(catalog(**{"de": unit("translated"), "en-XA": unit("needs_review"), "ar-XB": unit("new"),
                                   "pt-BR": unit("translated"), "zh-Hans": unit("translated")}), schema)
    jsonschema.validate(catalog(ar={"variations": {"plural": {
        category: unit("translated") for category in PLURAL_CATEGORIES["ar"]}}}), schema)
    for broken in ({"de": unit("needs-review-translation")}, {"de": unit("stale")}, {"de_DE": unit("translated")},
                   {"de": {"variations": {"plural": {"several": unit("new"), "other": unit("new")}}}},
                   {"de": {"stringUnit": unit("new")["stringUnit"], "variations": {}}}, {"de": unit("new", "")}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(catalog(**broken), schema)


@pytest.mark.parametrize("locale", LOCALES)
def test_each_localized_strings_file_passes_plutil(locale):
    result = subprocess.run([tool("plutil"), "-lint", str(strings_file(locale))], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK" in result.stdout


@pytest.mark.parametrize("locale", LOCALES)
def test_each_localized_strings_file_has_the_english_keys(locale):
    assert set(read_strings_file(strings_file(locale))) == set(read_strings_file(strings_file(SOURCE)))


@pytest.mark.parametrize("locale", (SOURCE, *TRANSLATED))
def test_the_catalog_and_the_strings_file_say_the_same(locale):
    catalog = json.loads((EXPORTS / "Localizable.xcstrings").read_text(encoding="utf-8"))
    strings = read_strings_file(strings_file(locale))
    for key, entry in catalog["strings"].items():
        unit = entry["localizations"][locale].get("stringUnit")
        if unit is not None:  # a plural is a strings dictionary's, not a strings file's
            assert strings.get(key) == unit["value"], key


# --- Android ---

def test_the_published_android_resources_compile_and_link_with_aapt2(tmp_path):
    # Every folder as published: a folder with a qualifier aapt2 does not know fails here.
    shutil.copytree(EXPORTS / "android" / "res", tmp_path / "res")
    (tmp_path / "AndroidManifest.xml").write_text(MANIFEST)
    compiled = subprocess.run([tool("aapt2"), "compile", "--dir", "res", "-o", "compiled.zip"],
                              cwd=tmp_path, capture_output=True, text=True)
    assert compiled.returncode == 0, compiled.stderr
    linked = subprocess.run([tool("aapt2"), "link", "-o", "linked.apk", "--manifest", "AndroidManifest.xml",
                             "compiled.zip"], cwd=tmp_path, capture_output=True, text=True)
    assert linked.returncode == 0, linked.stderr
    assert "warn" not in linked.stderr, linked.stderr
    assert {path.parent.name for path in (tmp_path / "res").glob("*/strings.xml")} >= set(ANDROID_FOLDERS.values())


def test_the_localized_android_resources_package_with_aapt_under_their_qualifiers(android_resources):
    folder, packaged, values = android_resources
    assert packaged.returncode == 0, packaged.stderr
    configurations = subprocess.run([tool("aapt"), "dump", "configurations", "out.apk"],
                                    cwd=folder, capture_output=True, text=True)
    assert configurations.returncode == 0, configurations.stderr
    assert {line.strip() for line in configurations.stdout.splitlines()} == set(ANDROID_CONFIGURATIONS.values())
    assert set(values) == set(ANDROID_CONFIGURATIONS.values())


@pytest.mark.parametrize("locale", LOCALES)
def test_each_localized_android_file_has_the_default_names(locale):
    assert android_names(android_file(locale)) == android_names(android_file(SOURCE))


# --- Web ---

@pytest.mark.parametrize("locale", LOCALES)
def test_each_localized_web_message_file_matches_the_schema(locale):
    schema = json.loads((EXPORTS / "web" / "messages.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(json.loads(web_file(locale).read_text(encoding="utf-8")), schema)


@pytest.mark.parametrize("locale", LOCALES)
def test_each_localized_web_message_file_has_the_english_keys(locale):
    messages = json.loads(web_file(locale).read_text(encoding="utf-8"))
    assert set(messages) == set(json.loads(web_file(SOURCE).read_text(encoding="utf-8")))


# --- XLIFF 1.2 for translators ---

@early
def exported_xliff(tmp_path_factory):
    """`passkey-spec l10n export --locale de --out FILE content`, run from the repository as
    `make site` runs the tool."""
    folder = tmp_path_factory.mktemp("l10n-export")
    result = subprocess.run([passkey_spec(), "l10n", "export", "--locale", "de", "--out", str(folder / "de.xliff"),
                             "content"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    return folder / "de.xliff", result


def test_the_xliff_file_is_valid_against_the_strict_xliff_1_2_schema(tmp_path):
    result = xmllint_schema(EXPORTS / "l10n" / "de.xliff", tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().endswith("validates"), result.stderr


def test_the_strict_xliff_schema_rejects_a_state_xliff_does_not_define(tmp_path):
    text = (EXPORTS / "l10n" / "de.xliff").read_text(encoding="utf-8")
    broken, count = re.subn(r'(<target\b[^>]*\bstate=")[^"]*"', r'\1needs_review"', text, count=1)
    assert count == 1, "the file should have a <target state=…>"
    (tmp_path / "broken.xliff").write_text(broken, encoding="utf-8")
    result = xmllint_schema(tmp_path / "broken.xliff", tmp_path)
    assert result.returncode != 0
    assert "'needs_review' is not a valid value" in result.stderr, result.stderr


def test_the_xliff_file_has_a_file_per_spec_and_platform_in_its_languages():
    root = ET.parse(EXPORTS / "l10n" / "de.xliff").getroot()
    assert root.tag == f"{{{XLIFF}}}xliff" and root.get("version") == "1.2"
    files = root.findall(f"{{{XLIFF}}}file")
    assert {platform_of(file.get("original", "")) for file in files} == set(PLATFORMS)
    assert len({file.get("original") for file in files}) == len(files), "one <file> per spec and platform"
    for file in files:
        assert (file.get("source-language"), file.get("target-language"), file.get("datatype")) == \
            ("en", "de", "plaintext"), file.get("original")
    for platform, key, state, unit in xliff_units(EXPORTS / "l10n" / "de.xliff"):
        assert state in XLIFF_STATES, (platform, key, state)
        assert [note.text for note in unit.findall(f"{{{XLIFF}}}note") if (note.text or "").strip()], (platform, key)


def test_translate_toolkit_reads_a_unit_per_english_string(android_resources):
    store = translate_factory.getobject(str(EXPORTS / "l10n" / "de.xliff"))
    assert (store.getsourcelanguage(), store.gettargetlanguage()) == ("en", "de")
    units = store.getunits()
    english = sum(len(platform_strings(platform, SOURCE, android_resources)) for platform in PLATFORMS)
    assert len(units) == english
    states = {(platform, key): state for platform, key, state, _ in xliff_units(EXPORTS / "l10n" / "de.xliff")}
    for unit in units:
        original, _, key = unit.getid().rpartition(translate_xliff.ID_SEPARATOR)
        assert unit.source and unit.target, unit.getid()
        assert unit.get_state_id() == TRANSLATE_TOOLKIT_STATES[states[(platform_of(original), key)]], unit.getid()


def test_each_xliff_source_is_the_english_export_string(android_resources):
    english = {platform: platform_strings(platform, SOURCE, android_resources) for platform in PLATFORMS}
    for platform, key, _, unit in xliff_units(EXPORTS / "l10n" / "de.xliff"):
        expected = english[platform].get(resource_name(platform, key))
        assert unit.findtext(f"{{{XLIFF}}}source") == expected, (platform, key)


def test_each_xliff_target_is_the_german_export_string(android_resources):
    german = {platform: platform_strings(platform, "de", android_resources) for platform in PLATFORMS}
    for platform, key, _, unit in xliff_units(EXPORTS / "l10n" / "de.xliff"):
        expected = german[platform].get(resource_name(platform, key))
        assert unit.findtext(f"{{{XLIFF}}}target") == expected, (platform, key)


def test_the_l10n_command_writes_the_published_xliff_file(exported_xliff):
    path, result = exported_xliff
    assert result.returncode == 0, result.stderr
    assert path.read_bytes() == (EXPORTS / "l10n" / "de.xliff").read_bytes()


# --- Plurals: CLDR's categories, no fewer and no more ---

def test_the_plural_categories_to_emit_are_cldrs():
    print("CLDR plural categories the exporters emit, by language:")
    for language, categories in PLURAL_CATEGORIES.items():
        print(f"  {language}: {' '.join(categories)}")
        assert set(categories) == cldr_categories(language), language
    assert set(LANGUAGE.values()) <= set(PLURAL_CATEGORIES)


def test_the_string_catalog_plurals_have_the_cldr_categories():
    catalog = json.loads((EXPORTS / "Localizable.xcstrings").read_text(encoding="utf-8"))
    found = []

    def walk(key, language, node):
        if isinstance(node, dict):
            for name, value in node.items():
                if name == "variations" and isinstance(value, dict) and "plural" in value:
                    found.append((key, language, set(value["plural"])))
                walk(key, language, value)
    for key, entry in catalog["strings"].items():
        for language, localization in entry["localizations"].items():
            walk(key, language, localization)
    print(f"{len(found)} plural(s) in the String Catalog")
    for key, language, categories in found:
        assert categories == cldr_categories(LANGUAGE.get(language, language.split("-")[0])), (key, language)


def test_the_android_plurals_have_the_cldr_categories():
    found = 0
    for locale in (SOURCE, *LOCALES):
        for plurals in ET.parse(android_file(locale)).getroot().iter("plurals"):
            found += 1
            quantities = [item.get("quantity") for item in plurals.iter("item")]
            assert len(quantities) == len(set(quantities)), (locale, plurals.get("name"))
            assert set(quantities) == cldr_categories(LANGUAGE[locale]), (locale, plurals.get("name"))
    print(f"{found} <plurals> in the Android resources")
