import Foundation
import SpecModel
import SpecParser

/// `passkey-spec export --format json [--out FILE] [PATHS...]`: the typed model for engineers and tools.
enum ExportCommand {
    static let name = "export"
    static let abstract = "Write the spec in a format engineers and tools read"
    static let formats = ["json"]
    static let arguments = ArgumentSpec(options: ["--format", "--out"])
    static let help = """
        USAGE: passkey-spec export [--format json] [--out FILE] [PATHS...]

        Parses the spec pages under PATHS (default: content) and writes them in FORMAT to
        standard output or FILE. Nothing is written when a page has errors; the
        diagnostics are printed as by 'lint'.

        FORMATS:
          json   The whole typed model: specs, scenarios with per-platform copy, criteria,
                 checks and references, each with its source location, under a
                 'schemaVersion' field (currently \(ContentSet.schemaVersion)).

        OPTIONS:
          --format FORMAT   Output format (default: json).
          --out FILE        Write to FILE (replaced atomically) instead of standard output.
          -h, --help        Show this help.

        """

    static let command = Command(name: name, abstract: abstract, help: help, arguments: arguments, run: run)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let format = arguments.options["--format"] ?? "json"
        guard formats.contains(format) else {
            throw UsageError(.unsupportedFormat(format, supported: formats))
        }
        let result = try loadContent(arguments.positionals)
        console.print(result.diagnostics)
        guard !result.hasErrors else { return .failure }
        let data: Data
        do {
            data = try result.content.encodedJSON()
        } catch {
            console.printUsageError(.writeFailed(arguments.options["--out"] ?? "standard output", reason: "\(error)"))
            return .failure
        }
        guard let path = arguments.options["--out"] else {
            console.out(String(decoding: data, as: UTF8.self))
            return .success
        }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            console.printUsageError(.writeFailed(path, reason: error.localizedDescription))
            return .failure
        }
        return .success
    }
}
