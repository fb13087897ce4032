// Fuzz target: the Mustache parser and renderer with hostile templates, partials and data.
// The input is split at NUL bytes: the template, then the data (JSON when it parses, else
// taken as a string), then partials written `name` LF `source`. The partial `self` is the
// template itself, so recursion is always one tag away.
import Foundation
import Mustache

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMustache(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    let source = parts[0]
    let value = parts.count > 1 ? mustacheValue(parts[1]) : .null
    var partials: [String: String] = ["self": source]
    for part in parts.dropFirst(2) {
        let pieces = part.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        partials[String(pieces[0])] = pieces.count > 1 ? String(pieces[1]) : ""
    }
    guard let template = try? Template(source, name: "fuzz") else { return 0 }
    let cache = PartialCache()
    // Again from the cache, inside a list, when the first render went through.
    guard (try? template.render(value, partials: { partials[$0] }, cache: cache)) != nil else { return 0 }
    _ = try? template.render(.array([value, value]), partials: { partials[$0] }, cache: cache)
    return 0
}

/// JSON as Mustache data; text that is not JSON is a string.
private func mustacheValue(_ text: String) -> MustacheValue {
    (try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)))?.value ?? .string(text)
}

/// Any JSON document, decoded into Mustache's data.
private struct JSONValue: Decodable {
    var value: MustacheValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            value = .number(number)
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            value = .array(array.map(\.value))
        } else {
            value = .object(try container.decode([String: JSONValue].self).mapValues(\.value))
        }
    }
}
