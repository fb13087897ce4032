import Foundation
import Pipeline
import SpecModel
import Testing

@testable import LanguageServer

/// Every quick fix comes from the fix-its made where its finding is made, never from the
/// message's words: with every message reworded, each fix still makes its edit, in the editor
/// and in SARIF.
@Suite struct RewordingTests {
    /// A mistake a quick fix undoes: `original` on the native page becomes `mistake`; the fix of
    /// the finding `code` gives `fixed` (the original, unless the fix writes more).
    struct Mistake: Sendable, CustomTestStringConvertible {
        var code: MessageID
        var original: String
        var mistake: String
        var fixed: String?
        var testDescription: String { code.rawValue }
    }

    static let mistakes: [Mistake] = [
        Mistake(
            code: "step-names-unknown-scenario", original: "Then the user sees the \"deleted-passkey\" copy",
            mistake: "Then the user sees the \"deleted-pasky\" copy"),
        Mistake(
            code: "undefined-step", original: "Then the user sees the \"deleted-passkey\" copy",
            mistake: "Then the user seees the \"deleted-passkey\" copy"),
        Mistake(
            code: "invalid-step-parameter", original: "Given the enumeration policy is \"reveal\"",
            mistake: "Given the enumeration policy is \"reveel\""),
        Mistake(
            code: "unknown-trigger-name", original: "`ASAuthorizationError.Code.failed` (1004)",
            mistake: "`ASAuthorizationError.Code.faild` (1004)"),
        Mistake(
            code: "trigger-raw-value", original: "`ASAuthorizationError.Code.failed` (1004)",
            mistake: "`ASAuthorizationError.Code.failed` (1005)"),
        Mistake(
            code: "trigger-raw-value", original: "`ASAuthorizationError.Code.failed` (1004)",
            mistake: "`ASAuthorizationError.Code.failed`"),
        Mistake(
            code: "copy-straight-quote", original: "| Can’t check sign-in options |",
            mistake: "| Can't check sign-in options |"),
        Mistake(
            code: "copy-trailing-period", original: "| Unable to Check Sign-In Options |",
            mistake: "| Unable to Check Sign-In Options. |"),
        Mistake(
            code: "unknown-platform", original: "platforms: ios, android -->", mistake: "platforms: ios, andriod -->"),
        Mistake(
            code: "malformed-metadata", original: "platforms: ios, android -->", mistake: "platform: ios, android -->"),
        Mistake(code: "unknown-flow", original: "flow: passkey-login ", mistake: "flow: passkey-logn "),
    ]

    /// Every message of `diagnostics` said otherwise: no word of the original left.
    static func reworded(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().map { index, diagnostic in
            var reworded = diagnostic
            reworded.message.text = "⟪message \(index) said otherwise⟫"
            return reworded
        }
    }

    @Test(arguments: mistakes)
    func aQuickFixWorksWhateverItsMessageSays(_ mistake: Mistake) throws {
        let original = Editor.pageText
        #expect(original.contains(mistake.original))
        // The first occurrence only: each fix undoes one mistake.
        let first = try #require(original.range(of: mistake.original))
        let text = original.replacingCharacters(in: first, with: mistake.mistake)
        var configuration = PipelineConfiguration(workingDirectory: LanguageServerTests.root, roots: ["content"])
        configuration.unsaved = [LanguageServerTests.page.path: Array(text.utf8)]
        let found = Pipeline(configuration).lint().diagnostics.filter {
            $0.id == mistake.code && $0.location.file.hasSuffix("native/login-error-states.md")
        }
        let reworded = Self.reworded(found)
        let fixable = try #require(reworded.first { !$0.fixIts.isEmpty }, "no \(mistake.code) with a fix: \(found)")

        // The editor: the client's copy says what the published one said, reworded.
        let editor = Editor(text)
        let document = editor.client.server.document(
            at: LanguageServerTests.page.path, text: text, encoding: .utf16)
        let requested = ProtocolDiagnostic(
            range: document.range(of: fixable.span), severity: 1, code: fixable.id.rawValue, source: "passkey-spec",
            message: fixable.message.text)
        let actions = CodeActions.actions(in: document, for: [requested], known: reworded)
        let action = try #require(actions.first)
        let edits = try #require(action.edit.changes.values.first)
        let applied = editor.applying(try edits.map { try #require(JSONValue.parse(JSONEncoder().encode($0))) })
        #expect(applied == (mistake.fixed ?? original))

        // SARIF: the same fixes, with the same replacements, whatever the message says.
        let sarif = { (diagnostics: [Diagnostic]) -> JSONValue? in
            let data = try Pipeline(configuration).sarif(
                {
                    var result = PipelineResult(); result.diagnostics = diagnostics; return result
                }(), catalogue: [])
            return JSONValue.parse(data)?["runs"].array?.first?["results"].array.map { .array($0.map { $0["fixes"] }) }
        }
        #expect(try sarif(reworded) == (try sarif(found)))
        #expect(try sarif(reworded) != .array(found.map { _ in .null }), "SARIF carries the fixes")
    }
}
