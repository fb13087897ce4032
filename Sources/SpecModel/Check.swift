/// An executable check: one `Scenario:` of a `gherkin` block, under a criterion's heading or
/// inside a scenario.
public struct Check: Codable, Sendable, Equatable {
    /// Stable: the criterion or scenario ID, a slash and a slug of the name.
    public var id: String
    /// The criterion the check verifies, when it is under a criterion's heading.
    public var criterion: CriterionID?
    /// The scenario the check is written in, when it is inside one.
    public var scenario: String?
    public var name: String
    public var steps: [Step]
    public var location: SourceLocation

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
public struct Step: Codable, Sendable, Equatable {
    public var keyword: StepKeyword
    /// The text after the keyword.
    public var text: String
    public var location: SourceLocation

    public init(keyword: StepKeyword, text: String, location: SourceLocation) {
        self.keyword = keyword
        self.text = text
        self.location = location
    }
}

/// A link in the references section and the criteria it supports.
public struct Reference: Codable, Sendable, Equatable {
    public var title: String
    public var url: String
    /// What the source covers, the item's text after the criteria.
    public var summary: String
    /// Every criterion named, ranges expanded, in order of first mention.
    public var criteria: [CriterionID]
    public var location: SourceLocation

    public init(title: String, url: String, summary: String, criteria: [CriterionID], location: SourceLocation) {
        self.title = title
        self.url = url
        self.summary = summary
        self.criteria = criteria
        self.location = location
    }
}
