import ExampleLogin
import PasskeyLoginKit
import Testing

/// Each mistake real teams make, switched on in the example: the spec's checks that name the
/// behaviour fail, and no others, each with the spec's file and line.
@Suite struct MutationTests {
    enum Reopen: MutationChoice { static var mutations: Set<LoginViewModel.Mutation> { [.reopenAfterFirstCancel] } }
    enum ExplicitError: MutationChoice {
        static var mutations: Set<LoginViewModel.Mutation> { [.errorAfterExplicitCancel] }
    }
    enum TimeoutNoAccount: MutationChoice {
        static var mutations: Set<LoginViewModel.Mutation> { [.timeoutMeansNoAccount] }
    }
    enum RevokedSignal: MutationChoice {
        static var mutations: Set<LoginViewModel.Mutation> { [.unknownSignalForRevokedPasskey] }
    }
    enum RestrictedSession: MutationChoice {
        static var mutations: Set<LoginViewModel.Mutation> { [.sessionForRestrictedAccount] }
    }
    enum OwnTitle: MutationChoice {
        static var mutations: Set<LoginViewModel.Mutation> { [.ownTitleForPasskeyFailure] }
    }
    enum ReusedChallenge: MutationChoice {
        static var mutations: Set<LoginViewModel.Mutation> { [.reuseChallengeOnRetry] }
    }
    enum KeptPastExpiry: MutationChoice {
        static var mutations: Set<LoginViewModel.Mutation> { [.keepAutoFillPastExpiry] }
    }
    enum UnknownOnRevocation: MutationChoice {
        static var mutations: Set<LoginViewModel.Mutation> { [.unknownSignalOnRevocation] }
    }

    static func failures<Changes: MutationChoice>(_ changes: Changes.Type) async throws -> [String: ConformanceFailure]
    {
        await Conformance.failures(in: try Scripts.n1_4(), harness: ExampleHarness<Changes>.self)
    }

    @Test func theExampleAsItShipsPassesEveryCheck() async throws {
        let failures = try await Self.failures(NoMutation.self)
        #expect(failures.isEmpty, "\(failures.values.map(\.description).joined(separator: "\n\n"))")
        #expect(try Scripts.n1_4().checks.count == 50)
    }

    /// Fails exactly `expected` (the checks whose steps exercise the behaviour), each failure
    /// at a step of the spec's file.
    static func expectFailures<Changes: MutationChoice>(_ changes: Changes.Type, _ expected: Set<String>) async throws {
        let failures = try await failures(changes)
        #expect(Set(failures.keys) == expected, "\(failures.keys.sorted())")
        let script = try Scripts.n1_4()
        for (id, failure) in failures {
            let check = try #require(script.check(id))
            let lines = Set(check.steps.map(\.line))
            let line = try #require(failure.location.split(separator: ":").last.flatMap { Int($0) })
            #expect(failure.location.hasPrefix(script.spec.file + ":"), "\(failure)")
            #expect(lines.contains(line), "\(failure)")
        }
    }

    /// The sheet reopening at once after the first automatic cancel: every check that cancels
    /// the automatic prompt once and looks at what follows.
    @Test func theSheetReopeningAfterTheFirstCancelFailsTheFirstCancellationChecks() async throws {
        try await Self.expectFailures(
            Reopen.self,
            [
                "N1.4-AC01/the-first-automatic-cancellation-offers-a-retry-and-opens-nothing",
                "N1.4-AC01/a-successful-login-makes-the-next-cancellation-the-first",
                "N1.4-AC01/a-fallback-login-also-makes-the-next-cancellation-the-first",
                "N1.4-AC02/an-explicit-cancellation-after-an-automatic-one-keeps-the-offered-retry",
                "N1.4-AC01/without-an-identifier-the-automatic-prompt-opens-as-the-screen-appears",
                "account-cannot-continue/with-the-conceal-policy-an-unknown-identifier-gets-what-an-account-with-passkeys-gets",
                // The retry the reopened sheet leaves no room for: the step chooses what the app
                // does not offer.
                "N1.4-AC01/cancelling-the-retried-prompt-shows-the-fallback",
            ])
    }

    /// An error after the user cancels the sheet they opened: every check that cancels (or
    /// ends without a passkey) the passkey button's sheet.
    @Test func anErrorAfterAnExplicitCancelFailsTheExplicitCancelChecks() async throws {
        try await Self.expectFailures(
            ExplicitError.self,
            [
                "N1.4-AC02/cancelling-the-passkey-button-s-prompt-changes-nothing",
                "N1.4-AC02/no-credential-from-the-passkey-button-changes-nothing-either",
                "N1.4-AC02/cancelling-again-and-again-keeps-every-way-in",
                "N1.4-AC02/an-explicit-cancellation-after-an-automatic-one-keeps-the-offered-retry",
                "N1.4-AC02/without-an-identifier-cancelling-the-passkey-button-s-prompt-changes-nothing",
                "N1.4-AC01/the-passkey-button-cancels-a-pending-request-in-the-identifier-field-first",
                "passkey-failed/an-interrupted-prompt-from-the-passkey-button-leaves-the-fallback-in-reach",
            ])
    }

