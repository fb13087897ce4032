import Foundation

/// The statuses the preview server answers with.
public enum HTTPStatus: Int, Sendable {
    case ok = 200
    case movedPermanently = 301
    case badRequest = 400
    case notFound = 404
    case methodNotAllowed = 405
    case requestTimeout = 408
    case uriTooLong = 414
    case requestHeaderFieldsTooLarge = 431
    case internalServerError = 500
    case serviceUnavailable = 503
    case httpVersionNotSupported = 505

    public var reason: String {
        switch self {
        case .ok: "OK"
        case .movedPermanently: "Moved Permanently"
        case .badRequest: "Bad Request"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .requestTimeout: "Request Timeout"
        case .uriTooLong: "URI Too Long"
        case .requestHeaderFieldsTooLarge: "Request Header Fields Too Large"
        case .internalServerError: "Internal Server Error"
        case .serviceUnavailable: "Service Unavailable"
        case .httpVersionNotSupported: "HTTP Version Not Supported"
        }
    }
}

/// A complete response: status, headers and body. Every response closes the connection.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: [(String, String)]
    public var body: Data

    public init(status: HTTPStatus, headers: [(String, String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A short plain-text answer, e.g. for 404.
    public static func text(_ status: HTTPStatus, _ text: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers,
            body: Data((text + "\n").utf8))
    }

    /// The bytes on the wire; without the body for HEAD (the Content-Length stays).
    public func serialized(includeBody: Bool = true) -> Data {
        var head = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\n"
        head += "X-Content-Type-Options: nosniff\r\n"
        head += "Connection: close\r\n\r\n"
        var data = Data(head.utf8)
        if includeBody { data.append(body) }
        return data
    }
}

/// The Content-Type of a site file, by its extension.
public enum ContentType {
    public static func of(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".d.ts") { return "text/plain; charset=utf-8" }
        let ext = name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last!).lowercased() : ""
        switch ext {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json", "xcstrings": return "application/json"
        case "svg": return "image/svg+xml"
        case "xml": return "application/xml"
        case "png": return "image/png"
        case "ico": return "image/x-icon"
        case "txt", "md", "strings", "ts": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }
}
