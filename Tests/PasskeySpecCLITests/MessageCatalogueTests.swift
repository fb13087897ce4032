import Foundation
import SiteBuilder
import SpecModel
import SpecParser
import SpecRunner
import Testing

@testable import PasskeySpecCLI

/// The catalogue the command line assembles from the modules' own lists: every message is in
/// it once, explained, and every message the sources write is in it.
@Suite struct MessageCatalogueTests {
    static let ids = MessageCatalogue.all.map(\.id)

    static func entry(_ id: MessageID) throws -> CatalogueEntry {
        try #require(MessageCatalogue.entry(for: id), "\(id) is not in the catalogue")
    }

    @Test(arguments: ids)
    func everyIDIsExplained(_ id: MessageID) throws {
        let explanation = try Self.entry(id).explanation
        for (field, text) in [
            ("summary", explanation.summary), ("detail", explanation.detail), ("example", explanation.example),
            ("fix", explanation.fix),
        ] {
            #expect(!text.trimmingWhitespace().isEmpty, "\(id) has an empty \(field)")
        }
        #expect(!explanation.summary.contains("\n"), "\(id): the summary is one line")
        #expect(explanation.summary.count <= 100, "\(id): the summary is short")
    }

    @Test(arguments: ids)
    func theSampleReadsLikeAMessage(_ id: MessageID) throws {
        let sample = try Self.entry(id).sample
        // A platform's name is a proper noun and may start a text: "Android button '…' is …".
        let startsWithPlatform = [Platform.ios, .android].contains { sample.text.hasPrefix($0.displayName + " ") }
        #expect(sample.text.first?.isLowercase == true || sample.text.first == "'" || startsWithPlatform, "\(id)")
        #expect(!sample.text.hasSuffix("."), "\(id)")
    }

