// The requests and notifications the server takes and sends, each its own type.

// MARK: - Lifecycle

/// `initialize`: the client says what it can do, the server what it does.
public struct InitializeRequest: RequestType {
    public static let method = "initialize"
    public typealias Response = InitializeResult

    public var rootUri: String?
    public var rootPath: String?
    public var workspaceFolders: [WorkspaceFolder]?
    /// The server's own options, of any shape a client sends: `content` names the content
    /// folder when it is not `content/`.
    public var initializationOptions: JSONValue?
    public var capabilities: ClientCapabilities?

    public init(rootUri: String? = nil, capabilities: ClientCapabilities? = nil) {
        self.rootUri = rootUri
        self.capabilities = capabilities
    }

    /// The content folder the options name, if any.
    public var contentFolder: String? { initializationOptions?["content"].string }

    public struct WorkspaceFolder: Codable, Sendable {
        public var uri: String
        public var name: String?
    }
}

/// What the client can do, as far as the server asks.
public struct ClientCapabilities: Codable, Sendable {
    public var general: General?
    public var textDocument: TextDocument?
    public var workspace: Workspace?

    public init() {}

    public struct General: Codable, Sendable {
        public var positionEncodings: [String]?
    }

    public struct TextDocument: Codable, Sendable {
        public var publishDiagnostics: PublishDiagnostics?
        public var completion: Completion?
        /// Present when the client pulls a document's diagnostics (`textDocument/diagnostic`).
        public var diagnostic: Diagnostic?

        public struct Diagnostic: Codable, Sendable {
            public var dynamicRegistration: Bool?
            public var relatedDocumentSupport: Bool?
        }

        public struct PublishDiagnostics: Codable, Sendable {
            public var codeDescriptionSupport: Bool?
        }

        public struct Completion: Codable, Sendable {
            public var completionItem: Item?

            public struct Item: Codable, Sendable {
                public var snippetSupport: Bool?
            }
        }
    }

    public struct Workspace: Codable, Sendable {
        public var didChangeWatchedFiles: DynamicRegistration?

        public struct DynamicRegistration: Codable, Sendable {
            public var dynamicRegistration: Bool?
        }
    }
}

public struct InitializeResult: Codable, Sendable {
    public var capabilities: ServerCapabilities
    public var serverInfo: ServerInfo

    public init(capabilities: ServerCapabilities, serverInfo: ServerInfo) {
        self.capabilities = capabilities
        self.serverInfo = serverInfo
    }

    public struct ServerInfo: Codable, Sendable {
        public var name: String
        public var version: String

        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }
}

/// What the server does.
public struct ServerCapabilities: Codable, Sendable {
    public var positionEncoding: String
    public var textDocumentSync: TextDocumentSync
    public var completionProvider: CompletionOptions
    public var hoverProvider = true
    public var definitionProvider = true
    public var referencesProvider = true
    public var documentSymbolProvider = true
    public var renameProvider = RenameOptions(prepareProvider: true)
    public var codeActionProvider = CodeActionOptions(codeActionKinds: ["quickfix"])
    public var documentFormattingProvider = true
    public var diagnosticProvider = DiagnosticOptions(interFileDependencies: true, workspaceDiagnostics: false)

    public init(positionEncoding: String, textDocumentSync: TextDocumentSync, completionProvider: CompletionOptions) {
        self.positionEncoding = positionEncoding
        self.textDocumentSync = textDocumentSync
        self.completionProvider = completionProvider
    }

    public struct TextDocumentSync: Codable, Sendable {
        public var openClose: Bool
        /// 1: the whole text at each change.
        public var change: Int
        public var save: Save

        public init(openClose: Bool, change: Int, save: Save) {
            self.openClose = openClose
            self.change = change
            self.save = save
        }

        public struct Save: Codable, Sendable {
            public var includeText: Bool
            public init(includeText: Bool) { self.includeText = includeText }
        }
    }

    public struct CompletionOptions: Codable, Sendable {
        public var triggerCharacters: [String]
        public var resolveProvider: Bool
        public init(triggerCharacters: [String], resolveProvider: Bool) {
            self.triggerCharacters = triggerCharacters
            self.resolveProvider = resolveProvider
        }
    }

    public struct RenameOptions: Codable, Sendable {
        public var prepareProvider: Bool
    }

    public struct CodeActionOptions: Codable, Sendable {
        public var codeActionKinds: [String]
    }

    public struct DiagnosticOptions: Codable, Sendable {
        public var interFileDependencies: Bool
        public var workspaceDiagnostics: Bool
    }
}

public struct InitializedNotification: NotificationType {
    public static let method = "initialized"
    public init() {}
}

public struct ShutdownRequest: RequestType {
    public static let method = "shutdown"
    public typealias Response = Empty
    public init() {}
}

public struct ExitNotification: NotificationType {
    public static let method = "exit"
    public init() {}
}

