import Pipeline
import ReportModel
import Testing

@testable import PasskeySpecCLI

/// `explore` reports how fast it explored: the wall time and the states and transitions per
/// second, in its own output only.
@Suite struct ExploreTimingTests {
    static func output(states: Int, transitions: Int, seconds: Double) -> ExploreCommand.FlowOutput {
        let summary = ExplorationSummary(
            runs: 1, platforms: 1, configurations: 1, platformConfigurations: 1, worlds: 1, states: states,
            transitions: transitions, depthLimit: 4, deepestLevel: 3, complete: true, nativeResults: 0)
        return ExploreCommand.FlowOutput(
            ExploredFlow(id: "f", summary: summary, invariants: [], screens: [], seconds: seconds))
    }

    @Test func ratesAreCountsPerSecond() {
        let output = Self.output(states: 300, transitions: 900, seconds: 1.5)
        #expect(output.statesPerSecond == 200)
        #expect(output.transitionsPerSecond == 600)
        #expect(ExploreCommand.text([output]).contains("\nexplored in 1.500 s: 200 states/s, 600 transitions/s\n"))
    }

    @Test func anInstantExplorationStillHasFiniteRates() {
        let output = Self.output(states: 3, transitions: 5, seconds: 0)
        #expect(output.seconds == 0)
        #expect(output.statesPerSecond == 3_000_000)
        #expect(output.transitionsPerSecond == 5_000_000)
    }
}
