import Mustache

/// What the templates render, one struct per thing. Each property is named exactly as the
/// templates read it (see `MustacheObject`); numbers the templates show are already
/// formatted as text. An optional that is `nil` renders as null, which is falsy.

// MARK: - Every page

/// The layout's data: the way back to the site's root, the page title and the navigation.
struct LayoutView: MustacheObject {
    let root: String
    let title: String
    let version: String
    let nav: NavigationValue
}

/// The navigation's sections, already in Mustache form: most of them are the same on every
/// page, so they are converted once per site rather than once per page.
struct NavigationValue: MustacheRepresentable, Encodable {
    let mustacheValue: MustacheValue

    func encode(to encoder: any Encoder) throws { try mustacheValue.encode(to: encoder) }
}

/// A section of the site navigation: Overview, a content folder, or Reference.
struct NavigationSection: MustacheObject {
    /// The ID of the section's title, which labels its list.
    let id: String
    let title: String
    let items: [NavigationItem]

    /// The name `items` has in the section's Mustache value.
    static let itemsKey = CodingKeys.items.stringValue
}

/// A link of the site navigation; `current` on the page itself.
struct NavigationItem: MustacheObject {
    let href: String
    let label: String
    let current: Bool
}

/// A pass/fail badge (`partials/badge`).
struct BadgeView: MustacheObject {
    /// `pass`, `fail` or `skip`: the badge's style.
    let state: String
    let label: String
    let value: String
}

// MARK: - Home and plain pages

struct HomePage: MustacheObject {
    let body: String
    let badges: [BadgeLink]
    let specs: [SpecSummary]
    let exports: [ExportLink]
}

/// A file of `exports/`, listed on the home page.
struct ExportLink: MustacheObject {
    let href: String
    let name: String
    let summary: String
}

/// An SVG status badge of the site, listed on the home page.
struct BadgeLink: MustacheObject {
    let href: String
    let label: String
    let value: String
}

/// A spec's card on the home page.
struct SpecSummary: MustacheObject {
    let id: String
    let title: String
    let href: String
    /// The page of its screens.
    let screensHref: String
    /// The title of the navigation section that lists it: where it lives.
    let section: String
    let badges: [BadgeView]
    let criteriaCount: String
    let criteriaPassing: String
    let checkRuns: String
    let checksPassing: String
    let scenarioCount: String
    /// The platforms' names, joined into a phrase.
    let platforms: String
}

/// A Markdown page that is not a spec.
struct ContentPage: MustacheObject {
    let body: String
}

/// The page of a section too large to list in the navigation: every page of its folder.
struct SectionIndexPage: MustacheObject {
    let count: String
    let links: [SectionIndexLink]
}

struct SectionIndexLink: MustacheObject {
    let href: String
    let label: String
}

// MARK: - Spec page

struct SpecPage: MustacheObject {
    let spec: SpecHeader
    let sections: [SectionView]
    let matrix: MatrixView
    /// One diagram per route kind of the spec's flow, on the spec's platforms.
    let routeDiagrams: [DiagramView]
    /// The flow's root causes and where each platform sends them; nil when it has none.
    let rootCauses: RootCauseTableView?
    /// The languages the copy tables switch between: English, then each language the spec is
    /// translated into; empty when it has no translation.
    let copyLanguages: [CopyLanguageOption]
}

/// A choice of the copy tables' language on a spec page.
struct CopyLanguageOption: MustacheObject {
    let tag: String
    let name: String
    let english: Bool
}

/// The root-cause table: one row per cause, one column per platform of the flow.
struct RootCauseTableView: MustacheObject {
    let platforms: [String]
    let rows: [RootCauseRowView]
}

struct RootCauseRowView: MustacheObject {
    let id: String
    let cause: String
    let cells: [RootCauseCellView]
    /// The decision that says why the platforms differ, linked; nil where they agree.
    let decision: ErrorLead?
}

struct RootCauseCellView: MustacheObject {
    let names: [String]
    /// Where the cause leads, linked; "the same on both routes" collapses to one.
    let leads: [RootCauseLeadView]
}

struct RootCauseLeadView: MustacheObject {
    let route: String?
    let lead: ErrorLead
    let last: Bool
}

struct SpecHeader: MustacheObject {
    let id: String
    let title: String
    let path: String
    /// The page of every screen of the spec, from the site's root.
    let screensHref: String
    /// The page on running the spec's checks against an app, from the site's root.
    let kitHref: String
    let badges: [BadgeView]
    let introduction: String
    let benchmark: BenchmarkView?
}

struct BenchmarkView: MustacheObject {
    let level: String
    let userReach: String
}

