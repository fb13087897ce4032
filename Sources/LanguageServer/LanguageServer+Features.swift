import Foundation
import Pipeline
import SpecModel

/// The editor features' requests: each reads the open page as a `DocumentModel` and answers
/// within the protocol, with null or an empty list where the page gives it nothing to say.
extension LanguageServer {
    /// What a feature answers: a result, or a refusal the editor shows the writer.
    enum FeatureAnswer {
        case result(JSONValue)
        case refusal(String)
    }

    /// The capabilities of the editor features, added to those `initialize` advertises.
    static func withFeatures(_ capabilities: [String: JSONValue]) -> JSONValue {
        var all = capabilities
        all["completionProvider"] = ["triggerCharacters": ["\"", "`", " ", ":"], "resolveProvider": false]
        all["hoverProvider"] = true
        all["definitionProvider"] = true
        all["referencesProvider"] = true
        all["documentSymbolProvider"] = true
        all["renameProvider"] = ["prepareProvider": true]
        all["codeActionProvider"] = ["codeActionKinds": ["quickfix"]]
        all["documentFormattingProvider"] = true
        return .object(all)
    }

    /// Answers a feature's request; false when the method is not one of them.
    func answerFeature(_ method: String, _ params: JSONValue, id: JSONValue) -> Bool {
        let feature: ((DocumentModel, JSONValue) -> FeatureAnswer)?
        switch method {
        case "textDocument/completion":
            feature = { [snippets] in .result(Completion.items(in: $0, at: $1["position"], snippets: snippets)) }
        case "textDocument/hover":
            let diagnostics = latest?.diagnostics ?? []
            let report = latest?.report
            feature = { document, params in
                let own = diagnostics.filter { self.fileSystemPath($0.location.file) == document.path }
                return .result(
                    Hover.hover(in: document, at: params["position"], diagnostics: own, report: report))
            }
        case "textDocument/definition": feature = { .result(Navigation.definition(in: $0, at: $1["position"])) }
        case "textDocument/references":
            feature = {
                .result(
                    Navigation.references(
                        in: $0, at: $1["position"], includeDeclaration: $1["context"]["includeDeclaration"].bool ?? true
                    ))
            }
        case "textDocument/documentSymbol": feature = { document, _ in .result(Navigation.symbols(in: document)) }
        case "textDocument/prepareRename":
            feature = { Navigation.prepareRename(in: $0, at: $1["position"]) }
        case "textDocument/rename":
            feature = { Navigation.rename(in: $0, at: $1["position"], to: $1["newName"].string ?? "") }
        case "textDocument/codeAction":
            let diagnostics = latest?.diagnostics ?? []
            feature = { document, params in
                let own = diagnostics.filter { self.fileSystemPath($0.location.file) == document.path }
                return .result(
                    CodeActions.actions(in: document, for: params["context"]["diagnostics"].array ?? [], known: own))
            }
        case "textDocument/formatting": feature = { document, _ in .result(TableFormatting.edits(in: document)) }
        default: feature = nil
        }
        guard let feature else { return false }
        guard let path = path(of: params["textDocument"]["uri"]), let text = documents[path] else {
            // A document the editor has not opened: nothing to offer.
            reply(method == "textDocument/completion" || method == "textDocument/documentSymbol" ? [] : .null, id: id)
            return true
        }
        let document = self.document(at: path, text: text)
        switch feature(document, params) {
        case .result(let result): reply(result, id: id)
        case .refusal(let message): reply(error: .requestFailed, message, id: id)
        }
        return true
    }

    /// The open document at `path` with its text, read from the parse the session's store
    /// keeps for that text (made now if no lint has read it yet).
    func document(at path: String, text: String) -> DocumentModel {
        let registry = flows()
        let loaded = session.page(
            at: path, text: Array(text.utf8), relativePath: (path as NSString).lastPathComponent, flows: registry)
        return DocumentModel(path: path, text: text, encoding: encoding, registry: registry, loaded: loaded)
    }

    /// A text edit replacing a span.
    static func edit(_ document: DocumentModel, _ span: DocumentModel.Span, _ text: String) -> JSONValue {
        ["range": document.range(span), "newText": .string(text)]
    }
}
