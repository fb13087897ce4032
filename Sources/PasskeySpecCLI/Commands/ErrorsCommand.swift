import Foundation
import SpecModel
import SpecRunner

/// `passkey-spec errors [--platform PLATFORM] [--format text|json]`: the platform error
/// reference of every flow.
enum ErrorsCommand {
    static let formats = ["text", "json"]
    static let platform = Option(
        "--platform", value: "PLATFORM", help: "Only \(Platform.knownList) (default: every platform).")
    static let format = Option.format(formats, default: "text")

    static let command = Command(
        name: "errors", abstract: "List every native error of each platform and the scenario it leads to",
        usage: ["errors [--platform \(Platform.knownAlternatives)] [--format text|json]"],
        discussion: [
            """
            Prints the platform error reference of each flow: every native error a request can
            end with on each platform (the platform's error type, e.g. an error code or an
            exception class), the outcome the reference engine reads from it, and the spec
            scenario it leads to on the automatic route (first and repeated attempt) and on the
            explicit route (the passkey button). A platform that never opens the prompt by
            itself has no automatic route: no scenario there ('null' in JSON). The table is
            computed by running the engine, so it always matches it.
            """
        ],
        options: [platform, format], run: run)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let format = try arguments.format(Self.format, from: formats)
        var platforms = Platform.known
        if let name = arguments[platform] {
            guard let platform = Platform(rawValue: name) else {
                throw UsageError(.invalidOptionValue("--platform", value: name, expected: Platform.knownList))
            }
            platforms = [platform]
        }
        let entries = arguments.flows.flows.flatMap(\.errorReference).filter { platforms.contains($0.platform) }
        if format == "json" {
            console.out(try JSONOutput.string(entries))
            return .success
        }
        var lines: [String] = []
        for platform in platforms where entries.contains(where: { $0.platform == platform }) {
            lines.append("\(platform.displayName) (\(platform.errorType))")
            for entry in entries where entry.platform == platform {
                var name = entry.name
                if let message = entry.message { name += " \"\(message)\"" }
                lines.append("  \(name) \(entry.code)")
                let automatic =
                    if let first = entry.automaticFirst, let repeated = entry.automaticRepeated {
                        "automatic \(first), then \(repeated)"
                    } else {
                        "automatic none (no automatic prompt on this platform)"
                    }
                lines.append("    → \(entry.outcome): \(automatic); explicit \(entry.explicit)")
            }
        }
        console.out(lines.joined(separator: "\n") + "\n")
        return .success
    }
}
