import Markdown

/// Everything parsed from a set of content files: spec pages and the other pages
/// (home, writer's guide) that the site shows.
public struct ContentSet: Codable, Sendable, Equatable {
    /// Bumped whenever the JSON shape changes in a way readers must notice.
    public static let schemaVersion = 1

    public var specs: [Spec]
    public var pages: [Page]
    /// The translations of the specs' copy, one per spec and language. Not part of the model's
    /// JSON, which is the English spec; the exports carry each language.
    public var translations: [Translation]

    public init(specs: [Spec] = [], pages: [Page] = [], translations: [Translation] = []) {
        self.specs = specs
        self.pages = pages
        self.translations = translations
    }

    private enum CodingKeys: String, CodingKey {
        case specs, pages
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            specs: try container.decode([Spec].self, forKey: .specs),
            pages: try container.decode([Page].self, forKey: .pages))
    }

    /// The languages the content is translated into, sorted, each once.
    public var locales: [LocaleTag] { Array(Set(translations.map(\.locale))).sorted() }

    /// The translation of the spec `specID` into `locale`, if the content has one.
    public func translation(of specID: String, into locale: LocaleTag) -> Translation? {
        translations.first { $0.specID == specID && $0.locale == locale }
    }
}

/// A block of Markdown as the writer wrote it, with where it came from, and its tree from the
/// page's one parse: the site renders the tree, without parsing the text again.
public struct Prose: Codable, Sendable, Equatable {
    public var markdown: String
    public var range: SourceSpan
    /// The block as parsed with its page; nil for prose read back from JSON, which keeps the
    /// text only.
    public var block: MarkdownNode?

    public init(markdown: String, range: SourceSpan, block: MarkdownNode? = nil) {
        self.markdown = markdown
        self.range = range
        self.block = block
    }

    enum CodingKeys: String, CodingKey {
        case markdown
        case range
    }

    /// The same words at the same place: the tree is made from them.
    public static func == (lhs: Prose, rhs: Prose) -> Bool {
        lhs.markdown == rhs.markdown && lhs.range == rhs.range
    }
}

/// A Markdown page that is not a spec: the home page or the writer's guide.
public struct Page: Codable, Sendable, Equatable, SourceLocated {
    /// The stable ID from `<!-- page: ID -->`.
    public var id: String
    public var title: String
    /// The page's path relative to the content root, e.g. `writers-guide.md`.
    public var path: String
    /// The body below the title and metadata.
    public var body: [Prose]
    public var location: SourceLocation
    /// Where it ends in its file (see `SourceLocated`); not part of the JSON.
    @SourceDetail public var end: SourceSpan.End? = nil
    /// The body as the site's HTML, rendered when the page was read so that its Markdown tree
    /// could be let go (a build keeps a thousand pages' text, not their trees); nil when the
    /// tree is kept (an editor's pages) or for a page read from JSON. Not part of the JSON.
    @SourceDetail public var renderedBody: String? = nil

    private enum CodingKeys: String, CodingKey {
        case id, title, path, body, location
    }

    public init(id: String, title: String, path: String, body: [Prose], location: SourceLocation) {
        self.id = id
        self.title = title
        self.path = path
        self.body = body
        self.location = location
    }
}

/// One spec page: a set of scenarios with per-platform copy, acceptance criteria with
/// their checks, and references.
public struct Spec: Codable, Sendable, Equatable, SourceLocated {
    /// The spec ID from the metadata, e.g. `N1.4`.
    public var id: String
    public var title: String
    /// The page's path relative to the content root, e.g. `native/login-error-states.md`.
    public var path: String
    /// The flow the spec is checked against (`flow: passkey-login`), as written; nil when the
    /// metadata names none. Which flows exist is the runner's to know.
    public var flow: FlowName?
    /// The platforms the spec covers, in declaration order.
    public var platforms: [Platform]
    /// Prose between the title and the first section.
    public var introduction: [Prose]
    public var sections: [Section]
    public var criteria: [Criterion]
    public var checks: [Check]
    public var references: [Reference]
    /// The benchmark (`Benchmark as` / `User reach`) if the page has one.
    public var benchmark: Benchmark?
    public var location: SourceLocation
    /// Where it ends in its file (see `SourceLocated`); not part of the JSON.
    @SourceDetail public var end: SourceSpan.End? = nil

