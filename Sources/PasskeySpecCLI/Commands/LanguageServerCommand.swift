import Foundation
import LanguageServer
import Pipeline

/// `passkey-spec lsp`: the language server, on standard input and output.
enum LanguageServerCommand {
    struct Arguments: CommandArguments {
        static let declaration = ArgumentDeclaration<Self>()
    }

    static let command = Command(
        name: "lsp", abstract: "Serve the Language Server Protocol for spec pages on standard input and output",
        discussion: [
            """
            Speaks the Language Server Protocol (3.17, JSON-RPC over standard input and
            output) for an editor: every 'lint' finding in the open pages as the writer types,
            with its message ID as the code, and the engine's verdicts ('check') after a pause.
            The workspace's 'content' folder is read (or the workspace itself when it has
            none; 'initializationOptions.content' names another), with the editor's unsaved
            text in place of the files. It never writes to a file. It exits when the editor
            sends 'exit', with status 0 after 'shutdown' and 1 otherwise.
            """
        ],
        run: run)

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let status = LanguageServerLoop.run(
            input: FileHandle.standardInput, output: FileHandle.standardOutput, flows: arguments.makeFlows)
        return status == 0 ? .success : .failure
    }
}
