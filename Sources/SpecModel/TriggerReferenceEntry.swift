/// What a Trigger cell's name stands for: a native error of the passkey request, a transport
/// error of the account lookup, or an answer of the app's server.
public enum TriggerKind: String, Hashable, Codable, Sendable {
    case nativeError = "native-error"
    case transportError = "transport-error"
    case serverAnswer = "server-answer"

    /// How the text of `errors` names it: "native error", "transport error", "server answer".
    public var phrase: String {
        switch self {
        case .nativeError: "native error"
        case .transportError: "transport error"
        case .serverAnswer: "server answer"
        }
    }
}

/// One result a Trigger cell can name on one platform, from the engine's trigger catalogue,
/// the one `lint` checks Trigger cells against: the names a cell may write for it, what the
/// engine reads from it, where it leads, and the document it rests on. `errors` looks names up
/// here, so it knows every name a Trigger cell may use.
public struct TriggerReferenceEntry: Hashable, Codable, Sendable {
    public var platform: Platform
    public var kind: TriggerKind
    /// The result as the platform or the server reports it: `ASAuthorizationError.Code.canceled`,
    /// `GetPublicKeyCredentialDomException`, `TypeError`, `URLError.Code.timedOut`,
    /// `credential-not-found`.
    public var name: String
    /// The raw code or `type` string of a native error (`1001`, `DOMException`); nil for a
    /// transport error or a server answer, whose names are all a Trigger cell writes.
    public var code: String?
    /// The error's message where it tells two results apart (iOS `localizedDescription`).
    public var message: String?
    /// Every name a Trigger cell may write for it, the most specific first: `NotAllowedError`,
    /// then `GetPublicKeyCredentialDomException`, which stands for each of its DOM errors.
    public var names: [String]
    /// What the engine reads from it: `cancelled`, `lookup failed: timeout`.
    public var outcome: String
    /// Every scenario it can lead to, on any route and configuration, or what happens instead
    /// (`fallback, no error`): what `lint` holds a Trigger cell to.
    public var leadsTo: [String]
    /// For a native error, the scenario on the automatic route, first attempt; nil for the
    /// others, and on a platform that never opens the prompt by itself.
    public var automaticFirst: String?
    /// The same after one automatic cancellation; nil where `automaticFirst` is.
    public var automaticRepeated: String?
    /// For a native error, the scenario on the explicit route (the passkey button); nil for the
    /// others, which arrive outside the prompt.
    public var explicit: String?
    /// What the sources say of it: the requests it arrives from and where that is written.
    public var fact: PlatformFact?

    public init(
        platform: Platform, kind: TriggerKind, name: String, code: String? = nil, message: String? = nil,
        names: [String], outcome: String, leadsTo: [String], automaticFirst: String? = nil,
        automaticRepeated: String? = nil, explicit: String? = nil, fact: PlatformFact? = nil
    ) {
        self.platform = platform
        self.kind = kind
        self.name = name
        self.code = code
        self.message = message
        self.names = names
        self.outcome = outcome
        self.leadsTo = leadsTo
        self.automaticFirst = automaticFirst
        self.automaticRepeated = automaticRepeated
        self.explicit = explicit
        self.fact = fact
    }

    private enum CodingKeys: String, CodingKey {
        case platform, kind, name, code, message, names, outcome, leadsTo, automaticFirst, automaticRepeated, explicit
        case fact
    }

    /// Every key, `null` where there is no value: a field means the same in every entry.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(platform, forKey: .platform)
        try container.encode(kind, forKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encode(names, forKey: .names)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(leadsTo, forKey: .leadsTo)
        try container.encode(automaticFirst, forKey: .automaticFirst)
        try container.encode(automaticRepeated, forKey: .automaticRepeated)
        try container.encode(explicit, forKey: .explicit)
        try container.encode(fact, forKey: .fact)
    }
}
