/// A choice a flow's engine makes where the seed document is silent, with its reason. The site
/// shows the list; tests pin each one.
public struct Decision: Hashable, Codable, Sendable {
    /// A stable ID, referenced from the reducer's comments.
    public var id: String
    /// The question the seed leaves open.
    public var question: String
    /// What the engine does.
    public var choice: String
    /// Why.
    public var reason: String
    /// The criterion the question belongs to, if any.
    public var criterion: String?

    public init(id: String, question: String, choice: String, reason: String, criterion: String? = nil) {
        self.id = id
        self.question = question
        self.choice = choice
        self.reason = reason
        self.criterion = criterion
    }
}
