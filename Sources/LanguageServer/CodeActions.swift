import Foundation
import SpecModel

/// Quick fixes for the diagnostics the client sends back: each is found among the server's
/// latest findings by its code and where it starts, and its fix-its (computed where the
/// finding was made) become the actions. Nothing here reads a message's text: a reworded
/// message keeps its fixes.
enum CodeActions {
    /// The actions for `requested` (the client's copies of published diagnostics) on
    /// `document`, from `known`, the document's findings as last published.
    static func actions(in document: DocumentModel, for requested: [JSONValue], known: [Diagnostic]) -> JSONValue {
        .array(requested.flatMap { fixes(document, $0, known: known) })
    }

    private static func fixes(_ document: DocumentModel, _ requested: JSONValue, known: [Diagnostic]) -> [JSONValue] {
        guard let code = requested["code"].string, let (line, byte) = document.location(requested["range"]["start"])
        else { return [] }
        let matching = known.filter {
            $0.id.rawValue == code && $0.span.start.line == line + 1 && $0.span.start.column == byte + 1
        }
        return matching.flatMap { diagnostic in
            diagnostic.fixIts.enumerated().map { index, fix in
                action(fix, document, requested, isPreferred: index == 0)
            }
        }
    }

    /// A quick fix making a fix-it's edits in the document.
    private static func action(
        _ fix: FixIt, _ document: DocumentModel, _ requested: JSONValue, isPreferred: Bool
    ) -> JSONValue {
        [
            "title": .string(fix.title), "kind": "quickfix", "diagnostics": [requested],
            "isPreferred": .bool(isPreferred),
            "edit": [
                "changes": [
                    LanguageServer.uri(ofPath: document.path): .array(
                        fix.edits.map { ["range": document.range(of: $0.span), "newText": .string($0.replacement)] })
                ]
            ],
        ]
    }
}
