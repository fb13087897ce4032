"""The site's exports, checked by their real consumers: Android's aapt, plutil, JSON Schema, xmllint,
and TypeScript's tsc for the Web exports."""
import json
import pathlib
import re
import shutil
import subprocess
import tempfile

import jsonschema
import pytest

from conftest import ROOT, SITE, early, passkey_spec

EXPORTS = SITE / "exports"
SCHEMAS = pathlib.Path(__file__).resolve().parent / "schemas"
WEB_SPEC = pathlib.Path(__file__).resolve().parent / "fixtures" / "web-copy.md"
WEB_FILES = {"web-json": "messages.json", "web-ts": "messages.d.ts", "web-schema": "messages.schema.json"}


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
    assert names == {f"{spec}{suffix}.svg" for spec in ("N1.4", "W1.4")
                     for suffix in [""] + [f"-AC0{number}" for number in range(1, 6)]}


def test_the_junit_file_is_well_formed():
    result = subprocess.run([tool("xmllint"), "--noout", str(EXPORTS / "junit.xml")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# --- The Web exports, made by the built binary from a fixture spec with a Web column ---

def typescript_compiler():
    """Debian's tsc; the test skips only where apt has no node-typescript to install."""
    path = shutil.which("tsc")
    if path:
        return path
    policy = subprocess.run(["apt-cache", "policy", "node-typescript"], capture_output=True, text=True).stdout \
        if shutil.which("apt-cache") else ""
    candidate = re.search(r"Candidate: (\S+)", policy)
    if candidate and candidate.group(1) != "(none)":
        pytest.fail("tsc is missing; 'make test' installs it (Debian package node-typescript)")
    pytest.skip("tsc is missing and apt has no node-typescript here; the TypeScript check cannot run")


@early
def web_exports(tmp_path_factory):
    """messages.json, messages.d.ts and messages.schema.json side by side, as the site publishes them."""
    folder = tmp_path_factory.mktemp("web")
    for format_id, name in WEB_FILES.items():
        result = subprocess.run([passkey_spec(), "export", "--format", format_id, "--out", str(folder / name),
                                 str(WEB_SPEC)], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
    return folder


TSC_OPTIONS = ["--noEmit", "--strict", "--target", "es2020", "--module", "esnext", "--moduleResolution", "node",
               "--resolveJsonModule", "--esModuleInterop"]


def compile_typescript(folder, name, code):
    """`tsc --noEmit --strict` on one file beside the exports, as a bundler-based app would."""
    (folder / name).write_text(code)
    return subprocess.run([typescript_compiler(), *TSC_OPTIONS, name], cwd=folder, capture_output=True, text=True)


DIAGNOSTIC = re.compile(r"^(?P<file>\S[^(]*)\(\d+,\d+\): (error|warning|message) TS\d+:")
# A file with one type error: its diagnostic in a batch run shows that tsc ran the semantic
# check, which it skips for every file once any file has a syntax error.
SENTINEL = 'export const checked: number = "the type check ran";\n'


class TypeScriptCases:
    """This module's TypeScript cases, type-checked by one `tsc` run: Node, and the checking of
    TypeScript's standard library, take seconds, once instead of once a case.

    Each case is its own module file beside its exports, and `compile` gives it what a `tsc`
    run on that file alone gives: its own file's diagnostics, plus any that are in no case's
    file (a broken declaration file, an option tsc refuses), which fail every case. tsc skips
    the type check of every file when one has a syntax error: then each case is compiled alone,
    as before. A case that is not a module could see another's declarations, so it is compiled
    alone, as is any code not listed here."""

    def __init__(self, cases):
        self.cases = {case: f"case-{number}-{case[1]}" for number, case in enumerate(cases)
                      if re.search(r"^\s*(import|export)\b", case[2], re.MULTILINE) and "declare global" not in case[2]}
        self.outcome = None  # the results by case, or what stopped the run (a skip where tsc is missing)

    def run(self):
        try:
            self.outcome = self.compile_all()
        except BaseException as error:
            self.outcome = error

    def compile(self, folder, name, code):
        if (folder, name, code) not in self.cases:
            return compile_typescript(folder, name, code)
        if self.outcome is None:
            self.run()
        if isinstance(self.outcome, BaseException):
            raise self.outcome
        return self.outcome[(folder, name, code)]

    def compile_all(self):
        compiler = typescript_compiler()
        paths = {}
        for case, file_name in self.cases.items():
            folder, _, code = case
            (folder / file_name).write_text(code)
            paths[(folder / file_name).resolve()] = case
        with tempfile.TemporaryDirectory() as scratch:
            sentinel = pathlib.Path(scratch).resolve() / "sentinel.ts"
            sentinel.write_text(SENTINEL)
            run = subprocess.run([compiler, *TSC_OPTIONS, sentinel.name, *map(str, paths)],
                                 cwd=sentinel.parent, capture_output=True, text=True)
        # Each diagnostic with its continuation lines, by the file it is in (None: no case's).
        diagnostics = []
        for line in run.stdout.splitlines():
            match = DIAGNOSTIC.match(line)
            if match or not diagnostics or not line.startswith(" "):
                owner = (sentinel.parent / match.group("file")).resolve() if match else None
                diagnostics.append((owner if owner in paths or owner == sentinel else None, [line]))
            else:
                diagnostics[-1][1].append(line)
        if not any(owner == sentinel for owner, _ in diagnostics) or run.stderr:
            return {case: compile_typescript(*case) for case in self.cases}
        results = {}
        for path, case in paths.items():
            lines = [line for owner, block in diagnostics if owner in (path, None) for line in block]
            results[case] = subprocess.CompletedProcess(
                run.args, run.returncode if lines else 0, "".join(line + "\n" for line in lines), run.stderr)
        return results


GOOD_CODE = """\
import messages, { type MessageKey, type Messages } from "./messages";
import file from "./messages.json";

const key: MessageKey = "deleted-passkey.title";
export function show(id: MessageKey): string {
  return messages[id];
}
export const shown: string[] = [messages[key], show("automatic-cancel-first.action.retry")];
// The message file has every declared key.
export const typed: Messages = file;
"""
WRONG_KEY_IMPORT = 'import messages, { type MessageKey } from "./messages";\n'
WRONG_KEYS = [
    pytest.param('const key: MessageKey = "no-such-scenario.title";\nexport const text = messages[key];\n', "TS2322",
                 id="unknown key"),
    pytest.param('const key: MessageKey = "deleted-passkey.titel";\nexport const text = messages[key];\n', "TS2820",
                 id="misspelt key"),
    pytest.param('function show(id: MessageKey) { return messages[id]; }\n'
                 'export const text = show("automatic-cancel-first.message");\n', "TS2345", id="a None entry"),
    pytest.param('export const text = show("deleted-passkey.action.dismiss");\n'
                 'function show(id: MessageKey) { return messages[id]; }\n', "TS2345", id="a None action"),
    pytest.param('messages["automatic-cancel-first.title"] = "changed";\n', "TS2540", id="writing a message"),
]
CODE_WITHOUT_KEYS = """\
import messages, { type MessageKey } from "./messages";
export const key: MessageKey = "deleted-passkey.title";
export const text: string | undefined = messages[key];
"""


@early
def exports_without_web_copy(tmp_path_factory):
    """The declaration file of a spec with no Web copy, and the export's result."""
    folder = tmp_path_factory.mktemp("without-web-copy")
    result = subprocess.run([passkey_spec(), "export", "--format", "web-ts", "--out", str(folder / "messages.d.ts"),
                             str(ROOT / "Tests" / "SpecRunnerTests" / "Fixtures" / "login-error-states.md")],
                            capture_output=True, text=True)
    return folder, result


@early
def typescript(web_exports, exports_without_web_copy):
    without_web_copy, _ = exports_without_web_copy
    cases = TypeScriptCases([(web_exports, "good.ts", GOOD_CODE)]
                            + [(web_exports, "bad.ts", WRONG_KEY_IMPORT + case.values[0]) for case in WRONG_KEYS]
                            + [(without_web_copy, "app.ts", CODE_WITHOUT_KEYS)])
    cases.run()
    return cases


def test_the_web_message_file_is_flat_sorted_and_keeps_the_words(web_exports):
    text = (web_exports / "messages.json").read_text(encoding="utf-8")
    messages = json.loads(text)
    assert list(messages) == sorted(messages) == [
        "automatic-cancel-first.action.retry", "automatic-cancel-first.title", "deleted-passkey.action.fallback", "deleted-passkey.message",
        "deleted-passkey.title"]
    assert messages["deleted-passkey.message"] == 'It was "removed" \\ from your account </script> <!-- 🔑 مرحبا بك'
    assert "</" not in text and "<!--" not in text, "the file can be inlined in a <script> element"
    assert "🔑 مرحبا بك" in text, "UTF-8, not escaped"
    assert "deleted-passkey.action.dismiss" not in messages and "automatic-cancel-first.message" not in messages, "None is no string"


def test_the_web_message_file_matches_its_schema(web_exports):
    schema = json.loads((web_exports / "messages.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.validate(json.loads((web_exports / "messages.json").read_text()), schema)
    jsonschema.validate({}, schema)
    for broken in ({"Deleted-Passkey.title": "x"}, {"deleted-passkey.trigger": "x"}, {"deleted-passkey": "x"},
                   {"deleted-passkey.title": 1}, {"deleted-passkey.title": ""}, {"deleted-passkey.title": None}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(broken, schema)


def test_code_using_the_message_keys_type_checks(web_exports, typescript):
    result = typescript.compile(web_exports, "good.ts", GOOD_CODE)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("code, error", WRONG_KEYS)
def test_code_using_a_wrong_key_does_not_type_check(web_exports, typescript, code, error):
    result = typescript.compile(web_exports, "bad.ts", WRONG_KEY_IMPORT + code)
    assert result.returncode != 0
    assert f"error {error}:" in result.stdout, result.stdout + result.stderr


def test_a_spec_without_web_copy_declares_no_key(exports_without_web_copy, typescript):
    folder, result = exports_without_web_copy
    assert result.returncode == 0, result.stderr
    assert "export type MessageKey = never;" in (folder / "messages.d.ts").read_text()
    compiled = typescript.compile(folder, "app.ts", CODE_WITHOUT_KEYS)
    assert "error TS2322:" in compiled.stdout, compiled.stdout + compiled.stderr


def test_the_published_web_messages_match_their_schema():
    web = EXPORTS / "web"
    if not (web / "messages.json").exists():
        pytest.skip("site/ predates the Web exports; 'make site' publishes them")
    schema = json.loads((web / "messages.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(json.loads((web / "messages.json").read_text()), schema)
    assert (web / "messages.d.ts").read_text().startswith("// Generated by passkey-spec")
