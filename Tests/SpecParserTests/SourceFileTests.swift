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

    @Test(arguments: [
        ([0xC0, 0x80] as [UInt8], 0),  // overlong NUL
        ([0xED, 0xA0, 0x80], 1),  // surrogate
        ([0xF4, 0x90, 0x80, 0x80], 1),  // past U+10FFFF
        ([0x61, 0xE2, 0x82], 1),  // truncated
        ([0x61, 0x80], 1),  // lone continuation byte
    ])
    func findsTheFirstInvalidByte(bytes: [UInt8], offset: Int) {
        #expect(SourceFile.firstInvalidUTF8Byte(in: bytes) == offset)
    }

    @Test func linesSplitLikeCmark() {
        let file = SourceFile(path: "a.md", text: "one\r\ntwo\rthree\nfour\u{2028}still four")
        #expect(file.lines.count == 4)
        #expect(file.line(4) == "four\u{2028}still four")
        #expect(file.text(lines: 2, through: 3) == "two\nthree")
    }
}
