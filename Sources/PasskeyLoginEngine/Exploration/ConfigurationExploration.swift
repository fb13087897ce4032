import SpecModel

/// One configuration's share of an exploration: a breadth-first run for every platform that
/// supports the configuration and every world script, over numbered states.
///
/// The runs share one `TransitionTable`, so each (state, event) pair is reduced, and its
/// invariants asked (see `TransitionVerdicts`), once for the configuration; a run then only
/// follows numbers. Nothing in the loop over a run's transitions builds a string or a trace:
/// a counterexample is put into words from parent links when one is found.
struct ConfigurationExploration {
    private let explorer: Explorer
    private let configuration: Configuration
    /// The states and transitions of every run so far.
    private(set) var table: TransitionTable
    private var verdicts: TransitionVerdicts
    private var tally: Tally

    /// By transition number: -1 until a run first takes it, then 1 when taking it needs more
    /// than counting (a violation, an invariant asked in each world), else 0.
    private var status: [Int8] = []
    /// By transition number: how many times runs took it.
    private var taken: [Int] = []
    /// By transition number: bit `k` is set when a run on `explorer.adapters[k]` took it.
    private var takenOn: [UInt8] = []
    /// The bit of the platform whose runs are under way.
    private var platformBit: UInt8 = 0
    /// The number of the state every run starts from.
    private var root = 0
    /// By transition number: bit `k` is set when invariant `k`, asked in each world, applied
    /// to it in some world.
    private var appliedInSomeWorld: [UInt64] = []
    /// By transition number: the presentation it leads to, -1 when it leads to no scenario.
    private var presentationOf: [Int] = []
    private var presentations = Interner<PresentationKey>()

    /// By world index: the world's answers, worked out when its first run starts.
    private var answers: [WorldAnswers?]
    /// The states of the current run in the order found, and how each was reached.
    private var order: [Int] = []
    private var links = ParentLinks<Link>()
    /// By state number: the run that last found the state.
    private var visited: [Int] = []
    private var runNumber = 0
    private var successors: [Successor] = []

    /// How a run reached a state: the transition and event taken, and the native result
    /// behind the event (-1 when none).
    private struct Link {
        var transition: Int
        var event: Int
        var native: Int
    }

    /// What a scenario's presentation shows, whatever the platform.
    private struct PresentationKey: Hashable {
        var situation: Situation
        var actions: [UserAction]
        /// The notice shown, if any, and whether the screen changed: what each platform
        /// announces its own way.
        var notice: Notice?
        var changesScreen: Bool
    }

    /// The counts of the configuration's runs.
    private struct Tally {
        var runs = 0
        var states = 0
        var transitions = 0
        var deepestLevel = 0
        var complete = true
        var checked: [Int]
        var violations: [Int]
        var counterexamples: [Counterexample?]

        init(invariants: Int) {
            checked = Array(repeating: 0, count: invariants)
            violations = Array(repeating: 0, count: invariants)
            counterexamples = Array(repeating: nil, count: invariants)
        }
    }

    init(explorer: Explorer, configuration: Configuration) {
        self.explorer = explorer
        self.configuration = configuration
        table = TransitionTable(configuration: configuration, variant: explorer.variant)
        precondition(explorer.invariants.count <= UInt64.bitWidth, "invariants must fit a transition's bit mask")
        verdicts = TransitionVerdicts(invariants: explorer.invariants)
        tally = Tally(invariants: explorer.invariants.count)
        answers = Array(repeating: nil, count: explorer.worlds.count)
    }

    /// Runs every platform that supports the configuration in every world; the report counts
    /// this configuration alone.
    mutating func run() -> ExplorationReport {
        var shown: [(platform: Platform, presentations: [Bool])] = []
        for (index, adapter) in explorer.adapters.enumerated()
        where adapter.automaticStarts.contains(configuration.automaticStart) {
            platformBit = 1 << UInt8(index)
            var platform = PlatformResults(adapter: adapter, table: &table)
            var presented: [Bool] = []
            for world in explorer.worlds.indices {
                explore(world: world, platform: &platform, presented: &presented)
            }
            shown.append((adapter.platform, presented))
        }
        countSharedVerdicts()
        return report(shown: shown)
    }

    // MARK: - One run

