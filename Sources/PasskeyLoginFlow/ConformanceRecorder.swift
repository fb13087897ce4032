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
            var steps: [KitStep] = []
            var inputsSeen = 0
            let start = CheckContext(adapter: adapter, variant: variant)
            // A setup step carries the configuration and the world only where it changes them,
            // so that a script stays small and a diff shows what each step sets.
            var lastConfiguration = configuration(start.configuration)
            var lastWorld = world(start.script)
            let run = PlatformRun.run(
                StepLibrary.definitions, written: check.steps, bindings: bindings,
                context: CheckContext(adapter: adapter, variant: variant)
            ) { context, index, kind in
                let step = check.steps[index]
                var recorded = KitStep(
                    keyword: step.keyword.rawValue, text: step.text, line: step.location.line, kind: kind.rawValue)
                switch kind {
                case .setup:
                    let now = (configuration(context.configuration), world(context.script))
                    recorded.configuration = now.0 == lastConfiguration ? nil : now.0
                    recorded.world = now.1 == lastWorld ? nil : now.1
                    (lastConfiguration, lastWorld) = now
                case .action:
                    recorded.inputs = context.inputs[inputsSeen...].compactMap { input(of: $0, adapter: adapter) }
                    inputsSeen = context.inputs.count
                case .outcome:
                    recorded.expect = observation(of: context, spec: spec)
                }
                steps.append(recorded)
            }
            guard run.status == .passed else {
                let reason =
                    run.failures.first.map { "it fails on the engine at line \($0.step.location.line)" }
                    ?? "it does not pass on the engine"
                skipped.append(KitSkip(check: check.id, reason: reason))
                continue
            }
            checks.append(
                KitCheck(
                    id: check.id, name: check.name, criterion: check.criterion?.description,
                    line: check.location.line, configuration: configuration(start.configuration),
                    world: world(start.script), steps: steps))
        }
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
            })
    }

    private static func configuration(_ configuration: Configuration) -> KitConfiguration {
        KitConfiguration(
            automaticStart: configuration.automaticStart.rawValue, entry: configuration.entry.rawValue,
            enumerationPolicy: configuration.enumerationPolicy.rawValue, fallback: configuration.fallback.rawValue,
            accountRoutes: Dictionary(
                uniqueKeysWithValues: configuration.accountRoutes.map { ($0.key.rawValue, $0.value.rawValue) }))
    }

    private static func world(_ script: WorldScript) -> KitWorld {
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
    private static func name(_ credential: CredentialID) -> String {
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

    private static func result(_ native: NativeResult) -> KitNativeResult {
        KitNativeResult(
            name: native.name, code: native.code, message: native.message, passkey: native.credential.map(name))
    }

    private static func observation(of context: CheckContext, spec: Spec) -> KitObservation {
        let state = context.state
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
            let copy = spec.scenarios.first { $0.id == notice.id }?.copy(for: context.platform)
            let labels = notice.actions.compactMap { action in
                copy?.actions.first { $0.id == action.rawValue }?.label.text
            }
            return KitNotice(
                scenario: notice.id, title: copy?.title.text ?? "", message: copy?.message.text ?? "",
                buttons: labels)
        }
        let signals = context.allEffects.compactMap { effect -> String? in
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
            signals: signals, lookups: context.allEffects.filter { $0 == .lookUpAccount }.count)
    }
}
