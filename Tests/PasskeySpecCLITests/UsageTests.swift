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
        "lint", "check", "build", "preview", "copy", "export", "explore", "errors", "steps", "diff", "explain",
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

    @Test(arguments: ["explore", "errors", "steps"])
    func aStrayArgumentToACommandThatTakesNoneIsAUsageError(command: String) throws {
        let result = try BinaryRunner.run([command, "stray"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr == "passkey-spec: error: '\(command)' takes no argument 'stray' [unexpected-argument]\n")
    }

    @Test func everyCommandWithoutPositionalsRejectsOne() throws {
        let commands = CommandLineTool.commands.filter(\.positionals.isEmpty)
        #expect(Set(commands.map(\.name)) == ["explore", "errors", "steps"])
        for command in commands {
            let error = #expect(throws: UsageError.self) { try command.parse(["stray"]) }
            #expect(error?.message == .unexpectedArgument("stray", command: command.name))
        }
    }

    @Test func commandsWithAtMostOnePositionalRejectASecond() throws {
        let commands = CommandLineTool.commands.filter { $0.maximumPositionals == 1 }
        #expect(commands.map(\.name) == ["diff", "explain"])
        for command in commands {
            #expect(try command.parse(["one"]).positionals == ["one"])
            let error = #expect(throws: UsageError.self) { try command.parse(["one", "two"]) }
            #expect(error?.message == .unexpectedArgument("two", command: command.name))
        }
    }

    @Test func theHelpTestsCoverEveryCommand() {
        #expect(
            CommandLineTool.commands.map(\.name) == [
                "lint", "check", "build", "preview", "copy", "export", "explore", "errors", "steps", "diff",
                "explain",
            ])
    }

    @Test func everyCommandsHelpListsEveryOptionItAccepts() throws {
        for command in CommandLineTool.commands {
            let help = command.help
            let options = "\n" + (help.components(separatedBy: "\nOPTIONS:\n").last ?? "")
            for option in command.options {
                #expect(options.contains("\n  \(option.name) \(option.value) "), "\(command.name) \(option.name)")
                if let value = option.defaultValue {
                    #expect(options.contains("(default: \(value))"), "\(command.name) \(option.name)")
                }
                let parsed = try command.parse([option.name, "x"])
                #expect(parsed[option] == "x")
            }
            for flag in command.flags {
                #expect(options.contains("\n  \(flag.name) "), "\(command.name) \(flag.name)")
                #expect(try command.parse([flag.name])[flag])
                #expect(try !command.parse([])[flag])
            }
            for positional in command.positionals {
                #expect(help.contains("\n  \(positional.name) "), "\(command.name) \(positional.name)")
            }
            #expect(options.contains("\n  -h, --help "))
            #expect(options.split(separator: "\n").count >= command.optionNames.count + 1)
        }
    }

    @Test func theOptionDescriptionsAreAligned() {
        for command in CommandLineTool.commands {
            let options = command.help.components(separatedBy: "\nOPTIONS:\n").last ?? ""
            let names = command.options.map { "\($0.name) \($0.value)" } + command.flags.map(\.name) + ["-h, --help"]
            let columns = options.split(separator: "\n").map { line -> Int in
                let body = line.dropFirst(2)
                let name = names.first { body.hasPrefix($0 + " ") } ?? ""
                return 2 + name.count + body.dropFirst(name.count).prefix { $0 == " " }.count
            }
            #expect(Set(columns).count == 1, "\(command.name): \(options)")
        }
    }

    @Test func anOptionGivenTwiceTakesTheLastValue() throws {
        let parsed = try ExploreCommand.command.parse(["--depth", "3", "--depth=5"])
        #expect(parsed[ExploreCommand.depth] == "5")
        #expect(try ExploreCommand.command.parse([])[ExploreCommand.depth] == nil, "each flow's own limit")
        #expect(try ExploreCommand.command.parse([])[ExploreCommand.format] == "text")
        let result = try BinaryRunner.run(["errors", "--format", "json", "--format", "text"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("iOS (ASAuthorizationError.Code)\n"))
        let flagTwice = try BinaryRunner.run(["explain", "--list", "--list"])
        #expect(flagTwice.status == 0)
    }

    @Test func anUnknownOptionSuggestsADeclaredFlag() throws {
        let result = try BinaryRunner.run(["lint", "--stict"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "passkey-spec: error: unknown option '--stict' for 'lint'; did you mean '--strict'? [unknown-option]\n"
        )
        let flagWithValue = try BinaryRunner.run(["copy", "--list=yes"])
        #expect(flagWithValue.status == 2)
        #expect(flagWithValue.stderr.contains("[unknown-option]"))
    }
}
