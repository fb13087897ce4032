/// A hash (FNV-1a) of what an `Encodable` value encodes, key by key and value by value, in
/// the order it encodes them, without building its JSON: a fingerprint of the model is made on
/// every build, and encoding a model to JSON only to hash it costs more than the hash.
///
/// Two values that encode the same keys and values in the same order hash the same. Every key
/// and value is mixed with its depth (the encoding is walked in pre-order, and a pre-order
/// walk with depths determines the tree), so that no two different encodings run together.
public enum EncodingHash {
    /// The hash of `value`, as 16 hex digits.
    public static func hex<Value: Encodable>(of value: Value) -> String {
        let state = HashState()
        // Hashing cannot fail: nothing here throws.
        try? value.encode(to: HashingEncoder(state: state, depth: 0))
        return state.hasher.hex
    }
}

private final class HashState {
    var hasher = FNV1a()

    func mix(_ depth: Int, _ tag: String, _ text: String? = nil) {
        hasher.mix(String(depth))
        hasher.mix(tag)
        if let text { hasher.mix(text) }
    }
}

private struct HashingEncoder: Encoder {
    let state: HashState
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        state.mix(depth, "{")
        return KeyedEncodingContainer(Keyed<Key>(state: state, depth: depth + 1))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        state.mix(depth, "[")
        return Unkeyed(state: state, depth: depth + 1)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(state: state, depth: depth) }

    /// Each key is mixed with the container's depth, then its value one level deeper.
    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let state: HashState
        let depth: Int
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { state.mix(depth, key.stringValue, "null") }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            state.mix(depth, key.stringValue, value ? "t" : "f")
        }
        mutating func encode(_ value: String, forKey key: Key) throws { state.mix(depth, key.stringValue, value) }
        mutating func encode(_ value: Int, forKey key: Key) throws {
            state.mix(depth, key.stringValue, String(value))
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            state.mix(depth, key.stringValue, "\(value)")
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try value.encode(to: nested(key))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            nested(key).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            nested(key).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { HashingEncoder(state: state, depth: depth) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { nested(key) }

        private func nested(_ key: Key) -> HashingEncoder {
            state.mix(depth, key.stringValue)
            return HashingEncoder(state: state, depth: depth + 1)
        }
    }

    /// Each item is mixed with the list's depth.
    private struct Unkeyed: UnkeyedEncodingContainer {
        let state: HashState
        let depth: Int
        var codingPath: [any CodingKey] { [] }
        private(set) var count = 0

        init(state: HashState, depth: Int) {
            self.state = state
            self.depth = depth
        }

        mutating func encodeNil() throws { item("null") }
        mutating func encode(_ value: Bool) throws { item(value ? "t" : "f") }
        mutating func encode(_ value: String) throws { item(value) }
        mutating func encode(_ value: Int) throws { item(String(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: next()) }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            next().container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { next() }

        private mutating func item(_ text: String) {
            count += 1
            state.mix(depth, ",", text)
        }

        private mutating func next() -> HashingEncoder {
            count += 1
            state.mix(depth, ",")
            return HashingEncoder(state: state, depth: depth + 1)
        }
    }

    private struct Single: SingleValueEncodingContainer {
        let state: HashState
        let depth: Int
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { state.mix(depth, "=", "null") }
        mutating func encode(_ value: Bool) throws { state.mix(depth, "=", value ? "t" : "f") }
        mutating func encode(_ value: String) throws { state.mix(depth, "=", value) }
        mutating func encode(_ value: Int) throws { state.mix(depth, "=", String(value)) }
        mutating func encode(_ value: Double) throws { state.mix(depth, "=", "\(value)") }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try value.encode(to: HashingEncoder(state: state, depth: depth))
        }
    }
}
