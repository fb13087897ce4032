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
    /// The scenario (or what happens without one) on the automatic route, first attempt.
    public var automaticFirst: String
    /// The same after one automatic cancellation.
    public var automaticRepeated: String
    /// The same on the explicit route (the passkey button).
    public var explicit: String

    public init(
        platform: Platform, name: String, code: String, message: String?, outcome: String, automaticFirst: String,
        automaticRepeated: String, explicit: String
    ) {
        self.platform = platform
        self.name = name
        self.code = code
        self.message = message
        self.outcome = outcome
        self.automaticFirst = automaticFirst
        self.automaticRepeated = automaticRepeated
        self.explicit = explicit
    }
}
