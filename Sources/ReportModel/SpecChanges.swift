import Foundation
import SpecModel
import Utilities

/// What changed between two versions of the content and their runs, by stable ID: specs
/// and scenarios added or removed, criteria reworded, copy strings added, removed or
/// reworded, triggers changed, checks added or removed, and verdicts that changed.
///
/// Its JSON (`diff --format json`, `exports/changes.json`) is written with sorted keys; every
/// key of every entry is always present, `null` where a value does not apply.
public struct SpecChanges: Codable, Sendable, Equatable {
    /// Bumped whenever the JSON shape changes in a way readers must notice.
    public static let schemaVersion = 2

    public var schemaVersion = SpecChanges.schemaVersion
    /// What the changes are measured from; nil when there was nothing to compare with.
    public var earlier: Baseline?
    /// Why there was nothing to compare with (the content is not in a git repository, ...);
    /// nil when there was.
    public var unavailable: String?
    /// The IDs of the criteria whose wording changed, the first thing a reviewer must see.
    public var rewordedCriteria: [String]
    public var specs: [SpecChange]
    public var scenarios: [ScenarioChange]
    public var criteria: [CriterionChange]
    public var copy: [CopyChange]
    public var triggers: [TriggerChange]
    public var checks: [CheckChange]
    public var verdicts: [VerdictChange]

    public init(
        earlier: Baseline?, specs: [SpecChange] = [], scenarios: [ScenarioChange] = [],
        criteria: [CriterionChange] = [], copy: [CopyChange] = [], triggers: [TriggerChange] = [],
        checks: [CheckChange] = [], verdicts: [VerdictChange] = []
    ) {
        self.earlier = earlier
        self.rewordedCriteria = criteria.filter { $0.change == .reworded }.map(\.id)
        self.specs = specs
        self.scenarios = scenarios
        self.criteria = criteria
        self.copy = copy
        self.triggers = triggers
        self.checks = checks
        self.verdicts = verdicts
    }

    /// Nothing to compare with, for the reason given.
    public static func unavailable(_ reason: String) -> SpecChanges {
        var changes = SpecChanges(earlier: nil)
        changes.unavailable = reason
        return changes
    }

    /// Whether nothing is listed.
    public var isEmpty: Bool { count == 0 }

    /// How many changes are listed.
    public var count: Int {
        specs.count + scenarios.count + criteria.count + copy.count + triggers.count + checks.count + verdicts.count
    }

    /// The criteria whose wording changed (not those added or removed).
    public var reworded: [CriterionChange] { criteria.filter { $0.change == .reworded } }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(earlier, forKey: .earlier)
        try container.encode(unavailable, forKey: .unavailable)
        try container.encode(rewordedCriteria, forKey: .rewordedCriteria)
        try container.encode(specs, forKey: .specs)
        try container.encode(scenarios, forKey: .scenarios)
        try container.encode(criteria, forKey: .criteria)
        try container.encode(copy, forKey: .copy)
        try container.encode(triggers, forKey: .triggers)
        try container.encode(checks, forKey: .checks)
        try container.encode(verdicts, forKey: .verdicts)
    }

    public func encodedJSON() throws -> Data { try JSONOutput.encode(self) }

    public static func decodeJSON(_ data: Data) throws -> SpecChanges {
        let changes = try JSONDecoder().decode(SpecChanges.self, from: data)
        guard changes.schemaVersion == schemaVersion else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "schema version \(changes.schemaVersion), not \(schemaVersion)")
            )
        }
        return changes
    }
}

/// What a comparison is measured from.
public struct Baseline: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        /// A git revision of the content.
        case revision
        /// A built site's exports.
        case site
    }

    public var kind: Kind
    /// The revision or the folder as given (`HEAD`, `1a2b3c4d5e6f^`, `old-site`).
    public var name: String?
    /// The commit a revision resolved to; nil otherwise, and for a revision before the first
    /// commit (the content at it is empty).
    public var commit: String?

    public init(kind: Kind, name: String? = nil, commit: String? = nil) {
        self.kind = kind
        self.name = name
        self.commit = commit
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encode(commit, forKey: .commit)
    }
}

/// Whether something is new, gone, there in both with other words, or (a check) there in
/// both with other steps.
public enum ChangeKind: String, Codable, Sendable {
    case added
    case removed
    case reworded
    case changed
}

/// A text before and after; nil on the side where it does not exist.
public struct TextChange: Codable, Sendable, Equatable {
    public var old: String?
    public var new: String?

    public init(old: String?, new: String?) {
        self.old = old
        self.new = new
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(old, forKey: .old)
        try container.encode(new, forKey: .new)
    }
}

/// A spec page added or removed.
public struct SpecChange: Codable, Sendable, Equatable {
    public var change: ChangeKind
    public var id: String
    public var title: String
    public var path: String

    public init(change: ChangeKind, id: String, title: String, path: String) {
        self.change = change
        self.id = id
        self.title = title
        self.path = path
    }
}

/// A scenario added to or removed from a spec that is in both versions.
public struct ScenarioChange: Codable, Sendable, Equatable {
    public var change: ChangeKind
    public var spec: String
    public var id: String
    public var title: String

