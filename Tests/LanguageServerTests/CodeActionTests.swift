import Foundation
import Testing

@testable import LanguageServer

@Suite struct CodeActionTests {
    /// The page with `mistake` made, its diagnostics of `code`, and the quick fixes for them.
    func fixes(_ original: String, _ mistake: String, code: String) throws -> (Editor, [JSONValue]) {
        #expect(Editor.pageText.contains(original))
        let editor = Editor(Editor.pageText.replacingOccurrences(of: original, with: mistake))
        let found = editor.diagnostics.filter { $0["code"].string == code }
        #expect(!found.isEmpty, "no \(code) among \(editor.diagnostics.map { $0["code"] })")
        let range = found.first?["range"] ?? .null
        let answer = editor.ask(
            "textDocument/codeAction", at: nil, ["range": range, "context": ["diagnostics": .array(found)]])
        let actions = try #require(answer.array)
        #expect(actions.allSatisfy { $0["kind"] == "quickfix" })
        return (editor, actions)
    }

    /// The page after the first fix, which must be the page before the mistake.
    func expectFixed(_ editor: Editor, _ actions: [JSONValue], into expected: String = Editor.pageText) throws {
        let action = try #require(actions.first)
        let edits = try #require(action["edit"]["changes"][editor.uri].array)
        #expect(editor.applying(edits) == expected)
    }

    @Test func anotherServersDiagnosticWithANumericCodeDoesNotStopTheFixes() throws {
        let editor = Editor(
            Editor.pageText.replacingOccurrences(
                of: "| Can’t check sign-in options |", with: "| Can't check sign-in options |"))
        let ours = try #require(editor.diagnostics.first { $0["code"] == "copy-straight-quote" })
        // markdownlint's rules are numbered: the protocol's `code` is a number or a string.
        let theirs: JSONValue = [
            "range": ours["range"], "severity": 2, "code": 41, "source": "markdownlint", "message": "line length",
        ]
        let answer = editor.ask(
            "textDocument/codeAction", at: nil, ["range": ours["range"], "context": ["diagnostics": [theirs, ours]]])
        #expect(answer.array?.first?["title"] == "Use typographic quotes")
    }

    @Test func straightQuotesInACopyCellBecomeTypographic() throws {
        let (editor, actions) = try fixes(
            "| Can’t check sign-in options |", "| Can't check sign-in options |", code: "copy-straight-quote")
        #expect(actions.first?["title"] == "Use typographic quotes")
        try expectFixed(editor, actions)
    }

    @Test func anUnknownScenarioBecomesTheClosestOne() throws {
        let (editor, actions) = try fixes(
            "Then the user sees the \"passkey-unavailable\" copy", "Then the user sees the \"passkey-unavailble\" copy",
            code: "step-names-unknown-scenario")
        #expect(actions.first?["title"] == "Change to 'passkey-unavailable'")
        try expectFixed(editor, actions)
    }

    @Test func anUndefinedStepBecomesTheClosestWithItsValues() throws {
        let (editor, actions) = try fixes(
            "Then the user sees the \"passkey-unavailable\" copy",
            "Then the user seees the \"passkey-unavailable\" copy",
            code: "undefined-step")
        try expectFixed(editor, actions)
    }

