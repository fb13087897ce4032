import Foundation
import SpecModel
import TestSupport
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
    DiagnosticCase("empty-file", "", 1, 1),
    DiagnosticCase("empty-file", " \n\t\n", 1, 1),
    DiagnosticCase("invalid-utf8", bytes: Array("# T\n".utf8) + [0xFF, 0x41], 2, 1),
    // A lead byte that the next byte does not continue is the bad one, not the next byte.
    DiagnosticCase("invalid-utf8", bytes: Array("# T\nab".utf8) + [0xC3, 0x28], 2, 3),
    DiagnosticCase("invalid-utf8", bytes: Array("# T\n\n".utf8) + [0xE9, 0x74, 0xE9], 3, 1),
    DiagnosticCase("binary-file", bytes: Array("# T\n ab".utf8) + [0x00], 2, 4),
    // CR and CRLF end lines here as they do for cmark-gfm and every other diagnostic.
    DiagnosticCase("invalid-utf8", bytes: Array("# T\r\r ab".utf8) + [0xFF], 3, 4),
    DiagnosticCase("binary-file", bytes: Array("# T\r\nx\r\n ab".utf8) + [0x00], 3, 4),
    DiagnosticCase("file-too-large", bytes: Array(repeating: 0x61, count: SourceFile.maximumSize + 1), 1, 1),
    DiagnosticCase("not-a-spec-page", "Just some text.\n", 1, 1),
    DiagnosticCase("not-a-spec-page", "# Title\n\nText without metadata.\n", 2, 1),
    DiagnosticCase("missing-title", "Intro first.\n\n# Title\n<!-- spec: T1 platforms: ios -->\n", 1, 1),
    DiagnosticCase("duplicate-title", replacing: "### T1-AC01", with: "# Extra\n\n### T1-AC01", 23, 1),

    // Page metadata
    DiagnosticCase(
        // An unknown key is located at the key, which its fix changes.
        "malformed-metadata", replacing: "platforms: ios, android -->", with: "platforms: ios, android color: red -->",
        2,
        39),
    DiagnosticCase("malformed-metadata", replacing: "covers it.", with: "covers it.\n\n<!-- scenario: late -->", 35, 1),
    DiagnosticCase("malformed-spec-id", replacing: "<!-- spec: T1 ", with: "<!-- spec: t1 ", 2, 12),
    // The value is located at its first word, however many blanks follow the key.
    DiagnosticCase("malformed-spec-id", replacing: "<!-- spec: T1 ", with: "<!-- spec:    t1 ", 2, 15),
    DiagnosticCase(
        "missing-platforms", replacing: "<!-- spec: T1 platforms: ios, android -->", with: "<!-- spec: T1 -->", 2, 1),
    // An unknown platform is located at its own name in the list.
    DiagnosticCase("unknown-platform", replacing: "ios, android -->", with: "ios, android, windows -->", 2, 40),

    // Sections and scenarios
    DiagnosticCase("missing-section-id", replacing: "<!-- section: scenarios kind: scenarios -->\n", with: "", 4, 1),
    DiagnosticCase("unknown-section-kind", replacing: "kind: scenarios", with: "kind: tables", 5, 31),
    DiagnosticCase("malformed-id", replacing: "<!-- scenario: one -->", with: "<!-- scenario: One_1 -->", 8, 16),
    DiagnosticCase(
        "malformed-id", replacing: "| Message | M | M |", with: "| Message | M | M |\n| Action `Re try` | R | R |", 15,
        11
    ),
    DiagnosticCase(
        "duplicate-section-id", replacing: "<!-- section: criteria ", with: "<!-- section: scenarios ", 17, 15),
    DiagnosticCase("missing-scenario-id", replacing: "<!-- scenario: one -->\n", with: "", 7, 1),
    DiagnosticCase(
        "duplicate-scenario-id", replacing: "## Criteria",
        with: "### Two\n<!-- scenario: one -->\n\n| | iOS | Android |\n| --- | --- | --- |\n\(tableRows)\n## Criteria",
        17, 16),
    DiagnosticCase(
        "scenario-outside-section", replacing: "### T1-AC01",
        with: "### Stray\n<!-- scenario: stray -->\n\n### T1-AC01",
        23, 1),

    // Copy tables
    DiagnosticCase(
        "missing-copy-table", replacing: "| | iOS | Android |\n| --- | --- | --- |\n\(tableRows)",
        with: "Prose only.\n",
        7, 1),
    DiagnosticCase(
        "extra-copy-table", replacing: "| Message | M | M |\n",
        with: "| Message | M | M |\n\n| | iOS | Android |\n| --- | --- | --- |\n| Title | X | X |\n", 16, 1),
    DiagnosticCase(
        "missing-platform-column", replacing: "| | iOS | Android |\n| --- | --- | --- |\n\(tableRows)",
        with: "| | iOS |\n| --- | --- |\n| Trigger | `A` |\n| Title | T |\n| Message | M |\n", 10, 1),
    DiagnosticCase(
        "unknown-platform-column", replacing: "| | iOS | Android |\n| --- | --- | --- |",
        with: "| | iOS | Android | Windows |\n| --- | --- | --- | --- |", 10, 21),
    DiagnosticCase(
        "duplicate-platform-column", replacing: "| | iOS | Android |\n| --- | --- | --- |\n\(tableRows)",
        with:
            "| | iOS | iOS | Android |\n| --- | --- | --- | --- |\n| Trigger | `A` | `A` | `B` |\n| Title | T | T | T |\n| Message | M | M | M |\n",
        10, 11),
    DiagnosticCase("unknown-copy-row", replacing: "| Title | T | T |", with: "| Heading | T | T |", 13, 3),
    DiagnosticCase("missing-copy-row", replacing: "| Title | T | T |\n", with: "", 10, 1),
    DiagnosticCase(
        "duplicate-copy-row", replacing: "| Title | T | T |\n", with: "| Title | T | T |\n| Title | U | U |\n", 14, 3),
    DiagnosticCase("empty-copy-cell", replacing: "| Title | T | T |", with: "| Title | T |  |", 13, 14),
    DiagnosticCase(
        "missing-action-id", replacing: "| Message | M | M |", with: "| Message | M | M |\n| Action | R | R |", 15, 3),
    DiagnosticCase("trigger-without-signal", replacing: "| Trigger | `A` |", with: "| Trigger | A |", 12, 13),

    // Acceptance criteria
    DiagnosticCase(
        "missing-criteria-table",
        replacing:
            "| ID | Level | Acceptance criterion | How to verify |\n| --- | --- | --- | --- |\n| T1-AC01 | Core | C | V |\n",
        with: "No table.\n", 16, 1),
    DiagnosticCase(
        "criteria-table-columns", replacing: "| Acceptance criterion |", with: "| Criterion |", 19, 1),
    DiagnosticCase("malformed-criterion-id", replacing: "| T1-AC01 | Core", with: "| T1-AC1 | Core", 21, 3),
    // A criterion ID in a heading is located at the ID.
    DiagnosticCase("malformed-criterion-id", replacing: "### T1-AC01", with: "### T1-ACX", 23, 5),
    DiagnosticCase("foreign-criterion-id", replacing: "| T1-AC01 | Core", with: "| X9-AC01 | Core", 21, 3),
    DiagnosticCase(
        "duplicate-criterion-id", replacing: "| T1-AC01 | Core | C | V |\n",
        with: "| T1-AC01 | Core | C | V |\n| T1-AC01 | Core | D | W |\n",
        22, 3),
    DiagnosticCase(
        "empty-criterion-cell", replacing: "| T1-AC01 | Core | C | V |", with: "| T1-AC01 | Core |  | V |", 21, 19),
    DiagnosticCase(
        "malformed-benchmark-table", replacing: "| ID | Level |",
        with: "| Benchmark as | User reach |\n| --- | --- |\n| Baseline | Mid |\n| Extra | Row |\n\n| ID | Level |", 19,
        1),

    // Checks
    DiagnosticCase("unclosed-check-block", replacing: "  Given a\n```\n", with: "  Given a\n", 25, 1),
    DiagnosticCase("empty-check-block", replacing: gherkinBody, with: "# nothing here\n", 25, 1),
    DiagnosticCase("check-outside-criterion", replacing: "### T1-AC01", with: "### Checks", 25, 1),
    DiagnosticCase("check-for-unknown-criterion", replacing: "### T1-AC01", with: "### T1-AC09", 23, 5),
    DiagnosticCase("step-without-keyword", replacing: "  Given a\n", with: "  Given a\n  Click it\n", 28, 3),
    DiagnosticCase("step-outside-scenario", replacing: gherkinBody, with: "  Given z\n" + gherkinBody, 26, 3),
    DiagnosticCase("scenario-without-steps", replacing: gherkinBody, with: gherkinBody + "Scenario: empty\n", 28, 1),
    DiagnosticCase("unnamed-check", replacing: gherkinBody, with: gherkinBody + "Scenario:\n  Given b\n", 28, 1),
    DiagnosticCase(
        "duplicate-check-name", replacing: gherkinBody, with: gherkinBody + "Scenario: works\n  Given b\n", 28, 1),
    DiagnosticCase("conjunction-without-step", replacing: "  Given a\n", with: "  And a\n", 27, 3),

    // References
    DiagnosticCase("reference-without-link", replacing: "[Doc](https://example.com)", with: "Doc", 33, 1),
    DiagnosticCase("unsafe-reference-link", replacing: "(https://example.com)", with: "(javascript:alert(1))", 33, 16),
    DiagnosticCase("reference-without-criteria", replacing: "- **T1-AC01:** [Doc]", with: "- [Doc]", 33, 1),
    DiagnosticCase("reference-to-unknown-criterion", replacing: "**T1-AC01:**", with: "**T1-AC01–AC02:**", 33, 23),
    DiagnosticCase("backwards-criterion-range", replacing: "**T1-AC01:**", with: "**T1-AC02–AC01:**", 33, 1),
    DiagnosticCase("criterion-range-too-long", replacing: "**T1-AC01:**", with: "**T1-AC01–AC101:**", 33, 1),
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

    @Test func allProblemsAreReportedInOnePass() {
        var broken = validSpec(replacing: "| Title | T | T |", with: "| Title | T |  |")
        broken = broken.replacingOccurrences(of: "| T1-AC01 | Core", with: "| T1-AC1 | Core")
        broken = broken.replacingOccurrences(of: "(https://example.com)", with: "(ftp://example.com)")
        let ids = Set(parse(broken).diagnostics.map(\.id))
        #expect(ids.isSuperset(of: ["empty-copy-cell", "malformed-criterion-id", "unsafe-reference-link"]))
    }

    @Test func warningsDoNotCountAsErrors() {
        var bag = DiagnosticBag()
        bag.append(contentsOf: parse(validSpec(replacing: "| Trigger | `A` |", with: "| Trigger | A |")).diagnostics)
        #expect(bag.diagnostics.map(\.severity) == [.warning])
        #expect(!bag.hasErrors)
    }
}
