import Pipeline
import SpecModel

/// A command's values, parsed, with the flows the tool runs with. Its arguments are read by
/// their property names (`arguments.strict`), through the values' key paths.
@dynamicMemberLookup
struct ParsedArguments<Values: CommandArguments>: Sendable {
    var values: Values
    /// Makes the flows the tool runs with (`FlowCatalogue.registered` unless a caller gives others).
    var makeFlows: @Sendable () -> FlowRegistry = { FlowCatalogue.registered }
    /// The flows the tool runs with.
    var flows: FlowRegistry { makeFlows() }

    subscript<Value>(dynamicMember keyPath: KeyPath<Values, Value>) -> Value {
        values[keyPath: keyPath]
    }
}

/// One subcommand: its name, what it does, and the type of its arguments, whose declaration
/// makes its usage line, its help and its parsing.
struct Command: Sendable {
    var name: String
    /// One line for the command list.
    var abstract: String
    /// Paragraphs of the help between the usage and the arguments, as written.
    var discussion: [String]
    /// What it takes, in the order of the usage line.
    var arguments: [ArgumentHelp]
    /// The names of options that exclude each other.
    var exclusive: [[String]]
    /// Parses the command's arguments (its name not included) and runs it.
    let execute:
        @Sendable (_ arguments: [String], _ flows: @escaping @Sendable () -> FlowRegistry, _ console: Console) throws
            -> ExitStatus

    init<Values: CommandArguments>(
        name: String, abstract: String, discussion: [String],
        run: @escaping @Sendable (ParsedArguments<Values>, Console) throws -> ExitStatus
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        arguments = Values.declaration.help
        exclusive = Values.declaration.exclusiveNames
        execute = { arguments, flows, console in
            do {
                let values = try Values.parse(arguments, command: name)
                return try run(ParsedArguments(values: values, makeFlows: flows), console)
            } catch let error as UsageError {
                // Called wrongly, the command has no result: a JUnit file or report left from an
                // earlier run would pass for this one's in CI.
                let stale = Values.declaration.resultFiles(in: arguments)
                if !stale.isEmpty { console.pipeline(flows: flows).withdraw(stale) }
                throw error
            }
        }
    }

    // MARK: - Help

    /// Help text is wrapped to this many columns.
    static let helpWidth = 100

    /// The usage line without `passkey-spec `: the arguments in their declared order,
    /// optional ones in brackets, required ones without, options that exclude each other as `[--a A | --b B]`, a
    /// positional a flag stands in for as `(ID | --list)`.
    var usage: String {
        var parts = [name]
        var shown: Set<String> = []
        let standIns = Set(arguments.compactMap(\.insteadOf))
        for argument in arguments where !shown.contains(argument.name) {
            switch argument.kind {
            case .positional(let repeating):
                if let flag = argument.insteadOf {
                    parts.append("(\(argument.name) | \(flag))")
                } else if argument.required, !repeating {
                    parts.append(argument.name)
                } else {
                    parts.append(repeating ? "[\(argument.name)...]" : "[\(argument.name)]")
                }
            case .flag where standIns.contains(argument.name):
                continue
            case .flag, .option:
                let group = exclusive.first { $0.contains(argument.name) } ?? [argument.name]
                let members = group.compactMap { name in arguments.first { $0.name == name } }
                let synopsis = members.map(Self.synopsis).joined(separator: " | ")
                parts.append(members.count == 1 && argument.required ? synopsis : "[" + synopsis + "]")
                shown.formUnion(group)
            }
        }
        return parts.joined(separator: " ")
    }

    /// `--strict`, `--out DIR`, or `--format text|json` when there are a few choices.
    private static func synopsis(_ argument: ArgumentHelp) -> String {
        guard argument.kind == .option, let value = argument.valueName else { return argument.name }
        if let choices = argument.choices, choices.count <= 4 {
            return "\(argument.name) \(choices.joined(separator: "|"))"
        }
        return "\(argument.name) \(value)"
    }

    /// The full `--help` text.
    var help: String {
        var text = "USAGE: passkey-spec " + Self.wrapped(usage, indent: "passkey-spec ".count + 7) + "\n"
        for paragraph in discussion {
            text += "\n" + paragraph + "\n"
        }
        let positionals = arguments.filter { !$0.kind.isNamed }
        if !positionals.isEmpty {
            text += "\nARGUMENTS:\n" + Self.columns(positionals.map { ($0.name, Self.described($0)) })
        }
        var rows = arguments.filter(\.kind.isNamed).map { argument in
            (argument.valueName.map { "\(argument.name) \($0)" } ?? argument.name, Self.described(argument))
        }
        rows.append(("-h, --help", "Show this help."))
        text += "\nOPTIONS:\n" + Self.columns(rows)
        return text + "\n"
    }

    /// The help of an argument with its choices and default: `How to print (one of text,
    /// json; default: text).`
    static func described(_ argument: ArgumentHelp) -> String {
        var notes: [String] = []
        if let choices = argument.choices { notes.append("one of " + choices.joined(separator: ", ")) }
        if let value = argument.defaultValue { notes.append("default: \(value)") }
        guard !notes.isEmpty else { return argument.help }
        let base = argument.help.hasSuffix(".") ? String(argument.help.dropLast()) : argument.help
        return "\(base) (\(notes.joined(separator: "; ")))."
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

    /// A usage line wrapped at its parts to the help width, `indent` columns already taken
    /// and the continuation lines indented as far.
    static func wrapped(_ usage: String, indent: Int) -> String {
        // Parts are the words of the line, a bracket or parenthesis kept whole.
        var parts: [String] = []
        var depth = 0
        for word in usage.split(separator: " ") {
            if depth > 0 { parts[parts.count - 1] += " " + word } else { parts.append(String(word)) }
            depth += word.filter { $0 == "[" || $0 == "(" }.count - word.filter { $0 == "]" || $0 == ")" }.count
        }
        var lines: [String] = []
        var line = ""
        for part in parts {
            if !line.isEmpty, indent + line.count + 1 + part.count > helpWidth {
                lines.append(line)
                line = part
            } else {
                line += line.isEmpty ? part : " " + part
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }
}
