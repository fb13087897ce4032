import FlowEngine

/// What the engine decides with, as text: a change to a decision, an invariant, a step or
/// where a native error leads changes the run report's fingerprint.
enum EngineSignature {
    static var parts: [String] {
        Decision.all.map { "decision \($0.id): \($0.choice)" }
            + Invariant.all.map { "invariant \($0.id): \($0.statement)" }
            + ["invariant \(EnumerationCheck.id): \(EnumerationCheck.statement)"]
            + StepLibrary.definitions.map { "step \($0.kind.rawValue) \($0.pattern)" }
            + ErrorReference.entries().map {
                "error \($0.platform.rawValue) \($0.name) \($0.code) \($0.message ?? "") \($0.automaticFirst) \($0.automaticRepeated) \($0.explicit)"
            }
    }
}
