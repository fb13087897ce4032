import Foundation

// The Language Server Protocol's messages as types (3.17): one Codable type per request and
// notification the server takes or sends, whose values are the message's params, with the
// method it travels under and, for a request, the type of its answer. The server decodes a
// message's params into its type once, and encodes its answers from theirs: no handler reads
// params by key.

/// A message of the protocol: its params as a value, and the method it travels under.
public protocol ProtocolMessage: Codable, Sendable {
    static var method: String { get }
}

/// A request: the client waits for its answer, of type `Response`.
public protocol RequestType: ProtocolMessage {
    associatedtype Response: Codable & Sendable
}

/// A notification: nothing is answered.
public protocol NotificationType: ProtocolMessage {}

/// A request about one document.
public protocol TextDocumentRequest: RequestType {
    var textDocument: TextDocumentIdentifier { get }
}

/// A request's ID, as the client chose it: a number or a string.
public enum RequestID: Hashable, Codable, Sendable, CustomStringConvertible {
    case number(Int)
    case string(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        }
    }

    /// The ID in a message's JSON; nil for a value that is no ID.
    public init?(_ value: JSONValue) {
        if let number = value.int {
            self = .number(number)
        } else if let text = value.string {
            self = .string(text)
        } else {
            return nil
        }
    }

    public var json: JSONValue {
        switch self {
        case .number(let number): .number(Double(number))
        case .string(let text): .string(text)
        }
    }

    public var description: String {
        switch self {
        case .number(let number): String(number)
        case .string(let text): "\"\(text)\""
        }
    }
}

/// A request's failure, as JSON-RPC answers it: a code and a message.
public struct ResponseError: Error, Codable, Sendable, Equatable {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let serverNotInitialized = -32002
    public static let requestCancelled = -32800
    public static let requestFailed = -32803
}

/// The empty answer of a request that answers `null`, and the params of a message without any.
public struct Empty: Codable, Sendable, Equatable {
    public init() {}

    public init(from decoder: any Decoder) throws {}

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}

extension JSONValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let number):
            if number == number.rounded(), abs(number) < 9e15 {
                try container.encode(Int(number))
            } else {
                try container.encode(number)
            }
        case .string(let value): try container.encode(value)
        case .array(let items): try container.encode(items)
        case .object(let members): try container.encode(members)
        }
    }
}

// MARK: - Envelopes

/// What an incoming message says of itself before its params are read: its ID and method.
/// Decoding it reads neither the params nor any other member, so a page's whole text in a
/// `didChange` is not copied to learn the method it travels under.
public struct MessageHeader: Decodable, Sendable {
    /// The request's ID; nil for a notification, or an ID that is neither a number nor a string.
    public var id: RequestID?
    /// Whether the message has an ID that is not `null` (a response to a request of ours has one).
    public var hasID: Bool
    public var method: String?

    private enum CodingKeys: String, CodingKey { case id, method }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hasID = try container.contains(.id) && !container.decodeNil(forKey: .id)
        id = try? container.decodeIfPresent(RequestID.self, forKey: .id)
        method = try? container.decodeIfPresent(String.self, forKey: .method)
    }

    /// Reads a message's header; nil when the body is not a JSON object.
    public static func read(_ body: Data) -> MessageHeader? {
        try? JSONDecoder().decode(MessageHeader.self, from: body)
    }
}

/// An incoming message's params, decoded as the message's type straight from its body.
public struct IncomingParams<Params: Decodable>: Decodable {
    public var params: Params

    private enum CodingKeys: String, CodingKey { case params }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if try container.contains(.params) && !container.decodeNil(forKey: .params) {
            params = try container.decode(Params.self, forKey: .params)
        } else {
            // No params stand for none: a type whose every member is optional reads them as empty.
            params = try JSONDecoder().decode(Params.self, from: Data("{}".utf8))
        }
    }

    /// The params of the message `body`.
    public static func read(_ body: Data) throws -> Params {
        try JSONDecoder().decode(IncomingParams.self, from: body).params
    }
}

/// A message the server sends: encoded in one pass, keys sorted, so that the same message is
/// the same bytes.
public protocol Outgoing: Encodable {}

extension Outgoing {
    /// The message as JSON text.
    public var data: Data {
        get throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(self)
        }
    }
}

/// An outgoing JSON-RPC message: a request's answer, a notification, or a request of the
/// server's own.
public enum OutgoingMessage<Payload: Encodable>: Outgoing {
    case result(Payload, id: RequestID)
    case notification(Payload, method: String)
    case request(Payload, method: String, id: RequestID)

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, method, params, result }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        switch self {
        case .result(let result, let id):
            try container.encode(id, forKey: .id)
            // An optional answer that is nil is `"result": null`, never a missing member.
            try container.encode(result, forKey: .result)
        case .notification(let params, let method):
            try container.encode(method, forKey: .method)
            try container.encode(params, forKey: .params)
        case .request(let params, let method, let id):
            try container.encode(id, forKey: .id)
            try container.encode(method, forKey: .method)
            try container.encode(params, forKey: .params)
        }
    }
}

/// An error answer: a request's ID (`null` when none could be read) and the error.
public struct ErrorMessage: Outgoing {
    public var id: RequestID?
    public var error: ResponseError

    public init(id: RequestID?, error: ResponseError) {
        self.id = id
        self.error = error
    }

    private enum CodingKeys: String, CodingKey { case jsonrpc, id, error }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        try container.encode(id, forKey: .id)
        try container.encode(error, forKey: .error)
    }
}
