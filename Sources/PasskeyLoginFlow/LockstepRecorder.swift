import PasskeyLoginEngine
import ReportModel
import SpecModel

/// Writes a lockstep exploration (`KitLockstepLine`): every sequence of inputs the reference
/// engine takes up to a depth, breadth first, under each configuration of its explorer and
/// each of its worlds, with what the app must show after each. A kit replays each sequence on
/// a new app and compares; the sequences depend on the engine alone, so they are written once
/// for every kit.
enum LockstepRecorder {
    /// Writes the exploration of `spec` on `platform` to `write`, which returns false to stop
    /// it (a reader that has found what it wanted); the last line's counts, or nil when
    /// stopped.
    @discardableResult
    static func record(
        _ spec: Spec, on platform: Platform, options: KitLockstepOptions, variant: ReducerVariant? = nil,
        write: (KitLockstepLine) -> Bool
    ) -> KitLockstepEnd? {
        // The writer keeps `write` only while the exploration runs.
        withoutActuallyEscaping(write) { write in
            record(spec, on: platform, options: options, variant: variant, writer: Writer(write: write))
        }
    }

    private static func record(
        _ spec: Spec, on platform: Platform, options: KitLockstepOptions, variant: ReducerVariant?, writer: Writer
    ) -> KitLockstepEnd? {
        var writer = writer
        let adapter = PasskeyLoginFlow.adapter(for: platform)
        let script = ConformanceRecorder.script(for: spec, on: platform, variant: variant)
        let depth = options.depth ?? longest(script)
        guard writer.emit(.header(KitLockstepHeader(spec: script.spec, platform: platform.rawValue, depth: depth)))
        else { return nil }
        let copy = Dictionary(
            spec.scenarios.compactMap { scenario in scenario.copy(for: platform).map { (scenario.id, $0) } },
            uniquingKeysWith: { first, _ in first })
        let worlds = WorldScript.explorationSet.filter {
            options.crossedFaults || $0.lookupFault == nil || (!$0.verificationInconclusive && !$0.challengeExpires)
        }
        var end = KitLockstepEnd(runs: 0, sequences: 0, states: 0)
        // Every run first, then the sequences breadth first over all of them, so that the
        // first sequence an app fails is a shortest of the whole exploration.
        var level: [(run: Int, engine: LockstepEngine, sequence: Int)] = []
        var seen: [Set<LockstepEngine.Key>] = []
        for configuration in Explorer.configurations {
            for world in worlds {
                let run = KitLockstepRun(
                    configuration: ConformanceRecorder.configuration(configuration),
                    world: ConformanceRecorder.world(world),
                    description: describe(configuration) + "; " + describe(world))
                guard writer.emit(.run(run)) else { return nil }
                let root = LockstepEngine(
                    reducer: LoginReducer(configuration: configuration, variant: variant), adapter: adapter,
                    world: World(script: world))
                level.append((end.runs, root, 0))
                seen.append([root.key])
                end.runs += 1
            }
        }
        for _ in 0..<depth {
            var next: [(run: Int, engine: LockstepEngine, sequence: Int)] = []
            for node in level {
                // Every input is written, also one that leads to a state reached before: the
                // app may not be there. Only new states are extended.
                for (input, engine) in node.engine.successors() {
                    let expectNumber = writer.number(
                        of: engine.seen,
                        observation: {
                            ConformanceRecorder.observation(
                                of: engine.state, effects: engine.world.performed, copy: { copy[$0] },
                                counting: ["lookups"], named: nil)
                        })
                    guard let inputNumber = writer.number(of: input), let expectNumber,
                        writer.emit(
                            .sequence(run: node.run, parent: node.sequence, input: inputNumber, expect: expectNumber))
                    else { return nil }
                    end.sequences += 1
                    guard seen[node.run].insert(engine.key).inserted else { continue }
                    end.states += 1
                    next.append((node.run, engine, end.sequences))
                }
            }
            level = next
        }
        return writer.emit(.end(end)) ? end : nil
    }

    /// As many inputs as the longest check of the script gives.
    static func longest(_ script: KitScript) -> Int {
        script.checks.map { $0.steps.reduce(0) { $0 + ($1.inputs?.count ?? 0) } }.max() ?? 0
    }

