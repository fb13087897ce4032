import SpecModel

// The messages of the command line, of building the site and of `explain`, each written once:
// its factory gives its ID, severity and text; its catalogue entry, built from a sample call
// of the factory, explains it for `passkey-spec explain ID` and the writer's guide.

/// The command line's part of the message catalogue.
public enum CommandLineMessages {
    /// Every message the command line reports, group by group.
    public static let catalogue: [CatalogueEntry] =
        arguments + running + buildingTheSite + comparingVersions + explainingDiagnostics
}

// MARK: - Command line

extension Message {
    public static func unknownCommand(_ name: String, suggestion: String?) -> Message {
        Message(
            "unknown-command", .error, "unknown command '\(name)'\(didYouMean(suggestion)); run 'passkey-spec --help'")
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

    public static func pathNotFound(_ path: String) -> Message {
        Message("path-not-found", .error, "no file or folder at '\(path)'")
    }

    public static func writeFailed(_ path: String, reason: String) -> Message {
        Message("write-failed", .error, "cannot write '\(path)': \(reason)")
    }

    public static func unexpectedFailure(_ detail: String) -> Message {
        Message("unexpected-failure", .error, "unexpected failure: \(detail)")
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
            sample: .pathNotFound("contents"),
            explanation: MessageExplanation(
                summary: "A path given to the command does not exist.",
                detail: """
                    Commands that read content take files or folders (default: 'content'). A path that \
                    does not exist is reported before anything is read, and the tool exits with status 2. \
                    Relative paths are read from the folder the tool runs in.
                    """,
                example: """
                    $ passkey-spec lint contents
                    """,
                fix: "Correct the path, or run the tool from the folder that holds 'content'.")),
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
            sample: .writeFailed("/read-only/report.json", reason: "permission denied"),
            explanation: MessageExplanation(
                summary: "The tool could not write an output file.",
                detail: """
                    Writing a file for '--out', '--junit' or '--report', or the site, failed: the folder \
                    is not writable, the disk is full, or the path names a folder. The reason the system \
                    gave is part of the message; the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec check --report /read-only/report.json
                    """,
                fix: "Choose a writable path, or fix the folder's permissions or free disk space.")),
        CatalogueEntry(
            sample: .unexpectedFailure("the model could not be encoded"),
            explanation: MessageExplanation(
                summary: "The tool failed in a way it does not expect.",
                detail: """
                    Something failed inside the tool that is not a problem with the spec or with how it \
                    was called, for example encoding output. The message carries the underlying error. It \
                    is a bug in the tool.
                    """,
                example: """
                    $ passkey-spec export --format json
                    (when encoding the model fails)
                    """,
                fix: "Report it to the tool's maintainers with the command and the message.")),
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

// MARK: - Building the site

extension Message {
    public static func templateError(_ detail: String) -> Message {
        Message("template-error", .error, "template error: \(detail)")
    }

    public static func outputNotASite(_ path: String) -> Message {
        Message(
            "output-not-a-site", .error,
            "'\(path)' has files and is not a previous build; choose an empty folder or remove it first")
    }

    public static func unreadableReport(_ path: String, reason: String) -> Message {
        Message("unreadable-report", .error, "cannot read the run report '\(path)': \(reason)")
    }

    public static func siteNotWritten(_ output: String, reason: String) -> Message {
        Message(
            "site-not-written", .error, "cannot write the site to '\(output)': \(reason); '\(output)' is left as it was"
        )
    }

    public static func outputRemoved(_ output: String) -> Message {
        Message(
            "output-removed", .error,
            "'\(output)' was removed or replaced while the build ran, so nothing was written into it; build again")
    }

    public static func buildStopped(_ output: String, signal: String) -> Message {
        Message(
            "build-stopped", .error,
            "the build was stopped by \(signal); '\(output)' holds the last build that finished, whole, and nothing temporary is left"
        )
    }

