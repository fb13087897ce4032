import Foundation

/// The one JSON form the tool writes: pretty, keys sorted, slashes unescaped, a final newline,
/// so the same value always gives the same bytes.
public enum JSONOutput {
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// The same, as text.
    public static func string<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }
}
