import SpecModel

// The messages of the command line, of building the site and of `explain`, each written once:
// its factory gives its ID, severity and text; its catalogue entry, built from a sample call
// of the factory, explains it for `passkey-spec explain ID` and the writer's guide.

/// The command line's part of the message catalogue.
public enum CommandLineMessages {
    /// Every message the command line reports, group by group.
    public static let catalogue: [CatalogueEntry] =
        arguments + running + explainingDiagnostics
}

// MARK: - Command line

extension Message {
    public static func unknownCommand(_ name: String, suggestion: String?) -> Message {
        Message(
            "unknown-command", .error,
            "unknown command '\(name)'"
                + (suggestion.map { "; did you mean '\($0)'? 'passkey-spec --help' lists every command" }
                    ?? "; run 'passkey-spec --help' for the commands"))
    }

    public static func unknownOption(_ option: String, command: String, suggestion: String?) -> Message {
        Message("unknown-option", .error, "unknown option '\(option)' for '\(command)'\(didYouMean(suggestion))")
    }

    public static func missingOptionValue(_ option: String) -> Message {
        Message("missing-option-value", .error, "option '\(option)' needs a value")
    }

    public static func unsupportedFormat(_ format: String, supported: [String]) -> Message {
        let list = supported.map { "'\($0)'" }.joined(separator: ", ")
        return Message("unsupported-format", .error, "unsupported format '\(format)'; supported formats are \(list)")
    }

    public static func invalidOptionValue(_ option: String, value: String, expected: String) -> Message {
        Message("invalid-option-value", .error, "option '\(option)' takes \(expected), not '\(value)'")
    }

    public static func unexpectedArgument(_ argument: String, command: String) -> Message {
        Message("unexpected-argument", .error, "'\(command)' takes no argument '\(argument)'")
    }

    public static func repeatedOption(_ option: String, command: String) -> Message {
        Message("repeated-option", .error, "'\(command)' takes '\(option)' once; it is given again here")
    }

    public static func flagWithValue(_ flag: String, value: String) -> Message {
        Message("flag-with-value", .error, "'\(flag)' takes no value, not '\(value)'; give '\(flag)' alone")
    }

    public static func conflictingOptions(_ first: String, _ second: String, command: String) -> Message {
        Message("conflicting-options", .error, "'\(command)' takes '\(first)' or '\(second)', not both")
    }

    public static func unknownScenario(_ id: String, closest: [String]) -> Message {
        let list = closest.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            "unknown-scenario", .error,
            "unknown scenario '\(id)'" + (closest.isEmpty ? "" : "; the closest are \(list)"))
    }

    public static func unknownNativeError(_ name: String, closest: [String]) -> Message {
        let list = closest.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            "unknown-native-error", .error,
            "no native error has the name or raw value '\(name)'" + (closest.isEmpty ? "" : "; the closest are \(list)")
        )
    }

    public static func portUnavailable(host: String, from first: Int, to last: Int, reason: String) -> Message {
        let ports = first == last ? "port \(first)" : "ports \(first) to \(last)"
        return Message("port-unavailable", .error, "cannot listen on \(host) at \(ports): \(reason)")
    }

    public static let missingScenarioArgument = Message(
        "missing-scenario-argument", .error, "'copy' needs a scenario ID, or '--list' to list them")
}