    /// Numbers inputs and observations in the order they are first written, writing each
    /// definition before its first use.
    private struct Writer {
        let write: (KitLockstepLine) -> Bool
        var inputs: [KitInput: Int] = [:]
        var observations: [KitObservation: Int] = [:]
        var shown: [LockstepEngine.Seen: Int] = [:]

        mutating func emit(_ line: KitLockstepLine) -> Bool { write(line) }

        mutating func number(of input: KitInput) -> Int? {
            if let number = inputs[input] { return number }
            guard write(.input(input)) else { return nil }
            inputs[input] = inputs.count
            return inputs.count - 1
        }

        /// The number of the observation of engines that show `seen`; `observation` makes it
        /// only for the first such engine, as most sequences end where others did.
        mutating func number(of seen: LockstepEngine.Seen, observation: () -> KitObservation) -> Int? {
            if let number = shown[seen] { return number }
            let made = observation()
            let number: Int
            if let known = observations[made] {
                number = known
            } else {
                guard write(.expect(made)) else { return nil }
                number = observations.count
                observations[made] = number
            }
            shown[seen] = number
            return number
        }
    }

    private static func describe(_ configuration: Configuration) -> String {
        "entry \(configuration.entry.rawValue), automatic start \(configuration.automaticStart.rawValue), "
            + "enumeration policy \(configuration.enumerationPolicy.rawValue)"
    }

    private static func describe(_ world: WorldScript) -> String {
        var parts = [world.account.map { "account \($0.status.rawValue)" } ?? "no account"]
        if !world.routeAvailable { parts.append("passkey route not available") }
        let passkeys = world.deviceCredentials.map { credential in
            let name = ConformanceRecorder.name(credential)
            return "\(name) (\(world.serverCredentials[credential]?.rawValue ?? "unknown to the server"))"
        }
        parts.append("device passkeys: " + (passkeys.isEmpty ? "none" : passkeys.joined(separator: ", ")))
        if let fault = world.lookupFault {
            let call = fault.dependency == .requestOptions ? "call" : "lookup"
            parts.append("\(fault.dependency.rawValue) \(call) \(fault.fault.rawValue) \(world.failingLookups) time(s)")
        }
        if world.verificationInconclusive { parts.append("verification inconclusive") }
        if world.challengeExpires { parts.append("first challenge expired") }
        return parts.joined(separator: ", ")
    }
}

/// The reference engine with its world, as a value the exploration copies at each input.
struct LockstepEngine {
    let reducer: LoginReducer
    let adapter: any PlatformAdapter
    var state = LoginState()
    var world: World

    init(reducer: LoginReducer, adapter: any PlatformAdapter, world: World) {
        self.reducer = reducer
        self.adapter = adapter
        self.world = world
    }

    /// What tells two engines apart for the exploration: the state, how many of the world's
    /// failing calls are used up, and the server's passkeys, which a revocation in the
    /// settings changes while the state comes back to one seen before (signed in).
    struct Key: Hashable {
        var state: LoginState
        var lookups: Int
        var optionsCalls: Int
        var verifications: Int
        var serverPasskeys: [CredentialID: ServerCredentialState]
    }

    /// What an observation is made of: the state, the signals sent and the lookups made.
    struct Seen: Hashable {
        var state: LoginState
        var signals: [LoginEffect]
        var lookups: Int
    }

    var seen: Seen { Seen(state: state, signals: world.signals, lookups: world.lookups) }

    /// The state and, up to where the faults stop, the server calls made: a fault fails the
    /// first calls only.
    var key: Key {
        let failing = world.script.failingLookups + 1
        return Key(
            state: state, lookups: min(world.lookups, failing), optionsCalls: min(world.optionsCalls, failing),
            verifications: min(world.verifications, 2), serverPasskeys: world.script.serverCredentials)
    }

