import SpecModel
import Testing

@testable import PasskeyLoginEngine

/// A browser refuses a Signal API call while another passkey request of the page is pending
/// (Chromium: `OperationError`, “A request is already pending.”), so the invariant that
/// guards it must see the order of a transition's effects, not only their presence.
@Suite struct SignalOrderTests {
    static let invariant = Invariant.all.first { $0.id == "AC04.signal-with-no-request-pending" }!
    static let fieldRequest = Ceremony(route: .assisted, allowedCredentials: [])
    static let rejected = CredentialID(named: "passkey-1")

    static func verdict(pending: Bool, effects: [LoginEffect]) -> Verdict {
        var before = LoginState()
        before.assisted = pending ? fieldRequest : nil
        var after = before
        after.assisted = nil
        let context = InvariantContext(
            before: before, event: .verificationFinished(.credentialUnknown),
            transition: Transition(state: after, effects: effects), world: WorldScript(account: nil),
            reducer: LoginReducer(configuration: Configuration()))
        return invariant.check(context)
    }

    @Test func aSignalBeforeTheFieldsRequestIsArmedAgainHolds() {
        #expect(
            Self.verdict(
                pending: false,
                effects: [.signalUnknownCredential(Self.rejected), .armAssistedRequest(Self.fieldRequest)]) == .holds)
    }

    @Test func aSignalAfterTheFieldsRequestIsArmedAgainIsAViolation() {
        #expect(
            Self.verdict(
                pending: false,
                effects: [.armAssistedRequest(Self.fieldRequest), .signalUnknownCredential(Self.rejected)])
                == .violated("a signal was sent while the identifier field's request was pending"))
    }

    @Test func aSignalWhileTheFieldsRequestIsStillPendingIsAViolationUnlessItIsCancelledFirst() {
        #expect(Self.verdict(pending: true, effects: [.signalUnknownCredential(Self.rejected)]) != .holds)
        #expect(
            Self.verdict(pending: true, effects: [.cancelAssistedRequest, .signalUnknownCredential(Self.rejected)])
                == .holds)
    }

    @Test func aTransitionWithoutASignalIsNotItsConcern() {
        #expect(Self.verdict(pending: true, effects: [.armAssistedRequest(Self.fieldRequest)]) == .notApplicable)
    }
}
