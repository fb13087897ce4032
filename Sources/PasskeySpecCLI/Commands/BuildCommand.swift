import Foundation
import Pipeline
import SpecModel

/// `passkey-spec build [PATHS...] [--out DIR] [--report FILE] [--templates DIR]`: check, then render the site.
enum BuildCommand {
    struct Arguments: CommandArguments {
        var paths = ["content"]
        var out = "site"
        var report: String?
        var templates: String?
        var changesSince: String?
        var strict = false

        static let declaration = ArgumentDeclaration<Self>(
            .paths(\.paths),
            .option(\.out, "--out", value: "DIR", help: "Where the site goes."),
            .option(
                \.report, "--report", value: "FILE",
                help:
                    "Render from a saved run report ('check --report') instead of running the checks; it must have been made from the same content and engine."
            ),
            .templates(\.templates),
            .option(
                \.changesSince, "--changes-since", value: "GIT-REF",
                help:
                    "The revision the Changes page compares with (default: the commit before the content's newest change, or HEAD while the content has uncommitted changes)."
            ),
            .strict(\.strict))
    }

    static let command = Command(
        name: "build", abstract: "Check the spec, then render the static site",
        discussion: [
            """
            Runs 'check' on the spec pages under PATHS (default: content), then renders the
            site into DIR (default: site): the home page, a page per spec with its copy tables,
            checks and verdicts, the copy index, the platform error reference, the steps, the
            engine's decisions, the other content pages, and the exports (model JSON, run
            report, JUnit). Failing checks still render, with red badges, but the exit status
            is 1. Content with errors renders nothing.
            """,
            """
            The templates are built into the tool, so the site builds from any folder; a
            'templates' folder at the root of the repository that holds the content (where the
            tool runs, outside git), or '--templates DIR', replaces the files it has. A build
            into DIR that holds the previous build renders only what changed.
            """,
            """
            The Changes page (changes.html, data in exports/changes.json) lists what changed
            since the content at a git revision, reworded criteria first: the commit before the
            content's newest change, or HEAD while the content has uncommitted changes, or
            '--changes-since GIT-REF'. 'passkey-spec diff' lists the same. The site is a
            function of the repository: the same content, templates and history give the same
            bytes, whatever DIR held before and whatever folder the tool runs from (files are
            named from the repository's root, and git runs there).
            """,
            """
            The site is written to a temporary folder and swapped in, so a failed or
            interrupted build leaves the previous site as it was; Ctrl-C or SIGTERM removes the
            temporary folder. A second build into the same folder waits for the first to
            finish. DIR must be empty, missing, or a previous build.
            """,
        ],
        run: run)

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let pipeline = console.pipeline(
            roots: arguments.paths, strict: arguments.strict, templates: arguments.templates,
            changesSince: arguments.changesSince, flows: arguments.makeFlows)
        StopSignals.install(output: arguments.out, console: console)
        let waiting = { console.out("build: waiting for another build beside '\(arguments.out)' to finish\n") }
        let result =
            if let report = arguments.report {
                pipeline.build(into: arguments.out, savedReport: report, waiting: waiting)
            } else {
                pipeline.build(into: arguments.out, waiting: waiting)
            }
        try console.show(result)
        guard result.failure == nil else { return ExitStatus(result) }
        guard let output = result.output else {
            console.out("build: nothing rendered; fix the errors above first\n")
            return .failure
        }
        console.out(summary(output, passed: result.passed) + "\n")
        return ExitStatus(result)
    }

    /// `build: 12 pages and 20 other files written to site (3 files unchanged); checks passed`.
    static func summary(_ output: OutputSummary, passed: Bool) -> String {
        let kept = output.kept > 0 ? " (\(count(output.kept, "file")) unchanged)" : ""
        return
            "build: \(count(output.pagesWritten, "page")) and \(count(output.otherFilesWritten, "other file")) written to \(output.name)\(kept); checks \(passed ? "passed" : "FAILED")"
    }
}
