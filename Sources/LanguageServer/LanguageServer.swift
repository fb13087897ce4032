import Foundation
import LanguageServerProtocol
import Pipeline
import SpecModel

/// A Language Server Protocol (3.17) server for spec pages, on the pipeline `lint` and `check`
/// use: the editor's open documents are read instead of the disk, every `lint` finding is
/// published as the writer types, and the engine's verdict after a pause.
///
/// Messages are handled one at a time, in order (`handle`), each decoded into its own type
/// (see `LanguageServerProtocol`). The lint and the engine's check run beside the messages,
/// each on a queue of its own (`work`). A request is answered once the lint of every change
/// before it is done, so that its answer and the findings published agree (a quick fix is
/// made from the findings of the text it fixes), but never waits for a check: a hover is
/// answered while a check runs. A check is given up when the text changes again, and a
/// `textDocument/diagnostic` request (the engine's verdict for a document) is answered with
/// -32800 when the client cancels it while it runs. The editor features read the document's
/// text through the session's source store: one parse per version, shared with the lint.
public final class LanguageServer: @unchecked Sendable {
    /// Where the lint and the check run.
    public enum Work: Sendable {
        /// On a queue of their own, beside the messages.
        case background
        /// At once, on the thread that handles the message (tests that read each answer as
        /// soon as it is sent).
        case inline
    }

    /// An open document: its text and the version the client gave it.
    struct Document {
        var text: String
        var version: Int
    }

    /// What the client said it can do, and where the content is.
    private struct Setup {
        /// The workspace's content as the pipeline reads it, made once at `initialize`: every
        /// run copies it with the editor's unsaved text, and its project folder is where the
        /// content's file names start.
        var workspace = PipelineConfiguration(
            workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        var encoding = TextPositions.Encoding.utf16
        /// Whether the client shows a link from a diagnostic's code (`codeDescription`).
        var linksCodes = false
        /// Whether the client takes snippets in completions.
        var snippets = false
        /// Whether the client can be asked to report changes to the pages on the disk.
        var canWatchFiles = false
        /// Whether the client pulls the diagnostics of the documents it has open: then they
        /// are not pushed as well, which would show each finding twice.
        var pullsDiagnostics = false
    }

    /// What the messages and the work share, read and changed under `lock`.
    private struct State {
        var initialized = false
        var shutDown = false
        var exitStatus: Int32?
        var setup = Setup()
        /// The open documents, by file-system path.
        var documents: [String: Document] = [:]
        /// What was last published for each document, so that a fixed one is cleared and a
        /// clean one that is opened is told so once.
        var published: [String: [ProtocolDiagnostic]] = [:]
        /// The last lint or check published: the diagnostics hover explains and quick fixes
        /// come from, and the verdicts hover shows.
        var latest: PipelineResult?
        /// Bumped by every change to the content: a check of an older generation is given up.
        var generation = 0
        /// Whether the content changed since the last check.
        var checkPending = false
        /// The URI of each message's explanation file in the cache, once written.
        var explanationLinks: [MessageID: String] = [:]
    }

    private let lock = NSLock()
    private var state = State()
    private let sendLock = NSLock()
    private let publishLock = NSLock()
    private let send: (Data) -> Void
    private let isCancelled: @Sendable (RequestID) -> Bool
    let flows: @Sendable () -> FlowRegistry
    /// The files parsed and the flows explored, reused from one change to the next.
    let session: EditorSession
    private let environment: [String: String]
    private let cache: ToolCache?
    /// Where the lint runs, and where the check runs; nil: at once.
    private let lintQueue: DispatchQueue?
    private let checkQueue: DispatchQueue?

