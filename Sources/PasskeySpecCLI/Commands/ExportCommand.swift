import Foundation
import Pipeline
import SpecModel

/// `passkey-spec export --format F [--out PATH] [PATHS...]`: the files engineers and tools import,
/// and the conformance kits that run the spec's checks against an app.
enum ExportCommand {
    struct Arguments: CommandArguments {
        var format = ExportFormat.json
        var out: String?
        var paths = ["content"]

        static let declaration = ArgumentDeclaration<Self>(
            .format(\.format, help: "What to write, as FORMATS says."),
            .option(
                \.out, "--out", value: "PATH",
                help:
                    "Write to the file PATH (replaced atomically) instead of standard output; a kit is written into the folder PATH."
            ),
            .paths(\.paths))
    }

    static let command = Command(
        name: "export", abstract: "Write the copy or the model in a format engineers and tools import",
        discussion: [
            """
            Lints the spec pages under PATHS (default: content) as 'lint' does (and runs the
            checks for 'junit' and 'report') and writes them in FORMAT to standard output or
            PATH. When the content has errors nothing is written, PATH is left as it was, the
            diagnostics are printed and the exit status is 1. Every format is also published by
            'build' under site/exports/.
            """,
            """
            FORMATS:
            \(formatList)
            """,
            """
            A kit ('swift-kit', 'kotlin-kit', 'web-kit') is a folder: the spec's checks for one
            platform as a test suite for the app's own login code, with the harness the app
            implements, the fakes and the checks as data (docs/conformance-kits.md). It needs
            '--out DIR'; exporting again into DIR replaces the kit written there before, and a
            folder with other files is refused.
            """,
            """
            Copy keys are '<scenario-id>.<part>' ('deleted-passkey.title',
            'deleted-passkey.action.fallback'); Android resource names are the same with '_'
            ('deleted_passkey_action_fallback'). Keys change only when an ID does.
            """,
        ],
        run: run)

    /// Each format with what it holds, as the help lists them.
    static var formatList: String {
        ExportFormat.allCases.map { format in
            "  " + format.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0) + format.summary
                + (format == .json ? " (the default; schemaVersion \(ContentSet.schemaVersion))." : ".")
        }.joined(separator: "\n")
    }

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let pipeline = console.pipeline(roots: arguments.paths, flows: arguments.makeFlows)
        if arguments.format.isKit { return try writeKit(arguments, pipeline: pipeline, console: console) }
        let (result, data) = pipeline.export(arguments.format)
        return try console.emit(data, of: result, to: arguments.out, with: pipeline)
    }

    /// A conformance kit: a folder, written file by file into `--out`.
    private static func writeKit(
        _ arguments: ParsedArguments<Arguments>, pipeline: Pipeline, console: Console
    ) throws -> ExitStatus {
        guard let folder = arguments.out else {
            console.printUsageError(.kitNeedsFolder(arguments.format.rawValue))
            return .usage
        }
        let (result, files) = pipeline.exportKit(arguments.format)
        try console.show(result)
        guard let files else { return result.failure == nil ? .failure : ExitStatus(result) }
        if let failure = pipeline.writeKit(files, to: folder) {
            console.printUsageError(failure.message)
            return .failure
        }
        return ExitStatus(result)
    }
}
