/// The passkey login flow as a pure function: `reduce(state, event)` returns the next state,
/// the effects to perform and the scenario the event led to. No I/O, no clock.
///
/// Each rule names the criterion it implements; where the seed is silent the code follows
/// a recorded decision (see `Decision`).
public struct LoginReducer: Sendable {
    public var configuration: Configuration
    /// A deliberate change to the rules, nil for the engine as it is.
    public var variant: ReducerVariant?

    public init(configuration: Configuration = Configuration(), variant: ReducerVariant? = nil) {
        self.configuration = configuration
        self.variant = variant
    }

    // MARK: - Which events can happen

    /// Whether `event` can happen in `state` (a button is on screen, a request is in flight).
    public func accepts(_ event: LoginEvent, in state: LoginState) -> Bool {
        let idle = !state.isBusy && state.notice == nil
        switch event {
        case .screenAppeared:
            return !state.appeared && state.screen == .login
        case .identifierSubmitted:
            return configuration.entry == .identifierFirst && state.appeared && idle && state.screen == .login
        case .lookupFinished:
            return state.lookup == .inFlight
        case .requestOptionsFinished:
            return state.options != nil
        case .passkeyButtonTapped:
            return state.appeared && idle && (state.screen == .login || isFallbackScreen(state.screen))
        case .assistedChallengeExpiring:
            return state.assisted != nil
        case .retryTapped:
            return state.retry != nil && !state.isBusy
                && (state.notice == nil ? state.screen == .login : state.notice!.actions.contains(.retry))
        case .anotherPasskeyChosen:
            return state.notice?.actions.contains(.anotherPasskey) == true
        case .fallbackChosen:
            return state.notice?.actions.contains(.fallback) == true
                || (state.appeared && idle && state.screen == .login)
        case .recoveryChosen:
            return state.notice?.actions.contains(.recovery) == true
        case .supportChosen:
            return state.notice?.actions.contains(.support) == true
        case .accountHelpChosen:
            return state.notice?.actions.contains(.accountHelp) == true
        case .noticeDismissed:
            return state.notice?.actions.contains(.dismiss) == true
        case .ceremonyFinished:
            return state.ceremony != nil
        case .assistedRequestFinished:
            return state.assisted != nil
        case .verificationFinished:
            return state.verification != nil
        case .fallbackSignInSucceeded:
            return idle && isFallbackScreen(state.screen)
        case .passkeyRevokedInSettings(let account, _):
            return state.session == account.id
        case .appRelaunched:
            return state.session == nil
        case .signedOut:
            return state.session != nil
        }
    }

    // MARK: - The rules

    /// Applies `event`; an event the state does not accept changes nothing.
    public func reduce(_ state: LoginState, _ event: LoginEvent) -> Transition {
        let transition = reduceByRules(state, event)
        return variant?.amend(state, event, transition) ?? transition
    }

