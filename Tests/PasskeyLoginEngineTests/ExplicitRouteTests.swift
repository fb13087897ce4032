import PasskeyLoginEngine
import SpecModel
import Testing

/// N1.4-AC02: cancellations of the normal passkey button.
@Suite struct ExplicitRouteTests {
    let explicit = Ceremony(route: .explicit, allowedCredentials: [])

    @Test(arguments: PlatformAdapters.all.map(\.platform))
    func cancellingRepeatedlyLeavesTheLoginScreenUnchanged(platform: Platform) {
        var store = LoginTestStore(configuration: Configuration(automaticStart: .none))
        store.send(.screenAppeared) { $0.appeared = true }
        for _ in 0..<5 {
            store.send(.passkeyButtonTapped, effects: [.startCeremony(explicit)]) { $0.ceremony = explicit }
            store.send(.ceremonyFinished(outcome(.userCancels, on: platform)), situation: .explicitCancel) {
                $0.ceremony = nil
            }
        }
        #expect(store.state.screen == .login)
        #expect(store.state.notice == nil)
        #expect(store.state.cancellationStreak == 0)
        #expect(store.reducer.accepts(.passkeyButtonTapped, in: store.state))
        #expect(store.reducer.accepts(.fallbackChosen, in: store.state))
    }

    @Test(arguments: promptPlatforms)
    func anExplicitCancelBetweenAutomaticOnesKeepsTheRetryAndTheCount(platform: Platform) {
        var store = LoginTestStore()
        store.launchToAutomaticPrompt()
        let automatic = store.automaticCeremony()
        store.send(
            .ceremonyFinished(outcome(.userCancels, on: platform)), effects: [.persistCancellationStreak(1)],
            situation: .automaticCancelFirst
        ) {
            $0.ceremony = nil
            $0.cancellationStreak = 1
            $0.retry = .ceremony(automatic)
        }
        store.send(.passkeyButtonTapped, effects: [.startCeremony(explicit)]) { $0.ceremony = explicit }
        store.send(.ceremonyFinished(outcome(.userCancels, on: platform)), situation: .explicitCancel) {
            $0.ceremony = nil
        }
        #expect(store.state.offeredActions == [.retry])
        #expect(store.state.cancellationStreak == 1)
    }
}
