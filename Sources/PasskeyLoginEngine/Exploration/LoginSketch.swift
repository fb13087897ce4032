import SpecModel

/// A state as the user meets it, coarse enough to draw: one node of the flow's diagrams.
/// States that look the same and react the same (which screen, which notice, what the app is
/// waiting for, whether retry is offered, how many automatic cancellations in a row) are one
/// node; the scenario the user was brought there by is part of it, so scenario IDs sit on
/// the nodes.
public struct SketchNode: Hashable, Codable, Sendable {
    /// What the app waits for while the node is shown.
    public enum Waiting: Hashable, Codable, Sendable {
        case lookup
        /// The options of a modal request (its challenge), asked of the server.
        case options(Route)
        case prompt(Route)
        case verification(Route)
    }

    /// `login`, `fallback`, `signed-in`, or an account route's ID.
    public var screen: String
    /// The scenario of the error notice shown over the screen, if one is.
    public var notice: Situation?
    /// The request the app waits for, if any.
    public var waiting: Waiting?
    /// An assisted request waits in the identifier field's suggestions.
    public var suggestions: Bool
    /// The login screen offers retry (no notice is shown).
    public var retryOffered: Bool
    /// Consecutive automatic cancellations, as the state counts them (0 to 2).
    public var cancellations: Int
    /// The scenario the last move led to, if any.
    public var situation: Situation?

    /// The node of `state`, entered by a move that led to `situation`.
    public init(state: LoginState, situation: Situation?) {
        switch state.screen {
        case .login: screen = "login"
        case .fallback: screen = "fallback"
        case .signedIn: screen = "signed-in"
        case .accountRoute(let route): screen = route.rawValue
        }
        notice = state.notice?.situation
        if let ceremony = state.ceremony {
            waiting = .prompt(ceremony.route)
        } else if let verification = state.verification {
            waiting = .verification(verification.ceremony.route)
        } else if state.lookup == .inFlight {
            waiting = .lookup
        } else if let options = state.options, options.route != .assisted {
            waiting = .options(options.route)
        } else {
            waiting = nil
        }
        suggestions = state.assisted != nil
        retryOffered = state.offeredActions.contains(.retry) && state.notice == nil
        cancellations = state.cancellationStreak
        self.situation = situation
    }

    /// A stable name built from the parts, e.g. `login.prompt-automatic.c1`.
    public var id: String {
        var parts = [screen]
        if let notice { parts.append("notice-\(notice.rawValue)") }
        switch waiting {
        case .lookup: parts.append("lookup")
        case .options(let route): parts.append("options-\(route.rawValue)")
        case .prompt(let route): parts.append("prompt-\(route.rawValue)")
        case .verification(let route): parts.append("verify-\(route.rawValue)")
        case nil: break
        }
        if suggestions { parts.append("suggestions") }
        if retryOffered { parts.append("retry") }
        if cancellations > 0 { parts.append("c\(cancellations)") }
        if let situation, situation != notice { parts.append("after-\(situation.rawValue)") }
        return parts.joined(separator: ".")
    }

    /// What the user sees, one short line per part: the screen, or the notice and the screen
    /// under it; what is open over it; the automatic cancellations counted so far. Two nodes
    /// with other IDs never read the same but for the scenario line the diagram adds.
    public var lines: [String] {
        var lines: [String] = []
        let place: String
        switch screen {
        case "login": place = "Login screen"
        case "fallback": place = "Fallback sign-in"
        case "signed-in": place = "Signed in"
        default: place = "Route: \(screen)"
        }
        if notice != nil {
            lines.append("Error notice")
            lines.append("over \(place.prefix(1).lowercased() + place.dropFirst())")
        } else {
            lines.append(place)
        }
        switch waiting {
        case .lookup: lines.append("looking up the account")
        case .options(let route): lines.append("asking for request options (\(route.rawValue))")
        case .prompt(let route): lines.append("passkey prompt (\(route.rawValue))")
        case .verification(let route): lines.append("server verifies (\(route.rawValue))")
        case nil: break
        }
        if suggestions { lines.append("passkeys in suggestions") }
        if retryOffered { lines.append("retry offered") }
        switch cancellations {
        case 0: break
        case 1: lines.append("1 automatic cancel")
        default: lines.append("\(cancellations) automatic cancels")
        }
        return lines
    }

    /// Whether the node is where a login begins: the login screen before anything happened.
    public var isStart: Bool {
        screen == "login" && notice == nil && waiting == nil && !suggestions && !retryOffered && cancellations == 0
            && situation == nil
    }
}

