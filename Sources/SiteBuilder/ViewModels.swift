import Mustache
import SpecModel
import SpecRunner

typealias Value = MustacheValue

/// Builds the data each page template renders, from the model and the run report only.
struct ViewModels {
    let content: ContentSet
    let report: RunReport
    /// Where each scenario and criterion lives: spec page plus anchor, from the site root.
    private let scenarioLinks: [String: (href: String, title: String)]
    private let criterionLinks: [String: String]

    init(content: ContentSet, report: RunReport) {
        self.content = content
        self.report = report
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
    }

    // MARK: - Common

    /// Data every page has: the way back to the root and the navigation.
    func common(page: String, title: String) -> [String: Value] {
        var items: [(String, String)] = [("index.html", "Home")]
        items += content.specs.map { (SitePaths.html(forMarkdown: $0.path), $0.title) }
        items += [
            ("copy.html", "Copy index"), ("errors.html", "Platform errors"), ("steps.html", "Steps"),
            ("decisions.html", "Decisions"),
        ]
        items += content.pages.filter { $0.id != "home" }.map { (SitePaths.html(forMarkdown: $0.path), $0.title) }
        return [
            "root": .string(SitePaths.root(of: page)),
            "title": .string(title),
            "version": .string(SiteBuilder.version),
            "nav": .array(
                items.map { href, label in
                    ["href": .string(href), "label": .string(label), "current": .bool(href == page)]
                }),
        ]
    }

