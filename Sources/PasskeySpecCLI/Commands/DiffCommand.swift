import Foundation
import SpecDiff
import SpecModel
import SpecParser
import SpecRunner

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
                help: "Compare with the content at this git revision; without it or '--against', HEAD."),
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
            the content at a git revision ('--since', default HEAD), parsed and run with the
            same flows, or a site that 'build' wrote ('--against DIR'). CONTENT may be a built
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
        let path = arguments.content
        guard FileManager.default.fileExists(atPath: path) else {
            throw UsageError(.pathNotFound(path), argument: path)
        }
        let isSite = SiteExports.isSite(URL(fileURLWithPath: path))

        let earlier: Version
        let baseline: Baseline
        if let folder = arguments.against {
            guard FileManager.default.fileExists(atPath: folder) else {
                throw UsageError(.pathNotFound(folder), argument: folder)
            }
            do {
                earlier = try SiteExports.read(URL(fileURLWithPath: folder))
            } catch {
                console.printUsageError(.unreadableExports(folder, reason: error.reason))
                return .failure
            }
            baseline = Baseline(kind: .site, name: folder)
        } else {
            let revision = arguments.since ?? "HEAD"
            let read: GitRevision
            do {
                read =
                    try isSite
                    ? GitRevision(path: path, revision: revision) {
                        [SiteExports.model, SiteExports.report].contains($0)
                    }
                    : GitRevision(path: path, revision: revision)
            } catch {
                switch error {
                case .notARepository: console.printUsageError(.notAGitRepository(path))
                case .unknownRevision: console.printUsageError(.unknownRevision(revision, path: path))
                case .git(let detail): console.printUsageError(.gitFailed(detail))
                }
                return .failure
            }
            baseline = Baseline(kind: .revision, name: revision, commit: read.commit)
            guard let version = try version(at: read, revision: revision, site: isSite, path: path, arguments, console)
            else { return .failure }
            earlier = version
        }

        let later: Version
        if isSite {
            do {
                later = try SiteExports.read(URL(fileURLWithPath: path))
            } catch {
                console.printUsageError(.unreadableExports(path, reason: error.reason))
                return .failure
            }
        } else {
            let loaded = try lintContent([path], flows: arguments.flows)
            if loaded.hasErrors {
                console.print(loaded.diagnostics.filter { $0.severity == .error })
                console.out("diff: not compared; fix the errors above first\n")
                return .failure
            }
            later = run(loaded.content, arguments, console)
        }

        let changes = SpecChanges.compare(earlier, later, baseline: baseline)
        switch arguments.format {
        case .json: console.out(try JSONOutput.string(changes))
        case .markdown: console.out(DiffFormat.markdown(changes, content: path))
        case .text: console.out(DiffFormat.text(changes, content: path))
        }
        return .success
    }

    /// The earlier version from the files a revision holds: a site's exports, or content to
    /// parse, lint and run. Nil (with the problem printed) when it cannot be compared with.
    private static func version(
        at read: GitRevision, revision: String, site: Bool, path: String, _ arguments: ParsedArguments<Arguments>,
        _ console: Console
    ) throws -> Version? {
        if site {
            let files = Dictionary(read.files.map { ($0.relativePath, Data($0.bytes)) }) { first, _ in first }
            do throws(SiteExports.Unreadable) {
                guard let model = files[SiteExports.model], let report = files[SiteExports.report] else {
                    let missing = files[SiteExports.model] == nil ? SiteExports.model : SiteExports.report
                    throw SiteExports.Unreadable(reason: "'\(missing)' is not in revision \(revision)")
                }
                return try SiteExports.decode(model: model, report: report)
            } catch {
                console.printUsageError(.unreadableExports(path, reason: error.reason))
                return nil
            }
        }
        let loaded = content(at: read, revision: revision, flows: arguments.flows)
        if loaded.hasErrors {
            console.print(loaded.diagnostics.filter { $0.severity == .error })
            console.printUsageError(.earlierContentHasErrors(revision))
            return nil
        }
        return run(loaded.content, arguments, console)
    }

    /// The content files a revision holds, parsed and linted, located as `REVISION:PATH`.
    private static func content(at read: GitRevision, revision: String, flows: FlowRegistry) -> ContentLoader.Result {
        let loader = ContentLoader()
        let parsed = read.files.map { file in
            loader.parse(
                file.bytes, as: ContentFile(path: "\(revision):\(file.repositoryPath)", relativePath: file.relativePath)
            )
        }
        return lint(loader.assemble(parsed), flows: flows, strict: false)
    }

    /// The content folder at `revision`, parsed, linted and run, without printing anything:
    /// nil when the folder is not in a repository, the revision is unknown, or its content
    /// does not lint clean. `preview` compares with it.
    static func quietVersion(
        of path: String, at revision: String, flows: FlowRegistry, environment: [String: String]
    ) -> (version: Version, baseline: Baseline)? {
        guard let read = try? GitRevision(path: path, revision: revision) else { return nil }
        let loaded = content(at: read, revision: revision, flows: flows)
        guard !loaded.hasErrors else { return nil }
        let report = CheckRunner(flows: flows, cache: .forTool(environment: environment)).run(loaded.content)
        return (
            Version(content: loaded.content, report: report),
            Baseline(kind: .revision, name: revision, commit: read.commit)
        )
    }

    /// Runs the checks of `content` as `check` does.
    private static func run(
        _ content: ContentSet, _ arguments: ParsedArguments<Arguments>, _ console: Console
    )
        -> Version
    {
        let report = CheckRunner(flows: arguments.flows, cache: .forTool(environment: console.environment)).run(content)
        return Version(content: content, report: report)
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
                    + (earlier.commit.map { " (\(code(String($0.prefix(12)))))" } ?? "")
            case .site: title += " since the site in \(code(earlier.name ?? ""))"
            case .build: title += " since the earlier build"
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
