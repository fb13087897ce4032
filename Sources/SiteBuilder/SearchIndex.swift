import Foundation
import ReportModel
import SpecModel

/// One thing the site's search finds: a scenario, a string of copy on a platform, a platform
/// error, a criterion, an engine decision or a step, with the page and anchor that show it.
/// Made from the model and the run report, never from the pages' HTML, so that what the search
/// finds is what the engine and the spec hold.
struct SearchEntry: Encodable, Equatable, MustacheObject {
    /// The kinds, in the order the results list them.
    enum Kind: String, CaseIterable, Encodable {
        case scenario, copy, error, criterion, decision, step

        /// The heading of the kind's results.
        var title: String {
            switch self {
            case .scenario: "Scenarios"
            case .copy: "Copy"
            case .error: "Platform errors"
            case .criterion: "Criteria"
            case .decision: "Engine decisions"
            case .step: "Steps"
            }
        }
    }

    let kind: Kind
    /// What the result shows first: a scenario's or a criterion's title, the copy's words, the
    /// error's name, the decision's question, the step's pattern.
    let title: String
    /// What it shows after: the copy key and scenario, the error's code and where it leads.
    let detail: String
    /// The platform's name, where the entry is one platform's.
    let platform: String?
    /// From the site's root, with the anchor.
    let href: String
    /// Words the search matches besides the title and the detail (a scenario's triggers and
    /// summary, an error's message), not shown.
    let terms: String
}

/// A kind and its entries, for the search page.
struct SearchGroup: MustacheObject {
    let id: String
    let title: String
    let count: String
    let entries: [SearchEntry]
}

/// The search page: every entry of the index by kind, the page a reader without scripts uses
/// (with the browser's find), and the one a script filters for a query in its address.
struct SearchPage: MustacheObject {
    let groups: [SearchGroup]
    let count: String
}

extension ViewModels {
    /// Where the index and the page are.
    static let searchIndexPath = "search.json"
    static let searchPage = "search.html"

    /// Every entry, by kind in the order of `SearchEntry.Kind`, each kind in the content's order.
    func searchEntries() -> [SearchEntry] {
        var entries: [SearchEntry] = []
        for spec in content.specs {
            let page = SitePaths.html(forMarkdown: spec.path)
            for scenario in spec.scenarios {
                let triggers = scenario.copy.map { "\($0.platform.displayName): \($0.trigger.text)" }
                entries.append(
                    SearchEntry(
                        kind: .scenario, title: scenario.title, detail: "\(scenario.id) · \(spec.id)", platform: nil,
                        href: "\(page)#\(SitePaths.scenarioAnchor(scenario.id))",
                        terms: (triggers + scenario.summary.map(\.markdown)).joined(separator: " ")))
            }
        }
        for spec in content.specs {
            for scenario in spec.scenarios {
                for copy in scenario.copy {
                    for entry in copy.strings {
                        guard let text = entry.text else { continue }
                        entries.append(
                            SearchEntry(
                                kind: .copy, title: text, detail: "\(entry.key) · \(scenario.title)",
                                platform: copy.platform.displayName,
                                href: "copy.html#\(SitePaths.copyIndexAnchor(spec: spec.id, key: entry.key))",
                                terms: ""))
                    }
                }
            }
        }
        for flow in report.flows {
            for platform in Platform.known {
                for (index, error) in flow.errorReference.filter({ $0.platform == platform }).enumerated() {
                    let leads = Set([error.automaticFirst, error.automaticRepeated, error.explicit].compactMap { $0 })
                        .sorted()
                    entries.append(
                        SearchEntry(
                            kind: .error, title: error.name,
                            detail:
                                "\(error.code) · \(error.outcome) · leads to \(leads.joined(separator: ", ")) · \(flow.title)",
                            platform: platform.displayName,
                            href:
                                "errors.html#\(SitePaths.errorAnchor(flow: flow.id, platform: platform.rawValue, position: index + 1))",
                            terms: "\(platform.errorType) \(error.message ?? "")"))
                }
            }
        }
        for spec in content.specs {
            for criterion in spec.criteria {
                let id = criterion.id.description
                entries.append(
                    SearchEntry(
                        kind: .criterion, title: "\(id): \(criterion.statement)", detail: spec.title, platform: nil,
                        href: criterionLinks[id] ?? SitePaths.html(forMarkdown: spec.path), terms: ""))
            }
        }
        for flow in report.flows {
            for decision in flow.decisions {
                entries.append(
                    SearchEntry(
                        kind: .decision, title: decision.question, detail: "\(decision.id) · \(decision.choice)",
                        platform: nil, href: "decisions.html#\(SitePaths.decisionAnchor(decision.id))",
                        terms: "\(decision.criterion ?? "") \(decision.reason)"))
            }
        }
        for flow in report.flows {
            for step in flow.steps {
                entries.append(
                    SearchEntry(
                        kind: .step, title: step.display, detail: step.summary, platform: nil,
                        href: "steps.html#\(SitePaths.stepsAnchor(flow: flow.id, kind: step.kind.rawValue))", terms: "")
                )
            }
        }
        return entries
    }

    /// The index as the site's script reads it: the kinds in the order the results list them
    /// (`{"id", "title"}`), then the entries; keys sorted, so the same content gives the same
    /// bytes.
    func searchIndexJSON(_ entries: [SearchEntry]) throws -> [UInt8] {
        struct KindTitle: Encodable {
            let id: String
            let title: String
        }
        struct Index: Encodable {
            let kinds: [KindTitle]
            let entries: [SearchEntry]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let index = Index(
            kinds: SearchEntry.Kind.allCases.map { KindTitle(id: $0.rawValue, title: $0.title) },
            entries: entries)
        return [UInt8](try encoder.encode(index)) + [0x0A]
    }

    func searchPage(page: String, entries: [SearchEntry]) -> SitePage<SearchPage> {
        let groups = SearchEntry.Kind.allCases.compactMap { kind -> SearchGroup? in
            let found = entries.filter { $0.kind == kind }
            guard !found.isEmpty else { return nil }
            return SearchGroup(
                id: "search-\(kind.rawValue)", title: kind.title, count: String(found.count), entries: found)
        }
        return SitePage(
            layout: layout(page: page, title: "Search"),
            content: SearchPage(groups: groups, count: String(entries.count)))
    }
}
