"""The editing features beyond diagnostics: completion, hover, definition, references, outline,
rename, code actions and formatting. Each test runs when the server's `initialize` result
advertises the feature, and is skipped, saying so, while it does not."""
import pytest
from pygls.exceptions import JsonRpcException
from lsprotocol import types

from conftest import NATIVE, WEB, edit

STEP = 'Then the user sees the "passkey-unavailable" copy'
MARKER = "<!-- scenario: passkey-unavailable -->"


def requires(editor, capability, name):
    if not getattr(editor.capabilities, capability, None):
        pytest.skip(f"the server does not advertise {name} ({capability}) yet")


def position_in(text, line_text, inside, offset=1):
    """The position `offset` characters into `inside`, on the only line holding `line_text`."""
    lines = text.split("\n")
    rows = [row for row, line in enumerate(lines) if line_text in line]
    assert len(rows) == 1, f"{line_text!r} is on {len(rows)} lines"
    row = rows[0]
    return types.Position(line=row, character=lines[row].index(inside) + offset)


def offset_of(text, position):
    # The page's characters are all in the Basic Multilingual Plane: a code point is one
    # UTF-16 unit.
    lines = text.split("\n")
    return sum(len(line) + 1 for line in lines[: position.line]) + position.character


def apply(text, edits):
    """The text with the LSP text edits applied (they do not overlap)."""
    spans = sorted(((offset_of(text, e.range.start), offset_of(text, e.range.end), e.new_text) for e in edits), reverse=True)
    for start, end, new_text in spans:
        assert start <= end
        text = text[:start] + new_text + text[end:]
    return text


def edits_for(workspace_edit, uri):
    """A workspace edit's text edits for one document, whether as `changes` or
    `documentChanges`."""
    found = list((workspace_edit.changes or {}).get(uri, []))
    for change in workspace_edit.document_changes or []:
        if isinstance(change, types.TextDocumentEdit) and change.text_document.uri == uri:
            found.extend(change.edits)
    return found


def touched(workspace_edit):
    uris = set((workspace_edit.changes or {}).keys())
    for change in workspace_edit.document_changes or []:
        if isinstance(change, types.TextDocumentEdit):
            uris.add(change.text_document.uri)
    return uris


def document_position(page, position):
    return types.TextDocumentPositionParams(
        text_document=types.TextDocumentIdentifier(uri=page.uri), position=position
    )


async def test_completion_offers_the_page_scenarios_in_a_step(editor):
    requires(editor, "completion_provider", "completion")
    page = await editor.open(NATIVE)
    # Just inside the quotes of a step that names a scenario.
    position = position_in(page.text, STEP, '"passkey-unavailable"', offset=1)
    result = await editor.client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=page.uri), position=position)
    )
    assert result is not None
    items = result.items if isinstance(result, types.CompletionList) else result
    offered = set()
    for item in items:
        offered.add(item.label)
        if item.insert_text:
            offered.add(item.insert_text)
        if item.text_edit is not None:
            offered.add(item.text_edit.new_text)
    for scenario in ("deleted-passkey", "lookup-failed", "restricted-account"):
        assert any(scenario in text for text in offered), f"{scenario} not offered: {sorted(offered)[:20]}"


async def test_hover_on_a_scenario_named_in_a_step_says_something(editor):
    requires(editor, "hover_provider", "hover")
    page = await editor.open(NATIVE)
    position = position_in(page.text, STEP, "passkey-unavailable", offset=3)
    result = await editor.client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=page.uri), position=position)
    )
    assert result is not None, "no hover on a scenario ID"
    contents = result.contents
    if isinstance(contents, types.MarkupContent):
        text = contents.value
    elif isinstance(contents, list):
        text = " ".join(c if isinstance(c, str) else c.value for c in contents)
    else:
        text = contents if isinstance(contents, str) else contents.value
    assert text.strip()
    if result.range is not None:
        assert result.range.start.line == position.line


async def test_definition_of_a_scenario_named_in_a_step_is_its_section(editor):
    requires(editor, "definition_provider", "go to definition")
    page = await editor.open(NATIVE)
    position = position_in(page.text, STEP, "passkey-unavailable", offset=3)
    result = await editor.client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=page.uri), position=position)
    )
    assert result, "no definition for a scenario ID"
    locations = result if isinstance(result, list) else [result]
    marker = position_in(page.text, MARKER, "passkey-unavailable").line
    targets = []
    for location in locations:
        if isinstance(location, types.LocationLink):
            targets.append((location.target_uri, location.target_selection_range.start.line))
        else:
            targets.append((location.uri, location.range.start.line))
    # The scenario's heading or the comment under it that gives its ID.
    assert any(uri == page.uri and line in (marker - 1, marker) for uri, line in targets), targets


