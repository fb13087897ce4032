/// The kind of request a platform result arrives from.
public enum RequestKind: String, Hashable, Codable, Sendable, CaseIterable, Comparable {
    /// A sign-in: a passkey assertion request, or the app's own account lookup or
    /// verification request during a sign-in.
    case signIn = "sign-in"
    /// A passkey registration (creation) request.
    case registration
    /// Any other request: credential import or export, Sign in with Apple, and the like.
    case other

    public static func < (lhs: RequestKind, rhs: RequestKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// How a message names it: "sign-in", "registration", "other requests".
    public var phrase: String {
        switch self {
        case .signIn: "sign-in"
        case .registration: "registration"
        case .other: "other requests"
        }
    }
}

/// The document a platform fact rests on: its title, its address, the sentence relied on and
/// when it was last read against the fact.
public struct FactSource: Hashable, Codable, Sendable {
    /// The document's title, e.g. "ASAuthorizationError.Code.matchedExcludedCredential".
    public var title: String
    /// Where it is.
    public var url: String
    /// The sentence the fact relies on, quoted.
    public var quote: String
    /// When it was last checked, as an ISO date (`2026-12-01`).
    public var checked: String

    public init(title: String, url: String, quote: String, checked: String) {
        self.title = title
        self.url = url
        self.quote = quote
        self.checked = checked
    }
}

/// What the sources say of one name a platform reports (an error code, an exception class, a
/// `DomError`, a DOMException name, a transport error, a server answer): which requests it
/// arrives from, and where that is written.
public struct PlatformFact: Hashable, Codable, Sendable {
    /// The name as a Trigger cell writes it: `ASAuthorizationError.Code.canceled`,
    /// `NoCredentialException`, `NotAllowedError`, `route-unavailable`; for one result of a
    /// name that stands for results with different sources, that result's ID in the trigger
    /// catalogue (`fetch() TypeError`).
    public var name: String
    /// The requests it arrives from, in `RequestKind` order.
    public var requests: [RequestKind]
    /// True where the engine handles it only defensively: the sources say a sign-in does not
    /// return it, yet the app must do something sensible if one ever arrives.
    public var defensive: Bool
    public var source: FactSource

    public init(name: String, requests: [RequestKind], defensive: Bool = false, source: FactSource) {
        self.name = name
        self.requests = requests.sorted()
        self.defensive = defensive
        self.source = source
    }

    /// Whether a sign-in can return it.
    public var arrivesFromSignIn: Bool { requests.contains(.signIn) }
}
