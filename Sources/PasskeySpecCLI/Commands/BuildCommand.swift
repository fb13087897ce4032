import Foundation
import ReportModel
import SiteBuilder
import SpecModel
import SpecParser
import SpecRunner

/// `passkey-spec build [PATHS...] [--out DIR] [--report FILE] [--templates DIR]`: check, then render the site.
enum BuildCommand {
    struct Arguments: CommandArguments {
        var paths = ["content"]
        var out = "site"
        var report: String?
        var templates = "templates"
        var strict = false

        static let declaration = ArgumentDeclaration<Self>(
            .paths(\.paths),
            .option(\.out, "--out", value: "DIR", help: "Where the site goes."),
            .option(
                \.report, "--report", value: "FILE",
                help:
                    "Render from a saved run report ('check --report') instead of running the checks; it must have been made from the same content and engine."
            ),
            .option(\.templates, "--templates", value: "DIR", help: "The templates."),
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
            is 1. A spec that does not parse renders nothing.
            """,
            """
            When DIR holds an earlier build, its model and run are compared with the new ones
            (as 'diff --against DIR' does) before it is replaced: the Changes page
            (changes.html, data in exports/changes.json) lists what changed, reworded criteria
            first, and the spec pages mark the reworded criteria. A build that changes nothing
            the comparison lists keeps the earlier comparison.
            """,
            """
            The site is written to a temporary folder and swapped in, so a failed or
            interrupted build leaves the previous site as it was; Ctrl-C or SIGTERM removes the
            temporary folder. A second build into the same folder waits for the first to
            finish. DIR must be empty, missing, or a previous build. The same input always
            gives byte-identical files.
            """,
        ],
        run: run)

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let templates = URL(fileURLWithPath: arguments.templates)
        let output = URL(fileURLWithPath: arguments.out)
        StopSignals.install(output: output.relativePath, console: console)
        // Held until the process ends: a second build into the same folder waits for this one.
        let lock: OutputLock
        do throws(SiteWriter.Failure) {
            lock = try OutputLock(for: output) {
                console.out("build: waiting for another build beside '\(output.relativePath)' to finish\n")
            }
        } catch {
            console.printUsageError(message(for: error, output: output))
            return .failure
        }
        return try withExtendedLifetime(lock) {
            try build(arguments, templates: templates, output: output, console: console)
        }
    }

    private static func build(
        _ arguments: ParsedArguments<Arguments>, templates: URL, output: URL, console: Console
    ) throws -> ExitStatus {
        if let path = arguments.report {
            return try render(savedReport: path, arguments, templates: templates, output: output, console: console)
        }
        let build = SiteBuild(
            roots: arguments.paths, makeFlows: arguments.makeFlows, strict: arguments.strict, templates: templates,
            output: output,
            cache: ToolCache(environment: console.environment))
        let outcome: SiteBuild.Outcome
        do throws(SiteBuild.Failure) {
            outcome = try build.run()
        } catch .missingPath(let path) {
            throw UsageError(.pathNotFound(path), argument: path)
        } catch .usage(let message) {
            console.printUsageError(message)
            return .failure
        } catch .located(let diagnostic) {
            console.print([diagnostic])
            return .failure
        } catch .stopped {
            waitToBeStopped()
        }
        console.print(outcome.diagnostics)
        if outcome.hasErrors {
            console.out("build: nothing rendered; fix the errors above first\n")
            return .failure
        }
        let others = outcome.filesWritten - outcome.pagesWritten
        let kept = outcome.filesKept > 0 ? " (\(count(outcome.filesKept, "file")) unchanged)" : ""
        console.out(
            "build: \(count(outcome.pagesWritten, "page")) and \(count(others, "other file")) written to \(output.relativePath)\(kept); checks \(outcome.passed ? "passed" : "FAILED")\n"
        )
        return outcome.passed ? .success : .failure
    }

    /// `--report`: renders the whole site from a saved run of the same content and engine.
    private static func render(
        savedReport path: String, _ arguments: ParsedArguments<Arguments>, templates: URL, output: URL,
        console: Console
    ) throws -> ExitStatus {
        let loaded = try lintContent(arguments.paths, flows: arguments.flows, strict: arguments.strict)
        if loaded.hasErrors {
            console.print(loaded.diagnostics)
            console.out("build: nothing rendered; fix the errors above first\n")
            return .failure
        }
        let report: RunReport
        do {
            report = try RunReport.decodeJSON(Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            console.printUsageError(.unreadableReport(path, reason: "\(error)"))
            return .failure
        }
        guard report.fingerprint == CheckRunner(flows: arguments.flows).fingerprint(of: loaded.content) else {
            console.printUsageError(.reportFromOtherContent(path))
            return .failure
        }
        console.print(report.diagnostics)
        let files: [String: Data]
        do {
            files = try SiteBuilder(templates: templates).render(
                content: loaded.content, report: report,
                changes: SiteExports.changesSinceEarlierBuild(in: output, content: loaded.content, report: report),
                diagrams: ToolCache.diagramDrawer(ToolCache(environment: console.environment)))
        } catch let failure as SiteBuilder.TemplateFailure {
            let location = SourceLocation(
                file: templates.appendingPathComponent(failure.file).relativePath, line: failure.line,
                column: failure.column)
            console.print([Diagnostic(.templateError(failure.message), at: location)])
            return .failure
        }
        do {
            try SiteWriter.write(files, to: output)
        } catch .stopped {
            waitToBeStopped()
        } catch {
            console.printUsageError(message(for: error, output: output))
            return .failure
        }
        let pages = files.keys.filter { $0.hasSuffix(".html") }.count
        console.out(
            "build: \(count(pages, "page")) and \(count(files.count - pages, "other file")) written to \(output.relativePath); checks \(report.passed ? "passed" : "FAILED")\n"
        )
        return report.passed ? .success : .failure
    }

    /// The message for a failure to write the site.
    private static func message(for failure: SiteWriter.Failure, output: URL) -> Message {
        switch failure {
        case .notASiteFolder(let path): .outputNotASite(path)
        case .io(let reason): .siteNotWritten(output.relativePath, reason: reason)
        case .outputRemoved(let path): .outputRemoved(path)
        case .stopped: .buildStopped(output.relativePath, signal: "a signal")
        }
    }

    /// A signal is stopping the process: `StopSignals` reports it and ends the process.
    private static func waitToBeStopped() -> Never {
        while true { pause() }
    }
}
