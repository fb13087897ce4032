import SpecModel

/// A kind of step parameter: its name in patterns and the values it accepts.
public struct ParameterType: Sendable, Hashable, Codable {
    public var name: String
    /// The accepted values; nil for free text (`{passkey}`) or a number (`{count}`).
    public var values: [String]?
    /// Whether the value is a bare number rather than a quoted string.
    public var isNumber: Bool
    /// Whether the value is a scenario ID of the spec (lint checks the page defines it).
    public var namesScenario: Bool

    public init(name: String, values: [String]?, isNumber: Bool = false, namesScenario: Bool = false) {
        self.name = name
        self.values = values
        self.isNumber = isNumber
        self.namesScenario = namesScenario
    }
}

/// What a step does: set up the world, act, or check an outcome.
public enum StepKind: String, Sendable, Codable, CaseIterable {
    case setup
    case action
    case outcome
}

/// A step pattern, e.g. `the account is {status}`, with its parameter types resolved.
/// Parameters are written in double quotes in the spec (`the account is "locked"`), numbers
/// bare. The one description of a step: the registry binds with it, the report and the site
/// list it.
public struct StepPattern: Sendable, Hashable, Codable {
    /// The pattern with `{type}` placeholders.
    public var pattern: String
    /// How a writer writes it: `the account is "<status>"`.
    public var display: String
    public var summary: String
    public var kind: StepKind
    /// The parameter types, in order.
    public var parameters: [ParameterType]

    /// Resolves `{name}` against `types`; an unknown name is a flow's programming error.
    public init(_ pattern: String, summary: String, kind: StepKind, types: [ParameterType]) {
        var parameters: [ParameterType] = []
        var display = ""
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            display += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            guard let type = types.first(where: { $0.name == name }) else {
                preconditionFailure("step pattern '\(pattern)' names unknown parameter type '\(name)'")
            }
            parameters.append(type)
            display += type.isNumber ? "<\(type.name)>" : "\"<\(type.name)>\""
            rest = rest[rest.index(after: close)...]
        }
        self.pattern = pattern
        self.display = display + rest
        self.summary = summary
        self.kind = kind
        self.parameters = parameters
    }

    package enum Piece: Sendable {
        case literal(String)
        case parameter(ParameterType)
    }

    /// The pattern split into literal text and parameters.
    package var pieces: [Piece] {
        var pieces: [Piece] = []
        var types = parameters.makeIterator()
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
            if let type = types.next() { pieces.append(.parameter(type)) }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.literal(String(rest))) }
        return pieces
    }
}
