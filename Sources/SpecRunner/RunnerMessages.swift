import SpecModel

// The messages of running the checks, covering the engine and linting the checks, each written
// once: its factory gives its ID, severity and text; its catalogue entry, built from a sample
// call of the factory, explains it for `passkey-spec explain ID` and the writer's guide.

/// The runner's part of the message catalogue.
public enum RunnerMessages {
    /// Every message the runner reports, group by group.
    public static let catalogue: [CatalogueEntry] = flows + triggerNames + runningChecks
}

// MARK: - Flows

extension Message {
    public static func missingFlow(known: [String]) -> Message {
        Message(
            "missing-flow", .error,
            "spec metadata names no flow; add 'flow: ID' with one of \(known.map { "'\($0)'" }.joined(separator: ", "))"
        )
    }

    public static func unknownFlow(_ name: String, known: [String]) -> Message {
        Message(
            "unknown-flow", .error,
            "unknown flow '\(name)'; known flows are \(known.map { "'\($0)'" }.joined(separator: ", "))")
    }

    public static func platformNotInFlow(_ platform: String, flow: String, supported: [String]) -> Message {
        Message(
            "platform-not-in-flow", .error,
            "flow '\(flow)' does not run on '\(platform)'; it runs on \(supported.map { "'\($0)'" }.joined(separator: ", "))"
        )
    }
}

extension RunnerMessages {
    /// The flow a spec names in its metadata, against the registered flows.
    public static let flows: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .missingFlow(known: ["passkey-login"]),
            explanation: MessageExplanation(
                summary: "The spec comment does not say which flow the page is checked against.",
                detail: """
                    A spec page names its flow in its metadata comment ('flow: passkey-login'): the flow \
                    brings the steps its checks may use, the scenarios its engine can reach, the platforms \
                    it runs on and the rules its copy is held to. Without one, nothing on the page can be \
                    checked. Reported by 'lint', 'check' and 'build' at the page's title, with the flows \
                    the tool knows.
                    """,
                example: """
                    <!-- spec: N1.4 platforms: ios, android -->
                    """,
                fix: "Add 'flow: ID' to the spec comment, with one of the flows the message lists.")),
        CatalogueEntry(
            sample: .unknownFlow("passkey-signin", known: ["passkey-login"]),
            explanation: MessageExplanation(
                summary: "The spec comment names a flow the tool does not know.",
                detail: """
                    The 'flow' value must be the ID of a registered flow ('passkey-spec steps' lists each \
                    flow with its steps). A misspelt flow would leave every step undefined and every \
                    scenario unreached, so the page is not run at all. Reported at the value.
                    """,
                example: """
                    <!-- spec: N1.4 flow: passkey-signin platforms: ios, android -->
                    """,
                fix: "Use one of the flows the message lists.")),
        CatalogueEntry(
            sample: .platformNotInFlow("web", flow: "passkey-login", supported: Platform.known.map(\.rawValue)),
            explanation: MessageExplanation(
                summary: "The spec covers a platform its flow does not run on.",
                detail: """
                    A flow runs on the platforms its engine has an adapter for. A spec that lists another \
                    platform could not check that platform's copy or behaviour, so its criteria could not \
                    pass there. Reported at the 'flow' value, once per platform.
                    """,
                example: """
                    <!-- spec: N1.4 flow: passkey-login platforms: ios, android, web -->
                    """,
                fix: "Remove the platform from 'platforms', or choose a flow that runs on it.")),
    ]
}

// MARK: - Trigger names

extension Message {
    public static func unknownTriggerName(
        _ name: String, platform: String, suggestion: String?, otherPlatform: String?
    ) -> Message {
        var text = "'\(name)' is not a native result the engine knows on \(platform)"
        if let otherPlatform {
            text += "; it is \(otherPlatform)'s, so it belongs in the \(otherPlatform) column"
        } else if let suggestion {
            text += "; the closest real name is '\(suggestion)'"
        }
        return Message("unknown-trigger-name", .error, text)
    }