/// A section of a spec; the criteria section and the references section have more.
struct SectionView: MustacheObject {
    let id: String
    let title: String
    let introduction: String
    let scenarios: [ScenarioView]
    let criteria: [CriterionView]?
    let exploration: ExplorationView?
    let generalInvariants: [InvariantView]?
    let references: [ReferenceView]?
}

struct ScenarioView: MustacheObject {
    let id: String
    let anchor: String
    let title: String
    let summary: String
    let badges: [BadgeView]
    /// The columns of the copy table.
    let platforms: [CopyColumn]
    let rows: [CopyRow]
    /// A picture of each platform's screen, in the table's platform order.
    let mockups: [MockupView]
    let exercisedBy: [CheckLink]
    let checks: [CheckView]
}

/// A picture of one platform's screen in one scenario (`partials/mockup`), made by `Mockups`.
struct MockupView: MustacheObject {
    /// The platform's name, the picture's caption.
    let platform: String
    /// `alert`, `dialog`, `page-message` or `screen`: the class `kind-<kind>`.
    let kind: String
    /// The platform's design language: the class `look-<look>`.
    let look: String
    /// What a screen reader says for the picture.
    let label: String
    /// Whether a notice is drawn over or in the screen.
    let notice: Bool
    /// A message in the page drawn as a banner across its top rather than in the form.
    let banner: Bool
    let title: String?
    let message: String?
    /// Buttons one per row whatever their length.
    let stacked: Bool
    /// In the order drawn: as listed, the cancel-style action last.
    let actions: [MockupAction]
    /// The kind of notice drawn (`alert`, `dialog`, `inline message`, `banner`); nil for a screen.
    let drawnAs: String?
    /// The Presentation row's words when they name another kind than the one drawn.
    let unlike: String?
    /// How a screen reader hears of it, in the Announcement row's words ("nothing is announced"
    /// for `None`); nil where the table has no such row.
    let announced: String?
    /// The language of the words, when not English (`de`, `en-XA`), for the `lang` attribute.
    var lang: String? = nil
    /// Whether the language is written right to left: the picture is mirrored (`dir="rtl"`).
    var rtl = false
}

/// A button of a mockup.
struct MockupAction: MustacheObject {
    let id: String
    let label: String
    /// The preferred action: bold in an alert, filled on a screen or in a page.
    let preferred: Bool
    /// The cancel-style action.
    let cancel: Bool
}

/// A platform's column of a scenario's copy table.
struct CopyColumn: MustacheObject {
    let name: String
}

/// A row of a scenario's copy table: trigger, presentation, title, message or an action.
struct CopyRow: MustacheObject {
    let label: String
    let actionID: String?
    let cells: [CopyCell]
}

/// A platform's cell of a copy row: the trigger as HTML, the text, or none (with a note).
struct CopyCell: MustacheObject {
    let anchor: String
    let none: Bool
    let html: String?
    let text: String?
    let note: String?
    /// The text in each language the spec is translated into, shown in place of the English
    /// when the reader picks that language.
    var translations: [CopyCellTranslation] = []
}

/// A cell's text in one translation: nil where it has none (the platform shows the English).
struct CopyCellTranslation: MustacheObject {
    let language: String
    let text: String?
    let stale: Bool
}

/// A check that reaches a scenario; `last` ends the list.
struct CheckLink: MustacheObject {
    let anchor: String
    let name: String
    let last: Bool
}

struct CriterionView: MustacheObject {
    let id: String
    let anchor: String
    let level: String
    let statement: String
    let howToVerify: String
    let notes: String
    let badges: [BadgeView]
    let invariants: [InvariantView]
    let checks: [CheckView]
    /// Where the Changes page shows this criterion's new wording, when it was reworded since
    /// the earlier build.
    let reworded: String?
    /// The moves its checks make, drawn from the run report.
    let diagram: DiagramView?
}

/// A flow diagram (`partials/diagram`): inline SVG with its title and what it shows.
struct DiagramView: MustacheObject {
    let id: String
    let title: String
    let summary: String
    /// The `<svg>` element, made by `FlowDiagrams`.
    let svg: String
}

/// What the explorer covered, shown under the criteria table.
struct ExplorationView: MustacheObject {
    let states: String
    let transitions: String
    let runs: String
    /// `2 platforms × 4 configurations × 616 world scripts`, from the report.
    let breakdown: String
    let coverage: String
}

/// An invariant and what the explorer found (`partials/invariant`).
struct InvariantView: MustacheObject {
    let id: String
    let statement: String
    let transitionsChecked: String
    let holds: Bool
    let violations: String
    let counterexample: [String]
}

