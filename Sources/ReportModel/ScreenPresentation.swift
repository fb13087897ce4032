import SpecModel

/// What one scenario looks like when a flow reaches it on a platform: the actions it offers
/// and whether it shows an error notice. Copy coverage compares these with the spec's copy.
public struct ScreenPresentation: Hashable, Codable, Sendable, Comparable {
    public var platform: Platform
    public var scenario: String
    public var actions: [String]
    public var showsNotice: Bool

    public init(platform: Platform, scenario: String, actions: [String], showsNotice: Bool) {
        self.platform = platform
        self.scenario = scenario
        self.actions = actions
        self.showsNotice = showsNotice
    }

    public static func < (lhs: ScreenPresentation, rhs: ScreenPresentation) -> Bool {
        func key(_ p: ScreenPresentation) -> [String] {
            [p.platform.rawValue, p.scenario, p.actions.joined(separator: ","), "\(p.showsNotice)"]
        }
        return key(lhs).lexicographicallyPrecedes(key(rhs))
    }
}