    static func badge(_ label: String, passed: Bool) -> Value {
        [
            "state": .string(passed ? "pass" : "fail"), "label": .string(label),
            "value": .string(passed ? "passing" : "failing"),
        ]
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

    func home(page: String) -> [String: Value] {
        let home = content.pages.first { $0.id == "home" }
        var data = common(page: page, title: home?.title ?? "Specs")
        data["body"] = .string(MarkdownHTML.render(home?.body ?? []))
        data["badges"] = .array(
            report.specs.flatMap { spec in
                [("badges/\(spec.id).svg", spec.id, spec.passed)]
                    + spec.criteria.map { ("badges/\($0.id).svg", $0.id, $0.passed) }
            }.map { href, label, passed in
                ["href": .string(href), "label": .string(label), "value": .string(passed ? "passing" : "failing")]
            })
        data["specs"] = .array(
            content.specs.map { spec in
                let run = run(of: spec)
                let checkRuns = run?.checks.flatMap(\.platforms) ?? []
                return [
                    "id": .string(spec.id), "title": .string(spec.title),
                    "href": .string(SitePaths.html(forMarkdown: spec.path)),
                    "badges": .array(badges(spec, run)),
                    "criteriaCount": .string(String(spec.criteria.count)),
                    "criteriaPassing": .string(String(run?.criteria.filter(\.passed).count ?? 0)),
                    "checkRuns": .string(String(checkRuns.count)),
                    "checksPassing": .string(String(checkRuns.filter { $0.status == .passed }.count)),
                    "scenarioCount": .string(String(spec.scenarios.count)),
                    "platforms": .string(spec.platforms.map(\.displayName).joined(separator: " and ")),
                ]
            })
        return data
    }

    private func badges(_ spec: Spec, _ run: SpecRun?) -> [Value] {
        [Self.badge("spec", passed: run?.passed ?? false)]
            + spec.platforms.map { Self.badge($0.displayName, passed: passed(run, on: $0)) }
    }

    // MARK: - Spec page

    func spec(_ spec: Spec, page: String) -> [String: Value] {
        var data = common(page: page, title: spec.title)
        let run = run(of: spec)
        var header: [String: Value] = [
            "id": .string(spec.id), "title": .string(spec.title), "path": .string(spec.path),
            "badges": .array(badges(spec, run)), "introduction": .string(MarkdownHTML.render(spec.introduction)),
        ]
        if let benchmark = spec.benchmark {
            header["benchmark"] = ["level": .string(benchmark.level), "userReach": .string(benchmark.userReach)]
        }
        data["spec"] = .object(header)
        let checkViews = Dictionary(uniqueKeysWithValues: (run?.checks ?? []).map { ($0.id, check($0, spec: spec)) })
        data["sections"] = .array(spec.sections.map { section(spec, $0, run: run, checks: checkViews) })
        data["matrix"] = matrix(spec, run: run)
        return data
    }

    private func section(_ spec: Spec, _ section: Section, run: SpecRun?, checks: [String: Value]) -> Value {
        var data: [String: Value] = [
            "id": .string(SitePaths.anchor(section.id)), "title": .string(section.title),
            "introduction": .string(MarkdownHTML.render(section.introduction)),
        ]
        data["scenarios"] = .array(section.scenarios.map { scenario($0, spec: spec, run: run, checks: checks) })
        if section.kind == .criteria {
            data["criteria"] = .array(spec.criteria.map { criterion($0, spec: spec, run: run, checks: checks) })
            let exploration = report.exploration
            data["exploration"] = [
                "states": .string(Self.number(exploration.states)),
                "transitions": .string(Self.number(exploration.transitions)),
                "runs": .string(Self.number(exploration.runs)), "worlds": .string(Self.number(exploration.runs / 8)),
                "coverage": .string(
                    exploration.complete
                        ? "the whole reachable space (every run ran out of new states by depth \(exploration.deepestLevel))"
                        : "cut short at depth \(exploration.depthLimit)"),
            ]
            data["generalInvariants"] = .array(report.generalInvariants.map(Self.invariant))
        }
        if section.kind == .references {
            data["references"] = .array(
                spec.references.map { reference in
                    [
                        "title": .string(reference.title), "url": .string(reference.url),
                        "summary": .string(reference.summary),
                        "criteria": .array(
                            reference.criteria.map {
                                [
                                    "id": .string($0.description),
                                    "anchor": .string(SitePaths.criterionAnchor($0.description)),
                                ]
                            }),
                    ]
                })
        }
        return .object(data)
    }

    private func scenario(_ scenario: Scenario, spec: Spec, run: SpecRun?, checks: [String: Value]) -> Value {
        let scenarioRun = run?.scenarios.first { $0.id == scenario.id }
        let exercising = (run?.checks ?? []).filter { check in scenarioRun?.exercisedBy.contains(check.id) ?? false }
        let own = spec.checks.filter { $0.scenario == scenario.id }.compactMap { checks[$0.id] }
        return [
            "id": .string(scenario.id), "anchor": .string(SitePaths.scenarioAnchor(scenario.id)),
            "title": .string(scenario.title),
            "summary": .string(MarkdownHTML.render(scenario.summary)),
            "badges": .array(
                spec.platforms.map { platform in
                    Self.badge(
                        platform.displayName,
                        passed: scenarioRun?.platforms.first { $0.platform == platform }?.passed ?? false)
                }),
            "platforms": .array(scenario.copy.map { ["name": .string($0.platform.displayName)] }),
            "rows": .array(copyRows(scenario)),
            "exercisedBy": .array(
                exercising.enumerated().map { index, check in
                    [
                        "anchor": .string(SitePaths.checkAnchor(check.id)), "name": .string(check.name),
                        "last": .bool(index == exercising.count - 1),
                    ]
                }),
            "checks": .array(own),
        ]
    }

    /// Trigger, presentation, title, message and each action, one cell per platform.
    private func copyRows(_ scenario: Scenario) -> [Value] {
        var parts: [CopyPart] = [.trigger]
        if scenario.copy.contains(where: { $0.presentation != nil }) { parts.append(.presentation) }
        parts += [.title, .message]
        for copy in scenario.copy {
            for action in copy.actions where !parts.contains(.action(action.id)) { parts.append(.action(action.id)) }
        }
        return parts.map { part in
            var label = part.label
            var actionID: Value = .null
            if case .action(let id) = part {
                label = "Action"
                actionID = .string(id)
            }
            let cells: [Value] = scenario.copy.map { copy in
                let anchor = SitePaths.copyAnchor("\(scenario.id).\(part.keySegment)") + "-" + copy.platform.rawValue
                if part == .trigger {
                    return ["anchor": .string(anchor), "none": false, "html": .string(Self.triggerHTML(copy.trigger))]
                }
                let entry: CopyEntry?
                switch part {
                case .presentation: entry = copy.presentation
                case .title: entry = copy.title
                case .message: entry = copy.message
                case .action(let id): entry = copy.actions.first { $0.id == id }?.label
                case .trigger: entry = nil
                }
                guard let entry, let text = entry.text else {
                    return ["anchor": .string(anchor), "none": true, "note": entry?.note.map { .string($0) } ?? .null]
                }
                return ["anchor": .string(anchor), "none": false, "text": .string(text), "signals": .array([])]
            }
            return ["label": .string(label), "actionID": actionID, "cells": .array(cells)]
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

    private func criterion(_ criterion: Criterion, spec: Spec, run: SpecRun?, checks: [String: Value]) -> Value {
        let id = criterion.id.description
        let criterionRun = run?.criteria.first { $0.id == id }
        return [
            "id": .string(id), "anchor": .string(SitePaths.criterionAnchor(id)), "level": .string(criterion.level),
            "statement": .string(criterion.statement), "howToVerify": .string(criterion.howToVerify),
            "notes": .string(MarkdownHTML.render(criterion.notes)),
            "badges": .array(
                spec.platforms.map { platform in
                    Self.badge(
                        platform.displayName,
                        passed: criterionRun?.platforms.first { $0.platform == platform }?.passed ?? false)
                }),
            "invariants": .array((criterionRun?.invariants ?? []).map(Self.invariant)),
            "checks": .array((criterionRun?.checks ?? []).compactMap { checks[$0] }),
        ]
    }

    static func invariant(_ invariant: InvariantRun) -> Value {
        [
            "id": .string(invariant.id), "statement": .string(invariant.statement),
            "transitionsChecked": .string(Self.number(invariant.transitionsChecked)),
            "holds": .bool(invariant.violations == 0),
            "violations": .string(Self.number(invariant.violations)),
            "counterexample": .array((invariant.counterexample ?? []).map { .string($0) }),
        ]
    }

    private func check(_ check: CheckRun, spec: Spec) -> Value {
        let platforms = check.platforms
        let steps: [Value] = (platforms.first?.steps ?? []).indices.map { index in
            let step = platforms[0].steps[index]
            return [
                "keyword": .string(step.keyword), "text": .string(step.text),
                "results": .array(
                    platforms.map { platform in
                        let result = platform.steps[index]
                        return [
                            "status": .string(result.status.rawValue),
                            "statusLabel": .string(Self.statusLabel(result.status)),
                            "native": .array(result.native.map { .string($0) }),
                            "expected": result.expected.map { .string($0) } ?? .null,
                            "observed": .string(result.observed ?? ""),
                        ]
                    }),
            ]
        }
        var seen = Set<String>()
        let scenarios = platforms.flatMap(\.scenarios).filter { seen.insert($0).inserted }
        return [
            "id": .string(check.id), "anchor": .string(SitePaths.checkAnchor(check.id)), "name": .string(check.name),
            "location": .string("\(spec.path):\(check.location.line)"),
            "platforms": .array(
                platforms.map { run in
                    var badge = Self.badge(run.platform.displayName, passed: run.status == .passed)
                    if run.status == .undefined, case .object(var fields) = badge {
                        fields["state"] = "skip"
                        fields["value"] = "undefined"
                        badge = .object(fields)
                    }
                    return badge
                }),
            "platformNames": .array(platforms.map { .string($0.platform.displayName) }),
            "scenarios": .array(
                scenarios.map { ["id": .string($0), "href": .string("#\(SitePaths.scenarioAnchor($0))")] }),
            "steps": .array(steps),
        ]
    }

    static func statusLabel(_ status: RunStatus) -> String {
        switch status {
        case .passed: "Passed"
        case .failed: "Failed"
        case .skipped: "Skipped"
        case .undefined: "Undefined"
        }
    }

    private func matrix(_ spec: Spec, run: SpecRun?) -> Value {
        let columns: [Value] = spec.scenarios.map {
            ["id": .string($0.id), "anchor": .string(SitePaths.scenarioAnchor($0.id))]
        }
        let rows: [Value] = spec.criteria.map { criterion in
            let id = criterion.id.description
            let checks = (run?.checks ?? []).filter { $0.criterion == id }
            return [
                "id": .string(id), "anchor": .string(SitePaths.criterionAnchor(id)),
                "cells": .array(
                    spec.scenarios.map { scenario in
                        let hits = checks.filter { check in
                            check.platforms.contains { $0.scenarios.contains(scenario.id) }
                        }
                        return [
                            "hit": .bool(!hits.isEmpty), "title": .string(hits.map(\.name).joined(separator: "; ")),
                        ]
                    }),
            ]
        }
        return ["columns": .array(columns), "rows": .array(rows)]
    }

    // MARK: - Copy index

    func copyIndex(page: String) -> [String: Value] {
        var data = common(page: page, title: "Copy index")
        let platforms = Platform.allCases.filter { platform in
            content.specs.contains { $0.platforms.contains(platform) }
        }
        var entries: [Value] = []
        for spec in content.specs {
            let href = SitePaths.html(forMarkdown: spec.path)
            for scenario in spec.scenarios {
                var keys: [String] = []
                for copy in scenario.copy {
                    for entry in copy.strings where !keys.contains(entry.key) { keys.append(entry.key) }
                }
                for key in keys {
                    let cells: [Value] = platforms.map { platform in
                        let entry = scenario.copy(for: platform)?.strings.first { $0.key == key }
                        guard let text = entry?.text else { return ["none": true] }
                        return ["none": false, "text": .string(text)]
                    }
                    entries.append([
                        "key": .string(key), "anchor": .string(SitePaths.copyAnchor(key)),
                        "scenarioHref": .string("\(href)#\(SitePaths.scenarioAnchor(scenario.id))"),
                        "scenarioTitle": .string(scenario.title), "cells": .array(cells),
                    ])
                }
            }
        }
        data["entries"] = .array(entries)
        data["count"] = .string(String(entries.count))
        data["platformNames"] = .array(platforms.map { .string($0.displayName) })
        return data
    }

    // MARK: - Platform errors, steps, decisions

    func errors(page: String) -> [String: Value] {
        var data = common(page: page, title: "Platform errors")
        let platforms: [Platform] = [.ios, .android].filter { platform in
            report.errorReference.contains { $0.platform == platform }
        }
        data["platforms"] = .array(
            platforms.map { platform in
                let entries = report.errorReference.filter { $0.platform == platform }
                return [
                    "id": .string(platform.rawValue),
                    "name": .string(
                        platform == .ios ? "iOS: ASAuthorizationError.Code" : "Android: GetCredentialException"),
                    "caption": .string("\(entries.count) native results on \(platform.displayName)"),
                    "entries": .array(
                        entries.enumerated().map { index, entry in
                            [
                                "anchor": .string("\(platform.rawValue)-\(index + 1)"), "name": .string(entry.name),
                                "code": .string(entry.code), "message": entry.message.map { .string($0) } ?? .null,
                                "outcome": .string(entry.outcome),
                                "leads": .array(
                                    [entry.automaticFirst, entry.automaticRepeated, entry.explicit].map(lead)),
                            ]
                        }),
                ]
            })
        return data
    }

    private func lead(_ target: String) -> Value {
        guard let link = scenarioLinks[target] else { return ["label": .string(target), "href": .null] }
        return ["label": .string(link.title), "href": .string(link.href)]
    }

    func steps(page: String) -> [String: Value] {
        var data = common(page: page, title: "Steps")
        let groups: [(String, String)] = [
            ("setup", "Set up the world (Given)"), ("action", "What the user and the OS do (When)"),
            ("outcome", "What must be true (Then)"),
        ]
        data["groups"] = .array(
            groups.map { kind, title in
                [
                    "id": .string(kind), "title": .string(title),
                    "steps": .array(
                        report.steps.filter { $0.kind == kind }.map { step in
                            [
                                "pattern": .string(step.pattern), "summary": .string(step.summary),
                                "parameters": .array(
                                    step.parameters.map { parameter in
                                        [
                                            "name": .string(parameter.name),
                                            "values": .string(
                                                parameter.values.isEmpty
                                                    ? (parameter.name == "count" ? "a whole number" : "any name")
                                                    : parameter.values.joined(separator: ", ")),
                                        ]
                                    }),
                            ]
                        }),
                ]
            })
        return data
    }

    func decisions(page: String) -> [String: Value] {
        var data = common(page: page, title: "Engine decisions")
        data["decisions"] = .array(
            report.decisions.map { decision in
                [
                    "id": .string(decision.id), "anchor": .string("decision-\(SitePaths.anchor(decision.id))"),
                    "question": .string(decision.question), "choice": .string(decision.choice),
                    "reason": .string(decision.reason),
                    "criterion": decision.criterion.map { .string($0) } ?? .null,
                    "href": .string(decision.criterion.flatMap { criterionLinks[$0] } ?? ""),
                ]
            })
        return data
    }

    // MARK: - Plain pages

    func page(_ page: Page, path: String) -> [String: Value] {
        var data = common(page: path, title: page.title)
        data["body"] = .string(MarkdownHTML.render(page.body))
        return data
    }
}
