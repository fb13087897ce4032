import Exports
import PasskeyLoginEngine
import ReportModel
import SpecModel
import Testing

@testable import PasskeyLoginFlow
@testable import SpecRunner

@Suite struct CheckRunnerTests {
    let location = SourceLocation(file: "spec.md", line: 10, column: 1)

    func check(_ lines: [String]) -> Check {
        let steps = lines.enumerated().map { index, line -> Step in
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            return Step(
                keyword: StepKeyword(rawValue: parts[0])!, text: parts[1],
                location: SourceLocation(file: "spec.md", line: 11 + index, column: 3))
        }
        return Check(id: "T1-AC01/x", criterion: CriterionID("T1-AC01"), name: "x", steps: steps, location: location)
    }

    @Test func aPassingCheckRecordsNativeResultsAndScenariosPerPlatform() throws {
        let (run, presentations, problems, _) = fastRunner.run(
            check([
                "Given the device has passkey \"phone\"", "When the login screen appears",
                "And the user cancels the OS prompt",
                "Then the user sees the \"automatic-cancel-first\" copy",
            ]), flow: fastFlow, platforms: [.ios, .android])
        #expect(problems.isEmpty)
        #expect(run.passed)
        #expect(run.platforms.map(\.platform) == [.ios, .android])
        #expect(run.platforms.allSatisfy { $0.scenarios == ["automatic-cancel-first"] })
        #expect(run.platforms[0].steps[2].native == ["ASAuthorizationError.Code.canceled (1001)"])
        #expect(
            run.platforms[1].steps[2].native
                == [
                    "GetCredentialCancellationException (android.credentials.GetCredentialException.TYPE_USER_CANCELED)"
                ])
        let shown = presentations.filter { $0.platform == .ios && $0.scenario == "automatic-cancel-first" }
        #expect(shown.map(\.actions) == [["retry"]])
        #expect(shown.map(\.showsNotice) == [false])
        // The login screen stays, with a retry button: nothing is announced.
        #expect(shown.map(\.announcement?.kind) == ["none"])
        #expect(shown.allSatisfy { $0.announcement?.speaks == false && $0.announcement?.means == nil })
    }

    @Test func aFailingStepReportsExpectedAndObservedAtItsLineAndSkipsTheRest() {
        let (run, _, problems, _) = fastRunner.run(
            check([
                "Given the device has passkey \"phone\"", "When the login screen appears",
                "And the user cancels the OS prompt",
                "Then the user sees the \"passkey-failed\" copy", "And no error is shown",
            ]), flow: fastFlow, platforms: [.ios])
        let steps = run.platforms[0].steps
        #expect(run.platforms[0].status == .failed)
        #expect(steps.map(\.status) == [.passed, .passed, .passed, .failed, .skipped])
        // An outcome fails in its own words: what the writer wrote is what was expected.
        #expect(steps[3].expected == "the user sees the \"passkey-failed\" copy")
        #expect(steps[3].observed == "scenario automatic-cancel-first")
        #expect(problems.map(\.id) == ["step-failed"])
        #expect(problems[0].location == SourceLocation(file: "spec.md", line: 14, column: 3))
        #expect(
            problems[0].message.text.hasPrefix(
                "step failed on iOS: expected the user sees the \"passkey-failed\" copy; observed scenario"))
    }

    @Test func anUndefinedStepMarksTheCheckUndefinedAndIsReportedOnce() {
        let (run, _, problems, _) = fastRunner.run(
            check(["Given the device has passkey \"phone\"", "When the user dances", "Then no error is shown"]),
            flow: fastFlow, platforms: [.ios, .android])
        #expect(run.platforms.map(\.status) == [.undefined, .undefined])
        #expect(run.platforms[0].steps.map(\.status) == [.passed, .undefined, .skipped])
        #expect(problems.map(\.id) == ["undefined-step"])
    }

    @Test func anImpossibleActionFailsWithTheScreenDescribed() {
        let (run, _, problems, _) = fastRunner.run(
            check(["When the login screen appears", "And the user chooses \"retry\""]), flow: fastFlow,
            platforms: [.android])
        #expect(run.platforms[0].status == .failed)
        #expect(run.platforms[0].steps[1].expected == "\"retry\" to be offered")
        #expect(run.platforms[0].steps[1].observed?.contains("screen ") == true)
        #expect(problems.first?.message.text.contains("on Android") == true)
    }

    /// The real content and the fixture the other tests edit.
    @Test(arguments: [contentSpecPath, specPath])
    func theProjectsContentPassesOnBothPlatforms(_ path: String) throws {
        let spec = try parseSpec(try specText(at: path))
        let report = fastRunner.run(ContentSet(specs: [spec]))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))")
        let specRun = try #require(report.specs.first)
        let criteriaPassed = specRun.criteria.allSatisfy { $0.passed }
        let scenariosPassed = specRun.scenarios.allSatisfy { !$0.exercisedBy.isEmpty && $0.passed }
        #expect(criteriaPassed)
        #expect(scenariosPassed)
        if path == specPath {
            #expect(specRun.criteria.count == 5)
            #expect(specRun.scenarios.count == 11)
        }
        #expect(specRun.checks.count == spec.checks.count)
        #expect(report.flows.first?.decisions.count == Decision.all.count)
    }

    @Test func signalsAreRecordedInThePlatformsShape() throws {
        let spec = try parseSpec(try specText())
        let report = fastRunner.run(ContentSet(specs: [spec]))
        let absent = try #require(report.specs[0].checks.first { $0.id.hasPrefix("N1.4-AC04/a-credential-id-absent") })
        let android = try #require(absent.platforms.first { $0.platform == .android })
        let natives = android.steps.flatMap(\.native)
        #expect(
            natives.contains {
                $0.hasPrefix(
                    "CredentialManager.signalCredentialState SignalUnknownCredentialRequest {\"credentialId\":")
            })
        let ios = try #require(absent.platforms.first { $0.platform == .ios })
        #expect(
            ios.steps.flatMap(\.native).contains {
                $0.contains("reportUnknownPublicKeyCredential(relyingPartyIdentifier:credentialID:)")
            })
    }
}

