import Foundation
import Testing

@testable import LanguageServer

@Suite struct FormattingTests {
    /// The text with the blanks around bars, and a delimiter row's padding dashes, removed:
    /// what formatting may not change.
    static func essence(_ text: String) -> String {
        text.components(separatedBy: "\n").map { line in
            var squeezed = line.replacingOccurrences(of: #"[ \t]*\|[ \t]*"#, with: "|", options: .regularExpression)
            if squeezed.contains("|"), squeezed.allSatisfy({ "|:- ".contains($0) }) {
                squeezed = squeezed.replacingOccurrences(of: "-+", with: "-", options: .regularExpression)
            }
            return squeezed
        }.joined(separator: "\n")
    }

    static let messy = Editor.pageText.replacingOccurrences(of: "| Title             |", with: "|Title|")
        .replacingOccurrences(of: "| ----------------- | --- | ------- |", with: "|-|:-:|--:|")
        .replacingOccurrences(of: "| Action `retry`    | Try Again |", with: "|   Action `retry` |Try Again|")

    func formatted(_ text: String, utf8: Bool = false) throws -> (Editor, String) {
        let editor = Editor(text, utf8: utf8)
        let edits = try #require(
            editor.ask("textDocument/formatting", at: nil, ["options": ["tabSize": 4, "insertSpaces": true]]).array)
        return (editor, editor.applying(edits))
    }

    @Test(arguments: [false, true]) func tablesAlignAndNothingElseChanges(utf8: Bool) throws {
        let (_, text) = try formatted(Self.messy, utf8: utf8)
        #expect(text != Self.messy)
        #expect(Self.essence(text) == Self.essence(Self.messy))
        // Every row of a table has its bars at the same columns, counted in characters.
        let lines = text.components(separatedBy: "\n")
        let row = try #require(
            lines.firstIndex { $0.hasPrefix("| Title ") && $0.contains("Can’t Sign In with a Passkey") })
        let bars = { (line: String) in
            line.indices.filter { line[$0] == "|" }.map { line.distance(from: line.startIndex, to: $0) }
        }
        #expect(bars(lines[row]) == bars(lines[row - 1]))
        #expect(bars(lines[row]) == bars(lines[row + 1]))
        // The alignment row keeps its colons.
        #expect(
            lines.contains { $0.hasPrefix("| ---") && $0.contains(" :---") && $0.contains(":") && $0.hasSuffix("-: |") }
        )
    }

    @Test func formattingTwiceChangesNothingTheSecondTime() throws {
        let (_, once) = try formatted(Self.messy)
        let editor = Editor(once)
        #expect(
            editor.ask("textDocument/formatting", at: nil, ["options": ["tabSize": 4, "insertSpaces": true]]) == [])
    }

    @Test func tablesInCodeBlocksAndProseAreLeftAlone() throws {
        let text = "# T\n\nSome | prose\n\n```\n|a|b|\n|-|-|\n```\n\n|a|b|\n|-|-|\n|’|c|\n"
        let (_, formatted) = try formatted(text)
        #expect(
            formatted
                == "# T\n\nSome | prose\n\n```\n|a|b|\n|-|-|\n```\n\n| a   | b   |\n| --- | --- |\n| ’   | c   |\n")
    }

    @Test func aHalfTypedPageIsAnsweredWithoutACrash() throws {
        let broken = "# T\n<!-- spec: N1\n```gherkin\n  Given \"\n|a|\n|-\n<!-- scenario:"
        let editor = Editor(broken)
        for line in 0..<9 {
            for character in [0, 1, 3, 8, 40] {
                let position: JSONValue = ["line": .number(Double(line)), "character": .number(Double(character))]
                for method in [
                    "textDocument/completion", "textDocument/hover", "textDocument/definition",
                    "textDocument/references", "textDocument/prepareRename",
                ] {
                    let reply = editor.reply(method, at: position, ["context": ["includeDeclaration": true]])
                    #expect(reply?["error"].isNull == true, "\(method) at \(line):\(character)")
                }
                let rename = editor.reply("textDocument/rename", at: position, ["newName": "x"])
                #expect(rename?["error"]["message"].string?.isEmpty == false)
            }
        }
        #expect(editor.ask("textDocument/documentSymbol", at: nil) == [])
        #expect(editor.reply("textDocument/formatting", at: nil)?["error"].isNull == true)
        let stray: JSONValue = [
            "code": "undefined-step", "message": "x",
            "range": ["start": ["line": 3, "character": 0], "end": ["line": 3, "character": 1]],
        ]
        #expect(
            editor.ask(
                "textDocument/codeAction", at: nil,
                ["range": stray["range"], "context": ["diagnostics": [stray]]]) == [])
    }
}
