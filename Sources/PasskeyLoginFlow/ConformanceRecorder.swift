import Foundation
import PasskeyLoginEngine
import ReportModel
import SpecModel
import SpecRunner
import Utilities

/// Writes a spec's checks as a conformance kit's script: each check run on the reference
/// engine, recording after each step what the kit must arrange, do or see. The run is the
/// runner's own (`PlatformRun`), so the kit expects exactly what `check` verified.
enum ConformanceRecorder {
    /// The script of `spec`'s checks on `platform`.
    static func script(for spec: Spec, on platform: Platform, variant: ReducerVariant? = nil) -> KitScript {
        let adapter = PasskeyLoginFlow.adapter(for: platform)
        var checks: [KitCheck] = []
        var skipped: [KitSkip] = []
        for check in spec.checks {
            let bindings = check.steps.map { registry.bind($0) }
            guard bindings.allSatisfy({ if case .bound = $0 { true } else { false } }) else {
                skipped.append(KitSkip(check: check.id, reason: "a step does not bind; 'lint' says why"))
                continue
            }
            let recording = record(check, bindings: bindings, spec: spec, adapter: adapter, variant: variant)
            guard recording.passed else {
                let reason =
                    recording.failure.map { "it fails on the engine at line \($0)" } ?? "it does not pass on the engine"
                skipped.append(KitSkip(check: check.id, reason: reason))
                continue
            }
            let start = CheckContext(adapter: adapter, variant: variant)
            checks.append(
                KitCheck(
                    id: check.id, name: check.name, criterion: check.criterion?.description,
                    line: check.location.line, configuration: configuration(start.configuration),
                    world: world(start.script), steps: recording.steps,
                    requires: requirements(
                        of: check, bindings: bindings, recording: recording, spec: spec, adapter: adapter,
                        variant: variant)))
        }
        checks += triggerVariants(of: checks, spec: spec, adapter: adapter)
        let copy = Dictionary(
            spec.scenarios.compactMap { scenario in
                scenario.copy(for: platform).flatMap(kitCopy).map { (scenario.id, $0) }
            }, uniquingKeysWith: { first, _ in first })
        var script = KitScript(
            spec: KitSpec(id: spec.id, title: spec.title, file: spec.location.file, fingerprint: ""),
            platform: platform.rawValue, copy: copy, checks: checks, skipped: skipped)
        script.spec.fingerprint = fingerprint(of: script)
        return script
    }

    private static let registry = StepRegistry(definitions: StepLibrary.definitions)

    /// One run of a check on the engine, as the kit replays it.
    struct Recording {
        var passed: Bool
        /// The line of the first step that failed, when one did.
        var failure: Int?
        var steps: [KitStep]
        /// The configuration the app is created with (at the first action).
        var appStart: Configuration
        /// The account statuses the check meets that may not sign in.
        var statuses: Set<AccountStatus>

        /// What the kit does and expects: the inputs and the expectations, step by step (the
        /// setup steps' configuration aside).
        var replayed: [[KitInput]?] { steps.map(\.inputs) }
        var expected: [KitObservation?] { steps.map(\.expect) }
    }

