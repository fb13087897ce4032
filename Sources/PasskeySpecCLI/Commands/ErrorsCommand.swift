import Foundation
import SpecModel
import SpecRunner

/// `passkey-spec errors [--platform PLATFORM] [--format text|json]`: the platform error
/// reference of every flow.
enum ErrorsCommand {
    struct Arguments: CommandArguments {
        var platform: Platform?
        var format = OutputFormat.text

        static let declaration = ArgumentDeclaration<Self>(
            .platform(\.platform, otherwise: "every platform"), .format(\.format))
    }

    static let command = Command(
        name: "errors", abstract: "List every native error of each platform and the scenario it leads to",
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
        run: run)

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let platforms = arguments.platform.map { [$0] } ?? Platform.known
        let entries = arguments.flows.flows.flatMap(\.errorReference).filter { platforms.contains($0.platform) }
        console.out(arguments.format == .json ? try JSONOutput.string(entries) : text(entries, platforms: platforms))
        return .success
    }

    /// For each platform, each error with its raw value, then the outcome and where it leads.
    static func text(_ entries: [ErrorReferenceEntry], platforms: [Platform]) -> String {
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
        return lines.joined(separator: "\n") + "\n"
    }
}
