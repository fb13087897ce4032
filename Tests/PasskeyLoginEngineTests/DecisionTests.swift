import PasskeyLoginEngine
import SpecModel
import Testing

/// Each recorded decision, shown by running the engine: its witness calls the tests below that
/// pin what the engine does for it, so a decision whose behaviour changes fails by its ID.
@Suite struct DecisionTests {
    /// Every platform the engine has an adapter for.
    static let platforms = PlatformAdapters.all.map(\.platform)

    /// The iOS codes of other request types, which a retry cannot fix.
    static let codesWithoutRetry: [ASAuthorizationErrorCode] = [
        .matchedExcludedCredential, .credentialImport, .credentialExport, .deviceNotConfiguredForPasskeyCreation,
    ]

    /// For each decision, the behaviour tests that show the engine doing what it says, called
    /// with every argument their `@Test` takes. A table rather than a naming rule: one decision
    /// may need several tests, and a test may be renamed.
    static let witnesses: [String: @Sendable (DecisionTests) -> Void] = [
        "explicit-cancel-keeps-streak": { tests in Self.platforms.forEach(tests.explicitCancelKeepsStreak) },
        "error-breaks-the-streak": { tests in promptPlatforms.forEach(tests.errorBreaksTheStreak) },
        "no-local-passkey-goes-to-fallback": { tests in promptPlatforms.forEach(tests.noLocalPasskeyGoesToFallback) },
        "automatic-route-prefers-local-passkeys": { tests in tests.automaticRoutePrefersLocalPasskeys() },
        "explicit-no-credential-changes-nothing": { tests in
            Self.platforms.forEach(tests.explicitNoCredentialChangesNothing)
        },
        "no-passkey-yet-is-silent": { tests in tests.noPasskeyYetIsSilent() },
        "explicit-route-is-discoverable": { tests in tests.explicitRouteIsDiscoverable() },
        "conceal-before-authentication": { tests in tests.concealBeforeAuthentication() },
        "inconclusive-is-a-general-error": { tests in tests.inconclusiveIsAGeneralError() },
        "reconcile-at-sign-in": { tests in tests.reconcileAtSignIn() },
        "signal-failure-changes-nothing": { tests in tests.signalFailureChangesNothing() },
        "count-survives-relaunch": { tests in tests.countSurvivesRelaunch() },
        "announced-by-what-it-shows": { tests in tests.announcedByWhatItShows() },
        "verification-failure-looks-unknown": { tests in tests.verificationFailureLooksUnknown() },
        "the-passkey-names-the-account": { tests in tests.thePasskeyNamesTheAccount() },
        "retry-offer-survives-relaunch": { tests in tests.retryOfferSurvivesRelaunch() },
        "sign-out-starts-afresh": { tests in tests.signOutStartsAfresh() },
        "blocked-account-keeps-streak": { tests in tests.blockedAccountKeepsStreak() },
        "new-identifier-clears-retry": { tests in tests.newIdentifierClearsRetry() },
        "android-not-allowed-is-a-cancellation": { tests in tests.androidNotAllowedIsACancellation() },
        "ios-prefer-sign-in-with-apple": { tests in tests.iosPreferSignInWithApple() },
        "retry-only-where-it-helps": { tests in
            Self.codesWithoutRetry.forEach(tests.retryOnlyWhereItHelpsOnIOS)
            tests.retryOnlyWhereItHelpsOnAndroid()
        },
        "interruption-as-the-platform-reports-it": { tests in
            Self.platforms.forEach(tests.interruptionAsThePlatformReportsIt)
        },
        "assisted-request-on-appear": { tests in tests.assistedRequestOnAppear() },
        "assisted-errors-are-silent": { tests in Self.platforms.forEach(tests.assistedErrorsAreSilent) },
        "cancel-assisted-before-modal": { tests in tests.cancelAssistedBeforeModal() },
        "rearm-assisted-after-cancel": { tests in Self.platforms.forEach(tests.rearmAssistedAfterCancel) },
        "typed-identifier-ends-assisted-request": { tests in tests.typedIdentifierEndsAssistedRequest() },
        "web-load-is-conditional": { tests in tests.webLoadIsConditional() },
        "web-not-allowed-is-cancel": { tests in tests.webNotAllowedIsCancel() },
        "left-to-the-platform": { tests in tests.leftToThePlatform() },
        "android-cancellation-counts": { tests in tests.androidCancellationCounts() },
        "rate-limited-lookup": { tests in tests.rateLimitedLookup() },
        "options-before-every-request": { tests in
            tests.optionsBeforeEveryRequest()
            LookupFault.allCases.forEach(tests.failedOptionsAreAFailedLookup)
            tests.failedOptionsForTheSuggestionsShowNothing()
        },
        "discoverable-entry": { tests in tests.discoverableEntry() },
        "reconcile-at-revocation": { tests in tests.reconcileAtRevocation() },
        "challenge-expiry": { tests in
            tests.anExpiredChallengeAfterAPromptWaitsForRetry()
            tests.anExpiredChallengeRenewsTheSuggestions()
            tests.theSuggestionsAreRenewedBeforeTheirChallengeExpires()
            tests.aSecondAnswerAboutOneAssertionChangesNothing()
        },
    ]

