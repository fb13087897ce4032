import SpecModel

/// The root causes of a sign-in that ends without a session, each mapped to a scenario on
/// every platform by running the reducer, so the table cannot drift from the engine. One
/// cause should lead to one scenario everywhere; where a platform cannot tell two causes
/// apart by its result, a decision says what the user sees instead.
public enum RootCauses {
    /// A cause, how it reaches the engine, and the decision that explains a difference
    /// between platforms, if any.
    struct Cause {
        var id: String
        var words: String
        var arrival: Arrival
        var decision: String?
    }

    /// How a cause reaches the engine.
    enum Arrival {
        /// The OS prompt ends this way.
        case prompt(PromptAction)
        /// The lookup fails this way.
        case lookup(LookupFault)
        /// The server answers this about a valid assertion.
        case verification(VerificationResult, answer: String)
    }

    static let causes: [Cause] = [
        Cause(id: "user-cancel", words: "The user cancels or dismisses the prompt", arrival: .prompt(.userCancels)),
        Cause(
            id: "no-credential", words: "No passkey for the app on this device",
            arrival: .prompt(.noPasskeyOnDevice)),
        Cause(
            id: "interruption", words: "The system ends the prompt (the app leaves the foreground)",
            arrival: .prompt(.interrupted), decision: "interruption-as-the-platform-reports-it"),
        Cause(id: "network-timeout", words: "The lookup times out", arrival: .lookup(.timeout)),
        Cause(id: "network-failure", words: "The device cannot reach the server", arrival: .lookup(.networkFailure)),
        Cause(id: "server-fault", words: "The server fails (HTTP 5xx)", arrival: .lookup(.serverError)),
        Cause(
            id: "misconfiguration", words: "The app or its relying party is misconfigured",
            arrival: .prompt(.providerMisconfigured)),
        Cause(
            id: "unsupported", words: "The device or its credential provider cannot serve the request",
            arrival: .prompt(.unsupported)),
        Cause(id: "unknown-failure", words: "The request fails for no reason given", arrival: .prompt(.unknownFailure)),
        Cause(
            id: "credential-unknown", words: "The server has no record of the passkey",
            arrival: .verification(.credentialUnknown, answer: "credential-not-found")),
        Cause(
            id: "credential-revoked", words: "The server revoked the passkey",
            arrival: .verification(.credentialRevoked, answer: "credential-revoked")),
        Cause(
            id: "verification-failed",
            words: "The assertion does not verify (signature, origin, user verification or signature counter)",
            arrival: .verification(.verificationFailed, answer: "verification-failed")),
        Cause(
            id: "server-inconclusive", words: "The server cannot tell whether it accepts the passkey",
            arrival: .verification(.inconclusive, answer: "verification-inconclusive")),
        Cause(
            id: "challenge-expired", words: "The assertion signs a challenge that expired or was used already",
            arrival: .verification(.challengeExpired, answer: "challenge-expired")),
        Cause(
            id: "account-blocked", words: "The account's status does not allow sign-in",
            arrival: .verification(
                .verified(TriggerCatalogue.account(.locked), acceptedCredentials: []), answer: "account-status")),
        Cause(
            id: "route-unavailable", words: "The account cannot continue with passkey login",
            arrival: .verification(.routeUnavailable, answer: "route-unavailable")),
    ]

    /// The table: every cause, on every platform of `adapters`.
    public static func entries(
        adapters: [any PlatformAdapter] = PlatformAdapters.all, configuration: Configuration = Configuration()
    ) -> [RootCauseEntry] {
        let reducer = LoginReducer(configuration: configuration)
        // The lookup's names come from each platform's catalogue, made once; where they lead is
        // found below by the reducer, so it needs no configurations of its own.
        let catalogues = adapters.map { TriggerCatalogue(adapter: $0, configurations: []) }
        return causes.map { cause in
            let cells = zip(adapters, catalogues).compactMap {
                cell(cause.arrival, adapter: $0, catalogue: $1, reducer: reducer)
            }
            var entry = RootCauseEntry(id: cause.id, cause: cause.words, platforms: cells, decision: nil)
            // A decision is named only where it is needed, so a table that agrees names none.
            if entry.platformsDiffer { entry.decision = cause.decision }
            return entry
        }
    }

    /// The causes that two platforms send to different scenarios with no decision saying why.
    public static func undecided(_ entries: [RootCauseEntry], decisions: [Decision] = Decision.all) -> [String] {
        let known = Set(decisions.map(\.id))
        return entries.filter { $0.platformsDiffer && !($0.decision.map(known.contains) ?? false) }.map(\.id)
    }

    private static func cell(
        _ arrival: Arrival, adapter: any PlatformAdapter, catalogue: TriggerCatalogue, reducer: LoginReducer
    )
        -> RootCauseCell?
    {
        let automaticRoute = adapter.automaticStarts.contains(.prompt)
        let passkey = TriggerProbe.passkey
        let idle = TriggerProbe.idle
        let automatic = Ceremony(route: .automatic, allowedCredentials: passkey)
        let explicit = Ceremony(route: .explicit, allowedCredentials: [])
        func lead(_ state: LoginState, _ event: LoginEvent) -> String {
            ErrorReference.describe(reducer.reduce(state, event))
        }
        switch arrival {
        case .prompt(let action):
            guard let result = adapter.result(of: action, credential: nil) else { return nil }
            let outcome = adapter.outcome(of: result)
            var onAutomatic = idle
            onAutomatic.ceremony = automatic
            var onExplicit = idle
            onExplicit.ceremony = explicit
            let code = result.code == result.name || result.code.contains(".") ? "" : " (\(result.code))"
            // iOS tells "no passkey" from a cancellation only by the error's message: show it.
            let message = result.message.map { " with “\($0)”" } ?? ""
            return RootCauseCell(
                platform: adapter.platform, names: [adapter.factName(of: result) + code + message],
                automatic: automaticRoute ? lead(onAutomatic, .ceremonyFinished(outcome)) : nil,
                explicit: lead(onExplicit, .ceremonyFinished(outcome)))
        case .lookup(let fault):
            let names = catalogue.results.filter { result in
                result.causes.contains { if case .lookup(.failed(_, fault)) = $0 { true } else { false } }
            }.map(\.label)
            var asking = idle
            asking.lookup = .inFlight
            let destination = lead(asking, .lookupFinished(.failed(.accountDirectory, fault)))
            return RootCauseCell(
                platform: adapter.platform, names: names, automatic: automaticRoute ? destination : nil,
                explicit: destination)
        case .verification(let answer, let name):
            var verifying = idle
            verifying.verification = Verification(credentialID: passkey[0], ceremony: explicit)
            var automaticVerifying = idle
            automaticVerifying.verification = Verification(credentialID: passkey[0], ceremony: automatic)
            return RootCauseCell(
                platform: adapter.platform, names: [name],
                automatic: automaticRoute ? lead(automaticVerifying, .verificationFinished(answer)) : nil,
                explicit: lead(verifying, .verificationFinished(answer)))
        }
    }
}
