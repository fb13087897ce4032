import Foundation
import Pipeline
import SpecModel
import Utilities

/// `passkey-spec errors [ERROR] [--platform PLATFORM] [--format text|json]`: the platform
/// error reference of every flow, or where one native error leads.
enum ErrorsCommand {
    struct Arguments: CommandArguments {
        var error: String?
        var platform: Platform?
        var format = OutputFormat.text

        static let declaration = ArgumentDeclaration<Self>(
            .positional(
                \.error, "ERROR",
                help:
                    "One native error, by its name ('NotAllowedError'), the last part of it ('canceled') or its raw value ('1001'), in any case; without it, every one."
            ),
            .platform(\.platform, otherwise: "every platform"),
            .format(\.format))
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
            itself has no automatic route: no scenario there ('null' in JSON). Each error also
            names the requests it arrives from (sign-in, registration, other) and the document
            that says so; one that a sign-in never returns is handled defensively. The table is
            computed by running the engine, so it always matches it.
            """,
            """
            With ERROR, prints only the errors of that name or raw value, on every platform
            that has one ('errors 1001', 'errors GetCredentialCancellationException'). An error
            that no platform has lists the closest names and exits 1.
            """,
        ],
        run: run)

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let platforms = arguments.platform.map { [$0] } ?? Platform.known
        var entries = console.pipeline(flows: arguments.makeFlows).flowReferences.flatMap(\.errorReference).filter {
            platforms.contains($0.platform)
        }
        if let query = arguments.error {
            let matches = entries.filter { names(of: $0).contains(query.lowercased()) }
            guard !matches.isEmpty else {
                console.printUsageError(.unknownNativeError(query, closest: closest(to: query, in: entries)))
                return .failure
            }
            entries = matches
        }
        console.out(arguments.format == .json ? try JSONOutput.string(entries) : text(entries, platforms: platforms))
        return .success
    }

    /// What an error is looked up by, in lowercase: its name and raw value, the name its source
    /// is recorded under (`DataError` of a DOM exception), and the last part of each (`canceled` of `ASAuthorizationError.Code.canceled`, `TYPE_USER_CANCELED` of
    /// `android.credentials.GetCredentialException.TYPE_USER_CANCELED`).
    static func names(of entry: ErrorReferenceEntry) -> Set<String> {
        let lastPart = { (text: String) in String(text.split(whereSeparator: { $0 == "." || $0 == "/" }).last ?? "") }
        let recorded = entry.fact.map { [$0.name] } ?? []
        return Set(
            ([entry.name, entry.code, lastPart(entry.name), lastPart(entry.code)] + recorded).map { $0.lowercased() })
    }

    /// The three names or raw values nearest to `query`.
    static func closest(to query: String, in entries: [ErrorReferenceEntry]) -> [String] {
        var seen: Set<String> = []
        return nearest(to: query, in: entries.flatMap { [$0.name, $0.code] }.filter { seen.insert($0).inserted })
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
                if let fact = entry.fact {
                    let from = fact.requests.map(\.phrase).joined(separator: ", ")
                    let handling = fact.defensive ? "; handled defensively" : ""
                    lines.append("    from \(from)\(handling): \(fact.source.title), \(fact.source.url)")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