/// `$/cancelRequest`: the client no longer wants the answer to request `id`.
public struct CancelRequestNotification: NotificationType {
    public static let method = "$/cancelRequest"
    public var id: RequestID

    public init(id: RequestID) { self.id = id }
}

/// `client/registerCapability`, which the server sends: ask to be told of more.
public struct RegisterCapabilityRequest: RequestType {
    public static let method = "client/registerCapability"
    public typealias Response = Empty

    public var registrations: [Registration]

    public init(registrations: [Registration]) { self.registrations = registrations }

    public struct Registration: Codable, Sendable {
        public var id: String
        public var method: String
        public var registerOptions: JSONValue

        public init(id: String, method: String, registerOptions: JSONValue) {
            self.id = id
            self.method = method
            self.registerOptions = registerOptions
        }
    }
}

// MARK: - Documents

public struct DidOpenTextDocumentNotification: NotificationType {
    public static let method = "textDocument/didOpen"
    public var textDocument: TextDocumentItem

    public init(textDocument: TextDocumentItem) { self.textDocument = textDocument }
}

public struct DidChangeTextDocumentNotification: NotificationType {
    public static let method = "textDocument/didChange"
    public var textDocument: VersionedTextDocumentIdentifier
    /// Full sync: the last change holds the whole text.
    public var contentChanges: [Change]

    public init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [Change]) {
        self.textDocument = textDocument
        self.contentChanges = contentChanges
    }

    public struct Change: Codable, Sendable {
        public var text: String
        public init(text: String) { self.text = text }
    }
}

public struct DidCloseTextDocumentNotification: NotificationType {
    public static let method = "textDocument/didClose"
    public var textDocument: TextDocumentIdentifier
}

public struct DidSaveTextDocumentNotification: NotificationType {
    public static let method = "textDocument/didSave"
    public var textDocument: TextDocumentIdentifier
}

public struct DidChangeWatchedFilesNotification: NotificationType {
    public static let method = "workspace/didChangeWatchedFiles"
    public var changes: [Change]?

    public struct Change: Codable, Sendable {
        public var uri: String
        public var type: Int
    }
}

// MARK: - Diagnostics

/// A finding as the protocol carries it.
public struct ProtocolDiagnostic: Codable, Sendable, Hashable {
    public var range: TextRange
    /// 1 error, 2 warning.
    public var severity: Int?
    public var code: String?
    public var codeDescription: CodeDescription?
    public var source: String?
    public var message: String
    public var relatedInformation: [RelatedInformation]?

    public init(
        range: TextRange, severity: Int?, code: String?, codeDescription: CodeDescription? = nil, source: String?,
        message: String, relatedInformation: [RelatedInformation]? = nil
    ) {
        self.range = range
        self.severity = severity
        self.code = code
        self.codeDescription = codeDescription
        self.source = source
        self.message = message
        self.relatedInformation = relatedInformation
    }

    private enum CodingKeys: String, CodingKey {
        case range, severity, code, codeDescription, source, message, relatedInformation
    }

    /// A diagnostic the client sends back (a code action's context holds every diagnostic at
    /// the range, other servers' too): the protocol's `code` is a number or a string, and an
    /// optional member another server filled in its own way is read as absent, so that a
    /// request is never refused over a diagnostic that is not ours.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        range = try container.decode(TextRange.self, forKey: .range)
        message = try container.decode(String.self, forKey: .message)
        severity = try? container.decodeIfPresent(Int.self, forKey: .severity)
        if let text = try? container.decodeIfPresent(String.self, forKey: .code) {
            code = text
        } else {
            code = (try? container.decodeIfPresent(Int.self, forKey: .code)).flatMap { $0.map(String.init) }
        }
        codeDescription = try? container.decodeIfPresent(CodeDescription.self, forKey: .codeDescription)
        source = try? container.decodeIfPresent(String.self, forKey: .source)
        relatedInformation = try? container.decodeIfPresent([RelatedInformation].self, forKey: .relatedInformation)
    }

    public struct CodeDescription: Codable, Sendable, Hashable {
        public var href: String
        public init(href: String) { self.href = href }
    }

    public struct RelatedInformation: Codable, Sendable, Hashable {
        public var location: Location
        public var message: String
        public init(location: Location, message: String) {
            self.location = location
            self.message = message
        }
    }
}

/// `textDocument/publishDiagnostics`, which the server sends: a document's findings, all of
/// them (an empty list says the document is checked and clean).
public struct PublishDiagnosticsNotification: NotificationType {
    public static let method = "textDocument/publishDiagnostics"
    public var uri: String
    /// The version of the open document's text the findings are of; nil for a file not open.
    public var version: Int?
    public var diagnostics: [ProtocolDiagnostic]

    public init(uri: String, version: Int? = nil, diagnostics: [ProtocolDiagnostic]) {
        self.uri = uri
        self.version = version
        self.diagnostics = diagnostics
    }
}