    /// Each decision is explained, and the engine is run to show it: a decision without a
    /// witness fails here, and so does one whose behaviour the engine no longer has, since its
    /// witness's expectations are recorded against this case.
    @Test(arguments: Decision.all)
    func everyDecisionIsShownByTheEngine(_ decision: Decision) throws {
        #expect(!decision.question.isEmpty && !decision.choice.isEmpty && !decision.reason.isEmpty, "\(decision.id)")
        let witness = try #require(
            Self.witnesses[decision.id], "decision '\(decision.id)' has no witness in DecisionTests.witnesses")
        witness(self)
    }

    /// A decision's ID names it on the site and in the reducer's comments, and keys its witness.
    @Test func decisionIDsAreDistinctAndEachWitnessHasADecision() {
        let ids = Decision.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        let orphans = Set(Self.witnesses.keys).subtracting(ids).sorted()
        #expect(orphans.isEmpty, "witnesses of no decision: \(orphans)")
    }

    @Test(arguments: Self.platforms)
    func explicitCancelKeepsStreak(platform: Platform) {
        var state = LoginState(cancellationStreak: 1)
        state.appeared = true
        let reducer = LoginReducer()
        state = reducer.reduceAnswering(state, .passkeyButtonTapped).state
        let after = reducer.reduceAnswering(state, .ceremonyFinished(outcome(.userCancels, on: platform)))
        #expect(after.state.cancellationStreak == 1)
        #expect(after.effects.isEmpty)
    }

    @Test(arguments: promptPlatforms)
    func errorBreaksTheStreak(platform: Platform) {
        var store = LoginTestStore(state: LoginState(cancellationStreak: 1))
        store.launchToAutomaticPrompt()
        let automatic = store.automaticCeremony()
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

    @Test(arguments: promptPlatforms)
    func noLocalPasskeyGoesToFallback(platform: Platform) {
        var store = LoginTestStore(state: LoginState(cancellationStreak: 1))
        store.launchToAutomaticPrompt()
        store.send(
            .ceremonyFinished(outcome(.noPasskeyOnDevice, on: platform)), effects: [.presentFallback(.password)],
            situation: .noPasskeyUsed
        ) {
            $0.ceremony = nil
            $0.screen = .fallback(.password)
        }
        #expect(store.state.cancellationStreak == 1)
        #expect(store.state.retry == nil)
    }

    @Test func automaticRoutePrefersLocalPasskeys() {
        #expect(Ceremony(route: .automatic, allowedCredentials: [passkey1]).prefersImmediatelyAvailableCredentials)
        #expect(!Ceremony(route: .explicit, allowedCredentials: []).prefersImmediatelyAvailableCredentials)
        #expect(
            LoginEffect.startCeremony(Ceremony(route: .automatic, allowedCredentials: [])).description.contains(
                "preferring passkeys on this device"))
    }

    @Test(arguments: Self.platforms)
    func explicitNoCredentialChangesNothing(platform: Platform) {
        var state = LoginState(cancellationStreak: 1)
        state.appeared = true
        let reducer = LoginReducer()
        let open = reducer.reduceAnswering(state, .passkeyButtonTapped).state
        let after = reducer.reduceAnswering(open, .ceremonyFinished(outcome(.noPasskeyOnDevice, on: platform)))
        #expect(after.state == state)
        #expect(after.effects.isEmpty)
        #expect(after.situation == .explicitCancel)
    }

    @Test func noPasskeyYetIsSilent() {
        for policy in EnumerationPolicy.allCases {
            let reducer = LoginReducer(configuration: Configuration(enumerationPolicy: policy))
            var state = LoginState()
            state = reducer.reduceAnswering(state, .screenAppeared).state
            let after = reducer.reduceAnswering(state, .lookupFinished(.found(RouteData(credentialIDs: []))))
            #expect(after.situation == nil && after.state.notice == nil)
            switch policy {
            case .reveal:
                #expect(after.effects == [.presentFallback(.password)])
            case .conceal:
                // What every identifier gets; with no passkey on the device it ends in the fallback.
                let discoverable = Ceremony(route: .automatic, allowedCredentials: [])
                #expect(after.effects == opening(discoverable))
                let ended = reducer.reduceAnswering(after.state, .ceremonyFinished(.noCredential))
                #expect(ended.effects.last == .presentFallback(.password) && ended.state.notice == nil)
            }
        }
    }

    /// Android reports an interruption of its own, which a retry may fix; iOS and the web
    /// report the system's dismissal as the user's, so it is a cancellation there.
    @Test(arguments: Self.platforms)
    func interruptionAsThePlatformReportsIt(platform: Platform) {
        var state = LoginState()
        state.appeared = true
        let reducer = LoginReducer()
        state = reducer.reduceAnswering(state, .passkeyButtonTapped).state
        let after = reducer.reduceAnswering(state, .ceremonyFinished(outcome(.interrupted, on: platform)))
        if platform == .android {
            #expect(after.situation == .passkeyFailed && after.state.offeredActions.contains(.retry))
        } else {
            #expect(after.situation == .explicitCancel && after.state.notice == nil)
        }
    }

    @Test func explicitRouteIsDiscoverable() {
        var state = LoginState()
        state.appeared = true
        state.lookup = .succeeded(RouteData(credentialIDs: [passkey1]))
        #expect(
            LoginReducer().reduceAnswering(state, .passkeyButtonTapped).effects
                == opening(Ceremony(route: .explicit, allowedCredentials: [])))
    }

    @Test func concealBeforeAuthentication() {
        let answers: [LookupResult] = [
            .notFound, .found(RouteData(credentialIDs: [])), .cannotContinue,
            .found(RouteData(credentialIDs: [passkey1, passkey2])),
        ]
        for start in AutomaticStart.allCases {
            let reducer = LoginReducer(configuration: Configuration(enumerationPolicy: .conceal, automaticStart: start))
            var state = reducer.reduceAnswering(LoginState(), .screenAppeared).state
            state.lookup = .inFlight
            let transitions = answers.map { reducer.reduceAnswering(state, .lookupFinished($0)) }
            // Every answer gets what an account with passkeys gets: one response for all.
            for transition in transitions {
                #expect(transition.effects == transitions[0].effects, "\(start)")
                #expect(transition.state.screen == transitions[0].state.screen && transition.state.notice == nil)
            }
            if start == .prompt {
                #expect(transitions[0].effects == opening(Ceremony(route: .automatic, allowedCredentials: [])))
            } else {
                #expect(transitions[0].effects.last == .presentFallback(.password))
            }
        }
        // Under reveal the answers differ: the account that cannot continue is told so.
        let reveal = LoginReducer(configuration: Configuration(enumerationPolicy: .reveal))
        var asking = reveal.reduceAnswering(LoginState(), .screenAppeared).state
        asking.lookup = .inFlight
        #expect(reveal.reduceAnswering(asking, .lookupFinished(.cannotContinue)).situation == .accountCannotContinue)
        #expect(reveal.reduceAnswering(asking, .lookupFinished(.notFound)).effects == [.presentFallback(.password)])
        // Once a valid assertion has authenticated the user, the real route is shown under either policy.
        for policy in EnumerationPolicy.allCases {
            var verifying = LoginState()
            verifying.verification = Verification(
                credentialID: passkey1, ceremony: Ceremony(route: .explicit, allowedCredentials: []))
            let shown = LoginReducer(configuration: Configuration(enumerationPolicy: policy))
                .reduceAnswering(verifying, .verificationFinished(.routeUnavailable))
            #expect(shown.situation == .accountCannotContinue)
            #expect(shown.state.offeredActions == [.recovery, .support, .dismiss])
        }
    }

    /// The lockstep comparison holds for the five kinds of account under conceal, sees the
    /// difference under reveal, and finds the old behaviour (a prompt naming the passkeys of an
    /// account that has them, the fallback for the others) with a short paired trace.
    @Test func concealHoldsInLockstepForEveryKindOfAccount() {
        let kinds = EnumerationCheck.counterparts(fault: nil).map(\.name)
        for kind in [
            "an active account with passkeys", "an active account without passkeys",
            "an active account that cannot continue with this route", "a restricted account with passkeys",
        ] {
            #expect(kinds.contains(kind), "\(kind)")
        }
        let concealed = EnumerationCheck(depthLimit: 8).run()
        #expect(concealed.violations == 0 && concealed.transitionsChecked > 0)
        let revealed = EnumerationCheck(depthLimit: 8, policy: .reveal).run()
        #expect(revealed.violations > 0)
        #expect((revealed.counterexample?.steps.count ?? 99) <= 3)

        // The mutation: under conceal, an account with passkeys gets a prompt that names them and
        // every other answer goes to the fallback, as the engine did before.
        let leaky = ReducerVariant { before, event, transition in
            guard case .lookupFinished(let answer) = event, before.lookup == .inFlight else { return transition }
            var next = transition.state
            next.options = nil
            next.retry = nil
            if case .found(let data) = answer, !data.credentialIDs.isEmpty {
                let ceremony = Ceremony(route: .automatic, allowedCredentials: data.credentialIDs)
                guard transition.effects.contains(where: { if case .fetchRequestOptions = $0 { true } else { false } })
                else { return transition }
                next.options = ceremony
                return Transition(state: next, effects: [.fetchRequestOptions(ceremony)])
            }
            guard case .found = answer else {
                next.screen = .fallback(.password)
                return Transition(state: next, effects: [.presentFallback(.password)])
            }
            return transition
        }
        let mutated = EnumerationCheck(depthLimit: 8, variant: leaky).run()
        #expect(mutated.violations > 0)
        let trace = mutated.counterexample
        #expect((trace?.steps.count ?? 99) <= 3, "\(String(describing: trace))")
        #expect(trace?.world.contains("an unknown identifier against") == true)
        #expect(trace?.message.contains("an unknown identifier shows") == true)
    }

    @Test func inconclusiveIsAGeneralError() {
        var state = LoginState()
        state.verification = Verification(
            credentialID: passkey1, ceremony: Ceremony(route: .explicit, allowedCredentials: []))
        let after = LoginReducer().reduceAnswering(state, .verificationFinished(.inconclusive))
        #expect(after.situation == .passkeyFailed)
        #expect(after.effects.isEmpty)
    }

    @Test func reconcileAtSignIn() {
        var state = LoginState()
        state.verification = Verification(
            credentialID: passkey1, ceremony: Ceremony(route: .explicit, allowedCredentials: []))
        let rejected = LoginReducer().reduceAnswering(state, .verificationFinished(.credentialRevoked))
        #expect(rejected.effects.isEmpty, "nothing is signalled before the user is authenticated")
        var fallback = rejected.state
        fallback.notice = nil
        fallback.screen = .fallback(.password)
        let signedIn = LoginReducer().reduceAnswering(
            fallback, .fallbackSignInSucceeded(activeAccount, acceptedCredentials: [passkey2]))
        #expect(
            signedIn.effects.contains(
                .signalAllAcceptedCredentials(userHandle: activeAccount.userHandle, acceptedCredentials: [passkey2])))
    }

    /// The notice and its actions are there in the transition that sends the signal, and
    /// performing a signal produces no event: nothing the user sees waits for its result.
    @Test func signalFailureChangesNothing() {
        var state = LoginState()
        state.appeared = true
        state.verification = Verification(
            credentialID: passkey1, ceremony: Ceremony(route: .explicit, allowedCredentials: []))
        let rejected = LoginReducer().reduceAnswering(state, .verificationFinished(.credentialUnknown))
        #expect(rejected.effects == [.signalUnknownCredential(passkey1)])
        #expect(rejected.state.notice == .deletedPasskey && !rejected.state.isBusy)
        #expect(rejected.state.offeredActions.contains(.anotherPasskey))
        var world = World(script: WorldScript(account: nil))
        #expect(world.perform(.signalUnknownCredential(passkey1)) == nil)
        #expect(
            world.perform(.signalAllAcceptedCredentials(userHandle: activeAccount.userHandle, acceptedCredentials: []))
                == nil)
    }

    @Test func countSurvivesRelaunch() {
        var state = LoginState(cancellationStreak: 2)
        state.appeared = true
        state.screen = .fallback(.password)
        let after = LoginReducer().reduceAnswering(state, .appRelaunched)
        #expect(after.state == LoginState(cancellationStreak: 2))
    }

    /// A rejected assertion shows the unknown credential's notice and actions, and sends no
    /// signal: the credential is on the server's records.
    @Test func verificationFailureLooksUnknown() {
        let credential = CredentialID(named: "phone")
        let ceremony = Ceremony(route: .explicit, allowedCredentials: [])
        var state = LoginState()
        state.appeared = true
        state.verification = Verification(credentialID: credential, ceremony: ceremony)
        let failed = LoginReducer().reduceAnswering(state, .verificationFinished(.verificationFailed))
        let unknown = LoginReducer().reduceAnswering(state, .verificationFinished(.credentialUnknown))
        #expect(failed.situation == .deletedPasskey)
        #expect(failed.state == unknown.state)
        #expect(failed.state.offeredActions == [.anotherPasskey, .fallback])
        #expect(failed.effects.isEmpty)
        #expect(unknown.effects == [.signalUnknownCredential(credential)])
        #expect(failed.state.session == nil && failed.state.retry == nil)
        // The credential stays on the account: a later sign-in's full list still names it.
        let world = WorldScript(
            account: Account(id: "a", userHandle: [1], status: .active),
            serverCredentials: [credential: .failsVerification], deviceCredentials: [credential])
        #expect(world.verificationAnswer(for: credential) == .verificationFailed)
        #expect(world.acceptedCredentials == [credential])
    }

    /// A passkey of another account signs that account in, with that account's own list, and
    /// only a discoverable request can return it.
    @Test func thePasskeyNamesTheAccount() {
        let other = CredentialID(named: "other")
        let own = CredentialID(named: "own")
        let world = WorldScript(
            account: Account(id: "account", userHandle: [1], status: .active),
            serverCredentials: [other: .anotherAccount, own: .active], deviceCredentials: [other, own])
        #expect(
            world.verificationAnswer(for: other) == .verified(WorldScript.anotherAccount, acceptedCredentials: [other]))
        #expect(world.lookupAnswer == .found(RouteData(credentialIDs: [own])))
        var state = LoginState()
        state.appeared = true
        state.verification = Verification(
            credentialID: other, ceremony: Ceremony(route: .explicit, allowedCredentials: []))
        let signedIn = LoginReducer().reduceAnswering(
            state, .verificationFinished(world.verificationAnswer(for: other)))
        #expect(signedIn.state.session == WorldScript.anotherAccount.id)
        #expect(
            signedIn.effects.contains(
                .signalAllAcceptedCredentials(
                    userHandle: WorldScript.anotherAccount.userHandle, acceptedCredentials: [other])))
        // The automatic route asks for the looked-up account's passkeys only.
        let automatic = Ceremony(route: .automatic, allowedCredentials: [own])
        #expect(world.selectableCredentials(for: automatic) == [own])
    }

    /// Every scenario each platform reaches is announced as what it shows: a modal notice by
    /// the platform, a message by the app's live region or role, a new screen by its title,
    /// and nothing where nothing changed (the web giving focus back after a cancellation).
    @Test func announcedByWhatItShows() {
        let report = Explorer(adapters: PlatformAdapters.all).run()
        func kinds(_ platform: Platform, _ situation: Situation) -> Set<AnnouncementKind> {
            Set(
                report.presentations.filter { $0.platform == platform && $0.situation == situation }.map(
                    \.announcement.kind))
        }
        for platform in [Platform.ios, .android] {
            #expect(kinds(platform, .passkeyFailed) == [.modal])
            #expect(kinds(platform, .lookupFailed) == [.polite])
            #expect(kinds(platform, .explicitCancel) == [.none])
            #expect(kinds(platform, .automaticCancelFirst) == [.none])
            #expect(kinds(platform, .automaticCancelRepeated).contains(.screen))
        }
        #expect(kinds(.web, .passkeyFailed) == [.assertive])
        #expect(kinds(.web, .restrictedAccount) == [.polite])
        #expect(kinds(.web, .explicitCancel) == [.focusReturn])
        let means = Set(report.presentations.compactMap(\.announcement.means))
        #expect(!means.contains("announceForAccessibility"))
        // Every means names the document it rests on.
        #expect(report.presentations.allSatisfy { ($0.announcement.means == nil) == ($0.announcement.source == nil) })
        for presentation in report.presentations where presentation.showsNotice {
            #expect(presentation.announcement.kind.speaks, "\(presentation.platform) \(presentation.situation)")
        }
    }

    @Test func retryOfferSurvivesRelaunch() {
        var store = LoginTestStore()
        store.launchToAutomaticPrompt()
        let automatic = store.automaticCeremony()
        store.send(
            .ceremonyFinished(.cancelled), effects: [.persistCancellationStreak(1)], situation: .automaticCancelFirst
        ) {
            $0.ceremony = nil
            $0.cancellationStreak = 1
            $0.retry = .ceremony(automatic)
        }
        store.send(.appRelaunched) { $0 = LoginState(cancellationStreak: 1) }
        store.send(.screenAppeared, effects: [.lookUpAccount]) {
            $0.appeared = true
            $0.lookup = .inFlight
        }
        // The lookup answers: the retry is offered again, and no prompt opens by itself.
        let kept = store.kept([passkey1, passkey2])
        store.send(
            .lookupFinished(.found(RouteData(credentialIDs: [passkey1, passkey2]))), situation: .automaticCancelFirst
        ) {
            $0.lookup = .succeeded(RouteData(credentialIDs: kept))
            $0.retry = .ceremony(automatic)
        }
        store.send(.retryTapped, effects: [.startCeremony(automatic)]) {
            $0.retry = nil
            $0.ceremony = automatic
        }
    }

    @Test func signOutStartsAfresh() {
        var state = LoginState(cancellationStreak: 2)
        state.appeared = true
        state.screen = .fallback(.password)
        let reducer = LoginReducer()
        let signedIn = reducer.reduceAnswering(state, .fallbackSignInSucceeded(activeAccount, acceptedCredentials: []))
        #expect(signedIn.state.session == "account")
        #expect(signedIn.state.cancellationStreak == 0, "a fallback login resets the count, as the seed says")
        #expect(signedIn.effects.contains(.persistCancellationStreak(0)))
        let signedOut = reducer.reduceAnswering(signedIn.state, .signedOut)
        #expect(signedOut.state == LoginState(cancellationStreak: 0))
        #expect(signedOut.state.retry == nil)
    }

    @Test func blockedAccountKeepsStreak() {
        var state = LoginState(cancellationStreak: 1)
        state.verification = Verification(
            credentialID: passkey1, ceremony: Ceremony(route: .automatic, allowedCredentials: [passkey1]))
        let locked = Account(id: "account", userHandle: [1], status: .locked)
        let after = LoginReducer().reduceAnswering(
            state, .verificationFinished(.verified(locked, acceptedCredentials: [passkey1])))
        #expect(after.state.cancellationStreak == 1)
        #expect(after.state.session == nil)
    }

    @Test func newIdentifierClearsRetry() {
        var store = LoginTestStore()
        store.launchToAutomaticPrompt()
        let automatic = store.automaticCeremony()
        store.send(
            .ceremonyFinished(.cancelled), effects: [.persistCancellationStreak(1)], situation: .automaticCancelFirst
        ) {
            $0.ceremony = nil
            $0.cancellationStreak = 1
            $0.retry = .ceremony(automatic)
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
        var store = LoginTestStore()
        store.launchToAutomaticPrompt()
        let adapter = IOSAdapter()
        store.send(
            .ceremonyFinished(adapter.outcome(of: adapter.error(.preferSignInWithApple))),
            effects: [.presentFallback(.password)], situation: .noPasskeyUsed
        ) {
            $0.ceremony = nil
            $0.screen = .fallback(.password)
        }
        #expect(store.state.retry == nil && store.state.cancellationStreak == 0)
    }

    @Test(arguments: Self.codesWithoutRetry)
    func retryOnlyWhereItHelpsOnIOS(code: ASAuthorizationErrorCode) {
        let adapter = IOSAdapter()
        #expect(adapter.outcome(of: adapter.error(code)) == .unavailable)
        var state = LoginState()
        state.ceremony = Ceremony(route: .explicit, allowedCredentials: [])
        let after = LoginReducer().reduceAnswering(state, .ceremonyFinished(.unavailable))
        #expect(after.situation == .passkeyUnavailable)
        #expect(after.state.offeredActions == [.fallback, .dismiss])
        #expect(after.state.retry == nil)
    }

    @Test func retryOnlyWhereItHelpsOnAndroid() {
        let adapter = AndroidAdapter()
        for exception in [GetCredentialException.unsupported, .providerConfiguration] {
            #expect(adapter.outcome(of: adapter.result(of: exception)) == .unavailable)
        }
        // An interruption "may warrant retrying": the general error, with retry.
        #expect(adapter.outcome(of: adapter.result(of: .interrupted)) == .failed)
        var state = LoginState()
        state.ceremony = Ceremony(route: .explicit, allowedCredentials: [])
        #expect(
            LoginReducer().reduceAnswering(state, .ceremonyFinished(.failed)).state.offeredActions == [
                .retry, .fallback,
            ])
    }

    // MARK: Assisted requests and the web

    static let assisted = Ceremony(route: .assisted, allowedCredentials: [])
    static let explicit = Ceremony(route: .explicit, allowedCredentials: [])
    static let reducer = LoginReducer(configuration: Configuration(automaticStart: .assisted))

    @Test func assistedRequestOnAppear() {
        let appeared = Self.reducer.reduceAnswering(LoginState(), .screenAppeared)
        #expect(appeared.effects == arming(Self.assisted))
        #expect(appeared.state.assisted == Self.assisted && appeared.state.lookup == .idle)
        #expect(Self.reducer.accepts(.identifierSubmitted, in: appeared.state), "the screen is not busy")
        let picked = Self.reducer.reduceAnswering(appeared.state, .assistedRequestFinished(.assertion(passkey1)))
        #expect(picked.effects == [.verifyAssertion(passkey1)])
        #expect(picked.state.verification == Verification(credentialID: passkey1, ceremony: Self.assisted))
        // Without an assisted request (the platform cannot run one), nothing is armed and the
        // passkey button opens the explicit request.
        let plain = LoginReducer(configuration: Configuration(automaticStart: .none))
        let bare = plain.reduceAnswering(LoginState(), .screenAppeared)
        #expect(bare.effects.isEmpty && bare.state.assisted == nil)
        #expect(
            plain.reduceAnswering(bare.state, .passkeyButtonTapped).effects
                == opening(Ceremony(route: .explicit, allowedCredentials: [])))
    }

    @Test(arguments: Self.platforms)
    func assistedErrorsAreSilent(platform: Platform) {
        let appeared = Self.reducer.reduceAnswering(LoginState(), .screenAppeared).state
        let adapter = PlatformAdapters.adapter(for: platform)!
        for result in adapter.errorResults {
            let after = Self.reducer.reduceAnswering(appeared, .assistedRequestFinished(adapter.outcome(of: result)))
            #expect(after.effects.isEmpty && after.situation == nil, "\(result)")
            #expect(after.state.notice == nil && after.state.cancellationStreak == 0 && after.state.assisted == nil)
            #expect(Self.reducer.accepts(.passkeyButtonTapped, in: after.state))
        }
    }

    @Test func cancelAssistedBeforeModal() {
        let appeared = Self.reducer.reduceAnswering(LoginState(), .screenAppeared).state
        let tapped = Self.reducer.reduceAnswering(appeared, .passkeyButtonTapped)
        #expect(
            tapped.effects == [.cancelAssistedRequest] + opening(Ceremony(route: .explicit, allowedCredentials: [])))
        #expect(tapped.state.assisted == nil)
    }

    @Test(arguments: Self.platforms)
    func rearmAssistedAfterCancel(platform: Platform) {
        let appeared = Self.reducer.reduceAnswering(LoginState(), .screenAppeared).state
        let open = Self.reducer.reduceAnswering(appeared, .passkeyButtonTapped).state
        let cancelled = Self.reducer.reduceAnswering(open, .ceremonyFinished(outcome(.userCancels, on: platform)))
        #expect(cancelled.state == appeared)
        #expect(cancelled.effects == arming(Self.assisted))
        #expect(cancelled.situation == .explicitCancel)
    }

    @Test func typedIdentifierEndsAssistedRequest() {
        let appeared = Self.reducer.reduceAnswering(LoginState(), .screenAppeared).state
        let submitted = Self.reducer.reduceAnswering(appeared, .identifierSubmitted)
        #expect(submitted.effects == [.cancelAssistedRequest, .lookUpAccount])
        #expect(submitted.state.assisted == nil)
        #expect(!Self.reducer.accepts(.assistedRequestFinished(.assertion(passkey1)), in: submitted.state))
    }

    @Test func webLoadIsConditional() {
        let web = WebAdapter()
        #expect(web.automaticStarts == [.none, .assisted])
        #expect(!Explorer(adapters: [web]).run().presentations.contains { $0.situation == .automaticCancelFirst })
        #expect(web.assistedRequestAPI.contains("mediation: \"conditional\""))
    }

    /// The cases the spec leaves to the system reach the app only as results it already
    /// names: every result of every platform has a place the engine sends it.
    @Test func leftToThePlatform() {
        for adapter in PlatformAdapters.all {
            let catalogue = TriggerCatalogue(adapter: adapter)
            #expect(!catalogue.results.isEmpty)
            for result in catalogue.results {
                #expect(
                    !(catalogue.destinations[result.id] ?? []).isEmpty,
                    "\(adapter.platform.displayName) \(result.label) leads nowhere")
            }
        }
    }

    /// Whatever its message says, a cancellation on Android counts: the first offers the
    /// retry, the second shows the fallback.
    @Test func androidCancellationCounts() {
        let adapter = AndroidAdapter()
        var cancellations = [adapter.result(of: .publicKeyCredentialDom(.notAllowedError))]
        for message in [nil, "Passkey retrieval was cancelled by the user.", "not authorized"] {
            var result = adapter.result(of: .cancellation)
            result.message = message
            cancellations.append(result)
        }
        let reducer = LoginReducer()
        for cancellation in cancellations {
            #expect(adapter.outcome(of: cancellation) == .cancelled, "\(cancellation)")
            var state = LoginState()
            state.ceremony = Ceremony(route: .automatic, allowedCredentials: [])
            let first = reducer.reduceAnswering(state, .ceremonyFinished(adapter.outcome(of: cancellation)))
            #expect(first.state.cancellationStreak == 1 && first.situation == .automaticCancelFirst)
            var again = first.state
            again.ceremony = Ceremony(route: .automatic, allowedCredentials: [])
            again.retry = nil
            let second = reducer.reduceAnswering(again, .ceremonyFinished(adapter.outcome(of: cancellation)))
            #expect(second.situation == .automaticCancelRepeated)
            // Nothing opens by itself after either.
            #expect(!first.effects.contains { if case .startCeremony = $0 { true } else { false } })
        }
    }

    /// A rate-limited lookup goes where a server error goes, on every platform.
    @Test func rateLimitedLookup() {
        for adapter in PlatformAdapters.all {
            let catalogue = TriggerCatalogue(adapter: adapter)
            #expect(catalogue.destinations["HTTP 429"] == ["lookup-failed"], "\(adapter.platform.displayName)")
            #expect(catalogue.destinations["HTTP 429"] == catalogue.destinations["HTTP 5xx"])
        }
    }

    @Test func webNotAllowedIsCancel() {
        let web = WebAdapter()
        let expected: [WebAuthnRejection: CeremonyOutcome] = [
            .notAllowedError: .cancelled, .abortError: .cancelled, .operationError: .failed,
            .notReadableError: .failed, .invalidStateError: .failed, .unknownError: .failed,
            .securityError: .unavailable, .typeError: .unavailable, .notSupportedError: .unavailable,
            .constraintError: .unavailable,
        ]
        for rejection in WebAuthnRejection.allCases {
            #expect(web.outcome(of: web.rejection(rejection)) == expected[rejection], "\(rejection)")
        }
        var state = LoginState()
        state.appeared = true
        let open = LoginReducer().reduceAnswering(state, .passkeyButtonTapped).state
        let after = LoginReducer().reduceAnswering(
            open, .ceremonyFinished(web.outcome(of: web.rejection(.notAllowedError))))
        #expect(after.state == state && after.situation == .explicitCancel)
    }
}

