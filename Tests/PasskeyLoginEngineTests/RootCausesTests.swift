import SpecModel
import Testing

@testable import PasskeyLoginEngine

/// One cause, one scenario: the root-cause table is computed from the adapters and the
/// reducer, and two platforms may differ only where a decision says why.
@Suite struct RootCausesTests {
    @Test func everyCauseLeadsToOneScenarioOrADecisionSaysWhy() {
        let entries = RootCauses.entries()
        #expect(entries.count == RootCauses.causes.count)
        #expect(RootCauses.undecided(entries).isEmpty, "\(RootCauses.undecided(entries))")
        // Every cause reaches every platform of the flow, with a name for it.
        for entry in entries {
            #expect(entry.platforms.map(\.platform) == PlatformAdapters.all.map(\.platform), "\(entry.id)")
            for cell in entry.platforms { #expect(!cell.names.isEmpty, "\(entry.id) on \(cell.platform)") }
        }
        // The decisions named in the table exist.
        let decisions = Set(Decision.all.map(\.id))
        for cause in RootCauses.causes { #expect(cause.decision.map(decisions.contains) ?? true, "\(cause.id)") }
    }

    @Test func theSameMisconfigurationIsUnavailableEverywhereWithoutRetry() throws {
        let entry = try #require(RootCauses.entries().first { $0.id == "misconfiguration" })
        #expect(!entry.platformsDiffer)
        #expect(entry.platforms.allSatisfy { $0.explicit == Situation.passkeyUnavailable.rawValue })
        #expect(
            entry.platforms.first { $0.platform == .ios }?.names == [
                "ASAuthorizationError.Code.failed (1004) with “Unable to verify webcredentials association”"
            ])
    }

    /// iOS's "no passkey" is a `canceled` told apart by its message, which the table shows.
    @Test func theNoPasskeyRowNamesTheMessageThatTellsItApart() throws {
        let entry = try #require(RootCauses.entries().first { $0.id == "no-credential" })
        let ios = try #require(entry.platforms.first { $0.platform == .ios })
        #expect(ios.names == ["ASAuthorizationError.Code.canceled (1001) with “\(IOSAdapter.noCredentialsMessage)”"])
    }

    /// The mutation the table must catch: the web sends an unknown failure to the
    /// unavailable scenario while iOS and Android offer a retry, and no decision says why.
    @Test func aPlatformThatSendsACauseElsewhereWithoutADecisionFails() {
        let mutated = RootCauses.entries(adapters: [IOSAdapter(), AndroidAdapter(), UnknownIsUnavailable()])
        #expect(RootCauses.undecided(mutated) == ["unknown-failure"])
        // A decision that says why makes the difference acceptable.
        var explained = mutated
        let index = explained.firstIndex { $0.id == "unknown-failure" }!
        explained[index].decision = "retry-only-where-it-helps"
        #expect(RootCauses.undecided(explained).isEmpty)
    }

    /// The web adapter, but an unknown failure cannot be retried.
    struct UnknownIsUnavailable: PlatformAdapter {
        let web = WebAdapter()
        var platform: Platform { web.platform }
        var facts: [PlatformFact] { web.facts }
        var errorResults: [NativeResult] { web.errorResults }
        var automaticStarts: [AutomaticStart] { web.automaticStarts }
        var reportsAssistedErrors: Bool { web.reportsAssistedErrors }
        var assistedRequestAPI: String { web.assistedRequestAPI }
        func success(_ credential: CredentialID) -> NativeResult { web.success(credential) }
        func result(of action: PromptAction, credential: CredentialID?) -> NativeResult? {
            web.result(of: action, credential: credential)
        }
        func outcome(of result: NativeResult) -> CeremonyOutcome {
            result.name == WebAuthnRejection.notReadableError.rawValue ? .unavailable : web.outcome(of: result)
        }
        func handlesDefensively(_ result: NativeResult) -> Bool { web.handlesDefensively(result) }
        func showsInline(_ notice: Notice) -> Bool { web.showsInline(notice) }
        func announcement(of change: ScreenChange, in situation: Situation) -> Announcement {
            web.announcement(of: change, in: situation)
        }
        func signal(for effect: LoginEffect, relyingPartyID: String) -> NativeSignal? {
            web.signal(for: effect, relyingPartyID: relyingPartyID)
        }
        func nativeTriggers(results: inout [TriggerResult], names: inout [TriggerNameEntry]) {
            web.nativeTriggers(results: &results, names: &names)
        }
    }
}
