/// One root cause of a sign-in that ends without a session (the user cancelled, no passkey,
/// the network, a misconfiguration, …), and where each platform's engine sends it.
public struct RootCauseEntry: Hashable, Codable, Sendable {
    /// A stable ID, e.g. `misconfiguration`.
    public var id: String
    /// What happened, in words: "The app or its relying party is misconfigured".
    public var cause: String
    /// Each platform's names for it and the scenario it leads to.
    public var platforms: [RootCauseCell]
    /// The decision that says why the platforms differ, where they do; nil where they agree.
    public var decision: String?

    public init(id: String, cause: String, platforms: [RootCauseCell], decision: String?) {
        self.id = id
        self.cause = cause
        self.platforms = platforms
        self.decision = decision
    }

    /// Whether two platforms send this cause to different scenarios on the same route.
    public var platformsDiffer: Bool {
        let explicit = Set(platforms.map(\.explicit))
        let automatic = Set(platforms.compactMap(\.automatic))
        return explicit.count > 1 || automatic.count > 1
    }
}

/// How one platform reports a root cause and where the engine sends it.
public struct RootCauseCell: Hashable, Codable, Sendable {
    public var platform: Platform
    /// The platform's names for it: error codes with raw values, exception classes, DOM
    /// exception names, transport errors, server answers.
    public var names: [String]
    /// The scenario (or "fallback, no error") on the automatic route; nil on a platform that
    /// never opens the prompt by itself.
    public var automatic: String?
    /// The scenario on the explicit route (the passkey button), or where the lookup leads.
    public var explicit: String

    public init(platform: Platform, names: [String], automatic: String?, explicit: String) {
        self.platform = platform
        self.names = names
        self.automatic = automatic
        self.explicit = explicit
    }

    private enum CodingKeys: String, CodingKey { case platform, names, automatic, explicit }

    /// Every key, `null` where there is no value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(platform, forKey: .platform)
        try container.encode(names, forKey: .names)
        try container.encode(automatic, forKey: .automatic)
        try container.encode(explicit, forKey: .explicit)
    }
}
