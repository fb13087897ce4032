import FlowEngine
import SpecModel

/// A kind of step parameter: its name in patterns and the values it accepts.
public struct ParameterType: Sendable, Hashable {
    public var name: String
    /// The accepted values; nil for free text (`{passkey}`) or a number (`{count}`).
    public var values: [String]?
    /// Whether the value is a bare number rather than a quoted string.
    public var isNumber: Bool

    static let accountStatus = ParameterType(
        name: "status", values: AccountStatus.allCases.map(\.rawValue), isNumber: false)
    static let dependency = ParameterType(
        name: "dependency", values: LookupDependency.allCases.map(\.rawValue), isNumber: false)
    static let fault = ParameterType(name: "fault", values: LookupFault.allCases.map(\.rawValue), isNumber: false)
    static let policy = ParameterType(
        name: "policy", values: EnumerationPolicy.allCases.map(\.rawValue), isNumber: false)
    static let fallback = ParameterType(
        name: "fallback", values: FallbackMethod.allCases.map(\.rawValue), isNumber: false)
    static let scenario = ParameterType(name: "scenario", values: Situation.allCases.map(\.rawValue), isNumber: false)
    static let action = ParameterType(name: "action", values: UserAction.allCases.map(\.rawValue), isNumber: false)
    static let route = ParameterType(name: "route", values: AccountRoute.allCases.map(\.rawValue), isNumber: false)
    static let passkey = ParameterType(name: "passkey", values: nil, isNumber: false)
    static let count = ParameterType(name: "count", values: nil, isNumber: true)

    static let all: [ParameterType] = [
        .accountStatus, .dependency, .fault, .policy, .fallback, .scenario, .action, .route, .passkey, .count,
    ]
}

/// A step failure: what the step expected and what the engine showed.
public struct StepFailure: Error, Sendable {
    public var expected: String
    public var observed: String

    public init(expected: String, observed: String) {
        self.expected = expected
        self.observed = observed
    }
}

/// A step pattern bound to the engine, e.g. `the account is {status}`. Parameters are written
/// in double quotes in the spec (`the account is "locked"`), numbers bare.
public struct StepDefinition: Sendable {
    /// What a step does: set up the world, act, or check an outcome.
    public enum Kind: String, Sendable, Codable {
        case setup
        case action
        case outcome
    }

    public var pattern: String
    public var summary: String
    public var kind: Kind = .outcome
    let run: @Sendable (inout CheckContext, [String]) throws -> Void

    init(_ pattern: String, _ summary: String, run: @escaping @Sendable (inout CheckContext, [String]) throws -> Void) {
        self.pattern = pattern
        self.summary = summary
        self.run = run
    }

    enum Piece: Sendable {
        case literal(String)
        case parameter(ParameterType)
    }

    /// The pattern split into literal text and parameters.
    var pieces: [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
            let name = String(rest[rest.index(after: open)..<close])
            pieces.append(.parameter(ParameterType.all.first { $0.name == name } ?? .passkey))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.literal(String(rest))) }
        return pieces
    }

    /// The parameter types, in order.
    public var parameters: [ParameterType] {
        pieces.compactMap {
            if case .parameter(let type) = $0 { return type }
            return nil
        }
    }

    /// How a writer writes it: `the account is "<status>"`.
    public var display: String {
        pieces.map {
            switch $0 {
            case .literal(let text): text
            case .parameter(let type): type.isNumber ? "<\(type.name)>" : "\"<\(type.name)>\""
            }
        }.joined()
    }

    /// The raw parameter values when `text` has the pattern's shape, else nil. Values are not
    /// checked against their type here, so a misspelt value is reported as such, not as an
    /// undefined step.
    func match(_ text: String) -> [String]? {
        var values: [String] = []
        var rest = Substring(text)
        let pieces = self.pieces
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .literal(let literal):
                guard rest.hasPrefix(literal) else { return nil }
                rest = rest.dropFirst(literal.count)
            case .parameter(let type) where type.isNumber:
                let digits = rest.prefix { $0.isASCIIDigit }
                guard !digits.isEmpty else { return nil }
                values.append(String(digits))
                rest = rest.dropFirst(digits.count)
            case .parameter:
                guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else { return nil }
                values.append(String(rest[rest.index(after: rest.startIndex)..<close]))
                rest = rest[rest.index(after: close)...]
            }
            if index == pieces.count - 1, !rest.isEmpty { return nil }
        }
        return rest.isEmpty ? values : nil
    }
}

/// A step bound to its definition, with its parameter values checked.
public struct BoundStep: Sendable {
    public var step: Step
    public var definition: StepDefinition
    public var values: [String]
}

/// The result of binding a step: its definition, or the diagnostic saying why there is none.
public enum StepBinding: Sendable {
    case bound(BoundStep)
    case unbound(Diagnostic)
}

/// The registry of step definitions, as Cucumber and Gauge keep them: every step of every
/// check must match exactly one pattern.
public struct StepRegistry: Sendable {
    public var definitions: [StepDefinition]

    public init(definitions: [StepDefinition] = StepLibrary.definitions) {
        self.definitions = definitions
    }

    /// Binds a step, or reports why it cannot be bound: undefined (with the closest known
    /// step), ambiguous, or a parameter value of the wrong kind.
    public func bind(_ step: Step) -> StepBinding {
        let matches = definitions.compactMap { definition in definition.match(step.text).map { (definition, $0) } }
        guard let (definition, values) = matches.first else {
            let suggestion = closestDefinition(to: step.text)?.display
            return .unbound(Diagnostic(.undefinedStep(step.text, suggestion: suggestion), at: step.location))
        }
        guard matches.count == 1 else {
            return .unbound(
                Diagnostic(.ambiguousStep(step.text, patterns: matches.map(\.0.display)), at: step.location))
        }
        for (type, value) in zip(definition.parameters, values) {
            if let allowed = type.values, !allowed.contains(value) {
                return .unbound(
                    Diagnostic(.invalidStepParameter(value, kind: type.name, allowed: allowed), at: step.location))
            }
            if !type.isNumber, value.isEmpty {
                return .unbound(
                    Diagnostic(.invalidStepParameter(value, kind: type.name, allowed: []), at: step.location))
            }
        }
        return .bound(BoundStep(step: step, definition: definition, values: values))
    }

    /// Binds every step of every check; returns the diagnostics of the ones that do not bind.
    public func diagnostics(for checks: [Check]) -> [Diagnostic] {
        checks.flatMap(\.steps).compactMap {
            if case .unbound(let diagnostic) = bind($0) { return diagnostic }
            return nil
        }
    }

    /// The definition whose display form is nearest the text, with quoted values masked.
    func closestDefinition(to text: String) -> StepDefinition? {
        let masked = Self.maskQuotes(text)
        return definitions.min {
            editDistance(masked, Self.maskQuotes($0.display)) < editDistance(masked, Self.maskQuotes($1.display))
        }
    }

    private static func maskQuotes(_ text: String) -> String {
        var result = ""
        var inQuotes = false
        for character in text {
            if character == "\"" {
                inQuotes.toggle()
                if inQuotes { result += "\"…\"" }
            } else if !inQuotes {
                result.append(character)
            }
        }
        return result.lowercased()
    }
}