    public static func triggerLeadsElsewhere(
        _ name: String, scenario: String, platform: String, destinations: [String]
    ) -> Message {
        let list = destinations.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            "trigger-leads-elsewhere", .error,
            "'\(name)' never leads to '\(scenario)' on \(platform), on any route; the engine sends it to \(list)")
    }

    public static func triggerNotNamed(_ name: String, scenario: String, platform: String) -> Message {
        Message(
            "trigger-not-named", .error,
            "'\(scenario)' is reached on \(platform) by '\(name)', which its Trigger cell does not name; add it in backticks"
        )
    }

    public static func triggerNotFromSignIn(
        _ name: String, platform: String, requests: [String], source: String, url: String
    ) -> Message {
        let from = requests.isEmpty ? "no request the sources name" : requests.joined(separator: " and ")
        return Message(
            "trigger-not-from-sign-in", .error,
            "'\(name)' never arrives from a sign-in on \(platform), only from \(from) (\(source), \(url)); name it in prose, not in backticks"
        )
    }

    public static func triggerRawValue(_ name: String, expected: String, found: String?) -> Message {
        let text =
            found.map { "'\(name)' has the raw value \(expected), not \($0)" }
            ?? "write the raw value after '\(name)': (\(expected))"
        return Message("trigger-raw-value", .error, text)
    }
}

