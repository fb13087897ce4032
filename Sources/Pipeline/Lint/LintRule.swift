import SiteBuilder
import SpecModel
import SpecParser
import SpecRunner

/// A rule of the lint, as a value: what it reads, how far a change must reach for its findings
/// to change (its scope), the messages it reports, which of them another rule's finding
/// implies, and whether `--strict` makes its warnings errors. `LintRules.registered` lists them
/// all; the source store runs a page's and a flow's rules when that page changes, and the
/// rules across pages over every page's facts.
struct LintRule: Sendable {
    /// How far a change must reach for the rule's findings to change.
    enum Scope: String, Sendable, CaseIterable {
        /// One page's own text or model: run again when that page changes.
        case page
        /// A spec page against its flow: run again when the page changes (a process has one
        /// set of flows).
        case flow
        /// Every page's facts (IDs, paths, anchors, links) or the listing: run again on any
        /// change, over facts the store keeps for each page.
        case acrossPages
        /// The engine's run of the checks: run by `check`, not by `lint`.
        case engine
    }

    /// What the rule reads.
    enum Input: String, Sendable {
        /// The page's bytes and its Markdown tree.
        case pageText
        /// The page's model (a parsed spec).
        case pageModel
        /// The flows: steps, scenarios, the engine's catalogue of names.
        case flows
        /// What the store keeps of every page: its kind, ID, title, path, anchors and links.
        case pageFacts
        /// The folders' listing.
        case listing
        /// The run of every check and the flow's exploration.
        case run
    }

    /// The body of a rule, by scope.
    enum Body: Sendable {
        /// The reader of a page (the parser), run by the store as it reads the page.
        case reading
        /// A page's model.
        case page(@Sendable (ParsedPage) -> [Diagnostic])
        /// A spec page against the flows.
        case flow(@Sendable (Spec, FlowRegistry) -> [Diagnostic])
        /// Every page's facts.
        case acrossPages(@Sendable (AcrossPages) -> [Diagnostic])
        /// The engine's run: `CheckStage` reports it.
        case run
    }

    /// What a rule across pages reads: the facts of the pages in scope, and a way to learn the
    /// facts of a page outside it (a link's target under the content root).
    struct AcrossPages: Sendable {
        /// The facts of each page that parsed, in listing order.
        var pages: [PageRecord]
        /// The paths, relative to the content root, of the files in scope that could not be
        /// read as a page: each is reported by its reader, so nothing links to it in vain.
        var unread: [String] = []
        /// The facts of a page of the content outside the paths given, by its path relative to
        /// the content root (`SiteLinks.Targets`); nil when there is none.
        var outside: @Sendable (String) -> SiteLinks.Page?
    }

    /// A stable name: what counts of rule runs are kept by.
    let name: String
    let scope: Scope
    let reads: Set<Input>
    /// Every message the rule may report.
    let reports: [MessageID]
    /// Findings of this rule that a cause elsewhere implies: left out when that cause is
    /// reported about the same subject in the same file.
    let implications: [Implication]
    /// Whether `--strict` makes its warnings errors (the style and link rules).
    let strictMakesErrors: Bool
    let body: Body

    init(
        _ name: String, scope: Scope, reads: Set<Input>, reports: [MessageID], implications: [Implication] = [],
        strictMakesErrors: Bool = false, body: Body
    ) {
        self.name = name
        self.scope = scope
        self.reads = reads
        self.reports = reports
        self.implications = implications
        self.strictMakesErrors = strictMakesErrors
        self.body = body
    }
}