    private static let userEvents: [(LoginEvent, KitInput)] = [
        (.screenAppeared, KitInput(event: "screen-appeared")),
        (.identifierSubmitted, KitInput(event: "identifier-entered")),
        (.passkeyButtonTapped, KitInput(event: "passkey-button-tapped")),
        (.assistedChallengeExpiring, KitInput(event: "suggestions-challenge-expiring")),
        (.retryTapped, KitInput(event: "choose", action: UserAction.retry.rawValue)),
        (.anotherPasskeyChosen, KitInput(event: "choose", action: UserAction.anotherPasskey.rawValue)),
        (.fallbackChosen, KitInput(event: "choose", action: UserAction.fallback.rawValue)),
        (.recoveryChosen, KitInput(event: "choose", action: UserAction.recovery.rawValue)),
        (.supportChosen, KitInput(event: "choose", action: UserAction.support.rawValue)),
        (.accountHelpChosen, KitInput(event: "choose", action: UserAction.accountHelp.rawValue)),
        (.noticeDismissed, KitInput(event: "choose", action: UserAction.dismiss.rawValue)),
        (.appRelaunched, KitInput(event: "app-relaunched")),
        (.signedOut, KitInput(event: "signed-out")),
    ]

    /// Every input possible now, with the engine after it.
    func successors() -> [(KitInput, LockstepEngine)] {
        var found: [(KitInput, LockstepEngine)] = []
        var events = Self.userEvents
        if let account = world.script.account {
            events.append(
                (
                    .fallbackSignInSucceeded(account, acceptedCredentials: world.script.acceptedCredentials),
                    KitInput(event: "fallback-sign-in-succeeded")
                ))
            if let revoked = world.script.passkeyRevokedInSettings(by: account) {
                events.append(
                    (
                        world.script.revocationInSettings(of: account),
                        KitInput(event: "passkey-revoked-in-settings", passkey: ConformanceRecorder.name(revoked))
                    ))
            }
        }
        for (event, input) in events where reducer.accepts(event, in: state) {
            var next = self
            var input = input
            input.opens = next.deliver(event)
            found.append((input, next))
        }
        if let ceremony = state.ceremony {
            for result in results(for: ceremony) {
                var next = self
                let opens = next.deliver(.ceremonyFinished(adapter.outcome(of: result)))
                found.append(
                    (
                        KitInput(
                            event: "prompt-result", result: ConformanceRecorder.result(result),
                            prompt: ceremony.route.rawValue, opens: opens), next
                    ))
            }
        }
        if let ceremony = state.assisted {
            // A platform that does not report an assisted request's errors (Android) delivers
            // nothing but a picked passkey.
            for result in results(for: ceremony) where result.credential != nil || adapter.reportsAssistedErrors {
                var next = self
                let opens = next.deliver(.assistedRequestFinished(adapter.outcome(of: result)))
                found.append(
                    (
                        KitInput(event: "suggestion-result", result: ConformanceRecorder.result(result), opens: opens),
                        next
                    ))
            }
        }
        return found
    }

    /// Every way the platform can end a request: each error, and each passkey it offers.
    private func results(for ceremony: Ceremony) -> [NativeResult] {
        PromptAction.allCases.flatMap { action -> [NativeResult] in
            guard action == .userSelectsPasskey else {
                return adapter.result(of: action, credential: nil).map { [$0] } ?? []
            }
            return world.script.selectableCredentials(for: ceremony).compactMap {
                adapter.result(of: action, credential: $0)
            }
        }
    }

    /// Applies an event and the world's answers to the requests it makes, until the flow
    /// waits for the user or the platform again; the route of the modal prompt it opened, if
    /// one.
    @discardableResult
    mutating func deliver(_ event: LoginEvent) -> String? {
        var opened: String?
        var queue = [event]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard reducer.accepts(next, in: state) else { continue }
            if case .passkeyRevokedInSettings(let account, _) = next,
                let revoked = world.script.passkeyRevokedInSettings(by: account)
            {
                // The server keeps the revocation: the passkey is refused from now on.
                world.script.serverCredentials[revoked] = .revoked
            }
            let transition = reducer.reduce(state, next)
            state = transition.state
            for effect in transition.effects {
                if case .startCeremony(let ceremony) = effect { opened = ceremony.route.rawValue }
                if let answer = world.perform(effect) { queue.append(answer) }
            }
        }
        return opened
    }
}
