import PasskeyLoginEngine
import SpecModel
import SpecRunner

/// The kinds of value the steps take, each read into the engine's own type when the page is
/// read.
enum Parameter {
    static let status = StepParameter<AccountStatus>.choice("status")
    static let dependency = StepParameter<LookupDependency>.choice("dependency", among: LookupDependency.routeLookup)
    static let fault = StepParameter<LookupFault>.choice("fault")
    static let policy = StepParameter<EnumerationPolicy>.choice("policy")
    static let fallback = StepParameter<FallbackMethod>.choice("fallback")
    static let scenario = StepParameter<String>.scenario("scenario", known: Situation.allCases.map(\.rawValue))
    static let action = StepParameter<UserAction>.choice("action")
    static let route = StepParameter<AccountRoute>.choice("route")
    static let passkey = StepParameter<String>.name("passkey")
    static let count = StepParameter<Int>.number("count")
}

/// Every step a check can use, bound to the engine and the world.
enum StepLibrary {
    static let definitions: [StepDefinition<CheckContext>] =
        setup.map { $0.kind(.setup) } + actions.map { $0.kind(.action) }
        + outcomes.map { $0.kind(.outcome).observing(observed[$0.pattern] ?? []) }

    /// What each outcome step's words assert, in the names a conformance kit gives what it
    /// observes: a kit that finds another field different says the step does not name it. A
    /// step that asserts nothing a kit observes (an announcement, the cancellation count) names
    /// nothing.
    static let observed: [String: [String]] = [
        "a fresh lookup is performed": ["lookups"],
        "a screen reader announces the new screen": [],
        "a screen reader announces the {scenario} copy": ["notice"],
        "a session is created": ["session"],
        "an automatic passkey prompt opens": ["prompt"],
        "an explicit passkey prompt opens": ["prompt"],
        "an unknown identifier and every kind of account look the same": [
            "screen", "route", "notice", "actions", "prompt", "suggestions", "session",
        ],
        "automatic passkey prompts are stopped": ["prompt"],
        "focus returns to the passkey button": [],
        "fresh request options are fetched": ["optionsCalls"],
        "no account or credential conclusion is shown": ["screen", "notice", "signals"],
        "no automatic redirect occurs": ["screen", "route"],
        "no error is shown": ["notice"],
        "no passkey prompt opens": ["prompt"],
        "no session is created": ["session"],
        "no signal is sent": ["signals"],
        "no unknown-credential signal is sent": ["signals"],
        "nothing is announced": [],
        "passkeys are offered in the identifier field": ["suggestions"],
        "the cancellation count is {count}": [],
        "the fallback screen is shown": ["screen"],
        "the full list of accepted passkeys is sent without passkey {passkey}": ["signals"],
        "the identifier field's request is cancelled before the prompt opens": ["suggestions", "prompt"],
        "the login screen is shown": ["screen", "notice"],
        "the login screen is unchanged": ["screen", "notice", "actions", "prompt", "suggestions"],
        "the other login methods are available": ["actions"],
        "the passkey button is available": [],
        "the passkey's own account is signed in": ["session"],
        "the unknown-credential signal is sent for passkey {passkey}": ["signals"],
        "the user sees the {scenario} copy": ["notice"],
        "the {route} route opens": ["screen", "route"],
        "{action} and {action} are offered": ["actions"],
        "{action} is not offered": ["actions"],
        "{action} is offered": ["actions"],
    ]

    // MARK: - The world and the app (Given)