    /// `send` writes one message's body (unframed), from any thread; `isCancelled` says whether
    /// the client cancelled a request (asked before it is handled and while it runs).
    /// `environment` names the tool's cache, where the engine's explorations are kept, as for
    /// the commands.
    public init(
        flows: @escaping @Sendable () -> FlowRegistry = { FlowCatalogue.registered },
        environment: [String: String] = ProcessInfo.processInfo.environment, work: Work = .background,
        session: EditorSession = EditorSession(), isCancelled: @escaping @Sendable (RequestID) -> Bool = { _ in false },
        send: @escaping (Data) -> Void
    ) {
        self.flows = flows
        self.environment = environment
        cache = ToolCache(environment: environment)
        self.session = session
        self.isCancelled = isCancelled
        self.send = send
        lintQueue = work == .background ? DispatchQueue(label: "passkey-spec.language-server.lint") : nil
        checkQueue = work == .background ? DispatchQueue(label: "passkey-spec.language-server.check") : nil
    }

    /// The exit status once the client said `exit`: 0 after `shutdown`, else 1.
    public var exitStatus: Int32? { lock.withLock { state.exitStatus } }

    /// Waits until the lint and check asked for so far are done.
    public func waitForWork() {
        lintQueue?.sync {}
        checkQueue?.sync {}
    }

    // MARK: - Messages

    /// Answers a message whose framing could not be read: JSON-RPC's parse error, with no ID,
    /// since none could be read.
    public func reject(_ reason: String) {
        reply(error: Rejection.framing(reason).error, id: nil)
    }

    /// Answers a message that is too large to read.
    public func reject(tooLarge size: Int) {
        reply(error: Rejection.tooLarge(size, limit: MessageFraming.maximumBodySize).error, id: nil)
    }

    /// Handles one message's body.
    public func handle(_ body: Data) {
        guard let header = MessageHeader.read(body) else {
            reply(error: Rejection.notJSON.error, id: nil)
            return
        }
        let id = header.id
        if header.hasID, id == nil {
            // An ID that is neither a whole number nor a string cannot be answered by it.
            reply(error: Rejection.invalidID.error, id: nil)
            return
        }
        guard let method = header.method else {
            // A response to a request of ours (the server asks nothing it waits for), or junk.
            if !header.hasID { reply(error: Rejection.noMethod.error, id: nil) }
            return
        }
        if let id, isCancelled(id) {
            reply(error: Rejection.cancelled.error, id: id)
            return
        }
        if method == ExitNotification.method {
            lock.withLock { state.exitStatus = state.shutDown ? 0 : 1 }
            return
        }
        let (shutDown, initialized) = lock.withLock { (state.shutDown, state.initialized) }
        if shutDown {
            if let id { reply(error: Rejection.shutDown.error, id: id) }
            return
        }
        if !initialized, method != InitializeRequest.method {
            if let id { reply(error: Rejection.notInitialized.error, id: id) }
            return
        }
        if initialized, method == InitializeRequest.method {
            if let id { reply(error: Rejection.alreadyInitialized.error, id: id) }
            return
        }
        if let id {
            // The lint of every change before it first: the answer reads what was published.
            lintQueue?.sync {}
            guard let handler = requests[method] else {
                reply(error: Rejection.unknownMethod(method).error, id: id)
                return
            }
            handler(self, body, id)
        } else {
            notifications[method]?(self, body)
        }
    }

