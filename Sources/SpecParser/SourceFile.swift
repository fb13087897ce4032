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
        if let (bad, problem) = firstInvalidUTF8(in: bytes) {
            diagnostics.report(
                .invalidUTF8(byte: bytes[bad], problem),
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

    /// Where the first ill-formed sequence of UTF-8 starts, and what is wrong with it; nil
    /// when all of it is valid. A sequence is ill-formed from its lead byte: in Latin-1 `été`
    /// (`E9 74 E9`) the fault is the 0xE9 that `t` cannot continue, not the `t`.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> (offset: Int, problem: InvalidUTF8)? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0x80...0xBF: return (index, .loneContinuation)
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return (index, .neverValid)
            }
            for offset in 1..<length {
                guard index + offset < bytes.count else {
                    return (index, .cutShort(length: length, byteNumber: offset + 1, found: nil))
                }
                let byte = bytes[index + offset]
                guard (0x80...0xBF).contains(byte) else {
                    return (index, .cutShort(length: length, byteNumber: offset + 1, found: byte))
                }
                if offset == 1, let problem = outOfRange(lead: lead, second: byte) { return (index, problem) }
            }
            index += length
        }
        return nil
    }

    /// What a second byte outside the range its lead allows makes of the sequence (Unicode's
    /// table of well-formed sequences: below the range is an overlong form, above it a
    /// surrogate or a code point past U+10FFFF); nil when it is in range.
    private static func outOfRange(lead: UInt8, second: UInt8) -> InvalidUTF8? {
        switch lead {
        case 0xE0 where second < 0xA0, 0xF0 where second < 0x90: .overlong(next: second)
        case 0xED where second > 0x9F: .surrogate(next: second)
        case 0xF4 where second > 0x8F: .beyondUnicode(next: second)
        default: nil
        }
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

/// Why bytes are not UTF-8, as the message about the first bad byte says it.
public enum InvalidUTF8: Sendable, Hashable {
    /// A byte no UTF-8 text holds: 0xC0, 0xC1 (which could only start overlong forms) and
    /// 0xF5 to 0xFF.
    case neverValid
    /// A byte that only continues a character (0x80 to 0xBF), where none has started: what a
    /// Windows-1252 curly quote or accented letter usually is.
    case loneContinuation
    /// A lead byte of a character of `length` bytes whose byte number `byteNumber` is `found`,
    /// which cannot continue it, or is missing (nil) because the file ends.
    case cutShort(length: Int, byteNumber: Int, found: UInt8?)
    /// A lead byte that, with `next`, starts a character in more bytes than it needs.
    case overlong(next: UInt8)
    /// A lead byte that, with `next`, starts a UTF-16 surrogate (U+D800 to U+DFFF).
    case surrogate(next: UInt8)
    /// A lead byte that, with `next`, starts a code point past U+10FFFF.
    case beyondUnicode(next: UInt8)
}
