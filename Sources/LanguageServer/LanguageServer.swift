import Foundation
import Pipeline
import SpecModel

/// A Language Server Protocol (3.17) server for spec pages, on the pipeline `lint` and `check`
/// use: the editor's open documents are read instead of the disk, every `lint` finding is
/// published as the writer types, and the engine's verdict after a pause.
///
/// It handles one message at a time (`handle`); `LanguageServerLoop` reads them from a
/// stream and calls `idle` when none has arrived for a while.
public final class LanguageServer {
    /// JSON-RPC's and the protocol's error codes.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case serverNotInitialized = -32002
        case requestCancelled = -32800
        case requestFailed = -32803
    }

    private let send: (Data) -> Void
    private let isCancelled: (JSONValue) -> Bool
    let flows: @Sendable () -> FlowRegistry

    private var initialized = false
    private var shutDown = false
    /// The exit status once the client said `exit`: 0 after `shutdown`, else 1.
    public private(set) var exitStatus: Int32?

    /// The workspace's folder and the content in it the pipeline reads.
    private var root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    private var contentRoots = [PipelineConfiguration.defaultRoot]
    private(set) var encoding = TextPositions.Encoding.utf16
    /// Whether the client shows a link from a diagnostic's code (`codeDescription`).
    private var linksCodes = false
    /// Whether the client takes snippets in completions.
    private(set) var snippets = false
    /// The URI of each message's explanation file in the cache, once written.
    private var explanationLinks: [MessageID: String] = [:]
    /// The open documents' text, by file-system path.
    private(set) var documents: [String: String] = [:]
    /// The documents with diagnostics published, so that a fixed one is cleared.
    private var published: Set<String> = []
    /// The last lint or check published: the diagnostics hover explains, the verdicts it shows.
    private(set) var latest: PipelineResult?
    /// Whether the latest text has changed since the last check: the next pause checks it,
    /// listing the folders again (a lint after an edit reads only the edited page).
    private var checkPending = false
    /// Whether the client can be asked to report changes to the pages on the disk.
    private var canWatchFiles = false
    /// The files parsed and the flows explored, reused from one change to the next.
    let session = EditorSession()
    private let environment: [String: String]
    private let cache: ToolCache?

    /// `send` writes one message's body (unframed); `isCancelled` says whether the client
    /// cancelled a request before it was handled.
    /// `environment` names the tool's cache, where the engine's explorations are kept, as for
    /// the commands.
    public init(
        flows: @escaping @Sendable () -> FlowRegistry = { FlowCatalogue.registered },
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isCancelled: @escaping (JSONValue) -> Bool = { _ in false }, send: @escaping (Data) -> Void
    ) {
        self.flows = flows
        self.environment = environment
        cache = ToolCache(environment: environment)
        self.isCancelled = isCancelled
        self.send = send
    }

    // MARK: - Messages

    /// Answers a message whose framing could not be read: JSON-RPC's parse error, with no ID,
    /// since none could be read.
    public func reject(_ reason: String) {
        reply(error: .parseError, reason, id: .null)
    }

    /// Handles one message's body.
    public func handle(_ body: Data) {
        guard let message = JSONValue.parse(body), case .object = message else {
            reply(error: .parseError, "the message is not a JSON object", id: .null)
            return
        }
        let id = message["id"]
        guard let method = message["method"].string else {
            // A response to a request of ours (the server sends none that need one), or junk.
            if id.isNull { reply(error: .invalidRequest, "the message has no method", id: .null) }
            return
        }
        let isRequest = !id.isNull
        if isRequest, isCancelled(id) {
            reply(error: .requestCancelled, "the request was cancelled", id: id)
            return
        }
        let params = message["params"]
        if method == "exit" {
            exitStatus = shutDown ? 0 : 1
            return
        }
        if shutDown {
            if isRequest { reply(error: .invalidRequest, "the server is shut down; send 'exit'", id: id) }
            return
        }
        if !initialized, method != "initialize" {
            if isRequest { reply(error: .serverNotInitialized, "send 'initialize' first", id: id) }
            return
        }
        if isRequest {
            request(method, params, id: id)
        } else {
            notification(method, params)
        }
    }

    private func request(_ method: String, _ params: JSONValue, id: JSONValue) {
        switch method {
        case "initialize":
            reply(initialize(params), id: id)
        case "shutdown":
            shutDown = true
            reply(.null, id: id)
        default:
            if !answerFeature(method, params, id: id) {
                reply(error: .methodNotFound, "the server does not handle '\(method)'", id: id)
            }
        }
    }

    private func notification(_ method: String, _ params: JSONValue) {
        switch method {
        case "textDocument/didOpen":
            guard let path = path(of: params["textDocument"]["uri"]), let text = params["textDocument"]["text"].string
            else { return }
            documents[path] = text
            changed(path)
        case "textDocument/didChange":
            guard let path = path(of: params["textDocument"]["uri"]) else { return }
            // Full sync: the last change holds the whole text.
            guard let text = params["contentChanges"].array?.last?["text"].string else { return }
            documents[path] = text
            changed(path)
        case "textDocument/didClose":
            guard let path = path(of: params["textDocument"]["uri"]) else { return }
            documents[path] = nil
            // The file may have been closed because it was deleted or renamed: list again.
            changed()
        case "initialized":
            watchPages()
        case "textDocument/didSave", "workspace/didChangeWatchedFiles":
            // Files may have been added, removed or changed on the disk.
            changed()
        default:
            break
        }
    }

    // MARK: - Lifecycle

    private func initialize(_ params: JSONValue) -> JSONValue {
        initialized = true
        if let uri = params["rootUri"].string ?? params["workspaceFolders"].array?.first?["uri"].string,
            let path = Self.path(ofFileURI: uri)
        {
            root = URL(fileURLWithPath: path, isDirectory: true)
        } else if let path = params["rootPath"].string {
            root = URL(fileURLWithPath: path, isDirectory: true)
        }
        if let content = params["initializationOptions"]["content"].string {
            contentRoots = [content]
        } else if !FileManager.default.fileExists(atPath: root.appendingPathComponent("content").path) {
            contentRoots = ["."]
        }
        let offered = params["capabilities"]["general"]["positionEncodings"].array?.compactMap(\.string) ?? []
        encoding = offered.contains("utf-8") ? .utf8 : .utf16
        linksCodes = params["capabilities"]["textDocument"]["publishDiagnostics"]["codeDescriptionSupport"] == true
        snippets = params["capabilities"]["textDocument"]["completion"]["completionItem"]["snippetSupport"] == true
        canWatchFiles = params["capabilities"]["workspace"]["didChangeWatchedFiles"]["dynamicRegistration"] == true
        return [
            "capabilities": Self.withFeatures([
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": false]],
            ]),
            "serverInfo": ["name": "passkey-spec", "version": .string(ToolVersion.current)],
        ]
    }

    // MARK: - Diagnostics

    /// Lints what the editor shows now, publishes every page's findings, and leaves the
    /// engine's check for the next pause. `edited` is the one document whose text is all that
    /// changed, when that is known.
    private func changed(_ edited: String? = nil) {
        let result = Pipeline(configuration()).lint(session: session, edited: edited.map { [$0] })
        publish(result)
        // With errors, the pause's check stops at the lint; it still lists the folders again,
        // so that a file changed or deleted on the disk meanwhile is seen.
        checkPending = true
    }

    /// Called when no message has arrived for a while: the engine checks the latest text, and
    /// its verdicts are published with the lint's findings (the lint's alone when it found
    /// errors).
    public func idle() {
        guard checkPending, !shutDown else { return }
        checkPending = false
        publish(Pipeline(configuration()).check(session: session))
    }

    /// The pipeline's configuration for what the editor shows now.
    private func configuration() -> PipelineConfiguration {
        var configuration = PipelineConfiguration(workingDirectory: root, roots: contentRoots, flows: flows)
        configuration.unsaved = documents.mapValues { Array($0.utf8) }
        configuration.cache = cache
        configuration.environment = environment
        return configuration
    }

    private func publish(_ result: PipelineResult) {
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in result.diagnostics {
            byFile[fileSystemPath(diagnostic.location.file), default: []].append(diagnostic)
        }
        for path in published.subtracting(byFile.keys) {
            notify("textDocument/publishDiagnostics", ["uri": .string(Self.uri(ofPath: path)), "diagnostics": []])
        }
        for (path, diagnostics) in byFile.sorted(by: { $0.key < $1.key }) {
            let text = documents[path] ?? (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            let positions = TextPositions(text, encoding: encoding)
            notify(
                "textDocument/publishDiagnostics",
                [
                    "uri": .string(Self.uri(ofPath: path)),
                    "diagnostics": .array(diagnostics.map { lspDiagnostic($0, positions) }),
                ])
        }
        published = Set(byFile.keys)
        latest = result
    }

    private func lspDiagnostic(_ diagnostic: Diagnostic, _ positions: TextPositions) -> JSONValue {
        let severity = diagnostic.severity == .error ? 1 : 2
        var lsp: [String: JSONValue] = [
            "range": positions.range(of: diagnostic.span),
            "severity": .number(Double(severity)),
            "code": .string(diagnostic.id.rawValue),
            "source": "passkey-spec",
            "message": .string(diagnostic.message.text),
        ]
        if linksCodes, let link = explanationLink(diagnostic.id) {
            lsp["codeDescription"] = ["href": .string(link)]
        }
        if !diagnostic.notes.isEmpty {
            lsp["relatedInformation"] = .array(
                diagnostic.notes.map { note in
                    let path = fileSystemPath(note.span.file)
                    let text = documents[path] ?? (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                    return [
                        "location": [
                            "uri": .string(Self.uri(ofPath: path)),
                            "range": TextPositions(text, encoding: encoding).range(of: note.span),
                        ],
                        "message": .string(note.text),
                    ]
                })
        }
        return .object(lsp)
    }

    /// Asks the client to report pages created, changed or deleted on the disk (by another
    /// program, a branch switched), where it can: the server then lists the folders again.
    /// The client's answer needs nothing done.
    private func watchPages() {
        guard canWatchFiles else { return }
        send(
            JSONValue.object([
                "jsonrpc": "2.0", "id": "passkey-spec/watch-pages", "method": "client/registerCapability",
                "params": [
                    "registrations": [
                        [
                            "id": "passkey-spec/pages", "method": "workspace/didChangeWatchedFiles",
                            "registerOptions": ["watchers": [["globPattern": "**/*.md"]]],
                        ]
                    ]
                ],
            ]).data)
    }

    /// The `file:` URI of the explanation of `id` built into the tool (which `explain ID`
    /// prints), written into the tool's cache the first time: the link a diagnostic's code
    /// opens in the editor.
    private func explanationLink(_ id: MessageID) -> String? {
        if let known = explanationLinks[id] { return known }
        // A file that could not be written is tried again with the next diagnostic.
        guard let link = cache?.explanationFile(of: id)?.absoluteString else { return nil }
        explanationLinks[id] = link
        return link
    }

    // MARK: - Paths and URIs

    func fileSystemPath(_ file: String) -> String {
        file.hasPrefix("/") ? file : root.appendingPathComponent(file).standardizedFileURL.path
    }

    func path(of uri: JSONValue) -> String? {
        uri.string.flatMap(Self.path(ofFileURI:)).map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }

    /// The path of a `file:` URI; nil for another scheme.
    static func path(ofFileURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }

    // MARK: - Replies

    func reply(_ result: JSONValue, id: JSONValue) {
        send(JSONValue.object(["jsonrpc": "2.0", "id": id, "result": result]).data)
    }

    func reply(error code: ErrorCode, _ message: String, id: JSONValue) {
        send(
            JSONValue.object([
                "jsonrpc": "2.0", "id": id,
                "error": ["code": .number(Double(code.rawValue)), "message": .string(message)],
            ]).data)
    }

    private func notify(_ method: String, _ params: JSONValue) {
        send(JSONValue.object(["jsonrpc": "2.0", "method": .string(method), "params": params]).data)
    }
}
