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

    public static func optionRequired(_ option: String, value: String, command: String) -> Message {
        Message(
            "option-required", .error, "'\(command)' needs '\(option) \(value)'; see 'passkey-spec \(command) --help'")
    }

    public static func kitNeedsFolder(_ format: String) -> Message {
        Message(
            "kit-needs-folder", .error,
            "'\(format)' is a folder of files, not one file; give '--out DIR' to write it into DIR")
    }

    /// `elsewhere` are the command lines that do give `format` (`lint --format sarif`), when
    /// it is another command's.
    public static func unsupportedFormat(_ format: String, supported: [String], elsewhere: [String] = []) -> Message {
        let list = supported.map { "'\($0)'" }.joined(separator: ", ")
        let instead = elsewhere.map { "'\($0)'" }.joined(separator: " or ")
        return Message(
            "unsupported-format", .error,
            "unsupported format '\(format)'" + (elsewhere.isEmpty ? "" : "; it comes from \(instead)")
                + "; supported formats are \(list)")
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
            "no error or server answer has the name or raw value '\(name)'"
                + (closest.isEmpty ? "" : "; the closest are \(list)"))
    }

    public static func noCopyForPlatform(
        _ id: String, platform: String, copyOn platforms: [String], coveredBy specs: [String]
    ) -> Message {
        let without =
            specs.isEmpty
            ? "no page given covers \(platform)"
            : "\(specs.joined(separator: ", ")) \(specs.count == 1 ? "covers" : "cover") \(platform) without it"
        return Message(
            "no-copy-for-platform", .error,
            "scenario '\(id)' has no \(platform) copy (\(without)); it has copy for \(platforms.joined(separator: ", "))"
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
            sample: .unknownCommand("lnt", suggestion: "lint")),
        CatalogueEntry(
            sample: .unknownOption("--fromat", command: "export", suggestion: "--format")),
        CatalogueEntry(
            sample: .missingOptionValue("--out")),
        CatalogueEntry(
            sample: .unsupportedFormat("yaml", supported: ["text", "json"])),
        CatalogueEntry(
            sample: .kitNeedsFolder("swift-kit")),
        CatalogueEntry(
            sample: .optionRequired("--platform", value: "PLATFORM", command: "lockstep")),
        CatalogueEntry(
            sample: .invalidOptionValue("--platform", value: "iphone", expected: Platform.knownList)),
        CatalogueEntry(
            sample: .unexpectedArgument("empty-file", command: "explain")),
        CatalogueEntry(
            sample: .conflictingOptions("--since", "--against", command: "diff")),
        CatalogueEntry(
            sample: .repeatedOption("--format", command: "errors")),
        CatalogueEntry(
            sample: .flagWithValue("--list", value: "yes")),
    ]

    /// The messages about running a command, after the parser's `commandLine` entries.
    public static let running: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .unknownScenario("explicit-cancle", closest: ["explicit-cancel", "automatic-cancel-first"])),
        CatalogueEntry(
            sample: .missingScenarioArgument),
        CatalogueEntry(
            sample: .noCopyForPlatform(
                "automatic-cancel-first", platform: "Web", copyOn: ["iOS", "Android"], coveredBy: ["W1.4"])),
        CatalogueEntry(
            sample: .unknownNativeError(
                "cancelled", closest: ["ASAuthorizationError.Code.canceled", "GetCredentialCancellationException"])),
        CatalogueEntry(
            sample: .portUnavailable(host: "127.0.0.1", from: 8000, to: 8019, reason: "Address already in use")),
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
            sample: .unknownMessageID("empty-cell", closest: ["empty-file", "empty-copy-cell"]))
    ]
}

// MARK: - Helpers

private func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
}
