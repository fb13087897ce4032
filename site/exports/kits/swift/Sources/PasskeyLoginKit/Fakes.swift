/// A result of the platform's passkey API as data: the platform's name for it, its raw value
/// and message (`ASAuthorizationError.Code.canceled`, `1001`), or the passkey the user picked.
/// The app's adapter turns it into the real platform type its code handles.
public struct PasskeyResult: Decodable, Equatable, Sendable {
    public var name: String
    public var code: String
    public var message: String?
    /// The passkey's name on success.
    public var passkey: String?

    public init(name: String, code: String, message: String? = nil, passkey: String? = nil) {
        self.name = name
        self.code = code
        self.message = message
        self.passkey = passkey
    }
}

/// The platform's passkey API: the app asks for a request; the check says how it ends.
public final class FakePasskeyAPI {
    /// What kind of request: the prompt the app opens by itself, the one the passkey button
    /// opens, or passkeys offered in the identifier field (AutoFill-assisted).
    public enum Kind: String, Sendable {
        case automatic
        case explicit
        case assisted
    }

    public struct Request: Equatable, Sendable {
        public var kind: Kind
        /// The passkeys the request allows; empty for any passkey of the app.
        public var allowedPasskeys: [String]
        /// The challenge of the options the server issued for this request
        /// (`FakeServer.requestOptions()`); each is good for one request.
        public var challenge: String

        public init(kind: Kind, allowedPasskeys: [String] = [], challenge: String) {
            self.kind = kind
            self.allowedPasskeys = allowedPasskeys
            self.challenge = challenge
        }
    }

    private let server: FakeServer
    private var prompt: (request: Request, completion: (PasskeyResult) -> Void)?
    private var assisted: (request: Request, completion: (PasskeyResult) -> Void)?
    /// Challenges requests have used so far.
    private var usedChallenges: Set<String> = []
    /// How many requests the app has made.
    private(set) var requestsMade = 0
    /// What the app did wrong in its requests since the runner last asked.
    private var problems: [String] = []

    init(server: FakeServer) {
        self.server = server
    }

    /// Starts a request; `completion` gets its result when the check ends it. A request
    /// without fresh options from the server is noted, and fails the check at this step.
    public func perform(_ request: Request, completion: @escaping (PasskeyResult) -> Void) {
        requestsMade += 1
        if !server.issuedChallenges.contains(request.challenge) {
            problems.append(
                "a passkey request with a challenge from the server's request options; the app's \"\(request.challenge)\" was never issued"
            )
        } else if !usedChallenges.insert(request.challenge).inserted {
            problems.append(
                "a passkey request with fresh request options; the app used challenge \"\(request.challenge)\" again")
        }
        if let open = prompt {
            problems.append(
                "one passkey request at a time; the app made an \(request.kind.rawValue) request while the \(open.request.kind.rawValue) prompt was open"
            )
        }
        if request.kind == .assisted {
            assisted = (request, completion)
        } else {
            if assisted != nil {
                // The message iOS gives a modal request while an AutoFill one is pending, as
                // Apple's forum thread 735088 reports it (passkey-spec's DOMAIN.md, section 1).
                problems.append(
                    "the identifier field's AutoFill request cancelled before a modal one (iOS refuses it: \"Request already in progress for specified application identifier.\"); the app made an \(request.kind.rawValue) request while it was pending"
                )
            }
            prompt = (request, completion)
        }
    }

    /// Cancels the pending assisted request, as the app does before a modal one.
    public func cancelAssistedRequest() {
        assisted = nil
    }

    /// Withdraws the open modal prompt, as the app's own `cancel()` of its controller does; the
    /// check's result for it is never delivered.
    public func cancelPrompt() {
        prompt = nil
    }

    /// Set by the runner while the app takes an input: whether it is something the user did
    /// (the passkey button, an action chosen), and the prompt the spec opens for it, if any.
    var taking: (userActivation: Bool, opens: Kind?) = (false, nil)