    private mutating func explore(world index: Int, platform: inout PlatformResults, presented: inout [Bool]) {
        var world = answers[index] ?? WorldAnswers(world: explorer.worlds[index], table: &table)
        answers[index] = nil
        defer { answers[index] = world }
        runNumber += 1
        root = table.number(of: LoginState())
        order.removeAll(keepingCapacity: true)
        order.append(root)
        links.restart(root: Link(transition: -1, event: -1, native: -1))
        markVisited(root)
        var start = 0
        var level = 0
        while start < order.count, level < explorer.depthLimit {
            let end = order.count
            for position in start..<end {
                let state = order[position]
                gatherSuccessors(of: state, world: &world, platform: &platform)
                for next in successors.indices {
                    let successor = successors[next]
                    take(
                        successor, from: state, at: position, level: level, world: &world, platform: &platform,
                        presented: &presented)
                }
            }
            start = end
            level += 1
        }
        if start < order.count { tally.complete = false }
        tally.runs += 1
        tally.states += order.count
    }

    /// Every event possible in a state, in the order of `Explorer.successors(of:reducer:adapter:world:)`.
    private mutating func gatherSuccessors(of state: Int, world: inout WorldAnswers, platform: inout PlatformResults) {
        successors.removeAll(keepingCapacity: true)
        let facts = table.facts[state]
        // User events have the first event numbers, so bit k is event number k.
        var userEvents = facts.userEvents
        while userEvents != 0 {
            successors.append(Successor(event: userEvents.trailingZeroBitCount, native: -1))
            userEvents &= userEvents - 1
        }
        if facts.lookupInFlight {
            for event in world.lookup { successors.append(Successor(event: event, native: -1)) }
        }
        if facts.optionsInFlight {
            for event in world.options { successors.append(Successor(event: event, native: -1)) }
        }
        if facts.ceremony >= 0 {
            appendPromptResults(
                platform.promptErrors, ceremony: facts.ceremony, assisted: false, world: &world, platform: &platform)
        }
        if facts.assisted >= 0 {
            appendPromptResults(
                platform.assistedErrors, ceremony: facts.assisted, assisted: true, world: &world, platform: &platform)
        }
        if facts.verification >= 0 {
            successors.append(Successor(event: world.verification(of: facts.verification, in: &table), native: -1))
            if world.inconclusive >= 0 { successors.append(Successor(event: world.inconclusive, native: -1)) }
            if world.expired >= 0 { successors.append(Successor(event: world.expired, native: -1)) }
        }
        if world.fallbackSignIn >= 0 {
            let signIn = table.transition(from: state, on: world.fallbackSignIn)
            if table.accepted[signIn] { successors.append(Successor(event: world.fallbackSignIn, native: -1)) }
            let revocation = table.transition(from: state, on: world.revocation)
            if table.accepted[revocation] { successors.append(Successor(event: world.revocation, native: -1)) }
        }
    }

    /// The error results of a prompt, then the success of each credential it can return,
    /// each event once.
    private mutating func appendPromptResults(
        _ errors: [Successor], ceremony: Int, assisted: Bool, world: inout WorldAnswers,
        platform: inout PlatformResults
    ) {
        let first = successors.count
        successors.append(contentsOf: errors)
        for credential in world.selectable(by: ceremony, in: &table) {
            let success = platform.success(of: credential, in: &table)
            let event = assisted ? success.assisted : success.prompt
            if !successors[first...].contains(where: { $0.event == event }) {
                successors.append(Successor(event: event, native: success.native))
            }
        }
    }

    /// Takes one transition: counts it, asks the invariants that need asking, and queues the
    /// next state if the run has not found it yet. The run's answers and results come `inout`
    /// so that they are not copied at every transition; only a violation or an invariant
    /// asked in each world reads them.
    private mutating func take(
        _ successor: Successor, from state: Int, at position: Int, level: Int, world: inout WorldAnswers,
        platform: inout PlatformResults, presented: inout [Bool]
    ) {
        let transition = table.transition(from: state, on: successor.event)
        if transition >= status.count { makeRoom(for: transition) }
        if status[transition] < 0 { firstTake(transition, from: state, on: successor.event, world: world.world) }
        tally.transitions += 1
        taken[transition] += 1
        takenOn[transition] |= platformBit
        let link = Link(transition: transition, event: successor.event, native: successor.native)
        if status[transition] > 0 {
            attend(link, from: state, at: position, level: level, world: world.world, platform: platform)
        }
        let presentation = presentationOf[transition]
        if presentation >= 0 {
            if presentation >= presented.count {
                presented.append(contentsOf: repeatElement(false, count: presentation + 1 - presented.count))
            }
            presented[presentation] = true
        }
        let target = table.targets[transition]
        if target >= visited.count || visited[target] != runNumber {
            markVisited(target)
            order.append(target)
            links.append(parent: position, step: link)
            tally.deepestLevel = max(tally.deepestLevel, level + 1)
        }
    }

