import FlowEngine
import Foundation
import SpecModel

/// `passkey-spec errors [--platform ios|android] [--format text|json]`: the platform error reference.
enum ErrorsCommand {
    static let formats = ["text", "json"]
    static let platform = Option("--platform", value: "PLATFORM", help: "Only 'ios' or 'android' (default: both).")
    static let format = Option.format(formats, default: "text")

    static let command = Command(
        name: "errors", abstract: "List every native iOS and Android error and the scenario it leads to",
        usage: ["errors [--platform ios|android] [--format text|json]"],
        discussion: [
            """
            Prints the platform error reference: every ASAuthorizationError code (iOS) and every
            GetCredentialException subclass and DomError (Android), the outcome the reference
            engine reads from it, and the spec scenario it leads to on the automatic route
            (first and repeated attempt) and on the explicit route (the passkey button). The
            table is computed by running the engine, so it always matches it.
            """
        ],
        options: [platform, format], run: run)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let format = try arguments.format(Self.format, from: formats)
        var platforms = DevicePlatform.allCases
        if let name = arguments[platform] {
            guard let platform = DevicePlatform(rawValue: name) else {
                throw UsageError(.invalidOptionValue("--platform", value: name, expected: "'ios' or 'android'"))
            }
            platforms = [platform]
        }
        let entries = ErrorReference.entries(platforms: platforms)
        if format == "json" {
            console.out(try JSONOutput.string(entries))
            return .success
        }
        var lines: [String] = []
        for platform in platforms {
            lines.append(platform == .ios ? "iOS (ASAuthorizationError.Code)" : "Android (GetCredentialException)")
            for entry in entries where entry.platform == platform {
                var name = entry.name
                if let message = entry.message { name += " \"\(message)\"" }
                lines.append("  \(name) \(entry.code)")
                lines.append(
                    "    → \(entry.outcome): automatic \(entry.automaticFirst), then \(entry.automaticRepeated); explicit \(entry.explicit)"
                )
            }
        }
        console.out(lines.joined(separator: "\n") + "\n")
        return .success
    }
}
