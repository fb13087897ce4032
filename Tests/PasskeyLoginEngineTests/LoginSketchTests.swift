import PasskeyLoginEngine
import SpecModel
import Testing

/// The explorer's graph at the level of what the user sees, which the diagrams draw.
@Suite struct LoginSketchTests {
    static let report = Explorer().run()

    /// The first move from a node with `from` to one with `to`, by ID, taking `move`.
    func facts(_ sketch: LoginSketch, from: String, move: String, to: String) -> SketchFacts? {
        sketch.edges.first { $0.key.from.id == from && $0.key.move == move && $0.key.to.id == to }?.value
    }

    @Test func theAutomaticRouteCancelledTwiceEndsOnTheFallbackWithTheScenarioOnTheNode() throws {
        let sketch = Self.report.sketch
        let first = try #require(
            facts(
                sketch, from: "login.prompt-automatic", move: "prompt: cancelled",
                to: "login.retry.c1.after-automatic-cancel-first"))
        #expect(first.invariants.contains("AC01.first-cancel-offers-retry"))
        #expect(first.routes == [.automatic])
        #expect(first.platforms == [.ios, .android])
        let retry = try #require(
            facts(
                sketch, from: "login.retry.c1.after-automatic-cancel-first", move: "retry",
                to: "login.options-automatic.c1"))
        #expect(retry.routes == [.automatic])
        let options = try #require(
            facts(sketch, from: "login.options-automatic.c1", move: "options received", to: "login.prompt-automatic.c1")
        )
        #expect(options.invariants.contains("AC03.request-waits-for-options"))
        let second = try #require(
            facts(
                sketch, from: "login.prompt-automatic.c1", move: "prompt: cancelled",
                to: "fallback.c2.after-automatic-cancel-repeated"))
        #expect(second.invariants.contains("AC01.second-cancel-shows-fallback"))
    }

    @Test func nodesSayWhatTheUserSees() {
        var state = LoginState(cancellationStreak: 1)
        state.appeared = true
        state.ceremony = Ceremony(route: .automatic, allowedCredentials: [])
        let node = SketchNode(state: state, situation: nil)
        #expect(node.id == "login.prompt-automatic.c1")
        #expect(node.lines == ["Login screen", "passkey prompt (automatic)", "1 automatic cancel"])
        #expect(!node.isStart)
        #expect(SketchNode(state: LoginState(), situation: nil).isStart)
        var notice = LoginState()
        notice.notice = .passkeyFailed
        #expect(SketchNode(state: notice, situation: .passkeyFailed).id == "login.notice-passkey-failed")
        #expect(SketchNode(state: notice, situation: .passkeyFailed).lines == ["Error notice", "over login screen"])
        var fallbackNotice = notice
        fallbackNotice.screen = .fallback(.password)
        #expect(
            SketchNode(state: fallbackNotice, situation: .passkeyFailed).lines == [
                "Error notice", "over fallback sign-in",
            ])
    }

    @Test func eachPlatformDrawsOnlyTheMovesItsRunsMade() {
        // The web never opens the prompt by itself.
        let automatic = Self.report.sketch.edges.filter { $0.value.routes.contains(.automatic) }
        #expect(!automatic.isEmpty)
        #expect(automatic.allSatisfy { !$0.value.platforms.contains(.web) })
        // "Other method" is Sign in with Apple: iOS only.
        let other = Self.report.sketch.edges.filter { $0.key.move == "prompt: other method" }
        #expect(!other.isEmpty)
        #expect(other.allSatisfy { $0.value.platforms == [.ios] })
    }

    @Test func aChangedEngineChangesTheSketch() {
        // The second cancellation offers retry again instead of the fallback.
        var explorer = Explorer(adapters: [PlatformAdapters.all[0]], configurations: [Configuration()])
        explorer.comparesWorlds = false
        explorer.variant = ReducerVariant { before, _, transition in
            guard transition.situation == .automaticCancelRepeated, let ceremony = before.ceremony else {
                return transition
            }
            var next = before
            next.ceremony = nil
            next.cancellationStreak = 1
            next.retry = .ceremony(ceremony)
            return Transition(state: next, situation: .automaticCancelFirst)
        }
        let changed = explorer.run()
        #expect(!changed.sketch.edges.keys.contains { $0.to.situation == .automaticCancelRepeated })
        #expect(changed.invariants.first { $0.id == "AC01.second-cancel-shows-fallback" }!.violations > 0)
    }
}
