import ConformanceKit
import Exports
import FlowDiagram
import Mustache
import ReportModel
import SpecModel

/// Builds the data each page template renders, from the model and the run report only.
struct ViewModels: Sendable {
    let content: ContentSet
    let report: RunReport
    /// What changed since the earlier build.
    let changes: SpecChanges
    /// The IDs of the criteria reworded since the earlier build.
    private let rewordedCriteria: Set<String>
    /// Where each scenario and criterion lives: spec page plus anchor, from the site root.
    let scenarioLinks: [String: (href: String, title: String)]
    let criterionLinks: [String: String]
    /// The navigation's sections, the same on every page.
    let navigation: [SiteNavigation.Group]
    /// Each section as a page outside it shows it, converted once.
    private let sectionValues: [MustacheValue]
    /// Each page the navigation lists, by href: the section that lists it, its link, and its
    /// place in the section's items when the section lists all its links, so that a page finds
    /// its own entry without searching a section of a thousand pages. (Every page lives in one
    /// section: the one of its folder.)
    private let listings: [String: (section: Int, link: SiteNavigation.Link, item: Int?)]
    let diagrams: FlowDiagrams

    /// `navigation` lists the site's pages when `content` holds only some of them (an
    /// incremental build); nil takes them from `content`.
    init(
        content: ContentSet, report: RunReport, changes: SpecChanges = SpecChanges(earlier: nil),
        navigation: [SiteNavigation.Entry]? = nil, diagrams: DiagramDrawer = DiagramDrawer()
    ) {
        self.content = content
        self.report = report
        self.changes = changes
        rewordedCriteria = Set(changes.reworded.map(\.id))
        self.diagrams = FlowDiagrams(drawer: diagrams)
        var scenarios: [String: (String, String)] = [:]
        var criteria: [String: String] = [:]
        for spec in content.specs {
            let page = SitePaths.html(forMarkdown: spec.path)
            for scenario in spec.scenarios where scenarios[scenario.id] == nil {
                scenarios[scenario.id] = ("\(page)#\(SitePaths.scenarioAnchor(scenario.id))", scenario.title)
            }
            for criterion in spec.criteria {
                criteria[criterion.id.description] = "\(page)#\(SitePaths.criterionAnchor(criterion.id.description))"
            }
        }
        scenarioLinks = scenarios
        criterionLinks = criteria
        let groups = SiteNavigation.groups(navigation ?? SiteNavigation.entries(content))
        self.navigation = groups
        sectionValues = groups.enumerated().map { index, group in
            Self.section(group, number: index + 1, current: nil).mustacheValue
        }
        var listings: [String: (section: Int, link: SiteNavigation.Link, item: Int?)] = [:]
        listings.reserveCapacity(groups.reduce(0) { $0 + $1.links.count + 1 })
        for (index, group) in groups.enumerated() {
            for (item, link) in group.links.enumerated() where listings[link.href] == nil {
                listings[link.href] = (index, link, group.index == nil ? item : nil)
            }
            if let link = group.index, listings[link.href] == nil { listings[link.href] = (index, link, nil) }
        }
        self.listings = listings
    }

    // MARK: - Common

    /// Data every page has: the way back to the root and the navigation, by section (see
    /// `SiteNavigation`), with the page itself marked current.
    /// The layout of `page`, whose navigation marks the entry of `listedAs` (default: the page
    /// itself) as the current one: a spec's screens in another language are listed as its
    /// screens.
    func layout(page: String, title: String, listedAs: String? = nil) -> LayoutView {
        let listing = listings[listedAs ?? page]
        let sections = navigation.enumerated().map { index, group in
            guard let listing, listing.section == index else { return sectionValues[index] }
            // A section that lists every link differs from the one converted once by its current
            // item alone: a page of a section of a thousand converts one item, not a thousand.
            if let item = listing.item, case .object(var fields) = sectionValues[index],
                case .array(var items) = fields[NavigationSection.itemsKey], items.indices.contains(item)
            {
                items[item] =
                    NavigationItem(href: listing.link.href, label: listing.link.label, current: true)
                    .mustacheValue
                fields[NavigationSection.itemsKey] = .array(items)
                return .object(fields)
            }
            return Self.section(group, number: index + 1, current: listing.link).mustacheValue
        }
        return LayoutView(
            root: SitePaths.root(of: page), title: title, version: ToolVersion.current,
            nav: NavigationValue(mustacheValue: .array(sections)))
    }

    /// A section of the navigation as the page of link `current` shows it (nil: a page
    /// outside the section).
    private static func section(
        _ group: SiteNavigation.Group, number: Int, current: SiteNavigation.Link?
    ) -> NavigationSection {
        NavigationSection(
            id: "nav-section-\(number)", title: group.title,
            items: listed(group, current: current).map {
                NavigationItem(href: $0.href, label: $0.label, current: $0.href == current?.href)
            })
    }