extension DecisionTests {
    /// Every way a request starts asks for options first, and opens only when they arrive.
    @Test func optionsBeforeEveryRequest() {
        let automatic = Ceremony(route: .automatic, allowedCredentials: [])
        var store = LoginTestStore(configuration: Configuration(automaticStart: .prompt, entry: .discoverable))
        store.answersOptions = false
        store.send(.screenAppeared, effects: [.fetchRequestOptions(automatic)]) {
            $0.appeared = true
            $0.options = automatic
        }
        // Nothing else can happen while the user waits for the prompt.
        store.refuses(.passkeyButtonTapped)
        store.refuses(.ceremonyFinished(.cancelled))
        store.send(.requestOptionsFinished(.received), effects: [.startCeremony(automatic)]) {
            $0.options = nil
            $0.ceremony = automatic
        }
        store.send(
            .ceremonyFinished(.cancelled), effects: [.persistCancellationStreak(1)], situation: .automaticCancelFirst
        ) {
            $0.ceremony = nil
            $0.cancellationStreak = 1
            $0.retry = .ceremony(automatic)
        }
        // A retry needs a fresh challenge: the first was used.
        store.send(.retryTapped, effects: [.fetchRequestOptions(automatic)]) {
            $0.retry = nil
            $0.options = automatic
        }
        store.send(.requestOptionsFinished(.received), effects: [.startCeremony(automatic)]) {
            $0.options = nil
            $0.ceremony = automatic
        }
        store.send(.ceremonyFinished(.failed), effects: [.persistCancellationStreak(0)], situation: .passkeyFailed) {
            $0.ceremony = nil
            $0.notice = .passkeyFailed
            $0.retry = .ceremony(automatic)
            $0.cancellationStreak = 0
        }
    }

