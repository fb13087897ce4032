import FlowEngine
import Testing

/// Each recorded decision, pinned by a test that shows the engine does what it says.
@Suite struct DecisionTests {
    static let tested: Set<String> = [
        "explicit-cancel-keeps-streak", "error-breaks-the-streak", "no-local-passkey-goes-to-fallback",
        "no-passkey-yet-is-silent", "explicit-route-is-discoverable", "conceal-unknown-accounts",
        "inconclusive-is-a-general-error", "reconcile-at-sign-in", "only-passkey-login-resets",
        "blocked-account-keeps-streak", "new-identifier-clears-retry", "android-not-allowed-is-a-cancellation",
        "ios-prefer-sign-in-with-apple", "creation-codes-are-general-errors",
    ]

    @Test func everyDecisionHasATestAndAReason() {
        #expect(Set(Decision.all.map(\.id)) == Self.tested)
        #expect(Set(Decision.all.map(\.id)).count == Decision.all.count)
        for decision in Decision.all {
            #expect(
                !decision.question.isEmpty && !decision.choice.isEmpty && !decision.reason.isEmpty, "\(decision.id)")
        }
    }

    @Test(arguments: DevicePlatform.allCases)
    func explicitCancelKeepsStreak(platform: DevicePlatform) {
        var state = FlowState(cancellationStreak: 1)
        state.appeared = true
        let reducer = FlowReducer()
        state = reducer.reduce(state, .passkeyButtonTapped).state
        let after = reducer.reduce(state, .ceremonyFinished(outcome(.userCancels, on: platform)))
        #expect(after.state.cancellationStreak == 1)
        #expect(after.effects.isEmpty)
    }

    @Test(arguments: DevicePlatform.allCases)
    func errorBreaksTheStreak(platform: DevicePlatform) {
        var store = FlowTestStore(state: FlowState(cancellationStreak: 1))
        store.launchToAutomaticPrompt()
        let automatic = Ceremony(route: .automatic, allowedCredentials: [passkey1, passkey2])
        store.send(
            .ceremonyFinished(outcome(.unknownFailure, on: platform)), effects: [.persistCancellationStreak(0)],
            situation: .passkeyFailed
        ) {
            $0.ceremony = nil
            $0.notice = .passkeyFailed
            $0.retry = .ceremony(automatic)
            $0.cancellationStreak = 0
        }
    }

    @Test(arguments: DevicePlatform.allCases)
    func noLocalPasskeyGoesToFallback(platform: DevicePlatform) {
        var store = FlowTestStore(state: FlowState(cancellationStreak: 1))
        store.launchToAutomaticPrompt()
        store.send(.ceremonyFinished(outcome(.noPasskeyOnDevice, on: platform)), effects: [.presentFallback(.password)])
        {
            $0.ceremony = nil
            $0.screen = .fallback(.password)
        }
        #expect(store.state.cancellationStreak == 1)
        #expect(store.state.retry == nil)
    }

    @Test func noPasskeyYetIsSilent() {
        let reducer = FlowReducer()
        var state = FlowState()
        state = reducer.reduce(state, .screenAppeared).state
        let after = reducer.reduce(state, .lookupFinished(.found(RouteData(credentialIDs: []))))
        #expect(after.effects == [.presentFallback(.password)])
        #expect(after.situation == nil && after.state.notice == nil)
    }

    @Test func explicitRouteIsDiscoverable() {
        var state = FlowState()
        state.appeared = true
        state.lookup = .succeeded(RouteData(credentialIDs: [passkey1]))
        #expect(
            FlowReducer().reduce(state, .passkeyButtonTapped).effects == [
                .startCeremony(Ceremony(route: .explicit, allowedCredentials: []))
            ])
    }

    @Test func concealUnknownAccounts() {
        for policy in EnumerationPolicy.allCases {
            let reducer = FlowReducer(configuration: Configuration(enumerationPolicy: policy))
            let state = reducer.reduce(FlowState(), .screenAppeared).state
            let unknown = reducer.reduce(state, .lookupFinished(.notFound))
            let blocked = reducer.reduce(state, .lookupFinished(.cannotContinue))
            #expect((unknown == blocked) == (policy == .conceal))
        }
    }

    @Test func inconclusiveIsAGeneralError() {
        var state = FlowState()
        state.verification = Verification(
            credentialID: passkey1, ceremony: Ceremony(route: .explicit, allowedCredentials: []))
        let after = FlowReducer().reduce(state, .verificationFinished(.inconclusive))
        #expect(after.situation == .passkeyFailed)
        #expect(after.effects.isEmpty)
    }

    @Test func reconcileAtSignIn() {
        var state = FlowState()
        state.verification = Verification(
            credentialID: passkey1, ceremony: Ceremony(route: .explicit, allowedCredentials: []))
        let rejected = FlowReducer().reduce(state, .verificationFinished(.credentialRevoked))
        #expect(rejected.effects.isEmpty, "nothing is signalled before the user is authenticated")
        var fallback = rejected.state
        fallback.notice = nil
        fallback.screen = .fallback(.password)
        let signedIn = FlowReducer().reduce(
            fallback, .fallbackSignInSucceeded(activeAccount, acceptedCredentials: [passkey2]))
        #expect(
            signedIn.effects.contains(
                .signalAllAcceptedCredentials(userHandle: activeAccount.userHandle, acceptedCredentials: [passkey2])))
    }

    @Test func onlyPasskeyLoginResets() {
        var state = FlowState(cancellationStreak: 2)
        state.appeared = true
        state.screen = .fallback(.password)
        let after = FlowReducer().reduce(state, .fallbackSignInSucceeded(activeAccount, acceptedCredentials: []))
        #expect(after.state.session == "account")
        #expect(after.state.cancellationStreak == 2)
    }

    @Test func blockedAccountKeepsStreak() {
        var state = FlowState(cancellationStreak: 1)
        state.verification = Verification(
            credentialID: passkey1, ceremony: Ceremony(route: .automatic, allowedCredentials: [passkey1]))
        let locked = Account(id: "account", userHandle: [1], status: .locked)
        let after = FlowReducer().reduce(
            state, .verificationFinished(.verified(locked, acceptedCredentials: [passkey1])))
        #expect(after.state.cancellationStreak == 1)
        #expect(after.state.session == nil)
    }

    @Test func newIdentifierClearsRetry() {
        var store = FlowTestStore()
        store.launchToAutomaticPrompt()
        store.send(
            .ceremonyFinished(.cancelled), effects: [.persistCancellationStreak(1)], situation: .automaticCancelFirst
        ) {
            $0.ceremony = nil
            $0.cancellationStreak = 1
            $0.retry = .ceremony(Ceremony(route: .automatic, allowedCredentials: [passkey1, passkey2]))
        }
        store.send(.identifierSubmitted, effects: [.lookUpAccount]) {
            $0.retry = nil
            $0.lookup = .inFlight
        }
    }

    @Test func androidNotAllowedIsACancellation() {
        let adapter = AndroidAdapter()
        #expect(adapter.outcome(of: adapter.result(of: .publicKeyCredentialDom(.notAllowedError))) == .cancelled)
    }

    @Test func iosPreferSignInWithApple() {
        var store = FlowTestStore()
        store.launchToAutomaticPrompt()
        let adapter = IOSAdapter()
        store.send(
            .ceremonyFinished(adapter.outcome(of: adapter.error(.preferSignInWithApple))),
            effects: [.presentFallback(.password)]
        ) {
            $0.ceremony = nil
            $0.screen = .fallback(.password)
        }
    }

    @Test(arguments: [
        ASAuthorizationErrorCode.matchedExcludedCredential, .credentialImport, .credentialExport,
        .deviceNotConfiguredForPasskeyCreation,
    ])
    func creationCodesAreGeneralErrors(code: ASAuthorizationErrorCode) {
        let adapter = IOSAdapter()
        #expect(adapter.outcome(of: adapter.error(code)) == .failed)
    }
}
