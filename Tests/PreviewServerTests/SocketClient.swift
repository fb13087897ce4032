import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A raw TCP client of a server on 127.0.0.1, for tests that send exactly the bytes they mean.
struct SocketClient {
    let descriptor: Int32

    /// Connected to 127.0.0.1:`port`, or nil.
    init?(port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            return nil
        }
        descriptor = fd
    }

    /// Sends all of `bytes`; false when the server has closed.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0, errno == EINTR { continue }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// What the server sends until it closes, `done` says it is enough, or `seconds` pass;
    /// and whether the server closed.
    func read(seconds: TimeInterval, until done: ([UInt8]) -> Bool = { _ in false }) -> (bytes: [UInt8], closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return (received, true) }
            received += buffer[0..<count]
            if done(received) { return (received, false) }
        }
        return (received, false)
    }

    /// The response's text, read to the server's close.
    func response(seconds: TimeInterval = 10) -> String {
        String(decoding: read(seconds: seconds).bytes, as: UTF8.self)
    }

    func close() { Glibc.close(descriptor) }
}
