import SpecModel

/// The typed arguments of one command: a property per argument, holding its default, and
/// the declaration that names each argument and says which property it sets. Parsing starts
/// from `init()` and applies what the command line gives; the help shows each default from
/// `init()` too.
protocol CommandArguments: Sendable {
    /// Every argument at its default.
    init()
    /// Each argument: its name, the placeholder of its value, its help, and its property.
    static var declaration: ArgumentDeclaration<Self> { get }
}

/// The arguments of a command in the order its usage line shows them, and the options that
/// exclude each other.
struct ArgumentDeclaration<Values: CommandArguments>: Sendable {
    var arguments: [Argument<Values>]
    /// Groups of options of which at most one may be given, e.g. `diff`'s `--since` and
    /// `--against`.
    var exclusive: [[AnyKeyPath & Sendable]]

    init(_ arguments: Argument<Values>..., exclusive: [[AnyKeyPath & Sendable]] = []) {
        self.arguments = arguments
        self.exclusive = exclusive
    }

    /// The declared argument that sets `keyPath`.
    func argument(for keyPath: AnyKeyPath) -> Argument<Values>? {
        arguments.first { $0.keyPath == keyPath }
    }

    /// The files that the options writing a run's result name in `words` (the command's
    /// arguments), read as leniently as a command line that did not parse allows: `--junit
    /// FILE` or `--junit=FILE`, before any `--`.
    func resultFiles(in words: [String]) -> [String] {
        let names = Set(arguments.filter(\.help.writesResult).map(\.name))
        guard !names.isEmpty else { return [] }
        var files: [String] = []
        for (index, word) in words.enumerated() {
            if word == "--" { break }
            if names.contains(word), index + 1 < words.count, !Self.isOptionName(words[index + 1]) {
                files.append(words[index + 1])
            } else if let equals = word.firstIndex(of: "="), names.contains(String(word[..<equals])) {
                files.append(String(word[word.index(after: equals)...]))
            }
        }
        return files.filter { !$0.isEmpty }
    }

    /// The names of each group of options that exclude each other.
    var exclusiveNames: [[String]] {
        exclusive.map { group in group.compactMap { argument(for: $0)?.name } }
    }

    /// What each argument takes, as the help shows it.
    var help: [ArgumentHelp] {
        arguments.map { argument in
            var help = argument.help
            help.insteadOf = argument.insteadOf.flatMap { self.argument(for: $0)?.name }
            return help
        }
    }
}

/// What a command takes, whatever its values' type: what the help, the usage line and the
/// README are made from.
struct ArgumentHelp: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// `--name VALUE`.
        case option
        /// `--name`, no value.
        case flag
        /// A word without a name; `repeating` when it takes any number of them.
        case positional(repeating: Bool)
    }

    var kind: Kind
    /// `--out` or `PATHS`.
    var name: String
    /// The placeholder of an option's value, e.g. `DIR`.
    var valueName: String?
    var help: String
    /// The default as the help shows it, read from the values' `init()`; nil when the
    /// argument has none worth showing (a flag, an optional).
    var defaultValue: String?
    /// The values it accepts, when only some are.
    var choices: [String]?
    /// For a positional: the flag that stands in for it, e.g. `copy`'s `--list` for
    /// `SCENARIO-ID`. With the flag given, the words go to the next positional.
    var insteadOf: String?
    /// For an option: whether its value is a file the command writes the run's result to (a
    /// JUnit file, a run report), which a command line that cannot run must not leave behind.
    var writesResult = false
    /// For an option: whether the command cannot run without it (it checks, and says so with
    /// `option-required`); the usage line shows it without brackets.
    var required = false
}

