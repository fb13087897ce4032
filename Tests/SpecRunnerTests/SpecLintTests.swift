import Foundation
import SpecModel
import Testing

@testable import SpecRunner

/// What `lint` finds without running the engine, each at the line a writer edits.
@Suite struct SpecLintTests {
    func lint(_ text: String) throws -> [Diagnostic] {
        SpecLint(flow: fastFlow).diagnostics(for: [try parseSpec(text)])
    }

    /// The real content and the fixture the other tests edit.
    @Test(arguments: [contentSpecPath, specPath])
    func theContentHasNoFinding(_ path: String) throws {
        #expect(try lint(try specText(at: path)).isEmpty)
    }

    @Test func aCriterionWithoutChecksIsFoundAtItsRow() throws {
        let text = try specText()
        let heading = "### N1.4-AC02: explicit route"
        let start = try #require(text.range(of: heading))
        let end = try #require(text.range(of: "### N1.4-AC03", range: start.upperBound..<text.endIndex))
        let edited = text.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: "")
        let found = try lint(edited).filter { $0.id == "criterion-without-checks" }
        #expect(found.count == 1)
        #expect(found.first?.message.text.contains("'N1.4-AC02'") == true)
        #expect(found.first?.location.line == line(of: "| N1.4-AC02 | Core", in: edited))
    }

    @Test func aScenarioNoCheckNamesIsFoundAtItsHeading() throws {
        let text = try specText()
        let edited = text.replacingOccurrences(
            of: "Then the user sees the \"passkey-unavailable\" copy", with: "Then \"fallback\" is offered")
        let found = try lint(edited)
        #expect(found.map(\.id) == ["scenario-without-check"])
        #expect(found.first?.location.line == line(of: "### Error: passkey login unavailable", in: edited))
        #expect(found.first?.message.text.contains("'passkey-unavailable'") == true)
    }

    /// A page without one of the flow's scenarios is one error at the spec's title, however
    /// many steps name the scenario: the steps are right, the page lacks the scenario.
    @Test func aPageWithoutAFlowScenarioItsStepsNameIsOneErrorAtTheSpec() throws {
        // The engine knows 'deleted-passkey', but this page no longer defines it.
        let text = try specText()
        let start = try #require(text.range(of: "### Error: tried deleted passkey"))
        let end = try #require(text.range(of: "### Restricted account state"))
        let edited = text.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: "")
        let found = try lint(edited)
        #expect(found.map(\.id) == ["scenario-missing-from-spec"], "\(found)")
        #expect(found.first?.location.line == 1)
        #expect(
            found.first?.message.text
                == "a step names the flow's scenario 'deleted-passkey', but the spec has no such scenario; add a '###' scenario with '<!-- scenario: deleted-passkey -->' and its copy table"
        )
    }

    /// A step that names a scenario neither the page nor the flow has is found at the step,
    /// with the page's nearest scenario.
    @Test func aStepNamingAScenarioNobodyHasIsFoundAtTheStep() throws {
        let edited = try specText().replacingOccurrences(
            of: "Then the user sees the \"deleted-passkey\" copy", with: "Then the user sees the \"deleted-pasky\" copy"
        )
        let found = try lint(edited)
        #expect(found.map(\.id) == ["step-names-unknown-scenario"], "\(found)")
        #expect(found.first?.location.line == line(of: "Then the user sees the \"deleted-pasky\" copy", in: edited))
        #expect(found.first?.message.text.contains("'deleted-pasky', which this page does not define") == true)
    }

    @Test func aFailedStepIsReportedInItsOwnWords() throws {
        let text = try specText().replacingOccurrences(
            of:
                "  When the user cancels the OS prompt\n  Then the user sees the \"automatic-cancel-first\" copy\n  And no error is shown\n  And the login screen is shown",
            with:
                "  When the user cancels the OS prompt\n  Then the user sees the \"automatic-cancel-first\" copy\n  And no error is shown\n  And the fallback screen is shown"
        )
        let report = fastRunner.run(ContentSet(specs: [try parseSpec(text)], pages: []))
        let failure = try #require(report.diagnostics.first { $0.id == "step-failed" })
        #expect(
            failure.message.text.hasPrefix(
                "step failed on iOS: expected the fallback screen is shown; observed screen login"))
    }

    @Test func theConcealComparisonStepFailsWhenTheWorldsDiffer() throws {
        // With the reveal policy an account that cannot continue gets a notice: the step sees it.
        let text = try specText().replacingOccurrences(
            of: """
                Scenario: With the conceal policy an account that cannot continue looks like any other
                  Given the app starts passkey login automatically
                  And the enumeration policy is "conceal"
                """,
            with: """
                Scenario: With the conceal policy an account that cannot continue looks like any other
                  Given the app starts passkey login automatically
                  And the enumeration policy is "reveal"
                """)
        let report = fastRunner.run(ContentSet(specs: [try parseSpec(text)], pages: []))
        let failures = report.diagnostics.filter { $0.id == "step-failed" }
        #expect(!failures.isEmpty)
        #expect(
            failures.allSatisfy {
                $0.location.line
                    == line(
                        of: "  Then no error is shown", in: text,
                        after: line(of: "an account that cannot continue looks like any other", in: text))
            })
    }
}
