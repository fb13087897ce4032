import Foundation

/// Positions in a document's text as the protocol counts them: a line, and a character offset
/// in UTF-16 code units (the default) or UTF-8 bytes (when the client offers it). The tool's
/// own diagnostics count columns in bytes from 1.
struct TextPositions {
    enum Encoding: String {
        case utf8 = "utf-8"
        case utf16 = "utf-16"
    }

    let lines: [Substring]
    let encoding: Encoding

    init(_ text: String, encoding: Encoding) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        self.encoding = encoding
    }

    /// The position of a 1-based line and 1-based byte column.
    func position(line: Int, byteColumn: Int) -> JSONValue {
        let index = line - 1
        guard lines.indices.contains(index) else { return ["line": .number(Double(max(index, 0))), "character": 0] }
        let text = lines[index]
        let bytes = Array(text.utf8)
        let prefix = String(decoding: bytes.prefix(max(byteColumn - 1, 0)), as: UTF8.self)
        let character = encoding == .utf8 ? prefix.utf8.count : prefix.utf16.count
        return ["line": .number(Double(index)), "character": .number(Double(character))]
    }

    /// The range a diagnostic at a line and byte column marks: the word, quoted value or table
    /// cell that starts there, so the editor underlines what the message is about.
    func range(line: Int, byteColumn: Int) -> JSONValue {
        guard line >= 1, lines.indices.contains(line - 1) else {
            return ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]
        }
        let bytes = Array(lines[line - 1].utf8)
        let start = min(max(byteColumn - 1, 0), bytes.count)
        var end = start
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            end += 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
            end = min(end + 1, bytes.count)
        } else {
            // A table cell ends at its bar; anything else at the end of its word.
            let inCell = bytes[..<start].contains(UInt8(ascii: "|"))
            while end < bytes.count, bytes[end] != UInt8(ascii: "|"), bytes[end] != UInt8(ascii: "\""),
                inCell || bytes[end] != UInt8(ascii: " ")
            {
                end += 1
            }
            while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        }
        if end == start { end = bytes.count }
        return [
            "start": position(line: line, byteColumn: start + 1), "end": position(line: line, byteColumn: end + 1),
        ]
    }
}
