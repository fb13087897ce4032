import SpecModel

/// The parsed command line of one command: positional arguments, option values and flags.
struct ParsedArguments {
    var positionals: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []
}

/// What a command accepts, so that parsing and usage errors are the same for every command.
struct ArgumentSpec: Sendable {
    /// Options that take a value, e.g. `--out`.
    var options: [String] = []
    /// Options that take no value, e.g. `--list`.
    var flags: [String] = []
    /// How many positional arguments the command takes at most (nil: any number).
    var maximumPositionals: Int? = nil

    /// Parses `arguments` (without the command name); throws a usage message.
    func parse(_ arguments: [String], command: String) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                if let maximum = maximumPositionals, parsed.positionals.count >= maximum {
                    throw UsageError(.unexpectedArgument(argument, command: command))
                }
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if flags.contains(name), inlineValue == nil {
                parsed.flags.insert(name)
            } else if options.contains(name) {
                if let inlineValue {
                    parsed.options[name] = inlineValue
                } else if index < arguments.count {
                    parsed.options[name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError(.missingOptionValue(name))
                }
            } else {
                let known = options + flags + ["--help"]
                throw UsageError(.unknownOption(name, command: command, suggestion: closest(to: name, in: known)))
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

extension ParsedArguments {
    /// The `--format` value, checked against the formats a command supports.
    func format(from supported: [String], default fallback: String) throws -> String {
        let format = options["--format"] ?? fallback
        guard supported.contains(format) else { throw UsageError(.unsupportedFormat(format, supported: supported)) }
        return format
    }
}
