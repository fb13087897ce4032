/// An acceptance-criterion ID such as `N1.4-AC01`: the spec ID and a number.
public struct CriterionID: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    public var spec: String
    public var number: Int
    /// How many digits the number is written with (`AC01` has two).
    public var width: Int

    public init(spec: String, number: Int, width: Int = 2) {
        self.spec = spec
        self.number = number
        self.width = width
    }

    /// Parses `N1.4-AC01`; nil when the text is not of that form.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, SpecID.isValid(String(parts[0])), parts[1].hasPrefix("AC") else { return nil }
        let digits = parts[1].dropFirst(2)
        guard digits.count >= 2, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits) else { return nil }
        self.init(spec: String(parts[0]), number: number, width: digits.count)
    }

    public var description: String {
        let digits = String(number)
        return "\(spec)-AC\(String(repeating: "0", count: max(0, width - digits.count)))\(digits)"
    }

    /// The same criterion with another number, written with the same width.
    public func with(number: Int) -> CriterionID { CriterionID(spec: spec, number: number, width: width) }

    public static func < (lhs: CriterionID, rhs: CriterionID) -> Bool {
        (lhs.spec, lhs.number) < (rhs.spec, rhs.number)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = CriterionID(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "bad criterion ID '\(text)'"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Rules for spec IDs such as `N1.4`: a capital letter, then letters, digits and dots,
/// with a digit somewhere and no empty dot-separated part.
public enum SpecID {
    public static func isValid(_ text: String) -> Bool {
        guard let first = text.first, first.isASCIIUppercaseLetter else { return false }
        guard text.allSatisfy({ $0.isASCIIUppercaseLetter || $0.isASCIIDigit || $0 == "." }) else { return false }
        guard text.contains(where: \.isASCIIDigit) else { return false }
        return !text.split(separator: ".", omittingEmptySubsequences: false).contains { $0.isEmpty }
    }
}

/// A row of the acceptance-criteria table.
public struct Criterion: Codable, Sendable, Equatable, SourceLocated {
    public var id: CriterionID
    /// The level column, e.g. `Core`.
    public var level: String
    /// The criterion as the spec states it.
    public var statement: String
    /// The "How to verify" column.
    public var howToVerify: String
    /// Prose written under the criterion's heading, beside its checks.
    public var notes: [Prose]
    public var location: SourceLocation
    /// Where it ends in its file (see `SourceLocated`); not part of the JSON.
    @SourceDetail public var end: SourceSpan.End? = nil

    private enum CodingKeys: String, CodingKey {
        case id, level, statement, howToVerify, notes, location
    }

    public init(
        id: CriterionID, level: String, statement: String, howToVerify: String, notes: [Prose] = [],
        location: SourceLocation
    ) {
        self.id = id
        self.level = level
        self.statement = statement
        self.howToVerify = howToVerify
        self.notes = notes
        self.location = location
    }
}

extension Character {
    /// `0`–`9` only (not other Unicode digits).
    public var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    /// `A`–`Z` only.
    public var isASCIIUppercaseLetter: Bool { ("A"..."Z").contains(self) }
}