    static let setup: [StepDefinition<CheckContext>] = [
        StepDefinition(
            "the app starts passkey login automatically",
            "The app opens the passkey prompt by itself once the route lookup succeeds."
        ) { context in
            context.configuration.startsPasskeyLoginAutomatically = true
        },
        StepDefinition(
            "the app does not start passkey login automatically", "Passkey login starts only from the passkey button."
        ) { context in
            context.configuration.startsPasskeyLoginAutomatically = false
        },
        StepDefinition(
            "the login screen asks for no identifier",
            "The app signs in with a passkey alone, as Apple's and Google's passkey samples do: no identifier field, no route lookup; the assertion names the account."
        ) { context in
            context.configuration.entry = .discoverable
        },
        StepDefinition(
            "the app offers passkeys in the identifier field",
            "When the login screen appears the app arms an assisted request (AutoFill, a pending request, conditional mediation)."
        ) { context in
            context.configuration.automaticStart = .assisted
        },
        StepDefinition(
            "the enumeration policy is {policy}", "Whether the app may reveal that an account exists.", Parameter.policy
        ) { context, policy in
            context.configuration.enumerationPolicy = policy
        },
        StepDefinition("the fallback is {fallback}", "The configured fallback sign-in method.", Parameter.fallback) {
            context, fallback in
            context.configuration.fallback = fallback
        },
        StepDefinition("the account is {status}", "The account's status on the server.", Parameter.status) {
            context, status in
            context.configureWorld { $0.account = ($0.account ?? CheckContext.defaultAccount).with(status: status) }
        },
        StepDefinition("there is no account for the identifier", "The account lookup finds no account.") { context in
            context.configureWorld {
                $0.account = nil
                $0.serverCredentials = [:]
            }
        },
        StepDefinition(
            "the account cannot continue with passkey login",
            "The lookup answers that this route is not available to the account."
        ) { context in
            context.configureWorld { $0.routeAvailable = false }
        },
        StepDefinition(
            "the device has passkey {passkey}", "A passkey on the device that the server accepts.", Parameter.passkey
        ) { context, name in
            let id = context.passkey(name)
            context.configureWorld { $0.placeOnDevice(id, server: .active) }
        },
        StepDefinition(
            "the device has passkey {passkey} that was revoked through account settings",
            "A passkey the server knows but no longer accepts.", Parameter.passkey
        ) { context, name in
            let id = context.passkey(name)
            context.configureWorld { $0.placeOnDevice(id, server: .revoked) }
        },
        StepDefinition(
            "the device has passkey {passkey} whose assertion fails verification",
            "A passkey the server accepts, whose assertion it rejects (signature, origin, user verification or counter).",
            Parameter.passkey
        ) { context, name in
            let id = context.passkey(name)
            context.configureWorld { $0.placeOnDevice(id, server: .failsVerification) }
        },
        StepDefinition(
            "the device has passkey {passkey} of another account",
            "A passkey the server accepts for another account than the identifier's.", Parameter.passkey
        ) { context, name in
            let id = context.passkey(name)
            context.configureWorld { $0.placeOnDevice(id, server: .anotherAccount) }
        },
        StepDefinition(
            "the device has passkey {passkey} that is absent from the server's records",
            "A passkey whose credential ID the server has no record of.", Parameter.passkey
        ) { context, name in
            let id = context.passkey(name)
            context.configureWorld { $0.placeOnDevice(id, server: nil) }
        },
        StepDefinition(
            "the {dependency} lookup fails once with {fault}",
            "The first route lookup fails in that dependency; the next one succeeds.", Parameter.dependency,
            Parameter.fault
        ) { context, dependency, fault in
            let fault = ScriptedFault(dependency, fault)
            context.configureWorld {
                $0.lookupFault = fault
                $0.failingLookups = 1
            }
        },
        StepDefinition(
            "the request-options call fails once with {fault}",
            "The first call for a passkey request's options (its challenge) fails; the next one succeeds.",
            Parameter.fault
        ) { context, fault in
            let fault = ScriptedFault(.requestOptions, fault)
            context.configureWorld {
                $0.lookupFault = fault
                $0.failingLookups = 1
            }
        },
        StepDefinition(
            "the server finds the first assertion's challenge expired",
            "The challenge the first assertion signs has expired or was used (`challenge-expired`); later ones verify as usual."
        ) { context in
            context.configureWorld { $0.challengeExpires = true }
        },
        StepDefinition("the server cannot tell whether it accepts a passkey", "Verification answers are inconclusive.")
        { context in
            context.configureWorld { $0.verificationInconclusive = true }
        },
    ]

    // MARK: - What the user and the OS do (When)