struct ReferenceView: MustacheObject {
    let title: String
    let url: String
    let summary: String
    let criteria: [AnchorLink]
}

/// An ID linked to its anchor on the same page.
struct AnchorLink: MustacheObject {
    let id: String
    let anchor: String
}

/// A check with its steps' results on each platform (`partials/check`).
struct CheckView: MustacheObject {
    let id: String
    let anchor: String
    let name: String
    let location: String
    /// A badge per platform.
    let platforms: [BadgeView]
    let platformNames: [String]
    let scenarios: [ScenarioLink]
    let steps: [StepView]
}

struct ScenarioLink: MustacheObject {
    let id: String
    let href: String
}

/// A step of a check, with a result per platform.
struct StepView: MustacheObject {
    let keyword: String
    let text: String
    let results: [StepResultView]
}

struct StepResultView: MustacheObject {
    let status: String
    let statusLabel: String
    let native: [String]
    let expected: String?
    let observed: String
}

/// Which criteria's checks reach which scenarios.
struct MatrixView: MustacheObject {
    let columns: [AnchorLink]
    let rows: [MatrixRow]
}

struct MatrixRow: MustacheObject {
    let id: String
    let anchor: String
    let cells: [MatrixCell]
}

struct MatrixCell: MustacheObject {
    let hit: Bool
    /// The names of the checks that reach the scenario.
    let title: String
}

// MARK: - Screens

/// Every screen of a spec, by section and scenario, each platform's side by side.
/// How to run a spec's checks against an app, per platform.
struct KitPage: MustacheObject {
    let spec: SpecHeader
    let specHref: String
    let platforms: [KitPlatformView]
}

/// One platform's kit: how to get it, what to write, how to run it, and the checks in it.
struct KitPlatformView: MustacheObject {
    let platform: String
    let anchor: String
    let framework: String
    let format: String
    /// The kit's files on this site, from its root.
    let readmeHref: String
    let scriptHref: String
    let export: String
    let run: String
    let adapter: String
    let checks: [KitCheckView]
    let included: Int
}

struct KitCheckView: MustacheObject {
    let id: String
    let name: String
    let href: String
    let line: Int
    let included: Bool
}

struct ScreensPage: MustacheObject {
    let spec: SpecHeader
    /// The spec's page, from the site's root.
    let specHref: String
    let sections: [ScreensSection]
    /// The languages the screens are drawn in: English, each translation and each
    /// pseudo-locale, the page's own marked current.
    let languages: [ScreensLanguage]
    /// What the words of this page are, when not English.
    let languageNote: String?
    /// On the English page: how much of the copy each language has, per platform.
    let completeness: [CompletenessRow]
}

/// A link to the screens drawn in one language.
struct ScreensLanguage: MustacheObject {
    let tag: String
    let label: String
    let href: String
    let current: Bool
}

/// How much of a spec's copy on a platform one language has.
struct CompletenessRow: MustacheObject {
    let language: String
    let platform: String
    let current: String
    let stale: String
    let missing: String
    let total: String
    /// Every string translated from the English as it is.
    let complete: Bool
}

struct ScreensSection: MustacheObject {
    let id: String
    let title: String
    let scenarios: [ScreensScenario]
}

struct ScreensScenario: MustacheObject {
    let id: String
    let anchor: String
    let title: String
    /// The scenario on the spec page, from the site's root.
    let href: String
    let mockups: [MockupView]
}

// MARK: - Copy index

struct CopyIndexPage: MustacheObject {
    let entries: [CopyIndexEntry]
    let count: String
    /// A column per platform present in the content, in `Platform.known` order.
    let platforms: [CopyIndexPlatform]
    /// Whether the page offers the platform filter: only with more than one column to choose.
    let platformFilter: Bool
    /// A column per platform and language: English, then each language the content is
    /// translated into.
    let columns: [CopyIndexColumn]
    /// The languages besides English, each a checkbox that shows its columns (off at first).
    let languages: [CopyIndexLanguage]
}

/// A column of the copy index: one platform's strings in one language.
struct CopyIndexColumn: MustacheObject {
    let platform: String
    /// `en`, or the language's tag.
    let language: String
    /// The platform's name, with the language's tag when not English: `iOS (de)`.
    let name: String
    /// Whether the column shows before a script hides it: the English ones.
    let english: Bool
}

struct CopyIndexLanguage: MustacheObject {
    let tag: String
}

/// A platform's column of the copy index, and its box in the platform filter.
struct CopyIndexPlatform: MustacheObject {
    /// The platform's ID: its cells' `data-platform`, and its checkbox's.
    let id: String
    let name: String
}

