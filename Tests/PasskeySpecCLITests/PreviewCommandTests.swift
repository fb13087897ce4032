import Foundation
import SpecModel
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
import Utilities
#endif

/// `passkey-spec preview` run as a writer runs it: the built binary serving a copy of some
/// content on loopback, spoken to over raw sockets.
@Suite(.serialized) struct PreviewCommandTests {
    /// A running `preview`, its standard output collected as it comes, with a HOME and a cache
    /// of its own (see `TestEnvironment`).
    final class Preview: @unchecked Sendable {
        let process = Process()
        private let environment: TestEnvironment
        private let lock = NSLock()
        private var output = ""
        private var errors = ""

        private init(_ arguments: [String], in directory: URL, environment: TestEnvironment) throws {
            self.environment = environment
            process.executableURL = BinaryRunner.executable
            process.arguments = ["preview"] + arguments
            process.currentDirectoryURL = directory
            var variables = environment.variables
            variables["NO_COLOR"] = "1"
            process.environment = variables
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            // Weakly: a test that ends early lets go of the preview, whose `deinit` stops it.
            out.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let text = String(decoding: handle.availableData, as: UTF8.self)
                self?.lock.withLock { self?.output += text }
            }
            err.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let text = String(decoding: handle.availableData, as: UTF8.self)
                self?.lock.withLock { self?.errors += text }
            }
            try process.run()
        }

        /// Starts `preview ARGUMENTS` in `directory`.
        /// A port to ask for: below Linux's ephemeral range (32768 and up), where the client
        /// sockets of the tests running beside this one would make a port taken by chance.
        static func anyPort() -> Int { Int.random(in: 20000...32000) }

        static func start(_ arguments: [String], in directory: URL) async throws -> Preview {
            // The environment's seed is made by a run of the binary the first time: off the pool.
            let environment = try await offThePool { try TestEnvironment(forBinary: true) }
            return try Preview(arguments, in: directory, environment: environment)
        }

        var stdout: String { lock.withLock { output } }
        var stderr: String { lock.withLock { errors } }

        /// The port of the `preview: serving http://127.0.0.1:PORT/` line, once printed.
        func port(within seconds: TimeInterval) async -> UInt16? {
            await waitFor(seconds) { [self] in
                stdout.firstMatch(of: /preview: serving http:\/\/127\.0\.0\.1:(\d+)\/ \(Ctrl-C to stop\)/)
                    .flatMap { UInt16($0.1) }
            }
        }

        /// Waits for the process to end, at most `seconds`; true when it did.
        func exited(within seconds: TimeInterval) async -> Bool {
            await waitFor(seconds) { process.isRunning ? nil : true } == true
        }

        /// The status of the first build numbered `build` or later, waiting at most `seconds`.
        func status(_ port: UInt16, build: Int, within seconds: TimeInterval) async -> [String: Any]? {
            await waitFor(seconds, every: .milliseconds(100)) {
                (try? await PreviewCommandTests.status(port)).flatMap {
                    ($0?["build"] as? Int ?? 0) >= build ? $0 : nil
                }
            }
        }

        deinit {
            if process.isRunning { process.terminate() }
        }
    }

    /// A connected socket to 127.0.0.1:`port`.
    static func connect(_ port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(result == 0, "cannot connect to port \(port)")
        return fd
    }

    static func send(_ text: String, to fd: Int32) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until the server closes, `until` matches what came, or `seconds` pass; off the pool.
    static func read(
        _ fd: Int32, seconds: TimeInterval, until done: @escaping @Sendable (String) -> Bool = { _ in false }
    ) async -> String {
        await offThePool { readBlocking(fd, seconds: seconds, until: done) }
    }

    /// `read`, on the calling thread.
    static func readBlocking(_ fd: Int32, seconds: TimeInterval, until done: (String) -> Bool) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
            if done(String(decoding: received, as: UTF8.self)) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// One request, sent as written; the whole response.
    static func request(_ port: UInt16, _ head: String) async throws -> String {
        let fd = try connect(port)
        defer { close(fd) }
        send(head, to: fd)
        return await read(fd, seconds: 10)
    }

    static func get(_ port: UInt16, _ target: String, method: String = "GET") async throws -> String {
        try await request(port, "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    }

    static func status(_ port: UInt16) async throws -> [String: Any]? {
        let response = try await get(port, "/__preview/status")
        guard let body = response.range(of: "\r\n\r\n")?.upperBound else { return nil }
        return try JSONSerialization.jsonObject(with: Data(response[body...].utf8)) as? [String: Any]
    }

    /// A temporary project: `content/` with the home page, the writer's guide and the frozen
    /// spec page, and the project's templates.
    static func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let root = BinaryRunner.packageRoot
        for name in ["index.md", "writers-guide.md"] {
            try folder.write(
                "content/\(name)", bytes: [UInt8](Data(contentsOf: root.appendingPathComponent("content/\(name)"))))
        }
        try folder.write(
            "content/native/login-error-states.md", bytes: [UInt8](Data(contentsOf: BinaryRunner.fixtureSpec)))
        let templates = root.appendingPathComponent("templates")
        for (path, data) in try files(under: templates) {
            try folder.write("templates/\(path)", bytes: [UInt8](data))
        }
        return folder
    }

    @Test func servesRebuildsReloadsAndStopsOnCtrlC() async throws {
        let folder = try Self.project()
        let preview = try await Preview.start(["--port", "\(Preview.anyPort())"], in: folder.url)
        let port = try #require(await preview.port(within: 30), "no serving line: \(preview.stdout) \(preview.stderr)")

        // The first build reads the exploration from the cache the test seeded.
        let first = await preview.status(port, build: 1, within: 600)
        let status = try #require(first, "no build: \(preview.stdout) \(preview.stderr)")
        #expect(status["ok"] as? Bool == true, "\(preview.stderr)")

        let home = try await Self.get(port, "/")
        #expect(home.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(home.contains("Cache-Control: no-store\r\n"))
        #expect(home.contains("<script src=\"/__preview/reload.js\" defer></script>\n</body>"))
        #expect(try await Self.get(port, "/native/login-error-states.html").hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(try await Self.get(port, "/__preview/reload.js").contains("new EventSource(\"/__preview/events\")"))
        for target in ["/../Package.swift", "/%2e%2e/Package.swift", "/..%2fPackage.swift", "/content/index.md"] {
            let response = try await Self.get(port, target)
            #expect(response.hasPrefix("HTTP/1.1 404") || response.hasPrefix("HTTP/1.1 400"), "\(target): \(response)")
            #expect(!response.contains("swift-tools-version"))
        }
        let post = try await Self.request(port, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        #expect(post.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"))
        #expect(post.contains("Allow: GET, HEAD\r\n"))
        let huge = try await Self.request(port, "GET / HTTP/1.1\r\nX: \(String(repeating: "a", count: 9000))\r\n\r\n")
        #expect(huge.hasPrefix("HTTP/1.1 431 "))

        // An open event stream hears of the rebuild after an edit.
        let events = try Self.connect(port)
        defer { close(events) }
        Self.send("GET /__preview/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n", to: events)
        let opened = await Self.read(events, seconds: 10) { $0.contains("event: hello\ndata: 1\n\n") }
        #expect(opened.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(opened.contains("Content-Type: text/event-stream\r\n"))
        let homePage = folder.url.appendingPathComponent("content/index.md")
        try (String(contentsOf: homePage, encoding: .utf8) + "\nA sentence added while previewing.\n").write(
            to: homePage, atomically: true, encoding: .utf8)
        let reload = await Self.read(events, seconds: 120) { $0.contains("event: reload\ndata: 2\n\n") }
        #expect(reload.contains("event: reload\ndata: 2\n\n"), "\(preview.stdout) \(preview.stderr)")
        #expect(try await Self.get(port, "/").contains("A sentence added while previewing."))

        // A broken copy table: the last good build is still served, the status locates the error.
        let spec = folder.url.appendingPathComponent("content/native/login-error-states.md")
        let text = try String(contentsOf: spec, encoding: .utf8)
        let row = "| Title             | Can’t Sign In with a Passkey | Can’t sign in with a passkey |"
        try #require(text.contains(row))
        let rowLine = try #require(text.components(separatedBy: "\n").firstIndex(of: row)) + 1
        // The edit above may have been seen as more than one change (a write by rename is two
        // events to the watcher), so the broken build is the one after the latest.
        let latest = try await Self.status(port)?["build"] as? Int ?? 2
        try text.replacingOccurrences(of: row, with: "| Title             |  | Can’t sign in with a passkey |").write(
            to: spec, atomically: true, encoding: .utf8)
        let broken = await preview.status(port, build: latest + 1, within: 120)
        let failed = try #require(broken, "\(preview.stdout) \(preview.stderr)")
        #expect(failed["ok"] as? Bool == false)
        let diagnostics = failed["diagnostics"] as? [[String: Any]] ?? []
        let empty = try #require(diagnostics.first { $0["id"] as? String == "empty-copy-cell" }, "\(diagnostics)")
        #expect(empty["file"] as? String == "content/native/login-error-states.md")
        #expect(empty["line"] as? Int == rowLine)
        #expect((empty["column"] as? Int ?? 0) > 1)
        #expect(empty["severity"] as? String == "error")
        #expect((empty["path"] as? String)?.hasSuffix("/content/native/login-error-states.md") == true)
        #expect(try await Self.get(port, "/").contains("A sentence added while previewing."), "the last good build")
        #expect(preview.stderr.contains("content/native/login-error-states.md:\(rowLine):"))

        // Ctrl-C stops it cleanly.
        preview.process.interrupt()
        #expect(await preview.exited(within: 10))
        #expect(preview.process.terminationReason == .exit)
        #expect(preview.process.terminationStatus == 0)
        #expect(preview.stdout.hasSuffix("preview: stopped\n"))
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(connected != 0, "the port is closed")
    }

    @Test func aTakenPortGivenExplicitlyIsAnErrorAndSIGTERMStopsToo() async throws {
        let folder = try TemporaryFolder()
        try folder.write("content/index.md", "# Home\n\nA page.\n")
        let templates = BinaryRunner.packageRoot.appendingPathComponent("templates").path
        let base = Preview.anyPort()
        let first = try await Preview.start(["--port", "\(base)", "--templates", templates], in: folder.url)
        let firstPort = try #require(await first.port(within: 30))
        // The port asked for is the one used: taken, it is an error, not the next one.
        let second = try await Preview.start(["--port", "\(firstPort)", "--templates", templates], in: folder.url)
        #expect(await second.exited(within: 30))
        #expect(second.process.terminationStatus == 1)
        #expect(!second.stdout.contains("serving"))
        #expect(
            second.stderr.hasPrefix(
                "passkey-spec: error: cannot listen on 127.0.0.1 at port \(firstPort): Address already in use [port-unavailable]"
            ), "\(second.stderr)")
        // A client that does not finish its request in time is answered 408 and dropped.
        let slow = try Self.connect(firstPort)
        defer { close(slow) }
        Self.send("GET / HTTP/1.1\r\nHost: x\r\n", to: slow)
        // Timed on the reading thread, which starts at once, not when the test resumes.
        let (answer, seconds) = await offThePool {
            let started = Date()
            let answer = Self.readBlocking(slow, seconds: 15) { _ in false }
            return (answer, Date().timeIntervalSince(started))
        }
        #expect(answer.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "\(answer)")
        #expect(seconds < 10)
        first.process.terminate()
        #expect(await first.exited(within: 10))
        #expect(first.process.terminationStatus == 0)
    }

    /// The resident memory of process `pid`, in KiB, from `/proc/PID/status`.
    static func residentKiB(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        return status.firstMatch(of: /VmRSS:\s+(\d+) kB/).flatMap { Int($0.1) }
    }

    /// Opens `count` connections, sends `request` on each before reading any, and returns
    /// each answer (read until the server closes, or `enough` says so); off the pool.
    static func concurrently(
        _ count: Int, _ port: UInt16, _ request: String, enough: @escaping @Sendable (String) -> Bool = { _ in false }
    ) async throws -> [String] {
        try await offThePool {
            let clients = try (0..<count).map { _ in try connect(port) }
            defer { clients.forEach { close($0) } }
            for client in clients { send(request, to: client) }
            let answers = Locked([String](repeating: "", count: count))
            DispatchQueue.concurrentPerform(iterations: count) { index in
                let answer = readBlocking(clients[index], seconds: 20, until: enough)
                answers.withLock { $0[index] = answer }
            }
            return answers.withLock { $0 }
        }
    }

    /// The real server, abused: many clients at once, many event streams, oversized and
    /// traversing requests. Every client gets a right answer or a refusal, the memory it holds
    /// afterwards stays within a bound, and it still answers.
    @Test func underLoadAndAbuseItAnswersRightAndItsMemoryStaysBounded() async throws {
        let folder = try TemporaryFolder()
        try folder.write("content/index.md", "# Home\n\nA page.\n")
        try folder.write("secret.md", "A file beside the content that must never be served.\n")
        let templates = BinaryRunner.packageRoot.appendingPathComponent("templates").path
        let preview = try await Preview.start(
            ["--port", "\(Preview.anyPort())", "--templates", templates], in: folder.url)
        let port = try #require(await preview.port(within: 30), "\(preview.stdout) \(preview.stderr)")
        let built = await preview.status(port, build: 1, within: 120)
        try #require(built != nil, "no build: \(preview.stdout) \(preview.stderr)")
        let page = try await Self.get(port, "/")
        #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n"))
        let pid = preview.process.processIdentifier
        let before = try #require(Self.residentKiB(pid))

        // 200 clients at once, more than the server serves at once: each gets the same page.
        let pages = try await Self.concurrently(200, port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(pages.filter { $0 == page }.count == 200)

        // 100 event streams: a bounded number is kept open, the rest are refused with 503.
        let streams = try (0..<100).map { _ in try Self.connect(port) }
        for stream in streams {
            Self.send("GET /__preview/events HTTP/1.1\r\nHost: x\r\n\r\n", to: stream)
        }
        let answers = await offThePool {
            streams.map {
                Self.readBlocking($0, seconds: 10) {
                    $0.contains("event: hello") || $0.contains("\r\n\r\n") && $0.hasPrefix("HTTP/1.1 503")
                }
            }
        }
        let open = answers.filter { $0.hasPrefix("HTTP/1.1 200 OK\r\n") }.count
        let refused = answers.filter { $0.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n") }.count
        #expect(open == 32)
        #expect(refused == 68)
        #expect(try await Self.get(port, "/") == page, "pages are served while the streams are open")

        // Oversized heads and traversal, many times over.
        let oversized = try await Self.concurrently(
            50, port, "GET / HTTP/1.1\r\nX-Big: \(String(repeating: "b", count: 20_000))\r\n\r\n")
        #expect(oversized.allSatisfy { $0.hasPrefix("HTTP/1.1 431 ") })
        for target in [
            "/../secret.md", "/%2e%2e/secret.md", "/..%2fsecret.md", "/%2e%2e%2fsecret.md", "//secret.md",
            "/content/../secret.md", "/secret.md%00.html", "/..\\secret.md", "\(folder.url.path)/secret.md",
            "/content/index.md",
        ] {
            let response = try await Self.get(port, target)
            #expect(
                response.hasPrefix("HTTP/1.1 404 ") || response.hasPrefix("HTTP/1.1 400 "), "\(target): \(response)")
            #expect(!response.contains("must never be served"))
        }
        streams.forEach { close($0) }

        // The memory it holds afterwards is bounded, and it still answers.
        let settled = await waitFor(10) { (try? await Self.status(port)) != nil ? true : nil }
        #expect(settled == true)
        let after = try #require(Self.residentKiB(pid))
        #expect(after - before < 16 * 1024, "resident memory grew from \(before) KiB to \(after) KiB")
        #expect(try await Self.get(port, "/") == page)
        preview.process.terminate()
        #expect(await preview.exited(within: 10))
    }

    /// Which address to listen on is the command line's: in process, where a port that cannot
    /// be listened on ends the command before any build.
    @Test func anAddressThatIsNotThisMachinesIsPortUnavailable() {
        let result = InProcess.run(["preview", "--host", "192.0.2.1", "--port", "8000"])
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("passkey-spec: error: cannot listen on 192.0.2.1 at port 8000: "))
        #expect(result.stderr.hasSuffix(" [port-unavailable]\n"), "\(result.stderr)")
        let anyPort = InProcess.run(["preview", "--host", "192.0.2.1"])
        #expect(anyPort.status == .failure)
        #expect(anyPort.stderr.hasPrefix("passkey-spec: error: cannot listen on 192.0.2.1 at ports 8000 to 8019: "))
    }

    @Test(arguments: [["--port", "http"], ["--port", "70000"], ["--host", "example.com"]])
    func badPortsAndHostsAreUsageErrors(_ arguments: [String]) {
        let result = InProcess.run(["preview"] + arguments)
        #expect(result.status == .usage)
        #expect(result.stderr.contains("[invalid-option-value]"), "\(result.stderr)")
    }

    @Test func theHelpSaysWhatItWatchesAndWhereItListens() {
        let result = InProcess.run(["preview", "--help"])
        #expect(result.status == .success)
        #expect(result.stdout.hasPrefix("USAGE: passkey-spec preview [PATHS...] [--port N] [--host H]"))
        #expect(result.stdout.contains("127.0.0.1"))
        #expect(InProcess.run(["--help"]).stdout.contains("\n  preview  "))
    }
}