    /// A failed request-options call before a modal request is a failed lookup: no prompt, the
    /// notice with retry and the fallback, the count kept; retry asks for options again.
    @Test(arguments: LookupFault.allCases)
    func failedOptionsAreAFailedLookup(fault: LookupFault) {
        let explicit = Ceremony(route: .explicit, allowedCredentials: [])
        var state = LoginState(cancellationStreak: 1)
        state.appeared = true
        var store = LoginTestStore(configuration: Configuration(automaticStart: .none), state: state)
        store.answersOptions = false
        store.send(.passkeyButtonTapped, effects: [.fetchRequestOptions(explicit)]) { $0.options = explicit }
        store.send(.requestOptionsFinished(.failed(fault)), situation: .lookupFailed) {
            $0.options = nil
            $0.notice = .lookupFailed
            $0.retry = .ceremony(explicit)
        }
        #expect(store.state.offeredActions == [.retry, .fallback])
        store.send(.retryTapped, effects: [.fetchRequestOptions(explicit)]) {
            $0.notice = nil
            $0.retry = nil
            $0.options = explicit
        }
        store.send(.requestOptionsFinished(.received), effects: [.startCeremony(explicit)]) {
            $0.options = nil
            $0.ceremony = explicit
        }
    }

    /// The identifier field's request without options shows nothing: the user asked for nothing.
    @Test func failedOptionsForTheSuggestionsShowNothing() {
        var store = LoginTestStore(configuration: Configuration(automaticStart: .assisted))
        store.answersOptions = false
        store.send(.screenAppeared, effects: [.fetchRequestOptions(Self.assisted)]) {
            $0.appeared = true
            $0.options = Self.assisted
        }
        // The suggestions' options are fetched in the background: the screen is not busy.
        #expect(store.reducer.accepts(.passkeyButtonTapped, in: store.state))
        store.send(.requestOptionsFinished(.failed(.timeout))) { $0.options = nil }
        #expect(store.state.notice == nil && store.state.assisted == nil && store.state.offeredActions.isEmpty)
    }

