/// How serious a diagnostic is. Only errors make a command fail.
public enum Severity: String, Codable, Sendable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// A finding about the user's input, located in a file.
public struct Diagnostic: Hashable, Codable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: Message

    public init(_ message: Message, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    public var severity: Severity { message.severity }

    /// The same finding as an error (`--strict` makes style warnings fail).
    public func promotedToError() -> Diagnostic {
        var copy = self
        copy.message.severity = .error
        return copy
    }
    public var id: MessageID { message.id }

    /// The compiler form: `path:line:column: error: text [id]`.
    public var description: String {
        "\(location): \(severity.rawValue): \(message.text) [\(message.id.rawValue)]"
    }
}

/// Collects diagnostics from every stage so all problems are reported in one pass.
public struct DiagnosticBag: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public mutating func report(_ message: Message, at location: SourceLocation) {
        diagnostics.append(Diagnostic(message, at: location))
    }

    public mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }

    /// Whether any diagnostic is an error; this alone decides a failing exit status.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Diagnostics in file, line and column order (stable for equal locations).
    public var sorted: [Diagnostic] {
        diagnostics.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }
}

extension Array where Element == Diagnostic {
    /// In file, line and column order, keeping the original order for equal locations.
    public func sortedByLocation() -> [Diagnostic] {
        var bag = DiagnosticBag()
        bag.append(contentsOf: self)
        return bag.sorted
    }
}
