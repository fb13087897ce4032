import Foundation
import Glibc

/// One problem of a build, as `/__preview/status` reports it.
public struct PreviewDiagnostic: Codable, Equatable, Sendable {
    /// The path as the diagnostic names it (relative paths stay relative).
    public var file: String
    /// The absolute path, for editor links.
    public var path: String
    public var line: Int
    public var column: Int
    /// `error` or `warning`.
    public var severity: String
    public var message: String
    /// The diagnostic's ID, e.g. `empty-copy-cell`.
    public var id: String

    public init(file: String, path: String, line: Int, column: Int, severity: String, message: String, id: String) {
        self.file = file
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.id = id
    }
}

/// The outcome of one build: the site's files when it rendered (nil keeps the last ones),
/// whether it passed, and its diagnostics.
public struct PreviewBuild: Sendable {
    public var files: [String: Data]?
    public var ok: Bool
    public var diagnostics: [PreviewDiagnostic]

    public init(files: [String: Data]?, ok: Bool, diagnostics: [PreviewDiagnostic]) {
        self.files = files
        self.ok = ok
        self.diagnostics = diagnostics
    }
}

/// A development server for the site in memory: serves its files over HTTP/1.1 on one
/// address, adds the reload script to HTML pages, and tells open pages to reload after each
/// build (server-sent events on `/__preview/events`). Only GET and HEAD; one request per
/// connection; a thread per connection, with the number of threads bounded (`Limits`): a
/// client beyond them waits in the listening queue, and an event stream beyond them is
/// answered 503, so that no number of clients, slow or not, exhausts the process.
public final class PreviewServer: @unchecked Sendable {
    /// Why the server could not listen.
    public struct BindFailure: Error, Sendable {
        public var reason: String
    }

    /// What the server allows each client, and all of them together.
    public struct Limits: Sendable {
        /// How long a client may take to send its request head, from the moment it is
        /// accepted: a client sending a byte a second is answered 408 and dropped.
        public var headerTimeout: TimeInterval = 5
        /// How often an idle event stream gets a comment, so proxies and browsers keep it open.
        public var heartbeat: TimeInterval = 15
        /// The most requests read and answered at once; the next client waits in the
        /// listening queue until one ends.
        public var maximumConnections = 64
        /// The most event streams open at once (each a page open in a browser); one more is
        /// answered 503. Streams do not count towards `maximumConnections`, so pages are
        /// still served while every stream is taken.
        public var maximumEventStreams = 32
        /// How long a connection refused before its request was read whole (431, 414, 405
        /// with a body) is read and discarded after the answer, so that closing it does not
        /// reset the connection before the client has read the answer.
        public var lingerTimeout: TimeInterval = 1

        public init() {}
    }

    /// The port it listens on.
    public let port: UInt16
    public let host: String
    public let limits: Limits
    /// How many clients the listening socket may hold while every connection is taken.
    static let listenBacklog: Int32 = 1024

    private let listener: Int32
    private let lock = NSCondition()
    private var stopped = false
    /// Whether the accept loop runs, and so closes the listening socket when it ends.
    private var accepting = false
    private var openConnections = 0
    private var openStreams = 0
    private var files: [String: Data] = [:]
    private var hasFiles = false
    private var status = Status(build: 0, ok: true, building: true, diagnostics: [])
    let hub = EventHub()

    struct Status: Codable {
        var build: Int
        var ok: Bool
        var building: Bool
        var diagnostics: [PreviewDiagnostic]
    }

