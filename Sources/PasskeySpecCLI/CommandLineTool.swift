import Pipeline
import SpecModel
import SpecRunner

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
        ExportCommand.command,
        ExploreCommand.command,
        ErrorsCommand.command,
        StepsCommand.command,
        DiffCommand.command,
        ExplainCommand.command,
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
        case "help":
            guard arguments.count > 1 else {
                console.out(mainHelp)
                return .success
            }
            return showHelp(for: arguments[1], console: console)
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let names = commands.map(\.name) + ["help"]
            console.printUsageError(.unknownCommand(first, suggestion: closest(to: first, in: names)))
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(command.help)
            return .success
        }
        do {
            var parsed = try command.parse(rest)
            parsed.makeFlows = flows
            return try command.run(parsed, console)
        } catch let error as UsageError {
            console.printUsageError(error.message)
            return .usage
        } catch {
            console.printUsageError(.unexpectedFailure("\(error)"))
            return .failure
        }
    }

    /// `help COMMAND` prints the command's help; `help ID` explains a diagnostic, as `explain ID`
    /// does. A word that is neither but close to a command name is taken for a misspelt command.
    private static func showHelp(for name: String, console: Console) -> ExitStatus {
        if let command = commands.first(where: { $0.name == name }) {
            console.out(command.help)
            return .success
        }
        let names = commands.map(\.name)
        if ExplainCommand.catalogueEntry(name) == nil, let suggestion = closest(to: name, in: names),
            closest(to: ExplainCommand.normalized(name), in: MessageCatalogue.all.map(\.id.rawValue)) == nil
        {
            console.printUsageError(.unknownCommand(name, suggestion: suggestion))
            return .usage
        }
        return ExplainCommand.explain(name, console: console)
    }

    static var mainHelp: String {
        let width = commands.map(\.name.count).max() ?? 0
        let list = commands.map {
            "  \($0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0))\($0.abstract)"
        }
        return """
            passkey-spec: an executable UX specification of passkey login error states

            USAGE: passkey-spec <command> [options]

            COMMANDS:
            \(list.joined(separator: "\n"))

            Run 'passkey-spec <command> --help' for a command's options.

            Diagnostics are printed to standard error as 'path:line:column: error: message [id]';
            'passkey-spec explain ID' says what an ID means and how to fix it.
            Exit status: 0 all good, 1 a problem in the spec, 2 the command was called wrongly.
            Environment: NO_COLOR turns colour off; GITHUB_ACTIONS=true adds workflow annotations.

            """
    }
}
