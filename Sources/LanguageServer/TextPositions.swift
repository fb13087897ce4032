import Foundation
import LanguageServerProtocol
import SpecModel

/// Positions in a document's text as the protocol counts them: a line, and a character offset
/// in UTF-16 code units (the default) or UTF-8 bytes (when the client offers it). The tool's
/// own diagnostics count columns in bytes from 1.
struct TextPositions {
    enum Encoding: String {
        case utf8 = "utf-8"
        case utf16 = "utf-16"
    }

    /// The text's bytes, and where each line starts in them. Lines end at each `\n` byte (a
    /// `\r\n` is one character to Swift, and would hide its line break from a split by
    /// characters); nothing is decoded until a position is asked for.
    private let bytes: [UInt8]
    private let lineStarts: [Int]
    let encoding: Encoding

    init(_ text: String, encoding: Encoding) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
        self.encoding = encoding
    }

    /// The position of a 1-based line and 1-based byte column.
    func position(line: Int, byteColumn: Int) -> Position {
        let index = line - 1
        guard lineStarts.indices.contains(index) else { return Position(line: max(index, 0), character: 0) }
        let start = lineStarts[index]
        let end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
        let prefix = String(decoding: bytes[start..<min(start + max(byteColumn - 1, 0), end)], as: UTF8.self)
        return Position(line: index, character: encoding == .utf8 ? prefix.utf8.count : prefix.utf16.count)
    }

    /// The range of a span of the tool's (1-based lines and byte columns, its end excluded);
    /// a span naming the whole file is the file's start.
    func range(of span: SourceSpan) -> TextRange {
        guard !span.isWholeFile else {
            return TextRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
        }
        return TextRange(
            start: position(line: span.start.line, byteColumn: span.start.column),
            end: position(line: span.endLine, byteColumn: span.endColumn))
    }
}
