import Foundation
import Pipeline
import ReportModel
import SpecModel
import Utilities

/// `passkey-spec diff [CONTENT] [--since GIT-REF | --against DIR] [--format text|markdown|json]`:
/// what changed in the model and the run since a git revision or a built site, by stable ID.
enum DiffCommand {
    /// What `diff` prints: for a terminal, a pull-request comment, or tools.
    enum Format: String, FormatArgument {
        case text
        case markdown
        case json
    }

    struct Arguments: CommandArguments {
        var content = "content"
        var since: String?
        var against: String?
        var format = Format.text

        static let declaration = ArgumentDeclaration<Self>(
            .positional(\.content, "CONTENT", help: "The content folder or file, or a folder a build wrote."),
            .option(
                \.since, "--since", value: "GIT-REF",
                help:
                    "Compare with the content at this git revision (default: what the Changes page compares with: the commit before the content's newest change, or HEAD while the content has uncommitted changes)."
            ),
            .option(
                \.against, "--against", value: "DIR",
                help: "Compare with the site 'build' wrote into DIR: its exports/spec.json and exports/report.json."),
            .format(\.format, help: "'text' for a terminal, 'markdown' for a pull-request comment, 'json' for tools."),
            exclusive: [[\Self.since, \Self.against]])
    }

    static let command = Command(
        name: "diff", abstract: "List what changed in the spec and its verdicts since a revision or a build",
        discussion: [
            """
            Compares the model and the run of CONTENT (default: content) with an earlier one:
            the content at a git revision ('--since'), parsed and run with the same flows, or a
            site that 'build' wrote ('--against DIR'). Without either, it compares with what the
            site's Changes page compares with: the commit before the content's newest change, or
            HEAD while the content has uncommitted changes, and lists the same changes. CONTENT may be a built
            site too. It lists, by stable ID: criteria whose wording changed (first, flagged
            with ⚠), copy strings added, removed and reworded (old and new text), Trigger rows
            changed, checks added, removed or with other steps (the steps lost and gained),
            verdicts of checks, criteria and scenarios that changed on a platform, and specs and
            scenarios added or removed.
            """,
            """
            Exit status: 0 compared (whatever changed), 1 a problem in the content or with the
            earlier version (an unknown revision, a folder without a site), 2 usage error.
            """,
        ],
        run: run)

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let pipeline = console.pipeline(roots: [arguments.content], flows: arguments.makeFlows)
        let earlier: Pipeline.Earlier =
            if let folder = arguments.against {
                .site(folder)
            } else if let revision = arguments.since {
                .revision(revision)
            } else {
                .baseline
            }
        let result = pipeline.changes(since: earlier)
        // Only what stops the comparison is printed: the content's (or the earlier version's)
        // errors, not its warnings or its run's findings.
        var errors = result
        errors.diagnostics = result.errors
        try console.show(errors)
        guard let changes = result.changes else {
            if result.failure == nil { console.out("diff: not compared; fix the errors above first\n") }
            return .failure
        }
        // Named from the project folder, as every path the tool writes: the same from any folder.
        let content = pipeline.configuration.contentRoots[0]
        switch arguments.format {
        case .json: console.out(try JSONOutput.string(changes))
        case .markdown: console.out(DiffFormat.markdown(changes, content: content))
        case .text: console.out(DiffFormat.text(changes, content: content))
        }
        return .success
    }
}

/// The text and Markdown forms of a comparison.
enum DiffFormat {
    /// For a terminal: reworded criteria first, under a ⚠ heading, then each kind of change,
    /// a line per change by stable ID, with the old (`-`) and new (`+`) text below it.
    static func text(_ changes: SpecChanges, content: String) -> String {
        let since = changes.earlier.map { " since \($0)" } ?? ""
        guard !changes.isEmpty else { return "no changes in \(content)\(since)\n" }
        var lines = ["\(changes.total) in \(content)\(since): \(changes.breakdown)"]
        for criterion in changes.reworded {
            lines += ["", "⚠ Criterion reworded: \(criterion.id)"]
            for (label, text) in SpecChanges.wording(of: criterion) {
                lines += ["  \(label)", "    - \(oneLine(text.old ?? ""))", "    + \(oneLine(text.new ?? ""))"]
            }
        }
        for group in changes.groups {
            lines += ["", group.title]
            let quote = { (text: String) in group.quoted ? "“\(oneLine(text))”" : oneLine(text) }
            for row in group.rows {
                guard group.id != "verdicts" else {
                    lines.append("  \(row.id): \(row.change)")
                    continue
                }
                lines.append("  \(row.change.padding(toLength: 9, withPad: " ", startingAt: 0)) \(row.id)")
                if let old = row.old { lines.append("    - \(quote(old))") }
                if let new = row.new { lines.append("    + \(quote(new))") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// For a pull-request comment: a heading with the summary, a warning and the old and new
    /// wording of each reworded criterion, then a table per kind of change.
    static func markdown(_ changes: SpecChanges, content: String) -> String {
        var title = "## Spec changes in `\(content)`"
        if let earlier = changes.earlier {
            switch earlier.kind {
            case .revision:
                title +=
                    " since \(code(earlier.name ?? ""))"
                    + (earlier.commit.map { $0.prefix(12) }.flatMap {
                        $0 == earlier.name ?? "" ? nil : " (\(code(String($0))))"
                    } ?? "")
            case .site: title += " since the site in \(code(earlier.name ?? ""))"
            }
        }
        var lines = [title, ""]
        guard !changes.isEmpty else { return (lines + ["No changes."]).joined(separator: "\n") + "\n" }
        lines.append("**\(changes.summary.prefix(1).uppercased() + changes.summary.dropFirst())**")
        if !changes.reworded.isEmpty {
            let ids = changes.reworded.map { code($0.id) }.joined(separator: ", ")
            lines += [
                "", "> [!WARNING]",
                "> **\(changes.reworded.count == 1 ? "Criterion" : "Criteria") reworded: \(ids).** What is accepted may have changed with the wording; review it first.",
            ]
            for criterion in changes.reworded {
                lines += ["", "### ⚠ Criterion reworded: \(code(criterion.id))"]
                for (label, text) in SpecChanges.wording(of: criterion) {
                    lines += [
                        "", "**\(label)**, before:", "", "> \(escaped(text.old ?? ""))", "", "now:", "",
                        "> \(escaped(text.new ?? ""))",
                    ]
                }
            }
        }
        for group in changes.groups {
            lines += ["", "### \(group.title) (\(group.rows.count))", ""]
            lines += ["| ID | Change | Before | After |", "| --- | --- | --- | --- |"]
            for row in group.rows {
                let cells = [code(row.id), row.change, cell(row.old), cell(row.new)]
                lines.append(
                    "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value in a table cell: in code, so that no Markdown in it is read as such; *None*
    /// where there is none.
    private static func cell(_ text: String?) -> String {
        text.map(code) ?? "*None*"
    }

    /// Text as a code span, fenced with more backticks than it holds in a row.
    static func code(_ text: String) -> String {
        let text = oneLine(text)
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + padding + text + padding + fence
    }

    /// Prose with the characters Markdown could read as formatting escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in oneLine(text) {
            if "\\`*_[]<>~|#".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