/// A move between two nodes: the kind of event, in a few words (`prompt: cancelled`).
public struct SketchEdge: Hashable, Codable, Sendable {
    /// What the user saw before the event.
    public var from: SketchNode
    /// What the user sees after it.
    public var to: SketchNode
    /// The kind of event (`LoginSketch.move(_:)`).
    public var move: String

    public init(from: SketchNode, to: SketchNode, move: String) {
        self.from = from
        self.to = to
        self.move = move
    }
}

/// What is known of one move: where it was taken and what it was checked against.
public struct SketchFacts: Hashable, Codable, Sendable {
    /// The platforms on which some run took it.
    public var platforms: Set<Platform> = []
    /// The routes of the passkey requests it belongs to (`automatic`, `explicit`, `assisted`).
    public var routes: Set<Route> = []
    /// The IDs of the invariants that applied to it.
    public var invariants: Set<String> = []

    public init() {}

    mutating func join(_ other: SketchFacts) {
        platforms.formUnion(other.platforms)
        routes.formUnion(other.routes)
        invariants.formUnion(other.invariants)
    }
}

/// The explorer's graph seen at the level of `SketchNode`s: every move a run took, once.
public struct LoginSketch: Hashable, Codable, Sendable {
    /// Each distinct move with what is known of it.
    public var edges: [SketchEdge: SketchFacts] = [:]

    public init() {}

    /// Adds a move, joining its facts with those already known.
    public mutating func add(_ edge: SketchEdge, _ facts: SketchFacts) {
        edges[edge, default: SketchFacts()].join(facts)
    }

    /// Adds every move of `other` (another configuration's runs).
    public mutating func join(_ other: LoginSketch) {
        for (edge, facts) in other.edges { add(edge, facts) }
    }

    /// The move an event makes, in a few words.
    public static func move(_ event: LoginEvent) -> String {
        switch event {
        case .screenAppeared: "screen appears"
        case .identifierSubmitted: "identifier submitted"
        case .lookupFinished(let result):
            switch result {
            case .found: "lookup: found"
            case .notFound: "lookup: no account"
            case .cannotContinue: "lookup: route-unavailable"
            case .failed: "lookup fails"
            }
        case .requestOptionsFinished(.received): "options received"
        case .requestOptionsFinished(.failed): "options call fails"
        case .passkeyButtonTapped: "passkey button"
        case .assistedChallengeExpiring: "challenge expires"
        case .retryTapped: "retry"
        case .anotherPasskeyChosen: "another-passkey"
        case .fallbackChosen: "fallback"
        case .recoveryChosen: "recovery"
        case .supportChosen: "support"
        case .accountHelpChosen: "account-help"
        case .noticeDismissed: "dismiss"
        case .ceremonyFinished(let outcome): "prompt: \(words(for: outcome))"
        case .assistedRequestFinished(let outcome): "suggestions: \(words(for: outcome))"
        case .verificationFinished(let result):
            switch result {
            case .verified: "server: verified"
            case .credentialUnknown: "server: credential unknown"
            case .credentialRevoked: "server: credential revoked"
            case .verificationFailed: "server: verification failed"
            case .inconclusive: "server: inconclusive"
            case .challengeExpired: "server: challenge expired"
            case .routeUnavailable: "server: route-unavailable"
            }
        case .fallbackSignInSucceeded: "fallback sign-in"
        case .passkeyRevokedInSettings: "passkey revoked in settings"
        case .appRelaunched: "app relaunched"
        case .signedOut: "sign out"
        }
    }

    private static func words(for outcome: CeremonyOutcome) -> String {
        switch outcome {
        case .assertion: "passkey chosen"
        case .cancelled: "cancelled"
        case .noCredential: "no passkey"
        case .otherMethodPreferred: "other method"
        case .failed: "failed"
        case .unavailable: "unavailable"
        }
    }

    /// The route of the passkey request a move belongs to: the one open, waiting or verified
    /// before it, or the one it starts.
    public static func route(from state: LoginState, event: LoginEvent, transition: Transition) -> Route? {
        if case .assistedRequestFinished = event, let assisted = state.assisted { return assisted.route }
        if let ceremony = state.ceremony ?? state.options ?? state.verification?.ceremony { return ceremony.route }
        for effect in transition.effects {
            if case .fetchRequestOptions(let ceremony) = effect { return ceremony.route }
        }
        if case .retryTapped = event, case .ceremony(let ceremony) = state.retry { return ceremony.route }
        return nil
    }
}
