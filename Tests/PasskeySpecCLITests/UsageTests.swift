import Foundation
import SpecModel
import TestSupport
import Testing

@testable import PasskeySpecCLI

/// The command line's usage: help, version, usage errors. The process contract (exit status
/// and streams of the built executable) is tested by spawning it; the rest runs in process.
@Suite struct UsageTests {
    @Test func noArgumentsPrintsHelpAndExitsWithUsageStatus() async throws {
        let result = try await BinaryRunner.run([])
        #expect(result.status == 2)
        #expect(result.stdout.contains("USAGE: passkey-spec <command> [options]"))
        #expect(result.stderr == "")
    }

    /// The help goes to standard output, and the executable exits with 0.
    @Test func theExecutablesHelpIsOnStandardOutput() async throws {
        let result = try await BinaryRunner.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == CommandLineTool.mainHelp)
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func mainHelpListsTheCommands(arguments: [String]) {
        let result = InProcess.run(arguments)
        #expect(result.status == .success)
        #expect(result.stdout.contains("  lint "))
        #expect(result.stdout.contains("  export "))
        #expect(result.stdout.contains("NO_COLOR"))
    }

    @Test(arguments: [
        "lint", "check", "build", "preview", "copy", "export", "explore", "errors", "steps", "diff", "explain", "help",
    ])
    func everyCommandHasHelp(command: String) {
        let viaFlag = InProcess.run([command, "--help"])
        let viaHelp = InProcess.run(["help", command])
        #expect(viaFlag.status == .success)
        #expect(viaFlag.stdout.hasPrefix("USAGE: passkey-spec \(command)"))
        #expect(viaFlag.stdout == viaHelp.stdout)
    }

