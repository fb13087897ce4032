import Foundation
import Testing

@testable import PreviewServer

/// The server on 127.0.0.1 under load and abuse, spoken to over real sockets, with short
/// limits so that every loop is bounded and the suite stays quick.
@Suite struct ServerLimitsTests {
    /// A page big enough to take several writes.
    static let page = Data(
        ("<html><body><h1>Home</h1>" + String(repeating: "<p>Some words of the page.</p>\n", count: 1500)
            + "</body></html>").utf8)

    func running(_ limits: PreviewServer.Limits = PreviewServer.Limits()) throws -> PreviewServer {
        let server = try PreviewServer(host: "127.0.0.1", port: 0, limits: limits)
        server.publish(
            PreviewBuild(files: ["index.html": Self.page, "a.css": Data("p{}".utf8)], ok: true, diagnostics: []))
        server.start()
        return server
    }

    /// Waits up to `seconds` for the server to have nothing open.
    func expectAllFreed(_ server: PreviewServer, within seconds: TimeInterval) {
        expectOpen(server, (0, 0), within: seconds)
    }

    /// Waits up to `seconds` for the server to have `counts` connections and streams open.
    func expectOpen(_ server: PreviewServer, _ counts: (Int, Int), within seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, server.openCounts != counts { usleep(20_000) }
        #expect(server.openCounts == counts, "connections and streams open: \(server.openCounts)")
    }

    static func body(of response: String) -> String {
        guard let end = response.range(of: "\r\n\r\n") else { return "" }
        return String(response[end.upperBound...])
    }