    /// The handler of each request the server takes, by method.
    private let requests: [String: (LanguageServer, Data, RequestID) -> Void] = Dictionary(
        uniqueKeysWithValues: [
            request(InitializeRequest.self) { $0.initialize($1) },
            request(ShutdownRequest.self) { server, _ in
                server.lock.withLock { server.state.shutDown = true }
                return .success(Empty())
            },
            request(DocumentDiagnosticRequest.self, answeredBy: { $0.pullDiagnostics($1, id: $2) }),
            request(CompletionRequest.self) { server, request in
                server.withDocument(request, orElse: []) { document, setup in
                    Completion.items(in: document, at: request.position, snippets: setup.snippets)
                }
            },
            request(HoverRequest.self) { server, request in
                let latest = server.lock.withLock { server.state.latest }
                return server.withDocument(request, orElse: nil) { document, _ in
                    HoverContent.hover(
                        in: document, at: request.position, diagnostics: server.diagnostics(latest, of: document),
                        report: latest?.report)
                }
            },
            request(DefinitionRequest.self) { server, request in
                server.withDocument(request, orElse: nil) { document, _ in
                    Navigation.definition(in: document, at: request.position)
                }
            },
            request(ReferencesRequest.self) { server, request in
                server.withDocument(request, orElse: []) { document, _ in
                    Navigation.references(
                        in: document, at: request.position,
                        includeDeclaration: request.context?.includeDeclaration ?? true)
                }
            },
            request(DocumentSymbolRequest.self) { server, request in
                server.withDocument(request, orElse: []) { document, _ in Navigation.symbols(in: document) }
            },
            request(PrepareRenameRequest.self) { server, request in
                server.withDocument(request) { document, _ in
                    Navigation.prepareRename(in: document, at: request.position)
                } ?? .success(nil)
            },
            request(RenameRequest.self) { server, request in
                server.withDocument(request) { document, _ in
                    Navigation.rename(in: document, at: request.position, to: request.newName)
                } ?? .success(nil)
            },
            request(CodeActionRequest.self) { server, request in
                let latest = server.lock.withLock { server.state.latest }
                return server.withDocument(request, orElse: []) { document, _ in
                    CodeActions.actions(
                        in: document, for: request.context.diagnostics, known: server.diagnostics(latest, of: document))
                }
            },
            request(DocumentFormattingRequest.self) { server, request in
                server.withDocument(request, orElse: []) { document, _ in TableFormatting.edits(in: document) }
            },
        ])

    /// The handler of each notification the server takes, by method.
    private let notifications: [String: (LanguageServer, Data) -> Void] = Dictionary(
        uniqueKeysWithValues: [
            notification(InitializedNotification.self) { server, _ in server.watchPages() },
            notification(DidOpenTextDocumentNotification.self) { server, notification in
                guard let path = server.path(of: notification.textDocument.uri) else { return }
                server.lock.withLock {
                    server.state.documents[path] = Document(
                        text: notification.textDocument.text, version: notification.textDocument.version)
                }
                server.changed(path)
            },
            notification(DidChangeTextDocumentNotification.self) { server, notification in
                // Full sync: the last change holds the whole text.
                guard let path = server.path(of: notification.textDocument.uri),
                    let text = notification.contentChanges.last?.text
                else { return }
                server.lock.withLock {
                    let version = notification.textDocument.version ?? (server.state.documents[path]?.version ?? 0) + 1
                    server.state.documents[path] = Document(text: text, version: version)
                }
                server.changed(path)
            },
            notification(DidCloseTextDocumentNotification.self) { server, notification in
                guard let path = server.path(of: notification.textDocument.uri) else { return }
                server.lock.withLock { server.state.documents[path] = nil }
                // The file may have been closed because it was deleted or renamed: list again.
                server.changed()
            },
            // Files may have been added, removed or changed on the disk.
            notification(DidSaveTextDocumentNotification.self) { server, _ in server.changed() },
            notification(DidChangeWatchedFilesNotification.self) { server, _ in server.changed() },
        ])

    /// A request's entry: its params decoded into its type, answered with its response or an
    /// error; params that do not decode are answered with -32602.
    private static func request<Request: RequestType>(
        _ type: Request.Type,
        _ answer: @escaping (LanguageServer, Request) -> Result<Request.Response, ResponseError>
    ) -> (String, (LanguageServer, Data, RequestID) -> Void) {
        request(type, answeredBy: { server, request, id in server.reply(answer(server, request), id: id) })
    }

    /// A request answered when its work is done (perhaps on the work queue): `answer` replies.
    private static func request<Request: RequestType>(
        _ type: Request.Type, answeredBy answer: @escaping (LanguageServer, Request, RequestID) -> Void
    ) -> (String, (LanguageServer, Data, RequestID) -> Void) {
        (
            Request.method,
            { server, body, id in
                do {
                    answer(server, try IncomingParams<Request>.read(body), id)
                } catch {
                    server.reply(
                        error: Rejection.invalidParams(Request.method, reason: "\(error)").error, id: id)
                }
            }
        )
    }

    private static func request<Request: RequestType>(
        _ type: Request.Type, _ answer: @escaping (LanguageServer, Request) -> Request.Response
    ) -> (String, (LanguageServer, Data, RequestID) -> Void) {
        request(type) { server, request in .success(answer(server, request)) }
    }

