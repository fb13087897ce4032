import Foundation

/// The one JSON form the tool writes: pretty, keys sorted, slashes unescaped, a final newline,
/// so the same value always gives the same bytes.
///
/// It is written by an encoder of its own rather than Foundation's `JSONEncoder`: the model
/// and the run report are encoded on every build that renders the exports, and the general
/// encoder's boxing and string handling cost more than the rest of the export. The bytes are
/// those `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`
/// (keys in the order of their UTF-8 bytes, `"key" : value`, two spaces a level, an empty list
/// as `[`, a blank line, `]`), which a test compares on the tool's own values.
public enum JSONOutput {
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        var bytes = try JSONBytes.encode(value)
        bytes.append(UInt8(ascii: "\n"))
        return Data(bytes)
    }

    /// The same, as text.
    public static func string<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }
}

/// The encoder behind `JSONOutput`: values into a tree of `Node`s, then the tree into bytes.
enum JSONBytes {
    /// A JSON value as encoded. Not `indirect`: arrays and objects are already boxes, and an
    /// indirect enum would put every string and number in a box of its own.
    enum Node {
        case null
        case bool(Bool)
        case integer(Int64)
        case unsigned(UInt64)
        case double(Double)
        case string(String)
        case array(ArrayBox)
        case object(ObjectBox)
    }

    final class ArrayBox {
        var items: [Node] = []
    }

    /// An object's members in the order they were encoded; written sorted by key, the last
    /// of a key encoded twice winning, as `JSONEncoder` does.
    final class ObjectBox {
        var keys: [String] = []
        var values: [Node] = []

        func set(_ key: String, _ value: Node) {
            keys.append(key)
            values.append(value)
        }
    }