    /// Listens on `host` at `port`, or on the next of `attempts` ports when one is taken.
    /// Port 0 takes any free port.
    public init(host: String, port: UInt16, attempts: Int = 20, limits: Limits = Limits()) throws(BindFailure) {
        self.limits = limits
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else {
            throw BindFailure(reason: "'\(host)' is not an IPv4 address")
        }
        var lastError = "no port tried"
        for offset in 0..<max(1, attempts) {
            guard port == 0 || Int(port) + offset <= Int(UInt16.max) else { break }
            let candidate = port == 0 ? 0 : port + UInt16(offset)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw BindFailure(reason: String(cString: strerror(errno))) }
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = candidate.bigEndian
            socketAddress.sin_addr = address
            let bound = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            if bound == 0, listen(fd, Self.listenBacklog) == 0 {
                var actual = sockaddr_in()
                var length = socklen_t(MemoryLayout<sockaddr_in>.size)
                _ = withUnsafeMutablePointer(to: &actual) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
                }
                self.listener = fd
                self.port = UInt16(bigEndian: actual.sin_port)
                self.host = host
                return
            }
            let code = errno
            lastError = String(cString: strerror(code))
            close(fd)
            guard code == EADDRINUSE, port != 0 else { break }
        }
        throw BindFailure(reason: lastError)
    }

    /// Accepts connections on a thread of its own until `stop()`.
    public func start() {
        signal(SIGPIPE, SIG_IGN)
        lock.lock()
        accepting = true
        lock.unlock()
        let thread = Thread { [self] in
            acceptLoop()
            // Closed by the thread that uses it: closed by `stop` while this thread is in
            // `poll` or about to `accept`, its number could be given to another socket of the
            // process, and this thread would take that socket's connections.
            close(listener)
        }
        thread.name = "preview-accept"
        thread.start()
    }

    /// Stops accepting, closes the listening socket and every event stream.
    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        lock.lock()
        let closesItself = accepting
        lock.unlock()
        if !closesItself { close(listener) }
        hub.closeAll()
    }

    /// Marks a build as started (shown by `/__preview/status` as `building`).
    public func buildStarted() {
        lock.lock()
        status.building = true
        lock.unlock()
    }

    /// Serves `build` from now on and tells open pages to reload; returns the build's number.
    @discardableResult
    public func publish(_ build: PreviewBuild) -> Int {
        lock.lock()
        if let newFiles = build.files {
            files = newFiles
            hasFiles = true
        }
        status = Status(build: status.build + 1, ok: build.ok, building: false, diagnostics: build.diagnostics)
        let number = status.build
        lock.unlock()
        hub.broadcast("event: reload\ndata: \(number)\n\n")
        return number
    }

    /// How many requests are being read or answered, and how many event streams are open.
    public var openCounts: (connections: Int, streams: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (openConnections, openStreams)
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        while !isStopped {
            // Wait for a free connection before accepting: clients beyond the limit wait in
            // the listening queue rather than being dropped.
            lock.lock()
            while openConnections >= limits.maximumConnections && !stopped {
                _ = lock.wait(until: Date().addingTimeInterval(0.25))
            }
            lock.unlock()
            var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 250)
            if ready <= 0 { continue }
            let client = accept(listener, nil, nil)
            if client < 0 { continue }
            lock.lock()
            openConnections += 1
            lock.unlock()
            let thread = Thread { [self] in
                handle(client)
            }
            thread.name = "preview-connection"
            thread.start()
        }
    }

    /// Gives a connection back, so that the next client is accepted.
    private func release() {
        lock.lock()
        openConnections -= 1
        lock.broadcast()
        lock.unlock()
    }

    // MARK: - One connection

    private func handle(_ client: Int32) {
        var stream = false
        defer {
            if stream {
                streamEvents(to: client)
            } else {
                close(client)
                release()
            }
        }
        var noDelay: Int32 = 1
        setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        let deadline = Date().addingTimeInterval(limits.headerTimeout)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var outcome = RequestParser.Outcome.incomplete
        while case .incomplete = outcome {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                send(HTTPResponse.text(.requestTimeout, "The request took too long."), to: client)
                linger(client)
                return
            }
            var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining, 1) * 1000) + 1)
            if ready < 0 { return }
            if ready == 0 { continue }
            let count = recv(client, &buffer, buffer.count, 0)
            if count <= 0 { return }
            received += buffer[0..<count]
            outcome = RequestParser.parse(received)
        }
        let request: HTTPRequest
        switch outcome {
        case .failure(let error):
            send(HTTPResponse.text(error.status, error.status.reason + "."), to: client)
            linger(client)
            return
        case .request(let parsed):
            request = parsed
        case .incomplete:
            return
        }
        switch route(request) {
        case .response(let response):
            send(response, to: client, includeBody: request.method != "HEAD")
            // A request with a body (refused: only GET and HEAD are served) may still be coming.
            if response.status == .methodNotAllowed { linger(client) }
        case .events:
            if request.method == "HEAD" {
                send(
                    HTTPResponse(status: .ok, headers: [("Content-Type", "text/event-stream")]), to: client,
                    includeBody: false)
                return
            }
            lock.lock()
            // Counted here, under the lock, so that streams opened at once cannot pass the limit.
            stream = openStreams < limits.maximumEventStreams
            if stream { openStreams += 1 }
            lock.unlock()
            if !stream {
                send(
                    .text(.serviceUnavailable, "Too many open event streams.", headers: [("Retry-After", "5")]),
                    to: client)
            }
        }
    }

    /// Ends the connection after an answer sent before the request was read whole: stops
    /// sending, then reads and discards what the client still sends, for a bounded time and
    /// number of bytes, so that the close does not reset the connection (and throw away the
    /// answer) while the client is still writing.
    private func linger(_ client: Int32) {
        shutdown(client, Int32(SHUT_WR))
        let deadline = Date().addingTimeInterval(limits.lingerTimeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var discarded = 0
        while discarded < 1 << 20 {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return }
            var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(remaining * 1000) + 1) > 0 else { return }
            let count = recv(client, &buffer, buffer.count, 0)
            if count <= 0 { return }
            discarded += count
        }
    }

    private func send(_ response: HTTPResponse, to client: Int32, includeBody: Bool = true) {
        _ = Self.write(response.serialized(includeBody: includeBody), to: client)
    }

    /// Writes all of `data`; false when the client has gone.
    static func write(_ data: Data, to client: Int32) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(client, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0, errno == EINTR { continue }
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    /// Keeps the connection open and writes each event, or a comment every `heartbeat`, until
    /// the client goes (looked for every second, so a closed page frees its place at once) or
    /// the server stops. The connection it came on is given back first: streams have places of
    /// their own.
    private func streamEvents(to client: Int32) {
        release()
        defer {
            lock.lock()
            openStreams -= 1
            lock.unlock()
        }
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
            + "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        lock.lock()
        let build = status.build
        lock.unlock()
        guard Self.write(Data((head + "retry: 1000\nevent: hello\ndata: \(build)\n\n").utf8), to: client) else {
            close(client)
            return
        }
        let subscriber = hub.subscribe()
        defer {
            hub.unsubscribe(subscriber)
            close(client)
        }
        var lastWrite = Date()
        while let messages = subscriber.next(timeout: min(1, limits.heartbeat)) {
            if messages.isEmpty {
                if Self.hasClosed(client) { return }
                guard Date().timeIntervalSince(lastWrite) >= limits.heartbeat else { continue }
            }
            let text = messages.isEmpty ? ": heartbeat\n\n" : messages.joined()
            guard Self.write(Data(text.utf8), to: client) else { return }
            lastWrite = Date()
        }
    }

    /// Whether the client has closed its end (or reset it). A stream's client sends nothing
    /// after its request, so anything readable is the end.
    static func hasClosed(_ client: Int32) -> Bool {
        var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return false }
        if descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return true }
        var byte: UInt8 = 0
        let count = recv(client, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if count < 0 { return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR }
        return count == 0
    }

    // MARK: - Routes

    enum Route {
        case response(HTTPResponse)
        case events
    }

    static let reloadTag = "<script src=\"/__preview/reload.js\" defer></script>"

    func route(_ request: HTTPRequest) -> Route {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .response(.text(.methodNotAllowed, "Only GET and HEAD.", headers: [("Allow", "GET, HEAD")]))
        }
        let path: String
        switch SitePath.resolve(request.target) {
        case .failure(.badRequest(let reason)): return .response(.text(.badRequest, "Bad request: \(reason)."))
        case .failure(.outsideTheSite): return .response(.text(.notFound, "Not found."))
        case .success(let resolved): path = resolved
        }
        switch path {
        case "__preview/events":
            return .events
        case "__preview/reload.js":
            return .response(Self.asset(PreviewAssets.reloadScript, type: "text/javascript; charset=utf-8"))
        case "__preview/overlay.css":
            return .response(Self.asset(PreviewAssets.overlayStyle, type: "text/css; charset=utf-8"))
        case "__preview/status":
            lock.lock()
            let current = status
            lock.unlock()
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let body = (try? encoder.encode(current)) ?? Data("{}".utf8)
            return .response(HTTPResponse(status: .ok, headers: [("Content-Type", "application/json")], body: body))
        default:
            break
        }
        lock.lock()
        let file = files[path]
        let isFolder = files["\(path)/index.html"] != nil
        let rendered = hasFiles
        lock.unlock()
        guard let file else {
            if isFolder { return .response(.text(.movedPermanently, "Moved.", headers: [("Location", "/\(path)/")])) }
            if !rendered, path.hasSuffix(".html") {
                return .response(Self.page(Self.addingReloadScript(to: PreviewAssets.waitingPage)))
            }
            return .response(.text(.notFound, "Not found."))
        }
        let type = ContentType.of(path)
        if type.hasPrefix("text/html") {
            return .response(Self.page(Self.addingReloadScript(to: file)))
        }
        return .response(HTTPResponse(status: .ok, headers: [("Content-Type", type)], body: file))
    }

    /// The page with the reload script before its last `</body>` (at the end if it has none).
    static func addingReloadScript(to page: Data) -> Data {
        let text = String(decoding: page, as: UTF8.self)
        guard let body = text.range(of: "</body>", options: [.backwards, .caseInsensitive]) else {
            return Data((text + reloadTag + "\n").utf8)
        }
        return Data(text.replacingCharacters(in: body.lowerBound..<body.lowerBound, with: reloadTag + "\n").utf8)
    }

    /// The policy of the site's pages, sent as a header too (the pages carry it in a meta element).
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'"

    private static func page(_ body: Data) -> HTTPResponse {
        HTTPResponse(
            status: .ok,
            headers: [
                ("Content-Type", "text/html; charset=utf-8"), ("Content-Security-Policy", contentSecurityPolicy),
            ], body: body)
    }

    private static func asset(_ text: String, type: String) -> HTTPResponse {
        HTTPResponse(status: .ok, headers: [("Content-Type", type)], body: Data(text.utf8))
    }
}

