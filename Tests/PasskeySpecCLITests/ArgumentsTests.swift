import Foundation
import SpecModel
import Testing

@testable import PasskeySpecCLI

/// The command line's declarations: parsing into typed values from their defaults, usage
/// errors located on the command line, and the help and the README made from the same
/// declarations. In process: `UsageTests` keeps the binary's exit codes and streams.
@Suite struct ArgumentsTests {
    // MARK: - Typed values from the defaults

    @Test func nothingGivenIsTheDefaults() throws {
        let build = try BuildCommand.Arguments.parse([], command: "build")
        #expect(build.paths == ["content"])
        #expect(build.out == "site")
        #expect(build.report == nil)
        #expect(build.templates == nil, "the built-in templates, or a templates folder where the tool runs")
        #expect(!build.strict)
        let preview = try PreviewCommand.Arguments.parse([], command: "preview")
        #expect(preview.port == nil, "the default port, moving to the next free one")
        #expect(preview.host == .loopback)
        let explore = try ExploreCommand.Arguments.parse([], command: "explore")
        #expect(explore.depth == nil, "each flow's own limit")
        #expect(explore.format == .text)
        #expect(try ExportCommand.Arguments.parse([], command: "export").format == .json)
        #expect(try DiffCommand.Arguments.parse([], command: "diff").content == "content")
    }