extension CommandLineMessages {
    /// The messages about the arguments a command is given. `MessageCatalogue.all` lists
    /// the parser's `commandLine` entries after them, then `running`.
    public static let arguments: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .unknownCommand("lnt", suggestion: "lint"),
            explanation: MessageExplanation(
                summary: "The tool was called with a command it does not have.",
                detail: """
                    The first argument names a command ('lint', 'check', 'build', 'preview', 'copy', 'export', \
                    'explore', 'errors', 'steps', 'diff', 'explain', 'help'). An unknown one is reported with the \
                    closest command when one is near, and the tool exits with status 2.
                    """,
                example: """
                    $ passkey-spec lnt
                    """,
                fix: "Use the suggested command; 'passkey-spec --help' lists them all.")),
        CatalogueEntry(
            sample: .unknownOption("--fromat", command: "export", suggestion: "--format"),
            explanation: MessageExplanation(
                summary: "A command was given an option it does not take.",
                detail: """
                    Each command accepts its own options ('passkey-spec COMMAND --help' lists them). An \
                    unknown option, often a typo, is reported with the closest one when there is one, and \
                    the tool exits with status 2.
                    """,
                example: """
                    $ passkey-spec export --fromat json
                    """,
                fix: "Use the suggested option, or check the command's '--help'.")),
        CatalogueEntry(
            sample: .missingOptionValue("--out"),
            explanation: MessageExplanation(
                summary: "An option that takes a value was given none.",
                detail: """
                    Options such as '--out', '--format', '--report' and '--platform' need a value, after a \
                    space or an '='. When the option comes last, or the next word is another option \
                    ('--out --strict'), the value is missing; the tool exits with status 2. A value that \
                    starts with '--' is given after an '=' ('--out=--draft').
                    """,
                example: """
                    $ passkey-spec export --out
                    """,
                fix: "Give the value: '--out FILE' or '--out=FILE'.")),
        CatalogueEntry(
            sample: .unsupportedFormat("yaml", supported: ["text", "json"]),
            explanation: MessageExplanation(
                summary: "A command was given a '--format' it does not support.",
                detail: """
                    Each command has its own formats ('text' and 'json' for most; 'export' lists its \
                    own in 'passkey-spec help export'). The message lists the supported ones; the tool \
                    exits with status 2.
                    """,
                example: """
                    $ passkey-spec copy explicit-cancel --format yaml
                    """,
                fix: "Use one of the formats the message lists.")),
        CatalogueEntry(
            sample: .invalidOptionValue("--platform", value: "iphone", expected: Platform.knownList),
            explanation: MessageExplanation(
                summary: "An option was given a value it does not accept.",
                detail: """
                    Some options take only certain values: '--platform' takes a known platform's ID or \
                    name, in any case, 'explore --depth' a whole number from 1 to 64. The message says what \
                    the option takes, and the value is marked on the command line; the tool exits with \
                    status 2.
                    """,
                example: """
                    $ passkey-spec copy explicit-cancel --platform iphone
                    """,
                fix: "Give one of the values the message names.")),
        CatalogueEntry(
            sample: .unexpectedArgument("empty-file", command: "explain"),
            explanation: MessageExplanation(
                summary: "A command was given more arguments than it takes.",
                detail: """
                    Each command takes the words its usage line shows: 'explain' one diagnostic ID, and no \
                    ID with '--list'; 'explore' and 'steps' none. An extra word (often a second ID, or a \
                    value meant for an option whose name is missing) is reported and marked on the command \
                    line, and the tool exits with status 2.
                    """,
                example: """
                    $ passkey-spec explain empty-copy-cell empty-file
                    """,
                fix: "Remove the extra argument, or check the command's '--help'.")),
        CatalogueEntry(
            sample: .conflictingOptions("--since", "--against", command: "diff"),
            explanation: MessageExplanation(
                summary: "A command was given two options that exclude each other.",
                detail: """
                    Some options choose between ways of doing one thing: 'diff' compares with a git \
                    revision ('--since') or with a built site ('--against'), one at a time. Given both, \
                    the tool does neither and exits with status 2.
                    """,
                example: """
                    $ passkey-spec diff --since HEAD~1 --against old-site
                    """,
                fix: "Keep the option that names what to compare with, and drop the other.")),
        CatalogueEntry(
            sample: .repeatedOption("--format", command: "errors"),
            explanation: MessageExplanation(
                summary: "A command was given the same option or flag twice.",
                detail: """
                    Each option and flag is given at most once: a second '--format' or '--out' would \
                    leave one of the two values unused, and which one the tool kept would be a guess. \
                    The second is marked on the command line; the tool exits with status 2.
                    """,
                example: """
                    $ passkey-spec errors --format json --format text
                    """,
                fix: "Give the option once, with the value you mean.")),
        CatalogueEntry(
            sample: .flagWithValue("--list", value: "yes"),
            explanation: MessageExplanation(
                summary: "A flag, which takes no value, was given one with '='.",
                detail: """
                    Flags such as '--strict' and '--list' are on when given and off otherwise; they take \
                    no value. '--list=yes' is reported with the value marked on the command line, and the \
                    tool exits with status 2.
                    """,
                example: """
                    $ passkey-spec copy --list=yes
                    """,
                fix: "Give the flag alone ('--list'), or leave it out.")),
    ]

    /// The messages about running a command, after the parser's `commandLine` entries.
    public static let running: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .unknownScenario("explicit-cancle", closest: ["explicit-cancel", "automatic-cancel-first"]),
            explanation: MessageExplanation(
                summary: "'copy' was given a scenario ID that no spec page defines.",
                detail: """
                    'passkey-spec copy ID' prints the copy of one scenario. An ID that no scenario has is \
                    reported with the closest scenario IDs, and the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec copy explicit-cancle
                    """,
                fix: "Use one of the suggested IDs; 'passkey-spec copy --list' lists them all.")),
        CatalogueEntry(
            sample: .missingScenarioArgument,
            explanation: MessageExplanation(
                summary: "'copy' was called without a scenario ID.",
                detail: """
                    'passkey-spec copy' needs the scenario whose copy to print, or '--list' to list the \
                    scenarios. The tool exits with status 2.
                    """,
                example: """
                    $ passkey-spec copy --platform ios
                    """,
                fix: "Add the scenario ID ('passkey-spec copy explicit-cancel'), or use '--list'.")),
        CatalogueEntry(
            sample: .unknownNativeError("1100", closest: ["1001", "1000", "1010"]),
            explanation: MessageExplanation(
                summary: "'errors' was given a native error that no platform has.",
                detail: """
                    'passkey-spec errors NAME' prints what one native error leads to. NAME is the error's \
                    name ('ASAuthorizationError.Code.canceled', 'NotAllowedError', \
                    'GetCredentialCancellationException'), its last part ('canceled'), or its raw value \
                    ('1001', 'TYPE_USER_CANCELED'), in any case. One that no error of the platforms \
                    (or of '--platform') has is reported with the closest names, and the tool exits with \
                    status 1.
                    """,
                example: """
                    $ passkey-spec errors 1100
                    """,
                fix: "Use one of the suggested names; 'passkey-spec errors' lists them all.")),
        CatalogueEntry(
            sample: .portUnavailable(host: "127.0.0.1", from: 8000, to: 8019, reason: "Address already in use"),
            explanation: MessageExplanation(
                summary: "'preview' could not listen on any of the ports it tried.",
                detail: """
                    'passkey-spec preview' listens on port 8000 or, when it is taken, on the next free one \
                    of the 19 after it, and says which it moved to and why. A port given with '--port' is \
                    the one asked for: when it is taken, it is an error, not moved. When no port can be \
                    used, or the address cannot be (it is not one of this machine's), the reason the system \
                    gave is reported and the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec preview --port 8765
                    (while another server listens on 8765)
                    """,
                fix: "Stop what uses the port, choose another with '--port', or name an address of this machine.")),
    ]
}

// MARK: - Explaining diagnostics

extension Message {
    public static func unknownMessageID(_ id: String, closest: [String]) -> Message {
        let list = closest.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            "unknown-message-id", .error,
            "no diagnostic has the ID '\(id)'" + (closest.isEmpty ? "" : "; the closest are \(list)"))
    }
}

extension CommandLineMessages {
    /// `passkey-spec explain` itself.
    public static let explainingDiagnostics: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .unknownMessageID("empty-cell", closest: ["empty-file", "empty-copy-cell"]),
            explanation: MessageExplanation(
                summary: "'explain' (or 'help') was given an ID that no diagnostic has.",
                detail: """
                    'passkey-spec explain ID' explains the diagnostic with that ID, the word in brackets at \
                    the end of each diagnostic. An ID that no diagnostic has is reported with the closest \
                    IDs, and the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec explain empty-cell
                    """,
                fix: "Use one of the suggested IDs; 'passkey-spec explain --list' lists them all."))
    ]
}

// MARK: - Helpers

private func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
}
