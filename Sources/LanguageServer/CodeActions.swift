import Foundation
import LanguageServerProtocol
import SpecModel

/// Quick fixes for the diagnostics the client sends back: each is found among the server's
/// latest findings by its code and where it starts, and its fix-its (computed where the
/// finding was made) become the actions. Nothing here reads a message's text: a reworded
/// message keeps its fixes.
enum CodeActions {
    /// The actions for `requested` (the client's copies of published diagnostics) on
    /// `document`, from `known`, the document's findings as last published.
    static func actions(
        in document: DocumentModel, for requested: [ProtocolDiagnostic], known: [Diagnostic]
    ) -> [CodeAction] {
        requested.flatMap { client -> [CodeAction] in
            guard let code = client.code, let (line, byte) = document.location(client.range.start) else { return [] }
            return known.filter {
                $0.id.rawValue == code && $0.span.start.line == line + 1 && $0.span.start.column == byte + 1
            }.flatMap { diagnostic in
                diagnostic.fixIts.enumerated().map { index, fix in
                    CodeAction(
                        title: fix.title, kind: "quickfix", diagnostics: [client], isPreferred: index == 0,
                        edit: WorkspaceEdit(changes: [
                            LanguageServer.uri(ofPath: document.path): fix.edits.map {
                                TextEdit(range: document.range(of: $0.span), newText: $0.replacement)
                            }
                        ]))
                }
            }
        }
    }
}
