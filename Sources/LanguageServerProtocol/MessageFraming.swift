import Foundation

/// The base protocol's framing: each message is `Content-Length: N` (and optional other
/// headers), a blank line, and N bytes of JSON.
public struct MessageFraming: Sendable {
    /// The largest body the server reads: a bigger one is skipped and answered with an error,
    /// so a runaway client cannot exhaust the memory.
    public static let maximumBodySize = 64 << 20
    /// The longest header block: anything longer is not a header.
    public static let maximumHeaderSize = 8 << 10

    /// One message read from the stream: its body, or why there is none.
    public enum Frame: Equatable, Sendable {
        case body(Data)
        /// The headers could not be read (no `Content-Length`, a bad number, too long); the
        /// reader has skipped past them.
        case malformedHeader(String)
        /// The body is larger than `maximumBodySize`; the reader has skipped it.
        case tooLarge(Int)
    }

    private var buffer = Data()

    public init() {}

    /// Bytes waiting for the rest of their message; at most a header and a body.
    public var pending: Int { buffer.count }

    /// The next whole message, if the buffer holds one.
    public mutating func next() -> Frame? {
        let separator = Data("\r\n\r\n".utf8)
        guard let end = buffer.range(of: separator) else {
            if buffer.count > Self.maximumHeaderSize {
                // No header ends in the first few kilobytes: drop them, and resynchronise on
                // the next header the client sends.
                let dropped = buffer.count
                buffer.removeAll()
                return .malformedHeader("no header ends within \(dropped) bytes")
            }
            return nil
        }
        let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        let bodyStart = end.upperBound
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            if parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        guard let length, length >= 0 else {
            buffer.removeSubrange(buffer.startIndex..<bodyStart)
            return .malformedHeader("the header has no valid Content-Length: '\(header.prefix(200))'")
        }
        if length > Self.maximumBodySize {
            // Skip the body as it arrives: remember how much is still to drop.
            let available = buffer.count - (bodyStart - buffer.startIndex)
            let dropNow = min(available, length)
            buffer.removeSubrange(buffer.startIndex..<(bodyStart + dropNow))
            skipping = length - dropNow
            return .tooLarge(length)
        }
        guard buffer.count - (bodyStart - buffer.startIndex) >= length else { return nil }
        let body = buffer[bodyStart..<(bodyStart + length)]
        let frame = Frame.body(Data(body))
        buffer.removeSubrange(buffer.startIndex..<(bodyStart + length))
        return frame
    }

    /// Bytes of an oversized body still to be dropped as they arrive.
    private var skipping = 0

    /// Adds bytes, first dropping what is left of an oversized body.
    public mutating func receive(_ bytes: Data) {
        if skipping > 0 {
            let drop = min(skipping, bytes.count)
            skipping -= drop
            buffer.append(bytes.dropFirst(drop))
        } else {
            buffer.append(bytes)
        }
    }

    /// A message's bytes on the wire.
    public static func frame(_ body: Data) -> Data {
        Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
