/// The identifier of a passkey (a WebAuthn credential ID), as bytes.
public struct CredentialID: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    public var bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// A credential ID made of a name's UTF-8 bytes, for scripted worlds.
    public init(named name: String) { self.bytes = Array(name.utf8) }

    /// base64url without padding, the form WebAuthn JSON and the Android signal requests use.
    public var base64URL: String { Base64URL.encode(bytes) }

    public var description: String { base64URL }

    public static func < (lhs: CredentialID, rhs: CredentialID) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let bytes = Base64URL.decode(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not base64url"))
        }
        self.bytes = bytes
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(base64URL)
    }
}

/// The status of an account on the server. Only `active` may sign in.
public enum AccountStatus: String, Codable, Sendable, CaseIterable {
    case active
    case closed
    case deleted
    case disabled
    case inactive
    case locked
    case restricted

    /// Whether an account in this status may receive a session.
    public var allowsSignIn: Bool { self == .active }
}

/// An account as the server knows it.
public struct Account: Hashable, Codable, Sendable {
    public var id: String
    /// The WebAuthn user handle, used by full-list reconciliation.
    public var userHandle: [UInt8]
    public var status: AccountStatus

    public init(id: String, userHandle: [UInt8], status: AccountStatus) {
        self.id = id
        self.userHandle = userHandle
        self.status = status
    }
}

/// How a passkey ceremony was started. The retry offered after an automatic cancellation
/// counts as automatic; the normal passkey button (and "choose another passkey") is explicit.
public enum Route: String, Codable, Sendable, CaseIterable {
    case automatic
    case explicit
    /// A request armed in the identifier field's suggestions (AutoFill, conditional mediation).
    case assisted
}

/// A service the app asks before it can choose a route or open a passkey request.
public enum LookupDependency: String, Codable, Sendable, CaseIterable {
    /// Whether the account exists and which routes it may use.
    case accountDirectory = "account-directory"
    /// Which passkeys the account has registered.
    case credentialList = "credential-list"
    /// The relying party's endpoint that issues a passkey request's options, its challenge
    /// first, before every request (WebAuthn Level 3, section 13.4.3).
    case requestOptions = "request-options"

    /// The dependencies of the route lookup; the request options are asked for apart.
    public static let routeLookup: [LookupDependency] = [.accountDirectory, .credentialList]
}

/// How a lookup dependency failed.
public enum LookupFault: String, Codable, Sendable, CaseIterable {
    case timeout
    case networkFailure = "network-failure"
    case serverError = "server-error"
}

/// Base64url without padding (RFC 4648 §5).
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(0) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<(chunk.count + 1) {
                output.append(alphabet[Int((value >> (18 - 6 * UInt32(position))) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Standard base64 with padding (RFC 4648 §4), the form `Data(base64Encoded:)` reads.
    public static func standard(_ bytes: [UInt8]) -> String {
        var text = String(encode(bytes).map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        while text.count % 4 != 0 { text += "=" }
        return text
    }

    public static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt32] = []
        for byte in text.utf8 {
            guard let index = alphabet.firstIndex(of: byte) else { return nil }
            values.append(UInt32(index))
        }
        guard values.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        var index = 0
        while index < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            let value = chunk.enumerated().reduce(0) { $0 | $1.element << (18 - 6 * UInt32($1.offset)) }
            for position in 0..<(chunk.count - 1) {
                output.append(UInt8((value >> (16 - 8 * UInt32(position))) & 0xFF))
            }
            index += 4
        }
        return output
    }
}