/// One argument of a command, declared once: its name, its value's placeholder and help,
/// and the property of `Values` it sets.
struct Argument<Values: CommandArguments>: Sendable {
    var help: ArgumentHelp
    /// The property it sets; it identifies the argument (in `exclusive`).
    var keyPath: AnyKeyPath & Sendable
    /// For a positional: the flag property that stands in for it.
    var insteadOf: (AnyKeyPath & Sendable)? = nil
    /// Sets the property from the text given; `first` is false for the second and later words
    /// of a repeating positional. Returns the message when the text is no value of its type.
    var apply: @Sendable (_ values: inout Values, _ text: String, _ first: Bool) -> Message?

    var name: String { help.name }
    var kind: ArgumentHelp.Kind { help.kind }

    /// The same option, shown as one the command cannot run without.
    func required() -> Self {
        var argument = self
        argument.help.required = true
        return argument
    }

    // MARK: - Options

    /// `--name VALUE`, with the default the values start with.
    static func option<Value: ArgumentValue>(
        _ keyPath: WritableKeyPath<Values, Value> & Sendable, _ name: String, value: String, help: String
    ) -> Self {
        Self(
            help: ArgumentHelp(
                kind: .option, name: name, valueName: value, help: help,
                defaultValue: Values()[keyPath: keyPath].argument, choices: Value.choices),
            keyPath: keyPath
        ) { values, text, _ in
            guard let value = Value(argument: text) else { return Value.invalid(text, option: name) }
            values[keyPath: keyPath] = value
            return nil
        }
    }

    /// `--name VALUE` that may be left out (nil); `help` says what happens then.
    static func option<Value: ArgumentValue>(
        _ keyPath: WritableKeyPath<Values, Value?> & Sendable, _ name: String, value: String, help: String
    ) -> Self {
        Self(
            help: ArgumentHelp(kind: .option, name: name, valueName: value, help: help, choices: Value.choices),
            keyPath: keyPath
        ) { values, text, _ in
            guard let value = Value(argument: text) else { return Value.invalid(text, option: name) }
            values[keyPath: keyPath] = value
            return nil
        }
    }

