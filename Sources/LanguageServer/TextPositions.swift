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

    /// The range a diagnostic at a line and byte column marks: the quoted value, backticked
    /// name, raw value in parentheses, link, step or table cell that starts there, else the
    /// word, so that the editor underlines what the message is about.
    func range(line: Int, byteColumn: Int) -> JSONValue {
        guard line >= 1, lines.indices.contains(line - 1) else {
            return ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]
        }
        let bytes = Array(lines[line - 1].utf8)
        let start = min(max(byteColumn - 1, 0), bytes.count)
        var end = Self.end(of: bytes, from: start)
        if end == start { end = bytes.count }
        return [
            "start": position(line: line, byteColumn: start + 1), "end": position(line: line, byteColumn: end + 1),
        ]
    }

    /// Where what starts at `start` ends (exclusive), in bytes.
    static func end(of bytes: [UInt8], from start: Int) -> Int {
        func byte(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }
        /// Just past the next `closing` after `index`, or nil when the line has none.
        func past(_ closing: UInt8, after index: Int) -> Int? {
            var end = index + 1
            while end < bytes.count, bytes[end] != closing { end += 1 }
            return end < bytes.count ? end + 1 : nil
        }
        guard start < bytes.count else { return start }
        let first = bytes[start]
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        if first == byte("\""), let end = past(byte("\""), after: start) { return end }
        if first == byte("`"), let end = past(byte("`"), after: start) { return end }
        if first == byte("("), let end = past(byte(")"), after: start) { return end }
        if start > 0, bytes[start - 1] == byte("\""), let end = past(byte("\""), after: start - 1) {
            // Inside quotes: the value, up to the closing one.
            return end - 1
        }
        // Inside backticks: the name, up to the closing one; but a name that opens its table
        // cell stands for the cell (a finding about the whole cell is located there too).
        if start > 0, bytes[start - 1] == byte("`"), let end = past(byte("`"), after: start - 1) {
            let before = bytes[..<(start - 1)].reversed().first { !isBlank($0) }
            if before != byte("|") { return end - 1 }
        }
        if first == byte("["), let close = past(byte("]"), after: start) {
            // A link: its text and its target.
            if close < bytes.count, bytes[close] == byte("("), let end = past(byte(")"), after: close) { return end }
            return close
        }
        let rest = String(decoding: bytes[start...], as: UTF8.self)
        let isLineStart = bytes[..<start].allSatisfy(isBlank)
        let keywords = ["Given", "When", "Then", "And", "But"]
        if isLineStart, keywords.contains(where: { rest.hasPrefix($0 + " ") || rest.hasPrefix($0 + "\t") }) {
            // A step: the whole of it.
            var end = bytes.count
            while end > start, isBlank(bytes[end - 1]) { end -= 1 }
            return end
        }
        // A table cell ends at its bar; anything else at the end of its word.
        let inCell = bytes[..<start].contains(byte("|"))
        var end = start
        while end < bytes.count, bytes[end] != byte("|"), bytes[end] != byte("\""), inCell || bytes[end] != byte(" ") {
            end += 1
        }
        while end > start, bytes[end - 1] == byte(" ") { end -= 1 }
        return end
    }
}
