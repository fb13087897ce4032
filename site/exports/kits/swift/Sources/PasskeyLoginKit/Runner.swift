/// A check that the app does not pass: where in the spec, the step's words, and what differs.
public struct ConformanceFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// `file:line` of the step in the spec.
    public var location: String
    /// The step as the spec words it: `Then the user sees the "deleted-passkey" copy`.
    public var step: String
    /// Each thing that differs: what was expected and what the app showed.
    public var differences: [String]

    public init(location: String, step: String, differences: [String]) {
        self.location = location
        self.step = step
        self.differences = differences
    }

    public var description: String {
        ([step.isEmpty ? location : "\(location): \(step)"] + differences.map { "  " + $0 }).joined(separator: "\n")
    }
}

/// A check that does not apply to the app: it needs something the harness's `capabilities`
/// do not declare. The kit's generated tests report it as skipped, with the reason.
public struct CheckNotApplicable: Error, Equatable, Sendable, CustomStringConvertible {
    public var checkID: String
    /// What the check needs that the app does not declare.
    public var reason: String

    public init(checkID: String, reason: String) {
        self.checkID = checkID
        self.reason = reason
    }

    public var description: String { "skipped: \(reason)" }
}

/// Runs the spec's checks against an app's harness.
public enum Conformance {
    /// Replays the check with this ID against a new `harness`; throws where the app differs
    /// from the spec, and `CheckNotApplicable` when the check needs what the harness's
    /// `capabilities` do not declare.
    public static func run<Harness: LoginHarness>(
        _ checkID: String, in script: KitScript, harness: Harness.Type
    ) throws {
        guard let check = script.check(checkID) else {
            throw ConformanceFailure(
                location: script.spec.file, step: "",
                differences: ["the spec has no check '\(checkID)' on \(script.platform): export the kit again"])
        }
        if let reason = reasonToSkip(check, harness: harness) {
            throw CheckNotApplicable(checkID: checkID, reason: reason)
        }
        if let failure = replay(check, of: script, harness: harness) { throw failure }
    }

    /// Why the check does not apply to the app `harness` stands for; nil when it does.
    public static func reasonToSkip<Harness: LoginHarness>(_ check: KitScript.Check, harness: Harness.Type) -> String? {
        check.requires.flatMap(Harness.capabilities.reasonToSkip)
    }

    /// Every check of the script that applies to `harness`: the failure of each that fails,
    /// by ID.
    public static func failures<Harness: LoginHarness>(
        in script: KitScript, harness: Harness.Type
    ) -> [String: ConformanceFailure] {
        var failures: [String: ConformanceFailure] = [:]
        for check in script.checks where reasonToSkip(check, harness: harness) == nil {
            failures[check.id] = replay(check, of: script, harness: harness)
        }
        return failures
    }

    /// Every check of the script that does not apply to `harness`, with why, by ID.
    public static func skipped<Harness: LoginHarness>(
        in script: KitScript, harness: Harness.Type
    ) -> [String: String] {
        var skipped: [String: String] = [:]
        for check in script.checks {
            skipped[check.id] = reasonToSkip(check, harness: harness)
        }
        return skipped
    }

    static func replay<Harness: LoginHarness>(
        _ check: KitScript.Check, of script: KitScript, harness: Harness.Type
    ) -> ConformanceFailure? {
        let environment = KitEnvironment(configuration: check.configuration, world: check.world)
        return KitEnvironment.$current.withValue(environment) {
            replay(check, of: script, in: environment, harness: harness)
        }
    }

    private static func replay<Harness: LoginHarness>(
        _ check: KitScript.Check, of script: KitScript, in environment: KitEnvironment, harness: Harness.Type
    ) -> ConformanceFailure? {
        var app: Harness?
        for step in check.steps {
            let location = "\(script.spec.file):\(step.line)"
            let words = "\(step.keyword) \(step.text)"
            func failure(_ differences: [String]) -> ConformanceFailure {
                ConformanceFailure(location: location, step: words, differences: differences)
            }
            if let configuration = step.configuration, app == nil { environment.configuration = configuration }
            if let world = step.world { environment.server.world = world }
            for input in step.inputs ?? [] {
                if let problem = apply(input, to: &app, in: environment) { return failure([problem]) }
                let requests = environment.passkeys.takeProblems()
                if !requests.isEmpty { return failure(requests.map { "expected " + $0 }) }
            }
            if let expected = step.expect {
                let shown = observe(app)
                let differences = compare(expected, shown, environment: environment)
                if !differences.isEmpty { return failure(differences) }
            }
        }
        return nil
    }

