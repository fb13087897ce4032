/// What the invariants say of the transitions of one `TransitionTable`, asked the first time a
/// run takes each transition.
///
/// A transition is the same in every run that takes it (the reducer is pure), and so is every
/// verdict reached without reading the world script: such a verdict is kept and counted for
/// each run that takes the transition. An invariant whose check read the world is asked again
/// at every transition taken, in that run's world. Either way each invariant is checked at every
/// transition, with the verdict it gives there.
struct TransitionVerdicts {
    /// The verdicts on one transition.
    struct Entry {
        /// The invariants, by position, that apply to the transition whatever the world.
        var applies: [Int] = []
        /// Those of `applies` that fail, with what went wrong.
        var violations: [(invariant: Int, message: String)] = []
        /// The invariants, by position, whose check read the world: asked at each transition taken.
        var perWorld: [Int] = []

        /// Whether taking the transition needs more than counting it.
        var needsAttention: Bool { !violations.isEmpty || !perWorld.isEmpty }
    }

    let invariants: [Invariant]
    /// By transition number; nil until a run first takes the transition.
    private(set) var entries: [Entry?] = []
    private let worldReads = WorldReads()

    init(invariants: [Invariant]) { self.invariants = invariants }

    /// Asks every invariant about a transition of `table`, taken in `world`.
    mutating func ask(
        about transition: Int, from state: Int, on event: Int, in table: TransitionTable, world: WorldScript
    ) -> Entry {
        let context = InvariantContext(
            before: table.states[state], event: table.events[event], transition: table.transitions[transition],
            world: world, reducer: table.reducer, worldReads: worldReads)
        var entry = Entry()
        for (position, invariant) in invariants.enumerated() {
            worldReads.reset()
            let verdict = invariant.check(context)
            if worldReads.happened {
                entry.perWorld.append(position)
                continue
            }
            switch verdict {
            case .notApplicable: break
            case .holds: entry.applies.append(position)
            case .violated(let message):
                entry.applies.append(position)
                entry.violations.append((position, message))
            }
        }
        if entries.count <= transition {
            entries.append(contentsOf: repeatElement(nil, count: transition + 1 - entries.count))
        }
        entries[transition] = entry
        return entry
    }

    /// One invariant's verdict on a transition taken in `world`, for those asked in each world.
    func verdict(
        of invariant: Int, on transition: Int, from state: Int, on event: Int, in table: TransitionTable,
        world: WorldScript
    ) -> Verdict {
        invariants[invariant].check(
            InvariantContext(
                before: table.states[state], event: table.events[event], transition: table.transitions[transition],
                world: world, reducer: table.reducer))
    }
}