    public static func reportFromOtherContent(_ path: String) -> Message {
        Message(
            "report-from-other-content", .error,
            "the run report '\(path)' was made from other content or another engine; run 'passkey-spec check --report \(path)' again"
        )
    }
}

extension CommandLineMessages {
    /// Building the site from the templates and a run report.
    public static let buildingTheSite: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .templateError("section 'scenarios' is not closed"),
            explanation: MessageExplanation(
                summary: "A Mustache template of the site is missing or broken.",
                detail: """
                    'build' renders the site from the templates folder. A missing template, a syntax error \
                    (an unclosed section, a bad tag) or a missing partial is reported at its place in the \
                    template, and nothing is written.
                    """,
                example: """
                    {{#scenarios}}
                      <h3>{{title}}</h3>
                    (no closing {{/scenarios}} in templates/spec.mustache)
                    """,
                fix: "Fix the template at the reported line, or point '--templates' at the right folder.")),
        CatalogueEntry(
            sample: .outputNotASite("content"),
            explanation: MessageExplanation(
                summary: "The output folder has files and is not a previous build.",
                detail: """
                    'build' replaces its output folder as a whole. It only does so when the folder is \
                    missing, empty, or marked as a previous build of this tool, so that a wrong '--out' \
                    cannot delete someone's work.
                    """,
                example: """
                    $ passkey-spec build --out content
                    """,
                fix: "Choose an empty or new folder for '--out', or remove the folder first.")),
        CatalogueEntry(
            sample: .unreadableReport("site/exports/spec.json", reason: "not a run report"),
            explanation: MessageExplanation(
                summary: "The run report given to 'build --report' cannot be read.",
                detail: """
                    'build --report FILE' renders from a saved run report instead of running the checks. A \
                    missing file, or one that is not a run report's JSON (truncated, hand-edited, or from \
                    another tool), is reported with the reason, and nothing is built.
                    """,
                example: """
                    $ passkey-spec build --report site/exports/spec.json
                    """,
                fix: "Write the report with 'passkey-spec check --report FILE', then build with that file.")),
        CatalogueEntry(
            sample: .reportFromOtherContent("report.json"),
            explanation: MessageExplanation(
                summary: "The run report given to 'build --report' was made from other content or another engine.",
                detail: """
                    A saved run report carries a fingerprint of the content and the engine it was made \
                    from. When the pages have changed since (or the tool's engine has), its results no \
                    longer describe them, so 'build --report' refuses it instead of publishing stale \
                    verdicts.
                    """,
                example: """
                    $ passkey-spec check --report report.json
                    (edit content/native/login-error-states.md)
                    $ passkey-spec build --report report.json
                    """,
                fix: "Run 'passkey-spec check --report FILE' again on the current content, then build.")),
        CatalogueEntry(
            sample: .siteNotWritten("site", reason: "site/notes/a.html: No space left on device"),
            explanation: MessageExplanation(
                summary: "A file of the site could not be written; the output folder is as it was.",
                detail: """
                    'build' writes the site to a temporary folder beside the output (a full build) or the \
                    changed files to one (an incremental build), and puts them in place only once every \
                    file is written. When a write fails (the disk is full, a file grows past the file size \
                    limit, the folder is read-only) the temporary files are removed and the output keeps \
                    the previous build, byte for byte. The message names the file and the system's reason; \
                    the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec build --out /mnt/full-disk/site
                    """,
                fix: "Free disk space, or make the output's folder writable, then build again.")),
        CatalogueEntry(
            sample: .outputRemoved("site"),
            explanation: MessageExplanation(
                summary: "The output folder was removed or replaced while an incremental build ran.",
                detail: """
                    An incremental build writes only the files that changed, so it needs the folder that \
                    holds the rest of the previous build. When that folder is removed (or another put in \
                    its place) before the build puts its files in place, the build writes nothing rather \
                    than leave a few new files where the site was. A full build into a folder removed \
                    meanwhile simply puts the whole new site in its place.
                    """,
                example: """
                    $ passkey-spec build & rm -rf site
                    """,
                fix: "Build again: with the folder gone, the next build is a full one.")),
        CatalogueEntry(
            sample: .buildStopped("site", signal: "SIGINT"),
            explanation: MessageExplanation(
                summary: "The build was stopped by Ctrl-C, SIGTERM or SIGHUP.",
                detail: """
                    On SIGINT, SIGTERM or SIGHUP the build removes its temporary folder and ends by the \
                    same signal, so a shell sees status 130, 143 or 129. A signal that comes while the new \
                    build is being put in place waits for that step, which takes milliseconds, to end: the \
                    output holds either the previous build or the new one, never part of each.
                    """,
                example: """
                    $ passkey-spec build
                    ^C
                    """,
                fix: "Build again when you are ready; nothing needs cleaning up.")),
    ]
}

