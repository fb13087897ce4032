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

/// Runs the spec's checks against an app's harness. A replay runs on the caller's actor (the
/// generated suites run on the main actor, as a login screen does) and, after each input, lets
/// the work the app started on that actor run (a `Task` that awaits its server client or the
/// credential manager's signals) until the fakes see nothing new.
public enum Conformance {
    /// How many turns of the actor an input may take before the kit stops waiting.
    static let maximumTurns = 200

    /// Replays the check with this ID against a new `harness`; throws where the app differs
    /// from the spec, and `CheckNotApplicable` when the check needs what the harness's
    /// `capabilities` do not declare.
    public static func run<Harness: LoginHarness>(
        _ checkID: String, in script: KitScript, harness: Harness.Type,
        isolation: isolated (any Actor)? = #isolation
    ) async throws {
        guard let check = script.check(checkID) else {
            throw ConformanceFailure(
                location: script.spec.file, step: "",
                differences: ["the spec has no check '\(checkID)' on \(script.platform): export the kit again"])
        }
        if let reason = reasonToSkip(check, harness: harness) {
            throw CheckNotApplicable(checkID: checkID, reason: reason)
        }
        if let failure = await replay(check, of: script, harness: harness) { throw failure }
    }

    /// Why the check does not apply to the app `harness` stands for; nil when it does.
    public static func reasonToSkip<Harness: LoginHarness>(_ check: KitScript.Check, harness: Harness.Type) -> String? {
        check.requires.flatMap(Harness.capabilities.reasonToSkip)
    }

