import Foundation
import Pipeline
import SpecModel
import Testing

@testable import LanguageServer

@Suite struct CompletionTests {
    static let anchor = "  Then the user sees the \"deleted-passkey\" copy"

    func labels(_ result: JSONValue) -> [String] { result.array?.compactMap { $0["label"].string } ?? [] }

    @Test func aCheckBlockOffersTheFlowsStepsAsSnippets() throws {
        let text = Editor.pageText.replacingOccurrences(of: Self.anchor, with: Self.anchor + "\n  And the us")
        let editor = Editor(text)
        let items = try #require(
            editor.ask("textDocument/completion", at: editor.position(of: "  And the us", offset: 12)).array)
        let sees = try #require(items.first { $0["label"] == "the user sees the \"<scenario>\" copy" })
        #expect(sees["insertTextFormat"] == 2)
        let snippet = try #require(sees["textEdit"]["newText"].string)
        #expect(snippet.hasPrefix("the user sees the \"${1|"))
        #expect(snippet.contains("deleted-passkey"))
        #expect(sees["documentation"].string?.isEmpty == false)
        // The edit replaces what was typed after the keyword.
        #expect(sees["textEdit"]["range"]["start"]["character"] == 6)
        #expect(sees["textEdit"]["range"]["end"]["character"] == 12)
    }

    @Test func aClientWithoutSnippetsGetsTheStepsPhrase() throws {
        let text = Editor.pageText.replacingOccurrences(of: Self.anchor, with: Self.anchor + "\n  And the us")
        let editor = Editor(text, snippets: false)
        let items = try #require(
            editor.ask("textDocument/completion", at: editor.position(of: "  And the us", offset: 12)).array)
        let sees = try #require(items.first { $0["label"] == "the user sees the \"<scenario>\" copy" })
        #expect(sees["insertTextFormat"] == 1)
        #expect(sees["textEdit"]["newText"] == "the user sees the \"<scenario>\" copy")
    }

    @Test func aStepWithoutKeywordGetsOneWithIt() throws {
        let text = Editor.pageText.replacingOccurrences(of: Self.anchor, with: Self.anchor + "\n  the us")
        let editor = Editor(text)
        let items = try #require(
            editor.ask("textDocument/completion", at: editor.position(of: "  the us", offset: 8)).array)
        let sees = try #require(items.first { $0["label"] == "the user sees the \"<scenario>\" copy" })
        #expect(sees["textEdit"]["newText"].string?.hasPrefix("Then the user sees") == true)
    }

    @Test func aStepsQuotesOfferScenarioIDsOrActionIDs() throws {
        let text = Editor.pageText.replacingOccurrences(
            of: Self.anchor, with: Self.anchor + "\n  And the user sees the \"\" copy\n  When the user chooses \"re\"")
        let editor = Editor(text)
        let scenarios = labels(
            editor.ask("textDocument/completion", at: editor.position(of: "sees the \"\" copy", offset: 10)))
        #expect(scenarios.contains("deleted-passkey"))
        #expect(scenarios.contains("lookup-failed"))
        #expect(!scenarios.contains("retry"))
        let actions = try #require(
            editor.ask("textDocument/completion", at: editor.position(of: "chooses \"re\"", offset: 11)).array)
        #expect(actions.contains { $0["label"] == "retry" })
        #expect(!actions.contains { $0["label"] == "deleted-passkey" })
        let retry = try #require(actions.first { $0["label"] == "retry" })
        // The value between the quotes is replaced, the quotes kept.
        #expect(
            retry["textEdit"]["range"]["end"]["character"].int
                == retry["textEdit"]["range"]["start"]["character"].int.map { $0 + 2 })
    }

    @Test func aTriggerCellOffersItsPlatformsNativeNamesWithRawValues() throws {
        let editor = Editor()
        let ios = try #require(
            editor.ask(
                "textDocument/completion",
                at: editor.position(of: "`ASAuthorizationError.Code.failed` (1004)", offset: 5)
            )
            .array)
        let canceled = try #require(ios.first { $0["label"] == "ASAuthorizationError.Code.canceled" })
        #expect(canceled["detail"] == "1001")
        #expect(!ios.contains { $0["label"] == "NoCredentialException" })
        let android = labels(
            editor.ask(
                "textDocument/completion",
                at: editor.position(of: "`GetCredentialUnsupportedException`", occurrence: 1, offset: 4)))
        #expect(android.contains("NoCredentialException"))
        #expect(!android.contains("ASAuthorizationError.Code.canceled"))
        // Every name the lint accepts there: transport errors and server answers too.
        #expect(ios.contains { $0["label"] == "URLError.Code.timedOut" })
        #expect(ios.contains { $0["label"] == "HTTP 5xx" })
        let answer = try #require(ios.first { $0["label"] == "credential-not-found" })
        #expect(answer["documentation"].string?.contains("'deleted-passkey'") == true)
        #expect(android.contains("SocketTimeoutException"))
        #expect(!android.contains("URLError.Code.timedOut"))
    }

    @Test func aCriterionIDBeingTypedIsCompleted() throws {
        let editor = Editor()
        let items = labels(
            editor.ask("textDocument/completion", at: editor.position(of: "**N1.4-AC01–AC03", offset: 10)))
        #expect(items == ["N1.4-AC01", "N1.4-AC02", "N1.4-AC03", "N1.4-AC04", "N1.4-AC05"])
    }

    @Test func aMetadataCommentOffersKeysAndFlowNames() throws {
        let editor = Editor()
        let flows = labels(
            editor.ask("textDocument/completion", at: editor.position(of: "flow: passkey-login", offset: 6)))
        #expect(flows == FlowCatalogue.registered.flows.map(\.id))
        let platforms = labels(
            editor.ask("textDocument/completion", at: editor.position(of: "platforms: ios", offset: 11)))
        #expect(platforms.contains("android"))
        let keys = labels(
            editor.ask("textDocument/completion", at: editor.position(of: "<!-- section: general", offset: 35)))
        #expect(keys.contains("kind:"))
        #expect(!keys.contains("section:"))
    }

    @Test func plainProseOffersNothing() throws {
        let editor = Editor()
        #expect(editor.ask("textDocument/completion", at: editor.position(of: "This page covers", offset: 3)) == [])
    }
}
