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

    @Test func copyStyleRulesAreWarningsAndStructuralProblemsErrors() {
        let warnings: Set<MessageID> = [
            "trigger-without-signal", "copy-title-case", "copy-sentence-case", "copy-straight-quote",
            "copy-trailing-period", "copy-placeholder", "copy-button-length", "symlink-outside-content",
            "symlink-to-folder",
        ]
        for entry in MessageCatalogue.all {
            #expect(entry.severity == (warnings.contains(entry.id) ? .warning : .error), "\(entry.id)")
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
    /// without its explanation; each ID is written in one place only; and its factory is named
    /// after it (`empty-copy-cell` is `Message.emptyCopyCell`), which `names(_:in:)` relies on.
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
        let all = sources.values.joined(separator: "\n")
        for id in Self.ids {
            let name = factoryName(id)
            #expect(all.contains("static func \(name)(") || all.contains("static let \(name) = "), "no factory \(name)")
        }
    }

    @Test func textsStartLowercaseAndHaveNoTrailingPeriod() {
        let here = SourceLocation(file: "a.md", line: 1, column: 1)
        let samples: [Message] = [
            .emptyFile, .invalidUTF8(byte: 0xFF), .binaryFile, .fileTooLarge(bytes: 2, limit: 1), .notASpecPage,
            .missingTitle,
            .duplicateTitle, .malformedMetadata("x"), .malformedSpecID("x"), .missingPlatforms, .unknownPlatform("x"),
            .missingSectionID("x"), .unknownSectionKind("x"), .malformedID("x"), .missingScenarioID("x"),
            .scenarioOutsideSection, .missingCopyTable("x"), .extraCopyTable("x"), .missingPlatformColumn(.ios),
            .unknownPlatformColumn("x", declared: [.ios]), .duplicatePlatformColumn(.ios), .unknownCopyRow("x"),
            .missingCopyRow("x"), .duplicateCopyRow("x"), .emptyCopyCell(row: "x", platform: .ios), .missingActionID,
            .triggerWithoutSignal(.ios), .missingCriteriaTable, .criteriaTableColumns(found: ["x"]),
            .malformedCriterionID("x"), .foreignCriterionID("x", spec: "y"), .emptyCriterionCell("x"),
            .malformedBenchmarkTable, .unclosedCheckBlock, .emptyCheckBlock, .checkOutsideCriterion,
            .checkForUnknownCriterion("x"), .stepWithoutKeyword("x"), .stepOutsideScenario, .scenarioWithoutSteps("x"),
            .unnamedCheck, .conjunctionWithoutStep("And"), .referenceWithoutLink, .unsafeReferenceLink("x"),
            .referenceWithoutCriteria, .referenceToUnknownCriterion(["x"]), .backwardsCriterionRange("x"),
            .criterionRangeTooLong("x", limit: 1),
            .unknownCommand("x", suggestion: nil), .unknownOption("x", command: "y", suggestion: "z"),
            .missingOptionValue("x"), .unsupportedFormat("x", supported: ["json"]),
            .unexpectedArgument("x", command: "y"), .invalidOptionValue("x", value: "y", expected: "z"),
            .pathNotFound("x"), .noMarkdownFiles("x"), .writeFailed("x", reason: "y"), .unexpectedFailure("x"),
            .duplicateSpecID("x", first: here), .duplicatePageID("x", first: here),
            .duplicateSectionID("x", first: here),
            .duplicateScenarioID("x", first: here), .duplicateCriterionID("x", first: here),
            .duplicateCheckName("x", first: here), .unreadableFile("x"),
            .undefinedStep("x", suggestion: "y"), .ambiguousStep("x", patterns: ["a", "b"]),
            .invalidStepParameter("x", kind: "status", allowed: ["a"]),
            .stepFailed(platform: "iOS", expected: "x", observed: "y"),
            .scenarioNotExercised("x"), .scenarioMissingFromSpec("x", platform: "iOS"),
            .unreachableScenario("x", platform: "iOS"),
            .actionWithoutCopy("x", scenario: "y", platform: "iOS"),
            .unreachableAction("x", scenario: "y", platform: "iOS"),
            .noticeWithoutCopy("x", platform: "iOS"), .copyWithoutNotice("x", platform: "iOS"),
            .invariantViolated("x", detail: "y"), .explorationIncomplete(depth: 1), .criterionWithoutChecks("x"),
            .templateError("x"), .outputNotASite("x"), .unreadableReport("x", reason: "y"),
            .unknownScenario("x", closest: ["y"]), .missingScenarioArgument,
            .unknownTriggerName("x", platform: "iOS", suggestion: "y", otherPlatform: nil),
            .triggerLeadsElsewhere("x", scenario: "y", platform: "iOS", destinations: ["z"]),
            .triggerNotNamed("x", scenario: "y", platform: "iOS"), .triggerRawValue("x", expected: "1001", found: nil),
            .copyTitleCase("x", words: ["y"], part: "title", platform: "iOS"),
            .copySentenceCase("x", lowercase: ["Y"], part: "title", platform: "Android"),
            .copyStraightQuote("x", quote: "'", replacement: "’"),
            .copyTrailingPeriod("x", part: "title", platform: "iOS"),
            .copyPlaceholder("x", placeholders: ["%@"], row: "Message"),
            .copyButtonLength("x", length: 30, limit: 25, platform: "iOS"),
            .scenarioWithoutCheck("x"), .stepNamesUnknownScenario("x", known: ["y"]),
            .reportFromOtherContent("x"), .unknownMessageID("x", closest: ["y"]), .missingFlow(known: ["x"]),
            .unknownFlow("x", known: ["y"]), .platformNotInFlow("x", flow: "y", supported: ["z"]),
            .portUnavailable(host: "127.0.0.1", from: 1, to: 2, reason: "x"),
            .conflictingOptions("--a", "--b", command: "x"), .repeatedOption("--a", command: "x"),
            .flagWithValue("--a", value: "x"), .unknownNativeError("x", closest: ["y"]), .notAGitRepository("x"),
            .unknownRevision("x", path: "y"),
            .gitFailed("x"), .unreadableExports("x", reason: "y"), .earlierContentHasErrors("x"),
            .symlinkOutsideContent("x", root: "y"), .symlinkToFolder("x"), .symlinkLoop,
            .siteNotWritten("x", reason: "y"), .outputRemoved("x"), .buildStopped("x", signal: "SIGINT"),
            .reservedPagePath("x.md", page: "x.html"),
        ]
        for message in samples {
            // A platform's name is a proper noun and may start a text: "Android button '…' is …".
            let startsWithPlatform = Platform.known.contains { message.text.hasPrefix($0.displayName + " ") }
            #expect(
                message.text.first?.isLowercase == true || message.text.first == "'" || startsWithPlatform,
                "\(message.id)")
            #expect(!message.text.hasSuffix("."), "\(message.id)")
        }
        let missing = Set(Self.ids).subtracting(samples.map(\.id)).sorted()
        #expect(missing.isEmpty, "messages without a sample: \(missing)")
    }

    @Test func invalidUTF8NamesTheByteInHex() {
        #expect(Message.invalidUTF8(byte: 0xC3).text.contains("0xC3"))
        #expect(Message.invalidUTF8(byte: 0x0A).text.contains("0x0A"))
    }

    /// Every message ID has a test: a test file that names it, by its raw ID (e.g.
    /// `"undefined-step"` or `[unexpected-failure]`) or by its factory (`.undefinedStep`).
    /// Files that list every ID without triggering it are not counted: this one, and the
    /// message model's tests. A new ID without a test fails.
    @Test func everyMessageHasATest() throws {
        let sources = try swiftFiles(
            under: "Tests",
            excluding: ["PasskeySpecCLITests/MessageCatalogueTests.swift", "SpecModelTests/DiagnosticTests.swift"])
        #expect(sources.count > 20, "the test sources were not found under \(BinaryRunner.packageRoot.path)/Tests")
        let missing = Self.ids.filter { id in !sources.values.contains { names(id, in: $0) } }
        #expect(missing.isEmpty, "messages that no test names: \(missing)")
    }

    @Test func aTestFileNamesAnIDByFactoryOrRawValueOnly() {
        #expect(names("unexpected-failure", in: "result.stderr.contains(\"[unexpected-failure]\")"))
        #expect(names("unexpected-failure", in: "#expect(problem.id == \"unexpected-failure\")"))
        #expect(names("unexpected-failure", in: "throw UsageError(.unexpectedFailure(\"x\"))"))
        #expect(!names("unexpected-failure", in: "unexpected failure; .unexpectedFailureCount; xunexpected-failures"))
        #expect(!names("empty-copy-cell", in: ".emptyCopyCells"))
    }

    @Test func aFactoryIsNamedAfterItsID() {
        #expect(factoryName("empty-copy-cell") == "emptyCopyCell")
        #expect(factoryName("invalid-utf8") == "invalidUTF8")
        #expect(factoryName("unknown-message-id") == "unknownMessageID")
        #expect(factoryName("not-a-spec-page") == "notASpecPage")
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

/// The name of the `Message` factory of `id`: its words in lower camel case, with `id` and
/// `utf8` in capitals (`unknown-message-id` is `unknownMessageID`).
func factoryName(_ id: MessageID) -> String {
    let capitals = ["id": "ID", "utf8": "UTF8"]
    let words = id.rawValue.split(separator: "-").map(String.init)
    return (words.first ?? "")
        + words.dropFirst().map { capitals[$0] ?? $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
}

/// Whether `text` names `id` as its factory, `.factoryName`, or as its raw ID, not as part of
/// a longer word.
func names(_ id: MessageID, in text: String) -> Bool {
    func occurs(_ word: String, in text: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: word) {
            let next = rest[range.upperBound...].first
            let previous = range.lowerBound > rest.startIndex ? rest[rest.index(before: range.lowerBound)] : nil
            let isWordCharacter = { (character: Character?) in
                character.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } ?? false
            }
            if !isWordCharacter(next), word.hasPrefix(".") || !isWordCharacter(previous) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }
    return occurs(".\(factoryName(id))", in: text) || occurs(id.rawValue, in: text)
}
