import Foundation
import SpecModel
import Testing

@testable import LanguageServer

/// A diagnostic's span (1-based lines, byte columns, its end excluded) as the protocol counts
/// positions: 0-based lines, and UTF-16 code units or UTF-8 bytes as negotiated.
@Suite struct TextPositionsTests {
    static let text = "# Title\n| Title | “Used” passkey 🔑 here |\n"

    @Test func aSpanBecomesARangeInUTF16() {
        // “Used” passkey 🔑: the curly quotes are 3 bytes and 1 unit each, the key 4 bytes and 2 units.
        let start = Array("| Title | ".utf8).count + 1
        let end = start + Array("“Used” passkey 🔑".utf8).count
        let span = SourceSpan(file: "page.md", line: 2, columns: start..<end)
        let range = TextPositions(Self.text, encoding: .utf16).range(of: span)
        #expect(range.start == Position(line: 1, character: 10))
        #expect(range.end == Position(line: 1, character: 10 + "“Used” passkey 🔑".utf16.count))
    }

    @Test func aSpanBecomesARangeInUTF8() {
        // The quotes and the word between them: 3 + 4 + 3 bytes.
        let span = SourceSpan(file: "page.md", line: 2, columns: 11..<21)
        let range = TextPositions(Self.text, encoding: .utf8).range(of: span)
        #expect(range.start == Position(line: 1, character: 10))
        #expect(range.end == Position(line: 1, character: 20))
    }

    @Test func aWholeFileIsItsStart() {
        let range = TextPositions(Self.text, encoding: .utf16).range(of: .whole("page.md"))
        #expect(range.start == Position(line: 0, character: 0))
        #expect(range.end == Position(line: 0, character: 0))
    }

    @Test func linesEndAtEveryLineBreakOfAWindowsFile() {
        // `\r\n` is one Character: the lines still break there.
        let text = "# Title\r\n| Title | “Used” passkey |\r\n"
        let span = SourceSpan(file: "page.md", line: 2, columns: 11..<21)
        let range = TextPositions(text, encoding: .utf16).range(of: span)
        #expect(range.start == Position(line: 1, character: 10))
        #expect(range.end == Position(line: 1, character: 16))
        #expect(
            TextPositions(text, encoding: .utf8).position(line: 3, byteColumn: 1) == Position(line: 2, character: 0))
    }

    @Test func aLoneCarriageReturnEndsALineAsForTheParser() {
        // The parser and the protocol both end a line at CR, LF or CRLF.
        let text = "# Title\r| Title | “Used” passkey |\r"
        let span = SourceSpan(file: "page.md", line: 2, columns: 11..<21)
        let range = TextPositions(text, encoding: .utf16).range(of: span)
        #expect(range.start == Position(line: 1, character: 10))
        #expect(range.end == Position(line: 1, character: 16))
    }
}
