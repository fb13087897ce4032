/// Everything an invariant may look at: one transition and the world it happened in.
public struct InvariantContext: Sendable {
    public var before: LoginState
    public var event: LoginEvent
    public var transition: Transition
    public var reducer: LoginReducer
    private let script: WorldScript
    private let worldReads: WorldReads?

    /// The world script the transition happened in. Reading it is noted: a verdict reached
    /// without it holds in every world, so the explorer asks the invariant once per transition
    /// of the reducer rather than once per world (see `TransitionVerdicts`).
    public var world: WorldScript {
        worldReads?.note()
        return script
    }

    init(
        before: LoginState, event: LoginEvent, transition: Transition, world: WorldScript, reducer: LoginReducer,
        worldReads: WorldReads? = nil
    ) {
        self.before = before
        self.event = event
        self.transition = transition
        self.reducer = reducer
        self.script = world
        self.worldReads = worldReads
    }

    public var after: LoginState { transition.state }
    public var effects: [LoginEffect] { transition.effects }
    public var configuration: Configuration { reducer.configuration }

    /// The modal passkey requests this transition starts. A request starts when the app asks
    /// the server for its options; its prompt opens when they arrive, with nothing else to
    /// decide.
    var startedCeremonies: [Ceremony] {
        effects.compactMap {
            if case .fetchRequestOptions(let ceremony) = $0, ceremony.route != .assisted { return ceremony }
            return nil
        }
    }
}

/// Whether an invariant's check read the world script. One check at a time, on one thread,
/// notes into it, which is why it can be shared as `Sendable`.
final class WorldReads: @unchecked Sendable {
    private(set) var happened = false

    func note() { happened = true }

    func reset() { happened = false }
}

/// An invariant's verdict on one transition.
public enum Verdict: Hashable, Sendable {
    /// The transition is not one the invariant speaks about.
    case notApplicable
    case holds
    /// What went wrong.
    case violated(String)
}

/// A property of every transition the engine can make, tagged with the criterion it guards.
public struct Invariant: Sendable {
    public var id: String
    /// The criterion ID, e.g. `N1.4-AC01`, or `general`.
    public var criterion: String
    public var statement: String
    /// Whether the property applies to a transition, and if so whether it holds. A pure
    /// function of its context: the explorer keeps its verdict on a transition for every run
    /// that takes the transition again, unless the check read the world (see `TransitionVerdicts`).
    public var check: @Sendable (InvariantContext) -> Verdict

    public init(
        id: String, criterion: String, statement: String, check: @escaping @Sendable (InvariantContext) -> Verdict
    ) {
        self.id = id
        self.criterion = criterion
        self.statement = statement
        self.check = check
    }
}

