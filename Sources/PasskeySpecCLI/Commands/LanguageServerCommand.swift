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
            output) for an editor. The workspace's 'content' folder is read (or the workspace
            itself when it has none; 'initializationOptions.content' names another), with the
            editor's unsaved text in place of the files.
            """,
            """
            Diagnostics: every 'lint' finding in the pages as the writer types, at the value it
            is about, with its message ID as the code and a link to its explanation (the text
            'passkey-spec explain ID' prints); and the engine's verdicts, as 'check' gives
            them, once the editor has sent nothing for \(LanguageServerLoop.pause) s. An edit to one page updates the
            diagnostics of every page it affects.
            """,
            """
            Completion of step phrases (as snippets where the editor takes them), scenario
            and action IDs, each platform's Trigger names with their raw values, criterion
            IDs and metadata; hover
            on a step, a scenario, an error name, a criterion or a diagnostic; go to
            definition, find references, the outline, and renaming a scenario ID where the
            flow allows it; quick fixes from the diagnostics' suggestions; and formatting,
            which aligns the page's tables and changes nothing else.
            """,
            """
            It never writes to the workspace: its changes reach the editor as edits. The
            tool's cache keeps the engine's explorations and the explanations the links open.
            It exits when the editor sends 'exit', with status 0 after 'shutdown' and 1
            otherwise.
            """,
        ],
        run: run)

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let status = LanguageServerLoop.run(
            input: FileHandle.standardInput, output: FileHandle.standardOutput, flows: arguments.makeFlows)
        return status == 0 ? .success : .failure
    }
}