    /// The copy style's findings are warnings (errors with `--strict`); the page's structure,
    /// the checks and the criteria are errors: a style finding never stops a build.
    @Test func copyStyleRulesAreWarningsAndStructuralProblemsErrors() {
        #expect(ParserMessages.copyStyle.allSatisfy { $0.severity == .warning })
        for group in [
            ParserMessages.sectionsAndScenarios, ParserMessages.acceptanceCriteria, ParserMessages.checks,
            RunnerMessages.runningChecks,
        ] {
            for entry in group { #expect(entry.severity == .error, "\(entry.id)") }
        }
    }

    @Test func summariesAreDistinct() {
        let summaries = MessageCatalogue.all.map(\.explanation.summary)
        #expect(Set(summaries).count == summaries.count)
    }

    @Test func idsAreLowercaseAndHyphenated() {
        #expect(Self.ids.count > 90)
        for id in Self.ids.map(\.rawValue) {
            #expect(id.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }, "\(id)")
            #expect(!id.hasPrefix("-") && !id.hasSuffix("-") && !id.contains("--"), "\(id)")
        }
    }

    /// No two entries have the same ID, in a module's list or across modules, and the assembled
    /// catalogue holds every module's entries, each once.
    @Test func noIDIsInTwoEntries() {
        let modules = MessageCatalogue.modules.flatMap { $0 }.map(\.id)
        let repeated = Dictionary(grouping: modules, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "IDs in more than one entry: \(repeated)")
        #expect(Set(Self.ids).count == Self.ids.count, "the assembled catalogue repeats an ID")
        #expect(Self.ids.sorted() == modules.sorted(), "the assembled catalogue is not the modules' lists")
    }

    /// Every `Message("id", …)` in `Sources/` is in the catalogue, so a message cannot be added
    /// without its explanation; and each ID is written in one place only.
    @Test func everyMessageTheSourcesWriteIsInTheCatalogue() throws {
        let sources = try swiftFiles(under: "Sources", excluding: [])
        #expect(sources.count > 50, "the sources were not found under \(BinaryRunner.packageRoot.path)/Sources")
        let pattern = try NSRegularExpression(pattern: #"\bMessage\(\s*"([^"\\]*)""#)
        let written = sources.values.flatMap { text in
            pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
                MessageID(rawValue: String(text[Range($0.range(at: 1), in: text)!]))
            }
        }
        let unexplained = Set(written).subtracting(Self.ids).sorted()
        #expect(unexplained.isEmpty, "messages without a catalogue entry: \(unexplained)")
        let twice = Dictionary(grouping: written, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(twice.isEmpty, "IDs written by more than one 'Message(…)': \(twice)")
        let unwritten = Set(Self.ids).subtracting(written).sorted()
        #expect(unwritten.isEmpty, "catalogue IDs that no 'Message(\"…\"' writes: \(unwritten)")
    }

    /// Every message ID has its explanation in `docs/diagnostics/ID.md`, with each part, and
    /// every file there explains an ID of the catalogue.
    @Test func everyIDHasItsExplanationFile() throws {
        let folder = BinaryRunner.packageRoot.appendingPathComponent("docs/diagnostics")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
        let ids = Set(Self.ids.map(\.rawValue))
        for id in ids.sorted() {
            let explanation = MessageExplanation.documented[id]
            #expect(explanation != nil, "no docs/diagnostics/\(id).md, or it lacks '# ', '## Example' or '## Fix'")
            guard let explanation else { continue }
            for (part, text) in [
                ("summary", explanation.summary), ("detail", explanation.detail), ("example", explanation.example),
                ("fix", explanation.fix),
            ] {
                #expect(!text.isEmpty, "docs/diagnostics/\(id).md has no \(part)")
            }
        }
        let orphans = Set(files.map { String($0.dropLast(3)) }).subtracting(ids).sorted()
        #expect(orphans.isEmpty, "explanations of no message: \(orphans)")
    }

    /// An explanation file is read into its parts exactly, and a file without a part is refused.
    @Test func anExplanationFileIsReadIntoItsParts() {
        let text =
            "# One line.\n\nWhy it matters.\n\n## Example\n\n````text\n| a | b |\n```gherkin\n````\n\n## Fix\n\nDo this.\n"
        let read = MessageExplanation(markdown: text)
        #expect(
            read
                == MessageExplanation(
                    summary: "One line.", detail: "Why it matters.", example: "| a | b |\n```gherkin", fix: "Do this."))
        #expect(MessageExplanation(markdown: "# One line.\n\n## Fix\n\nDo this.\n") == nil)
    }

    @Test func invalidUTF8NamesTheByteInHex() {
        #expect(Message.invalidUTF8(byte: 0xC3, .cutShort(length: 2, byteNumber: 2, found: 0x0A)).text.contains("0xC3"))
        #expect(Message.invalidUTF8(byte: 0xC3, .cutShort(length: 2, byteNumber: 2, found: 0x0A)).text.contains("0x0A"))
        #expect(Message.invalidUTF8(byte: 0x0A, .neverValid).text.contains("0x0A"))
    }

    /// Every message of the catalogue, rendered with its sample arguments, reads as one
    /// sentence or a few: no doubled or stray punctuation, no empty list, no space before a
    /// mark, no "0/0".
    @Test(arguments: MessageCatalogue.all.map(\.id))
    func everyMessageIsPunctuatedCleanly(_ id: MessageID) throws {
        let entry = try #require(MessageCatalogue.all.first { $0.id == id })
        let text = entry.sample.text
        for bad in ["?;", "?.", ";;", "..", ".;", ";.", ",;", " ;", " ,", " .", "()", "''", ": ;", "0/0"] {
            #expect(!text.contains(bad), "'\(bad)' in \(id): \(text)")
        }
        #expect(!text.hasSuffix(";") && !text.hasSuffix(","), "\(id) ends mid-sentence: \(text)")
        #expect(text.first.map { !$0.isWhitespace } ?? false, "\(id) is empty or starts with a blank")
        #expect(!text.contains("  "), "\(id) has a doubled space: \(text)")
    }
}

/// The text of every Swift file under `folder` (relative to the package root) but the
/// `excluded` paths (relative to `folder`), by path.
func swiftFiles(under folder: String, excluding excluded: Set<String>) throws -> [String: String] {
    let root = BinaryRunner.packageRoot.appendingPathComponent(folder)
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    var texts: [String: String] = [:]
    while let relative = enumerator?.nextObject() as? String {
        guard relative.hasSuffix(".swift"), !excluded.contains(relative) else { continue }
        texts[relative] = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }
    for path in excluded.sorted() {
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "no \(path)")
    }
    return texts
}
