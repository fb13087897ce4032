import Pipeline
import SpecModel

/// `passkey-spec lint [PATHS...]`: parse and validate, diagnostics only.
enum LintCommand {
    struct Arguments: CommandArguments {
        var paths = ["content"]
        var format = DiagnosticsFormat.text
        var strict = false

        static let declaration = ArgumentDeclaration<Self>(
            .paths(\.paths),
            .diagnosticsFormat(\.format),
            .strict(\.strict))
    }

    static let command = Command(
        name: "lint", abstract: "Parse and validate spec pages; print diagnostics",
        discussion: [
            """
            Parses every Markdown file under PATHS (files or folders; default: content), binds
            every check step to a step definition, resolves every backticked name in a Trigger
            cell against the engine's catalogue for its platform (both ways), finds criteria and
            scenarios that no check covers, checks the copy against each platform's style, and
            reports every problem in one pass, as 'path:line:column: error: message [id]' on
            standard error. A one-line summary goes to standard output. Nothing is run: 'check'
            runs the checks. 'passkey-spec explain ID' tells what a diagnostic means and how to
            fix it.
            """,
            """
            With '--format sarif', standard output is a SARIF 2.1.0 log of every diagnostic
            (each rule explained as 'explain' does) instead of the summary; the diagnostics
            still go to standard error.
            """,
            "Exit status: 0 no errors (warnings allowed), 1 at least one error, 2 usage error.",
        ],
        run: run)

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let pipeline = console.pipeline(roots: arguments.paths, strict: arguments.strict, flows: arguments.makeFlows)
        let result = pipeline.lint()
        // The log first: a run that could not start (a path that is not there) is a SARIF log
        // with the reason as a tool notification, before the usage error is shown.
        if arguments.format == .sarif { try console.showSarif(result, of: pipeline) }
        try console.show(result)
        if arguments.format == .text { console.out(summary(result) + "\n") }
        return ExitStatus(result)
    }

    /// `lint: 1 spec, 2 pages, 9 scenarios, 5 criteria, 31 checks, 5 references; 0 errors, 0 warnings`
    static func summary(_ result: PipelineResult) -> String {
        let content = result.content
        let specs = content.specs
        let errors = result.errors.count
        let warnings = result.diagnostics.count - errors
        let parts = [
            count(specs.count, "spec"), count(content.pages.count, "page"),
            count(specs.flatMap(\.scenarios).count, "scenario"),
            count(specs.flatMap(\.criteria).count, "criterion", "criteria"),
            count(specs.flatMap(\.checks).count, "check"), count(specs.flatMap(\.references).count, "reference"),
        ]
        return "lint: \(parts.joined(separator: ", ")); \(count(errors, "error")), \(count(warnings, "warning"))"
    }
}

/// How `lint` and `check` print their findings: for people, or as a SARIF 2.1.0 log for
/// code-scanning services.
enum DiagnosticsFormat: String, FormatArgument {
    case text
    case sarif
}

/// `1 spec`, `2 specs`, `5 criteria`.
func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
}
