/// An executable check: one `Scenario:` of a `gherkin` block, under a criterion's heading or
/// inside a scenario.
public struct Check: Codable, Sendable, Equatable, SourceLocated {
    /// Stable: the criterion or scenario ID, a slash and a slug of the name.
    public var id: String
    /// The criterion the check verifies, when it is under a criterion's heading.
    public var criterion: CriterionID?
    /// The scenario the check is written in, when it is inside one.
    public var scenario: String?
    public var name: String
    public var steps: [Step]
    public var location: SourceLocation
    /// Where it ends in its file (see `SourceLocated`); not part of the JSON.
    @SourceDetail public var end: SourceSpan.End? = nil

    private enum CodingKeys: String, CodingKey {
        case id, criterion, scenario, name, steps, location
    }

    public init(
        id: String, criterion: CriterionID? = nil, scenario: String? = nil, name: String, steps: [Step],
        location: SourceLocation
    ) {
        self.id = id
        self.criterion = criterion
        self.scenario = scenario
        self.name = name
        self.steps = steps
        self.location = location
    }
}

/// The keyword a step starts with.
public enum StepKeyword: String, Codable, Sendable, CaseIterable {
    case given = "Given"
    case when = "When"
    case then = "Then"
    case and = "And"
    case but = "But"

    /// `And` and `But` continue the previous step's kind.
    public var isConjunction: Bool { self == .and || self == .but }
}

/// One line of a check.
public struct Step: Codable, Sendable, Equatable, SourceLocated {
    public var keyword: StepKeyword
    /// The text after the keyword, normalised (see the parser's `normalised`).
    public var text: String
    public var location: SourceLocation
    /// The byte column where `text` starts on its line (after the keyword and the blanks after
    /// it), so that a message can point at a value inside the step. Not part of the model's
    /// JSON: it is where the text is, not what it says.
    public var textColumn: Int
    /// Where the step's text ends on its line, as written (before normalising); not part of
    /// the JSON, nor of the step's value.
    @SourceDetail public var end: SourceSpan.End? = nil
    /// The text after the keyword as written, from `textColumn` (typographic quotes, runs of
    /// blanks and all): where a value of the step is found on its line. Not part of the JSON,
    /// nor of the step's value.
    @SourceDetail public var written: String? = nil

    public init(
        keyword: StepKeyword, text: String, location: SourceLocation, textColumn: Int? = nil, end: SourceSpan.End? = nil
    ) {
        self.keyword = keyword
        self.text = text
        self.location = location
        self.textColumn = textColumn ?? location.column + keyword.rawValue.count + 1
        self.end = end ?? SourceSpan.End(line: location.line, column: self.textColumn + text.utf8.count)
    }

    /// The step's text after its keyword, as written on its line: what a fix of the step's
    /// words replaces.
    public var textSpan: SourceSpan {
        SourceSpan(
            start: SourceLocation(file: location.file, line: location.line, column: textColumn),
            endLine: span.endLine, endColumn: span.endColumn)
    }

    /// The first quoted `value` of the step as written, quotes excluded (straight or
    /// typographic); the whole step when it cannot be placed exactly on its line, so that a fix
    /// never replaces other bytes than the value's.
    public func span(ofQuoted value: String) -> SourceSpan {
        placed(value, quoted: true) ?? span
    }

    /// The first bare `value` (a number) of the step as written; the whole step when it cannot
    /// be placed exactly.
    public func span(ofBare value: String) -> SourceSpan {
        placed(value, quoted: false) ?? span
    }

    /// The quote marks the parser reads as `"`, as written.
    private static let quotes = [
        "\"", "\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "\u{2033}", "\u{00AB}", "\u{00BB}",
    ]
    .map { Array($0.utf8) }

    /// Where `value`'s bytes are written on the step's line (between quote marks when
    /// `quoted`); nil when they are not there as they read. A step made in code, not read
    /// from a page, is written as its text.
    private func placed(_ value: String, quoted: Bool) -> SourceSpan? {
        guard !value.isEmpty else { return nil }
        let bytes = Array((written ?? text).utf8)
        let needle = Array(value.utf8)
        guard needle.count <= bytes.count else { return nil }
        for start in 0...(bytes.count - needle.count) where bytes[start..<(start + needle.count)].elementsEqual(needle)
        {
            if quoted {
                let before = bytes[..<start]
                let after = bytes[(start + needle.count)...]
                guard Self.quotes.contains(where: { before.reversed().starts(with: $0.reversed()) }),
                    Self.quotes.contains(where: { after.starts(with: $0) })
                else { continue }
            }
            return SourceSpan(
                at: SourceLocation(file: location.file, line: location.line, column: textColumn + start),
                length: needle.count)
        }
        return nil
    }

    private enum CodingKeys: String, CodingKey { case keyword, text, location }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            keyword: try container.decode(StepKeyword.self, forKey: .keyword),
            text: try container.decode(String.self, forKey: .text),
            location: try container.decode(SourceLocation.self, forKey: .location))
    }

    /// Where the first `"value"` (quoted) of the step is, pointing at the value itself; the
    /// step's own location when it cannot be placed.
    public func location(ofQuoted value: String) -> SourceLocation {
        span(ofQuoted: value).start
    }
}

/// A link in the references section and the criteria it supports.
public struct Reference: Codable, Sendable, Equatable, SourceLocated {
    public var title: String
    public var url: String
    /// What the source covers, the item's text after the criteria.
    public var summary: String
    /// Every criterion named, ranges expanded, in order of first mention.
    public var criteria: [CriterionID]
    public var location: SourceLocation
    /// Where it ends in its file (see `SourceLocated`); not part of the JSON.
    @SourceDetail public var end: SourceSpan.End? = nil

    private enum CodingKeys: String, CodingKey {
        case title, url, summary, criteria, location
    }

    public init(title: String, url: String, summary: String, criteria: [CriterionID], location: SourceLocation) {
        self.title = title
        self.url = url
        self.summary = summary
        self.criteria = criteria
        self.location = location
    }
}
