import SpecModel

/// The platform error reference: for every native error of each platform, the engine
/// outcome and the spec scenario it leads to. Computed by running the reducer, not written
/// by hand, so it cannot drift from the engine.
public enum ErrorReference {
    public static func entries(
        adapters: [any PlatformAdapter] = PlatformAdapters.all, configuration: Configuration = Configuration()
    ) -> [ErrorReferenceEntry] {
        let probe = Probe(configuration: configuration)
        return adapters.flatMap { adapter in adapter.errorResults.map { probe.entry(of: $0, adapter: adapter) } }
    }

    /// Puts a native result into the contexts a passkey prompt can be open in and reads where
    /// the reducer sends it: the reference's rows, and the trigger catalogue's native errors.
    struct Probe {
        let reducer: LoginReducer
        let automatic: LoginState
        let repeated: LoginState
        let explicit: LoginState

        init(configuration: Configuration) {
            reducer = LoginReducer(configuration: configuration)
            var automatic = TriggerProbe.idle
            automatic.ceremony = Ceremony(route: .automatic, allowedCredentials: TriggerProbe.passkey)
            var repeated = automatic
            repeated.cancellationStreak = 1
            var explicit = automatic
            explicit.ceremony = Ceremony(route: .explicit, allowedCredentials: [])
            self.automatic = automatic
            self.repeated = repeated
            self.explicit = explicit
        }

        func entry(of result: NativeResult, adapter: any PlatformAdapter) -> ErrorReferenceEntry {
            let outcome = adapter.outcome(of: result)
            func lead(_ state: LoginState) -> String {
                describe(reducer.reduce(state, .ceremonyFinished(outcome)))
            }
            // A platform that never opens the prompt by itself has no automatic route: nil.
            let automaticRoute = adapter.automaticStarts.contains(.prompt)
            return ErrorReferenceEntry(
                platform: adapter.platform, name: result.name, code: result.code, message: result.message,
                outcome: outcome.description, automaticFirst: automaticRoute ? lead(automatic) : nil,
                automaticRepeated: automaticRoute ? lead(repeated) : nil, explicit: lead(explicit),
                fact: PlatformFacts.fact(named: adapter.factName(of: result), on: adapter.platform))
        }
    }

    /// The scenario ID, or what happens when no scenario's copy is shown.
    static func describe(_ transition: Transition) -> String {
        if let situation = transition.situation { return situation.rawValue }
        if transition.effects.contains(where: { if case .presentFallback = $0 { true } else { false } }) {
            return "fallback, no error"
        }
        return transition.effects.map(\.description).joined(separator: ", ")
    }
}