    /// Passes one input to the app (created on its first event) or to the fakes; what went
    /// wrong, if anything.
    static func apply<Harness: LoginHarness>(
        _ input: KitScript.Input, to app: inout Harness?, in environment: KitEnvironment
    ) -> String? {
        switch input.event {
        case "prompt-result", "suggestion-result":
            guard let result = input.result else { return nil }
            let passkeys = environment.passkeys
            passkeys.taking = (false, input.opens.flatMap(FakePasskeyAPI.Kind.init(rawValue:)))
            defer { passkeys.taking = (false, nil) }
            let problem =
                input.event == "prompt-result"
                ? passkeys.finishPrompt(with: result, kind: input.prompt.flatMap(FakePasskeyAPI.Kind.init(rawValue:)))
                : passkeys.finishSuggestions(with: result)
            return problem.map { "expected " + $0 }
        case "app-relaunched":
            environment.passkeys.dropAll()
            app = Harness(environment: environment)
            return nil
        default:
            guard let event = event(input) else {
                return "an event this kit does not know: '\(input.event)'; export the kit again"
            }
            let current = app ?? Harness(environment: environment)
            app = current
            if case .choose(let action) = event, let problem = unoffered(action, by: current) { return problem }
            let expiring = event == .suggestionsChallengeExpiring ? environment.passkeys.suggestionsChallenge : nil
            environment.passkeys.taking = (
                event == .passkeyButtonTapped || input.event == "choose",
                input.opens.flatMap(FakePasskeyAPI.Kind.init(rawValue:))
            )
            current.send(event)
            environment.passkeys.taking = (false, nil)
            if let expiring, environment.passkeys.suggestionsChallenge == expiring {
                return
                    "expected the identifier field's request armed again with fresh options; it still carries challenge \"\(expiring)\""
            }
            return nil
        }
    }

    /// Why the user cannot choose `action` now, when the app does not offer it. The login
    /// screen's other sign-in methods are the fallback, offered or not, unless a blocking
    /// notice covers them.
    private static func unoffered<Harness: LoginHarness>(_ action: String, by app: Harness) -> String? {
        let shown = app.observe()
        if shown.actions.contains(action) { return nil }
        if action == "fallback", shown.screen == .login,
            shown.notice == nil || shown.notice?.presentation == .nonBlocking
        {
            return nil
        }
        let offered = shown.actions.isEmpty ? "none" : shown.actions.joined(separator: ", ")
        return "the step chooses \"\(action)\", which the app does not offer; it offers \(offered)"
    }

    private static func event(_ input: KitScript.Input) -> AppEvent? {
        switch input.event {
        case "screen-appeared": .screenAppeared
        case "identifier-entered": .identifierEntered
        case "passkey-button-tapped": .passkeyButtonTapped
        case "suggestions-challenge-expiring": .suggestionsChallengeExpiring
        case "choose": input.action.map(AppEvent.choose)
        case "fallback-sign-in-succeeded": .fallbackSignInSucceeded
        case "passkey-revoked-in-settings": input.passkey.map(AppEvent.passkeyRevokedInSettings)
        case "signed-out": .signedOut
        default: nil
        }
    }

    /// What the app shows, or the login screen before it exists.
    static func observe<Harness: LoginHarness>(_ app: Harness?) -> AppObservation {
        app?.observe() ?? AppObservation(screen: .login, notice: nil, actions: [], session: false)
    }

    /// Each difference between what the spec expects and what the app and the fakes show.
    static func compare(
        _ expected: KitScript.Observation, _ shown: AppObservation, environment: KitEnvironment
    ) -> [String] {
        var differences: [String] = []
        func differ<Value: Equatable>(_ what: String, _ expected: Value, _ shown: Value, _ text: (Value) -> String) {
            if expected != shown {
                differences.append("\(what): expected \(text(expected)); the app shows \(text(shown))")
            }
        }
        let screen: String
        var route: String?
        switch shown.screen {
        case .login: screen = "login"
        case .fallback: screen = "fallback"
        case .signedIn: screen = "signed-in"
        case .accountRoute(let open):
            screen = "account-route"
            route = open
        }
        differ("screen", expected.screen, screen) { $0 }
        differ("route", expected.route, route) { $0 ?? "none" }
        switch (expected.notice, shown.notice) {
        case (nil, nil): break
        case (let notice?, nil):
            differences.append(
                "notice: expected the \"\(notice.scenario)\" notice (\"\(notice.title)\"); the app shows none")
        case (nil, let notice?):
            differences.append("notice: expected none; the app shows \"\(notice.title)\"")
        case (let notice?, let displayed?):
            let scenario = "the \"\(notice.scenario)\" notice's"
            differ("\(scenario) title", notice.title, displayed.title) { "\"\($0)\"" }
            differ("\(scenario) message", notice.message, displayed.message) { "\"\($0)\"" }
            differ("\(scenario) buttons", notice.buttons, displayed.buttons) {
                $0.map { "\"\($0)\"" }.joined(separator: ", ")
            }
            if let expected = notice.presentation, let shown = displayed.presentation?.rawValue, expected != shown {
                differences.append("\(scenario) presentation: expected \(expected); the app shows it \(shown)")
            }
        }
        differ("actions offered", expected.actions, shown.actions) { $0.isEmpty ? "none" : $0.joined(separator: ", ") }
        differ("passkey prompt open", expected.prompt, environment.passkeys.openPrompt?.rawValue) { $0 ?? "none" }
        differ(
            "passkeys offered in the identifier field", expected.suggestions, environment.passkeys.suggestionsPending
        ) {
            $0 ? "yes" : "no"
        }
        differ("session", expected.session, shown.session) { $0 ? "signed in" : "not signed in" }
        differ("signals sent", expected.signals, environment.signals.sent) {
            $0.isEmpty ? "none" : $0.joined(separator: "; ")
        }
        differ("route lookups", expected.lookups, environment.server.lookups) { "\($0)" }
        return differences
    }
}
