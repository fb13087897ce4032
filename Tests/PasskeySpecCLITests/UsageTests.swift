import Foundation
import SpecModel
import TestSupport
import Testing

@testable import PasskeySpecCLI

@Suite struct UsageTests {
    @Test func noArgumentsPrintsHelpAndExitsWithUsageStatus() throws {
        let result = try BinaryRunner.run([])
        #expect(result.status == 2)
        #expect(result.stdout.contains("USAGE: passkey-spec <command> [options]"))
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func mainHelpListsTheCommands(arguments: [String]) throws {
        let result = try BinaryRunner.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains("  lint "))
        #expect(result.stdout.contains("  export "))
        #expect(result.stdout.contains("NO_COLOR"))
    }

    @Test(arguments: [
        "lint", "check", "build", "preview", "copy", "export", "explore", "errors", "steps", "diff", "explain", "help",
    ])
    func everyCommandHasHelp(command: String) throws {
        let viaFlag = try BinaryRunner.run([command, "--help"])
        let viaHelp = try BinaryRunner.run(["help", command])
        #expect(viaFlag.status == 0)
        #expect(viaFlag.stdout.hasPrefix("USAGE: passkey-spec \(command)"))
        #expect(viaFlag.stdout == viaHelp.stdout)
    }

    @Test func versionIsPrinted() throws {
        let result = try BinaryRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("passkey-spec "))
    }

    @Test func anUnknownCommandSuggestsTheClosest() throws {
        let result = try BinaryRunner.run(["lnt"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                passkey-spec: error: unknown command 'lnt'; did you mean 'lint'?; run 'passkey-spec --help' [unknown-command]
                  passkey-spec lnt
                               ^~~

                """)
    }

    @Test func anUnknownOptionIsAUsageError() throws {
        let result = try BinaryRunner.run(["export", "--fromat", "json"])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("unknown option '--fromat' for 'export'; did you mean '--format'? [unknown-option]"))
    }

    @Test func anOptionWithoutItsValueIsAUsageError() throws {
        let result = try BinaryRunner.run(["export", "--out"])
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                passkey-spec: error: option '--out' needs a value [missing-option-value]
                  passkey-spec export --out
                                      ^~~~~

                """)
    }

    @Test func anUnsupportedFormatListsTheSupportedOnes() throws {
        let result = try BinaryRunner.run(["export", "--format", "yaml"])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "unsupported format 'yaml'; supported formats are 'json', 'schema', 'xcstrings', 'strings', 'android-xml', 'web-json', 'web-ts', 'web-schema', 'junit', 'report' [unsupported-format]"
            ))
    }

    @Test func lintTakesNoOptions() throws {
        let result = try BinaryRunner.run(["lint", "--out", "x"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("[unknown-option]"))
    }

    @Test func aDoubleDashEndsOptions() throws {
        let folder = try TemporaryFolder()
        try folder.write("--odd.md", "# Home\n<!-- page: home -->\n")
        let result = try BinaryRunner.run(["lint", "--", "--odd.md"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(arguments: ["explore", "steps"])
    func aStrayArgumentToACommandThatTakesNoneIsAUsageError(command: String) throws {
        let result = try BinaryRunner.run([command, "stray"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasPrefix(
                "passkey-spec: error: '\(command)' takes no argument 'stray' [unexpected-argument]\n"))
    }

    @Test func everyCommandWithoutPositionalsRejectsOne() {
        let commands = CommandLineTool.commands.filter { !$0.arguments.contains { !$0.kind.isNamed } }
        #expect(Set(commands.map(\.name)) == ["explore", "steps"])
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
                "lint", "check", "build", "preview", "copy", "export", "explore", "errors", "steps", "diff",
                "explain", "help",
            ])
    }

    /// Each option and flag is given once: a second is refused, not silently preferred.
    @Test func anOptionOrFlagGivenTwiceIsAUsageError() throws {
        let result = try BinaryRunner.run(["errors", "--format", "json", "--format", "text"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasPrefix(
                "passkey-spec: error: 'errors' takes '--format' once; it is given again here [repeated-option]\n"))
        let flagTwice = try BinaryRunner.run(["explain", "--list", "--list"])
        #expect(flagTwice.status == 2)
        #expect(flagTwice.stderr.contains("[repeated-option]"))
    }

    @Test func anUnknownOptionSuggestsADeclaredFlag() throws {
        let result = try BinaryRunner.run(["lint", "--stict"])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "passkey-spec: error: unknown option '--stict' for 'lint'; did you mean '--strict'? [unknown-option]\n"
            ))
        let flagWithValue = try BinaryRunner.run(["copy", "--list=yes"])
        #expect(flagWithValue.status == 2)
        #expect(flagWithValue.stderr.contains("[flag-with-value]"))
    }
}
