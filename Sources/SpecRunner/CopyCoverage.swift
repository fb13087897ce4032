import ReportModel
import SpecModel

/// A gap between the spec's copy and what the engine can show.
public struct CoverageProblem: Sendable, Equatable {
    public var spec: String
    public var scenario: String?
    public var platform: Platform?
    public var diagnostic: Diagnostic
}

/// Cross-checks copy against the engine, both ways: everything the engine can show (every
/// scenario it reaches, every action it offers there, whether it shows an error notice)
/// must have copy on every platform, and every piece of copy must be something the engine
/// can show.
public struct CopyCoverage: Sendable {
    /// How the flow presented each scenario, from its exploration and the checks.
    public var screens: Set<ScreenPresentation>

    public init(screens: Set<ScreenPresentation>) {
        self.screens = screens
    }

    public func problems(in specs: [Spec]) -> [CoverageProblem] {
        var problems: [CoverageProblem] = []
        // Each scenario the engine reaches on a platform must be on a spec page that covers
        // that platform; a platform no page given covers is not this run's to judge (a page
        // checked alone is checked for its own platforms).
        let reached = Set(screens.map { Reached(scenario: $0.scenario, platform: $0.platform) })
        for missing in reached.sorted() {
            let covering = specs.filter { $0.platforms.contains(missing.platform) }
            guard let first = covering.first, !covering.contains(where: { $0.scenario(id: missing.scenario) != nil })
            else { continue }
            problems.append(
                CoverageProblem(
                    spec: first.id, scenario: missing.scenario, platform: missing.platform,
                    diagnostic: Diagnostic(
                        .scenarioMissingFromSpec(missing.scenario, platform: missing.platform.displayName),
                        at: first.span)))
        }
        for spec in specs {
            for scenario in spec.scenarios {
                for copy in scenario.copy {
                    problems += self.problems(spec: spec, scenario: scenario, copy: copy)
                }
            }
        }
        return problems
    }

    /// A scenario reached on a platform, in scenario then platform order.
    private struct Reached: Hashable, Comparable {
        var scenario: String
        var platform: Platform

        static func < (lhs: Reached, rhs: Reached) -> Bool {
            (lhs.scenario, lhs.platform.rawValue) < (rhs.scenario, rhs.platform.rawValue)
        }
    }

    private func problems(spec: Spec, scenario: Scenario, copy: PlatformCopy) -> [CoverageProblem] {
        let platform = copy.platform
        func problem(_ message: Message, at span: SourceSpan) -> CoverageProblem {
            CoverageProblem(
                spec: spec.id, scenario: scenario.id, platform: platform, diagnostic: Diagnostic(message, at: span))
        }
        let shown = screens.filter { $0.platform == platform && $0.scenario == scenario.id }
        guard !shown.isEmpty else {
            return [problem(.unreachableScenario(scenario.id, platform: platform.displayName), at: scenario.span)]
        }
        var problems: [CoverageProblem] = []
        let offered = Set(shown.flatMap(\.actions))
        let labelled = Dictionary(copy.actions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for action in offered.sorted() where labelled[action]?.label.isNone ?? true {
            problems.append(
                problem(
                    .actionWithoutCopy(action, scenario: scenario.id, platform: platform.displayName),
                    at: labelled[action]?.label.span ?? copy.title.span))
        }
        for action in copy.actions where !action.label.isNone && !offered.contains(action.id) {
            problems.append(
                problem(
                    .unreachableAction(action.id, scenario: scenario.id, platform: platform.displayName),
                    at: action.label.span))
        }
        let notice = shown.contains(where: \.showsNotice)
        if notice, copy.title.isNone || copy.message.isNone {
            let span = copy.title.isNone ? copy.title.span : copy.message.span
            problems.append(problem(.noticeWithoutCopy(scenario.id, platform: platform.displayName), at: span))
        }
        if !notice, !copy.title.isNone || !copy.message.isNone {
            let span = copy.title.isNone ? copy.message.span : copy.title.span
            problems.append(problem(.copyWithoutNotice(scenario.id, platform: platform.displayName), at: span))
        }
        if let presentation = copy.presentation, let words = presentation.text, copy.presentationKind == nil {
            // The kits and the copy tables read the kind from the row's first words.
            problems.append(
                problem(.presentationUnknown(words, platform: platform.displayName), at: presentation.span))
        }
        problems += announcementProblems(Set(shown.compactMap(\.announcement)), copy: copy, problem: problem)
        return problems
    }

    /// The Announcement row against how the flow announces the scenario: it must be there,
    /// name each means the platform uses (the role, notification or class, as code), and say
    /// `None` where nothing is ever announced.
    private func announcementProblems(
        _ announced: Set<ScreenAnnouncement>, copy: PlatformCopy,
        problem: (Message, SourceSpan) -> CoverageProblem
    ) -> [CoverageProblem] {
        guard !announced.isEmpty else { return [] }
        let platform = copy.platform.displayName
        let duties = announced.map(\.duty).sorted()
        guard let entry = copy.announcement else {
            let span = copy.presentation?.span ?? copy.title.span
            return [problem(.announcementMissing(platform: platform, duty: duties.joined(separator: "; ")), span)]
        }
        var problems: [CoverageProblem] = []
        // A scenario reached both with a change and without one (the fallback screen opened,
        // or already shown) is described by its change: what stays the same says nothing.
        let somethingAnnounced = announced.contains { $0.means != nil }
        for announcement in announced.sorted(by: { $0.duty < $1.duty }) {
            let written = entry.text ?? ""
            let agrees = announcement.means.map { written.contains($0) } ?? (entry.text == nil || somethingAnnounced)
            guard !agrees else { continue }
            var found = problem(
                .announcementDiffers(
                    platform: platform, means: announcement.means, kind: announcement.kind, duty: announcement.duty),
                entry.span)
            if announced.count == 1, entry.written != nil {
                found.diagnostic = found.diagnostic.fixed(
                    by: .replace(entry.span, with: announcement.duty, title: "Say how \(platform) announces it"))
            }
            problems.append(found)
        }
        return problems
    }
}
