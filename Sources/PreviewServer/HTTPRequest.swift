/// A parsed HTTP/1.x request head: the request line and the header fields. The body, if any,
/// is never read: the preview server answers only GET and HEAD.
public struct HTTPRequest: Equatable, Sendable {
    public var method: String
    /// The request target as sent, e.g. `/native/login-error-states.html?x=1`.
    public var target: String
    public var version: String
    /// Header fields by lowercased name (the last one wins).
    public var headers: [String: String]

    public init(method: String, target: String, version: String, headers: [String: String] = [:]) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
    }
}

/// Why a request head was refused, with the status it is answered with.
public enum HTTPRequestError: Error, Equatable, Sendable {
    /// The head (request line and headers) is longer than the limit, or has too many fields: 431.
    case headTooLarge
    /// The request target is longer than the limit: 414.
    case targetTooLong
    /// A request line or header field that is not HTTP/1.x: 400.
    case malformed(String)
    /// A version other than HTTP/1.0 or HTTP/1.1: 505.
    case unsupportedVersion(String)

    public var status: HTTPStatus {
        switch self {
        case .headTooLarge: .requestHeaderFieldsTooLarge
        case .targetTooLong: .uriTooLong
        case .malformed: .badRequest
        case .unsupportedVersion: .httpVersionNotSupported
        }
    }
}

/// Reads request heads from the bytes a connection has received so far.
public enum RequestParser {
    /// The most bytes a request head (request line, headers, and the blank line) may have.
    public static let maximumHeadBytes = 8 * 1024
    /// The longest request target.
    public static let maximumTargetBytes = 2 * 1024
    /// The most header fields.
    public static let maximumHeaderFields = 64

    public enum Outcome: Equatable, Sendable {
        /// The head is not complete yet; read more.
        case incomplete
        case request(HTTPRequest)
        case failure(HTTPRequestError)
    }

    /// Parses the head at the start of `bytes`, if it is all there.
    public static func parse(_ bytes: [UInt8]) -> Outcome {
        guard let end = headEnd(in: bytes) else {
            if bytes.count > maximumHeadBytes { return .failure(tooLarge(bytes)) }
            // A request line already longer than a target may be cannot become valid.
            if firstLineEnd(in: bytes) == nil, bytes.count > maximumTargetBytes + 32 {
                return .failure(.targetTooLong)
            }
            return .incomplete
        }
        guard end <= maximumHeadBytes else { return .failure(tooLarge(bytes)) }
        guard let text = String(validating: bytes[..<end], as: UTF8.self) else {
            return .failure(.malformed("the request head is not UTF-8"))
        }
        // "\r\n" is one Character in Swift.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { return .failure(.malformed("no request line")) }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            return .failure(.malformed("the request line is not 'METHOD TARGET VERSION'"))
        }
        let method = String(parts[0])
        guard method.allSatisfy({ $0.isASCII && ($0.isUppercase || $0 == "-" || $0 == "_") }) else {
            return .failure(.malformed("the method is not a token"))
        }
        guard parts[1].utf8.count <= maximumTargetBytes else { return .failure(.targetTooLong) }
        let version = String(parts[2])
        guard version.hasPrefix("HTTP/") else { return .failure(.malformed("the version is not HTTP/1.x")) }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { return .failure(.unsupportedVersion(version)) }
        var headers: [String: String] = [:]
        let fields = lines.dropFirst()
        guard fields.count <= maximumHeaderFields else { return .failure(.headTooLarge) }
        for field in fields {
            guard let colon = field.firstIndex(of: ":") else {
                return .failure(.malformed("a header field without ':'"))
            }
            let name = field[..<colon]
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "\0" }) else {
                return .failure(.malformed("a header field with an invalid name"))
            }
            let value = field[field.index(after: colon)...].trimmingSpaces
            guard !value.contains("\0") else { return .failure(.malformed("a header field with NUL")) }
            headers[name.lowercased()] = String(value)
        }
        return .request(HTTPRequest(method: method, target: String(parts[1]), version: version, headers: headers))
    }

    /// The length of the head, blank line included, if it has ended.
    static func headEnd(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A { return index + 3 }
            }
            index += 1
        }
        return nil
    }

    private static func firstLineEnd(in bytes: [UInt8]) -> Int? {
        bytes.firstIndex(of: 0x0A)
    }

    /// Too large: 414 while the request line has not ended, 431 after.
    private static func tooLarge(_ bytes: [UInt8]) -> HTTPRequestError {
        guard let lineEnd = firstLineEnd(in: bytes) else { return .targetTooLong }
        return lineEnd > maximumTargetBytes + 32 ? .targetTooLong : .headTooLarge
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}

/// Turns a request target into the path of a file of the site, or refuses it.
public enum SitePath {
    public enum Refusal: Error, Equatable, Sendable {
        /// Not an origin-form path, bad percent-encoding, NUL, an encoded `/` or `\`, not UTF-8: 400.
        case badRequest(String)
        /// A `.` or `..` segment, or an empty one (`//`): 404, nothing outside the site is served.
        case outsideTheSite
    }

    /// `/` → `index.html`, `/dir/` → `dir/index.html`, `/a%20b.html` → `a b.html`. The query
    /// and fragment are dropped.
    public static func resolve(_ target: String) -> Result<String, Refusal> {
        var path = Substring(target)
        if let mark = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<mark] }
        guard path.hasPrefix("/") else { return .failure(.badRequest("the target is not a path")) }
        let raw = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var segments: [String] = []
        for (index, segment) in raw.enumerated() {
            let isLast = index == raw.count - 1
            if segment.isEmpty {
                if isLast { break }
                return .failure(.outsideTheSite)
            }
            guard let bytes = percentDecoded(segment) else {
                return .failure(.badRequest("invalid percent-encoding"))
            }
            if bytes.contains(0) { return .failure(.badRequest("NUL in the path")) }
            if bytes.contains(UInt8(ascii: "/")) || bytes.contains(UInt8(ascii: "\\")) {
                return .failure(.badRequest("an encoded separator in the path"))
            }
            guard let decoded = String(validating: bytes, as: UTF8.self) else {
                return .failure(.badRequest("the path is not UTF-8"))
            }
            if decoded == "." || decoded == ".." { return .failure(.outsideTheSite) }
            segments.append(decoded)
        }
        if segments.isEmpty || path.hasSuffix("/") { segments.append("index.html") }
        return .success(segments.joined(separator: "/"))
    }

    /// `%XX` decoded; nil for a `%` not followed by two hex digits.
    static func percentDecoded(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
