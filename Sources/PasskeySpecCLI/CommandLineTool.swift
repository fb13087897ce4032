import Pipeline
import SpecModel
import Utilities

/// How a command ended; the raw value is the process exit status.
public enum ExitStatus: Int32, Sendable {
    /// Everything passed.
    case success = 0
    /// A problem in the spec (or, later, a failing check).
    case failure = 1
    /// The tool was called wrongly.
    case usage = 2
}

/// The `passkey-spec` command line: dispatches to a command and turns usage errors into
/// exit status 2.
public enum CommandLineTool {
    static let commands: [Command] = [
        LintCommand.command, CheckCommand.command, BuildCommand.command, PreviewCommand.command, CopyCommand.command,
        ExportCommand.command, L10nCommand.command, LockstepCommand.command, ExploreCommand.command,
        ErrorsCommand.command,
        StepsCommand.command, DiffCommand.command,
        ExplainCommand.command, LanguageServerCommand.command, HelpCommand.command,
    ]

    /// Runs the tool with `arguments` (without the program name), checking specs against
    /// `flows`, which are made only when a command needs them (an incremental build of prose
    /// needs none).
    public static func run(
        _ arguments: [String], console: Console,
        flows: @escaping @Sendable @autoclosure () -> FlowRegistry = FlowCatalogue.registered
    ) -> ExitStatus {
        guard let first = arguments.first else {
            console.out(mainHelp)
            return .usage
        }
        switch first {
        case "--help", "-h":
            console.out(mainHelp)
            return .success
        case "--version":
            console.out("\(ToolVersion.name) \(ToolVersion.current)\n")
            return .success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let error = UsageError(
                .unknownCommand(first, suggestion: closest(to: first, in: commands.map(\.name))),
                at: ArgumentLocation(index: 0))
            console.printUsageError(error, in: arguments, offset: 0)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        // `--help` anywhere before `--` asks for the command's help, whatever else is given.
        if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            console.out(command.help)
            return .success
        }
        do {
            return try command.execute(rest, flows, console)
        } catch let error as UsageError {
            console.printUsageError(error, in: arguments, offset: 1)
            return .usage
        } catch {
            console.printUsageError(.unexpectedFailure("\(error)"))
            return .failure
        }
    }

    /// `help COMMAND` prints the command's help; `help ID` explains a diagnostic, as `explain ID`
    /// does. A word that is neither but close to a command name is taken for a misspelt command.
    static func showHelp(for name: String, console: Console) throws -> ExitStatus {
        if let command = commands.first(where: { $0.name == name }) {
            console.out(command.help)
            return .success
        }
        let names = commands.map(\.name)
        if ExplainCommand.catalogueEntry(name) == nil, let suggestion = closest(to: name, in: names),
            closest(to: ExplainCommand.normalized(name), in: MessageCatalogue.all.map(\.id.rawValue)) == nil
        {
            throw UsageError(.unknownCommand(name, suggestion: suggestion), argument: name)
        }
        return ExplainCommand.explain(name, console: console)
    }

    /// The list of commands, each with what it does, as the tool's help shows it.
    static var commandList: String {
        let width = commands.map(\.name.count).max() ?? 0
        return commands.map {
            "  \($0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0))\($0.abstract)"
        }.joined(separator: "\n")
    }

    static var mainHelp: String {
        """
        passkey-spec: an executable UX specification of passkey login error states

        USAGE: passkey-spec <command> [options]

        COMMANDS:
        \(commandList)

        Run 'passkey-spec <command> --help' for a command's options.

        Diagnostics are printed to standard error as 'path:line:column: error: message [id]';
        'passkey-spec explain ID' says what an ID means and how to fix it.
        Exit status: 0 all good, 1 a problem in the spec, 2 the command was called wrongly.
        Environment: NO_COLOR turns colour off; GITHUB_ACTIONS=true adds workflow annotations.

        """
    }

    /// The block under "The command line" in the README: each command's usage line, the
    /// arguments after the name aligned, and what the command does under it. Made from the
    /// same declarations as the help, so the README cannot drift from the tool.
    public static var readmeCommandBlock: String {
        let width = commands.map(\.name.count).max() ?? 0
        let indent = "passkey-spec ".count + width + 1
        var lines: [String] = []
        for command in commands {
            let arguments = String(command.usage.dropFirst(command.name.count)).trimmingWhitespace()
            let head = "passkey-spec " + command.name.padding(toLength: width + 1, withPad: " ", startingAt: 0)
            // A command without arguments has no trailing blanks after its name.
            let usage = head + Command.wrapped(arguments, indent: indent)
            lines.append(String(usage.reversed().drop { $0 == " " }.reversed()))
            lines.append(String(repeating: " ", count: indent) + command.abstract)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `passkey-spec help [TOPIC]`: the help of the tool, of a command, or of a diagnostic ID.
enum HelpCommand {
    struct Arguments: CommandArguments {
        var topic: String?

        static let declaration = ArgumentDeclaration<Self>(
            .positional(\.topic, "TOPIC", help: "A command, or a diagnostic ID (as 'explain ID' explains it)."))
    }

    static let command = Command(
        name: "help", abstract: "Show the help of the tool or of a command; for a diagnostic ID, explain it",
        discussion: [
            """
            Without a topic, prints the tool's help: every command and what it does. With a
            command's name, prints that command's help, as 'passkey-spec COMMAND --help' does.
            With a diagnostic ID, explains it, as 'passkey-spec explain ID' does.
            """
        ],
        run: run)

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        guard let topic = arguments.topic else {
            console.out(CommandLineTool.mainHelp)
            return .success
        }
        return try CommandLineTool.showHelp(for: topic, console: console)
    }
}