extension RunnerMessages {
    /// The native results named in Trigger cells, against the engine.
    public static let triggerNames: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .unknownTriggerName(
                "ASAuthorizationError.Code.cancelled", platform: "iOS",
                suggestion: "ASAuthorizationError.Code.canceled", otherPlatform: nil),
            explanation: MessageExplanation(
                summary: "A backticked name in a Trigger cell is not a native result the engine knows there.",
                detail: """
                    Trigger cells are data: every name in backticks is looked up in the engine's catalogue \
                    of native results for that column's platform. On iOS those are the \
                    'ASAuthorizationError.Code' cases; on Android the 'GetCredentialException' subclasses \
                    and the DomError names such as 'NotAllowedError'; on both, the server's answers \
                    ('route-unavailable', 'credential-not-found', 'credential-revoked', 'account-status', \
                    'verification-inconclusive') and the lookup's transport errors ('URLError.Code.timedOut', \
                    'SocketTimeoutException', 'HTTP 5xx'). A name that is not there is reported at its \
                    column, with the closest real name, or saying it belongs in the other platform's column. \
                    A misspelt name would send engineers searching for an API that does not exist.
                    """,
                example: """
                    | Trigger | `ASAuthorizationError.Code.cancelled` (1001) | `GetCredentialCancellationException` |
                    """,
                fix: """
                    Correct the name as the message suggests, or move it to its platform's column. Words \
                    outside backticks are free prose, so put anything that is not a native name there.
                    """)),
        CatalogueEntry(
            sample: .triggerLeadsElsewhere(
                "ASAuthorizationError.Code.notInteractive", scenario: "passkey-failed", platform: "iOS",
                destinations: ["explicit-cancel", "no-passkey-used"]),
            explanation: MessageExplanation(
                summary: "A native result named in a Trigger cell never leads to this scenario.",
                detail: """
                    The engine is asked where each named native result goes, on every route (automatic, \
                    explicit, after a cancellation) and configuration. When it never sends the result to \
                    this scenario on that platform, the Trigger cell promises engineers a mapping the app \
                    must not implement. The message names the scenarios (or the fallback) it does lead to; \
                    'passkey-spec errors' prints the whole mapping.
                    """,
                example: """
                    ### Error: general passkey login error
                    <!-- scenario: passkey-failed -->

                    | Trigger | `ASAuthorizationError.Code.notInteractive` (1005) | `NoCredentialException` |
                    """,
                fix: """
                    Remove the name from this cell and name it in the scenario it leads to; if the spec \
                    means to change the mapping, the engine must change first.
                    """)),
        CatalogueEntry(
            sample: .triggerNotNamed(
                "GetCredentialUnknownException", scenario: "passkey-failed", platform: "Android"),
            explanation: MessageExplanation(
                summary: "A native result that leads to this scenario is missing from its Trigger cell.",
                detail: """
                    Coverage the other way round: every native result that the engine sends to the scenario \
                    on a platform, on some route and configuration, must be named in that platform's \
                    Trigger cell, so that engineers map every one of them. Dropping one (for example \
                    `GetCredentialUnknownException` from the general passkey error) is reported at the \
                    cell with the name to add. Results that the sources say a sign-in never returns \
                    (handled only defensively) are not asked for: they must not be named there.
                    """,
                example: """
                    ### Error: general passkey login error
                    <!-- scenario: passkey-failed -->

                    | Trigger | The server answers `verification-inconclusive` | `GetCredentialInterruptedException` |
                    """,
                fix: "Add the name in backticks to the cell ('passkey-spec errors' lists what leads where).")),
        CatalogueEntry(
            sample: .triggerNotFromSignIn(
                "ASAuthorizationError.Code.matchedExcludedCredential", platform: "iOS", requests: ["registration"],
                source: "ASAuthorizationError.Code.matchedExcludedCredential",
                url:
                    "https://developer.apple.com/documentation/authenticationservices/asauthorizationerror/code/matchedexcludedcredential"
            ),
            explanation: MessageExplanation(
                summary: "A Trigger cell of a sign-in scenario names a result that a sign-in never returns.",
                detail: """
                    Every name the engine knows carries its source: the document, the sentence relied on, \
                    and the requests the name arrives from (sign-in, registration, other). A sign-in \
                    scenario's Trigger cell tells engineers what their sign-in code will receive, so a name \
                    that only a registration, a credential import or export, or Sign in with Apple can \
                    produce would have them write a branch that never runs, and hide the result that does \
                    arrive. The engine still handles such results defensively (the Platform errors page \
                    says where each goes); the page may mention them in prose.
                    """,
                example: """
                    ### Error: passkey login unavailable on this device
                    <!-- scenario: passkey-unavailable -->

                    | Trigger | `ASAuthorizationError.Code.matchedExcludedCredential` (1006) | … |
                    """,
                fix: """
                    Remove the backticks (say in prose that the code is handled defensively), and name in \
                    the cell what a sign-in does return for this cause; 'passkey-spec errors NAME' shows \
                    the source.
                    """)),
        CatalogueEntry(
            sample: .triggerRawValue("ASAuthorizationError.Code.canceled", expected: "1001", found: "1004"),
            explanation: MessageExplanation(
                summary: "An iOS error code name lacks its raw value in parentheses, or has the wrong one.",
                detail: """
                    iOS logs and crash reports show ASAuthorizationError codes as numbers, so every \
                    'ASAuthorizationError.Code' name in a Trigger cell is followed by its raw value in \
                    parentheses, e.g. `ASAuthorizationError.Code.failed` (1004). A missing number, or one \
                    that is not the code's raw value, is reported at the name with the right value.
                    """,
                example: """
                    | Trigger | `ASAuthorizationError.Code.canceled` (1004) | `GetCredentialCancellationException` |
                    """,
                fix:
                    "Write the code's raw value right after the closing backtick: `ASAuthorizationError.Code.canceled` (1001)."
            )),
    ]
}

// MARK: - Running checks

extension Message {
    public static func undefinedStep(_ text: String, suggestion: String?) -> Message {
        Message(
            "undefined-step", .error,
            "undefined step '\(text)'" + (suggestion.map { "; the closest known step is '\($0)'" } ?? ""))
    }

    public static func ambiguousStep(_ text: String, patterns: [String]) -> Message {
        Message(
            "ambiguous-step", .error,
            "step '\(text)' matches more than one definition: \(patterns.map { "'\($0)'" }.joined(separator: ", "))")
    }

    public static func invalidStepParameter(_ value: String, kind: String, allowed: [String]) -> Message {
        let list = allowed.isEmpty ? "a non-empty value" : "one of " + allowed.map { "'\($0)'" }.joined(separator: ", ")
        return Message("invalid-step-parameter", .error, "'\(value)' is not a valid \(kind); expected \(list)")
    }

    public static func stepFailed(platform: String, expected: String, observed: String) -> Message {
        Message("step-failed", .error, "step failed on \(platform): expected \(expected); observed \(observed)")
    }

