import SpecModel
import Utilities

/// Where on the command line a usage error is: an argument, and the characters of it at fault.
struct ArgumentLocation: Sendable, Equatable {
    /// The argument's index in the arguments the error was found in.
    var index: Int
    /// The characters of the argument at fault (`yaml` in `--format=yaml`); nil for all of it.
    var characters: Range<Int>?

    init(index: Int, characters: Range<Int>? = nil) {
        self.index = index
        self.characters = characters
    }
}

/// A problem with how the tool was called; exits with status 2.
struct UsageError: Error, Sendable {
    var message: Message
    /// The argument at fault, when the parser found it.
    var location: ArgumentLocation?
    /// The argument at fault, for a problem a command finds after parsing (a path that does
    /// not exist): the tool points at it when the command line has it.
    var argument: String?

    init(_ message: Message, at location: ArgumentLocation? = nil, argument: String? = nil) {
        self.message = message
        self.location = location
        self.argument = argument
    }

    /// The location in `arguments`, whose first `offset` words come before the ones the
    /// location counts (the command's name): the parser's, else the last word that is
    /// `argument` or ends with `=argument`.
    func location(in arguments: [String], offset: Int) -> ArgumentLocation? {
        if let location {
            return ArgumentLocation(index: location.index + offset, characters: location.characters)
        }
        guard let argument, !argument.isEmpty else { return nil }
        for index in arguments.indices.reversed().dropLast(offset) {
            if arguments[index] == argument { return ArgumentLocation(index: index) }
            if arguments[index].hasSuffix("=" + argument), arguments[index].hasPrefix("--") {
                let count = arguments[index].count
                return ArgumentLocation(index: index, characters: (count - argument.count)..<count)
            }
        }
        return nil
    }
}

// MARK: - Parsing

extension CommandArguments {
    /// The values `arguments` (the command's name not included) give, from the defaults;
    /// `command` names the command in messages.
    static func parse(_ arguments: [String], command: String) throws(UsageError) -> Self {
        try declaration.parse(arguments, command: command)
    }
}

extension ArgumentDeclaration {
    /// Applies `arguments` to the defaults: options and flags wherever they are (`--name value`
    /// or `--name=value`), the other words to the positionals in order, every word after
    /// `--` a positional. Each option and flag may be given once.
    func parse(_ words: [String], command: String) throws(UsageError) -> Values {
        var values = Values()
        // Where each option or flag was given, by its index in `arguments`.
        var given: [Int: Int] = [:]
        var positionalWords: [Int] = []
        var onlyPositionals = false
        var index = 0
        while index < words.count {
            let word = words[index]
            let at = index
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                positionalWords.append(at)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            var name = word
            var inline: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inline = String(word[word.index(after: equals)...])
            }
            let nameRange = 0..<name.count
            guard let declared = arguments.firstIndex(where: { $0.kind.isNamed && $0.name == name }) else {
                let known = arguments.filter(\.kind.isNamed).map(\.name) + ["--help"]
                throw UsageError(
                    .unknownOption(name, command: command, suggestion: closest(to: name, in: known)),
                    at: ArgumentLocation(index: at, characters: nameRange))
            }
            let argument = arguments[declared]
            guard given[declared] == nil else {
                throw UsageError(
                    .repeatedOption(name, command: command), at: ArgumentLocation(index: at, characters: nameRange))
            }
            given[declared] = at
            if argument.kind == .flag {
                if let inline {
                    throw UsageError(
                        .flagWithValue(name, value: inline),
                        at: ArgumentLocation(index: at, characters: name.count..<word.count))
                }
                _ = argument.apply(&values, "", true)
                continue
            }
            let value: String
            let place: ArgumentLocation
            if let inline {
                value = inline
                place = ArgumentLocation(index: at, characters: (name.count + 1)..<word.count)
            } else if index < words.count, !Self.isOptionName(words[index]) {
                value = words[index]
                place = ArgumentLocation(index: index)
                index += 1
            } else {
                throw UsageError(.missingOptionValue(name), at: ArgumentLocation(index: at, characters: nameRange))
            }
            if let message = argument.apply(&values, value, true) { throw UsageError(message, at: place) }
        }

        for group in exclusive {
            let present = group.compactMap { keyPath in arguments.firstIndex { $0.keyPath == keyPath } }
                .compactMap { declared in given[declared].map { (declared: declared, at: $0) } }
                .sorted { $0.at < $1.at }
            guard present.count > 1 else { continue }
            throw UsageError(
                .conflictingOptions(
                    arguments[present[0].declared].name, arguments[present[1].declared].name, command: command),
                at: ArgumentLocation(index: present[1].at, characters: 0..<arguments[present[1].declared].name.count))
        }

        // A positional that a given flag stands in for takes no word: the words go to the next.
        let slots = arguments.filter { argument in
            guard case .positional = argument.kind else { return false }
            guard let flag = argument.insteadOf else { return true }
            return arguments.firstIndex { $0.keyPath == flag }.map { given[$0] == nil } ?? true
        }
        var slot = 0
        var first = true
        for at in positionalWords {
            guard slot < slots.count else {
                throw UsageError(.unexpectedArgument(words[at], command: command), at: ArgumentLocation(index: at))
            }
            let positional = slots[slot]
            if let message = positional.apply(&values, words[at], first) {
                throw UsageError(message, at: ArgumentLocation(index: at))
            }
            first = false
            if positional.kind == .positional(repeating: false) {
                slot += 1
                first = true
            }
        }
        return values
    }

    /// Whether `word` is an option's name rather than a value: an option followed by one is
    /// missing its value (`--out --strict`). A value that starts with `--` is given as
    /// `--out=--file`.
    static func isOptionName(_ word: String) -> Bool {
        (word.hasPrefix("--") && word.count > 2) || word == "-h"
    }
}

extension ArgumentHelp.Kind {
    /// Whether it is written with its name: an option or a flag.
    var isNamed: Bool {
        if case .positional = self { false } else { true }
    }
}

// MARK: - Pointing at an argument

/// The command line as a shell would show it, and a line that marks one argument of it with
/// `^~~~`, as a compiler marks a column.
struct MarkedCommandLine: Equatable {
    var line: String
    var marker: String

    /// `arguments` after `passkey-spec`, with the argument at `location` marked.
    init(_ arguments: [String], at location: ArgumentLocation) {
        var line = "passkey-spec"
        var start = 0
        var length = 0
        for (index, argument) in arguments.enumerated() {
            let shown = Self.quoted(argument)
            line += " "
            if index == location.index {
                start = line.count
                length = shown.count
                // Inside quotes only when the quoting added nothing but the quotes.
                if let characters = location.characters, shown == argument || shown == "'\(argument)'" {
                    start += characters.lowerBound + (shown == argument ? 0 : 1)
                    length = characters.count
                }
            }
            line += shown
        }
        self.line = line
        marker = String(repeating: " ", count: start) + "^" + String(repeating: "~", count: max(0, length - 1))
    }

    /// The argument as typed in a POSIX shell: as it is when it needs no quoting, else in
    /// single quotes.
    static func quoted(_ argument: String) -> String {
        let plain =
            !argument.isEmpty
            && argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./:=@%+,^~".contains($0) }
        return plain ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