    private func reduceByRules(_ state: LoginState, _ event: LoginEvent) -> Transition {
        guard accepts(event, in: state) else { return Transition(state: state) }
        var next = state
        switch event {
        case .screenAppeared:
            next.appeared = true
            switch configuration.automaticStart {
            case .none:
                return Transition(state: next)
            case .prompt where configuration.entry == .discoverable:
                // Decision discoverable-entry: with no identifier there is nothing to look up;
                // the automatic request asks for any passkey of the app.
                return startPasskeyRoute(allowing: [], state: state, next: next)
            case .prompt:
                next.lookup = .inFlight
                return Transition(state: next, effects: [.lookUpAccount])
            case .assisted:
                // Decision assisted-request-on-appear: passkeys are offered in the identifier
                // field's suggestions from the start; the request needs no lookup (any passkey
                // of this app) and shows nothing until the user picks one.
                return armAssistedRequest(next)
            }

        case .identifierSubmitted:
            // A new identifier starts route selection over; an inline retry belonged to the old one.
            next.retry = nil
            next.lookup = .inFlight
            // Decision typed-identifier-ends-assisted-request: the user typed instead of picking a
            // suggestion, so the assisted request is cancelled; no passkey can arrive while the
            // lookup decides the route.
            let cancel = leavingLogin(&next)
            return Transition(state: next, effects: cancel + [.lookUpAccount])

        case .lookupFinished(let result):
            return lookupFinished(result, state: next)

        case .requestOptionsFinished(let result):
            return requestOptionsFinished(result, ceremony: state.options!, state: next)

        case .passkeyButtonTapped:
            // Decision explicit-route-is-discoverable: the button asks for any passkey of this app.
            // Decision cancel-assisted-before-modal: a pending assisted request is cancelled
            // before the modal one starts (Chrome answers a second request with OperationError
            // "A request is already pending"; Google's guidance aborts the conditional get first).
            // An assisted request still waiting for its options is dropped with it.
            let cancel: [LoginEffect] = state.assisted == nil ? [] : [.cancelAssistedRequest]
            next.assisted = nil
            var request = requestOptions(for: Ceremony(route: .explicit, allowedCredentials: []), state: next)
            request.effects.insert(contentsOf: cancel, at: 0)
            return request

        case .retryTapped:
            next.notice = nil
            next.retry = nil
            switch state.retry {
            case .lookup:
                // N1.4-AC03: retry performs a fresh lookup.
                next.lookup = .inFlight
                return Transition(state: next, effects: [.lookUpAccount])
            case .ceremony(let ceremony):
                // Decision options-before-every-request: a challenge is used once, so the
                // retried request asks for fresh options.
                return requestOptions(for: ceremony, state: next)
            case nil:
                return Transition(state: state)
            }

        case .assistedChallengeExpiring:
            // Decision challenge-expiry: the suggestions are armed again with fresh options
            // before their challenge runs out, so a passkey picked later still verifies.
            next.assisted = nil
            var rearmed = requestOptions(for: state.assisted!, state: next)
            rearmed.effects.insert(.cancelAssistedRequest, at: 0)
            return rearmed

        case .anotherPasskeyChosen:
            // N1.4-AC04: another passkey, limited to the ones the server accepts when the lookup said which.
            next.notice = nil
            next.retry = nil
            let ceremony = Ceremony(route: .explicit, allowedCredentials: state.lookup.data?.credentialIDs ?? [])
            return requestOptions(for: ceremony, state: next)

        case .fallbackChosen:
            return presentFallback(next)

        case .recoveryChosen:
            return openRoute(.recovery, state: next)

        case .supportChosen:
            return openRoute(.support, state: next)

        case .accountHelpChosen:
            return openRoute(state.accountRoute ?? .accountStatus, state: next)

        case .noticeDismissed:
            next.notice = nil
            next.accountRoute = nil
            next.screen = .login
            return Transition(state: next)

        case .ceremonyFinished(let outcome):
            return ceremonyFinished(outcome, ceremony: state.ceremony!, state: next)

        case .assistedRequestFinished(let outcome):
            let ceremony = state.assisted!
            next.assisted = nil
            guard case .assertion(let credential) = outcome else {
                // Decision assisted-errors-are-silent: the user asked for nothing, so an assisted
                // request that ends without a passkey shows nothing and counts nothing; the passkey
                // button stays. It is armed again when the login screen next appears.
                return Transition(state: next)
            }
            next.verification = Verification(credentialID: credential, ceremony: ceremony)
            return Transition(state: next, effects: [.verifyAssertion(credential)])

        case .verificationFinished(let result):
            return verificationFinished(result, verification: state.verification!, state: next)

        case .fallbackSignInSucceeded(let account, let accepted):
            return signIn(account, acceptedCredentials: accepted, state: next)

        case .passkeyRevokedInSettings(let account, let accepted):
            // N1.4-AC04 and decision reconcile-at-revocation: the revoked passkey is dropped from
            // the credential manager while the user who revoked it is signed in, not only at the
            // next sign-in.
            return Transition(
                state: state,
                effects: [.signalAllAcceptedCredentials(userHandle: account.userHandle, acceptedCredentials: accepted)])

        case .appRelaunched, .signedOut:
            // Decisions count-survives-relaunch and sign-out-starts-afresh: the count is stored and
            // kept; everything else starts over. A sign-out follows a successful login, which reset it.
            // Decision retry-offer-survives-relaunch: a pending first cancellation comes back as the
            // retry offer once the lookup answers (see `lookupFinished`).
            return Transition(state: LoginState(cancellationStreak: state.cancellationStreak))
        }
    }

    // MARK: - Lookup (N1.4-AC03, general errors)

