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
/// arrives from, the conclusion drawn from the source, and where that is written.
public struct PlatformFact: Hashable, Codable, Sendable {
    /// The name as a Trigger cell writes it: `ASAuthorizationError.Code.canceled`,
    /// `NoCredentialException`, `NotAllowedError`, `route-unavailable`; for one result of a
    /// name that stands for results with different sources, that result's ID in the trigger
    /// catalogue (`fetch() TypeError`).
    public var name: String
    /// The requests it arrives from, in `RequestKind` order.
    public var requests: [RequestKind]
    /// What follows from the source about the requests it arrives from, in one or two
    /// sentences beside the quote: the step from what the document says to `requests`, so a
    /// reader can check it without guessing.
    public var conclusion: String
    public var source: FactSource

    public init(name: String, requests: [RequestKind], conclusion: String, source: FactSource) {
        self.name = name
        self.requests = requests.sorted()
        self.conclusion = conclusion
        self.source = source
    }

    /// Whether a sign-in can return it.
    public var arrivesFromSignIn: Bool { requests.contains(.signIn) }

    /// True where the engine handles it only defensively: the sources say a sign-in does not
    /// return it, yet the app must do something sensible if one ever arrives. Every name a
    /// fact is recorded for has an outcome in its platform's adapter, so this is exactly the
    /// names no sign-in returns; a test holds each adapter's own list of what it handles
    /// defensively equal to it.
    public var defensive: Bool { !arrivesFromSignIn }

    private enum CodingKeys: String, CodingKey {
        case name, requests, conclusion, defensive, source
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            requests: try container.decode([RequestKind].self, forKey: .requests),
            conclusion: try container.decode(String.self, forKey: .conclusion),
            source: try container.decode(FactSource.self, forKey: .source))
    }

    /// `defensive` is written with the rest, for readers of the JSON that do not derive it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(requests, forKey: .requests)
        try container.encode(conclusion, forKey: .conclusion)
        try container.encode(defensive, forKey: .defensive)
        try container.encode(source, forKey: .source)
    }
}
