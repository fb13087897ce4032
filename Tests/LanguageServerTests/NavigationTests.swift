import Foundation
import Pipeline
import SpecModel
import Testing

@testable import LanguageServer

@Suite struct NavigationTests {
    func line(_ editor: Editor, _ text: String) -> Int? { editor.lines.firstIndex { $0.hasPrefix(text) } }

    @Test func definitionGoesToTheScenarioHeadingAndTheCriterionRow() throws {
        let editor = Editor()
        let scenario = editor.ask(
            "textDocument/definition", at: editor.position(of: "sees the \"deleted-passkey\"", offset: 12))
        #expect(scenario["uri"].string == editor.uri)
        #expect(scenario["range"]["start"]["line"].int == line(editor, "### Error: tried deleted passkey"))
        let criterion = editor.ask("textDocument/definition", at: editor.position(of: "exists (N1.4-AC03)", offset: 10))
        #expect(criterion["range"]["start"]["line"].int == line(editor, "| N1.4-AC03 |"))
        #expect(criterion["range"]["start"]["character"] == 2)
        #expect(editor.ask("textDocument/definition", at: editor.position(of: "This page covers")) == .null)
    }

    @Test func referencesAreEveryStepThatNamesTheScenario() throws {
        let editor = Editor()
        let steps = editor.text.components(separatedBy: "\"deleted-passkey\"").count - 1
        let position = editor.position(of: "<!-- scenario: deleted-passkey", offset: 18)
        let all = try #require(
            editor.ask("textDocument/references", at: position, ["context": ["includeDeclaration": true]]).array)
        #expect(all.count == steps + 1)
        let uses = try #require(
            editor.ask("textDocument/references", at: position, ["context": ["includeDeclaration": false]]).array)
        #expect(uses.count == steps)
        for use in uses {
            let line = editor.lines[use["range"]["start"]["line"].int ?? 0]
            let start = line.utf16.index(line.startIndex, offsetBy: use["range"]["start"]["character"].int ?? 0)
            #expect(line[start...].hasPrefix("deleted-passkey\""))
        }
    }

    @Test func theOutlineNestsSectionsScenariosCriteriaAndChecks() throws {
        let editor = Editor()
        let symbols = try #require(editor.ask("textDocument/documentSymbol", at: nil).array)
        #expect(symbols.count == 1)
        let spec = try #require(symbols.first)
        #expect(spec["name"] == "Passkey Login: Error States")
        let sections = try #require(spec["children"].array)
        #expect(
            sections.map { $0["name"].string ?? "" } == [
                "General login errors", "Passkey login errors", "Acceptance criteria", "References",
            ])
        let first = try #require(sections[0]["children"].array?.first)
        #expect(first["detail"] == "account-cannot-continue")
        #expect(first["children"].array?.count == 5)
        let criteria = try #require(sections[2]["children"].array)
        #expect(criteria.map { $0["name"].string ?? "" } == (1...5).map { "N1.4-AC0\($0)" })
        #expect(criteria.allSatisfy { ($0["children"].array?.count ?? 0) > 0 })
        // Every symbol's selection lies within its range.
        func check(_ symbol: JSONValue) {
            let range = symbol["range"], selection = symbol["selectionRange"]
            #expect((range["start"]["line"].int ?? 0) <= (selection["start"]["line"].int ?? -1))
            #expect((selection["end"]["line"].int ?? .max) <= (range["end"]["line"].int ?? 0))
            symbol["children"].array?.forEach(check)
        }
        check(spec)
    }

    @Test func renameRefusesAnIDTheFlowDoesNotKnow() throws {
        let editor = Editor()
        let position = editor.position(of: "sees the \"deleted-passkey\"", offset: 12)
        // The page has every scenario of its flow: refused before a new name is typed.
        let preparedReply = editor.reply("textDocument/prepareRename", at: position)
        let prepared = try #require(preparedReply)
        #expect(prepared["error"]["code"] == .number(-32803))
        #expect(prepared["error"]["message"].string?.contains("already has every scenario of the flow") == true)
        let refusal = editor.reply("textDocument/rename", at: position, ["newName": "removed-passkey"])
        let refused = try #require(refusal)
        #expect(refused["error"]["code"] == .number(-32803))
        #expect(refused["error"]["message"].string?.contains("has no scenario 'removed-passkey'") == true)
        let takenReply = editor.reply("textDocument/rename", at: position, ["newName": "lookup-failed"])
        let taken = try #require(takenReply)
        #expect(taken["error"]["message"].string?.contains("already has") == true)
        #expect(editor.ask("textDocument/prepareRename", at: editor.position(of: "This page covers")) == .null)
    }

    @Test func renameChangesTheCommentAndEveryStepToAnotherIDOfTheFlow() throws {
        // A page whose `deleted-passkey` scenario is written as another of the flow's IDs, so
        // that renaming it back is a rename to an ID the flow knows and the page does not use.
        let flow = FlowCatalogue.registered.flows[0]
        #expect(flow.scenarios.contains("deleted-passkey"))
        let text = Editor.pageText.replacingOccurrences(of: "deleted-passkey", with: "deleted-passkey-old")
        let editor = Editor(text)
        let position = editor.position(of: "<!-- scenario: deleted-passkey-old", offset: 18)
        #expect(editor.ask("textDocument/prepareRename", at: position)["placeholder"] == "deleted-passkey-old")
        let result = editor.ask("textDocument/rename", at: position, ["newName": "deleted-passkey"])
        let edits = try #require(result["changes"][editor.uri].array)
        #expect(edits.count == Editor.pageText.components(separatedBy: "\"deleted-passkey\"").count)
        #expect(editor.applying(edits) == Editor.pageText)
    }
}
