import PasskeyLoginEngine
import Testing

/// N1.4-AC03 and the general lookup errors.
@Suite struct LookupTests {
    static let failures: [(LookupDependency, LookupFault)] = LookupDependency.allCases.flatMap { dependency in
        LookupFault.allCases.map { (dependency, $0) }
    }

    @Test(arguments: LookupDependency.allCases, LookupFault.allCases)
    func aFailedLookupIsNoConclusionAndRetryLooksUpAfresh(dependency: LookupDependency, fault: LookupFault) {
        var store = LoginTestStore()
        store.send(.screenAppeared, effects: [.lookUpAccount]) {
            $0.appeared = true
            $0.lookup = .inFlight
        }
        store.send(.lookupFinished(.failed(dependency, fault)), situation: .lookupFailed) {
            $0.lookup = .failed(dependency, fault)
            $0.notice = .lookupFailed
            $0.retry = .lookup
        }
        #expect(store.state.offeredActions == [.retry, .fallback])
        store.refuses(.passkeyButtonTapped)
        store.send(.retryTapped, effects: [.lookUpAccount]) {
            $0.notice = nil
            $0.retry = nil
            $0.lookup = .inFlight
        }
        let ceremony = store.automaticCeremony(for: [passkey1])
        store.send(.lookupFinished(.found(RouteData(credentialIDs: [passkey1]))), effects: [.startCeremony(ceremony)]) {
            $0.lookup = .succeeded(RouteData(credentialIDs: []))
            $0.ceremony = ceremony
        }
    }

    @Test func theFallbackIsOfferedNotForced() {
        var store = LoginTestStore(configuration: Configuration(fallback: .emailCode))
        store.send(.screenAppeared, effects: [.lookUpAccount]) {
            $0.appeared = true
            $0.lookup = .inFlight
        }
        store.send(.lookupFinished(.failed(.credentialList, .timeout)), situation: .lookupFailed) {
            $0.lookup = .failed(.credentialList, .timeout)
            $0.notice = .lookupFailed
            $0.retry = .lookup
        }
        store.send(.fallbackChosen, effects: [.presentFallback(.emailCode)]) {
            $0.notice = nil
            $0.retry = nil
            $0.screen = .fallback(.emailCode)
        }
    }

    @Test func withRevealAnAccountWithoutPasskeysGoesToTheFallbackWithoutAnError() {
        var store = LoginTestStore(configuration: Configuration(enumerationPolicy: .reveal))
        store.send(.screenAppeared, effects: [.lookUpAccount]) {
            $0.appeared = true
            $0.lookup = .inFlight
        }
        store.send(.lookupFinished(.found(RouteData(credentialIDs: []))), effects: [.presentFallback(.password)]) {
            $0.lookup = .succeeded(RouteData(credentialIDs: []))
            $0.screen = .fallback(.password)
        }
    }

    @Test func withRevealAnAccountThatCannotContinuePointsToRecoveryAndSupport() {
        var store = LoginTestStore(configuration: Configuration(enumerationPolicy: .reveal))
        store.send(.screenAppeared, effects: [.lookUpAccount]) {
            $0.appeared = true
            $0.lookup = .inFlight
        }
        store.send(.lookupFinished(.cannotContinue), situation: .accountCannotContinue) {
            $0.lookup = .unavailable
            $0.notice = .accountCannotContinue
        }
        #expect(store.state.offeredActions == [.recovery, .support, .dismiss])
        var recovery = store
        recovery.send(.recoveryChosen, effects: [.openAccountRoute(.recovery)]) {
            $0.notice = nil
            $0.screen = .accountRoute(.recovery)
        }
        var support = store
        support.send(.supportChosen, effects: [.openAccountRoute(.support)]) {
            $0.notice = nil
            $0.screen = .accountRoute(.support)
        }
        store.send(.noticeDismissed) { $0.notice = nil }
    }

    @Test(arguments: EnumerationPolicy.allCases)
    func afterAValidAssertionTheRealRouteIsShown(policy: EnumerationPolicy) {
        // On the fallback screen, where the lookup's answer left the user under either policy.
        var start = LoginState()
        start.appeared = true
        start.lookup = .unavailable
        start.screen = .fallback(.password)
        var store = LoginTestStore(configuration: Configuration(enumerationPolicy: policy), state: start)
        let explicit = Ceremony(route: .explicit, allowedCredentials: [])
        store.send(.passkeyButtonTapped, effects: [.startCeremony(explicit)]) { $0.ceremony = explicit }
        store.send(.ceremonyFinished(.assertion(passkey1)), effects: [.verifyAssertion(passkey1)]) {
            $0.ceremony = nil
            $0.verification = Verification(credentialID: passkey1, ceremony: explicit)
        }
        store.send(.verificationFinished(.routeUnavailable), situation: .accountCannotContinue) {
            $0.verification = nil
            $0.notice = .accountCannotContinue
        }
        #expect(store.state.session == nil)
    }

    /// Under `conceal`, before authentication, an unknown identifier, an account without
    /// passkeys, an account that cannot continue and an account with passkeys all get the same
    /// discoverable automatic request, and no error.
    @Test func concealingMakesEveryAnswerLookTheSame() {
        var store = LoginTestStore(configuration: Configuration(enumerationPolicy: .conceal))
        store.send(.screenAppeared, effects: [.lookUpAccount]) {
            $0.appeared = true
            $0.lookup = .inFlight
        }
        let answers: [LookupResult] = [
            .notFound, .found(RouteData(credentialIDs: [])), .cannotContinue,
            .found(RouteData(credentialIDs: [passkey1])),
        ]
        let discoverable = Ceremony(route: .automatic, allowedCredentials: [])
        let transitions = answers.map { store.reducer.reduceAnswering(store.state, .lookupFinished($0)) }
        for transition in transitions {
            #expect(transition.effects == opening(discoverable))
            #expect(transition.situation == nil)
            #expect(transition.state == transitions[0].state)
        }
        store.send(.lookupFinished(.notFound), effects: [.startCeremony(discoverable)]) {
            $0.lookup = .succeeded(RouteData(credentialIDs: []))
            $0.ceremony = discoverable
        }
    }

    @Test func revealingSendsAnUnknownAccountToTheFallback() {
        var store = LoginTestStore(configuration: Configuration(enumerationPolicy: .reveal))
        store.send(.screenAppeared, effects: [.lookUpAccount]) {
            $0.appeared = true
            $0.lookup = .inFlight
        }
        store.send(.lookupFinished(.notFound), effects: [.presentFallback(.password)]) {
            $0.lookup = .unavailable
            $0.screen = .fallback(.password)
        }
    }
}