    /// A section's links as the navigation lists them: all of them, or for a collapsed
    /// section its section page and the current page (the Overview its home page first).
    static func listed(_ group: SiteNavigation.Group, current: SiteNavigation.Link?) -> [SiteNavigation.Link] {
        guard let index = group.index else { return group.links }
        // The Overview keeps its first link, the home page, in view.
        let kept = group.folder == nil ? [group.links[0], index] : [index]
        // By href: the content's own section page (`folder/index.md`, `pages.md`) is the
        // section page, under its own title.
        guard let current, !kept.contains(where: { $0.href == current.href }) else { return kept }
        return kept + [current]
    }

    /// The section page of a collapsed section: every page of the folder.
    func sectionIndex(_ group: SiteNavigation.Group, page: String) -> SitePage<SectionIndexPage> {
        SitePage(
            layout: layout(page: page, title: group.title),
            content: SectionIndexPage(
                count: String(group.links.count),
                links: group.links.map { SectionIndexLink(href: $0.href, label: $0.label) }))
    }

    /// The collapsed sections, whose section pages the site writes.
    var collapsedSections: [SiteNavigation.Group] { navigation.filter(\.isCollapsed) }

    static func badge(_ label: String, passed: Bool) -> BadgeView {
        BadgeView(state: passed ? "pass" : "fail", label: label, value: passed ? "passing" : "failing")
    }

