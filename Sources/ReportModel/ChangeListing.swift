/// The changes as the formats list them: after the reworded criteria, one group per kind of
/// change, each a list of rows by stable ID with the value before and after.
extension SpecChanges {
    /// What a row's ID points at in the later version, for a link; `none` for what is gone.
    public enum Target: Sendable, Equatable {
        case spec
        case scenario(String)
        case criterion(String)
        case check(String)
        case none
    }

    /// One change: its stable ID, what happened, and the value before and after (nil where
    /// there is none).
    public struct Row: Sendable, Equatable {
        public var id: String
        public var change: String
        public var old: String?
        public var new: String?
        /// The spec it belongs to.
        public var spec: String
        public var target: Target
    }

    /// One kind of change.
    public struct Group: Sendable, Equatable {
        /// A stable name, e.g. `copy`, `verdicts`.
        public var id: String
        public var title: String
        /// Whether the values are words on screen (shown in quotes), not names or verdicts.
        public var quoted: Bool
        public var rows: [Row]
    }

    /// Every kind of change that has any, in the order the formats show them: specs,
    /// scenarios, criteria added or removed, copy, triggers, checks, verdicts. Reworded
    /// criteria are not here: every format shows them first, on their own.
    public var groups: [Group] {
        func removed(_ change: ChangeKind) -> Bool { change == .removed }
        func sides(_ change: ChangeKind, _ text: String) -> (String?, String?) {
            removed(change) ? (text, nil) : (nil, text)
        }
        let all = [
            Group(
                id: "specs", title: "Specs", quoted: false,
                rows: specs.map { change in
                    let (old, new) = sides(change.change, "\(change.title) (\(change.path))")
                    return Row(
                        id: change.id, change: change.change.rawValue, old: old, new: new, spec: change.id,
                        target: removed(change.change) ? .none : .spec)
                }),
            Group(
                id: "scenarios", title: "Scenarios", quoted: false,
                rows: scenarios.map { change in
                    let (old, new) = sides(change.change, change.title)
                    return Row(
                        id: "\(change.spec) \(change.id)", change: change.change.rawValue, old: old, new: new,
                        spec: change.spec, target: removed(change.change) ? .none : .scenario(change.id))
                }),
            Group(
                id: "criteria", title: "Criteria added or removed", quoted: false,
                rows: criteria.filter { $0.change != .reworded }.map { change in
                    Row(
                        id: change.id, change: change.change.rawValue, old: change.statement?.old,
                        new: change.statement?.new, spec: change.spec,
                        target: removed(change.change) ? .none : .criterion(change.id))
                }),
            Group(
                id: "copy", title: "Copy strings", quoted: true,
                rows: copy.map { change in
                    Row(
                        id: change.id, change: change.change.rawValue, old: change.old, new: change.new,
                        spec: change.spec, target: .scenario(change.scenario))
                }),
            Group(
                id: "triggers", title: "Triggers", quoted: false,
                rows: triggers.map { change in
                    Row(
                        id: change.id, change: "changed", old: change.old, new: change.new, spec: change.spec,
                        target: .scenario(change.scenario))
                }),
            Group(
                id: "checks", title: "Checks", quoted: false,
                rows: checks.map { change in
                    var (old, new) = sides(change.change, change.name)
                    if let steps = change.steps {
                        // A changed check: the steps it lost and the steps it gained.
                        (old, new) = (
                            steps.removed.isEmpty ? nil : steps.removed.joined(separator: "; "),
                            steps.added.isEmpty ? nil : steps.added.joined(separator: "; ")
                        )
                    }
                    return Row(
                        id: change.id, change: change.change.rawValue, old: old, new: new, spec: change.spec,
                        target: removed(change.change) ? .none : .check(change.id))
                }),
            Group(
                id: "verdicts", title: "Verdicts", quoted: false,
                rows: verdicts.map { change in
                    Row(
                        id: "\(change.spec) \(change.kind.rawValue) \(change.id) \(change.platform)",
                        change: "\(change.old) → \(change.new)", old: change.old, new: change.new, spec: change.spec,
                        target: change.kind == .check
                            ? .check(change.id)
                            : change.kind == .criterion ? .criterion(change.id) : .scenario(change.id))
                }),
        ]
        return all.filter { !$0.rows.isEmpty }
    }

    /// `4 changes: 1 criterion reworded, 2 copy strings, 1 check`; `no changes`.
    public var summary: String {
        isEmpty ? total : "\(total): \(breakdown)"
    }

    /// `4 changes`, `1 change`, `no changes`.
    public var total: String {
        count == 0 ? "no changes" : count == 1 ? "1 change" : "\(count) changes"
    }

    /// `1 criterion reworded, 2 copy strings, 1 check`: how many of each kind.
    public var breakdown: String {
        let parts: [(Int, String, String)] = [
            (reworded.count, "criterion reworded", "criteria reworded"), (specs.count, "spec", "specs"),
            (scenarios.count, "scenario", "scenarios"),
            (criteria.count - reworded.count, "criterion added or removed", "criteria added or removed"),
            (copy.count, "copy string", "copy strings"), (triggers.count, "trigger", "triggers"),
            (checks.count, "check", "checks"), (verdicts.count, "verdict", "verdicts"),
        ]
        return parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }.joined(separator: ", ")
    }

    /// The texts of a reworded criterion that changed, labelled as the criteria table's columns.
    public static func wording(of change: CriterionChange) -> [(label: String, change: TextChange)] {
        [
            ("Acceptance criterion", change.statement), ("How to verify", change.howToVerify),
            ("Level", change.level),
        ].compactMap { label, text in text.map { (label, $0) } }
    }
}

extension Baseline: CustomStringConvertible {
    /// `revision HEAD~1 (1a2b3c4d5e6f)`, `the site in old-site`.
    public var description: String {
        switch kind {
        case .site: "the site in \(name ?? "another folder")"
        case .revision:
            "revision \(name ?? "")"
                + (commit.map { $0.prefix(12) }.flatMap { $0 == name ?? "" ? nil : " (\($0))" } ?? "")
        }
    }
}
