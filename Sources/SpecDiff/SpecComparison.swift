import ReportModel
import SpecModel

/// One side of a comparison: a model and the run made from it.
public struct Version: Sendable {
    public var content: ContentSet
    public var report: RunReport

    public init(content: ContentSet, report: RunReport) {
        self.content = content
        self.report = report
    }
}

extension SpecChanges {
    /// Everything that changed from `earlier` to `later`, matched by stable IDs only (never by
    /// heading or position). Lists follow the later version's order, with what it no longer
    /// has after what it has, in the earlier version's order. What belongs to a spec or a
    /// scenario added or removed is not listed again on its own.
    public static func compare(_ earlier: Version, _ later: Version, baseline: Baseline) -> SpecChanges {
        var changes = SpecChanges(earlier: baseline)
        for pair in matched(earlier.content.specs, later.content.specs, by: \.id) {
            switch (pair.old, pair.new) {
            case (let old?, let new?):
                changes.add(
                    old, new, oldRun: earlier.report.specs.first { $0.id == old.id },
                    newRun: later.report.specs.first { $0.id == new.id })
            case (let old?, nil):
                changes.specs.append(SpecChange(change: .removed, id: old.id, title: old.title, path: old.path))
            case (nil, let new?):
                changes.specs.append(SpecChange(change: .added, id: new.id, title: new.title, path: new.path))
            case (nil, nil):
                break
            }
        }
        changes.rewordedCriteria = changes.reworded.map(\.id)
        return changes
    }

    /// The changes within a spec that both versions have.
    private mutating func add(_ old: Spec, _ new: Spec, oldRun: SpecRun?, newRun: SpecRun?) {
        let spec = new.id
        for pair in matched(old.scenarios, new.scenarios, by: \.id) {
            switch (pair.old, pair.new) {
            case (let before?, let after?): addCopy(of: before, after, spec: spec)
            case (let before?, nil):
                scenarios.append(ScenarioChange(change: .removed, spec: spec, id: before.id, title: before.title))
            case (nil, let after?):
                scenarios.append(ScenarioChange(change: .added, spec: spec, id: after.id, title: after.title))
            case (nil, nil): break
            }
        }
        for pair in matched(old.criteria, new.criteria, by: \.id) {
            switch (pair.old, pair.new) {
            case (let before?, let after?):
                func text(_ path: KeyPath<Criterion, String>) -> TextChange? {
                    before[keyPath: path] == after[keyPath: path]
                        ? nil : TextChange(old: before[keyPath: path], new: after[keyPath: path])
                }
                let (level, statement, howToVerify) = (text(\.level), text(\.statement), text(\.howToVerify))
                if level != nil || statement != nil || howToVerify != nil {
                    criteria.append(
                        CriterionChange(
                            change: .reworded, spec: spec, id: after.id.description, level: level,
                            statement: statement, howToVerify: howToVerify))
                }
            case (let before?, nil):
                criteria.append(
                    CriterionChange(
                        change: .removed, spec: spec, id: before.id.description,
                        level: TextChange(old: before.level, new: nil),
                        statement: TextChange(old: before.statement, new: nil),
                        howToVerify: TextChange(old: before.howToVerify, new: nil)))
            case (nil, let after?):
                criteria.append(
                    CriterionChange(
                        change: .added, spec: spec, id: after.id.description,
                        level: TextChange(old: nil, new: after.level),
                        statement: TextChange(old: nil, new: after.statement),
                        howToVerify: TextChange(old: nil, new: after.howToVerify)))
            case (nil, nil): break
            }
        }
        for pair in matched(old.checks, new.checks, by: \.id) {
            switch (pair.old, pair.new) {
            case (let before?, nil): checks.append(Self.check(.removed, before, spec: spec))
            case (nil, let after?): checks.append(Self.check(.added, after, spec: spec))
            case (let before?, let after?):
                if let steps = Self.steps(before, after) {
                    var change = Self.check(.changed, after, spec: spec)
                    change.steps = steps
                    checks.append(change)
                }
            case (nil, nil): break
            }
        }
        if let oldRun, let newRun { addVerdicts(oldRun, newRun) }
    }

    /// The steps only one of two versions of a check has, each once per time it is missing
    /// from the other; nil when both have the same steps in the same order.
    private static func steps(_ old: Check, _ new: Check) -> StepsChange? {
        let before = old.steps.map { "\($0.keyword.rawValue) \($0.text)" }
        let after = new.steps.map { "\($0.keyword.rawValue) \($0.text)" }
        guard before != after else { return nil }
        func missing(_ lines: [String], from other: [String]) -> [String] {
            var left = Dictionary(other.map { ($0, 1) }, uniquingKeysWith: +)
            return lines.filter { line in
                guard let count = left[line], count > 0 else { return true }
                left[line] = count - 1
                return false
            }
        }
        // Steps only moved around: both lists are listed whole.
        let removed = missing(before, from: after)
        let added = missing(after, from: before)
        return removed.isEmpty && added.isEmpty
            ? StepsChange(removed: before, added: after) : StepsChange(removed: removed, added: added)
    }

