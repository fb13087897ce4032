import Foundation
import SpecModel
import Testing

@testable import SpecParser

/// One way of breaking a page, and where the diagnostic must point.
struct DiagnosticCase: Sendable, CustomTestStringConvertible {
    var id: MessageID
    var bytes: [UInt8]
    var line: Int
    var column: Int

    init(_ id: MessageID, _ text: String, _ line: Int, _ column: Int) {
        self.init(id, bytes: Array(text.utf8), line, column)
    }

    init(_ id: MessageID, bytes: [UInt8], _ line: Int, _ column: Int) {
        self.id = id
        self.bytes = bytes
        self.line = line
        self.column = column
    }

    /// `validSpec` with one replacement.
    init(_ id: MessageID, replacing old: String, with new: String, _ line: Int, _ column: Int) {
        self.init(id, validSpec(replacing: old, with: new), line, column)
    }

    var testDescription: String { "\(id.rawValue) at \(line):\(column)" }
}

private let gherkinBody = "Scenario: works\n  Given a\n"
private let tableRows = "| Trigger | `A` | `B` |\n| Title | T | T |\n| Message | M | M |\n"

/// Every diagnostic the page parser can report, each with an input that triggers it and the
/// location it must point to (lines refer to `validSpec`).
let parserCases: [DiagnosticCase] = [
    // Files
    DiagnosticCase(.emptyFile, "", 1, 1),
    DiagnosticCase(.emptyFile, " \n\t\n", 1, 1),
    DiagnosticCase(.invalidUTF8, bytes: Array("# T\n".utf8) + [0xFF, 0x41], 2, 1),
    DiagnosticCase(.invalidUTF8, bytes: Array("# T\nab".utf8) + [0xC3, 0x28], 2, 4),
    DiagnosticCase(.binaryFile, bytes: Array("# T\n ab".utf8) + [0x00], 2, 4),
    DiagnosticCase(.fileTooLarge, bytes: Array(repeating: 0x61, count: SourceFile.maximumSize + 1), 1, 1),
    DiagnosticCase(.notASpecPage, "Just some text.\n", 1, 1),
    DiagnosticCase(.notASpecPage, "# Title\n\nText without metadata.\n", 2, 1),
    DiagnosticCase(.missingTitle, "Intro first.\n\n# Title\n<!-- spec: T1 platforms: ios -->\n", 1, 1),
    DiagnosticCase(.duplicateTitle, replacing: "### T1-AC01", with: "# Extra\n\n### T1-AC01", 23, 1),

    // Page metadata
    DiagnosticCase(
        .malformedMetadata, replacing: "platforms: ios, android -->", with: "platforms: ios, android color: red -->", 2,
        46),
    DiagnosticCase(.malformedMetadata, replacing: "covers it.", with: "covers it.\n\n<!-- scenario: late -->", 35, 1),
    DiagnosticCase(.malformedSpecID, replacing: "<!-- spec: T1 ", with: "<!-- spec: t1 ", 2, 12),
    DiagnosticCase(
        .missingPlatforms, replacing: "<!-- spec: T1 platforms: ios, android -->", with: "<!-- spec: T1 -->", 2, 1),
    DiagnosticCase(.unknownPlatform, replacing: "ios, android -->", with: "ios, android, windows -->", 2, 26),

    // Sections and scenarios
    DiagnosticCase(.missingSectionID, replacing: "<!-- section: scenarios kind: scenarios -->\n", with: "", 4, 1),
    DiagnosticCase(.unknownSectionKind, replacing: "kind: scenarios", with: "kind: tables", 5, 31),
    DiagnosticCase(.malformedID, replacing: "<!-- scenario: one -->", with: "<!-- scenario: One_1 -->", 8, 16),
    DiagnosticCase(
        .malformedID, replacing: "| Message | M | M |", with: "| Message | M | M |\n| Action `Re try` | R | R |", 15, 11
    ),
    DiagnosticCase(.duplicateSectionID, replacing: "<!-- section: criteria ", with: "<!-- section: scenarios ", 17, 15),
    DiagnosticCase(.missingScenarioID, replacing: "<!-- scenario: one -->\n", with: "", 7, 1),
    DiagnosticCase(
        .duplicateScenarioID, replacing: "## Criteria",
        with: "### Two\n<!-- scenario: one -->\n\n| | iOS | Android |\n| --- | --- | --- |\n\(tableRows)\n## Criteria",
        17, 16),
    DiagnosticCase(
        .scenarioOutsideSection, replacing: "### T1-AC01", with: "### Stray\n<!-- scenario: stray -->\n\n### T1-AC01",
        23, 1),

    // Copy tables
    DiagnosticCase(
        .missingCopyTable, replacing: "| | iOS | Android |\n| --- | --- | --- |\n\(tableRows)", with: "Prose only.\n",
        7, 1),
    DiagnosticCase(
        .extraCopyTable, replacing: "| Message | M | M |\n",
        with: "| Message | M | M |\n\n| | iOS | Android |\n| --- | --- | --- |\n| Title | X | X |\n", 16, 1),
    DiagnosticCase(
        .missingPlatformColumn, replacing: "| | iOS | Android |\n| --- | --- | --- |\n\(tableRows)",
        with: "| | iOS |\n| --- | --- |\n| Trigger | `A` |\n| Title | T |\n| Message | M |\n", 10, 1),
    DiagnosticCase(
        .unknownPlatformColumn, replacing: "| | iOS | Android |\n| --- | --- | --- |",
        with: "| | iOS | Android | Windows |\n| --- | --- | --- | --- |", 10, 21),
    DiagnosticCase(
        .duplicatePlatformColumn, replacing: "| | iOS | Android |\n| --- | --- | --- |\n\(tableRows)",
        with:
            "| | iOS | iOS | Android |\n| --- | --- | --- | --- |\n| Trigger | `A` | `A` | `B` |\n| Title | T | T | T |\n| Message | M | M | M |\n",
        10, 11),
    DiagnosticCase(.unknownCopyRow, replacing: "| Title | T | T |", with: "| Heading | T | T |", 13, 3),
    DiagnosticCase(.missingCopyRow, replacing: "| Title | T | T |\n", with: "", 10, 1),
    DiagnosticCase(
        .duplicateCopyRow, replacing: "| Title | T | T |\n", with: "| Title | T | T |\n| Title | U | U |\n", 14, 3),
    DiagnosticCase(.emptyCopyCell, replacing: "| Title | T | T |", with: "| Title | T |  |", 13, 14),
    DiagnosticCase(
        .missingActionID, replacing: "| Message | M | M |", with: "| Message | M | M |\n| Action | R | R |", 15, 3),
    DiagnosticCase(.triggerWithoutSignal, replacing: "| Trigger | `A` |", with: "| Trigger | A |", 12, 13),

    // Acceptance criteria
    DiagnosticCase(
        .missingCriteriaTable,
        replacing:
            "| ID | Level | Acceptance criterion | How to verify |\n| --- | --- | --- | --- |\n| T1-AC01 | Core | C | V |\n",
        with: "No table.\n", 16, 1),
    DiagnosticCase(
        .criteriaTableColumns, replacing: "| Acceptance criterion |", with: "| Criterion |", 19, 1),
    DiagnosticCase(.malformedCriterionID, replacing: "| T1-AC01 | Core", with: "| T1-AC1 | Core", 21, 3),
    DiagnosticCase(.malformedCriterionID, replacing: "### T1-AC01", with: "### T1-ACX", 23, 1),
    DiagnosticCase(.foreignCriterionID, replacing: "| T1-AC01 | Core", with: "| X9-AC01 | Core", 21, 3),
    DiagnosticCase(
        .duplicateCriterionID, replacing: "| T1-AC01 | Core | C | V |\n",
        with: "| T1-AC01 | Core | C | V |\n| T1-AC01 | Core | D | W |\n",
        22, 3),
    DiagnosticCase(
        .emptyCriterionCell, replacing: "| T1-AC01 | Core | C | V |", with: "| T1-AC01 | Core |  | V |", 21, 19),
    DiagnosticCase(
        .malformedBenchmarkTable, replacing: "| ID | Level |",
        with: "| Benchmark as | User reach |\n| --- | --- |\n| Baseline | Mid |\n| Extra | Row |\n\n| ID | Level |", 19,
        1),

    // Checks
    DiagnosticCase(.unclosedCheckBlock, replacing: "  Given a\n```\n", with: "  Given a\n", 25, 1),
    DiagnosticCase(.emptyCheckBlock, replacing: gherkinBody, with: "# nothing here\n", 25, 1),
    DiagnosticCase(.checkOutsideCriterion, replacing: "### T1-AC01", with: "### Checks", 25, 1),
    DiagnosticCase(.checkForUnknownCriterion, replacing: "### T1-AC01", with: "### T1-AC09", 23, 1),
    DiagnosticCase(.stepWithoutKeyword, replacing: "  Given a\n", with: "  Given a\n  Click it\n", 28, 3),
    DiagnosticCase(.stepOutsideScenario, replacing: gherkinBody, with: "  Given z\n" + gherkinBody, 26, 3),
    DiagnosticCase(.scenarioWithoutSteps, replacing: gherkinBody, with: gherkinBody + "Scenario: empty\n", 28, 1),
    DiagnosticCase(.unnamedCheck, replacing: gherkinBody, with: gherkinBody + "Scenario:\n  Given b\n", 28, 1),
    DiagnosticCase(
        .duplicateCheckName, replacing: gherkinBody, with: gherkinBody + "Scenario: works\n  Given b\n", 28, 1),
    DiagnosticCase(.conjunctionWithoutStep, replacing: "  Given a\n", with: "  And a\n", 27, 3),

    // References
    DiagnosticCase(.referenceWithoutLink, replacing: "[Doc](https://example.com)", with: "Doc", 33, 1),
    DiagnosticCase(.unsafeReferenceLink, replacing: "(https://example.com)", with: "(javascript:alert(1))", 33, 16),
    DiagnosticCase(.referenceWithoutCriteria, replacing: "- **T1-AC01:** [Doc]", with: "- [Doc]", 33, 1),
    DiagnosticCase(.referenceToUnknownCriterion, replacing: "**T1-AC01:**", with: "**T1-AC01–AC02:**", 33, 23),
    DiagnosticCase(.backwardsCriterionRange, replacing: "**T1-AC01:**", with: "**T1-AC02–AC01:**", 33, 1),
]