    private static func notification<Notification: NotificationType>(
        _ type: Notification.Type, _ handle: @escaping (LanguageServer, Notification) -> Void
    ) -> (String, (LanguageServer, Data) -> Void) {
        (
            Notification.method,
            { server, body in
                // A notification is not answered: one whose params do not read is dropped.
                guard let notification = try? IncomingParams<Notification>.read(body) else { return }
                handle(server, notification)
            }
        )
    }

    // MARK: - Lifecycle

    private func initialize(_ request: InitializeRequest) -> Result<InitializeResult, ResponseError> {
        var setup = Setup()
        var root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let folder = request.rootUri ?? request.workspaceFolders?.first?.uri
        if let folder, let path = Self.path(ofFileURI: folder) {
            root = URL(fileURLWithPath: path, isDirectory: true)
        } else if let path = request.rootPath {
            root = URL(fileURLWithPath: path, isDirectory: true)
        }
        var contentRoots = [PipelineConfiguration.defaultRoot]
        if let content = request.contentFolder {
            contentRoots = [content]
        } else if !FileManager.default.fileExists(atPath: root.appendingPathComponent("content").path) {
            contentRoots = ["."]
        }
        setup.workspace = PipelineConfiguration(
            workingDirectory: root, roots: contentRoots, flows: flows, cache: cache, environment: environment)
        let capabilities = request.capabilities
        setup.encoding = capabilities?.general?.positionEncodings?.contains("utf-8") == true ? .utf8 : .utf16
        setup.linksCodes = capabilities?.textDocument?.publishDiagnostics?.codeDescriptionSupport == true
        setup.snippets = capabilities?.textDocument?.completion?.completionItem?.snippetSupport == true
        setup.canWatchFiles = capabilities?.workspace?.didChangeWatchedFiles?.dynamicRegistration == true
        setup.pullsDiagnostics = capabilities?.textDocument?.diagnostic != nil
        lock.withLock {
            state.initialized = true
            state.setup = setup
        }
        return .success(
            InitializeResult(
                capabilities: ServerCapabilities(
                    positionEncoding: setup.encoding.rawValue,
                    textDocumentSync: .init(openClose: true, change: 1, save: .init(includeText: false)),
                    completionProvider: .init(triggerCharacters: ["\"", "`", " ", ":"], resolveProvider: false)),
                serverInfo: .init(name: "passkey-spec", version: ToolVersion.current)))
    }

    /// Asks the client to report pages created, changed or deleted on the disk (by another
    /// program, a branch switched), where it can: the server then lists the folders again.
    /// The client's answer needs nothing done.
    private func watchPages() {
        guard lock.withLock({ state.setup.canWatchFiles }) else { return }
        let request = RegisterCapabilityRequest(registrations: [
            .init(
                id: "passkey-spec/pages", method: DidChangeWatchedFilesNotification.method,
                registerOptions: ["watchers": [["globPattern": "**/*.md"]]])
        ])
        try? sendMessage(
            OutgoingMessage.request(
                request, method: RegisterCapabilityRequest.method, id: .string("passkey-spec/watch-pages")))
    }

    // MARK: - Lint and check

    /// Lints what the editor shows now and publishes every page's findings, on the work
    /// queue, and leaves the engine's check for the next pause. `edited` is the one document
    /// whose text is all that changed, when that is known.
    private func changed(_ edited: String? = nil) {
        lock.withLock {
            state.generation += 1
            // With errors, the pause's check stops at the lint; it still lists the folders
            // again, so that a file changed or deleted on the disk meanwhile is seen.
            state.checkPending = true
        }
        perform(on: lintQueue) { [self] in
            let (configuration, documents) = configuration()
            let pipeline = Pipeline(configuration)
            // The first lint reads the whole content (seconds, for a thousand large pages):
            // the page just opened gets its own findings at once, and every other page its
            // own as it is read; those across pages follow with the rest.
            guard lock.withLock({ state.latest == nil }) else {
                publish(pipeline.lint(session: session, edited: edited.map { [$0] }), of: documents)
                return
            }
            if let edited, let document = documents[edited],
                let own = pipeline.ownFindings(ofPage: edited, session: session)
            {
                publish(own, of: edited, document)
            }
            let linted = pipeline.lint(session: session, edited: edited.map { [$0] }) { [self] findings in
                publish(read: findings, besides: documents)
            }
            publish(linted, of: documents)
        }
    }

