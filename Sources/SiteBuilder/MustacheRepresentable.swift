import Mustache

/// A Swift value a template can render.
protocol MustacheRepresentable {
    var mustacheValue: MustacheValue { get }
}

/// A view model: a struct whose stored properties become the members of a Mustache object,
/// each under the property's own name.
///
/// The conversion goes through the compiler's `Encodable` synthesis and `MustacheEncoder`,
/// instead of each struct listing its keys (`["id": id, ...]`). That way a key has exactly one
/// spelling, the property's name: a misspelt key in the code that fills a view model is an
/// unknown initializer label or member and does not compile, renaming a property renames the
/// key (and the template must follow), and a property whose type has no Mustache form does
/// not compile either. It is also what makes the conversion fast: synthesized code, with no
/// reflection and no dynamic casts per member, for every page of every build.
protocol MustacheObject: MustacheRepresentable, Encodable {}

extension MustacheObject {
    var mustacheValue: MustacheValue { MustacheEncoder.value(of: self) }
}

/// A value already in Mustache form (a part shared by many pages, converted once), embedded
/// as it is.
extension MustacheValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        if let encoder = encoder as? MustacheEncoder {
            encoder.storage = .value(self)
            return
        }
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let items): try container.encode(items)
        case .object(let members): try container.encode(members)
        }
    }
}

/// A whole page: the layout's data (root, title, version, navigation) and the page's own,
/// merged into one object because the templates read both at the top level.
struct SitePage<Content: MustacheObject>: MustacheObject {
    let layout: LayoutView
    let content: Content

    func encode(to encoder: any Encoder) throws {
        // Both write their members into the same object; a member in both is a bug.
        try layout.encode(to: encoder)
        try content.encode(to: encoder)
    }
}

// MARK: - The encoder

/// Turns an `Encodable` value into a `MustacheValue`: objects for keyed containers, lists for
/// unkeyed ones, and the JSON types for single values. A `nil` member is `null` (never left
/// out), so that a template's lookup of it stops there instead of finding a member of the
/// same name in an outer context.
final class MustacheEncoder: Encoder {
    /// What has been encoded into this encoder so far.
    enum Storage {
        case empty
        case value(MustacheValue)
        case object(ObjectBox)
        case array(ArrayBox)

        var value: MustacheValue {
            switch self {
            case .empty: .null
            case .value(let value): value
            case .object(let box): .object(box.members)
            case .array(let box): .array(box.items.map(\.value))
            }
        }
    }

    final class ObjectBox {
        var members: [String: MustacheValue] = [:]

        func set(_ value: MustacheValue, for key: String) {
            precondition(members.updateValue(value, forKey: key) == nil, "two members named '\(key)'")
        }
    }

    final class ArrayBox {
        var items: [Storage] = []
    }

    var storage: Storage = .empty
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]

    /// The Mustache form of `value`.
    static func value<Value: Encodable>(of value: Value) -> MustacheValue {
        let encoder = MustacheEncoder()
        // Encoding into memory cannot fail: nothing here throws.
        try! value.encode(to: encoder)
        return encoder.storage.value
    }

    /// The Mustache form of a member or an item: the JSON types directly, anything else
    /// through its own `encode(to:)`.
    static func convert<Value: Encodable>(_ value: Value) -> MustacheValue {
        Self.value(of: value)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: ObjectBox
        if case .object(let existing) = storage {
            box = existing
        } else {
            box = ObjectBox()
            storage = .object(box)
        }
        return KeyedEncodingContainer(Keyed<Key>(box: box))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box = ArrayBox()
        storage = .array(box)
        return Unkeyed(box: box)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: ObjectBox
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { box.set(.null, for: key.stringValue) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { box.set(.bool(value), for: key.stringValue) }
        mutating func encode(_ value: String, forKey key: Key) throws { box.set(.string(value), for: key.stringValue) }
        mutating func encode(_ value: Int, forKey key: Key) throws {
            box.set(.number(Double(value)), for: key.stringValue)
        }
        mutating func encode(_ value: Double, forKey key: Key) throws { box.set(.number(value), for: key.stringValue) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            box.set(MustacheEncoder.convert(value), for: key.stringValue)
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
            box.set(value.map(MustacheValue.string) ?? .null, for: key.stringValue)
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
            box.set(value.map(MustacheValue.bool) ?? .null, for: key.stringValue)
        }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
            box.set(value.map { .number(Double($0)) } ?? .null, for: key.stringValue)
        }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            box.set(value.map { MustacheEncoder.convert($0) } ?? .null, for: key.stringValue)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            preconditionFailure("view models have no nested containers")
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            preconditionFailure("view models have no nested containers")
        }
        mutating func superEncoder() -> any Encoder { preconditionFailure("view models have no superclass") }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            preconditionFailure("view models have no superclass")
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let box: ArrayBox
        var codingPath: [any CodingKey] { [] }
        var count: Int { box.items.count }

        mutating func encodeNil() throws { box.items.append(.value(.null)) }
        mutating func encode(_ value: String) throws { box.items.append(.value(.string(value))) }
        mutating func encode(_ value: Bool) throws { box.items.append(.value(.bool(value))) }
        mutating func encode(_ value: Int) throws { box.items.append(.value(.number(Double(value)))) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            box.items.append(.value(MustacheEncoder.convert(value)))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            preconditionFailure("view models have no nested containers")
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            preconditionFailure("view models have no nested containers")
        }
        mutating func superEncoder() -> any Encoder { preconditionFailure("view models have no superclass") }
    }

    private struct Single: SingleValueEncodingContainer {
        let encoder: MustacheEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { encoder.storage = .value(.null) }
        mutating func encode(_ value: Bool) throws { encoder.storage = .value(.bool(value)) }
        mutating func encode(_ value: String) throws { encoder.storage = .value(.string(value)) }
        mutating func encode(_ value: Int) throws { encoder.storage = .value(.number(Double(value))) }
        mutating func encode(_ value: Double) throws { encoder.storage = .value(.number(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            encoder.storage = .value(MustacheEncoder.convert(value))
        }
    }
}
