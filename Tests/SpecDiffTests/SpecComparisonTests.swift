import Foundation
import ReportModel
import SpecDiff
import SpecModel
import SpecRunner
import Testing

/// The comparison on models made in code: what is matched by ID, and how each kind of change
/// is listed.
@Suite struct SpecComparisonTests {
    static let here = SourceLocation(file: "spec.md", line: 1, column: 1)

    static func entry(_ key: String, _ text: String?) -> CopyEntry {
        CopyEntry(key: key, text: text, note: text == nil ? "nothing is shown" : nil, location: here)
    }

    static func copy(
        _ platform: Platform, scenario: String, trigger: String = "`Signal`", title: String? = "Title",
        actions: [(String, String?)] = []
    ) -> PlatformCopy {
        PlatformCopy(
            platform: platform, trigger: Trigger(text: trigger, signals: [], location: here),
            title: entry("\(scenario).title", title), message: entry("\(scenario).message", "Message"),
            actions: actions.map { CopyAction(id: $0.0, label: entry("\(scenario).action.\($0.0)", $0.1)) })
    }

    static func spec(
        id: String = "N1.4", scenarios: [Scenario], criteria: [Criterion] = [], checks: [Check] = []
    ) -> Spec {
        Spec(
            id: id, title: "Spec \(id)", path: "\(id).md", platforms: Platform.known,
            sections: [Section(id: "errors", title: "Errors", kind: .scenarios, scenarios: scenarios, location: here)],
            criteria: criteria, checks: checks, location: here)
    }

    static func scenario(_ id: String, title: String = "A scenario", copy: [PlatformCopy]) -> Scenario {
        Scenario(id: id, title: title, section: "errors", copy: copy, location: here)
    }

    static func criterion(_ number: Int, _ statement: String, verify: String = "Verify it.") -> Criterion {
        Criterion(
            id: CriterionID(spec: "N1.4", number: number), level: "Core", statement: statement, howToVerify: verify,
            location: here)
    }

    static func compare(_ old: [Spec], _ new: [Spec]) -> SpecChanges {
        let run = RunReport(flows: [], specs: [], diagnostics: [])
        return SpecChanges.compare(
            Version(content: ContentSet(specs: old), report: run),
            Version(content: ContentSet(specs: new), report: run),
            baseline: Baseline(kind: .revision, name: "HEAD", commit: "0123456789abcdef0123456789abcdef01234567"))
    }

    @Test func theSameModelHasNoChanges() {
        let spec = Self.spec(scenarios: [Self.scenario("a", copy: [Self.copy(Platform.known[0], scenario: "a")])])
        let changes = Self.compare([spec], [spec])
        #expect(changes.isEmpty)
        #expect(changes.summary == "no changes")
    }

    @Test func headingsAndPositionsAreNotChangesIDsAre() {
        let first = Platform.known[0]
        let old = Self.spec(scenarios: [
            Self.scenario("a", title: "Old heading", copy: [Self.copy(first, scenario: "a")]),
            Self.scenario("b", copy: [Self.copy(first, scenario: "b")]),
        ])
        let new = Self.spec(scenarios: [
            Self.scenario("b", copy: [Self.copy(first, scenario: "b")]),
            Self.scenario("a", title: "New heading", copy: [Self.copy(first, scenario: "a")]),
        ])
        #expect(Self.compare([old], [new]).isEmpty)
    }

