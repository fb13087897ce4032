import PasskeyLoginEngine
import SpecModel
import Testing

/// N1.4-AC01: cancellations of the automatic route.
@Suite struct AutomaticRouteTests {
    let automatic = LoginTestStore().automaticCeremony()

    @Test(arguments: promptPlatforms)
    func firstCancellationOffersRetryWithoutReopening(platform: Platform) {
        var store = LoginTestStore()
        store.launchToAutomaticPrompt()
        store.send(
            .ceremonyFinished(outcome(.userCancels, on: platform)), effects: [.persistCancellationStreak(1)],
            situation: .automaticCancelFirst
        ) {
            $0.ceremony = nil
            $0.cancellationStreak = 1
            $0.retry = .ceremony(automatic)
        }
        #expect(store.state.offeredActions == [.retry])
        #expect(store.state.notice == nil)
        // Nothing reopens by itself: no event but retry starts a prompt.
        store.refuses(.ceremonyFinished(.cancelled))
        store.send(.retryTapped, effects: [.startCeremony(automatic)]) {
            $0.retry = nil
            $0.ceremony = automatic
        }
    }

    @Test(arguments: promptPlatforms)
    func cancellingTheRetryShowsTheFallback(platform: Platform) {
        var store = LoginTestStore()
        store.launchToAutomaticPrompt()
        store.send(
            .ceremonyFinished(outcome(.userCancels, on: platform)), effects: [.persistCancellationStreak(1)],
            situation: .automaticCancelFirst
        ) {
            $0.ceremony = nil
            $0.cancellationStreak = 1
            $0.retry = .ceremony(automatic)
        }
        store.send(.retryTapped, effects: [.startCeremony(automatic)]) {
            $0.retry = nil
            $0.ceremony = automatic
        }
        store.send(
            .ceremonyFinished(outcome(.userCancels, on: platform)),
            effects: [.persistCancellationStreak(2), .presentFallback(.password)], situation: .automaticCancelRepeated
        ) {
            $0.ceremony = nil
            $0.cancellationStreak = 2
            $0.screen = .fallback(.password)
        }
        #expect(store.state.automaticPromptsSuppressed)
        #expect(store.state.offeredActions == [.usePasskey])
        // The passkey button stays: the explicit route is still there.
        store.send(.passkeyButtonTapped, effects: [.startCeremony(Ceremony(route: .explicit, allowedCredentials: []))])
        {
            $0.ceremony = Ceremony(route: .explicit, allowedCredentials: [])
        }
    }

    @Test(arguments: promptPlatforms)
    func aSuccessfulPasskeyLoginResetsTheCount(platform: Platform) {
        var store = LoginTestStore(state: LoginState(cancellationStreak: 1))
        store.launchToAutomaticPrompt()
        store.send(
            .ceremonyFinished(outcome(.userSelectsPasskey, on: platform, credential: passkey1)),
            effects: [.verifyAssertion(passkey1)]
        ) {
            $0.ceremony = nil
            $0.verification = Verification(credentialID: passkey1, ceremony: automatic)
        }
        store.send(
            .verificationFinished(.verified(activeAccount, acceptedCredentials: [passkey1, passkey2])),
            effects: [
                .createSession(accountID: "account"),
                .signalAllAcceptedCredentials(
                    userHandle: activeAccount.userHandle, acceptedCredentials: [passkey1, passkey2]),
                .persistCancellationStreak(0),
            ]
        ) {
            $0.verification = nil
            $0.session = "account"
            $0.screen = .signedIn
            $0.cancellationStreak = 0
        }
        // The next cancellation is treated as the first.
        var next = LoginTestStore(state: LoginState(cancellationStreak: store.state.cancellationStreak))
        next.launchToAutomaticPrompt()
        next.send(
            .ceremonyFinished(outcome(.userCancels, on: platform)), effects: [.persistCancellationStreak(1)],
            situation: .automaticCancelFirst
        ) {
            $0.ceremony = nil
            $0.cancellationStreak = 1
            $0.retry = .ceremony(automatic)
        }
    }

    @Test func theCountSurvivesARelaunchAndKeepsPromptsOff() {
        var store = LoginTestStore(state: LoginState(cancellationStreak: 2))
        store.send(.appRelaunched) { _ in }
        store.send(.screenAppeared, effects: [.lookUpAccount]) {
            $0.appeared = true
            $0.lookup = .inFlight
        }
        let kept = RouteData(credentialIDs: store.kept([passkey1]))
        store.send(
            .lookupFinished(.found(RouteData(credentialIDs: [passkey1]))), effects: [.presentFallback(.password)]
        ) {
            $0.lookup = .succeeded(kept)
            $0.screen = .fallback(.password)
        }
    }

    @Test func aRelaunchAfterOneCancellationMakesTheNextOneTheSecond() {
        var store = LoginTestStore(state: LoginState(cancellationStreak: 1))
        store.send(.appRelaunched) { _ in }
        store.launchToAutomaticPrompt()
        store.send(
            .ceremonyFinished(.cancelled), effects: [.persistCancellationStreak(2), .presentFallback(.password)],
            situation: .automaticCancelRepeated
        ) {
            $0.ceremony = nil
            $0.cancellationStreak = 2
            $0.screen = .fallback(.password)
        }
    }

    /// Without the automatic start no prompt opens: under `reveal` the login screen waits for
    /// the passkey button; under `conceal` every identifier goes to the fallback, which keeps it.
    @Test(arguments: EnumerationPolicy.allCases)
    func withoutAutomaticStartTheLookupOpensNoPrompt(policy: EnumerationPolicy) {
        var store = LoginTestStore(configuration: Configuration(enumerationPolicy: policy, automaticStart: .none))
        store.send(.screenAppeared) { $0.appeared = true }
        store.send(.identifierSubmitted, effects: [.lookUpAccount]) { $0.lookup = .inFlight }
        let data = RouteData(credentialIDs: [passkey1])
        switch policy {
        case .reveal:
            store.send(.lookupFinished(.found(data))) { $0.lookup = .succeeded(data) }
        case .conceal:
            store.send(.lookupFinished(.found(data)), effects: [.presentFallback(.password)]) {
                $0.lookup = .succeeded(RouteData(credentialIDs: []))
                $0.screen = .fallback(.password)
            }
            #expect(store.state.offeredActions.contains(.usePasskey))
        }
    }
}
