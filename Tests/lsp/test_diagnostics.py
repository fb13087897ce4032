"""A writer's mistakes typed into the native error-states page, as an editor sends them: each
is published at once with its message ID as the code, where the mistake is, and goes when it
is fixed; a page's edit reaches another page's diagnostics; the engine's verdict follows a
pause."""
import asyncio
import dataclasses
import pathlib
import urllib.parse

import pytest
from lsprotocol import types

from conftest import NATIVE, WEB, Document, edit

ERROR = types.DiagnosticSeverity.Error
WARNING = types.DiagnosticSeverity.Warning


@dataclasses.dataclass
class Mistake:
    name: str
    find: str
    replace: str
    code: str
    at: str | None = None
    severity: types.DiagnosticSeverity = ERROR

    def __str__(self):
        return self.name


MISTAKES = [
    Mistake(
        "misspelt scenario in a step",
        'Then the user sees the "passkey-unavailable" copy',
        'Then the user sees the "passkey-unavailble" copy',
        "step-names-unknown-scenario",
        at="passkey-unavailble",
    ),
    Mistake(
        "misspelt step phrase",
        'And the unknown-credential signal is sent for passkey "old-phone"',
        'And the unknown-credential signl is sent for passkey "old-phone"',
        "undefined-step",
        at="And the unknown-credential signl",
    ),
    Mistake(
        "misspelt trigger name in backticks",
        "answers `credential-not-found`, or `verification-failed` (the assertion itself did not verify) | Passkey",
        "answers `credential-not-fond`, or `verification-failed` (the assertion itself did not verify) | Passkey",
        "unknown-trigger-name",
        at="credential-not-fond",
    ),
    # The iOS cell before it holds a curly apostrophe: three bytes in UTF-8, one UTF-16 unit.
    Mistake(
        "placeholder copy",
        "account. | Passkey sign-in isn’t available for this account. |\n| Action `recovery`",
        "account. | TBD |\n| Action `recovery`",
        "placeholder-copy",
        at="TBD",
    ),
    Mistake(
        "criterion without checks",
        "| N1.4-AC05 | Core |",
        "| N1.4-AC06 | Core | A passkey can be renamed from the account page. | Rename a passkey. |\n"
        "| N1.4-AC05 | Core |",
        "criterion-without-checks",
        at="N1.4-AC06",
    ),
]


@pytest.mark.parametrize("mistake", MISTAKES, ids=str)
async def test_a_mistake_is_published_where_it_is_and_goes_when_fixed(editor, mistake):
    page = await editor.open(NATIVE)
    original = page.text
    baseline = editor.codes(page)
    assert mistake.code not in baseline

    edited, (line, character) = edit(original, mistake.find, mistake.replace, mistake.at)
    await editor.type(page, edited)
    found = [d for d in editor.diagnostics(page) if d.code == mistake.code]
    assert found, f"no {mistake.code}: {editor.describe(page)}"
    diagnostic = found[0]
    assert diagnostic.severity == mistake.severity
    assert diagnostic.source == "passkey-spec"
    assert diagnostic.message
    assert (diagnostic.range.start.line, diagnostic.range.start.character) == (line, character), editor.describe(page)
    assert diagnostic.range.end.line > line or diagnostic.range.end.character >= character
    # The code links to its explanation, a file the editor can open.
    explanation = pathlib.Path(urllib.parse.urlparse(diagnostic.code_description.href).path)
    text = explanation.read_text(encoding="utf-8")
    # Named by the cache's key, then by the message, so that the editor's tab says which.
    assert explanation.name.endswith(f"-{mistake.code}.md")
    assert text.startswith("# ") and "\n## Fix\n" in text

    await editor.type(page, original)
    assert editor.codes(page) == baseline


async def test_an_unclosed_fence_is_one_diagnostic_at_its_opening_line(editor):
    page = await editor.open(NATIVE)
    original = page.text
    # The page's last 'gherkin' block loses its closing fence.
    edited, _ = edit(
        original,
        "And the passkey's own account is signed in\n```\n\nA passkey of another account",
        "And the passkey's own account is signed in\n\nA passkey of another account",
    )
    opening = edited.index("```gherkin\nScenario: An active account receives a session")
    await editor.type(page, edited)
    found = [d for d in editor.diagnostics(page) if d.code == "unclosed-check-block"]
    assert len(found) == 1, editor.describe(page)
    assert found[0].severity == ERROR
    assert (found[0].range.start.line, found[0].range.start.character) == (edited.count("\n", 0, opening), 0)

    await editor.type(page, original)
    assert "unclosed-check-block" not in editor.codes(page)


# The mistakes the checks' validation finds, not the parser: a page that does not parse is not
# validated, so a parser's error (placeholder copy, an unclosed fence) hides these.
VALIDATION_MISTAKES = [mistake for mistake in MISTAKES if mistake.code != "placeholder-copy"]


async def test_mistakes_typed_one_after_another_are_all_shown_then_all_cleared(editor):
    page = await editor.open(NATIVE)
    original = page.text
    baseline = editor.codes(page)
    text = original
    for mistake in VALIDATION_MISTAKES:
        text, _ = edit(text, mistake.find, mistake.replace, mistake.at)
        await editor.type(page, text)
        assert mistake.code in editor.codes(page), f"{mistake}: {editor.describe(page)}"
    for mistake in VALIDATION_MISTAKES:
        assert mistake.code in editor.codes(page), f"{mistake} went before it was fixed"
    for mistake in reversed(VALIDATION_MISTAKES):
        text, _ = edit(text, mistake.replace, mistake.find)
        await editor.type(page, text)
        assert mistake.code not in editor.codes(page), f"{mistake}: {editor.describe(page)}"
    assert text == original
    assert editor.codes(page) == baseline


