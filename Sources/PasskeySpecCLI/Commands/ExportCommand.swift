import Exports
import Foundation
import SpecModel
import SpecParser
import SpecRunner

/// `passkey-spec export --format F [--out FILE] [PATHS...]`: the files engineers and tools import.
enum ExportCommand {
    static let formats = ExportFormat.allCases.map(\.rawValue)
    static let format = Option.format(formats, default: "json", help: "Output format.")
    static let out = Option(
        "--out", value: "FILE", help: "Write to FILE (replaced atomically) instead of standard output.")

    static let command = Command(
        name: "export", abstract: "Write the copy or the model in a format engineers and tools import",
        usage: ["export [--format FORMAT] [--out FILE] [PATHS...]"],
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
        positionals: [.paths], options: [format, out], run: run)

    /// Each format with what it holds, as the help lists them.
    static var formatList: String {
        ExportFormat.allCases.map { format in
            "  " + format.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0) + format.summary
                + (format == .json ? " (the default; schemaVersion \(ContentSet.schemaVersion))." : ".")
        }.joined(separator: "\n")
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let format = ExportFormat(rawValue: try arguments.format(Self.format, from: formats))!
        let result = try loadContent(arguments.positionals)
        console.print(result.diagnostics)
        guard !result.hasErrors else { return .failure }
        let report =
            format.needsRun
            ? CheckRunner(flows: arguments.flows, cache: .forTool(environment: console.environment)).run(result.content)
            : nil
        let data = try format.data(content: result.content, report: report)
        guard let path = arguments[out] else {
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