    public init(change: ChangeKind, spec: String, id: String, title: String) {
        self.change = change
        self.spec = spec
        self.id = id
        self.title = title
    }
}

/// A criterion added, removed, or reworded: each of its texts that changed (all of them for
/// one added or removed), nil for those that did not.
public struct CriterionChange: Codable, Sendable, Equatable {
    public var change: ChangeKind
    public var spec: String
    public var id: String
    public var level: TextChange?
    public var statement: TextChange?
    public var howToVerify: TextChange?

    public init(
        change: ChangeKind, spec: String, id: String, level: TextChange? = nil, statement: TextChange? = nil,
        howToVerify: TextChange? = nil
    ) {
        self.change = change
        self.spec = spec
        self.id = id
        self.level = level
        self.statement = statement
        self.howToVerify = howToVerify
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(change, forKey: .change)
        try container.encode(spec, forKey: .spec)
        try container.encode(id, forKey: .id)
        try container.encode(level, forKey: .level)
        try container.encode(statement, forKey: .statement)
        try container.encode(howToVerify, forKey: .howToVerify)
    }
}

/// A string of a copy table on one platform added, removed or reworded. `None` in the table
/// is no string: a row that goes from `None` to words is added.
public struct CopyChange: Codable, Sendable, Equatable {
    public var change: ChangeKind
    /// `N1.4 passkey-failed ios title`, `N1.4 passkey-failed ios action retry`: spec, scenario,
    /// platform and part.
    public var id: String
    public var spec: String
    public var scenario: String
    public var platform: String
    /// `presentation`, `title`, `message` or `action`.
    public var part: String
    /// The action's ID for an action's label; nil otherwise.
    public var action: String?
    /// The copy key, e.g. `passkey-failed.action.retry`.
    public var key: String
    public var old: String?
    public var new: String?

    public init(
        change: ChangeKind, spec: String, scenario: String, platform: String, part: String, action: String?,
        key: String, old: String?, new: String?
    ) {
        self.change = change
        self.id = [spec, scenario, platform, part, action].compactMap { $0 }.joined(separator: " ")
        self.spec = spec
        self.scenario = scenario
        self.platform = platform
        self.part = part
        self.action = action
        self.key = key
        self.old = old
        self.new = new
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(change, forKey: .change)
        try container.encode(id, forKey: .id)
        try container.encode(spec, forKey: .spec)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(platform, forKey: .platform)
        try container.encode(part, forKey: .part)
        try container.encode(action, forKey: .action)
        try container.encode(key, forKey: .key)
        try container.encode(old, forKey: .old)
        try container.encode(new, forKey: .new)
    }
}

/// The Trigger row of a scenario's copy table on one platform, before and after (nil where
/// the table had no column for the platform).
public struct TriggerChange: Codable, Sendable, Equatable {
    /// `N1.4 explicit-cancel android`.
    public var id: String
    public var spec: String
    public var scenario: String
    public var platform: String
    public var old: String?
    public var new: String?

    public init(spec: String, scenario: String, platform: String, old: String?, new: String?) {
        self.id = "\(spec) \(scenario) \(platform)"
        self.spec = spec
        self.scenario = scenario
        self.platform = platform
        self.old = old
        self.new = new
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(spec, forKey: .spec)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(platform, forKey: .platform)
        try container.encode(old, forKey: .old)
        try container.encode(new, forKey: .new)
    }
}

/// A check added to or removed from a spec, or whose steps changed, by its ID. A check
/// that keeps its name but loses a step can pass where it should not: its steps are listed.
public struct CheckChange: Codable, Sendable, Equatable {
    public var change: ChangeKind
    public var spec: String
    public var id: String
    public var name: String
    public var criterion: String?
    public var scenario: String?
    /// For a changed check, the steps only the earlier version has and those only the later
    /// one has, each with its keyword; nil for a check added or removed.
    public var steps: StepsChange?

    public init(
        change: ChangeKind, spec: String, id: String, name: String, criterion: String?, scenario: String?,
        steps: StepsChange? = nil
    ) {
        self.change = change
        self.spec = spec
        self.id = id
        self.name = name
        self.criterion = criterion
        self.scenario = scenario
        self.steps = steps
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(change, forKey: .change)
        try container.encode(spec, forKey: .spec)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(criterion, forKey: .criterion)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(steps, forKey: .steps)
    }
}

/// The steps of a check that changed: `When the user cancels the prompt`.
public struct StepsChange: Codable, Sendable, Equatable {
    public var removed: [String]
    public var added: [String]

    public init(removed: [String], added: [String]) {
        self.removed = removed
        self.added = added
    }
}

/// The verdict of a check, criterion or scenario on one platform, before and after. Only
/// what is in both runs is compared: a check added or removed is listed as such.
public struct VerdictChange: Codable, Sendable, Equatable {
    public enum Subject: String, Codable, Sendable {
        case check
        case criterion
        case scenario
    }

    public var spec: String
    public var kind: Subject
    public var id: String
    public var platform: String
    /// `passed`, `failed`, and for checks also `skipped` or `undefined`.
    public var old: String
    public var new: String

    public init(spec: String, kind: Subject, id: String, platform: String, old: String, new: String) {
        self.spec = spec
        self.kind = kind
        self.id = id
        self.platform = platform
        self.old = old
        self.new = new
    }
}