// MARK: - Comparing versions

extension Message {
    public static func notAGitRepository(_ path: String) -> Message {
        Message(
            "not-a-git-repository", .error,
            "'\(path)' is not in a git repository; '--since' reads the content at a revision with git, '--against DIR' compares with a built site"
        )
    }

    public static func unknownRevision(_ revision: String, path: String) -> Message {
        Message(
            "unknown-revision", .error, "no commit '\(revision)' in the git repository of '\(path)'")
    }

    public static func gitFailed(_ detail: String) -> Message {
        Message("git-failed", .error, "git failed: \(detail)")
    }

    public static func unreadableExports(_ path: String, reason: String) -> Message {
        Message(
            "unreadable-exports", .error,
            "cannot read the model and the run of the site in '\(path)': \(reason); build it with 'passkey-spec build --out \(path)'"
        )
    }

    public static func earlierContentHasErrors(_ revision: String) -> Message {
        Message(
            "earlier-content-has-errors", .error,
            "the content at '\(revision)' has errors (above), so it has no model to compare with; compare with a revision whose content passes 'lint'"
        )
    }
}

extension CommandLineMessages {
    /// `diff`: reading the earlier version to compare with.
    public static let comparingVersions: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .notAGitRepository("content"),
            explanation: MessageExplanation(
                summary: "'diff --since' was given content that is not in a git repository.",
                detail: """
                    'passkey-spec diff --since REF' reads the content folder's files at a revision with \
                    git, run from the folder itself. A folder that no git repository holds (or a machine \
                    without git) has no revisions; the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec diff /tmp/content --since HEAD~1
                    """,
                fix: "Run it on content inside a git repository, or compare with a built site: '--against DIR'.")),
        CatalogueEntry(
            sample: .unknownRevision("HEAD~9", path: "content"),
            explanation: MessageExplanation(
                summary: "'diff --since' was given a revision the repository does not have.",
                detail: """
                    The revision is anything git resolves to a commit: a branch, a tag, a commit hash, \
                    'HEAD~1', 'main@{yesterday}'. A name git does not know, or one that is not a commit, \
                    is reported; the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec diff --since mian
                    """,
                fix: "Check the name with 'git log --oneline' or 'git branch', and fetch it if it is remote.")),
        CatalogueEntry(
            sample: .gitFailed("'git cat-file' exited with status 128: fatal: bad object"),
            explanation: MessageExplanation(
                summary: "git could not be run, or failed while 'diff' read a revision.",
                detail: """
                    'diff --since' runs 'git rev-parse', 'git ls-tree' and 'git cat-file'. When git is \
                    not installed, or one of them fails (a damaged or shallow repository), git's own \
                    message is reported and the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec diff --since HEAD~1
                    (in a shallow clone whose parent commit is missing)
                    """,
                fix: "Install git, or repair or deepen the clone ('git fetch --unshallow'), then run it again.")),
        CatalogueEntry(
            sample: .unreadableExports("old-site", reason: "'exports/report.json' is missing"),
            explanation: MessageExplanation(
                summary: "'diff --against' was given a folder without a built site's model and run.",
                detail: """
                    'passkey-spec diff --against DIR' compares with a site that 'build' wrote: it reads \
                    'DIR/exports/spec.json' and 'DIR/exports/report.json'. A folder without them, or \
                    with files that are not a model and a run report of this tool, is reported with the \
                    reason; the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec diff --against content
                    """,
                fix: "Name the folder a build wrote (the one given to 'build --out'), or build it first.")),
        CatalogueEntry(
            sample: .earlierContentHasErrors("HEAD~1"),
            explanation: MessageExplanation(
                summary: "The content at the revision 'diff --since' names does not lint clean.",
                detail: """
                    'diff' parses and runs the content at the revision as it does the current content. \
                    When a page there has errors, there is no whole model to compare with: its \
                    diagnostics are printed, each file named 'REVISION:path', and the tool exits with \
                    status 1.
                    """,
                example: """
                    $ passkey-spec diff --since HEAD~3
                    (the content three commits ago had an empty copy cell)
                    """,
                fix: "Compare with a later revision whose content passes 'lint', or with a built site.")),
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
