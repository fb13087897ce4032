import Foundation
import SiteBuilder
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
              json          The whole typed model (default), under a 'schemaVersion' field
                            (currently \(ContentSet.schemaVersion)).
              schema        The JSON Schema of the 'json' format.
              xcstrings     The iOS copy as an Xcode String Catalog (Localizable.xcstrings).
              strings       The iOS copy as a classic Localizable.strings file.
              android-xml   The Android copy as res/values/strings.xml.
              junit         JUnit XML of a check run (runs the checks).
              report        The run report JSON of a check run (runs the checks).
            """,
            """
            Copy keys are '<scenario-id>.<part>' ('deleted-passkey.title',
            'deleted-passkey.action.fallback'); Android resource names are the same with '_'
            ('deleted_passkey_action_fallback'). Keys change only when an ID does.
            """,
        ],
        positionals: [.paths], options: [format, out], run: run)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let format = ExportFormat(rawValue: try arguments.format(Self.format, from: formats))!
        let result = try loadContent(arguments.positionals)
        console.print(result.diagnostics)
        guard !result.hasErrors else { return .failure }
        let report = format.needsRun ? CheckRunner().run(result.content) : nil
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
