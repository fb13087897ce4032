import Pipeline
import SpecModel

/// A type an option or a positional argument holds: how its value is read from the command
/// line, what the help says it takes, and how a value of it is written back (the default the
/// help shows).
protocol ArgumentValue: Sendable {
    /// The value `text` stands for, or nil when it is not one.
    init?(argument text: String)
    /// The value as it is written on the command line.
    var argument: String { get }
    /// What an option of this type takes, for the message about a wrong value: `a whole number`.
    static var expected: String { get }
    /// The values the help lists, when only some are accepted.
    static var choices: [String]? { get }
    /// The message for `value`, given to `option`, that is not a value of this type.
    static func invalid(_ value: String, option: String) -> Message
}

extension ArgumentValue {
    static var choices: [String]? { nil }

    static func invalid(_ value: String, option: String) -> Message {
        .invalidOptionValue(option, value: value, expected: expected)
    }
}

extension String: ArgumentValue {
    init?(argument text: String) { self = text }
    var argument: String { self }
    static var expected: String { "a value" }
}

/// A whole number; the declaration of an option can narrow its range.
protocol IntegerArgument: ArgumentValue, FixedWidthInteger {}

extension IntegerArgument {
    init?(argument text: String) { self.init(text, radix: 10) }
    var argument: String { String(self) }
    static var expected: String { "a whole number from \(Self.min) to \(Self.max)" }
}

extension Int: IntegerArgument {
    // Int's bounds are no one's idea of a range.
    static var expected: String { "a whole number" }
}

extension UInt16: IntegerArgument {}

/// One of a fixed set of named values, e.g. the formats of a command: the help lists them and
/// a wrong value is answered with them.
protocol ChoiceArgument: ArgumentValue, CaseIterable, RawRepresentable where RawValue == String {}

extension ChoiceArgument {
    init?(argument text: String) { self.init(rawValue: text) }
    var argument: String { rawValue }
    static var choices: [String]? { allCases.map(\.rawValue) }
    static var expected: String { "one of " + allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ") }
}

/// The value of a `--format` option: a wrong one is `unsupported-format`, with the formats
/// the command supports.
protocol FormatArgument: ChoiceArgument {}

extension FormatArgument {
    static func invalid(_ value: String, option: String) -> Message {
        .unsupportedFormat(value, supported: allCases.map(\.rawValue))
    }
}

/// The formats of a command that prints for people or for tools.
enum OutputFormat: String, FormatArgument {
    case text
    case json
}

extension ExportFormat: FormatArgument {
    /// SARIF is what `lint` and `check` print of a run's diagnostics, not a file made from the
    /// content: asked of `export`, the message says which commands give it.
    static func invalid(_ value: String, option: String) -> Message {
        let sarif = DiagnosticsFormat.sarif.rawValue
        return .unsupportedFormat(
            value, supported: allCases.map(\.rawValue),
            elsewhere: value.lowercased() == sarif ? ["lint --format \(sarif)", "check --format \(sarif)"] : [])
    }
}

/// A platform by its ID (`ios`) or its name (`iOS`), in any case, as page metadata and copy
/// tables name it (`Platform(name:)`).
extension Platform: ArgumentValue {
    init?(argument text: String) { self.init(name: text) }
    var argument: String { rawValue }
    static var expected: String { "\(knownList) (an ID or a name, in any case)" }
    static var choices: [String]? { known.map(\.rawValue) }
}