/// `textDocument/diagnostic`: a document's findings now, the engine's verdict included; the
/// long request a client may cancel.
public struct DocumentDiagnosticRequest: TextDocumentRequest {
    public static let method = "textDocument/diagnostic"
    public typealias Response = DocumentDiagnosticReport
    public var textDocument: TextDocumentIdentifier

    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

public struct DocumentDiagnosticReport: Codable, Sendable {
    /// Always `full`: every finding.
    public var kind = "full"
    public var items: [ProtocolDiagnostic]

    public init(items: [ProtocolDiagnostic]) { self.items = items }
}

// MARK: - Features

public struct CompletionRequest: TextDocumentRequest {
    public static let method = "textDocument/completion"
    public typealias Response = [CompletionItem]
    public var textDocument: TextDocumentIdentifier
    public var position: Position
}

public struct CompletionItem: Codable, Sendable, Hashable {
    public var label: String
    public var kind: Int?
    public var detail: String?
    public var documentation: String?
    public var filterText: String?
    public var sortText: String?
    /// 1 plain text, 2 a snippet.
    public var insertTextFormat: Int?
    public var textEdit: TextEdit?

    public init(
        label: String, kind: Int?, detail: String? = nil, documentation: String? = nil, filterText: String? = nil,
        sortText: String? = nil, insertTextFormat: Int? = nil, textEdit: TextEdit?
    ) {
        self.label = label
        self.kind = kind
        self.detail = detail
        self.documentation = documentation
        self.filterText = filterText
        self.sortText = sortText
        self.insertTextFormat = insertTextFormat
        self.textEdit = textEdit
    }
}

public struct HoverRequest: TextDocumentRequest {
    public static let method = "textDocument/hover"
    public typealias Response = Hover?
    public var textDocument: TextDocumentIdentifier
    public var position: Position
}

public struct Hover: Codable, Sendable, Hashable {
    public var contents: MarkupContent
    public var range: TextRange?

    public init(contents: MarkupContent, range: TextRange?) {
        self.contents = contents
        self.range = range
    }
}

public struct DefinitionRequest: TextDocumentRequest {
    public static let method = "textDocument/definition"
    public typealias Response = Location?
    public var textDocument: TextDocumentIdentifier
    public var position: Position
}

public struct ReferencesRequest: TextDocumentRequest {
    public static let method = "textDocument/references"
    public typealias Response = [Location]
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var context: Context?

    public struct Context: Codable, Sendable {
        public var includeDeclaration: Bool
    }
}

public struct DocumentSymbolRequest: TextDocumentRequest {
    public static let method = "textDocument/documentSymbol"
    public typealias Response = [DocumentSymbol]
    public var textDocument: TextDocumentIdentifier
}

public struct DocumentSymbol: Codable, Sendable, Hashable {
    public var name: String
    public var detail: String?
    public var kind: Int
    public var range: TextRange
    public var selectionRange: TextRange
    public var children: [DocumentSymbol]?

    public init(
        name: String, detail: String?, kind: Int, range: TextRange, selectionRange: TextRange,
        children: [DocumentSymbol]?
    ) {
        self.name = name
        self.detail = detail
        self.kind = kind
        self.range = range
        self.selectionRange = selectionRange
        self.children = children
    }
}

public struct PrepareRenameRequest: TextDocumentRequest {
    public static let method = "textDocument/prepareRename"
    public typealias Response = PrepareRenameResult?
    public var textDocument: TextDocumentIdentifier
    public var position: Position
}

public struct PrepareRenameResult: Codable, Sendable, Hashable {
    public var range: TextRange
    public var placeholder: String

    public init(range: TextRange, placeholder: String) {
        self.range = range
        self.placeholder = placeholder
    }
}

public struct RenameRequest: TextDocumentRequest {
    public static let method = "textDocument/rename"
    public typealias Response = WorkspaceEdit?
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var newName: String
}

public struct CodeActionRequest: TextDocumentRequest {
    public static let method = "textDocument/codeAction"
    public typealias Response = [CodeAction]
    public var textDocument: TextDocumentIdentifier
    public var range: TextRange
    public var context: Context

    public struct Context: Codable, Sendable {
        public var diagnostics: [ProtocolDiagnostic]
    }
}

public struct CodeAction: Codable, Sendable, Hashable {
    public var title: String
    public var kind: String
    public var diagnostics: [ProtocolDiagnostic]
    public var isPreferred: Bool
    public var edit: WorkspaceEdit

    public init(title: String, kind: String, diagnostics: [ProtocolDiagnostic], isPreferred: Bool, edit: WorkspaceEdit)
    {
        self.title = title
        self.kind = kind
        self.diagnostics = diagnostics
        self.isPreferred = isPreferred
        self.edit = edit
    }
}

public struct DocumentFormattingRequest: TextDocumentRequest {
    public static let method = "textDocument/formatting"
    public typealias Response = [TextEdit]
    public var textDocument: TextDocumentIdentifier
}