    private mutating func markVisited(_ state: Int) {
        if state >= visited.count { visited.append(contentsOf: repeatElement(0, count: state + 1 - visited.count)) }
        visited[state] = runNumber
    }

    private mutating func makeRoom(for transition: Int) {
        let missing = transition + 1 - status.count
        status.append(contentsOf: repeatElement(-1, count: missing))
        taken.append(contentsOf: repeatElement(0, count: missing))
        takenOn.append(contentsOf: repeatElement(0, count: missing))
        appliedInSomeWorld.append(contentsOf: repeatElement(0, count: missing))
        presentationOf.append(contentsOf: repeatElement(-1, count: missing))
    }

    /// Asks the invariants about a transition, and notes its presentation, the first time a
    /// run takes it.
    private mutating func firstTake(_ transition: Int, from state: Int, on event: Int, world: WorldScript) {
        let entry = verdicts.ask(about: transition, from: state, on: event, in: table, world: world)
        status[transition] = entry.needsAttention ? 1 : 0
        let result = table.transitions[transition]
        if let situation = result.situation {
            presentationOf[transition] = presentations.number(
                of: PresentationKey(
                    situation: situation, actions: result.presentedActions, notice: result.state.notice,
                    changesScreen: result.state.screen != table.states[state].screen))
        }
    }

    /// A transition with a violation, or with invariants asked in each world.
    private mutating func attend(
        _ link: Link, from state: Int, at position: Int, level: Int, world: WorldScript, platform: PlatformResults
    ) {
        guard let entry = verdicts.entries[link.transition] else { return }
        for (invariant, message) in entry.violations {
            offerCounterexample(
                invariant, message: message, link: link, at: position, level: level, world: world, platform: platform)
        }
        for invariant in entry.perWorld {
            let verdict = verdicts.verdict(
                of: invariant, on: link.transition, from: state, on: link.event, in: table, world: world)
            if verdict == .notApplicable { continue }
            appliedInSomeWorld[link.transition] |= 1 << UInt64(invariant)
            tally.checked[invariant] += 1
            guard case .violated(let message) = verdict else { continue }
            tally.violations[invariant] += 1
            offerCounterexample(
                invariant, message: message, link: link, at: position, level: level, world: world, platform: platform)
        }
    }

    /// Keeps a violation's trace when it is shorter than the one the invariant has: runs are
    /// breadth first, so the first trace of the least length is kept.
    private mutating func offerCounterexample(
        _ invariant: Int, message: String, link: Link, at position: Int, level: Int, world: WorldScript,
        platform: PlatformResults
    ) {
        if let kept = tally.counterexamples[invariant], kept.steps.count <= level + 1 { return }
        let steps = (links.path(to: position) + [link]).map { words(for: $0, platform: platform) }
        tally.counterexamples[invariant] = Counterexample(
            platform: platform.adapter.platform, configuration: configuration.summary, world: world.description,
            steps: steps, message: message)
    }

    private func words(for link: Link, platform: PlatformResults) -> TraceStep {
        let transition = table.transitions[link.transition]
        return TraceStep(
            event: table.events[link.event].description,
            native: link.native >= 0 ? platform.natives[link.native].description : nil,
            effects: transition.effects.map(\.description), situation: transition.situation?.rawValue)
    }

    // MARK: - The report

    /// Adds the verdicts that hold in every world, once for each time a run took their transition.
    private mutating func countSharedVerdicts() {
        for (transition, times) in taken.enumerated() where times > 0 {
            guard let entry = verdicts.entries[transition] else { continue }
            for invariant in entry.applies { tally.checked[invariant] += times }
            for (invariant, _) in entry.violations { tally.violations[invariant] += times }
        }
    }

