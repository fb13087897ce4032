import SpecModel
import Testing

@testable import SpecParser

@Suite struct SourceFileTests {
    @Test func acceptsValidUTF8AndStripsTheByteOrderMark() {
        var bag = DiagnosticBag()
        let file = SourceFile.validate([0xEF, 0xBB, 0xBF] + Array("# Tïtle 🔑\n".utf8), path: "a.md", diagnostics: &bag)
        #expect(bag.diagnostics.isEmpty)
        #expect(file?.text == "# Tïtle 🔑\n")
    }

    /// A sequence is bad from its first byte: a lead byte that the next bytes do not finish,
    /// or that starts an overlong form, a surrogate or a code point past U+10FFFF, is the one
    /// reported (its followers may be good characters of their own, as `t` is); a byte that
    /// can only continue a character, or that is never UTF-8, is reported itself.
    @Test(arguments: [
        ([0x61, 0xE9, 0x74, 0xE9] as [UInt8], 1, InvalidUTF8.cutShort(length: 3, byteNumber: 2, found: 0x74)),
        ([0xC3, 0x28], 0, .cutShort(length: 2, byteNumber: 2, found: 0x28)),
        ([0x61, 0xE2, 0x82, 0x41], 1, .cutShort(length: 3, byteNumber: 3, found: 0x41)),
        ([0x61, 0xE2, 0x82], 1, .cutShort(length: 3, byteNumber: 3, found: nil)),
        ([0x61, 0xF0, 0x9F], 1, .cutShort(length: 4, byteNumber: 3, found: nil)),
        ([0xC3], 0, .cutShort(length: 2, byteNumber: 2, found: nil)),
        ([0xC0, 0x80], 0, .neverValid),
        ([0xE0, 0x80, 0x80], 0, .overlong(next: 0x80)),
        ([0xF0, 0x80, 0x80, 0x80], 0, .overlong(next: 0x80)),
        ([0xED, 0xA0, 0x80], 0, .surrogate(next: 0xA0)),
        ([0xF4, 0x90, 0x80, 0x80], 0, .beyondUnicode(next: 0x90)),
        ([0xFF, 0x41], 0, .neverValid),
        ([0x61, 0x80], 1, .loneContinuation),
        ([0xE2, 0x80, 0x99, 0x92], 3, .loneContinuation),
    ])
    func findsWhereTheFirstBadSequenceStarts(bytes: [UInt8], offset: Int, problem: InvalidUTF8) {
        let found = SourceFile.firstInvalidUTF8(in: bytes)
        #expect(found?.offset == offset)
        #expect(found?.problem == problem)
    }

    @Test func theLastValidCharactersOfEachLengthPass() {
        let text = "a\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFF}\u{10000}\u{10FFFF}"
        #expect(SourceFile.firstInvalidUTF8(in: Array(text.utf8)) == nil)
    }

    /// Latin-1 `été` on line 3 (`E9 74 E9`): one error, at the first 0xE9 (3:1), naming it; it
    /// was reported at 3:2 as the `t`, byte 0x74.
    @Test func latin1IsReportedAtItsFirstByteOnce() throws {
        var bag = DiagnosticBag()
        let bytes = Array("# Title\n\n".utf8) + [0xE9, 0x74, 0xE9] + Array("\n".utf8)
        #expect(SourceFile.validate(bytes, path: "a.md", diagnostics: &bag) == nil)
        #expect(bag.diagnostics.count == 1)
        let diagnostic = try #require(bag.diagnostics.first)
        #expect(diagnostic.id == "invalid-utf8")
        #expect(diagnostic.span == SourceSpan(file: "a.md", line: 3, columns: 1..<2))
        #expect(
            diagnostic.description
                == "a.md:3:1: error: file is not valid UTF-8: byte 0xE9 starts a 3-byte character, but its second byte, 0x74, cannot continue one [invalid-utf8]"
        )
    }

    /// Each kind of bad byte is located at its own line and byte column and named as it is.
    @Test(arguments: [
        ([0x80] as [UInt8], 1, "byte 0x80 can only continue a character, and none starts before it"),
        ([0xE2, 0x82], 1, "byte 0xE2 starts a 3-byte character, but the file ends before its third byte"),
        (
            [0xE0, 0x80, 0x80], 1,
            "byte 0xE0 followed by 0x80 is an overlong form, a character in more bytes than it needs"
        ),
        (
            [0xED, 0xA0, 0x80], 1,
            "byte 0xED followed by 0xA0 encodes a UTF-16 surrogate (U+D800 to U+DFFF), which UTF-8 text cannot hold"
        ),
        (
            [0xF4, 0x90, 0x80, 0x80], 1,
            "byte 0xF4 followed by 0x90 encodes a code point past U+10FFFF, the last one Unicode has"
        ),
        ([0xC1, 0x81], 1, "byte 0xC1 is never part of UTF-8 text"),
        (
            Array("é ".utf8) + [0xE9, 0x74], 4,
            "byte 0xE9 starts a 3-byte character, but its second byte, 0x74, cannot continue one"
        ),
    ])
    func eachBadByteIsNamedAtItsColumn(bad: [UInt8], column: Int, text: String) throws {
        var bag = DiagnosticBag()
        _ = SourceFile.validate(Array("# T\r\nok\n".utf8) + bad, path: "a.md", diagnostics: &bag)
        #expect(bag.diagnostics.count == 1)
        let diagnostic = try #require(bag.diagnostics.first)
        #expect(diagnostic.id == "invalid-utf8")
        #expect(diagnostic.location == SourceLocation(file: "a.md", line: 3, column: column))
        #expect(diagnostic.message.text == "file is not valid UTF-8: " + text)
    }

    @Test func linesSplitLikeCmark() {
        let file = SourceFile(path: "a.md", text: "one\r\ntwo\rthree\nfour\u{2028}still four")
        #expect(file.lines.count == 4)
        #expect(file.line(4) == "four\u{2028}still four")
        #expect(file.text(lines: 2, through: 3) == "two\nthree")
    }
}
