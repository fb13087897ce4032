import AuthenticationServices
import Foundation
import PasskeyLoginKit
import Testing

/// The kit waits, after each input, for the work the app started on the main actor: a signal
/// sent from a `Task` through the Signal API is seen by the next outcome step.
@MainActor
@Suite(.serialized) struct KitSettleTests {
    /// One check: the user signs in with the fallback; the full list of accepted passkeys goes
    /// out.
    static let script = """
        {"version": 1, "platform": "ios", "copy": {}, "skipped": [],
         "spec": {"id": "T1", "title": "Test", "file": "native/test.md", "fingerprint": "abc"},
         "checks": [{"id": "T1/fallback", "name": "Fallback", "line": 10,
           "configuration": {"automaticStart": "none", "enumerationPolicy": "conceal", "fallback": "password", "accountRoutes": {}},
           "world": {"account": "active", "routeAvailable": true, "devicePasskeys": ["phone"], "serverPasskeys": {"phone": "active"}, "verificationInconclusive": false},
           "steps": [
             {"keyword": "When", "text": "the user signs in with the fallback", "line": 11, "kind": "action",
              "inputs": [{"event": "fallback-sign-in-succeeded"}]},
             {"keyword": "Then", "text": "the full list of accepted passkeys is sent", "line": 12, "kind": "outcome",
              "expect": {"screen": "signed-in", "actions": [], "suggestions": false, "session": true,
                         "signals": ["all-accepted-credentials phone"], "lookups": 0}}]}]}
        """

    /// An app that signs in at once and reports the accepted passkeys from a task, as the
    /// Signal API's `async` methods make apps do.
    @MainActor final class SignalingHarness: @MainActor LoginHarness {
        let environment: KitEnvironment
        var signedIn = false
        /// Whether the task keeps calling the server, and never settles (the suite runs its tests
        /// one at a time).
        nonisolated(unsafe) static var restless = false

        init(environment: KitEnvironment) { self.environment = environment }

        func send(_ event: AppEvent) {
            guard event == .fallbackSignInSucceeded, let account = environment.server.signInWithFallback() else {
                return
            }
            signedIn = true
            let accepted = account.acceptedPasskeys.map { Data($0.utf8) }
            Task { @MainActor in
                try await ASCredentialDataManager().reportAllAcceptedPublicKeyCredentials(
                    relyingPartyIdentifier: "example.com", userHandle: Data("user-1".utf8),
                    acceptedCredentialIDs: accepted)
                while Self.restless {
                    _ = self.environment.server.requestOptions()
                    await Task.yield()
                }
            }
        }

        func observe() -> AppObservation {
            AppObservation(screen: signedIn ? .signedIn : .login, notice: nil, actions: [], session: signedIn)
        }
    }

    @Test func aSignalSentFromATaskIsSeenByTheNextStep() async throws {
        SignalingHarness.restless = false
        let script = try KitScript.decoded(Self.script)
        let failures = await Conformance.failures(in: script, harness: SignalingHarness.self)
        #expect(failures.isEmpty, "\(failures.values.map(\.description))")
    }

    @Test func anAppThatNeverSettlesFailsTheStepThatStartedIt() async throws {
        SignalingHarness.restless = true
        defer { SignalingHarness.restless = false }
        let script = try KitScript.decoded(Self.script)
        let failure = try #require(
            await Conformance.failures(in: script, harness: SignalingHarness.self)["T1/fallback"])
        #expect(failure.location == "native/test.md:11")
        #expect(
            failure.differences == [
                "expected the app to settle after fallback-sign-in-succeeded; it still calls the fakes after 200 turns"
            ])
    }
}
