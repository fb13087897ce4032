import Foundation
import Pipeline
import ReportModel
import SpecModel

/// `passkey-spec check [PATHS...] [--junit FILE] [--report FILE]`: lint, run every check on
/// every platform, explore the engine, cross-check the copy.
enum CheckCommand {
    struct Arguments: CommandArguments {
        var paths = ["content"]
        var junit: String?
        var report: String?
        var format = DiagnosticsFormat.text
        var strict = false

        static let declaration = ArgumentDeclaration<Self>(
            .paths(\.paths),
            .result(\.junit, "--junit", help: "Also write JUnit XML: one test case per check per platform."),
            .result(
                \.report, "--report",
                help:
                    "Also write the run report as JSON (the site renders from it); a run that errors stopped is written with its errors."
            ),
            .diagnosticsFormat(\.format),
            .strict(\.strict))
    }

    static let command = Command(
        name: "check", abstract: "Run every check per platform, explore the engine, cross-check the copy",
        discussion: [
            """
            Lints the spec pages under PATHS (default: content), then:
              - runs every check once per platform of its spec, step by step, against the
                reference engine through that platform's adapter;
              - explores every reachable state of the engine and checks each criterion's
                invariants;
              - cross-checks the copy: everything the engine can show must have copy on every
                platform, and every piece of copy must be something the engine can show.
            A failing step is reported at its line in the Markdown. A summary of criteria by
            platform goes to standard output.
            """,
            """
            With '--format sarif', standard output is a SARIF 2.1.0 log of every diagnostic
            instead of the summary. '--junit' and '--report' are written by every run, even one
            the content's errors stopped: the JUnit then has each error as a failing test case.
            A command line that cannot run (exit status 2) has no result to write: the files it
            names are removed, so that one an earlier run wrote cannot pass for this run.
            """,
            "Exit status: 0 everything passed, 1 a problem in the spec or a failing check, 2 usage error.",
        ],
        run: run)

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let pipeline = console.pipeline(roots: arguments.paths, strict: arguments.strict, flows: arguments.makeFlows)
        let result = pipeline.check()
        // The log first: a run that could not start (a path that is not there) is a SARIF log
        // with the reason as a tool notification, before the usage error is shown.
        if arguments.format == .sarif { try console.showSarif(result, of: pipeline) }
        try console.show(result)
        // The files this run was asked for are written whatever its outcome, so that a CI
        // report never shows an earlier run: the JUnit of a run the errors stopped has them as
        // failing test cases, and its report has them as its diagnostics.
        // Each is made only when asked for.
        let outputs: [(path: String?, make: () throws -> Data)] = [
            (arguments.junit, { Data(pipeline.junit(result).utf8) }),
            (
                arguments.report,
                {
                    try (result.report ?? RunReport(flows: [], specs: [], diagnostics: result.diagnostics))
                        .encodedJSON()
                }
            ),
        ]
        for output in outputs {
            guard let path = output.path else { continue }
            guard console.write(try output.make(), to: path, with: pipeline) else { return .failure }
        }
        if arguments.format == .text {
            if let report = result.report {
                console.out(summary(report))
            } else {
                console.out("check: not run; fix the errors above first\n")
            }
        }
        return ExitStatus(result)
    }

    /// Criteria by platform, then the counts.
    static func summary(_ report: RunReport) -> String {
        var lines: [String] = []
        for spec in report.specs {
            let platforms = spec.criteria.first?.platforms.map(\.platform) ?? []
            lines.append("\(spec.id) \(spec.title)")
            lines.append(
                "  " + "criterion".padding(toLength: 12, withPad: " ", startingAt: 0)
                    + platforms.map { $0.displayName.padding(toLength: 9, withPad: " ", startingAt: 0) }.joined()
                    + "checks  invariants")
            for criterion in spec.criteria {
                let cells = criterion.platforms.map {
                    ($0.passed ? "pass" : "FAIL").padding(toLength: 9, withPad: " ", startingAt: 0)
                }
                let invariants = criterion.invariants.filter { $0.violations == 0 }.count
                lines.append(
                    "  " + criterion.id.padding(toLength: 12, withPad: " ", startingAt: 0) + cells.joined()
                        + "\(criterion.checks.count)".padding(toLength: 8, withPad: " ", startingAt: 0)
                        + (criterion.invariants.isEmpty
                            ? "no invariant covers this criterion"
                            : "\(invariants)/\(criterion.invariants.count) hold"))
            }
            let runs = spec.checks.flatMap(\.platforms)
            let passed = runs.filter { $0.status == .passed }.count
            let scenarios = spec.scenarios.filter(\.passed).count
            lines.append(
                "  checks: \(passed) of \(runs.count) passed (\(spec.checks.count) checks × platforms); scenarios: \(scenarios) of \(spec.scenarios.count) exercised and covered"
            )
        }
        for flow in report.flows {
            let exploration = flow.exploration
            lines.append(
                "\(flow.id): \(exploration.states) states, \(exploration.transitions) transitions explored in \(exploration.runs) runs\(exploration.complete ? ", whole space covered" : ", CUT SHORT")"
            )
        }
        let errors = report.diagnostics.filter { $0.severity == .error }.count
        lines.append("check: \(report.passed ? "passed" : "failed") with \(count(errors, "error"))")
        return lines.joined(separator: "\n") + "\n"
    }
}
