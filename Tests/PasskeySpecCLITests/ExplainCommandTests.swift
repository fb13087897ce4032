import Foundation
import SpecModel
import Testing

@testable import PasskeySpecCLI

@Suite struct ExplainCommandTests {
    @Test(arguments: MessageCatalogue.all.map(\.id))
    func explainsEveryID(_ id: MessageID) throws {
        let entry = try #require(MessageCatalogue.entry(for: id))
        let result = InProcess.run(["explain", id.rawValue])
        #expect(result.status == .success)
        #expect(result.stderr == "")
        #expect(result.stdout == ExplainCommand.text(entry))
        #expect(result.stdout.hasPrefix("\(id.rawValue) (\(entry.severity.rawValue))\n\n"))
        #expect(result.stdout.contains("\nExample:\n"))
        #expect(result.stdout.contains("\nFix: "))
        let words = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for part in [entry.explanation.summary, entry.explanation.detail, entry.explanation.fix] {
            #expect(words.contains(part.split(whereSeparator: \.isWhitespace).joined(separator: " ")))
        }
    }

    /// The executable prints the explanation on standard output and exits with 0.
    @Test func explainsAnIDThroughTheBinary() async throws {
        let entry = try #require(MessageCatalogue.entry(for: "empty-copy-cell"))
        let result = try await BinaryRunner.run(["explain", "empty-copy-cell"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == ExplainCommand.text(entry))
    }

    @Test func theTextHasEveryPartInOrder() throws {
        let text = ExplainCommand.text(try #require(MessageCatalogue.entry(for: "empty-copy-cell")))
        let parts = [
            "empty-copy-cell (error)", "A cell of a copy table is empty.", "A copy cell is never empty",
            "Reads like:\n  error: empty 'Title' cell for Android", "Example:\n  | Title | Unable to Sign In |  |",
            "Fix: Write the copy",
        ]
        let positions = parts.map { text.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(text)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= ExplainCommand.width + 2 || $0.hasPrefix("  |") })
    }

    @Test(arguments: ["empty-copy-cell", "unknown-trigger-name", "copy-title-case", "unknown-message-id"])
    func helpWithAnIDIsExplain(id: String) throws {
        let explain = InProcess.run(["explain", id])
        let help = InProcess.run(["help", id])
        #expect(help.status == .success)
        #expect(help.stdout == explain.stdout)
        #expect(help.stderr == "")
    }

    @Test func acceptsTheIDWithTheBracketsOfADiagnostic() throws {
        let plain = InProcess.run(["explain", "empty-copy-cell"])
        for argument in ["[empty-copy-cell]", " [empty-copy-cell] "] {
            let bracketed = InProcess.run(["explain", argument])
            #expect(bracketed.status == .success)
            #expect(bracketed.stdout == plain.stdout)
        }
        let help = InProcess.run(["help", "[trigger-raw-value]"])
        #expect(help.status == .success)
        #expect(help.stdout.hasPrefix("trigger-raw-value (error)\n"))
    }

    @Test func anUnknownIDListsTheClosestAndExits1() throws {
        let result = InProcess.run(["explain", "empty-cell"])
        #expect(result.status == .failure)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "passkey-spec: error: no diagnostic has the ID 'empty-cell'; the closest are 'empty-file', 'empty-copy-cell', 'binary-file' [unknown-message-id]\n"
        )
        let help = InProcess.run(["help", "[triger-raw-value]"])
        #expect(help.status == .failure)
        #expect(
            help.stderr.contains("no diagnostic has the ID 'triger-raw-value'; the closest are 'trigger-raw-value'"))
        #expect(help.stderr.hasSuffix(" [unknown-message-id]\n"))
    }

    @Test func helpWithAMisspeltCommandStillSuggestsTheCommand() throws {
        let result = InProcess.run(["help", "lnt"])
        #expect(result.status == .usage)
        #expect(result.stderr.contains("unknown command 'lnt'; did you mean 'lint'?"))
        #expect(result.stderr.contains("[unknown-command]\n  passkey-spec help lnt\n"))
    }

    @Test func listsEveryIDWithItsSummary() throws {
        let result = InProcess.run(["explain", "--list"])
        #expect(result.status == .success)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == MessageCatalogue.all.count)
        for (line, entry) in zip(lines, MessageCatalogue.all) {
            #expect(line.hasPrefix(entry.id.rawValue + " "))
            #expect(line.hasSuffix("  " + entry.explanation.summary))
        }
    }

    @Test func takesOneIDOrTheList() throws {
        let two = InProcess.run(["explain", "empty-file", "binary-file"])
        #expect(two.status == .usage)
        #expect(
            two.stderr.hasPrefix(
                "passkey-spec: error: 'explain' takes no argument 'binary-file' [unexpected-argument]\n"))
        let listAndID = InProcess.run(["explain", "--list", "empty-file"])
        #expect(listAndID.status == .usage)
        #expect(listAndID.stderr.contains("[unexpected-argument]"))
        let none = InProcess.run(["explain"])
        #expect(none.status == .usage)
        #expect(none.stdout.hasPrefix("USAGE: passkey-spec explain (ID | --list)"))
    }

    @Test func theToolsHelpListsExplain() throws {
        let result = InProcess.run(["--help"])
        #expect(result.stdout.contains("\n  explain  "))
        #expect(result.stdout.contains("'passkey-spec explain ID'"))
    }
}

@Suite struct WritersGuideTests {
    static let guide = BinaryRunner.packageRoot.appendingPathComponent("content/writers-guide.md")

    @Test func theGuideNamesEveryDiagnosticIDInBackticks() throws {
        let text = try String(contentsOf: Self.guide, encoding: .utf8)
        let missing = MessageCatalogue.all.map(\.id).filter { !text.contains("`\($0.rawValue)`") }
        #expect(missing.isEmpty, "the writer's guide does not name: \(missing)")
        #expect(text.contains("passkey-spec explain"))
    }

    /// The Diagnostics tables list one ID a row, grouped and ordered as `explain --list` lists
    /// them, so the catalogue the command line assembles keeps the guide's order.
    @Test func theGuideListsTheIDsInTheCataloguesOrder() throws {
        let text = try String(contentsOf: Self.guide, encoding: .utf8)
        let diagnostics = try #require(text.range(of: "\n## Diagnostics\n")).upperBound
        let rows = text[diagnostics...].split(separator: "\n").compactMap { line -> MessageID? in
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            return MessageID(rawValue: String(line[line.index(line.startIndex, offsetBy: 3)..<end]))
        }
        #expect(rows == MessageCatalogue.all.map(\.id))
    }

    @Test func theGuideAddsNoDiagnostic() throws {
        let result = InProcess.run(["lint", Self.guide.path])
        #expect(result.status == .success)
        #expect(result.stderr == "", "\(result.stderr)")
    }
}