    /// `iOS`, `iOS and Android`, `iOS, Android and Web`.
    static func phrase(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    static func number(_ value: Int) -> String {
        let digits = Array(String(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }

    private func run(of spec: Spec) -> SpecRun? { report.specs.first { $0.id == spec.id } }

    /// Whether everything of a spec passed on one platform.
    private func passed(_ run: SpecRun?, on platform: Platform) -> Bool {
        guard let run else { return false }
        let checks = run.checks.allSatisfy {
            $0.platforms.first { $0.platform == platform }?.status != .failed
                && $0.platforms.first { $0.platform == platform }?.status != .undefined
        }
        let criteria = run.criteria.allSatisfy { $0.platforms.first { $0.platform == platform }?.passed ?? false }
        let scenarios = run.scenarios.allSatisfy { $0.platforms.first { $0.platform == platform }?.passed ?? false }
        return checks && criteria && scenarios
    }

    // MARK: - Home

    func home(page: String) -> SitePage<HomePage> {
        let home = content.pages.first { $0.id == "home" }
        let badgeLinks = report.specs.flatMap { spec in
            [("badges/\(spec.id).svg", spec.id, spec.passed)]
                + spec.criteria.map { ("badges/\($0.id).svg", $0.id, $0.passed) }
        }.map { href, label, passed in BadgeLink(href: href, label: label, value: passed ? "passing" : "failing") }
        let specs = content.specs.map { spec in
            let run = run(of: spec)
            let checkRuns = run?.checks.flatMap(\.platforms) ?? []
            return SpecSummary(
                id: spec.id, title: spec.title, href: SitePaths.html(forMarkdown: spec.path),
                screensHref: SitePaths.screens(forMarkdown: spec.path),
                section: SiteNavigation.sectionTitle(ofPage: spec.path),
                badges: badges(spec, run), criteriaCount: String(spec.criteria.count),
                criteriaPassing: String(run?.criteria.filter(\.passed).count ?? 0),
                checkRuns: String(checkRuns.count),
                checksPassing: String(checkRuns.filter { $0.status == .passed }.count),
                scenarioCount: String(spec.scenarios.count),
                platforms: Self.phrase(spec.platforms.map(\.displayName)))
        }
        return SitePage(
            layout: layout(page: page, title: home?.title ?? "Specs"),
            content: HomePage(
                body: home.map(ProseHTML.body) ?? "", badges: badgeLinks, specs: specs,
                exports: ExportFormat.files.flatMap { format in
                    [ExportLink(href: format.sitePath, name: format.fileName, summary: format.summary)]
                        + (format.isLocalized ? ExportLanguage.all(in: content) : []).map { language in
                            let path = format.sitePath(in: language)
                            return ExportLink(
                                href: path, name: String(path.dropFirst("exports/".count)),
                                summary: format.summary + ", in '\(language.tag)'"
                                    + (language.isPseudo ? " (a pseudo-locale)" : ""))
                        }
                } + [
                    ExportLink(
                        href: SiteBuilder.changesPath, name: "changes.json",
                        summary: "What changed since the earlier build, the data of the Changes page")
                ]))
    }

    private func badges(_ spec: Spec, _ run: SpecRun?) -> [BadgeView] {
        [Self.badge("spec", passed: run?.passed ?? false)]
            + spec.platforms.map { Self.badge($0.displayName, passed: passed(run, on: $0)) }
    }

    // MARK: - Spec page

    private func header(_ spec: Spec, _ run: SpecRun?) -> SpecHeader {
        SpecHeader(
            id: spec.id, title: spec.title, path: spec.path, screensHref: SitePaths.screens(forMarkdown: spec.path),
            kitHref: SitePaths.kit(forMarkdown: spec.path),
            badges: badges(spec, run), introduction: ProseHTML.render(spec.introduction),
            benchmark: spec.benchmark.map { BenchmarkView(level: $0.level, userReach: $0.userReach) })
    }

    func spec(_ spec: Spec, page: String) -> SitePage<SpecPage> {
        let run = run(of: spec)
        let header = header(spec, run)
        let checkViews = Dictionary(uniqueKeysWithValues: (run?.checks ?? []).map { ($0.id, check($0, spec: spec)) })
        return SitePage(
            layout: layout(page: page, title: spec.title),
            content: SpecPage(
                spec: header, sections: spec.sections.map { section(spec, $0, run: run, checks: checkViews) },
                matrix: matrix(spec, run: run), routeDiagrams: routeDiagrams(spec, run: run),
                rootCauses: rootCauses(of: run, page: page),
                copyLanguages: translations(of: spec).isEmpty
                    ? []
                    : [CopyLanguageOption(tag: "en", name: "English", english: true)]
                        + translations(of: spec).map {
                            CopyLanguageOption(tag: $0.tag, name: $0.tag, english: false)
                        }))
    }

    /// The languages `spec` is translated into.
    private func translations(of spec: Spec) -> [ExportLanguage] {
        content.locales.filter { content.translation(of: spec.id, into: $0) != nil }.map(ExportLanguage.translated)
    }

    /// The spec's flow's root-cause table, on every platform of the flow, so that a reader
    /// sees one cause lead to one scenario everywhere.
    private func rootCauses(of run: SpecRun?, page: String) -> RootCauseTableView? {
        guard let flow = run?.flow.flatMap(report.flow(id:)), let first = flow.rootCauses.first else { return nil }
        let root = SitePaths.root(of: page)
        // Scenario links are from the site's root; this page may be in a folder.
        func lead(_ target: String?) -> ErrorLead {
            var lead = self.lead(target)
            lead.href = lead.href.map { root + $0 }
            return lead
        }
        return RootCauseTableView(
            platforms: first.platforms.map(\.platform.displayName),
            rows: flow.rootCauses.map { entry in
                RootCauseRowView(
                    id: "cause-\(SitePaths.anchor(entry.id))", cause: entry.cause,
                    cells: entry.platforms.map { cell in
                        let leads: [RootCauseLeadView] =
                            cell.automatic == nil || cell.automatic == cell.explicit
                            ? [RootCauseLeadView(route: nil, lead: lead(cell.explicit), last: true)]
                            : [
                                RootCauseLeadView(route: "automatic", lead: lead(cell.automatic), last: false),
                                RootCauseLeadView(route: "passkey button", lead: lead(cell.explicit), last: true),
                            ]
                        return RootCauseCellView(names: cell.names, leads: leads)
                    },
                    decision: entry.decision.map { id in
                        ErrorLead(
                            label: id,
                            href: "\(SitePaths.root(of: page))decisions.html#\(SitePaths.decisionAnchor(id))",
                            noAutomaticPrompt: false)
                    })
            })
    }

    /// The spec's flow's route diagrams, with the moves of the spec's platforms only.
    private func routeDiagrams(_ spec: Spec, run: SpecRun?) -> [DiagramView] {
        guard let flow = run?.flow.flatMap(report.flow(id:)) else { return [] }
        return flow.views.filter { $0.id != Self.overview }.compactMap { view in
            diagrams.view(
                view.graph, platforms: spec.platforms, id: "diagram-route-\(SitePaths.anchor(view.id))",
                title: view.title,
                summary: view.summary)
        }
    }

    /// The ID of a flow's view of the whole flow, drawn on the flow diagrams page only.
    static let overview = "overview"

    // MARK: - Flow diagrams

    func flowDiagrams(page: String) -> SitePage<FlowDiagramsPage> {
        SitePage(
            layout: layout(page: page, title: "Flow diagrams"),
            content: FlowDiagramsPage(
                flows: report.flows.filter { !$0.views.isEmpty }.map { flow in
                    let views =
                        flow.views.filter { $0.id == Self.overview } + flow.views.filter { $0.id != Self.overview }
                    return FlowDiagramsView(
                        id: SitePaths.anchor(flow.id), title: flow.title, summary: flow.summary,
                        platforms: flow.platforms.map(\.displayName).joined(separator: ", "),
                        diagrams: views.compactMap { view in
                            diagrams.view(
                                view.graph, platforms: flow.platforms,
                                id: "diagram-\(SitePaths.anchor(flow.id))-\(SitePaths.anchor(view.id))",
                                title: view.title,
                                summary: view.summary)
                        })
                }))
    }

    private func section(
        _ spec: Spec, _ section: Section, run: SpecRun?, checks: [String: CheckView]
    )
        -> SectionView
    {
        var criteria: [CriterionView]?
        var exploration: ExplorationView?
        var generalInvariants: [InvariantView]?
        var references: [ReferenceView]?
        if section.kind == .criteria {
            criteria = spec.criteria.map { criterion($0, spec: spec, run: run, checks: checks) }
            let flow = run?.flow.flatMap(report.flow(id:))
            if let explored = flow?.exploration {
                exploration = ExplorationView(
                    states: Self.number(explored.states), transitions: Self.number(explored.transitions),
                    runs: Self.number(explored.runs),
                    breakdown: explored.breakdown(number: Self.number),
                    coverage: explored.complete
                        ? "the whole reachable space (every run ran out of new states by depth \(explored.deepestLevel))"
                        : "cut short at depth \(explored.depthLimit)")
            }
            generalInvariants = flow?.generalInvariants.map(Self.invariant)
        }
        if section.kind == .references {
            references = spec.references.map { reference in
                ReferenceView(
                    title: reference.title, url: reference.url, summary: reference.summary,
                    criteria: reference.criteria.map {
                        AnchorLink(id: $0.description, anchor: SitePaths.criterionAnchor($0.description))
                    })
            }
        }
        return SectionView(
            id: SitePaths.anchor(section.id), title: section.title,
            introduction: ProseHTML.render(section.introduction),
            scenarios: section.scenarios.map { scenario($0, spec: spec, run: run, checks: checks) },
            criteria: criteria, exploration: exploration, generalInvariants: generalInvariants,
            references: references)
    }

    private func scenario(
        _ scenario: Scenario, spec: Spec, run: SpecRun?, checks: [String: CheckView]
    )
        -> ScenarioView
    {
        let scenarioRun = run?.scenarios.first { $0.id == scenario.id }
        let exercising = (run?.checks ?? []).filter { check in scenarioRun?.exercisedBy.contains(check.id) ?? false }
        return ScenarioView(
            id: scenario.id, anchor: SitePaths.scenarioAnchor(scenario.id), title: scenario.title,
            summary: ProseHTML.render(scenario.summary),
            badges: spec.platforms.map { platform in
                Self.badge(
                    platform.displayName,
                    passed: scenarioRun?.platforms.first { $0.platform == platform }?.passed ?? false)
            },
            platforms: scenario.copy.map { CopyColumn(name: $0.platform.displayName) },
            rows: copyRows(scenario, spec: spec), mockups: scenario.copy.map(Mockups.mockup(of:)),
            exercisedBy: exercising.enumerated().map { index, check in
                CheckLink(
                    anchor: SitePaths.checkAnchor(check.id), name: check.name, last: index == exercising.count - 1)
            },
            checks: spec.checks.filter { $0.scenario == scenario.id }.compactMap { checks[$0.id] })
    }

    /// Trigger, presentation, announcement, title, message and each action, one cell per platform.
    private func copyRows(_ scenario: Scenario, spec: Spec) -> [CopyRow] {
        let languages = translations(of: spec)
        var parts: [CopyPart] = [.trigger]
        if scenario.copy.contains(where: { $0.presentation != nil }) { parts.append(.presentation) }
        if scenario.copy.contains(where: { $0.announcement != nil }) { parts.append(.announcement) }
        parts += [.title, .message]
        for copy in scenario.copy {
            for action in copy.actions where !parts.contains(.action(action.id)) { parts.append(.action(action.id)) }
        }
        return parts.map { part in
            var label = part.label
            var actionID: String?
            if case .action(let id) = part {
                label = "Action"
                actionID = id
            }
            let cells = scenario.copy.map { copy in
                let anchor = SitePaths.copyAnchor("\(scenario.id).\(part.keySegment)") + "-" + copy.platform.rawValue
                if part == .trigger {
                    return CopyCell(
                        anchor: anchor, none: false,
                        html: "<span class=\"trigger\">" + Self.triggerHTML(copy.trigger) + "</span>", text: nil,
                        note: nil)
                }
                let entry: CopyEntry?
                switch part {
                case .presentation: entry = copy.presentation
                case .announcement: entry = copy.announcement
                case .title: entry = copy.title
                case .message: entry = copy.message
                case .action(let id): entry = copy.actions.first { $0.id == id }?.label
                case .trigger: entry = nil
                }
                guard let entry, let text = entry.text else {
                    return CopyCell(anchor: anchor, none: true, html: nil, text: nil, note: entry?.note)
                }
                if part == .presentation, let kind = copy.presentationKind {
                    // What stays in reach depends on the kind; engineers and kits read it here.
                    let html =
                        "<span class=\"copy-text\">\(Template.escapeHTML(text))</span>"
                        + " <span class=\"presentation-kind\">(\(Template.escapeHTML(kind.words)))</span>"
                    return CopyCell(anchor: anchor, none: false, html: html, text: nil, note: nil)
                }
                var cell = CopyCell(anchor: anchor, none: false, html: nil, text: text, note: nil)
                // Translations hold the title, the message and the button labels.
                switch part {
                case .title, .message, .action:
                    cell.translations = languages.map { language in
                        let localized = language.text(of: entry, on: copy.platform, specID: spec.id, in: content)
                        return CopyCellTranslation(
                            language: language.tag, text: localized?.text, stale: localized?.isStale ?? false)
                    }
                case .trigger, .presentation, .announcement: break
                }
                return cell
            }
            return CopyRow(label: label, actionID: actionID, cells: cells)
        }
    }

    /// The trigger's text, escaped, with its native signals set in code.
    static func triggerHTML(_ trigger: Trigger) -> String {
        var html = Template.escapeHTML(trigger.text)
        var searchFrom = html.startIndex
        for signal in trigger.signals {
            let escaped = Template.escapeHTML(signal)
            guard let range = html.range(of: escaped, range: searchFrom..<html.endIndex) else { continue }
            let replacement = "<code>\(escaped)</code>"
            html.replaceSubrange(range, with: replacement)
            searchFrom = html.index(range.lowerBound, offsetBy: replacement.count)
        }
        return html
    }

    private func criterion(
        _ criterion: Criterion, spec: Spec, run: SpecRun?, checks: [String: CheckView]
    )
        -> CriterionView
    {
        let id = criterion.id.description
        let criterionRun = run?.criteria.first { $0.id == id }
        return CriterionView(
            id: id, anchor: SitePaths.criterionAnchor(id), level: criterion.level, statement: criterion.statement,
            howToVerify: criterion.howToVerify, notes: ProseHTML.render(criterion.notes),
            badges: spec.platforms.map { platform in
                Self.badge(
                    platform.displayName,
                    passed: criterionRun?.platforms.first { $0.platform == platform }?.passed ?? false)
            },
            invariants: (criterionRun?.invariants ?? []).map(Self.invariant),
            checks: (criterionRun?.checks ?? []).compactMap { checks[$0] },
            reworded: rewordedCriteria.contains(id)
                ? "\(Self.changesPage)#\(Self.rewordedAnchor(criterion: id))" : nil,
            diagram: criterionRun.flatMap { criterionRun in
                let count = criterionRun.checks.count
                return diagrams.view(
                    criterionRun.diagram, platforms: spec.platforms, id: "diagram-\(SitePaths.criterionAnchor(id))",
                    title: "The moves the checks of \(id) make",
                    summary:
                        "Drawn from the engine as \(count == 1 ? "its check runs" : "its \(count) checks run") on \(spec.platforms.map(\.displayName).joined(separator: " and ")); thick arrows are moves on which the explorer also checked the criterion’s invariants."
                )
            })
    }

    static func invariant(_ invariant: InvariantRun) -> InvariantView {
        InvariantView(
            id: invariant.id, statement: invariant.statement,
            transitionsChecked: Self.number(invariant.transitionsChecked), holds: invariant.violations == 0,
            violations: Self.number(invariant.violations), counterexample: invariant.counterexample ?? [])
    }

    private func check(_ check: CheckRun, spec: Spec) -> CheckView {
        let platforms = check.platforms
        let steps = (platforms.first?.steps ?? []).indices.map { index in
            let step = platforms[0].steps[index]
            return StepView(
                keyword: step.keyword, text: step.text,
                results: platforms.map { platform in
                    let result = platform.steps[index]
                    return StepResultView(
                        status: result.status.rawValue, statusLabel: Self.statusLabel(result.status),
                        native: result.native, expected: result.expected, observed: result.observed ?? "")
                })
        }
        var seen = Set<String>()
        let scenarios = platforms.flatMap(\.scenarios).filter { seen.insert($0).inserted }
        return CheckView(
            id: check.id, anchor: SitePaths.checkAnchor(check.id), name: check.name,
            location: "\(spec.path):\(check.location.line)",
            platforms: platforms.map { run in
                guard run.status != .undefined else {
                    return BadgeView(state: "skip", label: run.platform.displayName, value: "undefined")
                }
                return Self.badge(run.platform.displayName, passed: run.status == .passed)
            },
            platformNames: platforms.map(\.platform.displayName),
            scenarios: scenarios.map { ScenarioLink(id: $0, href: "#\(SitePaths.scenarioAnchor($0))") },
            steps: steps)
    }

    static func statusLabel(_ status: RunStatus) -> String {
        switch status {
        case .passed: "Passed"
        case .failed: "Failed"
        case .skipped: "Skipped"
        case .undefined: "Undefined"
        }
    }

    private func matrix(_ spec: Spec, run: SpecRun?) -> MatrixView {
        let columns = spec.scenarios.map { AnchorLink(id: $0.id, anchor: SitePaths.scenarioAnchor($0.id)) }
        let rows = spec.criteria.map { criterion in
            let id = criterion.id.description
            let checks = (run?.checks ?? []).filter { $0.criterion == id }
            return MatrixRow(
                id: id, anchor: SitePaths.criterionAnchor(id),
                cells: spec.scenarios.map { scenario in
                    let hits = checks.filter { check in
                        check.platforms.contains { $0.scenarios.contains(scenario.id) }
                    }
                    return MatrixCell(hit: !hits.isEmpty, title: hits.map(\.name).joined(separator: "; "))
                })
        }
        return MatrixView(columns: columns, rows: rows)
    }

    // MARK: - Screens

    /// Every screen of a spec side by side, for review.
    /// The page of `spec`'s screens, in English or in `language`: each string translated
    /// where the content has its translation, in English where not.
    func screens(_ spec: Spec, page: String, language: ExportLanguage? = nil) -> SitePage<ScreensPage> {
        let specHref = SitePaths.html(forMarkdown: spec.path)
        let languages = ExportLanguage.all(in: content)
        let title =
            SiteNavigation.screensLabel(ofSpecTitled: spec.title) + (language.map { " (\($0.tag))" } ?? "")
        return SitePage(
            layout: layout(page: page, title: title, listedAs: SitePaths.screens(forMarkdown: spec.path)),
            content: ScreensPage(
                spec: header(spec, run(of: spec)), specHref: specHref,
                sections: spec.sections.filter { !$0.scenarios.isEmpty }.map { section in
                    ScreensSection(
                        id: SitePaths.anchor(section.id), title: section.title,
                        scenarios: section.scenarios.map { scenario in
                            ScreensScenario(
                                id: scenario.id, anchor: SitePaths.scenarioAnchor(scenario.id), title: scenario.title,
                                href: "\(specHref)#\(SitePaths.scenarioAnchor(scenario.id))",
                                mockups: scenario.copy.map { copy in
                                    guard let language else { return Mockups.mockup(of: copy) }
                                    var mockup = Mockups.mockup(of: language.copy(copy, specID: spec.id, in: content))
                                    mockup.lang = language.tag
                                    mockup.rtl = language.isRightToLeft
                                    return mockup
                                })
                        })
                },
                languages: [
                    ScreensLanguage(
                        tag: "en", label: "English", href: SitePaths.screens(forMarkdown: spec.path),
                        current: language == nil)
                ]
                    + languages.map { other in
                        ScreensLanguage(
                            tag: other.tag, label: other.isPseudo ? "\(other.tag) (pseudo-locale)" : other.tag,
                            href: SitePaths.screens(forMarkdown: spec.path, language: other.tag),
                            current: other == language)
                    },
                languageNote: language.map { language in
                    (language.isPseudo
                        ? "The pseudo-locale \(language.tag), made from every English string: "
                            + (language.isRightToLeft
                                ? "each word forced right to left, and the pictures mirrored."
                                : "accented letters, about 40 % longer, in brackets.")
                        : "The \(language.tag) translation where the content has one, each other string in English.")
                        + " A button label cut short in its picture is marked: it is longer than the platform shows."
                },
                completeness: language != nil
                    ? []
                    : languages.filter { !$0.isPseudo }.flatMap { other in
                        spec.platforms.map { platform in
                            let counted = other.completeness(of: spec, on: platform, in: content)
                            return CompletenessRow(
                                language: other.tag, platform: platform.displayName, current: String(counted.current),
                                stale: String(counted.stale), missing: String(counted.missing),
                                total: String(counted.total), complete: counted.current == counted.total)
                        }
                    }))
    }

    // MARK: - Conformance kits

    func kit(_ spec: Spec, page: String) -> SitePage<KitPage> {
        let specHref = SitePaths.html(forMarkdown: spec.path)
        let run = run(of: spec)
        let platforms = ExportFormat.allCases.compactMap { format -> KitPlatformView? in
            guard let platform = format.kitPlatform, spec.platforms.contains(platform),
                let language = KitLanguage(kitFormat: format.rawValue)
            else { return nil }
            let checks = spec.checks.map { check in
                let status = run?.checks.first { $0.id == check.id }?.platforms.first { $0.platform == platform }?
                    .status
                return KitCheckView(
                    id: check.id, name: check.name, href: "\(specHref)#\(SitePaths.checkAnchor(check.id))",
                    line: check.location.line, included: status == .passed)
            }
            let guide = KitGuide(format)
            return KitPlatformView(
                platform: platform.displayName, anchor: "kit-\(platform.rawValue)", framework: guide.framework,
                format: format.rawValue, readmeHref: "\(format.sitePath)/README.md",
                scriptHref: format.sitePath + "/"
                    + KitWriter.scriptPath(spec: spec.id, platform: platform.rawValue, in: language),
                export: "passkey-spec export --format \(format.rawValue) --out \(guide.folder) content",
                run: guide.run, adapter: guide.adapter, checks: checks,
                included: checks.filter(\.included).count)
        }
        return SitePage(
            layout: layout(page: page, title: SiteNavigation.kitLabel(ofSpecTitled: spec.title)),
            content: KitPage(spec: header(spec, run), specHref: specHref, platforms: platforms))
    }

    // MARK: - Copy index

    func copyIndex(page: String) -> SitePage<CopyIndexPage> {
        let platforms = Platform.known.filter { platform in
            content.specs.contains { $0.platforms.contains(platform) }
        }
        let translations = content.locales.map(ExportLanguage.translated)
        var entries: [CopyIndexEntry] = []
        for spec in content.specs {
            let href = SitePaths.html(forMarkdown: spec.path)
            for scenario in spec.scenarios {
                var keys: [String] = []
                for copy in scenario.copy {
                    for entry in copy.strings where !keys.contains(entry.key) { keys.append(entry.key) }
                }
                for key in keys {
                    var cells = platforms.map { platform in
                        let text = scenario.copy(for: platform)?.strings.first { $0.key == key }?.text
                        return CopyIndexCell(platform: platform.rawValue, none: text == nil, text: text)
                    }
                    // Each translation's columns after the English ones: its text, or empty
                    // where it has none (the platform shows the English).
                    for language in translations {
                        for platform in platforms {
                            let entry = scenario.copy(for: platform)?.strings.first { $0.key == key }
                            let localized = entry.flatMap {
                                language.text(of: $0, on: platform, specID: spec.id, in: content)
                            }
                            cells.append(
                                CopyIndexCell(
                                    platform: platform.rawValue, language: language.tag,
                                    stale: localized?.isStale ?? false,
                                    none: entry?.text == nil, text: localized?.text))
                        }
                    }
                    entries.append(
                        CopyIndexEntry(
                            key: key, anchor: SitePaths.copyIndexAnchor(spec: spec.id, key: key),
                            scenarioHref: "\(href)#\(SitePaths.scenarioAnchor(scenario.id))",
                            scenarioTitle: scenario.title, cells: cells))
                }
            }
        }
        return SitePage(
            layout: layout(page: page, title: "Copy index"),
            content: CopyIndexPage(
                entries: entries, count: String(entries.count),
                platforms: platforms.map { CopyIndexPlatform(id: $0.rawValue, name: $0.displayName) },
                platformFilter: platforms.count > 1,
                columns: platforms.map {
                    CopyIndexColumn(platform: $0.rawValue, language: "en", name: $0.displayName, english: true)
                }
                    + translations.flatMap { language in
                        platforms.map {
                            CopyIndexColumn(
                                platform: $0.rawValue, language: language.tag,
                                name: "\($0.displayName) (\(language.tag))", english: false)
                        }
                    },
                languages: translations.map { CopyIndexLanguage(tag: $0.tag) }))
    }

    // MARK: - Platform errors, steps, decisions

    func errors(page: String) -> SitePage<ErrorsPage> {
        SitePage(
            layout: layout(page: page, title: "Platform errors"),
            content: ErrorsPage(
                flows: report.flows.filter { !$0.errorReference.isEmpty }.map { flow in
                    ErrorFlow(
                        id: SitePaths.anchor(flow.id), title: flow.title,
                        platforms: Platform.known.compactMap { errors(of: flow, on: $0) })
                }))
    }

    private func errors(of flow: FlowRun, on platform: Platform) -> ErrorPlatform? {
        let entries = flow.errorReference.filter { $0.platform == platform }
        guard !entries.isEmpty else { return nil }
        let id = SitePaths.errorsAnchor(flow: flow.id, platform: platform.rawValue)
        return ErrorPlatform(
            id: id, name: "\(platform.displayName): \(platform.errorType)",
            caption: "\(entries.count) native results on \(platform.displayName)",
            entries: entries.enumerated().map { index, entry in
                ErrorEntry(
                    anchor: SitePaths.errorAnchor(flow: flow.id, platform: platform.rawValue, position: index + 1),
                    name: entry.name, code: entry.code, message: entry.message,
                    outcome: entry.outcome,
                    leads: [entry.automaticFirst, entry.automaticRepeated, entry.explicit].map(lead),
                    source: entry.fact.map { fact in
                        ErrorSource(
                            title: fact.source.title, url: fact.source.url, quote: fact.source.quote,
                            checked: fact.source.checked,
                            requests: fact.requests.map(\.phrase).joined(separator: ", "), defensive: fact.defensive,
                            conclusion: fact.conclusion)
                    })
            })
    }

    /// The scenario `target`, linked; nil is a route the platform does not have, which the
    /// template says in words.
    private func lead(_ target: String?) -> ErrorLead {
        guard let target else { return ErrorLead(label: nil, href: nil, noAutomaticPrompt: true) }
        guard let link = scenarioLinks[target] else {
            return ErrorLead(label: target, href: nil, noAutomaticPrompt: false)
        }
        return ErrorLead(label: link.title, href: link.href, noAutomaticPrompt: false)
    }

    func steps(page: String) -> SitePage<StepsPage> {
        let groups: [(StepKind, String)] = [
            (.setup, "Set up the world (Given)"), (.action, "What the user and the OS do (When)"),
            (.outcome, "What must be true (Then)"),
        ]
        return SitePage(
            layout: layout(page: page, title: "Steps"),
            content: StepsPage(
                flows: report.flows.map { flow in
                    StepFlow(
                        id: SitePaths.anchor(flow.id), title: flow.title, summary: flow.summary,
                        groups: groups.map { kind, title in
                            StepGroup(
                                id: SitePaths.stepsAnchor(flow: flow.id, kind: kind.rawValue), title: title,
                                steps: flow.steps.filter { $0.kind == kind }.map(Self.step))
                        })
                }))
    }

    private static func step(_ step: StepPattern) -> StepEntry {
        StepEntry(
            pattern: step.display, summary: step.summary,
            parameters: step.parameters.map { parameter in
                StepParameterView(
                    name: parameter.name,
                    values: parameter.values?.joined(separator: ", ")
                        ?? (parameter.isNumber ? "a whole number" : "any name"))
            })
    }

    func decisions(page: String) -> SitePage<DecisionsPage> {
        SitePage(
            layout: layout(page: page, title: "Engine decisions"),
            content: DecisionsPage(
                flows: report.flows.filter { !$0.decisions.isEmpty }.map { flow in
                    DecisionFlow(
                        id: SitePaths.anchor(flow.id), title: flow.title,
                        decisions: flow.decisions.map { decision in
                            DecisionView(
                                id: decision.id, anchor: SitePaths.decisionAnchor(decision.id),
                                question: decision.question, choice: decision.choice, reason: decision.reason,
                                criterion: decision.criterion,
                                href: decision.criterion.flatMap { criterionLinks[$0] } ?? "")
                        })
                }))
    }

    // MARK: - Changes

    /// Where the Changes page is.
    static let changesPage = "changes.html"

    /// A criterion's IDs name their spec, so the criterion's alone is unique on the page.
    static func rewordedAnchor(criterion: String) -> String { "reworded-\(SitePaths.anchor(criterion))" }

    func changesPage(page: String) -> SitePage<ChangesPage> {
        let reworded = changes.reworded.map { change in
            RewordedCriterionView(
                id: change.id, anchor: Self.rewordedAnchor(criterion: change.id),
                href: link(spec: change.spec, to: .criterion(change.id)),
                fields: SpecChanges.wording(of: change).map { label, text in
                    WordingChangeView(label: label, old: text.old ?? "", new: text.new ?? "")
                })
        }
        let groups = changes.groups.map { group in
            ChangeGroupView(
                id: "changed-\(group.id)", title: group.title,
                rows: group.rows.map { row in
                    let quote = { (text: String) in group.quoted ? "“\(text)”" : text }
                    return ChangeRowView(
                        id: row.id, anchor: "change-\(group.id)-\(SitePaths.anchor(row.id))",
                        href: link(spec: row.spec, to: row.target), change: row.change, old: row.old.map(quote),
                        new: row.new.map(quote))
                })
        }
        return SitePage(
            layout: layout(page: page, title: "Changes"),
            content: ChangesPage(
                earlier: changes.earlier?.description,
                unavailable: changes.earlier == nil ? changes.unavailable ?? "there is nothing to compare with" : nil,
                unchanged: changes.earlier != nil && changes.isEmpty,
                summary: changes.summary.prefix(1).uppercased() + changes.summary.dropFirst(),
                rewordedTitle: reworded.isEmpty
                    ? nil : reworded.count == 1 ? "Criterion reworded" : "Criteria reworded",
                reworded: reworded, groups: groups))
    }

    /// Where a change's subject is in the site, while the content has it.
    private func link(spec: String, to target: SpecChanges.Target) -> String? {
        guard let page = content.specs.first(where: { $0.id == spec }).map({ SitePaths.html(forMarkdown: $0.path) })
        else { return nil }
        switch target {
        case .spec: return page
        case .scenario(let id): return "\(page)#\(SitePaths.scenarioAnchor(id))"
        case .criterion(let id): return criterionLinks[id]
        case .check(let id): return "\(page)#\(SitePaths.checkAnchor(id))"
        case .none: return nil
        }
    }

    // MARK: - Plain pages

    func page(_ page: Page, path: String) -> SitePage<ContentPage> {
        SitePage(
            layout: layout(page: path, title: page.title),
            content: ContentPage(body: ProseHTML.body(of: page)))
    }
}