async def test_references_to_a_scenario_include_the_steps_naming_it(editor):
    requires(editor, "references_provider", "find references")
    page = await editor.open(NATIVE)
    position = position_in(page.text, MARKER, "passkey-unavailable", offset=3)
    result = await editor.client.text_document_references_async(
        types.ReferenceParams(
            text_document=types.TextDocumentIdentifier(uri=page.uri),
            position=position,
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    assert result, "no references to a scenario a step names"
    step_line = position_in(page.text, STEP, "passkey-unavailable").line
    assert any(location.uri == page.uri and location.range.start.line == step_line for location in result), [
        (location.uri, location.range.start.line) for location in result
    ]


async def test_the_outline_holds_the_page_sections(editor):
    requires(editor, "document_symbol_provider", "the document outline")
    page = await editor.open(NATIVE)
    result = await editor.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=page.uri))
    )
    assert result, "an empty outline"
    names = []

    def walk(symbols):
        for symbol in symbols:
            names.append(symbol.name)
            walk(getattr(symbol, "children", None) or [])

    walk(result)
    text = " | ".join(names)
    for section in ("General login errors", "Acceptance criteria"):
        assert section in text, text[:500]


async def test_renaming_a_scenario_to_an_id_the_flow_does_not_know_is_refused_saying_why(editor, workspace):
    """Scenario IDs belong to the flow: a rename to a new ID would leave a scenario the engine
    cannot reach, so the server refuses it and says what a new scenario needs. (Renaming to
    an ID the flow knows and the page does not use is in the server's own tests.)"""
    requires(editor, "rename_provider", "rename")
    page = await editor.open(NATIVE)
    position = position_in(page.text, MARKER, "passkey-unavailable", offset=3)
    with pytest.raises(JsonRpcException) as refused:
        await editor.client.text_document_rename_async(
            types.RenameParams(
                text_document=types.TextDocumentIdentifier(uri=page.uri), position=position, new_name="removed-passkey"
            )
        )
    message = str(refused.value)
    assert "has no scenario 'removed-passkey'" in message, message
    assert "a new scenario needs an engine change first" in message, message
    # Nothing was written: the page on disk is as it was.
    assert (workspace / NATIVE).read_text(encoding="utf-8") == page.text


async def test_a_code_action_fixes_a_misspelt_scenario(editor):
    requires(editor, "code_action_provider", "code actions")
    page = await editor.open(NATIVE)
    original = page.text
    edited, _ = edit(original, STEP, STEP.replace("passkey-unavailable", "passkey-unavailble"))
    await editor.type(page, edited)
    found = [d for d in editor.diagnostics(page) if d.code == "step-names-unknown-scenario"]
    assert found
    result = await editor.client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=page.uri),
            range=found[0].range,
            context=types.CodeActionContext(diagnostics=found, only=[types.CodeActionKind.QuickFix]),
        )
    )
    assert result, "no quick fix for a scenario ID one letter away from a real one"
    fixes = [action for action in result if isinstance(action, types.CodeAction) and action.edit is not None]
    assert fixes, result
    fixed = apply(page.text, edits_for(fixes[0].edit, page.uri))
    assert fixed == original
    await editor.type(page, fixed)
    assert "step-names-unknown-scenario" not in editor.codes(page)


async def test_formatting_keeps_the_page_good_and_is_stable(editor):
    requires(editor, "document_formatting_provider", "formatting")
    page = await editor.open(NATIVE)
    baseline = editor.codes(page)
    options = types.FormattingOptions(tab_size=4, insert_spaces=True)

    async def format_page():
        return await editor.client.text_document_formatting_async(
            types.DocumentFormattingParams(text_document=types.TextDocumentIdentifier(uri=page.uri), options=options)
        ) or []

    formatted = apply(page.text, await format_page())
    await editor.type(page, formatted)
    assert editor.codes(page) == baseline, editor.describe(page)
    assert apply(formatted, await format_page()) == formatted, "formatting twice changes the page again"