    @Test func givenArgumentsReplaceTheDefaults() throws {
        let build = try BuildCommand.Arguments.parse(
            ["a.md", "--out", "public", "b", "--strict", "--report=run.json"], command: "build")
        #expect(build.paths == ["a.md", "b"], "the first path replaces the default")
        #expect(build.out == "public")
        #expect(build.report == "run.json")
        #expect(build.strict)
        let preview = try PreviewCommand.Arguments.parse(["--port", "8765", "--host", "localhost"], command: "preview")
        #expect(preview.port == 8765)
        #expect(preview.host.address == "127.0.0.1")
        #expect(try ExploreCommand.Arguments.parse(["--depth=4", "--format", "json"], command: "explore").depth == 4)
        #expect(
            try ExportCommand.Arguments.parse(["--format", "android-xml"], command: "export").format == .androidXML)
        let diff = try DiffCommand.Arguments.parse(["site", "--format", "markdown"], command: "diff")
        #expect(diff.content == "site")
        #expect(diff.format == .markdown)
    }

    @Test func aDoubleDashMakesTheRestPositional() throws {
        let lint = try LintCommand.Arguments.parse(["--", "--odd.md", "--strict"], command: "lint")
        #expect(lint.paths == ["--odd.md", "--strict"])
        #expect(!lint.strict)
    }

    /// `copy --list PATHS`: the flag stands in for the scenario, so the words are paths.
    @Test func aFlagStandsInForThePositionalItReplaces() throws {
        let listing = try CopyCommand.Arguments.parse(["--list", "pages"], command: "copy")
        #expect(listing.scenario == nil)
        #expect(listing.paths == ["pages"])
        let afterwards = try CopyCommand.Arguments.parse(["pages", "--list"], command: "copy")
        #expect(afterwards.paths == ["pages"])
        let one = try CopyCommand.Arguments.parse(["deleted-passkey", "pages"], command: "copy")
        #expect(one.scenario == "deleted-passkey")
        #expect(one.paths == ["pages"])
        #expect(throws: UsageError.self) {
            try ExplainCommand.Arguments.parse(["--list", "empty-file"], command: "explain")
        }
    }

    /// `--platform` takes what page metadata takes: an ID or a display name, in any case.
    @Test(arguments: Platform.known)
    func aPlatformIsAnIDOrANameInAnyCase(platform: Platform) throws {
        for given in [
            platform.rawValue, platform.displayName, platform.rawValue.uppercased(), platform.displayName.lowercased(),
        ] {
            #expect(try CopyCommand.Arguments.parse(["x", "--platform", given], command: "copy").platform == platform)
            #expect(try ErrorsCommand.Arguments.parse(["--platform=\(given)"], command: "errors").platform == platform)
            #expect(Platform(argument: given) == Platform(name: given), "the page metadata's reading")
        }
    }

    @Test func aPlatformByItsDisplayNameRuns() {
        let copy = InProcess.run(["copy", "explicit-cancel", "--platform", "iOS", InProcess.content])
        #expect(copy.status == .success, "\(copy.stderr)")
        #expect(copy.stdout.contains("\niOS\n"))
        let errors = InProcess.run(["errors", "--platform", "Android"])
        #expect(errors.status == .success, "\(errors.stderr)")
        #expect(errors.stdout.hasPrefix("Android ("))
    }

    // MARK: - Usage errors, located

    /// One wrong command line: the message and the argument it points at.
    struct Wrong: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: Message
        var marked: String

        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// `^~~` under `length` characters from `column` of the command line.
    static func marker(at column: Int, length: Int) -> String {
        String(repeating: " ", count: column) + "^" + String(repeating: "~", count: length - 1)
    }

    static let wrongs: [Wrong] = [
        Wrong(
            arguments: ["export", "--fromat", "json"],
            message: .unknownOption("--fromat", command: "export", suggestion: "--format"),
            marked: marker(at: 20, length: 8)),
        Wrong(
            arguments: ["export", "--fromat=json"],
            message: .unknownOption("--fromat", command: "export", suggestion: "--format"),
            marked: marker(at: 20, length: 8)),
        Wrong(
            arguments: ["export", "--out"], message: .missingOptionValue("--out"), marked: marker(at: 20, length: 5)),
        Wrong(
            arguments: ["export", "--out", "--format", "json"], message: .missingOptionValue("--out"),
            marked: marker(at: 20, length: 5)),
        Wrong(
            arguments: ["errors", "--format", "json", "--format", "text"],
            message: .repeatedOption("--format", command: "errors"),
            marked: marker(at: 34, length: 8)),
        Wrong(
            arguments: ["explain", "--list", "--list"], message: .repeatedOption("--list", command: "explain"),
            marked: marker(at: 28, length: 6)),
        Wrong(
            arguments: ["explore", "stray"], message: .unexpectedArgument("stray", command: "explore"),
            marked: marker(at: 21, length: 5)),
        Wrong(
            arguments: ["explain", "a", "b"], message: .unexpectedArgument("b", command: "explain"),
            marked: marker(at: 23, length: 1)),
        Wrong(
            arguments: ["explore", "--depth", "65"],
            message: .invalidOptionValue("--depth", value: "65", expected: "a whole number from 1 to 64"),
            marked: marker(at: 29, length: 2)),
        Wrong(
            arguments: ["preview", "--port=http"],
            message: .invalidOptionValue("--port", value: "http", expected: "a whole number from 0 to 65535"),
            marked: marker(at: 28, length: 4)),
        Wrong(
            arguments: ["errors", "--platform", "iphone"],
            message: .invalidOptionValue("--platform", value: "iphone", expected: Platform.expected),
            marked: marker(at: 31, length: 6)),
        Wrong(
            arguments: ["copy", "x", "--format", "yaml"],
            message: .unsupportedFormat("yaml", supported: ["text", "json"]), marked: marker(at: 29, length: 4)),
        Wrong(
            arguments: ["diff", "--since", "HEAD", "--against", "old-site"],
            message: .conflictingOptions("--since", "--against", command: "diff"),
            marked: marker(at: 31, length: 9)),
        Wrong(
            arguments: ["copy", "--list=yes"], message: .flagWithValue("--list", value: "yes"),
            marked: marker(at: 24, length: 4)),
        Wrong(
            arguments: ["lnt"], message: .unknownCommand("lnt", suggestion: "lint"), marked: marker(at: 13, length: 3)),
        Wrong(
            arguments: ["lint", "no-such-folder"], message: .pathNotFound("no-such-folder"),
            marked: marker(at: 18, length: 14)),
    ]

    @Test(arguments: wrongs)
    func aUsageErrorIsReportedAndMarkedOnTheCommandLine(wrong: Wrong) {
        let result = InProcess.run(wrong.arguments)
        #expect(result.status == .usage)
        #expect(result.stdout == "")
        let line = "passkey-spec " + wrong.arguments.map(MarkedCommandLine.quoted).joined(separator: " ")
        #expect(
            result.stderr
                == "passkey-spec: error: \(wrong.message.text) [\(wrong.message.id.rawValue)]\n  \(line)\n  \(wrong.marked)\n"
        )
    }

    @Test func theMarkerCountsQuotesAndPointsInsideAnArgument() {
        let marked = MarkedCommandLine(
            ["copy", "a b", "--format=yaml"], at: ArgumentLocation(index: 2, characters: 9..<13))
        #expect(marked.line == "passkey-spec copy 'a b' --format=yaml")
        #expect(marked.marker == Self.marker(at: 33, length: 4))
        let quoted = MarkedCommandLine(["lint", "my pages"], at: ArgumentLocation(index: 1))
        #expect(quoted.marker == Self.marker(at: 18, length: 10))
        #expect(MarkedCommandLine.quoted("it's") == "'it'\\''s'")
    }

    /// A usage error a command finds after parsing points at the argument when it can.
    @Test func aMissingPathIsMarkedWhereItWasGiven() {
        let result = InProcess.run(["diff", "--against=gone"])
        #expect(result.status == .usage)
        #expect(result.stderr.hasSuffix("  passkey-spec diff --against=gone\n  \(Self.marker(at: 28, length: 4))\n"))
    }

    // MARK: - Help made from the declarations

    @Test func everyArgumentIsInTheHelpWithItsDefaultAndChoices() {
        for command in CommandLineTool.commands {
            let help = command.help
            #expect(help.hasPrefix("USAGE: passkey-spec \(command.name)"), "\(command.name)")
            for argument in command.arguments {
                let head = argument.valueName.map { "\(argument.name) \($0)" } ?? argument.name
                #expect(help.contains("\n  \(head) "), "\(command.name): \(head)")
                if let value = argument.defaultValue {
                    #expect(help.contains("default: \(value))"), "\(command.name): \(argument.name)")
                }
                if let choices = argument.choices {
                    let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    #expect(flat.contains("one of " + choices.joined(separator: ", ")), "\(command.name)")
                }
                #expect(command.usage.contains(argument.name), "\(command.name): \(argument.name) not in the usage")
            }
            #expect(help.contains("\n  -h, --help "))
        }
    }

    /// Defaults are read from the values' own `init()`, not written a second time.
    @Test func theHelpShowsTheDefaultsOfTheStruct() {
        let build = BuildCommand.command.arguments
        #expect(build.first { $0.name == "--out" }?.defaultValue == BuildCommand.Arguments().out)
        #expect(build.first { $0.name == "PATHS" }?.defaultValue == "content")
        let explore = ExploreCommand.command.arguments
        #expect(explore.first { $0.name == "--format" }?.defaultValue == OutputFormat.text.rawValue)
        #expect(explore.first { $0.name == "--depth" }?.defaultValue == nil)
    }

    @Test func theUsageLinesComeFromTheDeclarations() {
        let usages = Dictionary(uniqueKeysWithValues: CommandLineTool.commands.map { ($0.name, $0.usage) })
        #expect(usages["diff"] == "diff [CONTENT] [--since GIT-REF | --against DIR] [--format text|markdown|json]")
        #expect(
            usages["copy"]
                == "copy (SCENARIO-ID | --list) [--platform ios|android|web] [--format text|json] [PATHS...]")
        #expect(usages["explain"] == "explain (ID | --list) [--format text|markdown]")
        #expect(usages["export"] == "export [--format FORMAT] [--out PATH] [PATHS...]")
    }

    @Test func theOptionDescriptionsAreAligned() {
        for command in CommandLineTool.commands {
            let options = command.help.components(separatedBy: "\nOPTIONS:\n").last ?? ""
            let columns = options.split(separator: "\n").map { line in
                line.dropFirst(2).firstRange(of: #/   +\S/#).map {
                    line.distance(from: line.startIndex, to: $0.upperBound)
                }
                    ?? line.prefix { $0 == " " }.count + 1
            }
            #expect(Set(columns).count == 1, "\(command.name): \(options)")
        }
    }

    @Test func helpIsACommandOfItsOwn() {
        #expect(InProcess.run(["help"]).stdout == CommandLineTool.mainHelp)
        #expect(InProcess.run(["help", "copy"]).stdout == CopyCommand.command.help)
        #expect(InProcess.run(["help", "--help"]).stdout == HelpCommand.command.help)
        for command in CommandLineTool.commands {
            #expect(CommandLineTool.mainHelp.contains("\n  \(command.name) "), "\(command.name)")
            #expect(CommandLineTool.mainHelp.contains(command.abstract))
        }
    }

    /// The README's command block is the one the declarations make: on a change, paste the
    /// block the failure prints.
    @Test func theReadmeShowsTheCommandsAsDeclared() throws {
        let readme = try String(
            contentsOf: BinaryRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## The command line\n").dropFirst().first)
        let block = section.components(separatedBy: "```\n").dropFirst().first
        #expect(
            block == CommandLineTool.readmeCommandBlock,
            "README.md, under '## The command line', should hold:\n```\n\(CommandLineTool.readmeCommandBlock)```")
        for command in CommandLineTool.commands {
            #expect(
                CommandLineTool.readmeCommandBlock.split(separator: "\n").contains {
                    $0 == "passkey-spec \(command.name)" || $0.hasPrefix("passkey-spec \(command.name) ")
                })
        }
    }

    // MARK: - preview's port

    /// An explicit port that is taken is an error; without `--port`, the default moves to the
    /// next free port and says so.
    @Test func onlyTheDefaultPortMoves() throws {
        let occupier = try #require(PreviewCommand.listen(on: "127.0.0.1", port: 0, console: CapturedConsole().console))
        defer { occupier.stop() }
        let taken = occupier.port

        let explicit = CapturedConsole()
        #expect(PreviewCommand.listen(on: "127.0.0.1", port: taken, console: explicit.console) == nil)
        #expect(
            explicit.stderr
                == "passkey-spec: error: cannot listen on 127.0.0.1 at port \(taken): Address already in use [port-unavailable]\n"
        )

        let moved = CapturedConsole()
        let server = try #require(
            PreviewCommand.listen(on: "127.0.0.1", port: nil, defaultPort: taken, console: moved.console))
        defer { server.stop() }
        #expect(server.port > taken && Int(server.port) < Int(taken) + PreviewCommand.portAttempts)
        #expect(
            moved.stdout
                == "preview: port \(taken) cannot be used (Address already in use), so the preview moved to port \(server.port)\n"
        )
        #expect(moved.stderr == "")
    }
}