    public static func scenarioNotExercised(_ id: String) -> Message {
        Message(
            "scenario-not-exercised", .error, "no check leads to scenario '\(id)'; add a check whose steps reach it")
    }

    public static func scenarioMissingFromSpec(_ id: String, platform: String) -> Message {
        Message(
            "scenario-missing-from-spec", .error,
            "the engine reaches scenario '\(id)' on \(platform), but the spec has no such scenario")
    }

    public static func unreachableScenario(_ id: String, platform: String) -> Message {
        Message(
            "unreachable-scenario", .error,
            "the engine never reaches scenario '\(id)' on \(platform); its copy can never be shown")
    }

    public static func actionWithoutCopy(_ action: String, scenario: String, platform: String) -> Message {
        Message(
            "action-without-copy", .error,
            "the engine offers '\(action)' in scenario '\(scenario)' on \(platform), but its copy table has no label for it"
        )
    }

    public static func unreachableAction(_ action: String, scenario: String, platform: String) -> Message {
        Message(
            "unreachable-action", .error,
            "the \(platform) copy of scenario '\(scenario)' labels action '\(action)', which the engine never offers there"
        )
    }

    public static func noticeWithoutCopy(_ scenario: String, platform: String) -> Message {
        Message(
            "notice-without-copy", .error,
            "the engine shows an error notice in scenario '\(scenario)' on \(platform), but its title or message is 'None'"
        )
    }

    public static func copyWithoutNotice(_ scenario: String, platform: String) -> Message {
        Message(
            "copy-without-notice", .error,
            "scenario '\(scenario)' shows no error on \(platform), but its copy has a title or message; write 'None'")
    }

    public static func invariantViolated(_ id: String, detail: String) -> Message {
        Message("invariant-violated", .error, "invariant '\(id)' is violated: \(detail)")
    }

    public static func explorationIncomplete(depth: Int) -> Message {
        Message("exploration-incomplete", .error, "the explorer's depth limit \(depth) cut the reachable space short")
    }

    public static func criterionWithoutChecks(_ id: String) -> Message {
        Message(
            "criterion-without-checks", .error,
            "criterion '\(id)' has no checks; add a 'gherkin' block under a heading naming it")
    }

    public static func scenarioWithoutCheck(_ id: String) -> Message {
        Message(
            "scenario-without-check", .error,
            "no check names scenario '\(id)'; add a step 'Then the user sees the \"\(id)\" copy' to a check that reaches it"
        )
    }

    public static func stepNamesUnknownScenario(_ id: String, known: [String], closest: String? = nil) -> Message {
        let hint =
            closest.map { "did you mean '\($0)'?" }
            ?? "the page's scenarios are " + known.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            "step-names-unknown-scenario", .error,
            "the step names scenario '\(id)', which this page does not define; \(hint)")
    }

    public static func scenarioNotInFlow(_ id: String, flow: String, closest: [String]) -> Message {
        let list = closest.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            "scenario-not-in-flow", .error,
            "the flow '\(flow)' has no scenario '\(id)'; the closest are \(list). A new scenario needs an engine change first: see 'Adding a scenario' in the writer's guide"
        )
    }
}