    @Test func versionIsPrinted() async throws {
        let result = try await BinaryRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("passkey-spec "))
        #expect(result.stdout == "passkey-spec \(ToolVersion.current)\n")
    }

    /// A usage error: exit status 2, nothing on standard output, the error and the marked
    /// command line on standard error.
    @Test func anUnknownCommandSuggestsTheClosest() async throws {
        let result = try await BinaryRunner.run(["lnt"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                passkey-spec: error: unknown command 'lnt'; did you mean 'lint'? 'passkey-spec --help' lists every command [unknown-command]
                  passkey-spec lnt
                               ^~~

                """)
    }

    @Test func anUnknownOptionIsAUsageError() {
        let result = InProcess.run(["export", "--fromat", "json"])
        #expect(result.status == .usage)
        #expect(
            result.stderr.contains("unknown option '--fromat' for 'export'; did you mean '--format'? [unknown-option]"))
    }

    @Test func anOptionWithoutItsValueIsAUsageError() {
        let result = InProcess.run(["export", "--out"])
        #expect(result.status == .usage)
        #expect(
            result.stderr == """
                passkey-spec: error: option '--out' needs a value [missing-option-value]
                  passkey-spec export --out
                                      ^~~~~

                """)
    }

    @Test func anUnsupportedFormatListsTheSupportedOnes() {
        let result = InProcess.run(["export", "--format", "yaml"])
        #expect(result.status == .usage)
        #expect(
            result.stderr.contains(
                "unsupported format 'yaml'; supported formats are 'json', 'schema', 'xcstrings', 'strings', 'android-xml', 'web-json', 'web-ts', 'web-schema', 'junit', 'report', 'swift-kit', 'kotlin-kit', 'web-kit' [unsupported-format]"
            ))
    }

    /// SARIF is the diagnostics of a run, which `lint` and `check` print: `export` says so,
    /// once, with the formats it has; it said only that the format is unsupported.
    @Test func exportOfSarifSaysWhichCommandsGiveIt() {
        let result = InProcess.run(["export", "--format", "sarif"])
        #expect(result.status == .usage)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                passkey-spec: error: unsupported format 'sarif'; it comes from 'lint --format sarif' or 'check --format sarif'; supported formats are 'json', 'schema', 'xcstrings', 'strings', 'android-xml', 'web-json', 'web-ts', 'web-schema', 'junit', 'report', 'swift-kit', 'kotlin-kit', 'web-kit' [unsupported-format]
                  passkey-spec export --format sarif
                                               ^~~~~

                """)
    }

    @Test func lintTakesNoOptions() {
        let result = InProcess.run(["lint", "--out", "x"])
        #expect(result.status == .usage)
        #expect(result.stderr.contains("[unknown-option]"))
    }

    @Test func aDoubleDashEndsOptions() throws {
        let folder = try TemporaryFolder()
        try folder.write("--odd.md", "# Home\n<!-- page: home -->\n")
        let result = InProcess.run(["lint", "--", "--odd.md"], in: folder.url)
        #expect(result.status == .success, "\(result.stderr)")
    }

    @Test(arguments: ["explore", "steps"])
    func aStrayArgumentToACommandThatTakesNoneIsAUsageError(command: String) {
        let result = InProcess.run([command, "stray"])
        #expect(result.status == .usage)
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasPrefix(
                "passkey-spec: error: '\(command)' takes no argument 'stray' [unexpected-argument]\n"))
    }

    @Test func everyCommandWithoutPositionalsRejectsOne() {
        let commands = CommandLineTool.commands.filter { !$0.arguments.contains { !$0.kind.isNamed } }
        #expect(Set(commands.map(\.name)) == ["explore", "steps", "lsp"])
        for command in commands {
            let result = InProcess.run([command.name, "stray"])
            #expect(result.status == .usage)
            #expect(
                result.stderr.hasPrefix(
                    "passkey-spec: error: \(Message.unexpectedArgument("stray", command: command.name).text)"))
        }
    }

    @Test func commandsWithAtMostOnePositionalRejectASecond() {
        let commands = CommandLineTool.commands.filter { command in
            command.arguments.filter { !$0.kind.isNamed }
                == command.arguments.filter {
                    $0.kind == .positional(repeating: false)
                } && command.arguments.contains { !$0.kind.isNamed }
        }
        #expect(commands.map(\.name) == ["errors", "diff", "explain", "help"])
        for command in commands {
            let result = InProcess.run([command.name, "one", "two"])
            #expect(result.status == .usage, "\(command.name)")
            #expect(result.stderr.contains("[unexpected-argument]"), "\(command.name): \(result.stderr)")
        }
    }

    @Test func theHelpTestsCoverEveryCommand() {
        #expect(
            CommandLineTool.commands.map(\.name) == [
                "lint", "check", "build", "preview", "copy", "export", "l10n", "lockstep", "explore", "errors", "steps",
                "diff", "explain", "lsp", "help",
            ])
    }

    /// Each option and flag is given once: a second is refused, not silently preferred.
    @Test func anOptionOrFlagGivenTwiceIsAUsageError() {
        let result = InProcess.run(["errors", "--format", "json", "--format", "text"])
        #expect(result.status == .usage)
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasPrefix(
                "passkey-spec: error: 'errors' takes '--format' once; it is given again here [repeated-option]\n"))
        let flagTwice = InProcess.run(["explain", "--list", "--list"])
        #expect(flagTwice.status == .usage)
        #expect(flagTwice.stderr.contains("[repeated-option]"))
    }

    @Test func anUnknownOptionSuggestsADeclaredFlag() {
        let result = InProcess.run(["lint", "--stict"])
        #expect(result.status == .usage)
        #expect(
            result.stderr.hasPrefix(
                "passkey-spec: error: unknown option '--stict' for 'lint'; did you mean '--strict'? [unknown-option]\n"
            ))
        let flagWithValue = InProcess.run(["copy", "--list=yes"])
        #expect(flagWithValue.status == .usage)
        #expect(flagWithValue.stderr.contains("[flag-with-value]"))
    }
}
