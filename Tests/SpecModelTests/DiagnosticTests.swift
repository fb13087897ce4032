import Foundation
import SpecModel
import Testing

@Suite struct DiagnosticModelTests {
    static let fileIsEmpty = Message("empty-file", .error, "file is empty")
    static let styleWarning = Message("copy-title-case", .warning, "title 'x' is not in title case")

    @Test func printsInCompilerForm() {
        let diagnostic = Diagnostic(Self.fileIsEmpty, at: SourceLocation(file: "content/a.md", line: 3, column: 7))
        #expect(diagnostic.description == "content/a.md:3:7: error: file is empty [empty-file]")
    }

    @Test func bagSortsByLocationAndKnowsAboutErrors() {
        var bag = DiagnosticBag()
        bag.report(Self.styleWarning, at: SourceLocation(file: "b.md", line: 1, column: 1))
        #expect(!bag.hasErrors)
        bag.report(Self.fileIsEmpty, at: SourceLocation(file: "a.md", line: 9, column: 1))
        bag.report(Message("binary-file", .error, "x"), at: SourceLocation(file: "a.md", line: 2, column: 5))
        bag.report(Message("missing-title", .error, "y"), at: SourceLocation(file: "a.md", line: 2, column: 5))
        #expect(bag.hasErrors)
        #expect(bag.sorted.map(\.id) == ["binary-file", "missing-title", "empty-file", "copy-title-case"])
    }

    @Test func promotingAWarningKeepsItsIDAndText() {
        let promoted = Diagnostic(Self.styleWarning, at: SourceLocation(file: "a.md", line: 1, column: 1))
            .promotedToError()
        #expect(promoted.message == Message("copy-title-case", .error, Self.styleWarning.text))
    }
}

@Suite struct MessageIDTests {
    @Test func isWrittenAsItsPlainString() {
        let id: MessageID = "empty-copy-cell"
        #expect(id == MessageID(rawValue: "empty-copy-cell"))
        #expect(id.rawValue == "empty-copy-cell")
        #expect(id.description == "empty-copy-cell")
        #expect("\(id)" == "empty-copy-cell")
    }

    @Test func encodesAndDecodesAsThePlainString() throws {
        let message = Message("empty-file", .error, "file is empty")
        let json = String(decoding: try JSONEncoder().encode(message.id), as: UTF8.self)
        #expect(json == "\"empty-file\"")
        #expect(try JSONDecoder().decode(MessageID.self, from: Data(json.utf8)) == "empty-file")
        let decoded = try JSONDecoder().decode(Message.self, from: JSONEncoder().encode(message))
        #expect(decoded == message)
    }

    @Test func sortsByItsString() {
        let ids: [MessageID] = ["unknown-option", "empty-file", "binary-file"]
        #expect(ids.sorted() == ["binary-file", "empty-file", "unknown-option"])
    }
}
