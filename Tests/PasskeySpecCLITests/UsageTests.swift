import Foundation
import TestSupport
import Testing

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

    @Test(arguments: ["lint", "check", "build", "copy", "export", "explore", "errors", "steps", "explain"])
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
            result.stderr
                == "passkey-spec: error: unknown command 'lnt'; did you mean 'lint'?; run 'passkey-spec --help' [unknown-command]\n"
        )
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
        #expect(result.stderr == "passkey-spec: error: option '--out' needs a value [missing-option-value]\n")
    }

    @Test func anUnsupportedFormatListsTheSupportedOnes() throws {
        let result = try BinaryRunner.run(["export", "--format", "yaml"])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "unsupported format 'yaml'; supported formats are 'json', 'schema', 'xcstrings', 'strings', 'android-xml', 'junit', 'report' [unsupported-format]"
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
}
