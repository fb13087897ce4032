import Foundation
import SpecModel
import Testing

@testable import Exports
@testable import SpecRunner

/// Single edits to a copy of the spec: each wrong expectation must fail `check` at its line,
/// and each gap between copy and engine must fail it with a clear message.
@Suite struct ContentEditTests {
    /// An edit: replace the first `old` after the line holding `anchor`, then expect a
    /// failure at the replaced line.
    struct Edit: Sendable, CustomTestStringConvertible {
        var name: String
        var anchor: String
        var old: String
        var new: String
        var testDescription: String { name }
    }

    static let expectationEdits: [Edit] = [
        Edit(
            name: "an error where the criterion says none", anchor: "Scenario: The first automatic cancellation offers",
            old: "  And no error is shown", new: "  And the user sees the \"passkey-failed\" copy"),
        Edit(
            name: "a session for a locked account", anchor: "Scenario: A locked account does not",
            old: "  Then no session is created", new: "  Then a session is created"),
        Edit(
            name: "a prompt reopening after the first cancellation",
            anchor: "Scenario: The first automatic cancellation offers",
            old: "  And no passkey prompt opens", new: "  And an automatic passkey prompt opens"),
        Edit(
            name: "the unknown-credential signal for a revoked passkey",
            anchor: "Scenario: A credential revoked through settings",
            old: "  And no unknown-credential signal is sent",
            new: "  And the unknown-credential signal is sent for passkey \"old-phone\""),
        Edit(
            name: "a forced fallback after an explicit cancel",
            anchor: "Scenario: Cancelling the passkey button's prompt changes",
            old: "  And no automatic redirect occurs", new: "  And the fallback screen is shown"),
        Edit(
            name: "no fresh lookup on retry", anchor: "Scenario: The credential list times out",
            old: "  Then a fresh lookup is performed", new: "  Then no passkey prompt opens"),
        Edit(
            name: "a count that is not reset", anchor: "Scenario: A successful login makes the next",
            old: "  And the cancellation count is 0", new: "  And the cancellation count is 1"),
    ]

    func apply(_ edit: Edit, to text: String) throws -> (String, Int) {
        let anchorLine = line(of: edit.anchor, in: text)
        try #require(anchorLine > 0, "anchor '\(edit.anchor)' not found")
        let target = line(of: edit.old, in: text, after: anchorLine)
        try #require(target > 0, "'\(edit.old)' not found after the anchor")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[target - 1] = lines[target - 1].replacingOccurrences(of: edit.old, with: edit.new)
        return (lines.joined(separator: "\n"), target)
    }

    @Test(arguments: expectationEdits)
    func aChangedExpectationFailsAtItsLine(_ edit: Edit) throws {
        let (text, target) = try apply(edit, to: try specText())
        let report = fastRunner.run(ContentSet(specs: [try parseSpec(text)]))
        #expect(!report.passed)
        let failures = report.diagnostics.filter { $0.id == "step-failed" }
        #expect(!failures.isEmpty)
        #expect(failures.allSatisfy { $0.location.line == target }, "\(failures.map(\.description))")
        #expect(Set(failures.map { $0.message.text.contains("on iOS") ? "ios" : "android" }) == ["ios", "android"])
    }

