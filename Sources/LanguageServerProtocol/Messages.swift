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

    /// A value's JSON: what an encoded message or answer carries.
    public init(encoding value: some Encodable) throws {
        let data = try JSONEncoder().encode(value)
        guard let parsed = JSONValue.parse(data) else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "not JSON"))
        }
        self = parsed
    }

    /// The value decoded as `type`.
    public func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        // `null` params stand for none: a type whose every member is optional reads them as empty.
        try JSONDecoder().decode(type, from: isNull ? Data("{}".utf8) : data)
    }
}
