import Foundation
import SpecModel
import Utilities

/// Diagnostics as a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format), the
/// format code-scanning services read: one run of the tool, a rule per message ID with its
/// explanation from the catalogue, a result per diagnostic at its file, line and column, and
/// a notification when the tool could not do its work at all.
public enum SarifLog {
    /// The schema the log names, as the OASIS standard publishes it.
    public static let schema =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// A problem that stopped the tool before it could report on the content (a path that
    /// does not exist): a tool execution notification, not a result.
    public struct Notification: Sendable {
        public var message: Message

        public init(_ message: Message) { self.message = message }
    }

    /// The log of one run.
    /// - Parameters:
    ///   - diagnostics: what the run found, each located in a file.
    ///   - catalogue: the explanation of each message ID (its rule).
    ///   - notifications: what stopped the run, if anything.
    ///   - root: the folder the files' paths are relative to (`%SRCROOT%`).
    ///   - column: a location's column in Unicode code points, as SARIF counts them
    ///     (`columnKind` `unicodeCodePoints`); the tool counts UTF-8 bytes.
    ///
    /// Each result's region is the diagnostic's span (its end excluded, as SARIF's `endColumn`
    /// is); a note is a related location, and a fix-it a fix with its replacements.
    public static func json(
        diagnostics: [Diagnostic], catalogue: [CatalogueEntry], notifications: [Notification] = [], root: URL,
        column: (SourceLocation) -> Int = { $0.column }
    ) throws -> Data {
        let explanations = Dictionary(catalogue.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let ids = Array(Set(diagnostics.map(\.id))).sorted()
        let index = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        let rules = ids.map { id -> Rule in
            let entry = explanations[id]
            return Rule(
                id: id.rawValue, name: ruleName(id),
                shortDescription: Text(text: entry?.explanation.summary ?? id.rawValue),
                fullDescription: Text(text: entry?.explanation.detail ?? id.rawValue),
                help: Text(text: entry.map { "\($0.explanation.fix)\n\nExample:\n\($0.explanation.example)" } ?? ""),
                defaultConfiguration: Configuration(level: level(entry?.severity ?? .error)),
                properties: RuleProperties(explain: "passkey-spec explain \(id.rawValue)"))
        }
        func region(_ span: SourceSpan) -> Region {
            let end = SourceLocation(file: span.file, line: span.endLine, column: span.endColumn)
            return Region(
                startLine: max(1, span.start.line), startColumn: max(1, column(span.start)),
                endLine: max(1, span.endLine), endColumn: max(1, column(end)))
        }
        func artifact(_ file: String) -> ArtifactLocation { ArtifactLocation(uri: uri(file), uriBaseId: "%SRCROOT%") }
        let results = diagnostics.map { diagnostic in
            Result(
                ruleId: diagnostic.id.rawValue, ruleIndex: index[diagnostic.id] ?? 0, level: level(diagnostic.severity),
                message: Text(text: diagnostic.message.text),
                locations: [
                    Location(
                        physicalLocation: PhysicalLocation(
                            artifactLocation: artifact(diagnostic.span.file), region: region(diagnostic.span)))
                ],
                relatedLocations: diagnostic.notes.isEmpty
                    ? nil
                    : diagnostic.notes.enumerated().map { number, note in
                        RelatedLocation(
                            id: number,
                            physicalLocation: PhysicalLocation(
                                artifactLocation: artifact(note.span.file), region: region(note.span)),
                            message: Text(text: note.text))
                    },
                fixes: diagnostic.fixIts.isEmpty
                    ? nil
                    : diagnostic.fixIts.map { fix in
                        Fix(
                            description: Text(text: fix.title),
                            artifactChanges: Dictionary(grouping: fix.edits, by: \.span.file).sorted { $0.key < $1.key }
                                .map { file, edits in
                                    ArtifactChange(
                                        artifactLocation: artifact(file),
                                        replacements: edits.map { edit in
                                            Replacement(
                                                deletedRegion: region(edit.span),
                                                insertedContent: Text(text: edit.replacement))
                                        })
                                })
                    })
        }
        let base = root.standardizedFileURL.absoluteString
        let log = Log(
            schema: schema, version: "2.1.0",
            runs: [
                Run(
                    tool: Tool(
                        driver: Driver(
                            name: ToolVersion.name, version: ToolVersion.current, semanticVersion: ToolVersion.current,
                            rules: rules)),
                    originalUriBaseIds: ["%SRCROOT%": BaseURI(uri: base.hasSuffix("/") ? base : base + "/")],
                    columnKind: "unicodeCodePoints",
                    invocations: [
                        Invocation(
                            executionSuccessful: notifications.isEmpty,
                            toolExecutionNotifications: notifications.map {
                                ToolNotification(
                                    level: level($0.message.severity),
                                    message: Text(text: "\($0.message.text) [\($0.message.id.rawValue)]"),
                                    descriptor: Descriptor(id: $0.message.id.rawValue))
                            })
                    ],
                    results: results)
            ])
        return try JSONOutput.encode(log)
    }

    /// A path as a relative URI reference: each segment percent-encoded.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":?#[]@!$&'()*+,;=%")
        return path.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0)
        }.joined(separator: "/")
    }

    /// `empty-copy-cell` as a rule's name: `EmptyCopyCell`.
    static func ruleName(_ id: MessageID) -> String {
        id.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func level(_ severity: Severity) -> String {
        severity == .error ? "error" : "warning"
    }

    // MARK: - The log's shape (only what the tool fills in)

    private struct Log: Encodable {
        var schema: String
        var version: String
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version
            case runs
        }
    }

    private struct Run: Encodable {
        var tool: Tool
        var originalUriBaseIds: [String: BaseURI]
        var columnKind: String
        var invocations: [Invocation]
        var results: [Result]
    }

    private struct Tool: Encodable { var driver: Driver }

    private struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var rules: [Rule]
    }

    private struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var defaultConfiguration: Configuration
        var properties: RuleProperties
    }

    private struct RuleProperties: Encodable { var explain: String }
    private struct Configuration: Encodable { var level: String }
    private struct Text: Encodable { var text: String }
    private struct BaseURI: Encodable { var uri: String }

    private struct Invocation: Encodable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [ToolNotification]
    }

    private struct ToolNotification: Encodable {
        var level: String
        var message: Text
        var descriptor: Descriptor
    }

    private struct Descriptor: Encodable { var id: String }

    private struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var relatedLocations: [RelatedLocation]?
        var fixes: [Fix]?
    }

    private struct Location: Encodable { var physicalLocation: PhysicalLocation }

    private struct RelatedLocation: Encodable {
        var id: Int
        var physicalLocation: PhysicalLocation
        var message: Text
    }

    private struct Fix: Encodable {
        var description: Text
        var artifactChanges: [ArtifactChange]
    }

    private struct ArtifactChange: Encodable {
        var artifactLocation: ArtifactLocation
        var replacements: [Replacement]
    }

    private struct Replacement: Encodable {
        var deletedRegion: Region
        var insertedContent: Text
    }

    private struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        /// A finding about a whole file has the file's start, as it prints.
        var region: Region
    }

    private struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String
    }

    private struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
        var endLine: Int
        var endColumn: Int
    }
}