    static let actions: [StepDefinition<CheckContext>] = [
        StepDefinition("the login screen appears", "The login screen is shown (after launch or sign-out).") {
            context in
            try context.send(.screenAppeared)
        },
        StepDefinition("the user enters their identifier", "The user submits the identifier; the route lookup starts.")
        { context in
            try context.send(.identifierSubmitted)
        },
        StepDefinition("the user taps the passkey button", "The normal passkey button: the explicit route.") {
            context in
            try context.send(.passkeyButtonTapped)
        },
        StepDefinition(
            "the user chooses {action}", "The user chooses an action the screen or the error offers.", Parameter.action
        ) { context, action in
            guard context.state.offeredActions.contains(action) else {
                throw StepFailure(expected: "\"\(action.rawValue)\" to be offered", observed: context.summary)
            }
            try context.send(action.event)
        },
        StepDefinition(
            "the user chooses another login method", "The user picks the fallback method on the login screen."
        ) { context in
            try context.send(.fallbackChosen)
        },
        StepDefinition("the user cancels the OS prompt", "The user cancels or dismisses the passkey prompt.") {
            context in
            try context.prompt(.userCancels)
        },
        StepDefinition(
            "the OS finds no passkey on this device", "The prompt ends because no passkey for the app is on the device."
        ) { context in
            try context.prompt(.noPasskeyOnDevice)
        },
        StepDefinition(
            "the passkey provider is misconfigured", "The provider or the app's domain association is misconfigured."
        ) { context in
            try context.prompt(.providerMisconfigured)
        },
        StepDefinition("the OS prompt fails for an unknown reason", "The request fails without a reason.") {
            context in
            try context.prompt(.unknownFailure)
        },
        StepDefinition("the OS prompt is interrupted", "The system interrupts the prompt.") { context in
            try context.prompt(.interrupted)
        },
        StepDefinition(
            "the OS cannot run passkey requests", "The device or its credential provider cannot serve the request."
        ) { context in
            try context.prompt(.unsupported)
        },
        StepDefinition(
            "the user selects passkey {passkey}", "The user picks that passkey in the prompt.", Parameter.passkey
        ) { context, name in
            try context.prompt(.userSelectsPasskey, passkey: name)
        },
        StepDefinition(
            "the user picks passkey {passkey} from the identifier field",
            "The user focuses the identifier field and picks that passkey from its suggestions.", Parameter.passkey
        ) { context, name in
            try context.assisted(.userSelectsPasskey, passkey: name)
        },
        StepDefinition(
            "the user dismisses the identifier field's suggestions",
            "The user closes the suggestions without picking a passkey."
        ) { context in
            try context.assisted(.userCancels)
        },
        StepDefinition(
            "the identifier field's challenge is about to expire",
            "The challenge of the identifier field's pending request reaches the end of its validity."
        ) { context in
            try context.send(.assistedChallengeExpiring)
        },
        StepDefinition(
            "the user revokes passkey {passkey} in the account settings",
            "The signed-in user removes one of the account's passkeys in the settings.", Parameter.passkey
        ) { context, name in
            try context.revokeInSettings(name)
        },
        StepDefinition("the user signs in with the fallback", "The user completes the fallback method.") { context in
            guard let account = context.script.account else {
                throw StepFailure(expected: "an account to sign in to", observed: "there is no account")
            }
            try context.send(.fallbackSignInSucceeded(account, acceptedCredentials: context.script.acceptedCredentials))
        },
        StepDefinition("the app is relaunched", "The app is closed and opened again.") { context in
            try context.send(.appRelaunched)
        },
        StepDefinition("the user signs out", "The signed-in user signs out.") { context in
            try context.send(.signedOut)
        },
    ]

    // MARK: - What must be true (Then)