async def test_closing_an_unsaved_page_goes_back_to_the_file(editor):
    page = await editor.open(NATIVE)
    baseline = editor.codes(page)
    mistake = MISTAKES[0]
    edited, _ = edit(page.text, mistake.find, mistake.replace)
    await editor.type(page, edited)
    assert mistake.code in editor.codes(page)
    await editor.close(page)
    assert editor.codes(page) == baseline


@pytest.mark.parametrize("web_open", [True, False], ids=["other page open", "other page on disk only"])
async def test_a_spec_id_typed_in_one_page_marks_the_other_page(editor, workspace, web_open):
    native = await editor.open(NATIVE)
    if web_open:
        web = await editor.open(WEB)
    else:
        web = Document(workspace / WEB, (workspace / WEB).read_text(encoding="utf-8"))
    assert "duplicate-spec-id" not in editor.codes(native) + editor.codes(web)
    original = native.text

    # The native page takes the web page's ID. The web page comes second, so the clash is
    # reported there: on a page the writer did not touch.
    edited, _ = edit(original, "<!-- spec: N1.4 ", "<!-- spec: W1.4 ")
    await editor.type(native, edited)
    clashes = [d for d in editor.diagnostics(web) if d.code == "duplicate-spec-id"]
    assert len(clashes) == 1, f"web: {editor.describe(web)}"
    assert clashes[0].severity == ERROR
    assert "W1.4" in clashes[0].message
    # At the ID in the web page's metadata comment: the value to change.
    offset = web.text.index("<!-- spec: W1.4") + len("<!-- spec: ")
    line = web.text.count("\n", 0, offset)
    character = offset - (web.text.rfind("\n", 0, offset) + 1)
    assert (clashes[0].range.start.line, clashes[0].range.start.character) == (line, character)
    assert clashes[0].range.end.character == character + len("W1.4")
    assert "duplicate-spec-id" not in editor.codes(native)

    await editor.type(native, original)
    assert "duplicate-spec-id" not in editor.codes(web), editor.describe(web)
    assert editor.diagnostics(web) == []


async def test_the_engine_verdict_arrives_after_a_pause_and_goes_when_fixed(editor):
    page = await editor.open(NATIVE)
    original = page.text
    # The active account receives a session; the page now says it does not.
    edited, (line, character) = edit(
        original,
        '  Then a session is created\n\nScenario: A closed account does not',
        '  Then no session is created\n\nScenario: A closed account does not',
        at="Then",
    )
    await editor.type(page, edited)
    assert "step-failed" not in editor.codes(page), "the lint alone cannot know the verdict"
    await editor.wait_for(page, lambda found: any(d.code == "step-failed" for d in found))
    failed = [d for d in editor.diagnostics(page) if d.code == "step-failed"]
    assert failed[0].severity == ERROR
    assert failed[0].range.start.line == line, editor.describe(page)

    await editor.type(page, original)
    await editor.wait_for(page, lambda found: not any(d.code == "step-failed" for d in found))


async def test_a_lint_error_holds_back_the_engine(editor):
    """The engine checks only text the lint passes: a misspelt step and a failing one typed
    together show the misspelling and no verdict, even after a pause."""
    page = await editor.open(NATIVE)
    original = page.text
    edited, _ = edit(
        original,
        '  Then a session is created\n\nScenario: A closed account does not',
        '  Then no session is created\n\nScenario: A closed account does not',
    )
    mistake = MISTAKES[1]
    edited, _ = edit(edited, mistake.find, mistake.replace)
    await editor.type(page, edited)
    assert "undefined-step" in editor.codes(page)
    # Longer than the server's pause, so that a check it wrongly ran would have been published.
    await asyncio.sleep(1.0)
    await editor.settle()
    assert "step-failed" not in editor.codes(page), editor.describe(page)
    await editor.type(page, original)
    assert "undefined-step" not in editor.codes(page)


async def test_an_english_edit_marks_its_translation_stale_at_the_translation_files_line(editor, workspace):
    """The German beside the native page was translated from its English: rewording one
    message in the editor marks that string of the German file, not open, at its line; the
    old wording clears it."""
    page = await editor.open(NATIVE)
    german_path = workspace / "content/native/login-error-states.de.json"
    german = Document(german_path, german_path.read_text(encoding="utf-8"))
    assert editor.diagnostics(german) == []
    original = page.text
    old = "| Title             | Unable to Check Sign-In Options |"
    edited, _ = edit(original, old, "| Title             | Can’t Check Sign-In Options |")
    await editor.type(page, edited)
    stale = [d for d in editor.diagnostics(german) if d.code == "translation-stale"]
    assert len(stale) == 1, editor.describe(german)
    assert stale[0].severity == WARNING
    assert "“Can’t Check Sign-In Options”" in stale[0].message
    # At the iOS string's German text, in the German file.
    ios = german.text.index('"ios": {')
    offset = german.text.index('"lookup-failed.title": { "text": ', ios) + len('"lookup-failed.title": { "text": ')
    line = german.text.count("\n", 0, offset)
    character = offset - (german.text.rfind("\n", 0, offset) + 1)
    assert (stale[0].range.start.line, stale[0].range.start.character) == (line, character)

    await editor.type(page, original)
    assert editor.diagnostics(german) == [], editor.describe(german)
