import Pipeline
import SpecModel
import SpecRunner

/// An option that takes a value, e.g. `--out DIR`, declared once: its help line is made from
/// it and its value is read back with `arguments[option]`.
struct Option: Sendable {
    var name: String
    /// The placeholder of the value in the help, e.g. `DIR`.
    var value: String
    var help: String
    /// The value when the option is not given; shown in the help as `(default: …)`.
    var defaultValue: String?

    init(_ name: String, value: String, help: String, default defaultValue: String? = nil) {
        self.name = name
        self.value = value
        self.help = help
        self.defaultValue = defaultValue
    }

    /// `--format FORMAT`, one of `formats`.
    static func format(_ formats: [String], default defaultValue: String, help: String? = nil) -> Option {
        let list = formats.map { "'\($0)'" }
        let choices = list.count > 1 ? list.dropLast().joined(separator: ", ") + " or " + list.last! : list.joined()
        return Option("--format", value: "FORMAT", help: help ?? "\(choices).", default: defaultValue)
    }
}

/// An option that takes no value, e.g. `--strict`; read back with `arguments[flag]`.
struct Flag: Sendable {
    var name: String
    var help: String

    init(_ name: String, help: String) {
        self.name = name
        self.help = help
    }
}

/// A positional argument, e.g. `PATHS`, and how many of it a command takes.
struct Positional: Sendable {
    enum Count: Sendable {
        case atMostOne
        case anyNumber
    }

    var name: String
    var help: String
    var count: Count

    init(_ name: String, _ count: Count, help: String) {
        self.name = name
        self.help = help
        self.count = count
    }

    /// Spec pages to read, as most commands take them.
    static let paths = Positional(
        "PATHS", .anyNumber, help: "Markdown files or folders of spec pages (default: content).")
}

/// The parsed command line of one command. Options and flags are read through their
/// declarations, so a misspelt name does not compile.
struct ParsedArguments {
    /// Makes the flows the tool runs with (`FlowCatalogue.registered` unless a caller gives others).
    var makeFlows: @Sendable () -> FlowRegistry = { FlowCatalogue.registered }
    /// The flows the tool runs with.
    var flows: FlowRegistry { makeFlows() }
    var positionals: [String] = []
    private var options: [String: String] = [:]
    private var flags: Set<String> = []

    /// The value given for `option` (the last one, if given more than once), else its default.
    subscript(option: Option) -> String? {
        options[option.name] ?? option.defaultValue
    }

    /// Whether `flag` was given.
    subscript(flag: Flag) -> Bool {
        flags.contains(flag.name)
    }

    fileprivate mutating func set(_ option: Option, to value: String) {
        options[option.name] = value
    }

    fileprivate mutating func set(_ flag: Flag) {
        flags.insert(flag.name)
    }

    /// The `--format` value, checked against the formats a command supports.
    func format(_ option: Option, from supported: [String]) throws -> String {
        let format = self[option] ?? supported[0]
        guard supported.contains(format) else { throw UsageError(.unsupportedFormat(format, supported: supported)) }
        return format
    }
}

/// One subcommand, declared once: its usage, description, positional arguments, options and
/// flags. Its help text and its parsing are both made from this declaration.
struct Command: Sendable {
    var name: String
    /// One line for the command list.
    var abstract: String
    /// The usage lines, without `passkey-spec `, e.g. `build [PATHS...] [--out DIR]`.
    var usage: [String]
    /// Paragraphs of the help between the usage and the options, as written.
    var discussion: [String]
    var positionals: [Positional] = []
    var options: [Option] = []
    var flags: [Flag] = []
    var run: @Sendable (ParsedArguments, Console) throws -> ExitStatus

    /// How many positional arguments the command takes at most (nil: any number).
    var maximumPositionals: Int? {
        positionals.contains { $0.count == .anyNumber } ? nil : positionals.count
    }

    /// Every option and flag name, as typed.
    var optionNames: [String] { options.map(\.name) + flags.map(\.name) }

    /// Help text is wrapped to this many columns.
    static let helpWidth = 100

    /// The full `--help` text.
    var help: String {
        var text = "USAGE: "
        text += usage.map { "passkey-spec \($0)" }.joined(separator: "\n       ") + "\n"
        for paragraph in discussion {
            text += "\n" + paragraph + "\n"
        }
        if !positionals.isEmpty {
            text += "\nARGUMENTS:\n" + Self.columns(positionals.map { ($0.name, $0.help) })
        }
        var rows = options.map { option in
            let help = option.defaultValue.map { Self.appendingDefault($0, to: option.help) } ?? option.help
            return ("\(option.name) \(option.value)", help)
        }
        rows += flags.map { ($0.name, $0.help) }
        rows.append(("-h, --help", "Show this help."))
        text += "\nOPTIONS:\n" + Self.columns(rows)
        return text + "\n"
    }

    /// `Where the site goes.` with default `site`: `Where the site goes (default: site).`
    private static func appendingDefault(_ value: String, to help: String) -> String {
        let base = help.hasSuffix(".") ? String(help.dropLast()) : help
        return "\(base) (default: \(value))."
    }

    /// Two aligned columns, the second wrapped to the help width.
    private static func columns(_ rows: [(String, String)]) -> String {
        let width = (rows.map(\.0.count).max() ?? 0) + 3
        var lines: [String] = []
        for (name, help) in rows {
            let wrapped = ExplainCommand.wrap(help, width: helpWidth - 2 - width)
            for (index, line) in wrapped.enumerated() {
                let left = index == 0 ? name : ""
                lines.append("  " + left.padding(toLength: width, withPad: " ", startingAt: 0) + line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parses `arguments` (without the command name); throws a usage message.
    func parse(_ arguments: [String]) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                if let maximum = maximumPositionals, parsed.positionals.count >= maximum {
                    throw UsageError(.unexpectedArgument(argument, command: name))
                }
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var given = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                given = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if let flag = flags.first(where: { $0.name == given }), inlineValue == nil {
                parsed.set(flag)
            } else if let option = options.first(where: { $0.name == given }) {
                if let inlineValue {
                    parsed.set(option, to: inlineValue)
                } else if index < arguments.count {
                    parsed.set(option, to: arguments[index])
                    index += 1
                } else {
                    throw UsageError(.missingOptionValue(given))
                }
            } else {
                let known = optionNames + ["--help"]
                throw UsageError(.unknownOption(given, command: name, suggestion: closest(to: given, in: known)))
            }
        }
        return parsed
    }
}

/// A problem with how the tool was called; exits with status 2.
struct UsageError: Error {
    var message: Message
    init(_ message: Message) { self.message = message }
}
