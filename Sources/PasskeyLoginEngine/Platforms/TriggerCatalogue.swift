import SpecModel

/// What a native result, a server answer or a transport error feeds the engine.
public enum TriggerCause: Hashable, Sendable {
    /// The OS passkey prompt ended this way.
    case ceremony(CeremonyOutcome)
    /// The route lookup answered this way.
    case lookup(LookupResult)
    /// The server answered this way about an assertion.
    case verification(VerificationResult)
    /// The fallback sign-in succeeded for an account in this status.
    case fallbackSignIn(AccountStatus)
}

/// One result a Trigger cell can name on one platform.
public struct TriggerResult: Hashable, Sendable {
    /// Unique within a platform: `1001`, `1001 no credentials`, `GetPublicKeyCredentialDomException/AbortError`.
    public var id: String
    /// How messages name it: `ASAuthorizationError.Code.invalidResponse (1002)`.
    public var label: String
    /// What it feeds the engine (a server answer can arrive at more than one point of the flow).
    public var causes: [TriggerCause]
    /// The passkey request's native result it is, for a native error; nil for a transport error
    /// or a server answer.
    public var native: NativeResult? = nil
}

/// A name a writer puts in backticks in a Trigger cell, and the results it stands for.
public struct TriggerNameEntry: Hashable, Sendable {
    public var name: String
    /// The raw value the name must be followed by, e.g. `1001` for `ASAuthorizationError.Code.canceled`.
    public var rawValue: String?
    /// The IDs of the results it names: a class names each of its `DomError`s.
    public var results: [String]
}

/// Every name a Trigger cell may use on one platform, each resolved to native results, and
/// where the engine sends each result. Computed from the adapters and the reducer, so it
/// cannot drift from the engine.
public struct TriggerCatalogue: Sendable {
    public var platform: Platform { adapter.platform }
    public let adapter: any PlatformAdapter
    public var results: [TriggerResult]
    public var names: [TriggerNameEntry]
    /// For each result ID, where the engine can send it: scenario IDs, or a description of
    /// what happens without a scenario ("fallback, no error").
    public var destinations: [String: Set<String>]

    public init(adapter: any PlatformAdapter, configurations: [Configuration] = Explorer.configurations) {
        self.adapter = adapter
        var results: [TriggerResult] = []
        var names: [TriggerNameEntry] = []
        adapter.nativeTriggers(results: &results, names: &names)
        // A rate-limited lookup (`HTTP 429`) tells no more about the account than a server error.
        TriggerCatalogue.addTransport(
            [("HTTP 5xx", .serverError), ("HTTP 429", .serverError)], results: &results, names: &names)
        let blocked = AccountStatus.allCases.filter { !$0.allowsSignIn }
        let server: [(String, [TriggerCause])] = [
            ("route-unavailable", [.lookup(.cannotContinue), .verification(.routeUnavailable)]),
            ("account-not-found", [.lookup(.notFound)]),
            ("credential-not-found", [.verification(.credentialUnknown)]),
            ("credential-revoked", [.verification(.credentialRevoked)]),
            ("verification-failed", [.verification(.verificationFailed)]),
            ("verification-inconclusive", [.verification(.inconclusive)]),
            ("challenge-expired", [.verification(.challengeExpired)]),
            (
                "account-status",
                blocked.map { .verification(.verified(Self.account($0), acceptedCredentials: [])) }
                    + blocked.map(TriggerCause.fallbackSignIn)
            ),
        ]
        for (name, causes) in server {
            results.append(TriggerResult(id: name, label: name, causes: causes))
            names.append(TriggerNameEntry(name: name, rawValue: nil, results: [name]))
        }
        self.results = results
        self.names = names
        let probe = TriggerProbe(
            configurations: configurations.filter { adapter.automaticStarts.contains($0.automaticStart) },
            automaticRoute: adapter.automaticStarts.contains(.prompt))
        self.destinations = Dictionary(
            uniqueKeysWithValues: results.map { result in
                (result.id, Set(result.causes.flatMap(probe.destinations)))
            })
    }

    /// The entry for a name as written, if the catalogue has it.
    public func entry(named name: String) -> TriggerNameEntry? { names.first { $0.name == name } }

    /// The results a name stands for.
    public func results(of entry: TriggerNameEntry) -> [TriggerResult] {
        entry.results.compactMap { id in results.first { $0.id == id } }
    }

    /// The most specific name of a result, for messages: `NotAllowedError` names one DOM error.
    public func name(of result: TriggerResult) -> TriggerNameEntry? {
        names.filter { $0.results.contains(result.id) }.min { $0.results.count < $1.results.count }
    }

    /// Every name of a result, the most specific first (ties in the catalogue's order).
    public func names(of result: TriggerResult) -> [TriggerNameEntry] {
        names.enumerated().filter { $0.element.results.contains(result.id) }
            .sorted { ($0.element.results.count, $0.offset) < ($1.element.results.count, $1.offset) }.map(\.element)
    }

    /// What the sources say of a result: its own fact where it has one (the lookup's `fetch()`
    /// `TypeError`, which shares its name with the passkey request's), else its most specific
    /// name's (a DOM exception's is its `DomError`'s).
    public func fact(of result: TriggerResult) -> PlatformFact? {
        PlatformFacts.fact(named: result.id, on: platform)
            ?? name(of: result).flatMap { PlatformFacts.fact(named: $0.name, on: platform) }
    }

    // MARK: - The reference

