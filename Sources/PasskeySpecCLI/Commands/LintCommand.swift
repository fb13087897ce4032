import SiteBuilder
import SpecModel
import SpecParser
import SpecRunner

/// `passkey-spec lint [PATHS...]`: parse and validate, diagnostics only.
enum LintCommand {
    struct Arguments: CommandArguments {
        var paths = ["content"]
        var strict = false

        static let declaration = ArgumentDeclaration<Self>(.paths(\.paths), .strict(\.strict))
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
            "Exit status: 0 no errors (warnings allowed), 1 at least one error, 2 usage error.",
        ],
        run: run)

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let result = try lintContent(arguments.paths, flows: arguments.flows, strict: arguments.strict)
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
        throw UsageError(.pathNotFound(error.path), argument: error.path)
    }
}

/// Loads content and checks everything that needs no run, as `lint` does: the parser's
/// diagnostics, every step bound, criteria and scenarios without checks, every Trigger name
/// resolved against the engine's catalogue, and the copy style (errors with `strict`), in order.
func lintContent(_ paths: [String], flows: FlowRegistry, strict: Bool = false) throws -> ContentLoader.Result {
    lint(try loadContent(paths), flows: flows, strict: strict)
}

/// `lintContent` on content already loaded (with its parser diagnostics).
func lint(_ loaded: ContentLoader.Result, flows: FlowRegistry, strict: Bool) -> ContentLoader.Result {
    var result = loaded
    // What builds on the page's structure runs on pages that parsed without errors, so one
    // mistake is not reported again as its consequences.
    let broken = Set(result.diagnostics.filter { $0.severity == .error }.map(\.location.file))
    let specs = result.content.specs.filter { !broken.contains($0.location.file) }
    let style = CopyStyle.findings(in: result.content.specs).map { strict ? $0.promotedToError() : $0 }
    result.diagnostics =
        (result.diagnostics + flows.lint(specs) + style + ReservedPaths.collisions(in: result.content))
        .sortedByLocation()
    return result
}

/// `1 spec`, `2 specs`, `5 criteria`.
func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
}
