import Foundation
import SpecModel
import TestSupport
import Testing

@testable import SpecParser

@Suite struct PageParserTests {
    @Test func goldenModelDumpMatches() throws {
        let url = fixtures.appendingPathComponent("golden-spec.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let (page, diagnostics) = parse(text, path: "golden-spec.md")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        guard case .spec(let spec) = page else {
            Issue.record("golden-spec.md did not parse as a spec")
            return
        }
        let dump = ModelDump.dump(spec)
        let goldenURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden/golden-spec.dump")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try dump.write(to: goldenURL, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: goldenURL, encoding: .utf8)
        #expect(
            dump == golden,
            "model dump differs from Golden/golden-spec.dump; rerun with UPDATE_GOLDEN=1 and review the diff")
    }

    @Test func columnsCountUTF8BytesOnLinesWithEmojiAndCJK() throws {
        let text = try String(contentsOf: fixtures.appendingPathComponent("golden-spec.md"), encoding: .utf8)
        let spec = try #require(parsedSpec(text))
        let copy = try #require(spec.scenarios.first?.copy(for: .android))
        // `| Action `retry` | Try Again 🔁 | 再試行 |`: the Android cell starts after the
        // 4-byte emoji, so its byte column is 3 more than its character column.
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[
            copy.actions[0].label.location.line - 1]
        #expect(line.hasPrefix("| Action `retry` | Try Again 🔁 |"))
        #expect(copy.actions[0].label.location.column == "| Action `retry` | Try Again 🔁 | ".utf8.count + 1)
        #expect(copy.actions[0].label.location.column == 37)
        #expect(copy.actions[0].label.text == "再試行")
        // The iOS trigger cell begins with CJK text; its code span is still found.
        let ios = try #require(spec.scenarios.first?.copy(for: .ios))
        #expect(ios.trigger.signals == ["ASAuthorizationError.Code.canceled"])
        #expect(ios.trigger.location.column == 13)
    }

    @Test func noneCellsCarryTheirNote() throws {
        let text = try String(contentsOf: fixtures.appendingPathComponent("golden-spec.md"), encoding: .utf8)
        let spec = try #require(parsedSpec(text))
        let ios = try #require(spec.scenarios.first?.copy(for: .ios))
        let android = try #require(spec.scenarios.first?.copy(for: .android))
        #expect(ios.title.isNone && ios.title.note == nil)
        #expect(android.title.isNone, "emphasised *None* is still None")
        #expect(ios.message.note == "nothing is shown")
        #expect(android.message.note == "the screen stays")
        #expect(ios.presentation?.text == "Alert")
        #expect(ios.message.key == "cancelled.message")
        #expect(ios.actions.map(\.label.key) == ["cancelled.action.retry"])
    }

    @Test func noneNoteRecognisesOnlyTheWordNone() {
        #expect(CopyEntry.noneNote("None") == "")
        #expect(CopyEntry.noneNote("none: hidden") == "hidden")
        #expect(CopyEntry.noneNote("None — no error is shown") == "no error is shown")
        #expect(CopyEntry.noneNote("Nonetheless, try again") == nil)
        #expect(CopyEntry.noneNote("No error") == nil)
        #expect(CopyEntry.noneNote("Try Again") == nil)
    }

    @Test func pagesKeepTheirBodyAsProse() throws {
        let (page, diagnostics) = parse("# Guide\n<!-- page: guide -->\n\nSome *text*.\n\n- a list\n")
        #expect(diagnostics.isEmpty)
        guard case .page(let parsed) = page else {
            Issue.record("not a page")
            return
        }
        #expect(parsed.id == "guide")
        #expect(parsed.title == "Guide")
        #expect(parsed.body.map(\.markdown) == ["Some *text*.", "- a list"])
    }

    @Test func checksAreParsedIntoStepsWithKeywords() throws {
        let text = try String(contentsOf: fixtures.appendingPathComponent("golden-spec.md"), encoding: .utf8)
        let spec = try #require(parsedSpec(text))
        #expect(spec.checks.map(\.id) == ["G2.1-AC01/cancel-once", "G2.1-AC01/cancel-twice"])
        #expect(spec.checks[1].steps.map(\.keyword) == [.given, .when, .then, .but])
        #expect(spec.checks(for: CriterionID("G2.1-AC01")!).count == 2)
        #expect(spec.checks(for: CriterionID("G2.1-AC02")!).isEmpty)
    }

    @Test func referencesExpandRangesAndShareCriteriaAcrossLinks() throws {
        let text = try String(contentsOf: fixtures.appendingPathComponent("golden-spec.md"), encoding: .utf8)
        let spec = try #require(parsedSpec(text))
        #expect(spec.references.map(\.title) == ["First source", "Second source", "Third source"])
        #expect(spec.references[0].criteria.map(\.description) == ["G2.1-AC01", "G2.1-AC02"])
        #expect(spec.references[1].criteria == spec.references[0].criteria)
        #expect(spec.references[2].criteria.map(\.description) == ["G2.1-AC02"])
    }

    @Test func headingRewordingKeepsIDsAndKeys() throws {
        let original = try #require(parsedSpec(validSpec))
        let reworded = try #require(parsedSpec(validSpec(replacing: "### One", with: "### One, reworded entirely")))
        #expect(reworded.scenarios[0].id == original.scenarios[0].id)
        #expect(reworded.scenarios[0].copy[0].title.key == original.scenarios[0].copy[0].title.key)
        #expect(reworded.scenarios[0].title == "One, reworded entirely")
    }

    @Test func rawHTMLOtherThanMetadataIsDropped() throws {
        let parsed = try #require(
            parsedSpec(
                validSpec(
                    replacing: "### One\n<!-- scenario: one -->\n",
                    with: "### One\n<!-- scenario: one -->\n\n<script>alert(1)</script>\n")))
        #expect(parsed.scenarios[0].summary.isEmpty)
    }
}