    @Test func copyFromNoneToWordsIsAddedAndBackRemoved() throws {
        let platform = Platform.known[0]
        let none = Self.spec(scenarios: [
            Self.scenario("a", copy: [Self.copy(platform, scenario: "a", title: nil, actions: [("retry", "Retry")])])
        ])
        let words = Self.spec(scenarios: [
            Self.scenario(
                "a", copy: [Self.copy(platform, scenario: "a", title: "Try Again?", actions: [("fallback", "Other")])])
        ])
        let added = Self.compare([none], [words])
        #expect(
            added.copy.map { "\($0.change.rawValue) \($0.id) \($0.old ?? "-") \($0.new ?? "-")" } == [
                "added N1.4 a \(platform.rawValue) title - Try Again?",
                "added N1.4 a \(platform.rawValue) action fallback - Other",
                "removed N1.4 a \(platform.rawValue) action retry Retry -",
            ])
        #expect(added.copy[1].key == "a.action.fallback")
        #expect(added.copy[1].action == "fallback")
        let removed = Self.compare([words], [none])
        #expect(removed.copy.first?.change == .removed)
        #expect(removed.copy.first?.old == "Try Again?")
    }

    @Test func aTriggerRowChangeIsListedWithBothTexts() {
        let platform = Platform.known[0]
        let old = Self.spec(scenarios: [
            Self.scenario("a", copy: [Self.copy(platform, scenario: "a", trigger: "`Code.canceled` (1001)")])
        ])
        let new = Self.spec(scenarios: [
            Self.scenario("a", copy: [Self.copy(platform, scenario: "a", trigger: "`Code.failed` (1004)")])
        ])
        let changes = Self.compare([old], [new])
        #expect(changes.triggers.map(\.id) == ["N1.4 a \(platform.rawValue)"])
        #expect(changes.triggers.first?.old == "`Code.canceled` (1001)")
        #expect(changes.triggers.first?.new == "`Code.failed` (1004)")
        #expect(changes.copy.isEmpty && changes.criteria.isEmpty)
    }

    @Test func scenariosAndSpecsAddedOrRemovedAreListedOnceWithoutTheirCopy() {
        let platform = Platform.known[0]
        let old = Self.spec(scenarios: [Self.scenario("a", copy: [Self.copy(platform, scenario: "a")])])
        let new = Self.spec(scenarios: [
            Self.scenario("a", copy: [Self.copy(platform, scenario: "a")]),
            Self.scenario("b", title: "New one", copy: [Self.copy(platform, scenario: "b")]),
        ])
        let other = Self.spec(id: "W1.4", scenarios: [Self.scenario("a", copy: [Self.copy(platform, scenario: "a")])])
        let changes = Self.compare([old, other], [new])
        #expect(changes.scenarios == [ScenarioChange(change: .added, spec: "N1.4", id: "b", title: "New one")])
        #expect(changes.specs == [SpecChange(change: .removed, id: "W1.4", title: "Spec W1.4", path: "W1.4.md")])
        #expect(changes.copy.isEmpty && changes.triggers.isEmpty)
        #expect(changes.summary == "2 changes: 1 spec, 1 scenario")
    }

    @Test func rewordedCriteriaListOnlyWhatChangedAndComeFirst() throws {
        let old = Self.spec(scenarios: [], criteria: [Self.criterion(1, "Old words."), Self.criterion(2, "Gone.")])
        let new = Self.spec(
            scenarios: [],
            criteria: [Self.criterion(1, "New words.", verify: "Verify it again."), Self.criterion(3, "New.")])
        let changes = Self.compare([old], [new])
        #expect(changes.rewordedCriteria == ["N1.4-AC01"])
        let reworded = try #require(changes.reworded.first)
        #expect(reworded.statement == TextChange(old: "Old words.", new: "New words."))
        #expect(reworded.howToVerify == TextChange(old: "Verify it.", new: "Verify it again."))
        #expect(reworded.level == nil)
        #expect(
            changes.criteria.map { "\($0.change.rawValue) \($0.id)" } == [
                "reworded N1.4-AC01", "added N1.4-AC03", "removed N1.4-AC02",
            ])
        #expect(SpecChanges.wording(of: reworded).map(\.label) == ["Acceptance criterion", "How to verify"])
        #expect(changes.groups.map(\.id) == ["criteria"], "reworded criteria are shown on their own, first")
    }

    @Test func checksAreMatchedByID() {
        func check(_ name: String) -> Check {
            Check(
                id: "N1.4-AC01/\(name)", criterion: CriterionID(spec: "N1.4", number: 1), name: name, steps: [],
                location: Self.here)
        }
        let old = Self.spec(scenarios: [], checks: [check("one"), check("two")])
        let new = Self.spec(scenarios: [], checks: [check("two"), check("three")])
        let changes = Self.compare([old], [new])
        #expect(
            changes.checks.map { "\($0.change.rawValue) \($0.id)" } == [
                "added N1.4-AC01/three", "removed N1.4-AC01/one",
            ])
    }

    @Test func aCheckThatLosesAStepIsListedWithTheStep() throws {
        func check(_ steps: [(StepKeyword, String)]) -> Check {
            Check(
                id: "N1.4-AC01/cancel-twice", criterion: CriterionID(spec: "N1.4", number: 1), name: "Cancel twice",
                steps: steps.map { Step(keyword: $0.0, text: $0.1, location: Self.here) }, location: Self.here)
        }
        let full = check([
            (.when, "the user cancels"), (.then, "the fallback screen is shown"), (.and, "no error is shown"),
        ])
        let weakened = check([(.when, "the user cancels"), (.and, "no error is shown")])
        let changes = Self.compare(
            [Self.spec(scenarios: [], checks: [full])], [Self.spec(scenarios: [], checks: [weakened])])
        let change = try #require(changes.checks.first)
        #expect(changes.checks.count == 1)
        #expect(change.change == .changed)
        #expect(change.steps == StepsChange(removed: ["Then the fallback screen is shown"], added: []))
        let row = try #require(changes.groups.first { $0.id == "checks" }?.rows.first)
        #expect(row.change == "changed")
        #expect(row.old == "Then the fallback screen is shown")
        #expect(row.new == nil)
        // The same steps in another order are a change too, listed whole.
        let reordered = check([(.and, "no error is shown"), (.when, "the user cancels")])
        let moved = Self.compare(
            [Self.spec(scenarios: [], checks: [weakened])], [Self.spec(scenarios: [], checks: [reordered])])
        #expect(moved.checks.first?.steps?.removed.count == 2)
        // The same steps are no change.
        #expect(
            Self.compare([Self.spec(scenarios: [], checks: [full])], [Self.spec(scenarios: [], checks: [full])]).isEmpty
        )
    }

    @Test func theJSONHasEveryKeyAndReadsBack() throws {
        let platform = Platform.known[0]
        let old = Self.spec(scenarios: [Self.scenario("a", copy: [Self.copy(platform, scenario: "a", title: nil)])])
        let new = Self.spec(scenarios: [Self.scenario("a", copy: [Self.copy(platform, scenario: "a")])])
        let changes = Self.compare([old], [new])
        let data = try changes.encodedJSON()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"action\" : null"))
        #expect(text.contains("\"old\" : null"))
        #expect(
            text.contains(
                "\"earlier\" : {\n    \"commit\" : \"0123456789abcdef0123456789abcdef01234567\",\n    \"kind\" : \"revision\",\n    \"name\" : \"HEAD\"\n  }"
            ))
        #expect(text.contains("\"unavailable\" : null"))
        #expect(try SpecChanges.decodeJSON(data) == changes)
        let outside = SpecChanges.unavailable("the content is not in a git repository")
        let first = try outside.encodedJSON()
        #expect(String(decoding: first, as: UTF8.self).contains("\"earlier\" : null"))
        #expect(
            String(decoding: first, as: UTF8.self).contains(
                "\"unavailable\" : \"the content is not in a git repository\""))
        #expect(try SpecChanges.decodeJSON(first) == outside)
        #expect(throws: (any Error).self) {
            try SpecChanges.decodeJSON(Data("{\"schemaVersion\": 99}".utf8))
        }
    }
}