    private func lookupFinished(_ result: LookupResult, state: LoginState) -> Transition {
        var next = state
        if case .failed(let dependency, let fault) = result {
            // N1.4-AC03: a failed lookup proves nothing; no conclusion, no ceremony, retry and fallback.
            next.lookup = .failed(dependency, fault)
            next.notice = .lookupFailed
            next.retry = .lookup
            return Transition(state: next, situation: .lookupFailed)
        }
        if configuration.enumerationPolicy == .conceal {
            // Decision conceal-before-authentication: what the lookup found about the account is
            // not used before the user authenticates. Every identifier gets what an account with
            // passkeys gets, through a discoverable request that names no credential.
            next.lookup = .succeeded(RouteData(credentialIDs: []))
            return startPasskeyRoute(allowing: [], state: state, next: next)
        }
        switch result {
        case .found(let data):
            next.lookup = .succeeded(data)
            if data.credentialIDs.isEmpty {
                // Decision no-passkey-yet-is-silent: an account without passkeys goes straight to
                // the fallback, as an unknown identifier does.
                return presentFallback(next)
            }
            return startPasskeyRoute(allowing: data.credentialIDs, state: state, next: next)
        case .cannotContinue:
            next.lookup = .unavailable
            next.notice = .accountCannotContinue
            return Transition(state: next, situation: .accountCannotContinue)
        case .notFound:
            // An unknown identifier goes to the fallback, exactly like an account without passkeys.
            next.lookup = .unavailable
            return presentFallback(next)
        case .failed:
            preconditionFailure("handled above")
        }
    }

    /// The passkey route once the lookup has answered: with the automatic prompt, it opens
    /// (asking for `allowed`, or any passkey of the app when empty) unless cancellations say
    /// otherwise; without it, the screen waits for the user under `reveal`, and goes to the
    /// fallback, which keeps the passkey button, under `conceal`.
    private func startPasskeyRoute(
        allowing allowed: [CredentialID], state: LoginState, next: LoginState
    )
        -> Transition
    {
        var next = next
        guard configuration.startsPasskeyLoginAutomatically else {
            // Decision conceal-before-authentication: under `conceal` an unknown identifier must
            // look like an account with passkeys, and the unknown one can only go to the fallback.
            return configuration.enumerationPolicy == .conceal ? presentFallback(next) : Transition(state: next)
        }
        if state.automaticPromptsSuppressed {
            // N1.4-AC01: after two cancellations, no automatic prompt: the configured fallback instead.
            return presentFallback(next)
        }
        let ceremony = Ceremony(route: .automatic, allowedCredentials: allowed)
        if state.cancellationStreak == 1 {
            // N1.4-AC01 and decision retry-offer-survives-relaunch: one automatic cancellation is
            // pending (from before a relaunch or another identifier), so the prompt does not
            // reopen until the user chooses retry; the login screen offers it again.
            next.retry = .ceremony(ceremony)
            return Transition(state: next, situation: .automaticCancelFirst)
        }
        return requestOptions(for: ceremony, state: next)
    }

    // MARK: - Request options (N1.4-AC03)

    /// Decision options-before-every-request: no passkey request, modal or assisted, starts
    /// before the server has issued its options and challenge.
    private func requestOptions(for ceremony: Ceremony, state: LoginState) -> Transition {
        var next = state
        next.options = ceremony
        return Transition(state: next, effects: [.fetchRequestOptions(ceremony)])
    }

    private func requestOptionsFinished(
        _ result: RequestOptionsResult, ceremony: Ceremony, state: LoginState
    ) -> Transition {
        var next = state
        next.options = nil
        switch (result, ceremony.route) {
        case (.received, .assisted):
            next.assisted = ceremony
            return Transition(state: next, effects: [.armAssistedRequest(ceremony)])
        case (.received, _):
            next.ceremony = ceremony
            return Transition(state: next, effects: [.startCeremony(ceremony)])
        case (.failed, .assisted):
            // Decision assisted-errors-are-silent: the user asked for nothing, so nothing is
            // shown; the passkey button stays.
            return Transition(state: next)
        case (.failed, _):
            // N1.4-AC03: no challenge proves nothing about the account or its passkeys; no
            // request starts, and retry asks for fresh options. The streak is kept: no prompt
            // opened, so nothing was cancelled or failed.
            next.notice = .lookupFailed
            next.retry = .ceremony(ceremony)
            return Transition(state: next, situation: .lookupFailed)
        }
    }

