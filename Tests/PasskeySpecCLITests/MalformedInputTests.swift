import Foundation
import TestSupport
import Testing

/// A bad input file and the diagnostic it must produce.
struct MalformedInput: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: @Sendable () -> [UInt8]
    var expectedID: String

    var testDescription: String { name }
}

/// Deterministic pseudo-random bytes, so a failure can be reproduced.
private func garbage(count: Int, seed: UInt64, allowNUL: Bool) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let byte = UInt8(truncatingIfNeeded: state >> 56)
        return allowNUL || byte != 0 ? byte : 0xFF
    }
}

private let header = "# Spec\n<!-- spec: M1 flow: passkey-login platforms: ios, android -->\n\n"
private let table =
    "| | iOS | Android |\n| --- | --- | --- |\n| Trigger | `A` | `B` |\n| Title | T | T |\n| Message | M | M |\n"
private let scenario = "## S\n<!-- section: s kind: scenarios -->\n\n### One\n<!-- scenario: one -->\n\n"
private let criteria =
    "## C\n<!-- section: c kind: criteria -->\n\n| ID | Level | Acceptance criterion | How to verify |\n| --- | --- | --- | --- |\n| M1-AC01 | Core | C | V |\n\n"

private func text(_ string: String) -> @Sendable () -> [UInt8] { { Array(string.utf8) } }