    /// Called when no message has arrived for a while: the engine checks the latest text on
    /// the work queue, and its verdicts are published with the lint's findings (the lint's
    /// alone when it found errors). The check is given up when the text changes again.
    public func idle() {
        let generation: Int? = lock.withLock {
            guard state.checkPending, !state.shutDown else { return nil }
            state.checkPending = false
            return state.generation
        }
        guard let generation else { return }
        perform(on: checkQueue) { [self] in
            let stale = {
                self.lock.withLock {
                    self.state.generation != generation || self.state.shutDown || self.state.exitStatus != nil
                }
            }
            let (configuration, documents) = configuration()
            guard !stale(), let result = Pipeline(configuration).check(session: session, stoppingWhen: stale)
            else { return }
            publish(result, of: documents, unlessStaleSince: generation)
        }
    }

    /// `textDocument/diagnostic`: the document's findings with the engine's verdict, made on
    /// the work queue; -32800 when the client cancels the request before it is done.
    private func pullDiagnostics(_ request: DocumentDiagnosticRequest, id: RequestID) {
        let generation = lock.withLock { state.generation }
        perform(on: checkQueue) { [self] in
            guard let path = path(of: request.textDocument.uri) else {
                reply(.success(DocumentDiagnosticReport(items: [])), id: id)
                return
            }
            // Stopped by the client's cancellation, or by its leaving.
            let cancelled = { self.isCancelled(id) || self.lock.withLock { self.state.exitStatus != nil } }
            let (configuration, documents) = configuration()
            guard !cancelled(), let result = Pipeline(configuration).check(session: session, stoppingWhen: cancelled)
            else {
                reply(error: Rejection.cancelled.error, id: id)
                return
            }
            publish(result, of: documents, unlessStaleSince: generation)
            let text = documents[path]?.text ?? Self.text(ofFile: path)
            let positions = TextPositions(text, encoding: lock.withLock { state.setup.encoding })
            let items = result.diagnostics.filter { fileSystemPath($0.location.file) == path }.map {
                protocolDiagnostic($0, positions, documents: documents)
            }
            reply(.success(DocumentDiagnosticReport(items: items)), id: id)
        }
    }

    /// Runs `job` on `queue`, or at once without one.
    private func perform(on queue: DispatchQueue?, _ job: @escaping @Sendable () -> Void) {
        if let queue { queue.async(execute: job) } else { job() }
    }

    /// The pipeline's configuration for what the editor shows now, and the open documents it
    /// reads.
    private func configuration() -> (PipelineConfiguration, documents: [String: Document]) {
        let (workspace, documents) = lock.withLock { (state.setup.workspace, state.documents) }
        var configuration = workspace
        configuration.unsaved = documents.mapValues { Array($0.text.utf8) }
        return (configuration, documents)
    }