    /// `--name N`, a whole number in `range`, that may be left out (nil).
    static func option<Value: IntegerArgument>(
        _ keyPath: WritableKeyPath<Values, Value?> & Sendable, _ name: String, value: String, help: String,
        range: ClosedRange<Value>
    ) -> Self {
        Self(
            help: ArgumentHelp(kind: .option, name: name, valueName: value, help: help),
            keyPath: keyPath
        ) { values, text, _ in
            guard let value = Value(argument: text), range.contains(value) else {
                return .invalidOptionValue(
                    name, value: text, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            values[keyPath: keyPath] = value
            return nil
        }
    }

    /// `--name FILE`, a file the command writes this run's result to, that may be left out
    /// (nil). A command line that cannot run removes the file it names (see `Command`).
    static func result(_ keyPath: WritableKeyPath<Values, String?> & Sendable, _ name: String, help: String) -> Self {
        var argument = option(keyPath, name, value: "FILE", help: help)
        argument.help.writesResult = true
        return argument
    }

    /// `--name`, true when given.
    static func flag(_ keyPath: WritableKeyPath<Values, Bool> & Sendable, _ name: String, help: String) -> Self {
        Self(help: ArgumentHelp(kind: .flag, name: name, help: help), keyPath: keyPath) { values, _, _ in
            values[keyPath: keyPath] = true
            return nil
        }
    }

    // MARK: - Positionals

    /// One word that may be left out (nil).
    static func positional<Value: ArgumentValue>(
        _ keyPath: WritableKeyPath<Values, Value?> & Sendable, _ name: String, help: String
    ) -> Self {
        Self(
            help: ArgumentHelp(
                kind: .positional(repeating: false), name: name, help: help, choices: Value.choices),
            keyPath: keyPath
        ) { values, text, _ in
            guard let value = Value(argument: text) else { return Value.invalid(text, option: name) }
            values[keyPath: keyPath] = value
            return nil
        }
    }

    /// One word that may be left out (nil), or stood in for by `flag`: with the flag given, the
    /// words go to the next positional.
    static func positional<Value: ArgumentValue>(
        _ keyPath: WritableKeyPath<Values, Value?> & Sendable, _ name: String, help: String,
        insteadOf flag: WritableKeyPath<Values, Bool> & Sendable
    ) -> Self {
        Self(
            help: ArgumentHelp(
                kind: .positional(repeating: false), name: name, help: help, choices: Value.choices),
            keyPath: keyPath, insteadOf: flag
        ) { values, text, _ in
            guard let value = Value(argument: text) else { return Value.invalid(text, option: name) }
            values[keyPath: keyPath] = value
            return nil
        }
    }

    /// One word, with the default the values start with.
    static func positional<Value: ArgumentValue>(
        _ keyPath: WritableKeyPath<Values, Value> & Sendable, _ name: String, help: String
    ) -> Self {
        Self(
            help: ArgumentHelp(
                kind: .positional(repeating: false), name: name, help: help,
                defaultValue: Values()[keyPath: keyPath].argument, choices: Value.choices),
            keyPath: keyPath
        ) { values, text, _ in
            guard let value = Value(argument: text) else { return Value.invalid(text, option: name) }
            values[keyPath: keyPath] = value
            return nil
        }
    }

    /// Any number of words; the first one given replaces the default.
    static func positional<Value: ArgumentValue>(
        _ keyPath: WritableKeyPath<Values, [Value]> & Sendable, _ name: String, help: String
    ) -> Self {
        let defaults = Values()[keyPath: keyPath].map(\.argument)
        return Self(
            help: ArgumentHelp(
                kind: .positional(repeating: true), name: name, help: help,
                defaultValue: defaults.isEmpty ? nil : defaults.joined(separator: " "), choices: Value.choices),
            keyPath: keyPath
        ) { values, text, first in
            guard let value = Value(argument: text) else { return Value.invalid(text, option: name) }
            if first { values[keyPath: keyPath] = [] }
            values[keyPath: keyPath].append(value)
            return nil
        }
    }

    // MARK: - Shared by several commands

    /// `PATHS`: spec pages to read, as most commands take them.
    static func paths(_ keyPath: WritableKeyPath<Values, [String]> & Sendable) -> Self {
        positional(keyPath, "PATHS", help: "Markdown files or folders of spec pages.")
    }

    /// `--strict`: copy-style findings are errors.
    static func strict(_ keyPath: WritableKeyPath<Values, Bool> & Sendable) -> Self {
        flag(keyPath, "--strict", help: "Warnings are errors: copy style, links and translations.")
    }

    /// `--format text|sarif`: how `lint` and `check` print their diagnostics.
    static func diagnosticsFormat(_ keyPath: WritableKeyPath<Values, DiagnosticsFormat> & Sendable) -> Self {
        format(keyPath, help: "'text' for a terminal, 'sarif' (SARIF 2.1.0) for code-scanning services.")
    }

    /// `--templates DIR`: the folder whose files replace the built-in templates.
    static func templates(_ keyPath: WritableKeyPath<Values, String?> & Sendable) -> Self {
        option(
            keyPath, "--templates", value: "DIR",
            help:
                "A folder of templates whose files replace the built-in ones (default: 'templates' in the repository that holds the content, or where the tool runs outside git, if there is one)."
        )
    }

    /// `--format FORMAT`.
    static func format<Format: FormatArgument>(
        _ keyPath: WritableKeyPath<Values, Format> & Sendable, help: String = "How to print."
    ) -> Self {
        option(keyPath, "--format", value: "FORMAT", help: help)
    }

    /// `--platform PLATFORM`, by ID or name.
    static func platform(_ keyPath: WritableKeyPath<Values, Platform?> & Sendable, otherwise: String) -> Self {
        option(
            keyPath, "--platform", value: "PLATFORM",
            help: "Only this platform, by its ID or its name in any case; without it, \(otherwise).")
    }
}