/// The open event streams, each with the messages it has yet to write.
final class EventHub: @unchecked Sendable {
    final class Subscriber: @unchecked Sendable {
        private let condition = NSCondition()
        private var pending: [String] = []
        private var closed = false

        func push(_ message: String) {
            condition.lock()
            pending.append(message)
            condition.signal()
            condition.unlock()
        }

        func close() {
            condition.lock()
            closed = true
            condition.signal()
            condition.unlock()
        }

        /// The messages that came, [] after `timeout` without any, nil once closed.
        func next(timeout: TimeInterval) -> [String]? {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date().addingTimeInterval(timeout)
            while pending.isEmpty && !closed {
                if !condition.wait(until: deadline) { break }
            }
            if closed { return nil }
            let messages = pending
            pending = []
            return messages
        }
    }

    private let lock = NSLock()
    private var subscribers: [ObjectIdentifier: Subscriber] = [:]
    private var closed = false

    func subscribe() -> Subscriber {
        let subscriber = Subscriber()
        lock.lock()
        if closed { subscriber.close() } else { subscribers[ObjectIdentifier(subscriber)] = subscriber }
        lock.unlock()
        return subscriber
    }

    func unsubscribe(_ subscriber: Subscriber) {
        lock.lock()
        subscribers[ObjectIdentifier(subscriber)] = nil
        lock.unlock()
    }

    func broadcast(_ message: String) {
        lock.lock()
        let all = Array(subscribers.values)
        lock.unlock()
        for subscriber in all { subscriber.push(message) }
    }

    func closeAll() {
        lock.lock()
        closed = true
        let all = Array(subscribers.values)
        subscribers = [:]
        lock.unlock()
        for subscriber in all { subscriber.close() }
    }
}
