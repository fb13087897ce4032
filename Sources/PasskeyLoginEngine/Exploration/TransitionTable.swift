/// What the explorer's successor function asks of a state, worked out once when the state is
/// first numbered instead of at every visit.
struct StateFacts {
    /// Bit `k` is set when the state accepts `Explorer.userEvents[k]`.
    var userEvents: UInt64
    var lookupInFlight: Bool
    /// Whether a passkey request waits for its options.
    var optionsInFlight: Bool
    /// The number of the open prompt's ceremony, -1 when no prompt is open.
    var ceremony: Int
    /// The number of the pending assisted request's ceremony, -1 when none is pending.
    var assisted: Int
    /// The number of the credential waiting for the server's verification, -1 when none is.
    var verification: Int
}

/// The reducer of one configuration, remembered: states and events get numbers, and each
/// (state, event) pair is reduced once, however many platforms and world scripts take it. The
/// reducer is a pure function, so a remembered transition is the transition.
struct TransitionTable {
    let reducer: LoginReducer
    /// The states reached so far; a state's number is its compact key.
    private(set) var states = Interner<LoginState>()
    private(set) var events = Interner<LoginEvent>()
    private(set) var ceremonies = Interner<Ceremony>()
    private(set) var credentials = Interner<CredentialID>()
    /// The facts of each state, by state number.
    private(set) var facts: [StateFacts] = []
    /// Each transition reduced so far, by transition number.
    private(set) var transitions: [Transition] = []
    /// The number of each transition's next state.
    private(set) var targets: [Int] = []
    /// The number of each transition's state before it, and of its event.
    private(set) var sources: [Int] = []
    private(set) var eventNumbers: [Int] = []
    /// Whether the state accepted the event; a refused event leaves the state as it was.
    private(set) var accepted: [Bool] = []
    /// Transition numbers in rows of `width` cells, one row per state and one cell per event
    /// number; -1 where the pair has not been reduced yet.
    private var cells: [Int] = []
    private var width = 32

    /// The table of `configuration`; the user events get the first numbers, in the order of
    /// `Explorer.userEvents`, so that bit `k` of `StateFacts.userEvents` is event number `k`.
    init(configuration: Configuration, variant: ReducerVariant? = nil) {
        reducer = LoginReducer(configuration: configuration, variant: variant)
        precondition(Explorer.userEvents.count <= UInt64.bitWidth, "user events must fit a state's event mask")
        for event in Explorer.userEvents { _ = number(of: event) }
    }

    /// The number of `state`, given it now (with its facts) if it has none yet.
    mutating func number(of state: LoginState) -> Int {
        let count = states.count
        let number = states.number(of: state)
        if number == count {
            facts.append(facts(of: state))
            cells.append(contentsOf: repeatElement(-1, count: width))
        }
        return number
    }

    /// The number of `event`, given it now if it has none yet.
    mutating func number(of event: LoginEvent) -> Int {
        let number = events.number(of: event)
        if number >= width { widen(toFit: number) }
        return number
    }

    mutating func number(of ceremony: Ceremony) -> Int { ceremonies.number(of: ceremony) }

    mutating func number(of credential: CredentialID) -> Int { credentials.number(of: credential) }

    /// The number of the transition that `event` makes from `state`, reducing it the first time.
    mutating func transition(from state: Int, on event: Int) -> Int {
        let known = cells[state &* width &+ event]
        return known >= 0 ? known : reduce(state, event)
    }

    private mutating func reduce(_ state: Int, _ event: Int) -> Int {
        let before = states[state]
        let happened = events[event]
        let transition = reducer.reduce(before, happened)
        let target = number(of: transition.state)
        transitions.append(transition)
        targets.append(target)
        sources.append(state)
        eventNumbers.append(event)
        accepted.append(reducer.accepts(happened, in: before))
        cells[state * width + event] = transitions.count - 1
        return transitions.count - 1
    }

    private mutating func facts(of state: LoginState) -> StateFacts {
        var userEvents: UInt64 = 0
        for (bit, event) in Explorer.userEvents.enumerated() where reducer.accepts(event, in: state) {
            userEvents |= 1 << UInt64(bit)
        }
        return StateFacts(
            userEvents: userEvents, lookupInFlight: state.lookup == .inFlight, optionsInFlight: state.options != nil,
            ceremony: state.ceremony.map { number(of: $0) } ?? -1,
            assisted: state.assisted.map { number(of: $0) } ?? -1,
            verification: state.verification.map { number(of: $0.credentialID) } ?? -1)
    }

    /// Lays the rows out again, wider, when an event number outgrows them (rarely: a run
    /// numbers its world's events before it explores).
    private mutating func widen(toFit event: Int) {
        var wider = width
        while wider <= event { wider *= 2 }
        var laidOut = [Int](repeating: -1, count: states.count * wider)
        for state in 0..<states.count {
            for cell in 0..<width { laidOut[state * wider + cell] = cells[state * width + cell] }
        }
        cells = laidOut
        width = wider
    }
}