    /// Publishes the findings of every open document of the run (`documents`, with the
    /// version of the text it read; an empty list for one with none, so the client knows it was
    /// checked) and of each other file whose findings changed, and clears a file whose
    /// findings are gone; a check's findings are not published once the content changed after
    /// `generation` (the lint of the newer text is already out).
    private func publish(
        _ result: PipelineResult, of documents: [String: Document], unlessStaleSince generation: Int? = nil
    ) {
        // One publication at a time, from the test of its generation to the state it leaves:
        // a check's findings never follow the lint of newer text onto the wire.
        publishLock.lock()
        defer { publishLock.unlock() }
        let (setup, published, current) = lock.withLock { (state.setup, state.published, state.generation) }
        let encoding = setup.encoding
        if let generation, generation != current { return }
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in result.diagnostics {
            byFile[fileSystemPath(diagnostic.location.file), default: []].append(diagnostic)
        }
        var now: [String: [ProtocolDiagnostic]] = [:]
        for path in Set(byFile.keys).union(documents.keys).union(published.keys) {
            guard let found = byFile[path] else {
                now[path] = []
                continue
            }
            let positions = TextPositions(documents[path]?.text ?? Self.text(ofFile: path), encoding: encoding)
            now[path] = found.map { protocolDiagnostic($0, positions, documents: documents) }
        }
        if setup.pullsDiagnostics {
            // The client pulls what its open documents have: nothing is pushed for them but
            // the clearing of what was pushed before one was opened.
            for path in documents.keys { now[path] = [] }
        }
        // Every open document hears from each lint, changed or not (the client learns its text
        // was checked), unless the client pulls; a file not open only when what it has changed.
        func pushes(_ path: String, _ diagnostics: [ProtocolDiagnostic]) -> Bool {
            let before = published[path]
            guard documents[path] != nil else { return before != diagnostics }
            return setup.pullsDiagnostics ? before.map { !$0.isEmpty } ?? false : true
        }
        for (path, diagnostics) in now.sorted(by: { $0.key < $1.key }) where pushes(path, diagnostics) {
            notify(
                PublishDiagnosticsNotification(
                    uri: Self.uri(ofPath: path), version: documents[path]?.version, diagnostics: diagnostics))
        }
        lock.withLock {
            // A file with no findings is kept only while it is open.
            state.published = now.filter { !$0.value.isEmpty || documents[$0.key] != nil }
            state.latest = result
        }
    }

    /// Publishes `diagnostics` of one open document alone, the findings of its own text that
    /// the lint of the whole content will publish again with the rest.
    private func publish(_ diagnostics: [Diagnostic], of path: String, _ document: Document) {
        guard !lock.withLock({ state.setup.pullsDiagnostics }) else { return }
        publishAhead(
            diagnostics, of: path, text: document.text, version: document.version, documents: [path: document],
            evenIfUnchanged: true)
    }

    /// Publishes the findings of a page the first lint has just read that needs no other page,
    /// unless the page is open (its findings come with the whole lint) or they are what was
    /// published already: the lint of the whole content adds those across pages.
    private func publish(read diagnostics: [Diagnostic], besides documents: [String: Document]) {
        guard let path = diagnostics.first.map({ fileSystemPath($0.location.file) }), documents[path] == nil
        else { return }
        publishAhead(
            diagnostics, of: path, text: Self.text(ofFile: path), version: nil, documents: documents,
            evenIfUnchanged: false)
    }

    /// Publishes the findings of one file (`text` is what they were found in) ahead of the
    /// lint of the whole content, and remembers them as published.
    private func publishAhead(
        _ diagnostics: [Diagnostic], of path: String, text: String, version: Int?, documents: [String: Document],
        evenIfUnchanged: Bool
    ) {
        publishLock.lock()
        defer { publishLock.unlock() }
        let positions = TextPositions(text, encoding: lock.withLock { state.setup.encoding })
        let found = diagnostics.filter { fileSystemPath($0.location.file) == path }.map {
            protocolDiagnostic($0, positions, documents: documents)
        }
        guard evenIfUnchanged || lock.withLock({ state.published[path] != found }) else { return }
        notify(PublishDiagnosticsNotification(uri: Self.uri(ofPath: path), version: version, diagnostics: found))
        lock.withLock { state.published[path] = found }
    }

    /// A finding as the protocol has it, its range counted in the text the run read, and its
    /// notes' in the texts of `documents` (or the files on the disk).
    private func protocolDiagnostic(
        _ diagnostic: Diagnostic, _ positions: TextPositions, documents: [String: Document]
    ) -> ProtocolDiagnostic {
        let (linksCodes, encoding) = lock.withLock { (state.setup.linksCodes, state.setup.encoding) }
        let related = diagnostic.notes.map { note in
            let path = fileSystemPath(note.span.file)
            let text = documents[path]?.text ?? Self.text(ofFile: path)
            return ProtocolDiagnostic.RelatedInformation(
                location: Location(
                    uri: Self.uri(ofPath: path), range: TextPositions(text, encoding: encoding).range(of: note.span)),
                message: note.text)
        }
        return ProtocolDiagnostic(
            range: positions.range(of: diagnostic.span), severity: diagnostic.severity == .error ? 1 : 2,
            code: diagnostic.id.rawValue,
            codeDescription: linksCodes ? explanationLink(diagnostic.id).map { .init(href: $0) } : nil,
            source: "passkey-spec", message: diagnostic.message.text,
            relatedInformation: related.isEmpty ? nil : related)
    }