    static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let node = try node(of: value)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        write(node, indent: 0, into: &bytes)
        return bytes
    }

    static func node<Value: Encodable>(of value: Value) throws -> Node {
        // The JSON types directly, told by their metadata (no dynamic cast): the most common
        // members, without an encoder.
        if Value.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if Value.self == Int.self { return .integer(Int64(unsafeBitCast(value, to: Int.self))) }
        if Value.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        let encoder = NodeEncoder()
        try value.encode(to: encoder)
        return encoder.node
    }

    // MARK: - Writing

    private static func write(_ node: Node, indent: Int, into bytes: inout [UInt8]) {
        switch node {
        case .null: bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        case .bool(let flag): bytes.append(contentsOf: flag ? trueBytes : falseBytes)
        case .integer(let number): bytes.append(contentsOf: String(number).utf8)
        case .unsigned(let number): bytes.append(contentsOf: String(number).utf8)
        case .double(let number): bytes.append(contentsOf: format(number).utf8)
        case .string(let text): writeString(text, into: &bytes)
        case .array(let box):
            bytes.append(UInt8(ascii: "["))
            bytes.append(0x0A)
            if box.items.isEmpty { bytes.append(0x0A) }
            for (index, item) in box.items.enumerated() {
                spaces(indent + 2, into: &bytes)
                write(item, indent: indent + 2, into: &bytes)
                if index < box.items.count - 1 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(0x0A)
            }
            spaces(indent, into: &bytes)
            bytes.append(UInt8(ascii: "]"))
        case .object(let box):
            bytes.append(UInt8(ascii: "{"))
            bytes.append(0x0A)
            if box.keys.isEmpty { bytes.append(0x0A) }
            let order = sortedMembers(of: box)
            for (position, index) in order.enumerated() {
                spaces(indent + 2, into: &bytes)
                writeString(box.keys[index], into: &bytes)
                bytes.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
                write(box.values[index], indent: indent + 2, into: &bytes)
                if position < order.count - 1 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(0x0A)
            }
            spaces(indent, into: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// The indices of the members by key in UTF-8 byte order; of a key encoded twice, the last.
    private static func sortedMembers(of box: ObjectBox) -> [Int] {
        let keys = box.keys
        var order = Array(keys.indices)
        order.sort { left, right in
            let ordered = compare(keys[left], keys[right])
            return ordered != 0 ? ordered < 0 : left < right
        }
        var kept: [Int] = []
        kept.reserveCapacity(order.count)
        for index in order {
            if let last = kept.last, keys[last] == keys[index] {
                kept[kept.count - 1] = index
            } else {
                kept.append(index)
            }
        }
        return kept
    }

    /// The order of two strings by their UTF-8 bytes: negative, zero or positive.
    private static func compare(_ left: String, _ right: String) -> Int32 {
        var left = left
        var right = right
        return left.withUTF8 { first in
            right.withUTF8 { second in
                let common = min(first.count, second.count)
                if common > 0, let a = first.baseAddress, let b = second.baseAddress {
                    let ordered = memcmp(a, b, common)
                    if ordered != 0 { return ordered }
                }
                return first.count < second.count ? -1 : first.count > second.count ? 1 : 0
            }
        }
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Runs of spaces to indent with, appended whole instead of one by one.
    private static let spaceRun = [UInt8](repeating: 0x20, count: 64)

    private static func spaces(_ count: Int, into bytes: inout [UInt8]) {
        var left = count
        while left > 0 {
            let run = min(left, spaceRun.count)
            bytes.append(contentsOf: spaceRun[0..<run])
            left -= run
        }
    }

    /// A string in quotes, with `"`, `\` and the control characters escaped as JSON requires
    /// (the short forms where JSON has them); everything else as it is, in UTF-8.
    private static func writeString(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { buffer in
            var start = 0
            for (index, byte) in buffer.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<index]))
                start = index + 1
                switch byte {
                case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
                default:
                    bytes.append(contentsOf: [
                        0x5C, UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)],
                    ])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A number as `JSONEncoder` writes it: a whole number up to 2⁵³ without a fraction, any
    /// other in Swift's shortest form that reads back the same (`0.1`, `1e-07`, `1e+20`).
    static func format(_ number: Double) -> String {
        if number.rounded() == number, abs(number) <= 9_007_199_254_740_992 {
            return number == 0 && number.sign == .minus ? "-0" : String(Int64(number))
        }
        return "\(number)"
    }
}

// MARK: - The encoder

private final class NodeEncoder: Encoder {
    var node: JSONBytes.Node = .null
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object(let box) = node { return KeyedEncodingContainer(Keyed<Key>(box: box)) }
        let box = JSONBytes.ObjectBox()
        node = .object(box)
        return KeyedEncodingContainer(Keyed<Key>(box: box))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let box) = node { return Unkeyed(box: box) }
        let box = JSONBytes.ArrayBox()
        node = .array(box)
        return Unkeyed(box: box)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: JSONBytes.ObjectBox
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { box.set(key.stringValue, .null) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { box.set(key.stringValue, .bool(value)) }
        mutating func encode(_ value: String, forKey key: Key) throws {
            box.set(key.stringValue, .string(value))
        }
        mutating func encode(_ value: Int, forKey key: Key) throws {
            box.set(key.stringValue, .integer(Int64(value)))
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            box.set(key.stringValue, .double(value))
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            box.set(key.stringValue, try JSONBytes.node(of: value))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let nested = JSONBytes.ObjectBox()
            box.set(key.stringValue, .object(nested))
            return KeyedEncodingContainer(Keyed<NestedKey>(box: nested))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = JSONBytes.ArrayBox()
            box.set(key.stringValue, .array(nested))
            return Unkeyed(box: nested)
        }
        mutating func superEncoder() -> any Encoder { SuperEncoder { [box] in box.set("super", $0) } }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            SuperEncoder { [box] in box.set(key.stringValue, $0) }
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let box: JSONBytes.ArrayBox
        var codingPath: [any CodingKey] { [] }
        var count: Int { box.items.count }

        mutating func encodeNil() throws { box.items.append(.null) }
        mutating func encode(_ value: Bool) throws { box.items.append(.bool(value)) }
        mutating func encode(_ value: String) throws { box.items.append(.string(value)) }
        mutating func encode(_ value: Int) throws { box.items.append(.integer(Int64(value))) }
        mutating func encode(_ value: Double) throws { box.items.append(.double(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { box.items.append(try JSONBytes.node(of: value)) }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            let nested = JSONBytes.ObjectBox()
            box.items.append(.object(nested))
            return KeyedEncodingContainer(Keyed<NestedKey>(box: nested))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = JSONBytes.ArrayBox()
            box.items.append(.array(nested))
            return Unkeyed(box: nested)
        }
        mutating func superEncoder() -> any Encoder {
            let index = box.items.count
            box.items.append(.null)
            return SuperEncoder { [box] in box.items[index] = $0 }
        }
    }

    private struct Single: SingleValueEncodingContainer {
        let encoder: NodeEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { encoder.node = .null }
        mutating func encode(_ value: Bool) throws { encoder.node = .bool(value) }
        mutating func encode(_ value: String) throws { encoder.node = .string(value) }
        mutating func encode(_ value: Int) throws { encoder.node = .integer(Int64(value)) }
        mutating func encode(_ value: Int64) throws { encoder.node = .integer(value) }
        mutating func encode(_ value: UInt64) throws { encoder.node = .unsigned(value) }
        mutating func encode(_ value: Double) throws { encoder.node = .double(value) }
        // Every other integer and floating-point type too: each encodes itself into a single
        // value container of its own type, which the generic method would take again for ever.
        mutating func encode(_ value: Int8) throws { encoder.node = .integer(Int64(value)) }
        mutating func encode(_ value: Int16) throws { encoder.node = .integer(Int64(value)) }
        mutating func encode(_ value: Int32) throws { encoder.node = .integer(Int64(value)) }
        mutating func encode(_ value: UInt) throws { encoder.node = .unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt8) throws { encoder.node = .unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt16) throws { encoder.node = .unsigned(UInt64(value)) }
        mutating func encode(_ value: UInt32) throws { encoder.node = .unsigned(UInt64(value)) }
        mutating func encode(_ value: Float) throws { encoder.node = .double(Double(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { encoder.node = try JSONBytes.node(of: value) }
    }
}

/// An encoder whose value goes where `store` puts it (a superclass's part of an object).
private final class SuperEncoder: Encoder {
    let store: (JSONBytes.Node) -> Void
    let inner = NodeEncoder()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(store: @escaping (JSONBytes.Node) -> Void) { self.store = store }
    deinit { store(inner.node) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        inner.container(keyedBy: type)
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }
}