    /// Runs `check` on the engine, recording after each step what the kit must arrange, do or
    /// see; with `pin`, those configuration values hold whatever the check's steps set.
    static func record(
        _ check: Check, bindings: [StepBinding], spec: Spec, adapter: any PlatformAdapter,
        variant: ReducerVariant?, pin: ConfigurationPin = ConfigurationPin()
    ) -> Recording {
        var steps: [KitStep] = []
        var inputsSeen = 0
        var start = CheckContext(adapter: adapter, variant: variant)
        start.pin = pin
        // A setup step carries the configuration and the world only where it changes them,
        // so that a script stays small and a diff shows what each step sets.
        var lastConfiguration = configuration(start.configuration)
        var lastWorld = world(start.script)
        var appStart: Configuration?
        var statuses: Set<AccountStatus> = []
        if let status = start.script.account?.status, status != .active { statuses.insert(status) }
        let run = PlatformRun.run(
            StepLibrary.definitions, written: check.steps, bindings: bindings, context: start
        ) { context, index, kind in
            let step = check.steps[index]
            var recorded = KitStep(
                keyword: step.keyword.rawValue, text: step.text, line: step.location.line, kind: kind.rawValue)
            switch kind {
            case .setup:
                if let status = context.script.account?.status, status != .active { statuses.insert(status) }
                let now = (configuration(context.configuration), world(context.script))
                recorded.configuration = now.0 == lastConfiguration ? nil : now.0
                recorded.world = now.1 == lastWorld ? nil : now.1
                (lastConfiguration, lastWorld) = now
            case .action:
                recorded.inputs = context.inputs.indices.dropFirst(inputsSeen).compactMap { index in
                    input(of: context.inputs[index], adapter: adapter).map { recorded in
                        var recorded = recorded
                        recorded.prompt = context.promptRoutes[index]?.rawValue
                        recorded.opens = context.openedRoutes[index]?.rawValue
                        return recorded
                    }
                }
                inputsSeen = context.inputs.count
                if appStart == nil { appStart = context.configuration }
            case .outcome:
                var named: [String] = []
                if case .bound(let bound) = bindings[index] { named = StepLibrary.definitions[bound.index].observes }
                recorded.expect = observation(of: context, spec: spec, naming: named)
            }
            steps.append(recorded)
        }
        return Recording(
            passed: run.status == .passed, failure: run.failures.first?.step.location.line, steps: steps,
            appStart: appStart ?? start.configuration, statuses: statuses)
    }

    /// What an app must support for the check to apply: for each part of the configuration,
    /// every value under which the engine replays the check with the same inputs and the same
    /// expectations (an identifier field does not matter to a check that never enters one), the
    /// check's own first; and the routes of the account statuses it meets.
    private static func requirements(
        of check: Check, bindings: [StepBinding], recording: Recording, spec: Spec,
        adapter: any PlatformAdapter, variant: ReducerVariant?
    ) -> KitRequirements {
        func tolerated<Value: Equatable>(
            _ own: Value, among values: [Value], pinning: (inout ConfigurationPin, Value) -> Void
        ) -> [Value] {
            [own]
                + values.filter { $0 != own }.filter { value in
                    var pin = ConfigurationPin()
                    pinning(&pin, value)
                    let other = record(
                        check, bindings: bindings, spec: spec, adapter: adapter, variant: variant, pin: pin)
                    return other.passed && other.replayed == recording.replayed && other.expected == recording.expected
                }
        }
        let start = recording.appStart
        return KitRequirements(
            entry: tolerated(start.entry, among: LoginEntry.allCases) { $0.entry = $1 }.map(\.rawValue),
            automaticStart: tolerated(start.automaticStart, among: AutomaticStart.allCases) {
                $0.automaticStart = $1
            }.map(\.rawValue),
            enumerationPolicy: tolerated(start.enumerationPolicy, among: EnumerationPolicy.allCases) {
                $0.enumerationPolicy = $1
            }.map(\.rawValue),
            fallback: tolerated(start.fallback, among: FallbackMethod.allCases) { $0.fallback = $1 }.map(\.rawValue),
            accountRoutes: Dictionary(
                uniqueKeysWithValues: recording.statuses.compactMap { status in
                    start.accountRoutes[status].map { (status.rawValue, $0.rawValue) }
                }))
    }