    @Test func aMissingActionLabelFailsCoverage() throws {
        let text = try specText().replacingOccurrences(
            of: "| Action `retry` | Try Passkey Again | Try passkey again |\n", with: "")
        let report = fastRunner.run(ContentSet(specs: [try parseSpec(text)]))
        let problems = report.diagnostics.filter { $0.id == "action-without-copy" }
        #expect(problems.count == 2)
        #expect(
            problems.map(\.message.text).contains(
                "the engine offers 'retry' in scenario 'automatic-cancel-first' on iOS, but its copy table has no label for it"
            ))
        #expect(report.specs[0].scenarios.first { $0.id == "automatic-cancel-first" }?.passed == false)
    }

    @Test func anUnreachableActionFailsCoverage() throws {
        let text = try specText().replacingOccurrences(
            of: "| Message      | None — no error is shown | None — no error is shown |\n",
            with:
                "| Message      | None — no error is shown | None — no error is shown |\n| Action `retry` | Try Again | None |\n"
        )
        let report = fastRunner.run(ContentSet(specs: [try parseSpec(text)]))
        let problems = report.diagnostics.filter { $0.id == "unreachable-action" }
        #expect(
            problems.map(\.message.text) == [
                "the iOS copy of scenario 'explicit-cancel' labels action 'retry', which the engine never offers there"
            ])
        let target = line(of: "| Action `retry` | Try Again | None |", in: text)
        #expect(problems.first?.location.line == target)
    }

    @Test func anErrorWithoutTitleAndNoErrorWithATitleFailCoverage() throws {
        var text = try specText()
        text = text.replacingOccurrences(
            of: "| Title             | Unable to Check Sign-In Options | Can’t check sign-in options |",
            with: "| Title             | None | Can’t check sign-in options |")
        text = text.replacingOccurrences(
            of:
                "| Title          | None | None |\n| Message        | None — no error is shown | None — no error is shown |\n| Action `retry` |",
            with:
                "| Title          | None | Cancelled |\n| Message        | None — no error is shown | None — no error is shown |\n| Action `retry` |"
        )
        let report = fastRunner.run(ContentSet(specs: [try parseSpec(text)]))
        let ids = report.diagnostics.map(\.id)
        #expect(ids.contains("notice-without-copy"))
        #expect(ids.contains("copy-without-notice"))
    }

    @Test func aScenarioTheEngineNeverReachesFailsCoverage() throws {
        let extra = """
            ### Passkey prompt times out
            <!-- scenario: prompt-timeout -->

            The prompt stays open too long.

            |         | iOS | Android |
            | ------- | --- | ------- |
            | Trigger | `ASAuthorizationError.Code.failed` | `GetCredentialInterruptedException` |
            | Title   | Timed Out | Timed out |
            | Message | Try again. | Try again. |

            ## Acceptance criteria
            """
        let text = try specText().replacingOccurrences(of: "## Acceptance criteria", with: extra)
        let report = fastRunner.run(ContentSet(specs: [try parseSpec(text)]))
        let problems = report.diagnostics.filter { $0.id == "unreachable-scenario" }
        #expect(problems.count == 2)
        #expect(report.diagnostics.contains { $0.id == "scenario-not-exercised" })
    }

    @Test func aScenarioMissingFromTheSpecFailsCoverage() throws {
        var text = try specText()
        let start = try #require(text.range(of: "### Error: general passkey login error"))
        let end = try #require(text.range(of: "### Error: tried deleted passkey"))
        text.removeSubrange(start.lowerBound..<end.lowerBound)
        let report = fastRunner.run(ContentSet(specs: [try parseSpec(text)]))
        #expect(
            report.diagnostics.contains {
                $0.id == "scenario-missing-from-spec" && $0.message.text.contains("'passkey-failed'")
            })
    }
}

@Suite struct JUnitReportTests {
    @Test func countsTestsFailuresAndSkipsPerSuite() throws {
        var text = try specText()
        text = text.replacingOccurrences(
            of:
                "  Then no session is created\n  And the user sees the \"restricted-account\" copy\n  When the user chooses \"account-help\"\n  Then the \"recovery\" route opens",
            with: "  Then a session is created")
        text = text.replacingOccurrences(
            of:
                "Scenario: An active account receives a session\n  Given the app does not start passkey login automatically",
            with:
                "Scenario: An active account receives a session\n  Given the app does not start passkey login automatically\n  And the moon is full"
        )
        let spec = try parseSpec(text)
        let report = fastRunner.run(ContentSet(specs: [spec]))
        let xml = JUnitReport.xml(report)
        let total =
            spec.checks.count * 2 + report.specs[0].criteria.flatMap(\.invariants).count
            + report.flows.flatMap(\.generalInvariants).count
        #expect(
            xml.contains(
                "<testsuites name=\"passkey-spec\" tests=\"\(total)\" failures=\"4\" errors=\"0\" skipped=\"2\">"))
        #expect(xml.contains("tests=\"\(spec.checks.count)\" failures=\"2\" errors=\"0\" skipped=\"1\">"))
        #expect(xml.contains("<failure message=\"spec.md:"))
        #expect(xml.contains("<skipped message=\"undefined step at spec.md:"))
    }

    @Test func escapesMarkupAndDropsControlCharacters() {
        #expect(JUnitReport.escape("a<b>&\"c\" 'd'\u{1}") == "a&lt;b&gt;&amp;&quot;c&quot; &apos;d&apos;")
    }
}