    /// After a prompt, an expired challenge is the general error: no signal, no session, the
    /// count reset as for any failure of the automatic route, and a retry with fresh options.
    @Test func anExpiredChallengeAfterAPromptWaitsForRetry() {
        let automatic = Ceremony(route: .automatic, allowedCredentials: [])
        var store = LoginTestStore(
            configuration: Configuration(automaticStart: .prompt, entry: .discoverable),
            state: LoginState(cancellationStreak: 1))
        store.send(.screenAppeared, situation: .automaticCancelFirst) {
            $0.appeared = true
            $0.retry = .ceremony(automatic)
        }
        store.send(.retryTapped, effects: [.startCeremony(automatic)]) {
            $0.retry = nil
            $0.ceremony = automatic
        }
        store.send(.ceremonyFinished(.assertion(passkey1)), effects: [.verifyAssertion(passkey1)]) {
            $0.ceremony = nil
            $0.verification = Verification(credentialID: passkey1, ceremony: automatic)
        }
        store.send(
            .verificationFinished(.challengeExpired), effects: [.persistCancellationStreak(0)],
            situation: .passkeyFailed
        ) {
            $0.verification = nil
            $0.notice = .passkeyFailed
            $0.retry = .ceremony(automatic)
            $0.cancellationStreak = 0
        }
        store.answersOptions = false
        store.send(.retryTapped, effects: [.fetchRequestOptions(automatic)]) {
            $0.notice = nil
            $0.retry = nil
            $0.options = automatic
        }
    }

