import ExampleLogin
import Foundation
import Testing

@testable import PasskeyLoginKit

/// The example behind a harness that declares a login screen with no identifier field, as
/// Apple's and Google's samples have: the checks that need one are skipped, with the reason.
final class DiscoverableFirstHarness: LoginHarness {
    static var capabilities: AppCapabilities {
        AppCapabilities(entries: ["discoverable"], automaticStarts: ["none", "prompt"])
    }

    private let example: AppHarness

    init(environment: KitEnvironment) { example = AppHarness(environment: environment) }
    func send(_ event: AppEvent) { example.send(event) }
    func observe() -> AppObservation { example.observe() }
}

/// What the kit does with what an app declares and with what it does wrong in its requests and
/// choices, on the example.
@Suite struct KitBehaviourTests {
    enum DeadButton: MutationChoice { static var mutations: Set<LoginViewModel.Mutation> { [.deadPasskeyButton] } }
    enum SheetOverAutoFill: MutationChoice {
        static var mutations: Set<LoginViewModel.Mutation> { [.sheetOverAutoFill] }
    }

    @Test func aDiscoverableFirstAppRunsTheChecksItCanTakeAndSkipsTheOthersWithTheReason() async throws {
        let script = try Scripts.n1_4()
        let skipped = Conformance.skipped(in: script, harness: DiscoverableFirstHarness.self)
        let applicable = script.checks.filter { skipped[$0.id] == nil }
        // Those written for a screen without an identifier field, and those that never enter one
        // and start nothing by themselves or open the prompt as the screen appears.
        #expect(applicable.count == 36)
        #expect(applicable.allSatisfy { $0.requires?.entry.contains("discoverable") == true })
        #expect(skipped.count == script.checks.count - 36)
        #expect(skipped.values.allSatisfy { $0.hasPrefix("the check needs ") })
        let assisted = try #require(script.checks.first { $0.requires?.automaticStart == ["assisted"] })
        #expect(
            skipped[assisted.id]
                == "the check needs passkeys offered in the identifier field (automatic start \"assisted\"), which the app does not declare"
        )
        let identifierOnly = try #require(script.checks.first { $0.requires?.entry == ["identifier-first"] })
        #expect(
            skipped[identifierOnly.id]?.hasPrefix(
                "the check needs an identifier field (entry \"identifier-first\"), which the app does not declare")
                == true)
        let failures = await Conformance.failures(in: script, harness: DiscoverableFirstHarness.self)
        #expect(failures.isEmpty, "\(failures.values.map(\.description).joined(separator: "\n\n"))")
        await #expect(throws: CheckNotApplicable.self) {
            try await Conformance.run(assisted.id, in: script, harness: DiscoverableFirstHarness.self)
        }
        // Declaring everything runs everything.
        #expect(Conformance.skipped(in: script, harness: AppHarness.self).isEmpty)
    }

    /// A passkey button that does nothing: every check that taps it fails at or after the tap,
    /// and one whose automatic prompt is still open when the step ends the button's says so.
    @Test func aPasskeyButtonThatDoesNothingFailsEveryCheckThatTapsIt() async throws {
        let script = try Scripts.n1_4()
        let failures = await Conformance.failures(in: script, harness: ExampleHarness<DeadButton>.self)
        let tapping = script.checks.filter { check in
            check.steps.contains { $0.inputs?.contains { $0.event == "passkey-button-tapped" } == true }
        }
        #expect(Set(failures.keys) == Set(tapping.map(\.id)), "\(failures.keys.sorted())")
        #expect(failures.count == 26)
        for check in tapping {
            let failure = try #require(failures[check.id])
            let tap = try #require(
                check.steps.first { $0.inputs?.contains { $0.event == "passkey-button-tapped" } == true })
            let line = try #require(failure.location.split(separator: ":").last.flatMap { Int($0) })
            #expect(line >= tap.line, "\(failure)")
        }
    }

    /// The step ends the prompt of the kind it implies: with the automatic sheet still open
    /// under a passkey button that does nothing, the step that ends the button's sheet fails.
    @Test func aPromptResultEndsThePromptOfTheKindTheStepImplies() async throws {
        let json = """
            {"version": 1, "platform": "ios", "copy": {}, "skipped": [],
             "spec": {"id": "T1", "title": "Test", "file": "native/test.md", "fingerprint": "abc"},
             "checks": [{"id": "T1/button", "name": "Button", "line": 10,
               "configuration": {"automaticStart": "prompt", "entry": "discoverable", "enumerationPolicy": "conceal", "fallback": "password", "accountRoutes": {}},
               "world": {"account": "active", "routeAvailable": true, "devicePasskeys": ["phone"], "serverPasskeys": {"phone": "active"}, "verificationInconclusive": false},
               "steps": [
                 {"keyword": "When", "text": "the login screen appears", "line": 11, "kind": "action",
                  "inputs": [{"event": "screen-appeared", "opens": "automatic"}]},
                 {"keyword": "And", "text": "the user taps the passkey button", "line": 12, "kind": "action",
                  "inputs": [{"event": "passkey-button-tapped", "opens": "explicit"}]},
                 {"keyword": "And", "text": "the user cancels the OS prompt", "line": 13, "kind": "action",
                  "inputs": [{"event": "prompt-result", "prompt": "explicit",
                              "result": {"name": "ASAuthorizationError.Code.canceled", "code": "1001"}}]}]}]}
            """
        let script = try KitScript.decoded(json)
        let failure = try #require(
            await Conformance.failures(in: script, harness: ExampleHarness<DeadButton>.self)["T1/button"])
        #expect(failure.location == "native/test.md:13")
        #expect(
            failure.differences == [
                "expected the explicit passkey prompt open, to end with ASAuthorizationError.Code.canceled; the app's open prompt is automatic"
            ])
    }

    /// The passkey button's sheet opened over a pending AutoFill request, which iOS refuses:
    /// the checks that tap the button while AutoFill is armed fail at that step.
    @Test func aSheetOverAPendingAutoFillRequestFailsAtTheStepThatOpensIt() async throws {
        let script = try Scripts.n1_4()
        let failures = await Conformance.failures(in: script, harness: ExampleHarness<SheetOverAutoFill>.self)
        #expect(Set(failures.keys) == Self.sheetOverAutoFillFailures, "\(failures.keys.sorted())")
        for (id, failure) in failures {
            #expect(
                failure.differences == [
                    "expected the identifier field's AutoFill request cancelled before a modal one (iOS refuses it: \"Request already in progress for specified application identifier.\"); the app made an explicit request while it was pending"
                ], "\(failure)")
            let step = try #require(
                script.check(id)?.steps.first { "\(script.spec.file):\($0.line)" == failure.location })
            #expect(step.inputs?.contains { $0.event == "passkey-button-tapped" } == true, "\(failure)")
        }
    }

    /// A step that chooses an action the app does not offer fails there, with what it offers.
    @Test func choosingAnActionTheAppDoesNotOfferFailsAtThatStep() async throws {
        let json = """
            {"version": 1, "platform": "ios", "copy": {}, "skipped": [],
             "spec": {"id": "T1", "title": "Test", "file": "native/test.md", "fingerprint": "abc"},
             "checks": [{"id": "T1/choose", "name": "Choose", "line": 10,
               "configuration": {"automaticStart": "none", "enumerationPolicy": "conceal", "fallback": "password", "accountRoutes": {}},
               "world": {"account": "active", "routeAvailable": true, "devicePasskeys": [], "serverPasskeys": {}, "verificationInconclusive": false},
               "steps": [
                 {"keyword": "When", "text": "the login screen appears", "line": 11, "kind": "action", "inputs": [{"event": "screen-appeared"}]},
                 {"keyword": "And", "text": "the user chooses another passkey", "line": 12, "kind": "action",
                  "inputs": [{"event": "choose", "action": "another-passkey"}]}]}]}
            """
        let script = try KitScript.decoded(json)
        let failure = try #require(await Conformance.failures(in: script, harness: AppHarness.self)["T1/choose"])
        #expect(failure.location == "native/test.md:12")
        #expect(
            failure.differences == [
                "the step chooses \"another-passkey\", which the app does not offer; it offers none"
            ])
    }

    /// Two versions of one text say where they part; two different texts do not.
    @Test func aCopyDifferenceSaysWhereTwoVersionsOfOneTextPart() {
        #expect(
            Conformance.whereTextsPart("Can’t Check Sign-In Options", "Can't Check Sign-In Options")
                == "character 4: the spec has \"’\" U+2019, the app \"'\" U+0027")
        #expect(
            Conformance.whereTextsPart("Try again", "Try again later")
                == "character 10: the spec has the end, the app \" \" U+0020")
        #expect(Conformance.whereTextsPart("Passkey Sign-In Failed", "Sign-In Error") == nil)
    }

    static let sheetOverAutoFillFailures: Set<String> = [
        "N1.4-AC01/the-passkey-button-cancels-a-pending-request-in-the-identifier-field-first"
    ]
}