    private enum CodingKeys: String, CodingKey {
        case id, title, path, flow, platforms, introduction, sections, criteria, checks, references, benchmark, location
    }

    public init(
        id: String, title: String, path: String, flow: FlowName? = nil, platforms: [Platform],
        introduction: [Prose] = [],
        sections: [Section] = [], criteria: [Criterion] = [], checks: [Check] = [],
        references: [Reference] = [], benchmark: Benchmark? = nil, location: SourceLocation
    ) {
        self.id = id
        self.title = title
        self.path = path
        self.flow = flow
        self.platforms = platforms
        self.introduction = introduction
        self.sections = sections
        self.criteria = criteria
        self.checks = checks
        self.references = references
        self.benchmark = benchmark
        self.location = location
    }

    /// Every scenario of every section, in page order.
    public var scenarios: [Scenario] { sections.flatMap(\.scenarios) }

    /// The scenario with the given ID, if any.
    public func scenario(id: String) -> Scenario? { scenarios.first { $0.id == id } }

    /// The criterion with the given ID, if any.
    public func criterion(id: CriterionID) -> Criterion? { criteria.first { $0.id == id } }

    /// The checks written for one criterion, in page order.
    public func checks(for criterion: CriterionID) -> [Check] { checks.filter { $0.criterion == criterion } }
}

/// The name of a flow as a spec's metadata gives it, with where.
public struct FlowName: Codable, Sendable, Equatable, SourceLocated {
    public var name: String
    public var location: SourceLocation
    /// Where it ends in its file (see `SourceLocated`); not part of the JSON.
    @SourceDetail public var end: SourceSpan.End? = nil

    private enum CodingKeys: String, CodingKey {
        case name, location
    }

    public init(_ name: String, at location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// What a `##` section holds, from its metadata comment.
public enum SectionKind: String, Codable, Sendable, CaseIterable {
    /// `###` scenarios with copy tables.
    case scenarios
    /// The acceptance-criteria table, the benchmark and the checks.
    case criteria
    /// A list of links, each naming the criteria it supports.
    case references
    /// Prose only.
    case prose

    public static var knownList: String { allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ") }
}

/// A `##` section of a spec page.
public struct Section: Codable, Sendable, Equatable, SourceLocated {
    /// The stable ID from `<!-- section: ID -->`; the anchor on the site.
    public var id: String
    public var title: String
    public var kind: SectionKind
    /// Prose between the heading and the first scenario (or the whole body of a prose section).
    public var introduction: [Prose]
    public var scenarios: [Scenario]
    public var location: SourceLocation
    /// Where it ends in its file (see `SourceLocated`); not part of the JSON.
    @SourceDetail public var end: SourceSpan.End? = nil

    private enum CodingKeys: String, CodingKey {
        case id, title, kind, introduction, scenarios, location
    }

    public init(
        id: String, title: String, kind: SectionKind, introduction: [Prose] = [], scenarios: [Scenario] = [],
        location: SourceLocation
    ) {
        self.id = id
        self.title = title
        self.kind = kind
        self.introduction = introduction
        self.scenarios = scenarios
        self.location = location
    }
}

/// The page's benchmark table, kept as metadata.
public struct Benchmark: Codable, Sendable, Equatable {
    /// The `Benchmark as` value, e.g. `Baseline`.
    public var level: String
    /// The `User reach` value, e.g. `Mid`.
    public var userReach: String
    public var location: SourceLocation

    public init(level: String, userReach: String, location: SourceLocation) {
        self.level = level
        self.userReach = userReach
        self.location = location
    }
}