    /// From the suggestions, an expired challenge arms them again with fresh options and
    /// shows nothing.
    @Test func anExpiredChallengeRenewsTheSuggestions() {
        var store = LoginTestStore(configuration: Configuration(automaticStart: .assisted))
        store.send(.screenAppeared, effects: [.armAssistedRequest(Self.assisted)]) {
            $0.appeared = true
            $0.assisted = Self.assisted
        }
        store.send(.assistedRequestFinished(.assertion(passkey1)), effects: [.verifyAssertion(passkey1)]) {
            $0.assisted = nil
            $0.verification = Verification(credentialID: passkey1, ceremony: Self.assisted)
        }
        store.send(.verificationFinished(.challengeExpired), effects: [.armAssistedRequest(Self.assisted)]) {
            $0.verification = nil
            $0.assisted = Self.assisted
        }
        #expect(store.state.notice == nil && store.state.offeredActions.isEmpty)
    }

    /// Before their challenge runs out, the suggestions are cancelled and armed again.
    @Test func theSuggestionsAreRenewedBeforeTheirChallengeExpires() {
        var store = LoginTestStore(configuration: Configuration(automaticStart: .assisted))
        store.send(.screenAppeared, effects: [.armAssistedRequest(Self.assisted)]) {
            $0.appeared = true
            $0.assisted = Self.assisted
        }
        store.send(.assistedChallengeExpiring, effects: [.cancelAssistedRequest, .armAssistedRequest(Self.assisted)])
        store.send(.passkeyButtonTapped, effects: [.cancelAssistedRequest, .startCeremony(Self.explicit)]) {
            $0.assisted = nil
            $0.ceremony = Self.explicit
        }
        // Nothing is pending in the identifier field, so there is nothing to renew.
        store.refuses(.assistedChallengeExpiring)
    }