@Suite struct EngineVerdictTests {
    let world = WorldScript(
        account: Account(id: "account", userHandle: [1], status: .active),
        serverCredentials: [CredentialID(named: "p"): .active],
        deviceCredentials: [CredentialID(named: "p")])

    @Test func aViolatedInvariantFailsItsCriterionWithTheTrace() throws {
        let broken = Invariant(id: "AC01.test-broken", criterion: "N1.4-AC01", statement: "never sign in") { context in
            context.after.session == nil ? .holds : .violated("signed in")
        }
        let runner = runner {
            Explorer(adapters: [IOSAdapter()], configurations: [Configuration()], worlds: [world], invariants: [broken])
        }
        let spec = try parseSpec(try specText())
        let report = runner.run(ContentSet(specs: [spec]))
        let violation = try #require(report.diagnostics.first { $0.id == "invariant-violated" })
        #expect(violation.location == spec.criteria[0].location)
        #expect(violation.message.text.contains("invariant 'AC01.test-broken' is violated: ios; automatic start"))
        let criterion = try #require(report.specs[0].criteria.first)
        #expect(!criterion.passed)
        #expect(criterion.invariants.first?.counterexample?.last == "violation: signed in")
    }

    @Test func aCutShortExplorationFailsTheRun() throws {
        let runner = runner {
            Explorer(depthLimit: 1, adapters: [IOSAdapter()], configurations: [Configuration()], worlds: [world])
        }
        let report = runner.run(ContentSet(specs: [try parseSpec(try specText())]))
        #expect(report.diagnostics.contains { $0.id == "exploration-incomplete" })
        #expect(report.flows.first?.exploration.complete == false)
        #expect(!report.passed)
    }

    @Test func aCriterionWithoutChecksFails() throws {
        var text = try specText()
        let start = try #require(text.range(of: "### N1.4-AC02: explicit route"))
        let end = try #require(text.range(of: "### N1.4-AC03: failed lookups"))
        text.removeSubrange(start.lowerBound..<end.lowerBound)
        let spec = try parseSpec(text)
        // `lint` reports it (the check command lints first); the run marks it as not passing.
        let problem = try #require(
            SpecLint(flow: fastFlow).diagnostics(for: [spec]).first { $0.id == "criterion-without-checks" })
        #expect(problem.location == spec.criteria[1].location)
        let report = fastRunner.run(ContentSet(specs: [spec]))
        #expect(report.specs[0].criteria[1].platforms.allSatisfy { !$0.passed })
    }
}

/// Invariants that belong to no criterion still decide the verdict.
@Suite struct GeneralInvariantTests {
    @Test func aViolatedGeneralInvariantFailsTheRunAndTheJUnit() throws {
        let broken = Invariant(id: "general.always-broken", criterion: "general", statement: "Never holds.") { _ in
            .violated("it never holds")
        }
        let report = runner {
            Explorer(
                adapters: [IOSAdapter()], worlds: [WorldScript(account: nil)], invariants: [broken],
                comparesWorlds: false)
        }.run(ContentSet(specs: [try parseSpec(try specText())]))
        #expect(report.flows.first?.generalInvariants.map(\.id) == ["general.always-broken"])
        let problem = try #require(report.diagnostics.first { $0.id == "invariant-violated" })
        #expect(problem.message.text.hasPrefix("invariant 'general.always-broken' is violated"))
        #expect(!report.passed)
        let xml = JUnitReport.xml(report)
        #expect(xml.contains("<testsuite name=\"passkey-login general invariants\" tests=\"1\" failures=\"1\""))
        #expect(xml.contains("name=\"general.always-broken\"><failure"))
    }
}

/// A runner whose passkey-login flow explores with `explorer`.
func runner(_ explorer: @escaping @Sendable () -> Explorer) -> CheckRunner {
    CheckRunner(flows: FlowRegistry([PasskeyLoginFlow.make { _ in explorer() }]))
}
