import SpecModel
import Utilities

/// `passkey-spec explain ID` and `passkey-spec explain --list [--format text|markdown]`: what
/// a diagnostic means and how to fix it, for writers who meet one; the list also as the
/// writer's guide's tables.
enum ExplainCommand {
    /// How `--list` prints: for a terminal, or as the writer's guide's Diagnostics tables.
    enum Format: String, FormatArgument {
        case text
        case markdown
    }

    struct Arguments: CommandArguments {
        var id: String?
        var list = false
        var format = Format.text

        static let declaration = ArgumentDeclaration<Self>(
            .positional(\.id, "ID", help: "A diagnostic ID, with or without its brackets.", insteadOf: \.list),
            .flag(\.list, "--list", help: "List every diagnostic ID with its one-line summary."),
            .format(
                \.format,
                help:
                    "How '--list' prints: 'text' for a terminal, 'markdown' for the writer's guide's tables of diagnostics."
            ))
    }

    static let command = Command(
        name: "explain", abstract: "Explain a diagnostic ID: what it means, an example and the fix",
        discussion: [
            """
            Explains the diagnostic with the ID printed in brackets at the end of each
            diagnostic ('empty-copy-cell' or '[empty-copy-cell]'): its severity, what it means,
            when it is reported and why, an example that triggers it, and the fix. An unknown
            ID lists the closest ones and exits 1. '--list' lists every ID with its summary.
            'passkey-spec help ID' does the same as 'passkey-spec explain ID'.
            """,
            """
            '--list --format markdown' prints the Diagnostics tables of the writer's guide: a
            '###' heading per group of messages and a table under it, a row per ID with its
            summary (warnings marked) and the first paragraph of its fix, all read from the
            explanations built into the tool (docs/diagnostics/ID.md). 'make guide' writes
            them into content/writers-guide.md.
            """,
        ],
        run: run)

    /// Text is wrapped to this many columns.
    static let width = 88

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        if arguments.list {
            console.out(arguments.format == .markdown ? tables(MessageCatalogue.groups) : listing())
            return .success
        }
        guard let argument = arguments.id else {
            console.out(command.help)
            return .usage
        }
        // One explanation is for a terminal; only the list has a Markdown form.
        guard arguments.format == .text else {
            let value = arguments.format.rawValue
            throw UsageError(
                .invalidOptionValue("--format", value: value, expected: "only 'text' with an ID"), argument: value)
        }
        return explain(argument, console: console)
    }

    /// Prints the explanation of `argument`, or the closest IDs when there is none.
    static func explain(_ argument: String, console: Console) -> ExitStatus {
        guard let entry = catalogueEntry(argument) else {
            let word = normalized(argument)
            let closest = NearestNames(MessageCatalogue.all.map(\.id.rawValue)).nearest(to: word)
            console.printUsageError(.unknownMessageID(word, closest: closest))
            return .failure
        }
        console.out(text(entry))
        return .success
    }

    /// The catalogue entry of the ID a writer typed or pasted: with or without the brackets of a
    /// diagnostic.
    static func catalogueEntry(_ argument: String) -> CatalogueEntry? {
        MessageCatalogue.entry(for: MessageID(rawValue: normalized(argument)))
    }

    static func normalized(_ argument: String) -> String {
        var word = argument.trimmingWhitespace()
        if word.hasPrefix("[") { word.removeFirst() }
        if word.hasSuffix("]") { word.removeLast() }
        return word.trimmingWhitespace().lowercased()
    }

    /// Every ID with its summary, one a line.
    static func listing() -> String {
        let entries = MessageCatalogue.all
        let width = entries.map(\.id.rawValue.count).max() ?? 0
        return entries.map {
            "\($0.id.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0))\($0.explanation.summary)"
        }
        .joined(separator: "\n") + "\n"
    }

    /// The full explanation of one message.
    static func text(_ entry: CatalogueEntry) -> String {
        let id = entry.id
        let explanation = entry.explanation
        let sample = entry.sample
        var lines = ["\(id.rawValue) (\(sample.severity.rawValue))", ""]
        lines += wrap(explanation.summary, width: width)
        lines.append("")
        lines += wrap(explanation.detail, width: width)
        lines.append("")
        lines.append("Reads like:")
        lines += wrap("\(sample.severity.rawValue): \(sample.text) [\(id.rawValue)]", width: width - 2).map {
            "  " + $0
        }
        lines.append("")
        lines.append("Example:")
        lines += explanation.example.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? "" : "  " + $0
        }
        lines.append("")
        lines += wrap("Fix: " + explanation.fix, width: width)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Words of `text` in lines of at most `width` characters (a longer word gets a line of
    /// its own); paragraphs separated by blank lines stay separate.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for (index, paragraph) in text.components(separatedBy: "\n\n").enumerated() {
            if index > 0 { lines.append("") }
            var line = ""
            for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= width {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            if !line.isEmpty { lines.append(line) }
        }
        return lines
    }
}
