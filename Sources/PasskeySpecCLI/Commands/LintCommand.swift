import SpecModel
import SpecParser
import SpecRunner

/// `passkey-spec lint [PATHS...]`: parse and validate, diagnostics only.
enum LintCommand {
    static let name = "lint"
    static let abstract = "Parse and validate spec pages; print diagnostics"
    static let arguments = ArgumentSpec()
    static let help = """
        USAGE: passkey-spec lint [PATHS...]

        Parses every Markdown file under PATHS (files or folders; default: content), binds
        every check step to a step definition, and reports every problem in one pass, as
        'path:line:column: error: message [id]' on standard error. A one-line summary goes
        to standard output. Nothing is run: 'check' runs the checks.

        Exit status: 0 no errors (warnings allowed), 1 at least one error, 2 usage error.

        OPTIONS:
          -h, --help   Show this help.

        """

    static let command = Command(name: name, abstract: abstract, help: help, arguments: arguments, run: run)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let result = try lintContent(arguments.positionals)
        console.print(result.diagnostics)
        console.out(summary(result) + "\n")
        return result.hasErrors ? .failure : .success
    }

    /// `lint: 1 spec, 2 pages, 9 scenarios, 5 criteria, 31 checks, 5 references; 0 errors, 0 warnings`
    static func summary(_ result: ContentLoader.Result) -> String {
        let content = result.content
        let specs = content.specs
        let errors = result.diagnostics.filter { $0.severity == .error }.count
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

/// Loads content from the given paths (default `content`), turning a missing path into a usage error.
func loadContent(_ paths: [String]) throws -> ContentLoader.Result {
    do {
        return try ContentLoader().load(paths: paths.isEmpty ? ["content"] : paths)
    } catch {
        throw UsageError(.pathNotFound(error.path))
    }
}

/// Loads content and binds every check step, as `lint` does: the diagnostics of both, in order.
func lintContent(_ paths: [String]) throws -> ContentLoader.Result {
    var result = try loadContent(paths)
    result.diagnostics = (result.diagnostics + StepRegistry().diagnostics(for: result.content.specs.flatMap(\.checks)))
        .sortedByLocation()
    return result
}

/// `1 spec`, `2 specs`, `5 criteria`.
func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
}