    /// The kind of a modal request the app makes now. The platform's API does not name it: a
    /// prompt opened while the app takes an input the spec opens a prompt for is that prompt;
    /// any other is `explicit` while the app takes the passkey button or an action the user
    /// chose, and `automatic` otherwise. Code written against the platform's API gets it here.
    public var modalKind: Kind { taking.opens ?? (taking.userActivation ? .explicit : .automatic) }

    /// The kind of modal prompt open, if any.
    public var openPrompt: Kind? { prompt?.request.kind }
    /// Whether an assisted request is pending.
    public var suggestionsPending: Bool { assisted != nil }
    /// The challenge of the pending assisted request, if one is pending.
    var suggestionsChallenge: String? { assisted?.request.challenge }

    /// Ends the open prompt with `result`, the `kind` of prompt the step ends when it says;
    /// a description of what is wrong when it cannot.
    func finishPrompt(with result: PasskeyResult, kind: Kind? = nil) -> String? {
        guard let open = prompt else { return "an open passkey prompt to end with \(result.name); none is open" }
        if let kind, open.request.kind != kind {
            return
                "the \(kind.rawValue) passkey prompt open, to end with \(result.name); the app's open prompt is \(open.request.kind.rawValue)"
        }
        if let problem = Self.problem(with: result, for: open.request) { return problem }
        prompt = nil
        open.completion(result)
        return nil
    }

    /// Ends the pending assisted request with `result`.
    func finishSuggestions(with result: PasskeyResult) -> String? {
        guard let pending = assisted else {
            return "passkeys offered in the identifier field, to end with \(result.name); none are"
        }
        if let problem = Self.problem(with: result, for: pending.request) { return problem }
        assisted = nil
        pending.completion(result)
        return nil
    }

    /// The problems noted since the last call, which it clears.
    func takeProblems() -> [String] {
        defer { problems = [] }
        return problems
    }

    /// A relaunch ends every request.
    func dropAll() {
        prompt = nil
        assisted = nil
    }

    private static func problem(with result: PasskeyResult, for request: Request) -> String? {
        guard let passkey = result.passkey, !request.allowedPasskeys.isEmpty,
            !request.allowedPasskeys.contains(passkey)
        else { return nil }
        return "a request that offers passkey \"\(passkey)\"; the app's allows only \(request.allowedPasskeys)"
    }
}

/// The server: the route lookup, the options of each passkey request, verification of a
/// passkey and the fallback sign-in, answered from the check's world.
public final class FakeServer {
    public enum OptionsAnswer: Equatable, Sendable {
        /// The request's options, with a challenge good for one request.
        case options(challenge: String)
        /// The call failed: `request-options`, and how: `timeout`, `network-failure`, `server-error`.
        case failed(dependency: String, fault: String)
    }

    public enum LookupAnswer: Equatable, Sendable {
        /// The passkeys the server accepts for the account, sorted; empty when it has none.
        case found(passkeys: [String])
        case notFound
        /// Passkey login is not a route for this account.
        case cannotContinue
        /// A dependency of the lookup failed: `account-directory` or `credential-list`, and
        /// how: `timeout`, `unavailable`, `malformed-response`, …
        case failed(dependency: String, fault: String)
    }

    public enum VerificationAnswer: Equatable, Sendable {
        /// The account's status (`active` may sign in) and the passkeys the server accepts.
        case verified(accountStatus: String, acceptedPasskeys: [String])
        case credentialUnknown
        case credentialRevoked
        /// The assertion itself did not verify (signature, origin, user verification, counter).
        case verificationFailed
        case inconclusive
        /// The challenge the assertion signs expired or was used already: nothing is known of
        /// the passkey.
        case challengeExpired
        /// The account may sign in, but passkey login is not its route.
        case routeUnavailable
    }

    /// The account the fallback sign-in signs in to.
    public struct FallbackAccount: Equatable, Sendable {
        public var status: String
        public var acceptedPasskeys: [String]
    }

