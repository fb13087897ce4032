/// A choice the engine makes where the seed document is silent, with its reason. The site
/// shows the list; tests pin each one.
public struct Decision: Hashable, Codable, Sendable {
    /// A stable ID, referenced from the reducer's comments.
    public var id: String
    /// The question the seed leaves open.
    public var question: String
    /// What the engine does.
    public var choice: String
    /// Why.
    public var reason: String
    /// The criterion the question belongs to, if any.
    public var criterion: String?
}

extension Decision {
    /// Every decision, in the order the site lists them.
    public static let all: [Decision] = [
        Decision(
            id: "explicit-cancel-keeps-streak",
            question: "Does an explicit cancellation break the automatic-route cancellation count?",
            choice: "No. Cancelling a prompt opened with the passkey button neither adds to nor resets the count.",
            reason:
                "The count is of consecutive cancellations of the automatic route; an explicit attempt is outside that route, and the criterion says an explicit cancellation leaves the login screen unchanged.",
            criterion: "N1.4-AC02"),
        Decision(
            id: "error-breaks-the-streak",
            question: "Does a general passkey error reset the count?",
            choice:
                "Yes, on the automatic route: an automatic attempt that fails (or whose verification is inconclusive) resets the count to zero.",
            reason:
                "The user did not decline that attempt, so the cancellations before it are no longer consecutive; the user keeps getting a passkey prompt they did not refuse.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "no-local-passkey-goes-to-fallback",
            question: "What does “no passkey on this device” do on either route?",
            choice:
                "The app goes to the configured fallback without an error and offers no retry; the count does not change.",
            reason:
                "Retrying cannot help when the device has no passkey, and it is not a cancellation by the user. On iOS it arrives as `canceled` with “No credentials available for login.” (or `notInteractive`), on Android as `NoCredentialException`, which Google says should lead to the regular sign-in screen.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "no-passkey-yet-is-silent",
            question: "What happens when the lookup finds an account with no passkey?",
            choice: "The app goes to the configured fallback without an error.",
            reason: "There cannot be a passkey yet; nothing failed.",
            criterion: nil),
        Decision(
            id: "explicit-route-is-discoverable",
            question: "Which passkeys does the normal passkey button ask for?",
            choice:
                "Any passkey of the app (a discoverable request); it never uses lookup data, so it is not blocked by a failed lookup and never starts from incomplete data.",
            reason:
                "The button must stay available however often the user cancels (N1.4-AC02), and N1.4-AC03 forbids ceremonies built from incomplete lookup data.",
            criterion: "N1.4-AC03"),
        Decision(
            id: "conceal-unknown-accounts",
            question: "How does the enumeration policy apply to an identifier with no account?",
            choice:
                "With `conceal`, an unknown identifier gets exactly the same notice, state and effects as an account that cannot continue with this route. With `reveal`, it goes to the fallback instead.",
            reason:
                "OWASP: responses must not differ by account state unless the product has chosen to reveal it; the copy of “Account cannot continue with this route” is written to suit both.",
            criterion: nil),
        Decision(
            id: "inconclusive-is-a-general-error",
            question: "What does the user see when the server cannot tell whether it accepts the credential?",
            choice: "The general passkey error (retry or fallback), and no signal of either kind.",
            reason: "Nothing is known about the credential, so no conclusion and no signal may follow (N1.4-AC04).",
            criterion: "N1.4-AC04"),
        Decision(
            id: "reconcile-at-sign-in",
            question: "When is the full list of accepted credentials sent after a revoked credential is rejected?",
            choice:
                "At every successful sign-in (passkey or fallback), when the user is authenticated; never right after the rejection.",
            reason:
                "The full list exposes the user's credentials, so the Signal API sends it only for an authenticated user and advises sending it on each sign-in; the revoked ID is absent from that list.",
            criterion: "N1.4-AC04"),
        Decision(
            id: "only-passkey-login-resets",
            question: "Does a successful login with the fallback method reset the count?",
            choice: "No. Only a successful passkey login resets it.",
            reason:
                "A user who declined the automatic prompt twice and then used the fallback has not shown they want automatic prompts back.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "blocked-account-keeps-streak",
            question: "Does a valid assertion for an account that may not sign in reset the count?",
            choice: "No. It is not a successful login: no session is created.",
            reason:
                "N1.4-AC05: only an account allowed to sign in receives a session; the count follows successful logins.",
            criterion: "N1.4-AC05"),
        Decision(
            id: "new-identifier-clears-retry",
            question: "What happens to an offered retry when the user submits another identifier?",
            choice: "The retry offer goes away and the route lookup starts again; the count is kept.",
            reason: "The retry belonged to the route of the previous identifier.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "android-not-allowed-is-a-cancellation",
            question: "How is `GetPublicKeyCredentialDomException` with `NotAllowedError` treated on Android?",
            choice: "As a cancellation; every other `DomError` is a general passkey error.",
            reason:
                "WebAuthn's `NotAllowedError` is what providers report when the user dismisses the prompt; showing an error for it would show one for the most common, expected outcome.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "ios-prefer-sign-in-with-apple",
            question: "What does `ASAuthorizationError.Code.preferSignInWithApple` (1009) do in a login?",
            choice: "The app goes to the configured fallback without an error.",
            reason: "The user prefers another sign-in method; nothing went wrong.",
            criterion: nil),
        Decision(
            id: "creation-codes-are-general-errors",
            question:
                "What do codes that belong to other requests (`matchedExcludedCredential`, `credentialImport`, `credentialExport`, `deviceNotConfiguredForPasskeyCreation`) do in a login?",
            choice: "They are general passkey errors: retry or fallback.",
            reason:
                "Apple says passkey assertions only return `canceled` and `failed`; anything else is unexpected and not the user's doing.",
            criterion: nil),
    ]
}
