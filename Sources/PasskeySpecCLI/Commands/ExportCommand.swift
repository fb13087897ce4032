import Exports
import Foundation
import SpecModel
import SpecParser
import SpecRunner

/// `passkey-spec export --format F [--out FILE] [PATHS...]`: the files engineers and tools import.
enum ExportCommand {
    struct Arguments: CommandArguments {
        var format = ExportFormat.json
        var out: String?
        var paths = ["content"]

        static let declaration = ArgumentDeclaration<Self>(
            .format(\.format, help: "What to write, as FORMATS says."),
            .option(
                \.out, "--out", value: "FILE", help: "Write to FILE (replaced atomically) instead of standard output."),
            .paths(\.paths))
    }

    static let command = Command(
        name: "export", abstract: "Write the copy or the model in a format engineers and tools import",
        discussion: [
            """
            Parses the spec pages under PATHS (default: content) and writes them in FORMAT to
            standard output or FILE. Nothing is written when a page has errors; the
            diagnostics are printed as by 'lint'. Every format is also published by 'build'
            under site/exports/.
            """,
            """
            FORMATS:
            \(formatList)
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
        let format = arguments.format
        let result = try loadContent(arguments.paths)
        console.print(result.diagnostics)
        guard !result.hasErrors else { return .failure }
        let report =
            format.needsRun
            ? CheckRunner(flows: arguments.flows, cache: .forTool(environment: console.environment)).run(result.content)
            : nil
        let data = try format.data(content: result.content, report: report)
        guard let path = arguments.out else {
            console.out(String(decoding: data, as: UTF8.self))
            return report.map { $0.passed ? .success : .failure } ?? .success
        }
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            console.printUsageError(.writeFailed(path, reason: error.localizedDescription))
            return .failure
        }
        return report.map { $0.passed ? .success : .failure } ?? .success
    }
}
