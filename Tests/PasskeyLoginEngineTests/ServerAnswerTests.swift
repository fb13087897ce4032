import PasskeyLoginEngine
import SpecModel
import Testing

/// N1.4-AC04 (rejected credentials and signals) and N1.4-AC05 (account status).
@Suite struct ServerAnswerTests {
    let explicit = Ceremony(route: .explicit, allowedCredentials: [])

    /// Launch without automatic start, tap the passkey button and pick `credential`.
    func storeWithAssertion(_ credential: CredentialID, platform: Platform) -> LoginTestStore {
        var store = LoginTestStore(configuration: Configuration(automaticStart: .none))
        store.send(.screenAppeared) { $0.appeared = true }
        store.send(.passkeyButtonTapped, effects: [.startCeremony(explicit)]) { $0.ceremony = explicit }
        store.send(
            .ceremonyFinished(outcome(.userSelectsPasskey, on: platform, credential: credential)),
            effects: [.verifyAssertion(credential)]
        ) {
            $0.ceremony = nil
            $0.verification = Verification(credentialID: credential, ceremony: explicit)
        }
        return store
    }

    @Test(arguments: PlatformAdapters.all.map(\.platform))
    func anAbsentCredentialIsSignalledAsUnknown(platform: Platform) {
        var store = storeWithAssertion(passkey1, platform: platform)
        store.send(
            .verificationFinished(.credentialUnknown), effects: [.signalUnknownCredential(passkey1)],
            situation: .deletedPasskey
        ) {
            $0.verification = nil
            $0.notice = .deletedPasskey
        }
        #expect(store.state.offeredActions == [.anotherPasskey, .fallback])
        store.send(.anotherPasskeyChosen, effects: [.startCeremony(explicit)]) {
            $0.notice = nil
            $0.ceremony = explicit
        }
    }

    @Test(arguments: PlatformAdapters.all.map(\.platform))
    func aRevokedCredentialIsReconciledAtTheNextSignInNotSignalledAsUnknown(platform: Platform) {
        var store = storeWithAssertion(passkey1, platform: platform)
        store.send(.verificationFinished(.credentialRevoked), situation: .passkeyNotAccepted) {
            $0.verification = nil
            $0.notice = .passkeyNotAccepted
        }
        #expect(store.state.offeredActions == [.anotherPasskey, .fallback])
        store.send(.fallbackChosen, effects: [.presentFallback(.password)]) {
            $0.notice = nil
            $0.screen = .fallback(.password)
        }
        store.send(
            .fallbackSignInSucceeded(activeAccount, acceptedCredentials: [passkey2]),
            effects: [
                .createSession(accountID: "account"),
                .signalAllAcceptedCredentials(userHandle: activeAccount.userHandle, acceptedCredentials: [passkey2]),
            ]
        ) {
            $0.session = "account"
            $0.screen = .signedIn
        }
    }

    @Test(arguments: PlatformAdapters.all.map(\.platform))
    func anInconclusiveAnswerSendsNoSignal(platform: Platform) {
        var store = storeWithAssertion(passkey1, platform: platform)
        store.send(.verificationFinished(.inconclusive), situation: .passkeyFailed) {
            $0.verification = nil
            $0.notice = .passkeyFailed
            $0.retry = .ceremony(explicit)
        }
    }

    @Test(arguments: AccountStatus.allCases.filter { !$0.allowsSignIn }, PlatformAdapters.all.map(\.platform))
    func aValidAssertionDoesNotBypassAccountStatus(status: AccountStatus, platform: Platform) {
        let configuration = Configuration(automaticStart: .none)
        var store = storeWithAssertion(passkey1, platform: platform)
        let account = Account(id: "account", userHandle: [1], status: status)
        let route = configuration.route(for: status)
        store.send(
            .verificationFinished(.verified(account, acceptedCredentials: [passkey1])), situation: .restrictedAccount
        ) {
            $0.verification = nil
            $0.notice = .restrictedAccount
            $0.accountRoute = route
        }
        #expect(store.state.session == nil)
        #expect(store.state.offeredActions == [.accountHelp, .dismiss])
        store.send(.accountHelpChosen, effects: [.openAccountRoute(route)]) {
            $0.notice = nil
            $0.accountRoute = nil
            $0.screen = .accountRoute(route)
        }
    }