    static let outcomes: [StepDefinition<CheckContext>] = [
        StepDefinition(
            "passkeys are offered in the identifier field", "An assisted request is pending in the identifier field."
        ) { context in
            try expect(context.state.assisted != nil, "an assisted request in the identifier field", context.summary)
        },
        StepDefinition(
            "the identifier field's request is cancelled before the prompt opens",
            "The last action cancelled the assisted request, then opened the prompt."
        ) { context in
            let cancelled = context.lastEffects.firstIndex(of: .cancelAssistedRequest)
            let opened = context.lastEffects.firstIndex { if case .startCeremony = $0 { true } else { false } }
            try expect(
                cancelled != nil && opened != nil && cancelled! < opened!,
                "the assisted request cancelled, then a prompt opened", context.effectsSummary)
        },
        StepDefinition("no error is shown", "No error alert or dialog is shown.") { context in
            try expect(context.state.notice == nil, "no error notice", context.summary)
        },
        StepDefinition(
            "the user sees the {scenario} copy",
            "The last action led to that scenario of the spec; its copy is what the user sees.", Parameter.scenario
        ) { context, scenario in
            let seen = context.lastSituations.map(\.rawValue)
            try expect(
                seen.contains(scenario), "the \"\(scenario)\" scenario",
                seen.isEmpty ? "no scenario" : "scenario \(seen.joined(separator: ", "))")
        },
        StepDefinition(
            "a screen reader announces the {scenario} copy",
            "The last action led to that scenario, and the platform speaks its notice to a screen reader (an alert or dialog as it opens, or a message marked for it).",
            Parameter.scenario
        ) { context, scenario in
            let shown = context.lastPresentations.filter { $0.situation.rawValue == scenario }
            try expect(
                !shown.isEmpty && shown.allSatisfy { $0.showsNotice && $0.announcement.kind.speaks },
                "the \"\(scenario)\" notice announced", announcements(context))
        },
        StepDefinition(
            "a screen reader announces the new screen",
            "The last action opened another screen, which a screen reader announces by its title."
        ) { context in
            try expectAnnounced(.screen, "a new screen announced", context)
        },
        StepDefinition(
            "nothing is announced", "The last action showed nothing new, so a screen reader hears nothing of it."
        ) { context in
            try expect(
                context.lastPresentations.allSatisfy { !$0.announcement.kind.speaks }, "nothing announced",
                announcements(context))
        },
        StepDefinition(
            "focus returns to the passkey button",
            "Nothing is announced, and focus goes back to the passkey button the user had used."
        ) { context in
            try expectAnnounced(.focusReturn, "focus back on the passkey button", context)
        },
        StepDefinition("{action} is offered", "The screen or the error offers the action.", Parameter.action) {
            context, action in
            try expect(
                context.state.offeredActions.contains(action), "\"\(action.rawValue)\" offered", context.summary)
        },
        StepDefinition(
            "{action} and {action} are offered", "Both actions are offered.", Parameter.action, Parameter.action
        ) { context, first, second in
            let offered = context.state.offeredActions
            try expect(
                offered.contains(first) && offered.contains(second),
                "\"\(first.rawValue)\" and \"\(second.rawValue)\" offered", context.summary)
        },
        StepDefinition("{action} is not offered", "The action is not offered.", Parameter.action) { context, action in
            try expect(
                !context.state.offeredActions.contains(action), "\"\(action.rawValue)\" not offered", context.summary)
        },
        StepDefinition("no passkey prompt opens", "No passkey request starts, and none is open.") { context in
            let started = context.lastEffects.contains { if case .startCeremony = $0 { true } else { false } }
            try expect(!started && context.state.ceremony == nil, "no passkey prompt", context.effectsSummary)
        },
        StepDefinition(
            "an automatic passkey prompt opens", "The app opens the prompt by itself (or by the offered retry)."
        ) { context in
            try expectPrompt(.automatic, context)
        },
        StepDefinition("an explicit passkey prompt opens", "The prompt opens from the passkey button.") { context in
            try expectPrompt(.explicit, context)
        },
        StepDefinition("the login screen is shown", "The login screen, with no error on it.") { context in
            try expect(
                context.state.screen == .login && context.state.notice == nil, "the login screen", context.summary)
        },
        StepDefinition("the fallback screen is shown", "The configured fallback sign-in screen.") { context in
            try expect(
                context.state.screen == .fallback(context.configuration.fallback),
                "the \(context.configuration.fallback.rawValue) screen", context.summary)
        },
        StepDefinition("the login screen is unchanged", "Everything is as it was before the prompt opened.") {
            context in
            guard let before = context.stateBeforePrompt else {
                throw StepFailure(expected: "a passkey prompt to have opened earlier", observed: "none did")
            }
            try expect(context.state == before, "the screen as before the prompt", context.summary)
        },
        StepDefinition(
            "no automatic redirect occurs", "The app neither shows the fallback nor opens another route by itself."
        ) { context in
            let redirect = context.lastEffects.contains {
                switch $0 {
                case .presentFallback, .openAccountRoute: true
                default: false
                }
            }
            try expect(!redirect, "no redirect", context.effectsSummary)
        },
        StepDefinition("the passkey button is available", "The user can start a passkey login.") { context in
            try expect(
                context.reducer.accepts(.passkeyButtonTapped, in: context.state), "the passkey button available",
                context.summary)
        },
        StepDefinition("the other login methods are available", "The user can choose the fallback method.") {
            context in
            let available =
                context.reducer.accepts(.fallbackChosen, in: context.state)
                || context.state.screen == .fallback(context.configuration.fallback)
            try expect(available, "the other login methods available", context.summary)
        },
        StepDefinition("automatic passkey prompts are stopped", "The app opens no passkey prompt by itself any more.") {
            context in
            try expect(context.state.automaticPromptsSuppressed, "automatic prompts stopped", context.summary)
        },
        StepDefinition(
            "the cancellation count is {count}", "Consecutive cancellations of the automatic route.", Parameter.count
        ) { context, count in
            try expect(context.state.cancellationStreak == count, "count \(count)", context.summary)
        },
        StepDefinition("a session is created", "The user is signed in.") { context in
            let created = context.lastEffects.contains { if case .createSession = $0 { true } else { false } }
            try expect(created && context.state.session != nil, "a new session", context.summary)
        },
        StepDefinition(
            "the passkey's own account is signed in",
            "The session is for the account the passkey belongs to, not the identifier's."
        ) { context in
            let account = WorldScript.anotherAccount.id
            try expect(
                context.lastEffects.contains(.createSession(accountID: account)) && context.state.session == account,
                "a session for \(account)", context.summary)
        },
        StepDefinition("no session is created", "The user is not signed in.") { context in
            let created = context.allEffects.contains { if case .createSession = $0 { true } else { false } }
            try expect(!created && context.state.session == nil, "no session", context.summary)
        },
        StepDefinition(
            "the {route} route opens", "The app opens the account-status, recovery or support route.", Parameter.route
        ) { context, route in
            try expect(
                context.lastEffects.contains(.openAccountRoute(route)), "the \(route.rawValue) route",
                context.effectsSummary)
        },
        StepDefinition("a fresh lookup is performed", "The route lookup runs again.") { context in
            try expect(context.lastEffects.contains(.lookUpAccount), "a new lookup", context.effectsSummary)
        },
        StepDefinition(
            "fresh request options are fetched", "The app asks the server for a new challenge before the request."
        ) { context in
            let fetched = context.lastEffects.contains { if case .fetchRequestOptions = $0 { true } else { false } }
            try expect(fetched, "a new request-options call", context.effectsSummary)
        },
        StepDefinition(
            "no account or credential conclusion is shown",
            "Nothing says the account or passkey does not exist, and nothing acts as if it did not."
        ) { context in
            let concluding: [Notice] = [.accountCannotContinue, .deletedPasskey, .passkeyNotAccepted]
            let forced = context.lastEffects.contains {
                switch $0 {
                case .presentFallback, .signalUnknownCredential, .signalAllAcceptedCredentials: true
                default: false
                }
            }
            let concluded = context.state.notice.map(concluding.contains) ?? false
            try expect(
                !concluded && !forced && context.state.lookup != .unavailable, "no conclusion",
                context.summary + "; " + context.effectsSummary)
        },
        StepDefinition(
            "the unknown-credential signal is sent for passkey {passkey}",
            "The credential manager is told the credential ID is unknown to the server.", Parameter.passkey
        ) { context, name in
            let id = context.passkey(name)
            try expect(
                context.lastEffects.contains(.signalUnknownCredential(id)),
                "the unknown-credential signal for \"\(name)\"", context.effectsSummary)
        },
        StepDefinition("no unknown-credential signal is sent", "No credential is reported as unknown.") { context in
            let sent = context.allEffects.filter { if case .signalUnknownCredential = $0 { true } else { false } }
            try expect(sent.isEmpty, "no unknown-credential signal", sent.map(\.description).joined(separator: "; "))
        },
        StepDefinition(
            "the full list of accepted passkeys is sent without passkey {passkey}",
            "Full-list reconciliation, which drops the passkey.", Parameter.passkey
        ) { context, name in
            let id = context.passkey(name)
            let lists = context.lastEffects.compactMap { effect -> [CredentialID]? in
                if case .signalAllAcceptedCredentials(_, let accepted) = effect { return accepted }
                return nil
            }
            try expect(
                lists.count == 1 && !lists[0].contains(id), "one full list without \"\(name)\"",
                context.effectsSummary)
        },
        StepDefinition(
            "an unknown identifier and every kind of account look the same",
            "Replays what the user and the OS did so far (up to the first authentication) for an unknown identifier, an account without passkeys, an account that cannot continue, a restricted account and an active account with passkeys: the user observes the same in each."
        ) { context in
            let device = context.script.deviceCredentials
            let account = context.script.account ?? CheckContext.defaultAccount
            let accepted = Dictionary(uniqueKeysWithValues: device.map { ($0, ServerCredentialState.active) })
            var restricted = account
            restricted.status = .restricted
            var active = account
            active.status = .active
            let worlds: [(String, WorldScript)] = [
                ("an unknown identifier", WorldScript(account: nil, deviceCredentials: device)),
                ("an account without passkeys", WorldScript(account: account, deviceCredentials: device)),
                (
                    "an account that cannot continue",
                    WorldScript(
                        account: account, routeAvailable: false, serverCredentials: accepted,
                        deviceCredentials: device)
                ),
                (
                    "a restricted account",
                    WorldScript(account: restricted, serverCredentials: accepted, deviceCredentials: device)
                ),
                (
                    "an active account with passkeys",
                    WorldScript(account: active, serverCredentials: accepted, deviceCredentials: device)
                ),
            ]
            let runs = worlds.map { ($0.0, context.replay(in: $0.1)) }
            for (name, observed) in runs.dropFirst() where observed != runs[0].1 {
                let index =
                    zip(observed, runs[0].1).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(observed.count, runs[0].1.count)
                let mine = index < observed.count ? observed[index] : "nothing more"
                let theirs = index < runs[0].1.count ? runs[0].1[index] : "nothing more"
                throw StepFailure(
                    expected: "the same observations", observed: "\(runs[0].0): \(theirs) | \(name): \(mine)")
            }
        },
        StepDefinition("no signal is sent", "Neither signal is sent.") { context in
            let sent = context.allEffects.filter {
                switch $0 {
                case .signalUnknownCredential, .signalAllAcceptedCredentials: true
                default: false
                }
            }
            try expect(sent.isEmpty, "no signal", sent.map(\.description).joined(separator: "; "))
        },
    ]