    /// A check more for each native error a Trigger cell names on the platform that no check's
    /// prompt ends with: a copy of the first check whose prompt ends with an error the engine
    /// reads the same way (the same `CeremonyOutcome`), ending it with that error instead, the
    /// platform's message included. The engine reads nothing else of a native error, so the
    /// copy's expectations are the original's; the app meets every name the spec gives, as the
    /// platform raises it.
    static func triggerVariants(of checks: [KitCheck], spec: Spec, adapter: any PlatformAdapter) -> [KitCheck] {
        let catalogue = TriggerCatalogue(adapter: adapter, configurations: [])
        var written: [String] = []
        for scenario in spec.scenarios {
            for name in scenario.copy(for: adapter.platform)?.trigger.signals ?? [] where !written.contains(name) {
                written.append(name)
            }
        }
        func native(of result: KitNativeResult) -> NativeResult? {
            adapter.errorResults.first {
                $0.name == result.name && $0.code == result.code && $0.message == result.message
            }
        }
        var produced = Set(
            checks.flatMap { check in
                check.steps.flatMap { $0.inputs ?? [] }.compactMap(\.result).map { "\($0.name) \($0.code)" }
            })
        var variants: [KitCheck] = []
        for name in written {
            guard let entry = catalogue.entry(named: name) else { continue }
            let natives = catalogue.results(of: entry).compactMap(\.native)
            guard !natives.isEmpty, !natives.contains(where: { produced.contains("\($0.name) \($0.code)") }) else {
                continue
            }
            variant: for result in natives {
                let outcome = adapter.outcome(of: result)
                for check in checks {
                    for (stepIndex, step) in check.steps.enumerated() {
                        guard
                            let inputIndex = step.inputs?.firstIndex(where: { input in
                                input.event == "prompt-result" && input.result?.passkey == nil
                                    && input.result.flatMap(native(of:)).map(adapter.outcome(of:)) == outcome
                            })
                        else { continue }
                        var copy = check
                        copy.id = "\(check.id)/as-\(slug(name))"
                        copy.name = "\(check.name), as \(name)"
                        copy.steps[stepIndex].inputs?[inputIndex].result = Self.result(result)
                        variants.append(copy)
                        produced.insert("\(result.name) \(result.code)")
                        break variant
                    }
                }
            }
        }
        return variants
    }

    /// `getcredentialcustomexception` for `GetCredentialCustomException`: a check ID's last part.
    private static func slug(_ name: String) -> String {
        name.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
    }

