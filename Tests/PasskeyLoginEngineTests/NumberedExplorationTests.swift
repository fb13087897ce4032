import SpecModel
import Testing

@testable import PasskeyLoginEngine

/// The explorer follows numbered states and remembers each transition and its verdicts; these
/// tests hold it to an exploration by values, where every state is a `LoginState` and every
/// transition is reduced, and every invariant asked, afresh.
@Suite struct NumberedExplorationTests {
    /// Worlds spread over the exploration set: every account status, credential state, fault
    /// and inconclusive verification appears, and the suite stays fast in debug builds.
    static let worlds = stride(from: 0, to: WorldScript.explorationSet.count, by: 37).map {
        WorldScript.explorationSet[$0]
    }

    /// Invariants whose verdicts depend on the world script, so that the explorer must ask
    /// them again in each world; each fails in some worlds and not in others.
    static let worldInvariants = [
        Invariant(id: "test.inconclusive-never-fails", criterion: "test", statement: "never shown") { context in
            guard context.world.verificationInconclusive else { return .notApplicable }
            return context.event == .verificationFinished(.inconclusive) ? .violated("an inconclusive answer") : .holds
        },
        Invariant(id: "test.locked-at-verification", criterion: "test", statement: "reads the world sometimes") {
            context in
            guard case .verificationFinished = context.event else { return .notApplicable }
            return context.world.account?.status == .locked && context.after.notice == .restrictedAccount
                ? .violated("a locked account is turned away") : .holds
        },
        Invariant(id: "test.no-session", criterion: "test", statement: "reads no world, fails") { context in
            context.after.session == nil ? .holds : .violated("signed in")
        },
    ]

    @Test func agreesWithAnExplorationByValues() {
        let explorer = Explorer(
            worlds: Self.worlds, invariants: Invariant.all + Self.worldInvariants, comparesWorlds: false)
        let report = explorer.run()
        let reference = ReferenceExploration(explorer: explorer).run()
        #expect(report.runs == reference.runs)
        #expect(report.states == reference.states)
        #expect(report.transitions == reference.transitions)
        #expect(report.deepestLevel == reference.deepestLevel)
        #expect(report.complete == reference.complete)
        #expect(report.presentations == reference.presentations.sorted())
        #expect(report.invariants.map(\.transitionsChecked) == reference.checked)
        #expect(report.invariants.map(\.violations) == reference.violations)
        #expect(report.invariants.map { $0.counterexample?.steps.count } == reference.shortest)
        #expect(reference.violations.suffix(3).allSatisfy { $0 > 0 }, "every test invariant fails somewhere")
    }

    @Test func aShallowDepthAgreesToo() {
        let explorer = Explorer(
            depthLimit: 4, adapters: [IOSAdapter()], worlds: Array(Self.worlds.prefix(4)), comparesWorlds: false)
        let report = explorer.run()
        let reference = ReferenceExploration(explorer: explorer).run()
        #expect(!report.complete && !reference.complete)
        #expect(report.states == reference.states)
        #expect(report.transitions == reference.transitions)
        #expect(report.invariants.map(\.transitionsChecked) == reference.checked)
    }

    /// A state's number is its compact key: every state the explorer reaches, over the whole
    /// exploration set, has one number, and the number gives the same state back.
    @Test func everyStateReachedRoundTripsThroughItsNumber() {
        for configuration in Explorer.configurations {
            let explorer = Explorer(configurations: [configuration], comparesWorlds: false)
            var exploration = ConfigurationExploration(explorer: explorer, configuration: configuration)
            _ = exploration.run()
            var table = exploration.table
            let states = table.states.values
            #expect(states.count > 1)
            #expect(Set(states).count == states.count, "two numbers for one state")
            for (number, state) in states.enumerated() {
                #expect(table.number(of: state) == number)
                #expect(table.states[number] == state)
            }
        }
    }

    /// What the table remembers of a state and of a transition is what the reducer says.
    @Test func theTableRemembersWhatTheReducerSays() {
        let explorer = Explorer(worlds: Array(Self.worlds.prefix(6)), comparesWorlds: false)
        for configuration in Explorer.configurations {
            var exploration = ConfigurationExploration(explorer: explorer, configuration: configuration)
            _ = exploration.run()
            var table = exploration.table
            let reducer = LoginReducer(configuration: configuration)
            for (number, state) in table.states.values.enumerated() {
                let facts = table.facts[number]
                for (bit, event) in Explorer.userEvents.enumerated() {
                    #expect((facts.userEvents >> UInt64(bit)) & 1 == (reducer.accepts(event, in: state) ? 1 : 0))
                    let transition = table.transition(from: number, on: table.number(of: event))
                    #expect(table.transitions[transition] == reducer.reduce(state, event))
                    #expect(table.states[table.targets[transition]] == reducer.reduce(state, event).state)
                }
                #expect(facts.lookupInFlight == (state.lookup == .inFlight))
                #expect(state.ceremony == (facts.ceremony < 0 ? nil : table.ceremonies[facts.ceremony]))
                #expect(state.assisted == (facts.assisted < 0 ? nil : table.ceremonies[facts.assisted]))
            }
        }
    }

