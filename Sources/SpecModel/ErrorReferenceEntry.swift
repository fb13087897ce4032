/// Where one native result leads, in each context a passkey prompt can be open in.
public struct ErrorReferenceEntry: Hashable, Codable, Sendable {
    public var platform: Platform
    /// The API's name, e.g. `ASAuthorizationError.Code.canceled`.
    public var name: String
    /// The raw code or `type` string.
    public var code: String
    public var message: String?
    /// The engine outcome the adapter reads from it.
    public var outcome: String
    /// The scenario on the automatic route, first attempt; nil on a platform that never opens
    /// the prompt by itself, so has no automatic route.
    public var automaticFirst: String?
    /// The same after one automatic cancellation; nil where `automaticFirst` is.
    public var automaticRepeated: String?
    /// The scenario on the explicit route (the passkey button).
    public var explicit: String
    /// What the sources say of it: the requests it arrives from and where that is written.
    public var fact: PlatformFact?

    public init(
        platform: Platform, name: String, code: String, message: String?, outcome: String, automaticFirst: String?,
        automaticRepeated: String?, explicit: String, fact: PlatformFact? = nil
    ) {
        self.platform = platform
        self.name = name
        self.code = code
        self.message = message
        self.outcome = outcome
        self.automaticFirst = automaticFirst
        self.automaticRepeated = automaticRepeated
        self.explicit = explicit
        self.fact = fact
    }

    /// Whether the platform opens the prompt by itself, so that the automatic route exists.
    public var hasAutomaticRoute: Bool { automaticFirst != nil }

    private enum CodingKeys: String, CodingKey {
        case platform, name, code, message, outcome, automaticFirst, automaticRepeated, explicit, fact
    }

    /// Every key, `null` where there is no value: a field means the same in every entry.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(platform, forKey: .platform)
        try container.encode(name, forKey: .name)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(automaticFirst, forKey: .automaticFirst)
        try container.encode(automaticRepeated, forKey: .automaticRepeated)
        try container.encode(explicit, forKey: .explicit)
        try container.encode(fact, forKey: .fact)
    }
}
