import SpecModel
import Utilities

/// A content file's text after the checks that must pass before Markdown parsing:
/// not empty, not too large, no NUL byte, valid UTF-8.
public struct SourceFile: Sendable {
    /// Spec pages are prose; anything larger is almost surely the wrong file, and refusing it
    /// keeps a mistaken path from stalling the tool.
    public static let maximumSize = 4 * 1024 * 1024

    /// The path as the user named it, used in every diagnostic.
    public let path: String
    public let text: String
    /// The file's lines without their line terminators, for slicing prose and fences.
    public let lines: [Substring]

    /// Validates raw bytes; returns nil and reports a located diagnostic when they are not
    /// a usable Markdown file.
    public static func validate(_ bytes: [UInt8], path: String, diagnostics: inout DiagnosticBag) -> SourceFile? {
        let start = SourceLocation(file: path, line: 1, column: 1)
        if bytes.count > maximumSize {
            diagnostics.report(.fileTooLarge(bytes: bytes.count, limit: maximumSize), at: start)
            return nil
        }
        if let nul = bytes.firstIndex(of: 0) {
            diagnostics.report(.binaryFile, at: SourceSpan(at: location(ofByte: nul, in: bytes, path: path), length: 1))
            return nil
        }
        if let bad = firstInvalidUTF8Byte(in: bytes) {
            diagnostics.report(
                .invalidUTF8(byte: bytes[bad]),
                at: SourceSpan(at: location(ofByte: bad, in: bytes, path: path), length: 1))
            return nil
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if text.allSatisfy(\.isWhitespace) {
            diagnostics.report(.emptyFile, at: start)
            return nil
        }
        return SourceFile(path: path, text: text)
    }

    /// Wraps text that is already known to be valid (tests, generated input).
    public init(path: String, text: String) {
        self.path = path
        self.text = text
        // Exactly the line ends cmark-gfm counts (LF, CR, CRLF), so line numbers agree with it.
        lines = TextLines.split(text)
    }

    /// The text of line `number` (1-based), or an empty string past the end.
    public func line(_ number: Int) -> Substring {
        number >= 1 && number <= lines.count ? lines[number - 1] : ""
    }

    /// Lines `first...last` joined with newlines, as the writer wrote them.
    public func text(lines first: Int, through last: Int) -> String {
        guard first >= 1, last >= first else { return "" }
        return lines[(first - 1)..<min(last, lines.count)].joined(separator: "\n")
    }

    /// A location in this file.
    public func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: path, line: max(line, 1), column: max(column, 1))
    }

    // MARK: - Byte checks

    /// The index of the first byte that breaks UTF-8, or nil when all of it is valid.
    static func firstInvalidUTF8Byte(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            for offset in 1..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
                return index + offset
            }
            if length > 1 {
                // Overlong forms, surrogates and code points past U+10FFFF.
                let second = bytes[index + 1]
                if (lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F)
                    || (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second > 0x8F)
                {
                    return index + 1
                }
            }
            index += length
        }
        return nil
    }

    /// The line and byte column of a byte offset. Lines end as `lines` splits them (LF, CR or
    /// CRLF), so a file with CR line ends gets the line its other diagnostics would name.
    static func location(ofByte offset: Int, in bytes: [UInt8], path: String) -> SourceLocation {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            let byte = bytes[index]
            index += 1
            guard byte == 0x0A || byte == 0x0D else { continue }
            if byte == 0x0D, index < offset, bytes[index] == 0x0A { index += 1 }
            line += 1
            lineStart = index
        }
        return SourceLocation(file: path, line: line, column: offset - lineStart + 1)
    }
}
