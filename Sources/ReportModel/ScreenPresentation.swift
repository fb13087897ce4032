import SpecModel

/// What one scenario looks like when a flow reaches it on a platform: the actions it offers,
/// whether it shows an error notice, and how a screen reader hears of it. Copy coverage
/// compares these with the spec's copy.
public struct ScreenPresentation: Hashable, Codable, Sendable, Comparable {
    public var platform: Platform
    public var scenario: String
    public var actions: [String]
    public var showsNotice: Bool
    /// How the platform announces it; nil for a flow that does not say.
    public var announcement: ScreenAnnouncement?

    public init(
        platform: Platform, scenario: String, actions: [String], showsNotice: Bool,
        announcement: ScreenAnnouncement? = nil
    ) {
        self.platform = platform
        self.scenario = scenario
        self.actions = actions
        self.showsNotice = showsNotice
        self.announcement = announcement
    }

    public static func < (lhs: ScreenPresentation, rhs: ScreenPresentation) -> Bool {
        func key(_ p: ScreenPresentation) -> [String] {
            [
                p.platform.rawValue, p.scenario, p.actions.joined(separator: ","), "\(p.showsNotice)",
                p.announcement?.kind ?? "",
            ]
        }
        return key(lhs).lexicographicallyPrecedes(key(rhs))
    }
}

/// How a screen reader hears of a scenario on one platform, in the runner's terms.
public struct ScreenAnnouncement: Hashable, Codable, Sendable {
    /// The kind, e.g. `modal`, `assertive`, `polite`, `screen`, `focus-return`, `none`.
    public var kind: String
    /// Whether a screen reader speaks something of its own accord.
    public var speaks: Bool
    /// The API, role or class that carries it, e.g. `role="alert"`; nil when nothing is announced.
    public var means: String?
    /// What the app does, as a sentence an Announcement row can use.
    public var duty: String
    /// The document the means rests on.
    public var source: FactSource?

    public init(kind: String, speaks: Bool, means: String?, duty: String, source: FactSource?) {
        self.kind = kind
        self.speaks = speaks
        self.means = means
        self.duty = duty
        self.source = source
    }
}
