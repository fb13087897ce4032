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
        #expect(none.stdout.hasPrefix("USAGE: passkey-spec explain (ID | --list) [--format text|markdown]\n"))
    }

    /// `--list --format markdown` prints a `###` heading and a table per group of the
    /// catalogue, in its order, with a row per ID: the ID, the summary and the fix's first
    /// paragraph, each a cell of its own.
    @Test func theMarkdownListIsATablePerGroup() throws {
        let result = InProcess.run(["explain", "--list", "--format", "markdown"])
        #expect(result.status == .success)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("### ") && result.stdout.hasSuffix(" |\n"))
        let sections = ("\n\n" + result.stdout).components(separatedBy: "\n\n### ").dropFirst()
        #expect(sections.map { $0.prefix { $0 != "\n" } } == MessageCatalogue.groups.map { Substring($0.title) })
        for (section, group) in zip(sections, MessageCatalogue.groups) {
            let lines = section.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.prefix(4) == [group.title, "", "| ID | What it means | Fix |", "| --- | --- | --- |"])
            let rows = lines.dropFirst(4).filter { !$0.isEmpty }
            #expect(rows.count == group.entries.count, "\(group.title)")
            for (row, entry) in zip(rows, group.entries) {
                let cells = Self.cells(row).map(Self.unescaped)
                #expect(cells.count == 3, "\(row)")
                guard cells.count == 3 else { continue }
                let explanation = entry.explanation
                let fix = explanation.fix.components(separatedBy: "\n\n")[0]
                #expect(cells[0] == "`\(entry.id.rawValue)`")
                #expect(cells[1].hasPrefix(explanation.summary), "\(row)")
                #expect(cells[2] == fix.split(whereSeparator: \.isWhitespace).joined(separator: " "), "\(row)")
            }
        }
    }

    /// Each cell is one line with `|` escaped, so a fix that quotes a table keeps its row whole.
    @Test func aCellIsOneLineWithItsBarsEscaped() throws {
        #expect(ExplainCommand.cell("Use 'A | B'\nand C.") == "Use 'A \\| B' and C.")
        let tables = InProcess.run(["explain", "--list", "--format", "markdown"]).stdout
        #expect(
            tables.contains(
                "| `criteria-table-columns` | The criteria table does not have exactly the four expected columns. | Rename the columns to 'ID \\| Level \\| Acceptance criterion \\| How to verify'. |\n"
            ))
    }

    /// A fix of several paragraphs gives its first to the table; the others stay for `explain ID`.
    @Test func aRowHoldsTheFirstParagraphOfTheFix() throws {
        let entry = try #require(MessageCatalogue.entry(for: "unknown-trigger-name"))
        #expect(entry.explanation.fix.contains("\n\n"))
        let row = ExplainCommand.row(entry)
        #expect(row.hasSuffix(" | Correct the name as the message suggests, or move it to its platform's column. |"))
        #expect(ExplainCommand.firstParagraph(of: "One\nline.\n\nTwo.") == "One\nline.")
    }

    /// A warning's summary says so, as the guide marks them; an error's does not.
    @Test func aWarningIsMarked() throws {
        let warning = try #require(MessageCatalogue.entry(for: "copy-trailing-period"))
        #expect(warning.severity == .warning)
        #expect(ExplainCommand.row(warning).contains(" | A title or button ends with a period. (warning) | "))
        for entry in MessageCatalogue.all {
            let summary = Self.cells(ExplainCommand.row(entry))[1]
            #expect(summary.hasSuffix(" (warning)") == (entry.severity == .warning), "\(entry.id)")
        }
    }

    /// The Markdown form is the list's; one ID is explained for a terminal, and a format the
    /// command does not have is refused with the ones it has.
    @Test func onlyTheListHasAMarkdownForm() throws {
        let one = InProcess.run(["explain", "empty-file", "--format", "markdown"])
        #expect(one.status == .usage)
        #expect(one.stdout == "")
        #expect(
            one.stderr.hasPrefix(
                "passkey-spec: error: option '--format' takes only 'text' with an ID, not 'markdown' [invalid-option-value]\n"
            ))
        #expect(
            InProcess.run(["explain", "empty-file", "--format", "text"]).stdout
                == InProcess.run(["explain", "empty-file"]).stdout)
        #expect(
            InProcess.run(["explain", "--list", "--format", "text"]).stdout
                == InProcess.run(["explain", "--list"]).stdout)
        let json = InProcess.run(["explain", "--list", "--format", "json"])
        #expect(json.status == .usage)
        #expect(
            json.stderr.hasPrefix(
                "passkey-spec: error: unsupported format 'json'; supported formats are 'text', 'markdown' [unsupported-format]\n"
            ))
    }

    /// The cells of a table row, `|` inside a cell escaped as `\|`.
    static func cells(_ row: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var previous: Character?
        for character in row {
            if character == "|", previous != "\\" {
                cells.append(cell.trimmingWhitespace())
                cell = ""
            } else {
                cell.append(character)
            }
            previous = character
        }
        // The text before the first bar and after the last is no cell.
        return Array(cells.dropFirst())
    }

    /// A cell's text as written, its bars unescaped.
    static func unescaped(_ cell: String) -> String {
        cell.replacingOccurrences(of: "\\|", with: "|")
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

    /// The two lines `make guide` writes the tables between, as `scripts/splice-guide.sh`
    /// has them.
    static let markers = (
        start:
            "<!-- The Diagnostics tables below are written by 'make guide' from docs/diagnostics/; edit those files, not the tables. -->",
        end: "<!-- End of the Diagnostics tables. -->"
    )

    /// The guide's tables are the ones `explain --list --format markdown` prints from
    /// `docs/diagnostics/`, between the markers `make guide` splices them into.
    @Test func theGuidesTablesAreTheExplanationFiles() throws {
        let text = try String(contentsOf: Self.guide, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: Self.markers.start), "no start marker in the guide")
        let end = try #require(lines.firstIndex(of: Self.markers.end), "no end marker in the guide")
        #expect(lines.filter { $0 == Self.markers.start || $0 == Self.markers.end }.count == 2)
        try #require(start < end)
        let tables = lines[(start + 1)..<end].joined(separator: "\n").trimmingWhitespace() + "\n"
        let printed = InProcess.run(["explain", "--list", "--format", "markdown"]).stdout
        #expect(
            tables == printed,
            "the Diagnostics tables of content/writers-guide.md differ from docs/diagnostics/; run `make guide`")
        #expect(text.hasSuffix(Self.markers.end + "\n"), "the tables end the guide")
        let script = try String(
            contentsOf: BinaryRunner.packageRoot.appendingPathComponent("scripts/splice-guide.sh"), encoding: .utf8)
        #expect(
            script.contains("start=\"\(Self.markers.start)\"\n") && script.contains("end=\"\(Self.markers.end)\"\n"))
    }

    /// The built page shows each cell as written: the markers, comments, do not show, and no
    /// summary or fix holds HTML outside backticks, which the site would drop.
    @Test func theBuiltGuideShowsTheTablesAsWritten() throws {
        let page = try String(
            contentsOf: BinaryRunner.packageRoot.appendingPathComponent("site/writers-guide.html"), encoding: .utf8)
        #expect(!page.contains("raw HTML omitted"))
        #expect(!page.contains("End of the Diagnostics tables"))
        #expect(page.contains("<h3 id=\"explaining-diagnostics\">"))
    }

    @Test func theGuideAddsNoDiagnostic() throws {
        let result = InProcess.run(["lint", Self.guide.path])
        #expect(result.status == .success)
        #expect(result.stderr == "", "\(result.stderr)")
    }
}
