import Foundation
import SpecModel

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

    /// The range of a span of the tool's (1-based lines and byte columns, its end excluded);
    /// a span naming the whole file is the file's start.
    func range(of span: SourceSpan) -> JSONValue {
        guard !span.isWholeFile else {
            return ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]
        }
        return [
            "start": position(line: span.start.line, byteColumn: span.start.column),
            "end": position(line: span.endLine, byteColumn: span.endColumn),
        ]
    }
}