    /// Every check of the script that applies to `harness`: the failure of each that fails,
    /// by ID.
    public static func failures<Harness: LoginHarness>(
        in script: KitScript, harness: Harness.Type, isolation: isolated (any Actor)? = #isolation
    ) async -> [String: ConformanceFailure] {
        var failures: [String: ConformanceFailure] = [:]
        for check in script.checks where reasonToSkip(check, harness: harness) == nil {
            failures[check.id] = await replay(check, of: script, harness: harness)
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
        _ check: KitScript.Check, of script: KitScript, harness: Harness.Type,
        isolation: isolated (any Actor)? = #isolation
    ) async -> ConformanceFailure? {
        let environment = KitEnvironment(configuration: check.configuration, world: check.world)
        // The operation runs on the caller's actor, where the app lives, named explicitly: a
        // closure's own isolation is not its caller's.
        return await KitEnvironment.$current.withValue(
            environment,
            operation: { await replay(check, of: script, in: environment, harness: harness, isolation: isolation) },
            isolation: isolation)
    }

    private static func replay<Harness: LoginHarness>(
        _ check: KitScript.Check, of script: KitScript, in environment: KitEnvironment, harness: Harness.Type,
        isolation: isolated (any Actor)? = #isolation
    ) async -> ConformanceFailure? {
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
                let problems = await take(input, to: &app, in: environment)
                if !problems.isEmpty { return failure(problems) }
            }
            if let expected = step.expect {
                let shown = observe(app)
                let differences = compare(expected, shown, environment: environment)
                if !differences.isEmpty { return failure(differences) }
            }
        }
        return nil
    }

    /// Lets the work the app started run, turn after turn of the actor, until the fakes see no
    /// new call for a few turns; false when it never stops.
    private static func settle(
        _ environment: KitEnvironment, isolation: isolated (any Actor)? = #isolation
    ) async -> Bool {
        var last = environment.activity
        var quiet = 0
        for _ in 0..<maximumTurns {
            await Task.yield()
            let now = environment.activity
            quiet = now == last ? quiet + 1 : 0
            last = now
            if quiet >= 3 { return true }
        }
        return false
    }

    /// An input the app is taking: what went wrong at once, and what to check once it settles.
    struct Taking {
        var problem: String?
        /// The challenge of the AutoFill request the app must replace, for an expiring one.
        var expiring: String?
    }

    /// Passes one input to the app (created on its first event) or to the fakes and lets the
    /// work it starts run; what went wrong, empty when nothing did. A written check and the
    /// lockstep give every input this way.
    static func take<Harness: LoginHarness>(
        _ input: KitScript.Input, to app: inout Harness?, in environment: KitEnvironment,
        isolation: isolated (any Actor)? = #isolation
    ) async -> [String] {
        let taking = begin(input, to: &app, in: environment)
        if let problem = taking.problem { return [problem] }
        if !(await settle(environment)) {
            return ["expected the app to settle after \(input); it still calls the fakes after \(maximumTurns) turns"]
        }
        if let problem = end(taking, in: environment) { return [problem] }
        return environment.passkeys.takeProblems().map { "expected " + $0 }
    }

    /// Starts the app taking one input. A prompt it opens until `end` has the kind the input
    /// implies.
    static func begin<Harness: LoginHarness>(
        _ input: KitScript.Input, to app: inout Harness?, in environment: KitEnvironment
    ) -> Taking {
        let passkeys = environment.passkeys
        let opens = input.opens.flatMap(FakePasskeyAPI.Kind.init(rawValue:))
        switch input.event {
        case "prompt-result", "suggestion-result":
            guard let result = input.result else { return Taking() }
            passkeys.taking = (false, opens)
            let problem =
                input.event == "prompt-result"
                ? passkeys.finishPrompt(with: result, kind: input.prompt.flatMap(FakePasskeyAPI.Kind.init(rawValue:)))
                : passkeys.finishSuggestions(with: result)
            return Taking(problem: problem.map { "expected " + $0 })
        case "app-relaunched":
            passkeys.dropAll()
            app = Harness(environment: environment)
            return Taking()
        case "identifier-entered" where !Harness.capabilities.entries.contains("identifier-first"):
            // An app without an identifier field never gets one: the checks it runs hold
            // whatever the entry, so the identifier changes nothing the kit compares.
            app = app ?? Harness(environment: environment)
            return Taking()
        default:
            guard let event = event(input) else {
                return Taking(problem: "an event this kit does not know: '\(input.event)'; export the kit again")
            }
            let current = app ?? Harness(environment: environment)
            app = current
            if case .choose(let action) = event, let problem = unoffered(action, by: current) {
                return Taking(problem: problem)
            }
            let expiring = event == .suggestionsChallengeExpiring ? passkeys.suggestionsChallenge : nil
            passkeys.taking = (event == .passkeyButtonTapped || input.event == "choose", opens)
            current.send(event)
            return Taking(expiring: expiring)
        }
    }

    /// Ends the input the app took: what is wrong now that it has.
    static func end(_ taking: Taking, in environment: KitEnvironment) -> String? {
        environment.passkeys.taking = (false, nil)
        if let expiring = taking.expiring, environment.passkeys.suggestionsChallenge == expiring {
            return
                "expected the identifier field's request armed again with fresh options; it still carries challenge \"\(expiring)\""
        }
        return nil
    }

    /// Where two versions of one text part, by character (a straight apostrophe for a curly one
    /// is easy to miss): said only when they share at least half the spec's text at their start
    /// and end together; two different texts just differ.
    static func whereTextsPart(_ spec: String, _ app: String) -> String? {
        let left = Array(spec.unicodeScalars)
        let right = Array(app.unicodeScalars)
        var prefix = 0
        while prefix < left.count, prefix < right.count, left[prefix] == right[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < left.count - prefix, suffix < right.count - prefix,
            left[left.count - 1 - suffix] == right[right.count - 1 - suffix]
        {
            suffix += 1
        }
        guard (prefix + suffix) * 2 >= left.count else { return nil }
        func character(_ scalars: [Unicode.Scalar]) -> String {
            guard prefix < scalars.count else { return "the end" }
            let scalar = scalars[prefix]
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\"\(Character(scalar))\" U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)"
        }
        return "character \(prefix + 1): the spec has \(character(left)), the app \(character(right))"
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

    /// Each difference between what the spec expects and what the app and the fakes show; one
    /// in a field the step's words do not name says where the expectation comes from.
    static func compare(
        _ expected: KitScript.Observation, _ shown: AppObservation, environment: KitEnvironment
    ) -> [String] {
        var differences: [String] = []
        func note(_ field: String, _ text: String) {
            guard let named = expected.named, !named.contains(field) else {
                differences.append(text)
                return
            }
            differences.append(text + " (not in the step's words: the spec's engine shows it after the steps so far)")
        }
        func differ<Value: Equatable>(
            _ field: String, _ what: String, _ expected: Value, _ shown: Value, _ text: (Value) -> String
        ) {
            if expected != shown { note(field, "\(what): expected \(text(expected)); the app shows \(text(shown))") }
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
        differ("screen", "screen", expected.screen, screen) { $0 }
        differ("route", "route", expected.route, route) { $0 ?? "none" }
        switch (expected.notice, shown.notice) {
        case (nil, nil): break
        case (let notice?, nil):
            note(
                "notice", "notice: expected the \"\(notice.scenario)\" notice (\"\(notice.title)\"); the app shows none"
            )
        case (nil, let notice?):
            note("notice", "notice: expected none; the app shows \"\(notice.title)\"")
        case (let notice?, let displayed?):
            let scenario = "the \"\(notice.scenario)\" notice's"
            for (part, spec, app) in [
                ("title", notice.title, displayed.title), ("message", notice.message, displayed.message),
            ]
            where spec != app {
                let place = whereTextsPart(spec, app).map { " (\($0))" } ?? ""
                note("notice", "\(scenario) \(part): expected \"\(spec)\"; the app shows \"\(app)\"\(place)")
            }
            differ("notice", "\(scenario) buttons", notice.buttons, displayed.buttons) {
                $0.map { "\"\($0)\"" }.joined(separator: ", ")
            }
            if let expected = notice.presentation, let shown = displayed.presentation?.rawValue, expected != shown {
                note("notice", "\(scenario) presentation: expected \(expected); the app shows it \(shown)")
            }
        }
        // The actions are a set, as in the other kits: compared in any order, listed as shown.
        if expected.actions.sorted() != shown.actions.sorted() {
            let list = { (actions: [String]) in actions.isEmpty ? "none" : actions.joined(separator: ", ") }
            note("actions", "actions offered: expected \(list(expected.actions)); the app shows \(list(shown.actions))")
        }
        differ("prompt", "passkey prompt open", expected.prompt, environment.passkeys.openPrompt?.rawValue) {
            $0 ?? "none"
        }
        differ(
            "suggestions", "passkeys offered in the identifier field", expected.suggestions,
            environment.passkeys.suggestionsPending
        ) {
            $0 ? "yes" : "no"
        }
        differ("session", "session", expected.session, shown.session) { $0 ? "signed in" : "not signed in" }
        differ("signals", "signals sent", expected.signals, environment.signals.sent) {
            $0.isEmpty ? "none" : $0.map { $0.hasSuffix(" ") ? $0 + "(an empty list)" : $0 }.joined(separator: "; ")
        }
        if let lookups = expected.lookups {
            differ("lookups", "route lookups so far (the server's lookUp())", lookups, environment.server.lookups) {
                "\($0)"
            }
        }
        if let calls = expected.optionsCalls {
            differ(
                "optionsCalls", "request-options calls so far (the server's requestOptions())", calls,
                environment.server.optionsCalls
            ) { "\($0)" }
        }
        return differences
    }
}