extension Invariant {
    /// Every invariant, grouped by criterion.
    public static let all: [Invariant] = [
        // MARK: N1.4-AC01
        Invariant(
            id: "AC01.no-reopen-before-retry", criterion: "N1.4-AC01",
            statement:
                "While the retry after an automatic cancellation is offered, no prompt opens until the user chooses retry."
        ) { context in
            guard case .ceremony(let offered) = context.before.retry, offered.route == .automatic,
                context.before.notice == nil
            else { return .notApplicable }
            if context.event != .retryTapped, !context.startedCeremonies.filter({ $0.route == .automatic }).isEmpty {
                return .violated("an automatic prompt opened on \(context.event) while the retry was offered")
            }
            return .holds
        },
        Invariant(
            id: "AC01.first-cancel-offers-retry", criterion: "N1.4-AC01",
            statement: "The first automatic cancellation returns to the login screen without an error and offers retry."
        ) { context in
            guard context.before.ceremony?.route == .automatic, context.event == .ceremonyFinished(.cancelled),
                context.before.cancellationStreak == 0
            else { return .notApplicable }
            let after = context.after
            if after.notice != nil { return .violated("an error (\(after.notice!.id)) was shown") }
            if after.screen != .login { return .violated("the screen is \(after.screen), not the login screen") }
            if !after.offeredActions.contains(.retry) { return .violated("no retry is offered") }
            if !context.startedCeremonies.isEmpty { return .violated("a prompt reopened by itself") }
            return .holds
        },
        Invariant(
            id: "AC01.second-cancel-shows-fallback", criterion: "N1.4-AC01",
            statement: "The second consecutive automatic cancellation stops automatic prompts and shows the fallback."
        ) { context in
            guard context.before.ceremony?.route == .automatic, context.event == .ceremonyFinished(.cancelled),
                context.before.cancellationStreak >= 1
            else { return .notApplicable }
            if !context.effects.contains(.presentFallback(context.configuration.fallback)) {
                return .violated("the fallback was not shown")
            }
            if context.after.notice != nil { return .violated("an error was shown") }
            if !context.after.automaticPromptsSuppressed { return .violated("automatic prompts are still allowed") }
            return .holds
        },
        Invariant(
            id: "AC01.no-automatic-prompt-when-suppressed", criterion: "N1.4-AC01",
            statement: "After two consecutive automatic cancellations, no prompt opens by itself."
        ) { context in
            guard context.before.automaticPromptsSuppressed else { return .notApplicable }
            return context.startedCeremonies.contains(where: { $0.route == .automatic })
                ? .violated("an automatic prompt opened on \(context.event) after two cancellations") : .holds
        },
        Invariant(
            id: "AC01.successful-login-resets-count", criterion: "N1.4-AC01",
            statement: "A successful login, with a passkey or the fallback, resets the cancellation count."
        ) { context in
            guard context.before.session == nil, context.after.session != nil else { return .notApplicable }
            return context.after.cancellationStreak == 0
                ? .holds
                : .violated("the count is \(context.after.cancellationStreak) after a login on \(context.event)")
        },
        Invariant(
            id: "AC01.pending-cancel-waits-for-retry", criterion: "N1.4-AC01",
            statement:
                "With one automatic cancellation pending (also after a relaunch or a new identifier), an automatic prompt opens only when the user chooses retry."
        ) { context in
            guard context.before.cancellationStreak == 1 else { return .notApplicable }
            let opened = context.startedCeremonies.contains { $0.route == .automatic }
            return opened && context.event != .retryTapped
                ? .violated("an automatic prompt opened on \(context.event) before the user chose retry") : .holds
        },
        Invariant(
            id: "AC01.count-survives-relaunch", criterion: "N1.4-AC01",
            statement: "The cancellation count survives an app relaunch and a sign-out."
        ) { context in
            guard context.event == .appRelaunched || context.event == .signedOut else { return .notApplicable }
            return context.after.cancellationStreak == context.before.cancellationStreak
                ? .holds
                : .violated(
                    "the count changed from \(context.before.cancellationStreak) to \(context.after.cancellationStreak)"
                )
        },

        // MARK: N1.4-AC02
        Invariant(
            id: "AC02.explicit-cancel-changes-nothing", criterion: "N1.4-AC02",
            statement:
                "Cancelling an explicit prompt returns to the unchanged screen: no error, no fallback, no redirect; the passkey button stays."
        ) { context in
            guard context.before.ceremony?.route == .explicit,
                context.event == .ceremonyFinished(.cancelled) || context.event == .ceremonyFinished(.noCredential)
            else { return .notApplicable }
            var expected = context.before
            expected.ceremony = nil
            // Decision rearm-assisted-after-cancel: with an assisted request configured, the
            // suggestions the button cancelled come back; nothing else may change.
            let rearms = context.reducer.configuration.automaticStart == .assisted
            let rearm = context.effects == [.fetchRequestOptions(Ceremony(route: .assisted, allowedCredentials: []))]
            var after = context.after
            if rearms, rearm { after.options = nil }
            if after != expected { return .violated("the state changed: \(context.after)") }
            if !context.effects.isEmpty, !(rearms && rearm) { return .violated("effects \(context.effects)") }
            if !context.reducer.accepts(.passkeyButtonTapped, in: context.after) {
                return .violated("the passkey button is gone")
            }
            return .holds
        },

        // MARK: N1.4-AC03
        Invariant(
            id: "AC03.no-ceremony-from-incomplete-lookup", criterion: "N1.4-AC03",
            statement: "No passkey request starts from a failed or incomplete lookup."
        ) { context in
            guard !context.startedCeremonies.isEmpty else { return .notApplicable }
            // Decision discoverable-entry: without an identifier the automatic request needs no lookup.
            let lookedUp = context.configuration.entry == .identifierFirst
            for ceremony in context.startedCeremonies {
                if case .lookupFinished(.failed) = context.event {
                    return .violated("a prompt opened after a failed lookup")
                }
                if ceremony.route == .automatic && lookedUp || !ceremony.allowedCredentials.isEmpty {
                    guard let data = context.after.lookup.data else {
                        return .violated(
                            "a \(ceremony.route.rawValue) prompt opened with lookup \(context.after.lookup)")
                    }
                    if !ceremony.allowedCredentials.allSatisfy(data.credentialIDs.contains) {
                        return .violated("the prompt allows credentials the lookup did not return")
                    }
                }
            }
            return .holds
        },
        Invariant(
            id: "AC03.request-waits-for-options", criterion: "N1.4-AC03",
            statement:
                "No passkey prompt opens and no assisted request is armed before the server has issued that request's options."
        ) { context in
            let opened = context.effects.compactMap { effect -> Ceremony? in
                switch effect {
                case .startCeremony(let ceremony), .armAssistedRequest(let ceremony): ceremony
                default: nil
                }
            }
            guard !opened.isEmpty else { return .notApplicable }
            guard context.event == .requestOptionsFinished(.received), let asked = context.before.options else {
                return .violated("a request opened on \(context.event) without fresh options")
            }
            return opened == [asked] ? .holds : .violated("options for \(asked) opened \(opened)")
        },
        Invariant(
            id: "AC03.failure-is-no-conclusion", criterion: "N1.4-AC03",
            statement:
                "A failed lookup, or a failed request-options call for a request the user is waiting for, shows no account or credential conclusion and offers a fresh retry and the fallback."
        ) { context in
            switch context.event {
            case .lookupFinished(.failed): break
            case .requestOptionsFinished(.failed) where context.before.options?.route != .assisted: break
            default: return .notApplicable
            }
            if context.after.notice != .lookupFailed {
                return .violated("notice \(String(describing: context.after.notice))")
            }
            if context.after.session != nil
                || context.effects.contains(where: { if case .presentFallback = $0 { true } else { false } })
            {
                return .violated("the failure was treated as a conclusion")
            }
            let actions = context.after.offeredActions
            return actions.contains(.retry) && actions.contains(.fallback) ? .holds : .violated("offered \(actions)")
        },
        Invariant(
            id: "AC03.retry-looks-up-afresh", criterion: "N1.4-AC03",
            statement:
                "Retry after a failed lookup performs a fresh lookup, and after a failed request-options call asks for fresh options, and nothing else."
        ) { context in
            guard context.before.notice == .lookupFailed, context.event == .retryTapped else { return .notApplicable }
            switch context.before.retry {
            case .lookup:
                return context.effects == [.lookUpAccount] && context.after.lookup == .inFlight
                    ? .holds : .violated("effects \(context.effects)")
            case .ceremony(let ceremony):
                return context.effects == [.fetchRequestOptions(ceremony)] && context.after.options == ceremony
                    ? .holds : .violated("effects \(context.effects)")
            case nil:
                return .violated("a lookup failure offered retry with nothing to retry")
            }
        },

        // MARK: N1.4-AC04
        Invariant(
            id: "AC04.unknown-signal-only-for-absent-ids", criterion: "N1.4-AC04",
            statement: "The unknown-credential signal names only credential IDs absent from the server's records."
        ) { context in
            let signalled = context.effects.compactMap { effect -> CredentialID? in
                if case .signalUnknownCredential(let id) = effect { return id }
                return nil
            }
            guard case .verificationFinished(let result) = context.event else {
                return signalled.isEmpty ? .notApplicable : .violated("signalled \(signalled) outside a verification")
            }
            if result == .credentialUnknown, signalled != [context.before.verification?.credentialID] {
                return .violated("the server said the ID is absent, but the signal named \(signalled)")
            }
            for id in signalled {
                if let state = context.world.serverCredentials[id] {
                    return .violated("signalled \(id) as unknown, but the server has it as \(state.rawValue)")
                }
                if context.event != .verificationFinished(.credentialUnknown) {
                    return .violated("signalled \(id) as unknown without the server saying so")
                }
            }
            return .holds
        },
        Invariant(
            id: "AC04.signal-with-no-request-pending", criterion: "N1.4-AC04",
            statement:
                "A signal is sent only while no other passkey request is pending: the identifier field's request is armed again after it, never before."
        ) { context in
            // Chromium rejects a signal with `OperationError` while another WebAuthn request of the
            // page is pending; the signal would be lost.
            guard context.effects.contains(where: \.isSignal) else { return .notApplicable }
            var assisted = context.before.assisted != nil
            if case .assistedRequestFinished = context.event { assisted = false }
            var prompt = context.before.ceremony != nil
            if case .ceremonyFinished = context.event { prompt = false }
            for effect in context.effects {
                switch effect {
                case .armAssistedRequest: assisted = true
                case .cancelAssistedRequest: assisted = false
                case .startCeremony: prompt = true
                case let signal where signal.isSignal && (assisted || prompt):
                    return .violated(
                        "a signal was sent while \(assisted ? "the identifier field's request" : "a prompt") was pending"
                    )
                default: break
                }
            }
            return .holds
        },
        Invariant(
            id: "AC04.full-list-only-when-authenticated", criterion: "N1.4-AC04",
            statement:
                "The full list of accepted credentials is sent only with a new session, or when the signed-in user revokes a passkey in the settings, and holds exactly the IDs the server accepts."
        ) { context in
            let lists = context.effects.compactMap { effect -> [CredentialID]? in
                if case .signalAllAcceptedCredentials(_, let accepted) = effect { return accepted }
                return nil
            }
            if case .passkeyRevokedInSettings(let account, let accepted) = context.event {
                guard context.before.session == account.id else { return .violated("a revocation without its session") }
                return lists == [accepted] ? .holds : .violated("a revocation sent \(lists), not \(accepted)")
            }
            let newSession = context.after.session != nil && context.before.session == nil
            guard newSession || !lists.isEmpty else { return .notApplicable }
            if newSession, lists.count != 1 { return .violated("a sign-in sent \(lists.count) full lists") }
            for accepted in lists {
                if context.after.session == nil || context.before.session != nil {
                    return .violated("the full list was sent without a new session")
                }
                let expected = context.world.acceptedCredentials(ofAccount: context.after.session ?? "")
                if accepted != expected {
                    return .violated("the list \(accepted) is not the server's accepted list \(expected)")
                }
            }
            return .holds
        },
        Invariant(
            id: "AC04.rejection-offers-another-passkey", criterion: "N1.4-AC04",
            statement:
                "A rejected credential explains that the passkey can no longer sign in and offers another passkey plus the fallback."
        ) { context in
            guard
                context.event == .verificationFinished(.credentialUnknown)
                    || context.event == .verificationFinished(.credentialRevoked)
                    || context.event == .verificationFinished(.verificationFailed)
            else { return .notApplicable }
            let actions = context.after.offeredActions
            guard context.after.notice == .deletedPasskey || context.after.notice == .passkeyNotAccepted else {
                return .violated("notice \(String(describing: context.after.notice))")
            }
            return actions.contains(.anotherPasskey) && actions.contains(.fallback)
                ? .holds : .violated("offered \(actions)")
        },
        Invariant(
            id: "AC04.inconclusive-sends-no-signal", criterion: "N1.4-AC04",
            statement: "An inconclusive server answer, or one that finds the challenge expired, sends neither signal."
        ) { context in
            guard
                context.event == .verificationFinished(.inconclusive)
                    || context.event == .verificationFinished(.challengeExpired)
            else { return .notApplicable }
            let signals = context.effects.filter {
                switch $0 {
                case .signalUnknownCredential, .signalAllAcceptedCredentials: true
                default: false
                }
            }
            return signals.isEmpty ? .holds : .violated("sent \(signals)")
        },

        // MARK: N1.4-AC05
        Invariant(
            id: "AC05.session-only-for-allowed-accounts", criterion: "N1.4-AC05",
            statement: "Only an account currently allowed to sign in receives a session."
        ) { context in
            let sessions = context.effects.compactMap { effect -> String? in
                if case .createSession(let id) = effect { return id }
                return nil
            }
            guard !sessions.isEmpty || context.after.session != context.before.session else { return .notApplicable }
            for id in sessions {
                guard let account = context.world.account(withID: id) else {
                    return .violated("a session for unknown account \(id)")
                }
                if !account.status.allowsSignIn {
                    return .violated("a session for a \(account.status.rawValue) account")
                }
            }
            if let session = context.after.session, context.world.account(withID: session)?.status.allowsSignIn != true
            {
                return .violated("session \(session) exists for an account that may not sign in")
            }
            return .holds
        },
        Invariant(
            id: "AC05.blocked-account-follows-its-route", criterion: "N1.4-AC05",
            statement:
                "A valid assertion for a blocked account leads to the configured account-status or recovery route."
        ) { context in
            guard case .verificationFinished(.verified(let account, _)) = context.event, !account.status.allowsSignIn
            else {
                return .notApplicable
            }
            guard context.after.notice == .restrictedAccount else {
                return .violated("notice \(String(describing: context.after.notice))")
            }
            let help = context.reducer.reduce(context.after, .accountHelpChosen)
            let route = context.configuration.route(for: account.status)
            return help.effects == [.openAccountRoute(route)]
                ? .holds : .violated("get help leads to \(help.effects), not \(route)")
        },

        // MARK: Assisted requests (AutoFill, pending requests, conditional mediation)
        Invariant(
            id: "AC01.assisted-request-ends-silently", criterion: "N1.4-AC01",
            statement:
                "An assisted request that ends without a passkey shows nothing, counts nothing and changes nothing else."
        ) { context in
            guard case .assistedRequestFinished(let outcome) = context.event else { return .notApplicable }
            if case .assertion = outcome { return .notApplicable }
            var expected = context.before
            expected.assisted = nil
            if context.after != expected { return .violated("the state changed: \(context.after)") }
            if !context.effects.isEmpty || context.transition.situation != nil {
                return .violated(
                    "it showed \(context.transition.situation?.rawValue ?? "nothing") with \(context.effects)")
            }
            return .holds
        },
        Invariant(
            id: "AC02.one-passkey-request-at-a-time", criterion: "N1.4-AC02",
            statement:
                "A pending assisted request is cancelled before a modal prompt opens, so two passkey requests never run at once."
        ) { context in
            guard !context.startedCeremonies.isEmpty || context.after.assisted != nil else { return .notApplicable }
            if context.after.ceremony != nil, context.after.assisted != nil {
                return .violated("a prompt and an assisted request are pending together")
            }
            if context.before.assisted != nil, !context.startedCeremonies.isEmpty,
                context.effects.first != .cancelAssistedRequest
            {
                return .violated("a prompt opened before the assisted request was cancelled: \(context.effects)")
            }
            return .holds
        },

        Invariant(
            id: "AC01.expired-challenge-opens-nothing", criterion: "N1.4-AC01",
            statement:
                "An expired challenge opens no prompt by itself and counts no cancellation: the identifier field's request is armed again with fresh options, and a modal request waits for the user's retry."
        ) { context in
            guard context.event == .verificationFinished(.challengeExpired),
                let verification = context.before.verification
            else { return .notApplicable }
            if !context.startedCeremonies.isEmpty { return .violated("a prompt was requested: \(context.effects)") }
            if context.after.cancellationStreak > context.before.cancellationStreak {
                return .violated("the cancellation count rose to \(context.after.cancellationStreak)")
            }
            guard verification.ceremony.route == .assisted else {
                return context.after.offeredActions.contains(.retry) ? .holds : .violated("no retry is offered")
            }
            let fresh = LoginEffect.fetchRequestOptions(Ceremony(route: .assisted, allowedCredentials: []))
            return context.effects == [fresh] && context.after.notice == nil
                ? .holds : .violated("the suggestions were not armed again silently: \(context.effects)")
        },
        Invariant(
            id: "AC01.suggestions-renewed-before-expiry", criterion: "N1.4-AC01",
            statement:
                "When the identifier field's challenge is about to expire, the request is cancelled and armed again with fresh options, and nothing else changes."
        ) { context in
            guard context.event == .assistedChallengeExpiring else { return .notApplicable }
            let assisted = Ceremony(route: .assisted, allowedCredentials: [])
            var expected = context.before
            expected.assisted = nil
            expected.options = assisted
            return context.effects == [.cancelAssistedRequest, .fetchRequestOptions(assisted)]
                && context.after == expected
                ? .holds : .violated("effects \(context.effects); state \(context.after)")
        },

        // MARK: General login errors
        Invariant(
            id: "general.retry-only-where-it-helps", criterion: "general",
            statement:
                "A result that a retry cannot fix offers the fallback and no retry; one that a retry can fix offers both."
        ) { context in
            guard context.before.ceremony != nil, case .ceremonyFinished(let outcome) = context.event else {
                return .notApplicable
            }
            let actions = context.after.offeredActions
            switch outcome {
            case .unavailable:
                return actions.contains(.fallback) && !actions.contains(.retry) && context.after.retry == nil
                    ? .holds : .violated("a result no retry can fix offers \(actions)")
            case .failed:
                return actions.contains(.retry) && actions.contains(.fallback)
                    ? .holds : .violated("a result a retry may fix offers \(actions)")
            case .assertion, .cancelled, .noCredential, .otherMethodPreferred:
                return .notApplicable
            }
        },
        Invariant(
            id: "general.notice-has-a-way-out", criterion: "general",
            statement:
                "Every error notice offers at least one action, and a general error offers retry and the fallback."
        ) { context in
            guard let notice = context.after.notice else { return .notApplicable }
            let actions = context.after.offeredActions
            if actions.isEmpty { return .violated("\(notice.id) offers nothing") }
            if notice == .passkeyFailed || notice == .lookupFailed,
                !(actions.contains(.retry) && actions.contains(.fallback))
            {
                return .violated("\(notice.id) offers \(actions)")
            }
            if notice == .passkeyUnavailable, !actions.contains(.fallback) {
                return .violated("\(notice.id) offers \(actions)")
            }
            return .holds
        },
    ]
}