    /// Every result with its names, what the engine reads from it, where it leads and its
    /// source, in the catalogue's order: what `errors` looks names up in. A native error also
    /// says where it leads on each route, as the platform error reference does.
    public var reference: [TriggerReferenceEntry] {
        let routes = ErrorReference.Probe(configuration: Configuration())
        return results.map { result in
            let leadsTo = (destinations[result.id] ?? []).sorted()
            let written = names(of: result).map(\.name)
            var readings: [String] = []
            for reading in result.causes.map(\.reading) where !readings.contains(reading) { readings.append(reading) }
            let outcome = readings.joined(separator: "; ")
            guard let native = result.native else {
                // Only the lookup fails in transport; anything else the server says is an answer.
                let lookup = result.causes.allSatisfy { if case .lookup(.failed) = $0 { true } else { false } }
                return TriggerReferenceEntry(
                    platform: platform, kind: lookup ? .transportError : .serverAnswer,
                    name: written.first ?? result.id, names: written, outcome: outcome, leadsTo: leadsTo,
                    fact: fact(of: result))
            }
            let row = routes.entry(of: native, adapter: adapter)
            return TriggerReferenceEntry(
                platform: platform, kind: .nativeError, name: native.name, code: native.code, message: native.message,
                names: written, outcome: outcome, leadsTo: leadsTo, automaticFirst: row.automaticFirst,
                automaticRepeated: row.automaticRepeated, explicit: row.explicit, fact: fact(of: result))
        }
    }

    static func addTransport(
        _ entries: [(String, LookupFault)], results: inout [TriggerResult], names: inout [TriggerNameEntry]
    ) {
        for (name, fault) in entries {
            results.append(
                TriggerResult(
                    id: name, label: name,
                    causes: LookupDependency.allCases.map { .lookup(.failed($0, fault)) }))
            names.append(TriggerNameEntry(name: name, rawValue: nil, results: [name]))
        }
    }

    static func account(_ status: AccountStatus) -> Account {
        Account(id: "account", userHandle: Array("user-1".utf8), status: status)
    }
}

extension TriggerCause {
    /// What the engine reads from it, in words: `cancelled`, `lookup failed: network failure`,
    /// `verification: credential revoked through account settings`.
    var reading: String {
        switch self {
        case .ceremony(let outcome): outcome.description
        case .lookup(.failed(_, let fault)):
            "lookup failed: " + fault.rawValue.split(separator: "-").joined(separator: " ")
        case .lookup(let result): "lookup: \(result)"
        // The catalogue's accounts are those whose status blocks sign-in: one reading for them all.
        case .verification(.verified): "verification: valid assertion, account status blocks sign-in"
        case .verification(let result): "verification: \(result)"
        case .fallbackSignIn: "fallback sign-in: account status blocks sign-in"
        }
    }
}

/// Reduces a cause in every context it can arrive in (each route, each cancellation count,
/// each configuration) and collects where it leads. A test holds it against the explorer.
struct TriggerProbe: Sendable {
    var configurations: [Configuration]
    /// Whether the platform has the automatic prompt (the web does not).
    var automaticRoute = true

    func destinations(of cause: TriggerCause) -> [String] {
        var found = Set<String>()
        for configuration in configurations {
            let reducer = LoginReducer(configuration: configuration)
            for (state, event) in contexts(of: cause) where reducer.accepts(event, in: state) {
                let destination = ErrorReference.describe(reducer.reduce(state, event))
                // A lookup answer leads somewhere only where it differs from an account with
                // passkeys: under `conceal` every answer gets what that account gets (decision
                // conceal-before-authentication), so none of them is a cause there.
                if case .lookup = cause,
                    destination == ErrorReference.describe(reducer.reduce(state, .lookupFinished(Self.withPasskeys)))
                {
                    continue
                }
                found.insert(destination)
            }
        }
        return found.sorted()
    }

    /// The lookup's answer for an account with passkeys: the normal path.
    static let withPasskeys = LookupResult.found(RouteData(credentialIDs: passkey))

    /// The passkey the probes' states name.
    static let passkey = [CredentialID(named: "passkey-1")]

    /// The login screen after a lookup that found `passkey`, nothing in flight: where the
    /// probes (here, `ErrorReference`, `RootCauses`) put a result to see where it leads.
    static var idle: LoginState {
        var state = LoginState()
        state.appeared = true
        state.lookup = .succeeded(RouteData(credentialIDs: passkey))
        return state
    }

    private func contexts(of cause: TriggerCause) -> [(LoginState, LoginEvent)] {
        let passkey = Self.passkey
        let idle = Self.idle
        let counts = [0, 1, 2]
        let ceremonies =
            (automaticRoute ? [Ceremony(route: .automatic, allowedCredentials: passkey)] : [])
            + [Ceremony(route: .explicit, allowedCredentials: [])]
        switch cause {
        case .ceremony(let outcome):
            return ceremonies.flatMap { ceremony in
                counts.map { count in
                    var state = idle
                    state.cancellationStreak = count
                    state.ceremony = ceremony
                    return (state, .ceremonyFinished(outcome))
                }
            }
        case .lookup(let result):
            return counts.map { count in
                var state = idle
                state.cancellationStreak = count
                state.lookup = .inFlight
                return (state, .lookupFinished(result))
            }
        case .verification(let result):
            return ceremonies.flatMap { ceremony in
                counts.map { count in
                    var state = idle
                    state.cancellationStreak = count
                    state.verification = Verification(credentialID: passkey[0], ceremony: ceremony)
                    return (state, .verificationFinished(result))
                }
            }
        case .fallbackSignIn(let status):
            return counts.map { count in
                var state = idle
                state.cancellationStreak = count
                state.screen = .fallback(.password)
                return (state, .fallbackSignInSucceeded(TriggerCatalogue.account(status), acceptedCredentials: []))
            }
        }
    }
}