    var world: World
    /// How many lookups the app has made.
    public private(set) var lookups = 0
    /// How many times the app has asked for request options.
    public private(set) var optionsCalls = 0
    /// How many assertions the app has sent for verification.
    public private(set) var verifications = 0
    /// The challenges issued so far.
    private(set) var issuedChallenges: Set<String> = []
    /// How many calls of any kind the app has made.
    private(set) var calls = 0

    init(world: World) {
        self.world = world
    }

    public func lookUp() -> LookupAnswer {
        calls += 1
        lookups += 1
        if let fault = world.lookupFault, fault.dependency != Self.requestOptions, lookups <= fault.failingLookups {
            return .failed(dependency: fault.dependency, fault: fault.fault)
        }
        guard world.account != nil else { return .notFound }
        guard world.routeAvailable else { return .cannotContinue }
        return .found(passkeys: acceptedPasskeys)
    }

    /// The options of the passkey request the app is about to start: call it before every
    /// request, and pass the challenge in the request.
    public func requestOptions() -> OptionsAnswer {
        calls += 1
        optionsCalls += 1
        if let fault = world.lookupFault, fault.dependency == Self.requestOptions, optionsCalls <= fault.failingLookups
        {
            return .failed(dependency: fault.dependency, fault: fault.fault)
        }
        let challenge = "challenge-\(optionsCalls)"
        issuedChallenges.insert(challenge)
        return .options(challenge: challenge)
    }

    /// The dependency of a fault that fails the request-options call instead of the lookup.
    static let requestOptions = "request-options"

    public func verify(passkey: String) -> VerificationAnswer {
        calls += 1
        verifications += 1
        if world.verificationInconclusive { return .inconclusive }
        if world.challengeExpires, verifications == 1 { return .challengeExpired }
        switch world.serverPasskeys[passkey] {
        case "active":
            guard let status = world.account else { return .credentialUnknown }
            if status == "active", !world.routeAvailable { return .routeUnavailable }
            return .verified(accountStatus: status, acceptedPasskeys: acceptedPasskeys)
        case "revoked": return .credentialRevoked
        case "fails-verification": return .verificationFailed
        case "another-account":
            // The assertion's user handle names another account, active, whose passkeys these are.
            return .verified(
                accountStatus: "active",
                acceptedPasskeys: world.serverPasskeys.filter { $0.value == "another-account" }.keys.sorted())
        default: return .credentialUnknown
        }
    }

    /// Revokes `passkey` for the account, as its settings do; returns the passkeys the server
    /// still accepts, sorted.
    public func revoke(passkey: String) -> [String] {
        calls += 1
        world.serverPasskeys[passkey] = "revoked"
        return acceptedPasskeys
    }

    /// The account the fallback signs in to; nil without one.
    public func signInWithFallback() -> FallbackAccount? {
        calls += 1
        return world.account.map { FallbackAccount(status: $0, acceptedPasskeys: acceptedPasskeys) }
    }

    private var acceptedPasskeys: [String] {
        // A passkey whose assertion fails verification is still on the account.
        world.serverPasskeys.filter { $0.value == "active" || $0.value == "fails-verification" }.keys.sorted()
    }
}

/// The credential manager's signals, as the app sends them.
public final class FakeSignals {
    public private(set) var sent: [String] = []

    /// The server has no record of this passkey (`signalUnknownCredential`).
    public func unknownCredential(_ passkey: String) {
        sent.append("unknown-credential \(passkey)")
    }

    /// The passkeys the server accepts for the user (`signalAllAcceptedCredentialIDs`).
    public func allAcceptedCredentials(_ passkeys: [String]) {
        sent.append("all-accepted-credentials \(passkeys.joined(separator: ","))")
    }
}

/// What the app keeps across launches.
public final class FakeStore {
    private var values: [String: Int] = [:]

    public subscript(key: String) -> Int? {
        get { values[key] }
        set { values[key] = newValue }
    }
}