    // MARK: - The OS prompt (N1.4-AC01, N1.4-AC02)

    private func ceremonyFinished(_ outcome: CeremonyOutcome, ceremony: Ceremony, state: LoginState) -> Transition {
        var next = state
        next.ceremony = nil
        switch outcome {
        case .assertion(let credential):
            next.verification = Verification(credentialID: credential, ceremony: ceremony)
            return Transition(state: next, effects: [.verifyAssertion(credential)])

        case .cancelled where ceremony.route != .automatic, .noCredential where ceremony.route != .automatic:
            // N1.4-AC02: the login screen stays exactly as it was: no error, no fallback, no redirect.
            // Decision explicit-no-credential-changes-nothing: without preferImmediatelyAvailableCredentials
            // "no credential" also reports a refused consent, so it must not force the fallback.
            guard configuration.automaticStart == .assisted, next.screen == .login else {
                return Transition(state: next, situation: .explicitCancel)
            }
            // Decision rearm-assisted-after-cancel: the suggestions come back as they were.
            var rearmed = armAssistedRequest(next)
            rearmed.situation = .explicitCancel
            return rearmed

        case .cancelled:
            // N1.4-AC01: count consecutive cancellations of the automatic route.
            next.cancellationStreak = min(state.cancellationStreak + 1, 2)
            let persist = LoginEffect.persistCancellationStreak(next.cancellationStreak)
            if next.cancellationStreak == 1 {
                // First: back to the login screen, no error, a deliberate retry; nothing reopens by itself.
                next.retry = .ceremony(ceremony)
                next.screen = .login
                return Transition(state: next, effects: [persist], situation: .automaticCancelFirst)
            }
            // Second: stop automatic prompts and show the configured fallback.
            var fallback = presentFallback(next)
            fallback.effects.insert(persist, at: 0)
            fallback.situation = .automaticCancelRepeated
            return fallback

        case .noCredential, .otherMethodPreferred:
            // Decisions no-local-passkey-goes-to-fallback and ios-prefer-sign-in-with-apple: nothing
            // to retry, so go to the fallback without an error.
            var fallback = presentFallback(next)
            fallback.situation = .noPasskeyUsed
            return fallback

        case .failed:
            return passkeyFailed(.passkeyFailed, after: ceremony, state: next)

        case .unavailable:
            // Decision retry-only-where-it-helps: the fallback, and no retry that cannot work.
            return passkeyFailed(.passkeyUnavailable, after: ceremony, state: next)
        }
    }

    // MARK: - The server's answer (N1.4-AC04, N1.4-AC05)

    private func verificationFinished(
        _ result: VerificationResult, verification: Verification, state: LoginState
    ) -> Transition {
        var next = state
        next.verification = nil
        switch result {
        case .verified(let account, let accepted):
            return signIn(account, acceptedCredentials: accepted, state: next)

        case .routeUnavailable:
            // Decision conceal-before-authentication: the user has proved who they are, so the
            // account's real route may be shown under either policy.
            next.notice = .accountCannotContinue
            next.retry = nil
            return Transition(state: next, situation: .accountCannotContinue)

        case .credentialUnknown, .verificationFailed:
            // N1.4-AC04: only an ID absent from the server's records is signalled as unknown.
            // Decision verification-failure-looks-unknown: a rejected assertion gets the same copy
            // and actions, but no signal, since its ID is on the server's records.
            next.notice = .deletedPasskey
            next.retry = nil
            let signal: [LoginEffect] =
                result == .credentialUnknown ? [.signalUnknownCredential(verification.credentialID)] : []
            return Transition(state: next, effects: signal, situation: .deletedPasskey)

        case .credentialRevoked:
            // N1.4-AC04: no unknown-credential signal; the full list is reconciled at the next sign-in.
            next.notice = .passkeyNotAccepted
            next.retry = nil
            return Transition(state: next, situation: .passkeyNotAccepted)

        case .inconclusive:
            // Decision inconclusive-is-a-general-error: no conclusion, so no signal.
            return passkeyFailed(.passkeyFailed, after: verification.ceremony, state: next)

        case .challengeExpired where verification.ceremony.route == .assisted:
            // Decision challenge-expiry: the user picked from suggestions armed too long ago; they
            // are armed again with fresh options, silently, and the user picks again.
            return armAssistedRequest(next)

        case .challengeExpired:
            // Decision challenge-expiry: nothing is known of the passkey; the general error's
            // retry asks for fresh options, and no prompt opens until the user chooses it.
            return passkeyFailed(.passkeyFailed, after: verification.ceremony, state: next)
        }
    }