    private static func check(_ change: ChangeKind, _ check: Check, spec: String) -> CheckChange {
        CheckChange(
            change: change, spec: spec, id: check.id, name: check.name, criterion: check.criterion?.description,
            scenario: check.scenario)
    }

    /// The copy strings and triggers of a scenario both versions have, platform by platform.
    private mutating func addCopy(of old: Scenario, _ new: Scenario, spec: String) {
        for pair in matched(old.copy, new.copy, by: \.platform.rawValue) {
            let platform = (pair.new ?? pair.old)!.platform.rawValue
            if pair.old?.trigger.text != pair.new?.trigger.text {
                triggers.append(
                    TriggerChange(
                        spec: spec, scenario: new.id, platform: platform, old: pair.old?.trigger.text,
                        new: pair.new?.trigger.text))
            }
            let before = pair.old.map(Self.entries) ?? []
            let after = pair.new.map(Self.entries) ?? []
            for entry in matched(before, after, by: \.id) {
                let (oldText, newText) = (entry.old?.entry.text, entry.new?.entry.text)
                guard oldText != newText, let part = entry.new ?? entry.old else { continue }
                let change: ChangeKind = oldText == nil ? .added : newText == nil ? .removed : .reworded
                copy.append(
                    CopyChange(
                        change: change, spec: spec, scenario: new.id, platform: platform, part: part.part,
                        action: part.action, key: part.entry.key, old: oldText, new: newText))
            }
        }
    }

    /// A platform's copy entries by part: presentation, title, message, then each action.
    private static func entries(_ copy: PlatformCopy) -> [(id: String, part: String, action: String?, entry: CopyEntry)]
    {
        var entries: [(id: String, part: String, action: String?, entry: CopyEntry)] = []
        if let presentation = copy.presentation { entries.append(("presentation", "presentation", nil, presentation)) }
        entries.append(("title", "title", nil, copy.title))
        entries.append(("message", "message", nil, copy.message))
        for action in copy.actions { entries.append(("action \(action.id)", "action", action.id, action.label)) }
        return entries
    }

    /// Verdicts of the checks, criteria and scenarios both runs have, on the platforms both ran.
    private mutating func addVerdicts(_ old: SpecRun, _ new: SpecRun) {
        let spec = new.id
        for pair in matched(old.checks, new.checks, by: \.id) {
            guard let before = pair.old, let after = pair.new else { continue }
            for platforms in matched(before.platforms, after.platforms, by: \.platform.rawValue) {
                guard let was = platforms.old, let now = platforms.new, was.status != now.status else { continue }
                verdicts.append(
                    VerdictChange(
                        spec: spec, kind: .check, id: after.id, platform: now.platform.rawValue,
                        old: was.status.rawValue, new: now.status.rawValue))
            }
        }
        func statuses(_ kind: VerdictChange.Subject, _ id: String, _ old: [PlatformStatus], _ new: [PlatformStatus]) {
            for platforms in matched(old, new, by: \.platform.rawValue) {
                guard let was = platforms.old, let now = platforms.new, was.passed != now.passed else { continue }
                verdicts.append(
                    VerdictChange(
                        spec: spec, kind: kind, id: id, platform: now.platform.rawValue, old: Self.verdict(was.passed),
                        new: Self.verdict(now.passed)))
            }
        }
        for pair in matched(old.criteria, new.criteria, by: \.id) {
            guard let before = pair.old, let after = pair.new else { continue }
            statuses(.criterion, after.id, before.platforms, after.platforms)
        }
        for pair in matched(old.scenarios, new.scenarios, by: \.id) {
            guard let before = pair.old, let after = pair.new else { continue }
            statuses(.scenario, after.id, before.platforms, after.platforms)
        }
    }

    private static func verdict(_ passed: Bool) -> String { passed ? "passed" : "failed" }
}

/// The items of two lists paired by key: the later list's order, then what only the earlier
/// list has, in its order.
private func matched<Item, Key: Hashable>(
    _ old: [Item], _ new: [Item], by key: (Item) -> Key
) -> [(old: Item?, new: Item?)] {
    var earlier: [Key: Item] = [:]
    for item in old where earlier[key(item)] == nil { earlier[key(item)] = item }
    var seen = Set<Key>()
    var pairs: [(old: Item?, new: Item?)] = []
    for item in new where seen.insert(key(item)).inserted { pairs.append((earlier[key(item)], item)) }
    for item in old where seen.insert(key(item)).inserted { pairs.append((item, nil)) }
    return pairs
}