    @Test func aTimeoutReadAsNoAccountFailsTheTimeoutChecks() async throws {
        try await Self.expectFailures(
            TimeoutNoAccount.self,
            ["N1.4-AC03/the-account-directory-times-out", "N1.4-AC03/the-credential-list-times-out"])
    }

    @Test func theUnknownSignalForARevokedPasskeyFailsTheRevokedChecks() async throws {
        try await Self.expectFailures(
            RevokedSignal.self,
            [
                "N1.4-AC04/a-credential-revoked-through-settings-is-reconciled-not-signalled-as-unknown",
                "N1.4-AC04/signing-in-with-the-fallback-after-a-revoked-credential-reconciles-the-list",
                "N1.4-AC04/revoking-a-passkey-in-the-account-settings-reconciles-the-list-at-once",
            ])
    }

    @Test func aSessionForABlockedAccountFailsEveryBlockedStatusCheck() async throws {
        try await Self.expectFailures(
            RestrictedSession.self,
            [
                "N1.4-AC05/a-closed-account-does-not", "N1.4-AC05/a-deleted-account-does-not",
                "N1.4-AC05/a-disabled-account-does-not", "N1.4-AC05/a-locked-account-does-not",
                "N1.4-AC05/a-locked-account-gets-no-session-from-the-fallback-either",
                "N1.4-AC05/a-restricted-account-does-not", "N1.4-AC05/an-inactive-account-does-not",
                "N1.4-AC05/without-an-identifier-the-assertion-tells-a-locked-account",
            ])
    }

    /// A retried sheet that reuses the challenge of the sheet before it: the fake passkey API
    /// refuses it at the step that chooses retry, in the checks that retry after a sheet, and
    /// nowhere else.
    @Test func aReusedChallengeFailsAtTheRetryThatReusesIt() async throws {
        let failures = try await Self.failures(ReusedChallenge.self)
        #expect(failures.keys.contains("N1.4-AC01/cancelling-the-retried-prompt-shows-the-fallback"))
        #expect(!failures.keys.contains("N1.4-AC02/cancelling-the-passkey-button-s-prompt-changes-nothing"))
        #expect(
            !failures.keys.contains(
                "N1.4-AC04/a-credential-id-absent-from-the-server-s-records-is-signalled-as-unknown"))
        let script = try Scripts.n1_4()
        for (id, failure) in failures {
            #expect(failure.differences.count == 1, "\(failure)")
            #expect(
                failure.differences.allSatisfy {
                    $0.hasPrefix(
                        "expected a passkey request with fresh request options; the app used challenge \"challenge-")
                }, "\(failure)")
            let step = try #require(
                script.check(id)?.steps.first { "\(script.spec.file):\($0.line)" == failure.location })
            #expect(step.inputs?.contains { $0.event == "choose" && $0.action == "retry" } == true, "\(failure)")
        }
    }

    /// AutoFill left armed past its challenge's expiry: the check that says it is about to
    /// expire fails at that step, and says which challenge the request still carries.
    @Test func aRequestKeptPastItsChallengeFailsTheRenewalCheck() async throws {
        let failures = try await Self.failures(KeptPastExpiry.self)
        let id = "N1.4-AC01/the-identifier-field-s-suggestions-are-renewed-before-and-after-their-challenge-expires"
        #expect(Set(failures.keys) == [id])
        let failure = try #require(failures[id])
        #expect(failure.step == "And the identifier field's challenge is about to expire")
        #expect(
            failure.differences == [
                "expected the identifier field's request armed again with fresh options; it still carries challenge \"challenge-1\""
            ])
    }

    /// A passkey revoked in the settings reported as unknown: the revocation check fails where
    /// it expects the full list, and says which signal was sent instead.
    @Test func anUnknownSignalOnRevocationFailsTheRevocationCheck() async throws {
        let failures = try await Self.failures(UnknownOnRevocation.self)
        let id = "N1.4-AC04/revoking-a-passkey-in-the-account-settings-reconciles-the-list-at-once"
        #expect(Set(failures.keys) == [id])
        let failure = try #require(failures[id])
        #expect(failure.step == "Then the full list of accepted passkeys is sent without passkey \"old-phone\"")
        #expect(
            failure.differences.contains {
                $0.hasPrefix("signals sent: expected ") && $0.hasSuffix("unknown-credential old-phone")
            })
    }

    /// A title that is not the spec's fails the checks that show the general passkey error, and
    /// says which string differs.
    @Test func aTitleOtherThanTheSpecsFailsTheChecksThatShowIt() async throws {
        try await Self.expectFailures(
            OwnTitle.self,
            [
                "passkey-failed/a-failed-automatic-prompt-offers-retry-and-the-fallback",
                "N1.4-AC04/an-inconclusive-answer-sends-no-signal",
                "N1.4-AC01/an-expired-challenge-after-the-automatic-prompt-waits-for-the-user-s-retry",
            ])
        let failure = try #require(try await Self.failures(OwnTitle.self).values.first)
        #expect(
            failure.differences.contains(
                "the \"passkey-failed\" notice's title: expected \"Passkey Sign-In Failed\"; the app shows \"Sign-In Error\""
            ))
    }
}