extension RunnerMessages {
    /// Running the checks, covering the engine, exploring, and the lint rules of checks.
    public static let runningChecks: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .undefinedStep(
                "the user dismisses the OS prompt", suggestion: "the user cancels the OS prompt"),
            explanation: MessageExplanation(
                summary: "A step matches no step definition.",
                detail: """
                    Steps come from a fixed list so that each means exactly one thing to the engine. A step \
                    whose words match no pattern (parameter values in double quotes, numbers bare) is \
                    reported at its line by 'lint', 'check' and 'build', with the closest known step. Like \
                    every error 'lint' finds, it stops 'check' and 'build' before any check runs.
                    """,
                example: """
                    Scenario: The first cancellation offers a retry
                      Given the app starts passkey login automatically
                      When the user dismisses the OS prompt
                    """,
                fix: "Reword the step as the suggestion, or pick one from 'passkey-spec steps'.")),
        CatalogueEntry(
            sample: .ambiguousStep(
                "the user chooses \"retry\"",
                patterns: ["the user chooses \"<action>\"", "the user chooses \"<fallback>\""]),
            explanation: MessageExplanation(
                summary: "A step matches more than one step definition.",
                detail: """
                    Every step must match exactly one pattern, or the engine would not know which one was \
                    meant. The message lists the patterns that match. With the built-in step list this \
                    points at overlapping definitions rather than at the spec.
                    """,
                example: """
                    When the user chooses "retry"
                    (with a second definition 'the user chooses {fallback}' next to 'the user chooses {action}')
                    """,
                fix:
                    "Reword the step to match one pattern exactly, and tell the engine's maintainers about the overlap."
            )),
        CatalogueEntry(
            sample: .invalidStepParameter(
                "frozen", kind: "status",
                allowed: ["active", "closed", "deleted", "disabled", "inactive", "locked", "restricted"]),
            explanation: MessageExplanation(
                summary: "A step's quoted value is not one the parameter accepts.",
                detail: """
                    The step has the shape of a definition, but a value in double quotes is not one of the \
                    values its parameter takes (an account status, an action, a scenario, a lookup fault…), \
                    or is empty. The message lists the accepted values; 'passkey-spec steps' prints them \
                    all. Reported at the step.
                    """,
                example: """
                    Given the account is "frozen"
                    """,
                fix: "Use one of the listed values, e.g. 'the account is \"locked\"'.")),
        CatalogueEntry(
            sample: .stepFailed(
                platform: "iOS", expected: "the fallback screen",
                observed: "screen login, no error notice, offers \"retry\", cancellation count 1, no session"),
            explanation: MessageExplanation(
                summary: "A step of a check did not hold when run against the engine on a platform.",
                detail: """
                    'check' and 'build' run every check once per platform, through that platform's native \
                    results. A step that does not hold is reported at its line, with the platform, what it \
                    expected and what the engine showed (screen, error notice, actions offered, open \
                    prompt, cancellation count, session). The remaining steps of that check on that \
                    platform are skipped. Either the check says something the spec does not mean, or the \
                    behaviour it describes is not the engine's.
                    """,
                example: """
                    Scenario: The first cancellation offers a retry
                      Given the app starts passkey login automatically
                      And the device has passkey "phone"
                      When the login screen appears
                      And the user cancels the OS prompt
                      Then the fallback screen is shown
                    """,
                fix: """
                    Compare expected and observed: correct the check if it is wrong; if the spec means the \
                    behaviour, the engine (and the app) must change, which is a decision to take with \
                    engineering.
                    """)),
        CatalogueEntry(
            sample: .scenarioNotExercised("deleted-passkey"),
            explanation: MessageExplanation(
                summary: "No check run reaches the scenario.",
                detail: """
                    'check' requires every scenario to be reached by at least one check on some platform, \
                    so that its copy is known to be shown where the spec says. Reported at the scenario's \
                    heading when no step of any check leads the engine to it.
                    """,
                example: """
                    ### Error: tried deleted passkey
                    <!-- scenario: deleted-passkey -->
                    … (and no check selects a passkey the server has no record of)
                    """,
                fix:
                    "Add a check whose steps reach the scenario and say so: Then the user sees the \"deleted-passkey\" copy."
            )),
        CatalogueEntry(
            sample: .scenarioMissingFromSpec("lookup-failed", platform: "Android"),
            explanation: MessageExplanation(
                summary: "The engine reaches a scenario that no spec page describes.",
                detail: """
                    The engine can lead the user to this scenario on the platform, but no page has a \
                    scenario with its ID, so there is no copy for it: the app would have nothing to show. \
                    Reported by 'check' at the first spec's title.
                    """,
                example: """
                    A page without the '<!-- scenario: lookup-failed -->' scenario, while the engine shows \
                    it when the account lookup fails.
                    """,
                fix: "Add a scenario with exactly that ID and its copy table to the spec page.")),
        CatalogueEntry(
            sample: .unreachableScenario("passkey-deleted", platform: "iOS"),
            explanation: MessageExplanation(
                summary: "The engine never reaches the scenario on a platform.",
                detail: """
                    Exploring every reachable state, the engine never presents this scenario on the \
                    platform, so its copy there can never be shown. Usually the scenario's ID does not \
                    match the engine's (a typo or a rename), or the situation cannot happen on that \
                    platform. Reported by 'check' at the scenario's heading.
                    """,
                example: """
                    ### Error: tried deleted passkey
                    <!-- scenario: passkey-deleted -->
                    """,
                fix: "Use the engine's scenario ID ('passkey-spec steps' lists them), or remove the scenario.")),
        CatalogueEntry(
            sample: .actionWithoutCopy("fallback", scenario: "lookup-failed", platform: "iOS"),
            explanation: MessageExplanation(
                summary: "The engine offers an action in the scenario that its copy table does not label.",
                detail: """
                    Every action the engine offers in a scenario is a button on screen, so the copy table \
                    needs an 'Action `id`' row with a label for it on every platform. Missing or 'None' is \
                    reported by 'check' at the label (or the title cell).
                    """,
                example: """
                    ### Error: system / API error related to lookup
                    <!-- scenario: lookup-failed -->
                    … (a copy table with an 'Action `retry`' row but no 'Action `fallback`' row)
                    """,
                fix: "Add the row, e.g. '| Action `fallback` | Sign In Another Way | Sign in another way |'.")),
        CatalogueEntry(
            sample: .unreachableAction("retry", scenario: "explicit-cancel", platform: "iOS"),
            explanation: MessageExplanation(
                summary: "The copy labels an action the engine never offers in that scenario.",
                detail: """
                    A button label for an action that the engine never offers in this scenario on the \
                    platform would be shipped but never shown, or would promise the user something the app \
                    does not do. Reported by 'check' at the label.
                    """,
                example: """
                    ### Explicit passkey login is cancelled
                    <!-- scenario: explicit-cancel -->
                    …
                    | Action `retry` | Try Again | Try again |
                    """,
                fix: "Remove the row, write 'None' in that platform's cell, or use the action the engine offers.")),
        CatalogueEntry(
            sample: .noticeWithoutCopy("lookup-failed", platform: "Android"),
            explanation: MessageExplanation(
                summary: "The engine shows an error in the scenario, but its title or message is 'None'.",
                detail: """
                    In this scenario the engine puts up an error notice (an alert or dialog) on the \
                    platform, so both its title and its message need words. Reported by 'check' at the \
                    'None' cell.
                    """,
                example: """
                    ### Error: system / API error related to lookup
                    <!-- scenario: lookup-failed -->
                    …
                    | Title | None | None |
                    """,
                fix: "Write the title and the message for that platform.")),
        CatalogueEntry(
            sample: .copyWithoutNotice("explicit-cancel", platform: "iOS"),
            explanation: MessageExplanation(
                summary: "The scenario shows no error, but its copy has a title or message.",
                detail: """
                    In this scenario the engine shows no error notice on the platform (for example after a \
                    cancellation, which is not an error), so a title or message would never be shown. \
                    Reported by 'check' at the cell.
                    """,
                example: """
                    ### Explicit passkey login is cancelled
                    <!-- scenario: explicit-cancel -->
                    …
                    | Title | Sign-In Cancelled | Sign-in cancelled |
                    """,
                fix: "Write 'None' (e.g. 'None — no error is shown') in the title and message cells.")),
        CatalogueEntry(
            sample: .invariantViolated(
                "AC01.no-reopen-before-retry",
                detail: "ios; automatic; … → violation: the prompt reopened before the user chose retry"),
            explanation: MessageExplanation(
                summary: "The engine breaks one of a criterion's invariants in some reachable state.",
                detail: """
                    Each criterion has invariants that 'check' and 'explore' test on every transition of \
                    every state the engine can reach, on both platforms and across every world script and \
                    configuration. A violation is reported at the criterion's row with the shortest trace \
                    that leads to it. It is a fault of the engine, not of the page's wording.
                    """,
                example: """
                    $ passkey-spec explore
                    (after a change to the engine lets a second automatic cancellation reopen the prompt)
                    """,
                fix:
                    "Run 'passkey-spec explore' to read the trace, and have the engine fixed (or the criterion revisited)."
            )),
        CatalogueEntry(
            sample: .explorationIncomplete(depth: 16),
            explanation: MessageExplanation(
                summary: "The explorer's depth limit cut the reachable state space short.",
                detail: """
                    'check' explores the engine up to a fixed number of events from launch. When some runs \
                    still find new states at that depth, not every state was checked, so the invariants \
                    are not proven. Reported at the first spec's title, and the summary of 'check' says \
                    “CUT SHORT”; 'explore' reports the same cut for the depth it is given.
                    """,
                example: """
                    $ passkey-spec explore --depth 3
                    """,
                fix: "Ask the engine's maintainers to raise the default depth; 'explore --depth N' tries a higher one.")
        ),
        CatalogueEntry(
            sample: .criterionWithoutChecks("N1.4-AC05"),
            explanation: MessageExplanation(
                summary: "A criterion has no checks.",
                detail: """
                    Every criterion is verified by at least one check in a 'gherkin' block under a heading \
                    naming it; without one it can never pass. Reported by 'lint', 'check' and 'build' at the \
                    criterion's row.
                    """,
                example: """
                    | N1.4-AC05 | Core | A valid passkey assertion does not bypass the account status. | … |
                    (and no '### N1.4-AC05' heading with a gherkin block)
                    """,
                fix: "Add a heading naming the criterion ('### N1.4-AC05: account status') with a 'gherkin' block.")),
        CatalogueEntry(
            sample: .scenarioWithoutCheck("deleted-passkey"),
            explanation: MessageExplanation(
                summary: "No check names the scenario with a 'the user sees the \"ID\" copy' step.",
                detail: """
                    'lint' requires every scenario to be named by at least one check, with a step such as \
                    'Then the user sees the \"deleted-passkey\" copy'. That step is what proves the copy is \
                    shown and how the site links checks to scenarios. Reported at the scenario's heading.
                    """,
                example: """
                    ### Error: tried deleted passkey
                    <!-- scenario: deleted-passkey -->
                    … (and no check says: Then the user sees the "deleted-passkey" copy)
                    """,
                fix: "Add the step 'Then the user sees the \"ID\" copy' to a check that reaches the scenario.")),
        CatalogueEntry(
            sample: .stepNamesUnknownScenario(
                "lookup-failed", known: ["automatic-cancel-first", "automatic-cancel-repeated", "explicit-cancel"]),
            explanation: MessageExplanation(
                summary: "A step names a scenario ID that the page does not define.",
                detail: """
                    A step such as 'the user sees the \"ID\" copy' names one of the scenarios of the page the \
                    check is on. An ID that no scenario of that page has (a misspelling, a scenario renamed, \
                    removed, or described on another page) is reported at the value itself, with the page's \
                    closest ID when there is a likely one, or else the page's scenario IDs.
                    """,
                example: """
                    Then the user sees the "deleted-pasky" copy
                    """,
                fix: "Use the ID the message suggests, or one of the page's scenario IDs ('passkey-spec copy --list').")
        ),
        CatalogueEntry(
            sample: .scenarioNotInFlow(
                "provider-misconfigured", flow: "passkey-login",
                closest: ["passkey-unavailable", "passkey-failed", "passkey-not-accepted"]),
            explanation: MessageExplanation(
                summary: "A scenario heading has an ID that the page's flow does not know.",
                detail: """
                    Scenario IDs belong to the flow, not to the page: the reference engine decides which \
                    scenario each native result, server answer and user action leads to, and a check can \
                    only reach a scenario the engine has. A new ID on the page is therefore reported once, \
                    at its heading, with the flow's nearest IDs. The scenario's copy, Trigger names and \
                    checks are still read, so every other mistake in them is reported too, and no step \
                    that names it is reported again.
                    """,
                example: """
                    ### Error: passkey provider misconfigured
                    <!-- scenario: provider-misconfigured -->
                    """,
                fix: """
                    If the situation is one the flow already has, use that scenario's ID (the message lists \
                    the nearest). If it is new, the engine must learn it first: the writer's guide section \
                    'Adding a scenario' says what to ask the engine's owners for and what to write meanwhile.
                    """)),
    ]
}
