// The pipeline as the language-server fuzz target sees it: the API `LanguageServer` calls,
// with the parsing, the lint and the engine's check left out, so that one input takes
// microseconds instead of a parse of the content folder. Its lint reads only the editor's
// unsaved text and reports findings at positions taken from that text (in range, past the end
// of a line, on lines that do not exist, in files the editor does not hold), so that every
// path of publishing them is exercised.
import Foundation
import SpecModel

/// Stands in for SpecRunner's registry, which the real module re-exports.
public struct FlowRegistry: Sendable {
    public init() {}
}

public enum FlowCatalogue {
    public static let registered = FlowRegistry()
}

public struct PipelineConfiguration: Sendable {
    public var workingDirectory: URL
    public var roots: [String]
    public var makeFlows: @Sendable () -> FlowRegistry
    public var unsaved: [String: [UInt8]] = [:]

    public static let defaultRoot = "content"

    public init(
        workingDirectory: URL, roots: [String] = [],
        flows: @escaping @Sendable () -> FlowRegistry = { FlowCatalogue.registered }
    ) {
        self.workingDirectory = workingDirectory
        self.roots = roots.isEmpty ? [Self.defaultRoot] : roots
        self.makeFlows = flows
    }
}

public struct PipelineFailure: Error, Sendable, Equatable {
    public var reason: String
}

public struct PipelineResult: Sendable {
    public var diagnostics: [Diagnostic] = []
    public var failure: PipelineFailure?

    public var hasErrors: Bool {
        failure != nil || diagnostics.contains { $0.severity == .error }
    }
}

public struct Pipeline: Sendable {
    public let configuration: PipelineConfiguration

    public init(_ configuration: PipelineConfiguration) {
        self.configuration = configuration
    }

    /// A finding at every `!` (an error) and `?` (a warning) of each open document, at most a
    /// few per line; one at a line and column read from the text's first bytes, which may be
    /// out of range; and one in a relative path, resolved against the workspace.
    public func lint() -> PipelineResult {
        var result = PipelineResult()
        for (path, bytes) in configuration.unsaved.sorted(by: { $0.key < $1.key }) {
            var line = 1
            var column = 1
            var onLine = 0
            for byte in bytes.prefix(4096) {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                    onLine = 0
                    continue
                }
                if (byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?")) && onLine < 4 {
                    let severity: Severity = byte == UInt8(ascii: "!") ? .error : .warning
                    result.diagnostics.append(
                        Diagnostic(
                            Message("fuzz-mark", severity, "a mark"), at: SourceLocation(file: path, line: line, column: column)))
                    onLine += 1
                }
                column += 1
            }
            let first = bytes.count > 0 ? Int(bytes[0]) : 0
            let second = bytes.count > 1 ? Int(bytes[1]) : 0
            result.diagnostics.append(
                Diagnostic(
                    Message("fuzz-anywhere", .warning, "anywhere"),
                    at: SourceLocation(file: path, line: first % 9 - 1, column: second - 16)))
        }
        result.diagnostics.append(
            Diagnostic(
                Message("fuzz-relative", .warning, "relative"),
                at: SourceLocation(file: "content/missing.md", line: 1, column: 1)))
        return result
    }

    public func check() -> PipelineResult {
        var result = lint()
        result.diagnostics.append(
            Diagnostic(Message("fuzz-check", .error, "checked"), at: .whole(configuration.roots.first ?? "content")))
        return result
    }
}