    /// A hash of everything the kit asserts: the checks and the copy.
    private static func fingerprint(of script: KitScript) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var hasher = FNV1a()
        hasher.mix(bytes: (try? encoder.encode(script.checks)) ?? Data())
        hasher.mix(bytes: (try? encoder.encode(script.copy)) ?? Data())
        return hasher.hex
    }

    private static func kitCopy(_ copy: PlatformCopy) -> KitCopy? {
        guard let title = copy.title.text ?? copy.message.text.map({ _ in "" }), let message = copy.message.text
        else { return nil }
        return KitCopy(
            title: title, message: message,
            buttons: copy.actions.compactMap { action in
                action.label.text.map { KitButton(action: action.id, label: $0) }
            }, presentation: copy.presentationKind?.rawValue)
    }

    static func configuration(_ configuration: Configuration) -> KitConfiguration {
        KitConfiguration(
            automaticStart: configuration.automaticStart.rawValue, entry: configuration.entry.rawValue,
            enumerationPolicy: configuration.enumerationPolicy.rawValue, fallback: configuration.fallback.rawValue,
            accountRoutes: Dictionary(
                uniqueKeysWithValues: configuration.accountRoutes.map { ($0.key.rawValue, $0.value.rawValue) }))
    }

    static func world(_ script: WorldScript) -> KitWorld {
        KitWorld(
            account: script.account?.status.rawValue, routeAvailable: script.routeAvailable,
            devicePasskeys: script.deviceCredentials.map(name),
            serverPasskeys: Dictionary(
                uniqueKeysWithValues: script.serverCredentials.map { (name($0.key), $0.value.rawValue) }),
            lookupFault: script.lookupFault.map {
                KitLookupFault(
                    dependency: $0.dependency.rawValue, fault: $0.fault.rawValue,
                    failingLookups: script.failingLookups)
            }, verificationInconclusive: script.verificationInconclusive, challengeExpires: script.challengeExpires)
    }

    /// A passkey's name in the spec's steps.
    static func name(_ credential: CredentialID) -> String {
        String(decoding: credential.bytes, as: UTF8.self)
    }

    private static func input(of input: CheckContext.Input, adapter: any PlatformAdapter) -> KitInput? {
        switch input {
        case .event(let event):
            return switch event {
            case .screenAppeared: KitInput(event: "screen-appeared")
            case .identifierSubmitted: KitInput(event: "identifier-entered")
            case .passkeyButtonTapped: KitInput(event: "passkey-button-tapped")
            case .assistedChallengeExpiring: KitInput(event: "suggestions-challenge-expiring")
            case .retryTapped: KitInput(event: "choose", action: UserAction.retry.rawValue)
            case .anotherPasskeyChosen: KitInput(event: "choose", action: UserAction.anotherPasskey.rawValue)
            case .fallbackChosen: KitInput(event: "choose", action: UserAction.fallback.rawValue)
            case .recoveryChosen: KitInput(event: "choose", action: UserAction.recovery.rawValue)
            case .supportChosen: KitInput(event: "choose", action: UserAction.support.rawValue)
            case .accountHelpChosen: KitInput(event: "choose", action: UserAction.accountHelp.rawValue)
            case .noticeDismissed: KitInput(event: "choose", action: UserAction.dismiss.rawValue)
            case .fallbackSignInSucceeded: KitInput(event: "fallback-sign-in-succeeded")
            case .passkeyRevokedInSettings: nil  // recorded as `.revocation`, with the passkey's name
            case .appRelaunched: KitInput(event: "app-relaunched")
            case .signedOut: KitInput(event: "signed-out")
            case .lookupFinished, .requestOptionsFinished, .ceremonyFinished, .assistedRequestFinished,
                .verificationFinished:
                nil
            }
        case .revocation(let passkey):
            return KitInput(event: "passkey-revoked-in-settings", passkey: passkey)
        case .prompt(let action, let passkey):
            return adapter.result(of: action, credential: passkey.map(CredentialID.init(named:))).map {
                KitInput(event: "prompt-result", result: result($0))
            }
        case .assisted(let action, let passkey):
            // A platform that does not report an assisted request's errors (Android) delivers
            // nothing but a picked passkey: the request stays pending, as the app sees it.
            guard action == .userSelectsPasskey || adapter.reportsAssistedErrors else { return nil }
            return adapter.result(of: action, credential: passkey.map(CredentialID.init(named:))).map {
                KitInput(event: "suggestion-result", result: result($0))
            }
        }
    }

    static func result(_ native: NativeResult) -> KitNativeResult {
        KitNativeResult(
            name: native.name, code: native.code, message: native.message, passkey: native.credential.map(name))
    }

    /// What the kit must see after an outcome step: everything the user sees and the fakes
    /// record, the counts of server calls only where the step's words (`named`) name them.
    private static func observation(of context: CheckContext, spec: Spec, naming named: [String]) -> KitObservation {
        observation(
            of: context.state, effects: context.allEffects,
            copy: { id in spec.scenarios.first { $0.id == id }?.copy(for: context.platform) },
            counting: Set(named), named: named)
    }

    /// What the user sees in `state` and what the fakes recorded of `effects`, in a kit's
    /// terms: the copy each notice shows from `copy` (by scenario ID), the counts of server
    /// calls only for the fields in `counting` (`lookups`, `optionsCalls`).
    static func observation(
        of state: LoginState, effects: [LoginEffect], copy: (String) -> PlatformCopy?,
        counting: Set<String>, named: [String]?
    ) -> KitObservation {
        var screen = "login"
        var route: String?
        switch state.screen {
        case .login: screen = "login"
        case .fallback: screen = "fallback"
        case .signedIn: screen = "signed-in"
        case .accountRoute(let open):
            screen = "account-route"
            route = open.rawValue
        }
        let notice = state.notice.map { notice -> KitNotice in
            let copy = copy(notice.id)
            let labels = notice.actions.compactMap { action in
                copy?.actions.first { $0.id == action.rawValue }?.label.text
            }
            return KitNotice(
                scenario: notice.id, title: copy?.title.text ?? "", message: copy?.message.text ?? "",
                buttons: labels, presentation: copy?.presentationKind?.rawValue)
        }
        let signals = effects.compactMap { effect -> String? in
            switch effect {
            case .signalUnknownCredential(let id): "unknown-credential \(name(id))"
            case .signalAllAcceptedCredentials(_, let accepted):
                "all-accepted-credentials \(accepted.map(name).joined(separator: ","))"
            default: nil
            }
        }
        return KitObservation(
            screen: screen, route: route, notice: notice, actions: state.offeredActions.map(\.rawValue),
            prompt: state.ceremony?.route.rawValue, suggestions: state.assisted != nil, session: state.session != nil,
            signals: signals,
            lookups: counting.contains("lookups") ? effects.filter { $0 == .lookUpAccount }.count : nil,
            optionsCalls: counting.contains("optionsCalls")
                ? effects.filter { if case .fetchRequestOptions = $0 { true } else { false } }.count : nil,
            named: named)
    }
}