    @Test func aCellThatStartsWithCodeIsFixedInItsProseAndLeftAsItIsInItsCode() throws {
        let original = "| Can’t check sign-in options |"
        let (editor, actions) = try fixes(
            original, "| `don't` can't check sign-in options |", code: "copy-straight-quote")
        try expectFixed(
            editor, actions,
            into: Editor.pageText.replacingOccurrences(of: original, with: "| `don't` can’t check sign-in options |"))
        // The finding covers the whole cell, its code included.
        let finding = try #require(editor.diagnostics.first { $0["code"] == "copy-straight-quote" })
        let line = editor.lines[try #require(finding["range"]["start"]["line"].int)]
        let start = try #require(finding["range"]["start"]["character"].int)
        let end = try #require(finding["range"]["end"]["character"].int)
        #expect(String(line.utf16.dropFirst(start).prefix(end - start)) == "`don't` can't check sign-in options")
    }

    /// A cell that starts with a straight quote is underlined whole, as its fix replaces it
    /// whole: not only the quoted word.
    @Test func aCellThatStartsWithAStraightQuoteIsUnderlinedWhole() throws {
        let original = "| Can’t check sign-in options |"
        let (editor, actions) = try fixes(
            original, "| \"Used\" passkey can't check sign-in options |", code: "copy-straight-quote")
        try expectFixed(
            editor, actions,
            into: Editor.pageText.replacingOccurrences(
                of: original, with: "| “Used” passkey can’t check sign-in options |"))
        let finding = try #require(editor.diagnostics.first { $0["code"] == "copy-straight-quote" })
        let line = editor.lines[try #require(finding["range"]["start"]["line"].int)]
        let start = try #require(finding["range"]["start"]["character"].int)
        let end = try #require(finding["range"]["end"]["character"].int)
        #expect(
            String(line.utf16.dropFirst(start).prefix(end - start)) == "\"Used\" passkey can't check sign-in options")
        let fix = try #require(actions.first?["edit"]["changes"][editor.uri].array?.first)
        #expect(fix["range"] == finding["range"])
    }

    @Test func aValueWrittenAfterBlanksOrBetweenTypographicQuotesIsFixedInPlace() throws {
        // The step's text is read normalised (one space, straight quotes); the fix replaces the
        // value's own bytes on the line as written.
        for (written, fixed) in [
            ("Given the enumeration policy is  \"reveel\"", "Given the enumeration policy is  \"reveal\""),
            ("Given the enumeration policy is “reveel”", "Given the enumeration policy is “reveal”"),
            ("Given  the enumeration policy is\t“reveel”", "Given  the enumeration policy is\t“reveal”"),
        ] {
            let original = "Given the enumeration policy is \"reveal\""
            let (editor, actions) = try fixes(original, written, code: "invalid-step-parameter")
            // The page has the step twice: the first action fixes the first.
            let mistaken = Editor.pageText.replacingOccurrences(of: original, with: written)
            let first = try #require(mistaken.range(of: written))
            try expectFixed(editor, actions, into: mistaken.replacingCharacters(in: first, with: fixed))
        }
    }

    @Test func aMisspeltNativeNameBecomesTheRealOne() throws {
        let (editor, actions) = try fixes(
            "`ASAuthorizationError.Code.failed` (1004)", "`ASAuthorizationError.Code.faild` (1004)",
            code: "unknown-trigger-name")
        try expectFixed(editor, actions)
    }

    @Test func aWrongRawValueBecomesTheRightOne() throws {
        let (editor, actions) = try fixes(
            "`ASAuthorizationError.Code.failed` (1004)", "`ASAuthorizationError.Code.failed` (1005)",
            code: "trigger-raw-value")
        try expectFixed(editor, actions)
    }

    @Test func aMissingRawValueIsAdded() throws {
        let (editor, actions) = try fixes(
            "`ASAuthorizationError.Code.failed` (1004)", "`ASAuthorizationError.Code.failed`",
            code: "trigger-raw-value")
        try expectFixed(editor, actions)
    }

    @Test func aMissingTriggerNameIsAddedAndLintIsSatisfied() throws {
        var (editor, actions) = try fixes(
            "`GetCredentialUnknownException`, ", "", code: "trigger-not-named")
        let action = try #require(actions.first)
        #expect(action["title"] == "Add `GetCredentialUnknownException` to the Trigger cell")
        let fixed = editor.applying(action["edit"]["changes"][editor.uri].array ?? [])
        editor.change(to: fixed)
        #expect(!editor.diagnostics.contains { $0["code"] == "trigger-not-named" })
    }

    @Test func diagnosticsWithoutASuggestionGetNoFix() throws {
        let editor = Editor()
        let actions = editor.ask(
            "textDocument/codeAction", at: nil,
            [
                "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 1]],
                "context": [
                    "diagnostics": [
                        [
                            "code": "scenario-without-check", "message": "no check names scenario 'x'",
                            "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 1]],
                        ]
                    ]
                ],
            ])
        #expect(actions == [])
    }
}
