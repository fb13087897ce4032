import ReportModel
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
            sample: .missingFlow(known: ["passkey-login"])),
        CatalogueEntry(
            sample: .unknownFlow("passkey-signin", known: ["passkey-login"])),
        CatalogueEntry(
            sample: .platformNotInFlow("web", flow: "passkey-login", supported: Platform.known.map(\.rawValue))),
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

    public static func triggerNameInPlainText(_ names: [String], platform: String) -> Message {
        let list = names.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            "trigger-name-in-plain-text", .warning,
            "the \(platform) Trigger cell writes \(list) as plain text; put \(names.count == 1 ? "it" : "each") in backticks, so that engineers can copy \(names.count == 1 ? "it" : "them") and lint checks \(names.count == 1 ? "it" : "them")"
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
                suggestion: "ASAuthorizationError.Code.canceled", otherPlatform: nil)),
        CatalogueEntry(
            sample: .triggerLeadsElsewhere(
                "ASAuthorizationError.Code.notInteractive", scenario: "passkey-failed", platform: "iOS",
                destinations: ["explicit-cancel", "no-passkey-used"])),
        CatalogueEntry(
            sample: .triggerNotNamed(
                "GetCredentialUnknownException", scenario: "passkey-failed", platform: "Android")),
        CatalogueEntry(
            sample: .triggerNotFromSignIn(
                "ASAuthorizationError.Code.matchedExcludedCredential", platform: "iOS", requests: ["registration"],
                source: "ASAuthorizationError.Code.matchedExcludedCredential",
                url:
                    "https://developer.apple.com/documentation/authenticationservices/asauthorizationerror/code/matchedexcludedcredential"
            )),
        CatalogueEntry(
            sample: .triggerNameInPlainText(
                ["GetCredentialUnknownException", "verification-inconclusive"], platform: "Android")),
        CatalogueEntry(
            sample: .triggerRawValue("ASAuthorizationError.Code.canceled", expected: "1001", found: "1004")),
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

    public static func invalidStepParameter(_ value: String, type: ParameterType, closest: String?) -> Message {
        let expected =
            if let values = type.values {
                "one of " + values.map { "'\($0)'" }.joined(separator: ", ")
            } else if type.isNumber {
                "a whole number"
            } else {
                "a non-empty value"
            }
        return Message(
            "invalid-step-parameter", .error,
            "'\(value)' is not a valid \(type.name); expected \(expected)"
                + (closest.map { "; did you mean '\($0)'?" } ?? ""))
    }

    public static func stepFailed(platform: String, expected: String, observed: String) -> Message {
        Message("step-failed", .error, "step failed on \(platform): expected \(expected); observed \(observed)")
    }

    public static func scenarioNotExercised(_ id: String) -> Message {
        Message(
            "scenario-not-exercised", .error, "no check leads to scenario '\(id)'; add a check whose steps reach it")
    }

    /// Found by a run: the engine reaches the scenario on `platform`.
    public static func scenarioMissingFromSpec(_ id: String, platform: String) -> Message {
        scenarioMissingFromSpec(id, evidence: "the engine reaches scenario '\(id)' on \(platform)")
    }

    /// Found by `lint`: `steps` of the page's checks name the flow's scenario.
    public static func scenarioMissingFromSpec(_ id: String, namedBySteps steps: Int) -> Message {
        let named = steps == 1 ? "a step names" : "\(steps) steps name"
        return scenarioMissingFromSpec(id, evidence: "\(named) the flow's scenario '\(id)'")
    }

    private static func scenarioMissingFromSpec(_ id: String, evidence: String) -> Message {
        Message(
            "scenario-missing-from-spec", .error,
            "\(evidence), but the spec has no such scenario; add a '###' scenario with '<!-- scenario: \(id) -->' and its copy table"
        )
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

    public static func presentationUnknown(_ words: String, platform: String) -> Message {
        Message(
            "presentation-unknown", .error,
            "the Presentation row for \(platform) says '\(words)', which names no kind of notice; start it with Alert, Dialog or Sheet (blocking), Inline message, Banner or Snackbar (non-blocking), the screen shown, or None"
        )
    }

    public static func announcementMissing(platform: String, duty: String) -> Message {
        Message(
            "announcement-missing", .error,
            "the copy table does not say how \(platform) announces this scenario to a screen reader; add an 'Announcement' row: \(duty)"
        )
    }

    public static func announcementDiffers(platform: String, means: String?, kind: String, duty: String) -> Message {
        let expected = means.map { "must name `\($0)`" } ?? "must say 'None'"
        return Message(
            "announcement-differs", .error,
            "on \(platform) the engine announces this scenario as '\(kind)', so the Announcement cell \(expected): \(duty)"
        )
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

    /// `actions` are the flow's own; `closest` the nearest to `id`, if any is near.
    public static func unknownAction(_ id: String, flow: String, actions: [String], closest: String?) -> Message {
        let meant = closest.map { "did you mean '\($0)'? " } ?? ""
        return Message(
            "unknown-action", .error,
            "the flow '\(flow)' has no action '\(id)'; \(meant)its actions are \(actions.map { "'\($0)'" }.joined(separator: ", "))"
        )
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
                "the user dismisses the OS prompt", suggestion: "the user cancels the OS prompt")),
        CatalogueEntry(
            sample: .ambiguousStep(
                "the user chooses \"retry\"",
                patterns: ["the user chooses \"<action>\"", "the user chooses \"<fallback>\""])),
        CatalogueEntry(
            sample: .invalidStepParameter(
                "lockd",
                type: ParameterType(
                    name: "status",
                    values: ["active", "closed", "deleted", "disabled", "inactive", "locked", "restricted"]),
                closest: "locked")),
        CatalogueEntry(
            sample: .stepFailed(
                platform: "iOS", expected: "the fallback screen",
                observed: "screen login, no error notice, offers \"retry\", cancellation count 1, no session")),
        CatalogueEntry(
            sample: .scenarioNotExercised("deleted-passkey")),
        CatalogueEntry(
            sample: .scenarioMissingFromSpec("lookup-failed", platform: "Android")),
        CatalogueEntry(
            sample: .unreachableScenario("passkey-deleted", platform: "iOS")),
        CatalogueEntry(
            sample: .actionWithoutCopy("fallback", scenario: "lookup-failed", platform: "iOS")),
        CatalogueEntry(
            sample: .unreachableAction("retry", scenario: "explicit-cancel", platform: "iOS")),
        CatalogueEntry(
            sample: .noticeWithoutCopy("lookup-failed", platform: "Android")),
        CatalogueEntry(
            sample: .copyWithoutNotice("explicit-cancel", platform: "iOS")),
        CatalogueEntry(
            sample: .presentationUnknown("Popup", platform: "iOS")),
        CatalogueEntry(
            sample: .announcementMissing(
                platform: "Web",
                duty:
                    "The message is written into a `role=\"alert\"` container that is on the page, empty, before it (WCAG technique ARIA19)"
            )),
        CatalogueEntry(
            sample: .announcementDiffers(
                platform: "iOS", means: "UIAlertController", kind: "modal",
                duty: "VoiceOver reads the alert as it opens (a system `UIAlertController`, not a custom view)")),
        CatalogueEntry(
            sample: .invariantViolated(
                "AC01.no-reopen-before-retry",
                detail: "ios; automatic; … → violation: the prompt reopened before the user chose retry")),
        CatalogueEntry(
            sample: .explorationIncomplete(depth: 16)
        ),
        CatalogueEntry(
            sample: .criterionWithoutChecks("N1.4-AC05")),
        CatalogueEntry(
            sample: .scenarioWithoutCheck("deleted-passkey")),
        CatalogueEntry(
            sample: .stepNamesUnknownScenario(
                "lookup-failed", known: ["automatic-cancel-first", "automatic-cancel-repeated", "explicit-cancel"])
        ),
        CatalogueEntry(
            sample: .scenarioNotInFlow(
                "provider-misconfigured", flow: "passkey-login",
                closest: ["passkey-unavailable", "passkey-failed", "passkey-not-accepted"])),
        CatalogueEntry(
            sample: .unknownAction(
                "another-paskey", flow: "passkey-login",
                actions: ["retry", "fallback", "another-passkey", "recovery", "support", "dismiss"],
                closest: "another-passkey")),
    ]
}
