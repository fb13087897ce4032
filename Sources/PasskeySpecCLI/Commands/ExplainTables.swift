import SpecModel

// The writer's guide lists every diagnostic in tables that `make guide` writes from this
// output, so that the guide reads `docs/diagnostics/` instead of repeating it by hand.

extension ExplainCommand {
    /// The Diagnostics tables of the writer's guide, as `explain --list --format markdown`
    /// prints them: per group, a `### Title` heading and a table with a row per message: its
    /// ID, its summary and the first paragraph of its fix.
    static func tables(_ groups: [CatalogueGroup]) -> String {
        groups.map { group in
            let lines = ["### \(group.title)", "", "| ID | What it means | Fix |", "| --- | --- | --- |"]
            return (lines + group.entries.map(row)).joined(separator: "\n") + "\n"
        }
        .joined(separator: "\n")
    }

    /// One message's row of the tables.
    static func row(_ entry: CatalogueEntry) -> String {
        let explanation = entry.explanation
        // Most messages are errors, which fail the command; a warning does not, so its row says so.
        let summary = explanation.summary + (entry.severity == .warning ? " (warning)" : "")
        return "| `\(entry.id.rawValue)` | \(cell(summary)) | \(cell(firstParagraph(of: explanation.fix))) |"
    }

    /// `text` as the content of a table cell: one line, and each `|` escaped, which would end
    /// the cell even inside backticks.
    static func cell(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }
            .filter { !$0.isEmpty }.joined(separator: " ")
        return line.map { $0 == "|" ? "\\|" : String($0) }.joined()
    }

    /// The text up to its first blank line: a fix's first paragraph says what to do; the
    /// ones after it, for the terminal, say more than a table cell holds.
    static func firstParagraph(of text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.allSatisfy(\.isWhitespace) }
            .joined(separator: "\n")
    }
}