struct CopyIndexEntry: MustacheObject {
    let key: String
    let anchor: String
    let scenarioHref: String
    let scenarioTitle: String
    let cells: [CopyIndexCell]
}

struct CopyIndexCell: MustacheObject {
    /// The column's platform ID.
    let platform: String
    /// The column's language: `en`, or a translation's tag.
    var language = "en"
    /// A translation made from English that has changed since.
    var stale = false
    let none: Bool
    let text: String?
}

// MARK: - Platform errors

struct ErrorsPage: MustacheObject {
    let flows: [ErrorFlow]
}

/// One flow's native errors, by platform.
struct ErrorFlow: MustacheObject {
    let id: String
    let title: String
    let platforms: [ErrorPlatform]
}

struct ErrorPlatform: MustacheObject {
    let id: String
    let name: String
    let caption: String
    let entries: [ErrorEntry]
}

/// A native result and the scenario it leads to in each kind of request.
struct ErrorEntry: MustacheObject {
    let anchor: String
    let name: String
    let code: String
    let message: String?
    let outcome: String
    let leads: [ErrorLead]
    let source: ErrorSource?
}

/// Where a native error's facts come from, and which requests it arrives from.
struct ErrorSource: MustacheObject {
    let title: String
    let url: String
    let quote: String
    let checked: String
    let requests: String
    let defensive: Bool
    /// What the quote means for the requests it arrives from.
    let conclusion: String
}

/// A scenario, linked when it has a page; or no scenario, because the platform never opens
/// the prompt by itself.
struct ErrorLead: MustacheObject {
    let label: String?
    var href: String?
    let noAutomaticPrompt: Bool
}

// MARK: - Steps

struct StepsPage: MustacheObject {
    let flows: [StepFlow]
}

/// One flow's steps, by kind.
struct StepFlow: MustacheObject {
    let id: String
    let title: String
    let summary: String
    let groups: [StepGroup]
}

struct StepGroup: MustacheObject {
    let id: String
    let title: String
    let steps: [StepEntry]
}

struct StepEntry: MustacheObject {
    let pattern: String
    let summary: String
    let parameters: [StepParameterView]
}

struct StepParameterView: MustacheObject {
    let name: String
    /// The values it takes, as a phrase.
    let values: String
}

// MARK: - Flow diagrams

struct FlowDiagramsPage: MustacheObject {
    let flows: [FlowDiagramsView]
}

/// One flow's overview and route diagrams, on every platform it runs on.
struct FlowDiagramsView: MustacheObject {
    let id: String
    let title: String
    let summary: String
    let platforms: String
    let diagrams: [DiagramView]
}

// MARK: - Decisions

struct DecisionsPage: MustacheObject {
    let flows: [DecisionFlow]
}

/// One flow's decisions.
struct DecisionFlow: MustacheObject {
    let id: String
    let title: String
    let decisions: [DecisionView]
}

/// A choice the reference engine makes where the spec is silent.
struct DecisionView: MustacheObject {
    let id: String
    let anchor: String
    let question: String
    let choice: String
    let reason: String
    let criterion: String?
    /// The criterion's link; empty without one.
    let href: String
}

// MARK: - Changes

/// The Changes page: what changed in the model and the run since the earlier build.
struct ChangesPage: MustacheObject {
    /// What the changes are measured from, in words; nil when there was nothing to compare with.
    let earlier: String?
    /// Why there was nothing to compare with; nil when there was.
    let unavailable: String?
    /// Compared, and nothing listed changed.
    let unchanged: Bool
    /// `4 changes: 1 criterion reworded, 2 copy strings, 1 check`.
    let summary: String
    /// `Criterion reworded` or `Criteria reworded`; nil when none was.
    let rewordedTitle: String?
    let reworded: [RewordedCriterionView]
    let groups: [ChangeGroupView]
}

/// A criterion whose wording changed, shown first.
struct RewordedCriterionView: MustacheObject {
    let id: String
    let anchor: String
    /// The criterion on its spec page.
    let href: String?
    let fields: [WordingChangeView]
}

/// One text of a reworded criterion, before and after.
struct WordingChangeView: MustacheObject {
    let label: String
    let old: String
    let new: String
}

/// One kind of change as a table: copy, triggers, checks, verdicts, and so on.
struct ChangeGroupView: MustacheObject {
    let id: String
    let title: String
    let rows: [ChangeRowView]
}

/// A change by stable ID: what it is, and the value before and after (nil where none).
struct ChangeRowView: MustacheObject {
    let id: String
    let anchor: String
    let href: String?
    let change: String
    let old: String?
    let new: String?
}
