import Foundation
import Pipeline
import SpecModel
import Testing

@testable import LanguageServer

@Suite struct HoverTests {
    func markdown(_ result: JSONValue) -> String { result["contents"]["value"].string ?? "" }

    @Test func aStepShowsItsSummary() throws {
        let editor = Editor()
        let pattern = try #require(
            FlowCatalogue.registered.flows[0].steps.patterns.first { $0.display.hasPrefix("the enumeration policy is") }
        )
        let hover = editor.ask(
            "textDocument/hover", at: editor.position(of: "Given the enumeration policy is", offset: 10))
        #expect(markdown(hover).contains(pattern.summary))
    }

    @Test func aWindowsFileIsReadLineByLine() throws {
        // `\r\n` is one Character to Swift: a page saved with Windows line breaks still has
        // its steps, and its findings, on their own lines.
        let pattern = try #require(
            FlowCatalogue.registered.flows[0].steps.patterns.first { $0.display.hasPrefix("the enumeration policy is") }
        )
        let straight = Editor.pageText.replacingOccurrences(of: "Can’t", with: "Can't")
        let lines = straight.split(separator: "\n", omittingEmptySubsequences: false)
        let editor = Editor(lines.joined(separator: "\r\n"))
        let step = try #require(lines.firstIndex { $0.contains("Given the enumeration policy is") })
        // The step's line is ASCII up to the step: its bytes count as UTF-16 units.
        let column = try #require(lines[step].utf8.firstIndex(of: UInt8(ascii: "G")))
        let character = lines[step].utf8.distance(from: lines[step].startIndex, to: column) + 10
        let hover = editor.ask(
            "textDocument/hover", at: ["line": .number(Double(step)), "character": .number(Double(character))])
        #expect(markdown(hover).contains(pattern.summary))
        let quote = try #require(editor.client.diagnostics(editor.uri)?.first { $0["code"] == "copy-straight-quote" })
        let line = try #require(quote["range"]["start"]["line"].int)
        #expect(lines[line].contains("Can't"))
    }

    @Test func aScenarioIDShowsItsTitleAndCopyPerPlatform() throws {
        let editor = Editor()
        for position in [
            editor.position(of: "sees the \"deleted-passkey\"", offset: 12),
            editor.position(of: "<!-- scenario: deleted-passkey", offset: 18),
        ] {
            let text = markdown(editor.ask("textDocument/hover", at: position))
            #expect(text.contains("Error: tried deleted passkey"))
            #expect(text.contains("*iOS*"))
            #expect(text.contains("*Android*"))
        }
    }

    @Test func aNativeNameShowsWhatItMeansItsSourceAndWhereItLeads() throws {
        let editor = Editor()
        let text = markdown(
            editor.ask(
                "textDocument/hover", at: editor.position(of: "`ASAuthorizationError.Code.failed` (1004)", offset: 10)))
        #expect(text.contains("1004"))
        #expect(text.contains("Source: ["))
        #expect(text.contains("`passkey-unavailable`"))
    }

    @Test func aServerAnswerShowsWhereTheEngineSendsIt() throws {
        let editor = Editor()
        let text = markdown(
            editor.ask("textDocument/hover", at: editor.position(of: "answers `credential-not-found`, or", offset: 12)))
        #expect(text.contains("**`credential-not-found`** (iOS): the engine sends it to `deleted-passkey`."))
    }

    @Test func aCriterionShowsItsStatementAndItsVerdictsOnceChecked() throws {
        let editor = Editor()
        let position = editor.position(of: "exists (N1.4-AC03)", offset: 10)
        let before = markdown(editor.ask("textDocument/hover", at: position))
        #expect(before.contains("A lookup timeout, network problem or server error"))
        #expect(before.contains("Verdicts appear once"))
        editor.client.server.idle()
        let after = markdown(editor.ask("textDocument/hover", at: position))
        #expect(after.contains("iOS: passed"))
        #expect(after.contains("Android: passed"))
    }

    @Test func aDiagnosticsRangeShowsItsExplanation() throws {
        let editor = Editor(
            Editor.pageText.replacingOccurrences(
                of: "Then the user sees the \"deleted-passkey\" copy",
                with: "Then the user sees the \"deleted-pasky\" copy"))
        let explanation = try #require(MessageExplanation.documented["step-names-unknown-scenario"])
        let text = markdown(editor.ask("textDocument/hover", at: editor.position(of: "deleted-pasky", offset: 3)))
        #expect(text.contains("[step-names-unknown-scenario]"))
        #expect(text.contains(explanation.summary))
    }

    @Test(arguments: [false, true]) func positionsAfterNonASCIICountInTheNegotiatedEncoding(utf8: Bool) throws {
        let editor = Editor(utf8: utf8)
        // The Android Trigger cell of `passkey-failed` has curly quotes before this name.
        let position = editor.position(of: "`GetCredentialUnknownException`", offset: 3)
        let hover = editor.ask("textDocument/hover", at: position)
        #expect(markdown(hover).contains("**`GetCredentialUnknownException`** (Android"))
        #expect(hover["range"]["start"]["character"].int == position["character"].int.map { $0 - 2 })
        let line = try #require(editor.lines[position["line"].int ?? 0].range(of: "GetCredentialUnknownException"))
        let prefix = editor.lines[position["line"].int ?? 0][..<line.lowerBound]
        #expect(hover["range"]["start"]["character"].int == (utf8 ? prefix.utf8.count : prefix.utf16.count))
        #expect(prefix.utf8.count != prefix.utf16.count)
    }

    @Test func nothingToSayIsNull() throws {
        let editor = Editor()
        #expect(editor.ask("textDocument/hover", at: editor.position(of: "This page covers", offset: 3)) == .null)
    }
}