    /// The moves the runs took, at the level of `SketchNode`s. A node holds the scenario that
    /// led to it, so a state's moves are drawn from each node it was entered as, on each
    /// platform apart: a move is drawn only from a node some run of that platform reached.
    /// The work is done on numbers (a state's node without its scenario, scenario bits,
    /// platform and invariant bits); nodes and words are made once per distinct move.
    private func sketch() -> LoginSketch {
        guard tally.runs > 0 else { return LoginSketch() }
        let platforms = explorer.adapters.count
        let situations = Situation.allCases
        // Scenario bit 0 is "no scenario"; bit k + 1 is `situations[k]`.
        func bit(of situation: Situation?) -> UInt16 {
            guard let situation, let index = situations.firstIndex(of: situation) else { return 1 }
            return 1 << UInt16(index + 1)
        }
        // By state number and platform: the scenarios its entering moves led to.
        var entered = [UInt16](repeating: 0, count: table.states.count * platforms)
        for platform in 0..<platforms { entered[root * platforms + platform] |= 1 }
        for (transition, on) in takenOn.enumerated() where on != 0 {
            let situation = bit(of: table.transitions[transition].situation)
            let target = table.targets[transition] * platforms
            for platform in 0..<platforms where on & (1 << UInt8(platform)) != 0 {
                entered[target + platform] |= situation
            }
        }
        struct Move: Hashable {
            var from: Int
            var situation: Int
            var transition: Int
        }
        var moves: [Move: UInt8] = [:]
        for (transition, on) in takenOn.enumerated() where on != 0 {
            let source = table.sources[transition]
            for platform in 0..<platforms where on & (1 << UInt8(platform)) != 0 {
                var mask = entered[source * platforms + platform]
                while mask != 0 {
                    let situation = mask.trailingZeroBitCount
                    mask &= mask - 1
                    moves[Move(from: source, situation: situation, transition: transition), default: 0] |=
                        1 << UInt8(platform)
                }
            }
        }
        var sketch = LoginSketch()
        for (move, on) in moves {
            let before = table.states[move.from]
            let event = table.events[table.eventNumbers[move.transition]]
            let result = table.transitions[move.transition]
            var facts = SketchFacts()
            if let route = LoginSketch.route(from: before, event: event, transition: result) { facts.routes = [route] }
            var invariants = verdicts.entries[move.transition]?.applies ?? []
            var applied = appliedInSomeWorld[move.transition]
            while applied != 0 {
                invariants.append(applied.trailingZeroBitCount)
                applied &= applied - 1
            }
            facts.invariants = Set(invariants.map { explorer.invariants[$0].id })
            facts.platforms = Set(
                explorer.adapters.indices.filter { on & (1 << UInt8($0)) != 0 }.map { explorer.adapters[$0].platform })
            let situation = move.situation == 0 ? nil : situations[move.situation - 1]
            sketch.add(
                SketchEdge(
                    from: SketchNode(state: before, situation: situation),
                    to: SketchNode(state: result.state, situation: result.situation), move: LoginSketch.move(event)),
                facts)
        }
        return sketch
    }

    private func report(shown: [(platform: Platform, presentations: [Bool])]) -> ExplorationReport {
        var found = Set<Presentation>()
        for (platform, presented) in shown {
            guard let adapter = explorer.adapters.first(where: { $0.platform == platform }) else { continue }
            for (number, seen) in presented.enumerated() where seen {
                let key = presentations[number]
                let change = ScreenChange(notice: key.notice, changesScreen: key.changesScreen, adapter: adapter)
                found.insert(
                    Presentation(
                        platform: platform, situation: key.situation, actions: key.actions,
                        showsNotice: key.notice != nil,
                        announcement: adapter.announcement(of: change, in: key.situation)))
            }
        }
        return ExplorationReport(
            depthLimit: explorer.depthLimit, platforms: explorer.adapters.map(\.platform), runs: tally.runs,
            configurations: 1, platformConfigurations: shown.count, worlds: explorer.worlds.count, states: tally.states,
            transitions: tally.transitions, deepestLevel: tally.deepestLevel, complete: tally.complete,
            nativeResultsExercised: Explorer.nativeResults(of: explorer.adapters),
            invariants: explorer.invariants.enumerated().map { index, invariant in
                InvariantResult(
                    id: invariant.id, criterion: invariant.criterion, statement: invariant.statement,
                    transitionsChecked: tally.checked[index], violations: tally.violations[index],
                    counterexample: tally.counterexamples[index])
            }, presentations: found.sorted(), sketch: sketch())
    }
}
