import Foundation
import Pipeline
import SpecModel
import Utilities

/// `passkey-spec errors [NAME] [--platform PLATFORM] [--format text|json]`: every name a
/// Trigger cell may use on each platform and where it leads, or the results of one name.
enum ErrorsCommand {
    struct Arguments: CommandArguments {
        var error: String?
        var platform: Platform?
        var format = OutputFormat.text

        static let declaration = ArgumentDeclaration<Self>(
            .positional(
                \.error, "ERROR",
                help:
                    "One name a Trigger cell may use ('NotAllowedError', 'URLError.Code.timedOut', 'route-unavailable'), the last part of it ('canceled') or its raw value ('1001'), in any case; without it, every one."
            ),
            .platform(\.platform, otherwise: "every platform"),
            .format(\.format))
    }

    static let command = Command(
        name: "errors", abstract: "List every error and server answer of each platform and where it leads",
        discussion: [
            """
            Prints every name a Trigger cell may use on each platform, from the catalogue
            'lint' checks Trigger cells against: the native errors a passkey request can end
            with (the platform's error type, e.g. an error code or an exception class), the
            account lookup's transport errors ('URLError.Code.timedOut', 'HTTP 5xx') and the
            server's answers ('credential-not-found'). Each shows what the reference engine
            reads from it and where it leads; a native error shows the spec scenario on the
            automatic route (first and repeated attempt) and on the explicit route (the passkey
            button). A platform that never opens the prompt by itself has no automatic route:
            no scenario there ('null' in JSON). Each also names the requests it arrives from
            (sign-in, registration, other) and the document that says so, with the sentence
            relied on; one that a sign-in never returns is handled defensively. The table is
            computed by running the engine, so it always matches it.
            """,
            """
            With ERROR, prints every result of that name or raw value, on every platform that
            has one ('errors 1001', 'errors TypeError', which is both the passkey request's and
            the lookup's 'fetch()' error). A name that no platform has lists the closest names
            and exits 1.
            """,
        ],
        run: run)

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let platforms = arguments.platform.map { [$0] } ?? Platform.known
        var entries = console.pipeline(flows: arguments.makeFlows).triggerReference.filter {
            platforms.contains($0.platform)
        }
        if let query = arguments.error {
            let matches = entries.filter { keys(of: $0).contains(query.lowercased()) }
            guard !matches.isEmpty else {
                console.printUsageError(.unknownNativeError(query, closest: closest(to: query, in: entries)))
                return .failure
            }
            entries = matches
        }
        // JSON in the platforms' order, as the text prints them.
        entries = platforms.flatMap { platform in entries.filter { $0.platform == platform } }
        console.out(arguments.format == .json ? try JSONOutput.string(entries) : text(entries, platforms: platforms))
        return .success
    }

    /// What an entry is looked up by, in lowercase: its name and raw value, every name a
    /// Trigger cell may write for it (`DataError` of a DOM exception), and the last part of each
    /// (`canceled` of `ASAuthorizationError.Code.canceled`, `TYPE_USER_CANCELED` of
    /// `android.credentials.GetCredentialException.TYPE_USER_CANCELED`, `429` of `HTTP 429`).
    static func keys(of entry: TriggerReferenceEntry) -> Set<String> {
        let lastPart = { (text: String) in
            String(text.split(whereSeparator: { $0 == "." || $0 == "/" || $0 == " " }).last ?? "")
        }
        let written = [entry.name] + entry.names + (entry.code.map { [$0] } ?? [])
        return Set((written + written.map(lastPart)).map { $0.lowercased() })
    }

    /// The names nearest to `query`, or the raw values for a number: never a long `type`
    /// string, which the names say more briefly.
    static func closest(to query: String, in entries: [TriggerReferenceEntry]) -> [String] {
        NearestNames(entries.flatMap { $0.names + [$0.code].compactMap { $0 }.filter(NearestNames.isNumber) })
            .nearest(to: query)
    }

    /// For each platform, each result: a native error with its raw value, anything else with
    /// its kind; then what the engine reads and where it leads, the Trigger names where they are
    /// not just its own, and its source with the sentence relied on.
    static func text(_ entries: [TriggerReferenceEntry], platforms: [Platform]) -> String {
        var lines: [String] = []
        for platform in platforms where entries.contains(where: { $0.platform == platform }) {
            lines.append("\(platform.displayName) (\(platform.errorType))")
            for entry in entries where entry.platform == platform {
                var name = entry.name
                if let message = entry.message { name += " \"\(message)\"" }
                lines.append("  \(name) " + (entry.code ?? "(\(entry.kind.phrase))"))
                if let explicit = entry.explicit {
                    let automatic =
                        if let first = entry.automaticFirst, let repeated = entry.automaticRepeated {
                            "automatic \(first), then \(repeated)"
                        } else {
                            "automatic none (no automatic prompt on this platform)"
                        }
                    lines.append("    → \(entry.outcome): \(automatic); explicit \(explicit)")
                } else {
                    lines.append("    → \(entry.outcome); leads to \(entry.leadsTo.joined(separator: ", "))")
                }
                if entry.names != [entry.name] {
                    lines.append("    Trigger names: \(entry.names.joined(separator: ", "))")
                }
                if let fact = entry.fact {
                    let from = fact.requests.map(\.phrase).joined(separator: ", ")
                    let handling = fact.defensive ? "; handled defensively" : ""
                    lines.append("    from \(from)\(handling): \(fact.source.title), \(fact.source.url)")
                    lines.append("      “\(fact.source.quote)”")
                    lines.append("      so: \(fact.conclusion)")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