    /// How the last action's scenarios were announced, for a failed step's "observed".
    private static func announcements(_ context: CheckContext) -> String {
        guard !context.lastPresentations.isEmpty else { return "no scenario, so nothing announced" }
        return context.lastPresentations.map { "\($0.situation.rawValue): \($0.announcement.kind.summary)" }
            .joined(separator: "; ")
    }

    /// The last action led to a scenario, and each it led to was announced as `kind`.
    private static func expectAnnounced(_ kind: AnnouncementKind, _ expected: String, _ context: CheckContext) throws {
        let kinds = context.lastPresentations.map(\.announcement.kind)
        try expect(!kinds.isEmpty && kinds.allSatisfy { $0 == kind }, expected, announcements(context))
    }

    private static func expect(_ condition: Bool, _ expected: String, _ observed: String) throws {
        if !condition { throw StepFailure(expected: expected, observed: observed.isEmpty ? "nothing" : observed) }
    }

    private static func expectPrompt(_ route: Route, _ context: CheckContext) throws {
        let started = context.lastEffects.contains {
            if case .startCeremony(let ceremony) = $0 { return ceremony.route == route }
            return false
        }
        try expect(
            started && context.state.ceremony?.route == route, "an \(route.rawValue) passkey prompt",
            context.effectsSummary)
    }
}

extension UserAction {
    /// The event of choosing this action.
    var event: LoginEvent {
        switch self {
        case .retry: .retryTapped
        case .fallback: .fallbackChosen
        case .anotherPasskey: .anotherPasskeyChosen
        case .recovery: .recoveryChosen
        case .support: .supportChosen
        case .dismiss: .noticeDismissed
        case .accountHelp: .accountHelpChosen
        case .usePasskey: .passkeyButtonTapped
        }
    }
}

extension Account {
    func with(status: AccountStatus) -> Account {
        var copy = self
        copy.status = status
        return copy
    }
}

extension WorldScript {
    /// Puts a passkey on the device, with what the server knows of it. A device holds each
    /// passkey once: naming the same passkey again (`the device has passkey "phone"` twice, or
    /// then as revoked) only changes the server's record, so that every list of the device's
    /// credentials has each one once.
    mutating func placeOnDevice(_ id: CredentialID, server: ServerCredentialState?) {
        if !deviceCredentials.contains(id) { deviceCredentials.append(id) }
        serverCredentials[id] = server
    }
}