    @Test func twoHundredConcurrentClientsEachGetTheWholePage() throws {
        let server = try running()
        defer { server.stop() }
        let expected = String(decoding: PreviewServer.addingReloadScript(to: Self.page), as: UTF8.self)
        // Every client connects and sends its request before any answer is read: more
        // clients than the server serves at once, all waiting together.
        let clients = try (0..<200).map { _ in try #require(SocketClient(port: server.port)) }
        defer { clients.forEach { $0.close() } }
        for client in clients { #expect(client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")) }
        let answers = Locked([String](repeating: "", count: clients.count))
        DispatchQueue.concurrentPerform(iterations: clients.count) { index in
            let answer = clients[index].response(seconds: 20)
            answers.withLock { $0[index] = answer }
        }
        for answer in answers.withLock({ $0 }) {
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(Self.body(of: answer) == expected)
        }
        expectAllFreed(server, within: 5)
    }

    @Test func clientsSendingAByteASecondAreTimedOutAndFreed() throws {
        var limits = PreviewServer.Limits()
        limits.headerTimeout = 1
        limits.maximumConnections = 4
        let server = try running(limits)
        defer { server.stop() }
        // More slow clients than connections: the last ones wait, then are timed out too.
        let slow = try (0..<6).map { _ in try #require(SocketClient(port: server.port)) }
        defer { slow.forEach { $0.close() } }
        let request = Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        let started = Date()
        let answers = Locked([String](repeating: "", count: slow.count))
        // A thread each: all of them slow at the same time.
        let done = DispatchGroup()
        for index in slow.indices {
            done.enter()
            Thread {
                var received: [UInt8] = []
                for byte in request {
                    guard slow[index].send([byte]) else { break }
                    let (bytes, closed) = slow[index].read(seconds: 1)
                    received += bytes
                    if closed { break }
                }
                answers.withLock { $0[index] = String(decoding: received, as: UTF8.self) }
                done.leave()
            }.start()
        }
        #expect(done.wait(timeout: .now() + 20) == .success)
        for answer in answers.withLock({ $0 }) {
            #expect(answer.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "\(answer)")
        }
        #expect(Date().timeIntervalSince(started) < 10)
        expectAllFreed(server, within: 3)
        let client = try #require(SocketClient(port: server.port))
        defer { client.close() }
        client.send("GET /a.css HTTP/1.1\r\n\r\n")
        #expect(client.response().hasPrefix("HTTP/1.1 200 OK\r\n"), "the server answers afterwards")
    }

    /// A request with a part `size` long: `target` (the request line), `field` (one header
    /// field's value) or `fields` (that many header fields).
    static func oversized(_ part: String, _ size: Int) -> String {
        switch part {
        case "target": "GET /\(String(repeating: "a", count: size)) HTTP/1.1\r\n\r\n"
        case "field": "GET / HTTP/1.1\r\nX-Big: \(String(repeating: "b", count: size))\r\n\r\n"
        default: "GET / HTTP/1.1\r\n" + String(repeating: "X-Field: 1\r\n", count: size) + "\r\n"
        }
    }

    @Test(arguments: [
        ("target", 3000, "414 URI Too Long"), ("target", 1_000_000, "414 URI Too Long"), ("field", 16_000, "431 "),
        ("field", 1_000_000, "431 "), ("fields", 65, "431 "),
    ])
    func oversizedRequestLinesAndHeadsAreRefusedAndClosed(part: String, size: Int, status: String) throws {
        let request = Self.oversized(part, size)
        let server = try running()
        defer { server.stop() }
        let client = try #require(SocketClient(port: server.port))
        defer { client.close() }
        // Sent from another thread: the server answers before reading it all.
        let sender = Thread { client.send(request) }
        sender.start()
        let (bytes, closed) = client.read(seconds: 10)
        let answer = String(decoding: bytes, as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 \(status)"), "\(answer.prefix(80))")
        #expect(answer.contains("Connection: close\r\n"))
        #expect(closed, "the connection is closed")
        expectAllFreed(server, within: 5)
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT", "PROPFIND"])
    func methodsOtherThanGetAndHeadAre405WithAllow(method: String) throws {
        let server = try running()
        defer { server.stop() }
        let client = try #require(SocketClient(port: server.port))
        defer { client.close() }
        let body = String(repeating: "x", count: 100_000)
        client.send("\(method) / HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let (bytes, closed) = client.read(seconds: 10)
        let answer = String(decoding: bytes, as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"), "\(answer.prefix(80))")
        #expect(answer.contains("Allow: GET, HEAD\r\n"))
        #expect(closed)
    }

    @Test(arguments: [
        "/%2e%2e/etc/passwd", "/..%2fetc/passwd", "/%2e%2e%2fetc%2fpasswd", "/../etc/passwd", "/.%2e/etc/passwd",
        "//etc/passwd", "/a//b", "/index.html%00.css", "/%00", "/..\\..\\etc\\passwd", "/%5c..%5cetc",
        "http://127.0.0.1/etc/passwd", "/%252e%252e/etc/passwd", "/etc/passwd", "*",
    ])
    func encodedTraversalIsNotFoundOrBad(target: String) throws {
        let server = try running()
        defer { server.stop() }
        let client = try #require(SocketClient(port: server.port))
        defer { client.close() }
        client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = client.response()
        #expect(answer.hasPrefix("HTTP/1.1 404 ") || answer.hasPrefix("HTTP/1.1 400 "), "\(target): \(answer)")
        #expect(!answer.contains("root:"))
    }

    @Test func eventStreamsAreCappedFreedWhenClosedAndPagesStillServed() throws {
        var limits = PreviewServer.Limits()
        limits.maximumEventStreams = 8
        limits.maximumConnections = 4
        let server = try running(limits)
        defer { server.stop() }
        let request = "GET /__preview/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
        var streams: [SocketClient] = []
        defer { streams.forEach { $0.close() } }
        var refused = 0
        for _ in 0..<20 {
            let client = try #require(SocketClient(port: server.port))
            client.send(request)
            let (bytes, closed) = client.read(seconds: 5) {
                String(decoding: $0, as: UTF8.self).contains("event: hello\ndata: 1\n\n")
            }
            let answer = String(decoding: bytes, as: UTF8.self)
            if answer.hasPrefix("HTTP/1.1 200 OK\r\n") {
                streams.append(client)
            } else {
                #expect(answer.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(answer)")
                #expect(answer.contains("Retry-After: 5\r\n"))
                #expect(closed)
                refused += 1
                client.close()
            }
        }
        #expect(streams.count == 8)
        #expect(refused == 12)
        expectOpen(server, (0, 8), within: 2)

        // Pages are still served while every stream is taken, and every stream hears of a build.
        let page = try #require(SocketClient(port: server.port))
        page.send("GET / HTTP/1.1\r\n\r\n")
        #expect(page.response().hasPrefix("HTTP/1.1 200 OK\r\n"))
        page.close()
        server.publish(PreviewBuild(files: nil, ok: true, diagnostics: []))
        for stream in streams {
            let heard = stream.read(seconds: 5) { String(decoding: $0, as: UTF8.self).contains("event: reload") }
            #expect(String(decoding: heard.bytes, as: UTF8.self).contains("event: reload\ndata: 2\n\n"))
        }

        // A page closed in the browser frees its stream within a second or two.
        streams.forEach { $0.close() }
        streams = []
        expectAllFreed(server, within: 5)
        let again = try #require(SocketClient(port: server.port))
        defer { again.close() }
        again.send(request)
        let reopened = again.read(seconds: 5) { String(decoding: $0, as: UTF8.self).contains("event: hello") }
        #expect(String(decoding: reopened.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 200 OK\r\n"))
    }
}

/// A value shared by threads, behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
