import ReportModel

/// A kind of step parameter and how a written value is read into the flow's own type.
///
/// Values are read when the page is read, as a compiler types its literals: a value that is
/// not one of the type's is reported then, at its own column, with the closest valid one, and
/// a step runs only with values of its types.
public struct StepParameter<Value: Sendable>: Sendable {
    /// The parameter's name in patterns and the values it accepts, as the report and `steps`
    /// show them.
    public let type: ParameterType
    /// The value a writer wrote, read into the flow's type; nil when it is not one.
    let read: @Sendable (String) -> Value?

    public init(_ type: ParameterType, read: @escaping @Sendable (String) -> Value?) {
        self.type = type
        self.read = read
    }

    /// The parameter with its reader type-erased, as a step definition keeps its parameters.
    var erased: ErasedStepParameter {
        let read = self.read
        return ErasedStepParameter(type: type) { read($0) }
    }
}

extension StepParameter where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// A quoted value that is one of an enumeration's raw values: `"locked"` for an account
    /// status.
    public static func choice(_ name: String) -> StepParameter {
        choice(name, among: Array(Value.allCases))
    }

    /// A quoted value that is one of `values`, a part of an enumeration's cases.
    public static func choice(_ name: String, among values: [Value]) -> StepParameter {
        let accepted = values.map(\.rawValue)
        return StepParameter(ParameterType(name: name, values: accepted)) { written in
            accepted.contains(written) ? Value(rawValue: written) : nil
        }
    }
}

extension StepParameter where Value == String {
    /// A quoted name of the writer's choosing (`"phone"` for a passkey); any but an empty one.
    public static func name(_ name: String) -> StepParameter {
        StepParameter(ParameterType(name: name, values: nil)) { $0.isEmpty ? nil : $0 }
    }

    /// A scenario ID of the page. Which IDs are valid depends on the page, so `SpecLint` checks
    /// it against the page's scenarios and says which one was meant
    /// (`step-names-unknown-scenario`); `known` lists the flow's, for `steps`.
    public static func scenario(_ name: String, known: [String]) -> StepParameter {
        StepParameter(ParameterType(name: name, values: known, namesScenario: true)) { $0.isEmpty ? nil : $0 }
    }
}

extension StepParameter where Value == Int {
    /// A bare whole number (`2`).
    public static func number(_ name: String) -> StepParameter {
        StepParameter(ParameterType(name: name, values: nil, isNumber: true)) { Int($0) }
    }
}

/// A step parameter whose value type is known only to its definition.
struct ErasedStepParameter: Sendable {
    var type: ParameterType
    var read: @Sendable (String) -> (any Sendable)?
}

/// A step's parameter values, read into their types when the page was read.
public struct StepArguments: Sendable {
    public let values: [any Sendable]

    /// The value at `index` as the definition's type. Binding read it with that definition's
    /// own parameter, so this fails only if a definition and its parameters disagree: a failed
    /// step that says so, never a crash.
    func value<Value>(_ index: Int, as: Value.Type = Value.self) throws -> Value {
        guard values.indices.contains(index), let value = values[index] as? Value else {
            throw StepFailure(expected: "a \(Value.self) value", observed: "parameter \(index + 1) of another type")
        }
        return value
    }
}
