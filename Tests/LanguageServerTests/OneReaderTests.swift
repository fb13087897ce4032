import Foundation
import Pipeline
import SpecModel
import Testing

@testable import LanguageServer

/// The editor features read the page through the parse the lint reads: one Markdown tree per
/// version of the text, read by the parser's own readers, and each finding underlined where
/// the finding says it is.
@Suite struct OneReaderTests {
    @Test func featureRequestsOnOneVersionParseItOnce() throws {
        let editor = Editor()
        let session = editor.client.server.session
        let parsed = session.parses
        // Hover, completion, outline and formatting on the text the lint just read: no parse.
        _ = editor.ask("textDocument/hover", at: editor.position(of: "deleted-passkey"))
        _ = editor.ask("textDocument/completion", at: editor.position(of: "deleted-passkey", offset: 2))
        _ = editor.ask("textDocument/documentSymbol", at: nil)
        _ = editor.ask("textDocument/formatting", at: nil)
        #expect(session.parses == parsed)
        // A new version is parsed once, for the lint and every feature alike.
        var edited = editor
        edited.change(to: Editor.pageText + "\nOne word more.\n")
        let afterLint = session.parses
        _ = edited.ask("textDocument/hover", at: edited.position(of: "deleted-passkey"))
        _ = edited.ask("textDocument/documentSymbol", at: nil)
        #expect(session.parses == afterLint)
    }

    @Test func aPageWrittenWithCompactMetadataIsReadAsTheParserReadsIt() throws {
        // Not yet a spec (a line before the title), with `key:value` metadata: the flow is the
        // one the parser's reader of comments finds, so its steps are offered.
        let text = """
            Draft notes.

            # Draft
            <!--spec:N9.1 flow:passkey-login platforms:ios-->

            ```gherkin
            Scenario: x
              When the user canc
            ```
            """
        let editor = Editor(text)
        let items = try #require(
            editor.ask("textDocument/completion", at: editor.position(of: "  When the user canc", offset: 20)).array)
        #expect(items.contains { $0["label"] == "the user cancels the OS prompt" }, "\(items.prefix(3))")
    }

    @Test func aFindingAboutACopyCellUnderlinesTheWholeCell() throws {
        let cell = "“Used” passkey"
        let text = Editor.pageText.replacingOccurrences(
            of: "| Title             | Can’t Sign In with a Passkey |", with: "| Title             | \(cell) |")
        let editor = Editor(text)
        let found = try #require(editor.diagnostics.first { $0["code"] == "copy-title-case" })
        let start = editor.position(of: cell)
        #expect(found["range"]["start"] == start)
        #expect(found["range"]["end"]["line"] == start["line"])
        #expect(found["range"]["end"]["character"].int == start["character"].int.map { $0 + cell.utf16.count })
    }

    @Test func anIDUsedTwiceNotesWhereItIsFirstUsed() throws {
        let text = Editor.pageText.replacingOccurrences(
            of: "<!-- scenario: lookup-failed -->", with: "<!-- scenario: account-cannot-continue -->")
        let editor = Editor(text)
        let found = try #require(editor.diagnostics.first { $0["code"] == "duplicate-scenario-id" })
        let note = try #require(found["relatedInformation"].array?.first)
        #expect(note["location"]["uri"].string == editor.uri)
        #expect(note["location"]["range"]["start"] == editor.position(of: "account-cannot-continue"))
        #expect(note["message"].string?.contains("first used here") == true)
    }
}