    /// The parts of an exploration, run apart and joined, report what the whole does.
    @Test func partsJoinedReportTheWhole() {
        let explorer = Explorer(worlds: Array(Self.worlds.prefix(5)), comparesWorlds: false)
        #expect(explorer.parts.count == explorer.configurations.count)
        #expect(explorer.report(joining: explorer.parts.map { $0.run() }) == explorer.run())
    }

    /// A violation found in one world only still comes with the shortest trace in that world.
    @Test func aViolationInOneWorldHasItsShortestTrace() throws {
        let inconclusive = WorldScript(
            account: activeAccount, serverCredentials: [passkey1: .active], deviceCredentials: [passkey1],
            verificationInconclusive: true)
        let plain = WorldScript(
            account: activeAccount, serverCredentials: [passkey1: .active], deviceCredentials: [passkey1])
        let report = Explorer(
            adapters: [IOSAdapter()], configurations: [Configuration()], worlds: [plain, inconclusive],
            invariants: [Self.worldInvariants[0]]
        ).run()
        let result = try #require(report.invariants.first)
        let example = try #require(result.counterexample)
        #expect(example.world == inconclusive.description)
        // Appear, lookup, the request's options, a prompt result, then the inconclusive answer.
        #expect(example.steps.count == 5)
        #expect(example.steps.last?.event == "server verification: inconclusive")
    }
}

/// The exploration as it was before states had numbers: breadth first over `LoginState`
/// values, every transition reduced and every invariant asked at every transition.
struct ReferenceExploration {
    let explorer: Explorer

    struct Result {
        var runs = 0
        var states = 0
        var transitions = 0
        var deepestLevel = 0
        var complete = true
        var checked: [Int]
        var violations: [Int]
        /// The length of each invariant's shortest counterexample.
        var shortest: [Int?]
        var presentations = Set<Presentation>()
    }

    func run() -> Result {
        let count = explorer.invariants.count
        var result = Result(
            checked: Array(repeating: 0, count: count), violations: Array(repeating: 0, count: count),
            shortest: Array(repeating: nil, count: count))
        for adapter in explorer.adapters {
            for configuration in explorer.configurations
            where adapter.automaticStarts.contains(configuration.automaticStart) {
                for world in explorer.worlds {
                    explore(adapter: adapter, configuration: configuration, world: world, into: &result)
                }
            }
        }
        return result
    }

    private func explore(
        adapter: any PlatformAdapter, configuration: Configuration, world: WorldScript, into result: inout Result
    ) {
        let reducer = LoginReducer(configuration: configuration)
        var depth: [LoginState: Int] = [LoginState(): 0]
        var frontier = [LoginState()]
        var level = 0
        while !frontier.isEmpty, level < explorer.depthLimit {
            var next: [LoginState] = []
            for state in frontier {
                for (event, _) in explorer.successors(of: state, reducer: reducer, adapter: adapter, world: world) {
                    let transition = reducer.reduce(state, event)
                    result.transitions += 1
                    if let presentation = Presentation(adapter: adapter, from: state, transition: transition) {
                        result.presentations.insert(presentation)
                    }
                    let context = InvariantContext(
                        before: state, event: event, transition: transition, world: world, reducer: reducer)
                    for (position, invariant) in explorer.invariants.enumerated() {
                        let verdict = invariant.check(context)
                        if verdict == .notApplicable { continue }
                        result.checked[position] += 1
                        guard case .violated = verdict else { continue }
                        result.violations[position] += 1
                        result.shortest[position] = min(result.shortest[position] ?? .max, level + 1)
                    }
                    if depth[transition.state] == nil {
                        depth[transition.state] = level + 1
                        next.append(transition.state)
                        result.deepestLevel = max(result.deepestLevel, level + 1)
                    }
                }
            }
            frontier = next
            level += 1
        }
        if !frontier.isEmpty { result.complete = false }
        result.runs += 1
        result.states += depth.count
    }
}