    /// N1.4-AC05: a valid sign-in creates a session only for an account allowed to sign in.
    private func signIn(_ account: Account, acceptedCredentials: [CredentialID], state: LoginState) -> Transition {
        var next = state
        next.retry = nil
        guard account.status.allowsSignIn else {
            next.notice = .restrictedAccount
            next.accountRoute = configuration.route(for: account.status)
            return Transition(state: next, situation: .restrictedAccount)
        }
        next.notice = nil
        next.screen = .signedIn
        next.session = account.id
        var effects: [LoginEffect] =
            leavingLogin(&next) + [
                .createSession(accountID: account.id),
                // N1.4-AC04: full-list reconciliation happens when the user is authenticated.
                .signalAllAcceptedCredentials(userHandle: account.userHandle, acceptedCredentials: acceptedCredentials),
            ]
        if state.cancellationStreak != 0 {
            // N1.4-AC01: "A successful login resets the cancellation count": passkey or fallback.
            next.cancellationStreak = 0
            effects.append(.persistCancellationStreak(0))
        }
        return Transition(state: next, effects: effects)
    }

    // MARK: - Shared steps

    /// A passkey error the user did not cause: the general error offers to retry the same
    /// ceremony; an unavailable passkey login offers no retry.
    private func passkeyFailed(_ notice: Notice, after ceremony: Ceremony, state: LoginState) -> Transition {
        var next = state
        next.notice = notice
        // A retry after an assisted request is a modal request for any passkey: the
        // suggestions are not something the user can be sent back to.
        let again = ceremony.route == .assisted ? Ceremony(route: .explicit, allowedCredentials: []) : ceremony
        next.retry = notice.actions.contains(.retry) ? .ceremony(again) : nil
        var effects: [LoginEffect] = []
        if ceremony.route == .automatic, state.cancellationStreak != 0 {
            // Decision error-breaks-the-streak: an automatic attempt that failed was not cancelled,
            // so the cancellations before it are no longer consecutive.
            next.cancellationStreak = 0
            effects.append(.persistCancellationStreak(0))
        }
        let situation: Situation = notice == .passkeyUnavailable ? .passkeyUnavailable : .passkeyFailed
        return Transition(state: next, effects: effects, situation: situation)
    }

    private func armAssistedRequest(_ state: LoginState) -> Transition {
        requestOptions(for: Ceremony(route: .assisted, allowedCredentials: []), state: state)
    }

    /// Leaving the login screen ends a pending assisted request, or drops one still waiting
    /// for its options.
    private func leavingLogin(_ state: inout LoginState) -> [LoginEffect] {
        if state.options?.route == .assisted { state.options = nil }
        guard state.assisted != nil else { return [] }
        state.assisted = nil
        return [.cancelAssistedRequest]
    }

    private func presentFallback(_ state: LoginState) -> Transition {
        var next = state
        let cancel = leavingLogin(&next)
        next.notice = nil
        next.retry = nil
        next.accountRoute = nil
        next.screen = .fallback(configuration.fallback)
        return Transition(state: next, effects: cancel + [.presentFallback(configuration.fallback)])
    }

    private func openRoute(_ route: AccountRoute, state: LoginState) -> Transition {
        var next = state
        let cancel = leavingLogin(&next)
        next.notice = nil
        next.retry = nil
        next.accountRoute = nil
        next.screen = .accountRoute(route)
        return Transition(state: next, effects: cancel + [.openAccountRoute(route)])
    }

    private func isFallbackScreen(_ screen: Screen) -> Bool {
        if case .fallback = screen { return true }
        return false
    }
}

/// A changed engine: each transition the rules make passes through `amend`. The tests use
/// one to show that what the site draws and checks follows the engine (a rule changed, the
/// diagram changes); the tool itself never sets one.
public struct ReducerVariant: Sendable {
    public let amend: @Sendable (_ before: LoginState, _ event: LoginEvent, _ transition: Transition) -> Transition

    public init(amend: @escaping @Sendable (LoginState, LoginEvent, Transition) -> Transition) {
        self.amend = amend
    }
}