    /// A second answer about an assertion already answered (a duplicate submission) changes
    /// nothing: the verification it would answer is over.
    @Test func aSecondAnswerAboutOneAssertionChangesNothing() {
        var store = LoginTestStore(configuration: Configuration(automaticStart: .none))
        store.send(.screenAppeared) { $0.appeared = true }
        store.send(.passkeyButtonTapped, effects: [.startCeremony(Self.explicit)]) { $0.ceremony = Self.explicit }
        store.send(.ceremonyFinished(.assertion(passkey1)), effects: [.verifyAssertion(passkey1)]) {
            $0.ceremony = nil
            $0.verification = Verification(credentialID: passkey1, ceremony: Self.explicit)
        }
        let accepted = VerificationResult.verified(activeAccount, acceptedCredentials: [passkey1])
        store.send(
            .verificationFinished(accepted),
            effects: [
                .createSession(accountID: "account"),
                .signalAllAcceptedCredentials(userHandle: activeAccount.userHandle, acceptedCredentials: [passkey1]),
            ]
        ) {
            $0.verification = nil
            $0.screen = .signedIn
            $0.session = "account"
        }
        store.refuses(.verificationFinished(.challengeExpired))
        store.refuses(.verificationFinished(accepted))
    }

    /// A passkey revoked in the settings while signed in is reconciled at once, with the list
    /// the server still accepts; nothing else changes, and only the signed-in account's
    /// revocation is possible.
    @Test func reconcileAtRevocation() {
        var state = LoginState()
        state.appeared = true
        state.screen = .signedIn
        state.session = activeAccount.id
        var store = LoginTestStore(configuration: Configuration(automaticStart: .none), state: state)
        store.send(
            .passkeyRevokedInSettings(activeAccount, acceptedCredentials: [passkey2]),
            effects: [
                .signalAllAcceptedCredentials(userHandle: activeAccount.userHandle, acceptedCredentials: [passkey2])
            ]
        )
        let other = Account(id: "another-account", userHandle: Array("user-2".utf8), status: .active)
        store.refuses(.passkeyRevokedInSettings(other, acceptedCredentials: []))
        let signedOut = LoginTestStore(configuration: Configuration(automaticStart: .none))
        signedOut.refuses(.passkeyRevokedInSettings(activeAccount, acceptedCredentials: [passkey2]))
        // The world keeps the revocation: the explorer's event drops the first accepted passkey.
        let world = WorldScript(
            account: activeAccount, serverCredentials: [passkey1: .active, passkey2: .active],
            deviceCredentials: [passkey1, passkey2])
        #expect(
            world.revocationInSettings(of: activeAccount)
                == .passkeyRevokedInSettings(activeAccount, acceptedCredentials: [passkey2]))
    }

    /// Without an identifier nothing is looked up: the automatic request asks for any passkey
    /// as the screen appears, the count rules hold, and an identifier cannot be submitted.
    @Test func discoverableEntry() {
        let automatic = Ceremony(route: .automatic, allowedCredentials: [])
        let configuration = Configuration(automaticStart: .prompt, entry: .discoverable)
        var store = LoginTestStore(configuration: configuration)
        store.send(.screenAppeared, effects: [.startCeremony(automatic)]) {
            $0.appeared = true
            $0.ceremony = automatic
        }
        #expect(store.state.lookup == .idle)
        store.send(
            .ceremonyFinished(.cancelled), effects: [.persistCancellationStreak(1)], situation: .automaticCancelFirst
        ) {
            $0.ceremony = nil
            $0.cancellationStreak = 1
            $0.retry = .ceremony(automatic)
        }
        store.refuses(.identifierSubmitted)
        // After a relaunch the pending retry waits for the user; after two cancellations, the fallback.
        var relaunched = LoginTestStore(configuration: configuration, state: LoginState(cancellationStreak: 1))
        relaunched.send(.screenAppeared, situation: .automaticCancelFirst) {
            $0.appeared = true
            $0.retry = .ceremony(automatic)
        }
        var suppressed = LoginTestStore(configuration: configuration, state: LoginState(cancellationStreak: 2))
        suppressed.send(.screenAppeared, effects: [.presentFallback(.password)]) {
            $0.appeared = true
            $0.screen = .fallback(.password)
        }
        // The account is known from the assertion only: a blocked one gets its route then.
        let locked = Account(id: "account", userHandle: Array("user-1".utf8), status: .locked)
        var signIn = LoginTestStore(configuration: configuration)
        signIn.send(.screenAppeared, effects: [.startCeremony(automatic)]) {
            $0.appeared = true
            $0.ceremony = automatic
        }
        signIn.send(.ceremonyFinished(.assertion(passkey1)), effects: [.verifyAssertion(passkey1)]) {
            $0.ceremony = nil
            $0.verification = Verification(credentialID: passkey1, ceremony: automatic)
        }
        signIn.send(
            .verificationFinished(.verified(locked, acceptedCredentials: [passkey1])), situation: .restrictedAccount
        ) {
            $0.verification = nil
            $0.notice = .restrictedAccount
            $0.accountRoute = .recovery
        }
    }
}

/// A decision's case is named by its ID in the test results.
extension Decision: CustomTestStringConvertible {
    public var testDescription: String { id }
}