@Suite struct DiagnosticTests {
    @Test func theValidSpecHasNoDiagnostics() {
        let (page, diagnostics) = parse(validSpec)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard case .spec(let spec) = page else {
            Issue.record("validSpec is not a spec")
            return
        }
        #expect(spec.scenarios.count == 1)
        #expect(spec.criteria.count == 1)
        #expect(spec.checks.count == 1)
        #expect(spec.references.count == 1)
    }

    @Test(arguments: parserCases)
    func reportsAtTheRightLocation(_ testCase: DiagnosticCase) {
        let (_, diagnostics) = parse(bytes: testCase.bytes)
        let matching = diagnostics.filter { $0.id == testCase.id }
        #expect(!matching.isEmpty, "expected '\(testCase.id.rawValue)', got \(diagnostics.map(\.description))")
        let expected = SourceLocation(file: "test.md", line: testCase.line, column: testCase.column)
        #expect(
            matching.contains { $0.location == expected },
            "'\(testCase.id.rawValue)' expected at \(expected), got \(matching.map(\.location.description))")
        #expect(diagnostics.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 })
    }

    /// Every message ID has a test: a case in `parserCases` or `copyStyleCases`, or a test file
    /// that names it (as `.caseName` or as its raw ID, e.g. `[unexpected-failure]`). Files that
    /// list every ID without triggering it are not counted: this one, and the message-text
    /// samples of `SpecModelTests`. A new ID without a test fails.
    @Test func everyMessageHasATest() throws {
        let tabled = Set(parserCases.map(\.id)).union(copyStyleCases.map(\.id))
        let sources = try testSources(
            excluding: ["SpecParserTests/DiagnosticTests.swift", "SpecModelTests/DiagnosticTests.swift"])
        #expect(sources.count > 20, "the test sources were not found under \(packageRoot.path)/Tests")
        let missing = MessageID.allCases.filter { id in
            !tabled.contains(id) && !sources.contains { names(id, in: $0) }
        }
        #expect(missing.isEmpty, "messages that no test names: \(missing.map(\.rawValue))")
    }

    @Test func aTestFileNamesAnIDByCaseOrRawValueOnly() {
        #expect(names(.unexpectedFailure, in: "result.stderr.contains(\"[unexpected-failure]\")"))
        #expect(names(.unexpectedFailure, in: "#expect(problem.id == .unexpectedFailure)"))
        #expect(!names(.unexpectedFailure, in: "unexpected failure; .unexpectedFailureCount; xunexpected-failures"))
        #expect(!names(.emptyCopyCell, in: ".emptyCopyCells"))
    }

    @Test func allProblemsAreReportedInOnePass() {
        var broken = validSpec(replacing: "| Title | T | T |", with: "| Title | T |  |")
        broken = broken.replacingOccurrences(of: "| T1-AC01 | Core", with: "| T1-AC1 | Core")
        broken = broken.replacingOccurrences(of: "(https://example.com)", with: "(ftp://example.com)")
        let ids = Set(parse(broken).diagnostics.map(\.id))
        #expect(ids.isSuperset(of: [.emptyCopyCell, .malformedCriterionID, .unsafeReferenceLink]))
    }

    @Test func warningsDoNotCountAsErrors() {
        var bag = DiagnosticBag()
        bag.append(contentsOf: parse(validSpec(replacing: "| Trigger | `A` |", with: "| Trigger | A |")).diagnostics)
        #expect(bag.diagnostics.map(\.severity) == [.warning])
        #expect(!bag.hasErrors)
    }
}

/// The text of every Swift file under `Tests/` but the `excluded` paths (relative to `Tests/`).
func testSources(excluding excluded: Set<String>) throws -> [String] {
    let tests = packageRoot.appendingPathComponent("Tests")
    let enumerator = FileManager.default.enumerator(atPath: tests.path)
    var texts: [String] = []
    while let relative = enumerator?.nextObject() as? String {
        guard relative.hasSuffix(".swift"), !excluded.contains(relative) else { continue }
        texts.append(try String(contentsOf: tests.appendingPathComponent(relative), encoding: .utf8))
    }
    for path in excluded.sorted() {
        #expect(FileManager.default.fileExists(atPath: tests.appendingPathComponent(path).path), "no \(path)")
    }
    return texts
}

/// Whether `text` names `id` as `.caseName` or as its raw ID, not as part of a longer word.
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
    return occurs(".\(id)", in: text) || occurs(id.rawValue, in: text)
}