let malformedInputs: [MalformedInput] = [
    MalformedInput(name: "empty file", bytes: { [] }, expectedID: "empty-file"),
    MalformedInput(name: "whitespace only", bytes: text(" \n\n\t \n"), expectedID: "empty-file"),
    MalformedInput(
        name: "invalid UTF-8", bytes: { Array("# Title\ncaf".utf8) + [0xE9, 0x0A] }, expectedID: "invalid-utf8"),
    MalformedInput(
        name: "garbage bytes with NULs", bytes: { garbage(count: 4096, seed: 1, allowNUL: true) },
        expectedID: "binary-file"),
    MalformedInput(
        name: "garbage bytes without NULs", bytes: { garbage(count: 4096, seed: 2, allowNUL: false) },
        expectedID: "invalid-utf8"),
    MalformedInput(
        name: "PNG header", bytes: { [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00] },
        expectedID: "binary-file"),
    MalformedInput(
        name: "10 MB file", bytes: { Array(repeating: UInt8(ascii: "a"), count: 10 * 1024 * 1024) },
        expectedID: "file-too-large"),
    MalformedInput(name: "prose without a title", bytes: text("Some notes.\n"), expectedID: "not-a-spec-page"),
    MalformedInput(name: "title without metadata", bytes: text("# Title\n\nText.\n"), expectedID: "not-a-spec-page"),
    MalformedInput(name: "raw HTML only", bytes: text("<script>alert(1)</script>\n"), expectedID: "not-a-spec-page"),
    MalformedInput(
        name: "one megabyte line", bytes: text("# " + String(repeating: "a", count: 1_000_000) + "\n"),
        expectedID: "not-a-spec-page"),
    MalformedInput(
        name: "unknown platform", bytes: text("# S\n<!-- spec: M1 platforms: ios, symbian -->\n"),
        expectedID: "unknown-platform"),
    MalformedInput(name: "no platforms", bytes: text("# S\n<!-- spec: M1 -->\n"), expectedID: "missing-platforms"),
    MalformedInput(
        name: "malformed spec ID", bytes: text("# S\n<!-- spec: m-1 platforms: ios -->\n"),
        expectedID: "malformed-spec-id"),
    MalformedInput(
        name: "scenario without ID",
        bytes: text(header + "## S\n<!-- section: s kind: scenarios -->\n\n### One\n\n" + table),
        expectedID: "missing-scenario-id"),
    MalformedInput(
        name: "duplicate scenario IDs",
        bytes: text(header + scenario + table + "\n### Two\n<!-- scenario: one -->\n\n" + table),
        expectedID: "duplicate-scenario-id"),
    MalformedInput(
        name: "copy table without Android",
        bytes: text(
            header + scenario + "| | iOS |\n| --- | --- |\n| Trigger | `A` |\n| Title | T |\n| Message | M |\n"),
        expectedID: "missing-platform-column"),
    MalformedInput(
        name: "empty copy cell",
        bytes: text(header + scenario + table.replacingOccurrences(of: "| T | T |", with: "| T |  |")),
        expectedID: "empty-copy-cell"),
    MalformedInput(
        name: "criteria table with wrong columns",
        bytes: text(header + criteria.replacingOccurrences(of: "How to verify", with: "Verification")),
        expectedID: "criteria-table-columns"),
    MalformedInput(
        name: "malformed criterion ID",
        bytes: text(header + criteria.replacingOccurrences(of: "| M1-AC01 |", with: "| AC01 |")),
        expectedID: "malformed-criterion-id"),
    MalformedInput(
        name: "unclosed gherkin block",
        bytes: text(header + criteria + "### M1-AC01\n\n```gherkin\nScenario: x\n  Given y\n"),
        expectedID: "unclosed-check-block"),
    MalformedInput(
        name: "empty gherkin block", bytes: text(header + criteria + "### M1-AC01\n\n```gherkin\n```\n"),
        expectedID: "empty-check-block"),
    MalformedInput(
        name: "step without keyword",
        bytes: text(header + criteria + "### M1-AC01\n\n```gherkin\nScenario: x\n  Click the button\n```\n"),
        expectedID: "step-without-keyword"),
    MalformedInput(
        name: "reference to an unknown criterion",
        bytes: text(
            header + criteria
                + "## R\n<!-- section: r kind: references -->\n\n- **M1-AC07:** [Doc](https://example.com)\n"),
        expectedID: "reference-to-unknown-criterion"),
    MalformedInput(
        name: "backwards criterion range",
        bytes: text(
            header + criteria
                + "## R\n<!-- section: r kind: references -->\n\n- **M1-AC03–AC01:** [Doc](https://example.com)\n"),
        expectedID: "backwards-criterion-range"),
    MalformedInput(
        name: "50,000 nested block quotes", bytes: text(String(repeating: ">", count: 50_000) + " deep\n"),
        expectedID: "not-a-spec-page"),
    MalformedInput(
        name: "pathological emphasis and links",
        bytes: text("# T\n" + String(repeating: "*a [b](", count: 20_000) + "\n"), expectedID: "not-a-spec-page"),
]

@Suite struct MalformedInputTests {
    @Test func thereAreAtLeastTwentyCases() {
        #expect(malformedInputs.count >= 20)
    }

    @Test(arguments: malformedInputs)
    func givesALocatedDiagnosticAndExitsWithOne(_ input: MalformedInput) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("input.md", bytes: input.bytes())
        let result = InProcess.run(["lint", path])
        #expect(result.status == .failure, "exit status \(result.status); stderr: \(result.stderr.prefix(500))")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.hasPrefix(path + ":"), "not located: \(line.prefix(200))")
            let rest = line.dropFirst(path.count + 1)
            // A whole-file problem (too large, empty, unreadable) has no line: `path: error: …`.
            if rest.hasPrefix(" error: ") || rest.hasPrefix(" warning: ") { continue }
            let parts = rest.split(separator: ":", maxSplits: 2)
            #expect(
                parts.count == 3 && Int(parts[0]) != nil && Int(parts[1]) != nil,
                "no line and column: \(line.prefix(200))")
            #expect(parts.count == 3 && (parts[2].hasPrefix(" error: ") || parts[2].hasPrefix(" warning: ")))
        }
        #expect(
            result.stderr.contains("[\(input.expectedID)]"),
            "expected [\(input.expectedID)] in \(result.stderr.prefix(500))")
    }
}
