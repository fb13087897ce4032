import Foundation
import LanguageServerProtocol
import SpecModel
import Utilities

/// Positions in a document's text as the protocol counts them: a line, and a character offset
/// in UTF-16 code units (the default) or UTF-8 bytes (when the client offers it). The tool's
/// own diagnostics count columns in bytes from 1.
struct TextPositions {
    enum Encoding: String {
        case utf8 = "utf-8"
        case utf16 = "utf-16"
    }

    /// The text's lines, split where the parser splits them (LF, CR or CRLF: the line ends
    /// the protocol counts too), so a line number means the same line to both.
    private let lines: [Substring]
    let encoding: Encoding

    init(_ text: String, encoding: Encoding) {
        lines = TextLines.split(text)
        self.encoding = encoding
    }

    /// The position of a 1-based line and 1-based byte column.
    func position(line: Int, byteColumn: Int) -> Position {
        let index = line - 1
        guard lines.indices.contains(index) else { return Position(line: max(index, 0), character: 0) }
        let prefix = String(decoding: lines[index].utf8.prefix(max(byteColumn - 1, 0)), as: UTF8.self)
        return Position(line: index, character: encoding == .utf8 ? prefix.utf8.count : prefix.utf16.count)
    }

    /// The range of a span of the tool's (1-based lines and byte columns, its end excluded).
    func range(of span: SourceSpan) -> TextRange {
        TextRange(
            start: position(line: span.start.line, byteColumn: span.start.column),
            end: position(line: span.endLine, byteColumn: span.endColumn))
    }
}