    /// The `file:` URI of the explanation of `id` built into the tool (which `explain ID`
    /// prints), written into the tool's cache the first time: the link a diagnostic's code
    /// opens in the editor.
    private func explanationLink(_ id: MessageID) -> String? {
        if let known = lock.withLock({ state.explanationLinks[id] }) { return known }
        // A file that could not be written is tried again with the next diagnostic.
        guard let link = cache?.explanationFile(of: id)?.absoluteString else { return nil }
        lock.withLock { state.explanationLinks[id] = link }
        return link
    }

    // MARK: - Documents

    /// `answer` of the open document a request is about, read as the session's store parsed
    /// its text; `fallback` for a document the editor has not opened.
    private func withDocument<Request: TextDocumentRequest, Answer>(
        _ request: Request, orElse fallback: Answer, _ answer: (DocumentModel, Setup) -> Answer
    ) -> Answer {
        withDocument(request, answer) ?? fallback
    }

    private func withDocument<Request: TextDocumentRequest, Answer>(
        _ request: Request, _ answer: (DocumentModel, Setup) -> Answer
    ) -> Answer? {
        guard let path = path(of: request.textDocument.uri) else { return nil }
        let (document, setup) = lock.withLock { (state.documents[path], state.setup) }
        guard let document else { return nil }
        return answer(self.document(at: path, text: document.text, encoding: setup.encoding), setup)
    }

    /// The findings of `result` in `document`'s file.
    private func diagnostics(_ result: PipelineResult?, of document: DocumentModel) -> [Diagnostic] {
        (result?.diagnostics ?? []).filter { fileSystemPath($0.location.file) == document.path }
    }

    /// The open document at `path` with its text, read from the parse the session's store
    /// keeps for that text (made now if no lint has read it yet).
    func document(at path: String, text: String, encoding: TextPositions.Encoding) -> DocumentModel {
        let registry = flows()
        let loaded = session.page(
            at: path, text: Array(text.utf8), relativePath: (path as NSString).lastPathComponent, flows: registry)
        return DocumentModel(path: path, text: text, encoding: encoding, registry: registry, loaded: loaded)
    }

    private static func text(ofFile path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    // MARK: - Paths and URIs

    func fileSystemPath(_ file: String) -> String {
        file.hasPrefix("/")
            ? file
            : lock.withLock { state.setup.workspace.projectFolder }.appendingPathComponent(file).standardizedFileURL
                .path
    }

    func path(of uri: String) -> String? {
        Self.path(ofFileURI: uri).map { URL(fileURLWithPath: $0).standardizedFileURL.path }
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

    private func reply<Response: Encodable>(_ result: Result<Response, ResponseError>, id: RequestID) {
        switch result {
        case .success(let response):
            do {
                try sendMessage(OutgoingMessage.result(response, id: id))
            } catch {
                reply(error: ResponseError(code: ResponseError.requestFailed, message: "\(error)"), id: id)
            }
        case .failure(let error): reply(error: error, id: id)
        }
    }

    private func reply(error: ResponseError, id: RequestID?) {
        // A code and a message always encode.
        try? sendMessage(ErrorMessage(id: id, error: error))
    }

    private func notify<Notification: NotificationType>(_ notification: Notification) {
        try? sendMessage(OutgoingMessage.notification(notification, method: Notification.method))
    }

    /// Sends a message from any thread, one whole message at a time; one that does not encode
    /// is not sent.
    private func sendMessage(_ message: some Outgoing) throws {
        let data = try message.data
        sendLock.withLock { send(data) }
    }
}
