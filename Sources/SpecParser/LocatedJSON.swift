import SpecModel

/// A JSON value with where each part of it is written, so that a finding about a translation
/// file names the line and column of the string it is about. Read from UTF-8 bytes by
/// `LocatedJSON.parse`, strictly as RFC 8259 says (no comments, no trailing commas).
indirect enum LocatedJSON: Sendable, Equatable {
    case object([Member], SourceSpan)
    case array([LocatedJSON], SourceSpan)
    case string(String, SourceSpan)
    case number(String, SourceSpan)
    case bool(Bool, SourceSpan)
    case null(SourceSpan)

    /// A member of an object: its name and where it is written, and its value.
    struct Member: Sendable, Equatable {
        var name: String
        var nameSpan: SourceSpan
        var value: LocatedJSON
    }

    /// Where the value is written.
    var span: SourceSpan {
        switch self {
        case .object(_, let span), .array(_, let span), .string(_, let span), .number(_, let span),
            .bool(_, let span), .null(let span):
            span
        }
    }

    /// What kind of value it is, as a message names it: "an object", "a string".
    var kind: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .null: "null"
        }
    }

    /// Why the bytes are not JSON, and where.
    struct SyntaxError: Error, Equatable {
        var location: SourceLocation
        /// What was expected, in a few words: "',' or '}'", "a string".
        var expected: String
        /// What was found instead: "'x'", "the end of the file".
        var found: String
    }

    /// The JSON value `bytes` hold, named `path` in its spans.
    static func parse(_ bytes: [UInt8], path: String) throws(SyntaxError) -> LocatedJSON {
        var reader = Reader(bytes: bytes, path: path)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error(expected: "the end of the file") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        let path: String
        var index = 0
        var line = 1
        /// Where the current line starts, to count columns in bytes from 1.
        var lineStart = 0

        init(bytes: [UInt8], path: String) {
            self.bytes = bytes
            self.path = path
            // A byte order mark is not JSON, but editors on Windows write one: skip it.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                index = 3
                lineStart = 3
            }
        }

        var location: SourceLocation { SourceLocation(file: path, line: line, column: index - lineStart + 1) }

        func span(from start: SourceLocation) -> SourceSpan {
            SourceSpan(start: start, endLine: line, endColumn: index - lineStart + 1)
        }

        func error(expected: String) -> SyntaxError {
            let found: String
            if index >= bytes.count {
                found = "the end of the file"
            } else {
                let end = bytes[index...].prefix { ![UInt8(ascii: " "), 0x0A, 0x0D, 0x09].contains($0) }.prefix(12)
                found = "'" + String(decoding: end, as: UTF8.self) + "'"
            }
            return SyntaxError(location: location, expected: expected, found: found)
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x0A:
                    index += 1
                    line += 1
                    lineStart = index
                case 0x20, 0x09, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func expect(_ byte: UInt8, _ expected: String) throws(SyntaxError) {
            guard index < bytes.count, bytes[index] == byte else { throw error(expected: expected) }
            index += 1
        }

        mutating func value(depth: Int) throws(SyntaxError) -> LocatedJSON {
            // Deeper than any translation file needs: a malicious file cannot exhaust the stack.
            guard depth < 64 else { throw error(expected: "at most 64 nested objects and arrays") }
            let start = location
            guard index < bytes.count else { throw error(expected: "a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [Member] = []
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members, span(from: start))
                }
                while true {
                    skipWhitespace()
                    let nameStart = location
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        throw error(expected: "a member name in double quotes")
                    }
                    let name = try string()
                    let nameSpan = span(from: nameStart)
                    skipWhitespace()
                    try expect(UInt8(ascii: ":"), "':'")
                    skipWhitespace()
                    members.append(Member(name: name, nameSpan: nameSpan, value: try value(depth: depth + 1)))
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    try expect(UInt8(ascii: "}"), "',' or '}'")
                    return .object(members, span(from: start))
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [LocatedJSON] = []
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items, span(from: start))
                }
                while true {
                    skipWhitespace()
                    items.append(try value(depth: depth + 1))
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    try expect(UInt8(ascii: "]"), "',' or ']'")
                    return .array(items, span(from: start))
                }
            case UInt8(ascii: "\""):
                let text = try string()
                return .string(text, span(from: start))
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                for word in ["true", "false", "null"] where bytes[index...].starts(with: word.utf8) {
                    index += word.utf8.count
                    return word == "null" ? .null(span(from: start)) : .bool(word == "true", span(from: start))
                }
                throw error(expected: "a value")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let numberStart = index
                if bytes[index] == UInt8(ascii: "-") { index += 1 }
                let digits: Set<UInt8> = Set(UInt8(ascii: "0")...UInt8(ascii: "9"))
                let allowed = digits.union([
                    UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"),
                ])
                guard index < bytes.count, digits.contains(bytes[index]) else { throw error(expected: "a digit") }
                while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
                return .number(String(decoding: bytes[numberStart..<index], as: UTF8.self), span(from: start))
            default:
                throw error(expected: "a value")
            }
        }

        /// A string literal, from its opening quote; escapes decoded.
        mutating func string() throws(SyntaxError) -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush(_ reader: Reader, to end: Int, into scalars: inout String.UnicodeScalarView) {
                scalars.append(contentsOf: String(decoding: reader.bytes[run..<end], as: UTF8.self).unicodeScalars)
            }
            while true {
                guard index < bytes.count else { throw error(expected: "a closing '\"'") }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    flush(self, to: index, into: &scalars)
                    index += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush(self, to: index, into: &scalars)
                    index += 1
                    guard index < bytes.count else { throw error(expected: "an escape") }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var unit = try hexUnit()
                        if (0xD800...0xDBFF).contains(unit) {
                            // A surrogate pair: the low half must follow as another escape.
                            guard bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                                throw error(expected: "the low half of a surrogate pair")
                            }
                            index += 2
                            let low = try hexUnit()
                            guard (0xDC00...0xDFFF).contains(low) else {
                                throw error(expected: "the low half of a surrogate pair")
                            }
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(unit) else { throw error(expected: "a Unicode scalar") }
                        scalars.append(scalar)
                    default:
                        index -= 2
                        throw error(expected: "an escape such as '\\n' or '\\u00e9'")
                    }
                    run = index
                case 0x00..<0x20:
                    throw error(expected: "a control character written as an escape")
                default:
                    index += 1
                }
            }
        }

        mutating func hexUnit() throws(SyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count,
                let unit = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { throw error(expected: "four hex digits") }
            index += 4
            return unit
        }
    }
}
