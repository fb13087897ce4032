/// A native platform a spec covers.
public enum Platform: String, Codable, Sendable, CaseIterable, Comparable {
    case ios
    case android

    /// The name writers use in copy-table headers and people see on the site.
    public var displayName: String {
        switch self {
        case .ios: "iOS"
        case .android: "Android"
        }
    }

    /// Looks a platform up by its ID or display name, ignoring case.
    public init?(name: String) {
        let key = name.trimmingWhitespace().lowercased()
        guard let match = Platform.allCases.first(where: { $0.rawValue == key || $0.displayName.lowercased() == key })
        else { return nil }
        self = match
    }

    /// The known platform IDs, quoted, for messages.
    public static var knownList: String {
        allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    }

    public static func < (lhs: Platform, rhs: Platform) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    public func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}
