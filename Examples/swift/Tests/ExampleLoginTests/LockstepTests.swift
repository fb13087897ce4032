import ExampleLogin
import PasskeyLoginEngine
import PasskeyLoginKit
import Testing

/// The example and the reference engine driven with the same inputs over every sequence as
/// long as the longest written check, under every configuration the engine's explorer uses
/// and its worlds but those that cross two kinds of server trouble.
@Suite struct LockstepTests {
    /// The explorer's worlds, less those where a lookup or request-options fault meets a
    /// verification that does not conclude or finds its challenge expired: the app meets each
    /// at its own step, and the worlds with one of them alone reach every such step. Crossing
    /// them would more than double the sequences replayed and add no step the app takes.
    static let worlds = WorldScript.explorationSet.filter {
        $0.lookupFault == nil || (!$0.verificationInconclusive && !$0.challengeExpires)
    }

    /// As many inputs as the longest written check gives.
    static func depth(of script: KitScript) -> Int {
        script.checks.map { $0.steps.reduce(0) { $0 + ($1.inputs?.count ?? 0) } }.max() ?? 0
    }

    @Test func theExampleMatchesTheEngineOnEverySequence() async throws {
        let script = try Scripts.n1_4()
        let report = Lockstep(depth: Self.depth(of: script), script: script, worlds: Self.worlds).run(AppHarness.self)
        #expect(report.divergence == nil, "\(report.divergence.map(\.description) ?? "")")
        #expect(report.states > 1000)
        print(
            "lockstep to depth \(Self.depth(of: script)): \(report.states) engine states, \(report.inputs) inputs replayed"
        )
    }

    enum AutoFillAlert: MutationChoice {
        static var mutations: Set<LoginViewModel.Mutation> { [.alertForAutoFillFailure] }
    }

    /// An alert for a failed AutoFill request: no written check ends one with an error, so
    /// every check passes; lockstep exploration finds the shortest sequence that shows it.
    @Test func findsAMistakeNoWrittenCheckCatches() async throws {
        let script = try Scripts.n1_4()
        #expect(await Conformance.failures(in: script, harness: ExampleHarness<AutoFillAlert>.self).isEmpty)
        let report = Lockstep(depth: Self.depth(of: script), script: script, worlds: Self.worlds).run(
            ExampleHarness<AutoFillAlert>.self)
        let divergence = try #require(report.divergence)
        #expect(divergence.inputs.count == 2, "\(divergence)")
        #expect(divergence.inputs.first == "screen-appeared")
        #expect(divergence.inputs.last?.hasPrefix("suggestion-result: ASAuthorizationError.Code.") == true)
        #expect(divergence.differences.contains { $0.hasPrefix("notice: expected none") }, "\(divergence)")
        print(divergence)
    }
}