    @Test func theRouteForEachStatusIsConfigurable() {
        let configuration = Configuration(accountRoutes: [.locked: .support])
        #expect(configuration.route(for: .locked) == .support)
        #expect(
            configuration.route(for: .closed) == .accountStatus, "unconfigured statuses get the account-status page")
        #expect(Configuration().route(for: .disabled) == .recovery)
    }

    @Test(arguments: PlatformAdapters.all.map(\.platform))
    func onlyAnActiveAccountGetsASession(platform: Platform) {
        var store = storeWithAssertion(passkey1, platform: platform)
        store.send(
            .verificationFinished(.verified(activeAccount, acceptedCredentials: [passkey1])),
            effects: [
                .createSession(accountID: "account"),
                .signalAllAcceptedCredentials(userHandle: activeAccount.userHandle, acceptedCredentials: [passkey1]),
            ]
        ) {
            $0.verification = nil
            $0.session = "account"
            $0.screen = .signedIn
        }
        store.refuses(.appRelaunched)
    }
}

/// The general passkey error: every failing prompt action on each platform.
@Suite struct GeneralPasskeyErrorTests {
    /// What a retry cannot fix offers the fallback and a way back, and no retry.
    @Test(arguments: promptPlatforms)
    func anUnsupportedDeviceOffersTheFallbackWithoutRetry(platform: Platform) {
        var store = LoginTestStore()
        store.launchToAutomaticPrompt()
        store.send(.ceremonyFinished(outcome(.unsupported, on: platform)), situation: .passkeyUnavailable) {
            $0.ceremony = nil
            $0.notice = .passkeyUnavailable
        }
        #expect(store.state.offeredActions == [.fallback, .dismiss])
        store.refuses(.retryTapped)
        store.send(.noticeDismissed) { $0.notice = nil }
    }

    /// A misconfiguration stays so on every platform: Android's provider configuration, iOS's
    /// `failed` (1004: invalid parameters or Associated Domains) and the web's `SecurityError`.
    @Test func aMisconfigurationOffersNoRetryAnywhere() {
        for adapter in PlatformAdapters.all {
            #expect(outcome(.providerMisconfigured, on: adapter.platform) == .unavailable, "\(adapter.platform)")
        }
    }

    @Test(arguments: [PromptAction.unknownFailure], promptPlatforms)
    func failuresOfferRetryAndFallback(action: PromptAction, platform: Platform) {
        var store = LoginTestStore()
        store.launchToAutomaticPrompt()
        let automatic = store.automaticCeremony()
        store.send(.ceremonyFinished(outcome(action, on: platform)), situation: .passkeyFailed) {
            $0.ceremony = nil
            $0.notice = .passkeyFailed
            $0.retry = .ceremony(automatic)
        }
        #expect(store.state.offeredActions == [.retry, .fallback])
        store.send(.retryTapped, effects: [.startCeremony(automatic)]) {
            $0.notice = nil
            $0.retry = nil
            $0.ceremony = automatic
        }
    }

    @Test(arguments: promptPlatforms)
    func noPasskeyOnTheDeviceGoesToTheFallbackWithoutAnError(platform: Platform) {
        var store = LoginTestStore()
        store.launchToAutomaticPrompt()
        store.send(
            .ceremonyFinished(outcome(.noPasskeyOnDevice, on: platform)), effects: [.presentFallback(.password)],
            situation: .noPasskeyUsed
        ) {
            $0.ceremony = nil
            $0.screen = .fallback(.password)
        }
        #expect(store.state.cancellationStreak == 0)
    }
}
