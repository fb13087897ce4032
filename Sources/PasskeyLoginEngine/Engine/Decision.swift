import SpecModel

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
            question: "What does “no passkey on this device” do on the automatic route?",
            choice:
                "The app shows the configured fallback without an error and offers no retry (scenario `no-passkey-used`); the count does not change.",
            reason:
                "Retrying cannot help when the device has no passkey, and on this route it cannot be a cancellation by the user: with `preferImmediatelyAvailableCredentials` no prompt appears when there is no passkey here, so there is nothing to refuse. The automatic route asks with `preferImmediatelyAvailableCredentials`, so it arrives: on iOS as `canceled` with “No credentials available for login.” (or `notInteractive`), on Android as `NoCredentialException`, which Google says should lead to the regular sign-in screen.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "automatic-route-prefers-local-passkeys",
            question: "Which request option does the automatic route use, and what arrives without it?",
            choice:
                "The automatic route sets `preferImmediatelyAvailableCredentials` (iOS: `performRequests(options: .preferImmediatelyAvailableCredentials)`, iOS 16; Android: `GetCredentialRequest.Builder().setPreferImmediatelyAvailableCredentials(true)`); the passkey button does not.",
            reason:
                "With the option, “no passkey on this device” ends the request at once and is observable. Without it, iOS shows its sheet for a passkey on another device and Android falls back to discovering remote options, so a prompt the user did not ask for opens, and its dismissal arrives as a cancellation. The button leaves the option off so that a passkey on another device stays usable.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "explicit-no-credential-changes-nothing",
            question: "What does “no credential” do on the explicit route (the passkey button)?",
            choice:
                "The same as a cancellation there: the login screen stays unchanged, with no error and no forced fallback (scenario `explicit-cancel`); the other login methods are on that screen, and the app counts these results in its metrics.",
            reason:
                "The seed (N1.4-AC02) forbids a forced fallback after a cancellation from the button, and Android's `NoCredentialException` reference says it is also delivered when the user “doesn't grant consent to using any available credential”, so the app cannot tell a refusal from “no passkey”. Google's advice to navigate to the regular sign-in screen is met without forcing it: that screen's other methods stay in view. On iOS and the web the button's request has no “prefer local” option, so the system shows its own sheet for a passkey on another device and a dismissal arrives as a cancellation.",
            criterion: "N1.4-AC02"),
        Decision(
            id: "no-passkey-yet-is-silent",
            question: "What happens when the lookup finds an account with no passkey?",
            choice:
                "Under `reveal`, the app goes to the configured fallback without an error, as for an unknown identifier. Under `conceal`, it gets what every identifier gets (decision `conceal-before-authentication`): a discoverable request that ends at once without a passkey on the device, then the fallback.",
            reason:
                "There cannot be a passkey yet and nothing failed, so no error; and under `conceal` the account must not look different from any other.",
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
            id: "conceal-before-authentication",
            question:
                "How does the enumeration policy apply before the user authenticates: to an unknown identifier, an account without passkeys, an account that cannot continue with this route, a restricted account and an active account with passkeys?",
            choice:
                "With `conceal`, the lookup's answer about the account is not used before the user authenticates: every identifier gets what an account with passkeys gets. With the automatic start, the app opens a discoverable request (no allowed credentials) for every identifier, with `preferImmediatelyAvailableCredentials` as the automatic route always does, so what the user sees depends only on the device's passkeys, the OS results and the user's actions; without it, every identifier goes to the configured fallback, which keeps the passkey button. With `reveal`, an account without passkeys and an unknown identifier go to the fallback, an account that cannot continue gets the “Account cannot continue with this route” notice, and an account with passkeys gets a prompt that names them. After a valid assertion the account's real route is shown under either policy.",
            reason:
                "OWASP Authentication Cheat Sheet (“Authentication and Error Messages”): responses before authentication must not differ by account existence or state. WebAuthn Level 3, section 14.6.2 (username enumeration), allows either plausible imaginary credentials for unknown users or a request that names none; a discoverable request is chosen because imaginary credential IDs would have to be stable per identifier, stored and indistinguishable from real ones, while a discoverable request reveals nothing by construction and is what Apple's passkey sample and Google's guidance use. After a valid assertion the user has proved who they are.",
            criterion: nil),
        Decision(
            id: "rate-limited-lookup",
            question: "What does a rate-limited lookup (`HTTP 429`) do?",
            choice:
                "What a server error does: no conclusion about the account, no passkey request, and the notice with a fresh retry and the fallback (scenario `lookup-failed`). When the answer carries `Retry-After`, the app sends the retry the user chooses no sooner than it says, and never retries by itself.",
            reason:
                "RFC 6585: 429 means that “the user has sent too many requests in a given amount of time”, which says nothing about the account, so N1.4-AC03 applies as to a server error. RFC 9110: `Retry-After` says “how long the user agent ought to wait before making a follow-up request”. The engine has no clock: keeping that wait is the app’s part, outside the checks.",
            criterion: "N1.4-AC03"),
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
            id: "reconcile-at-revocation",
            question:
                "When the signed-in user revokes a passkey in the app's account settings, when does the credential manager hear of it?",
            choice:
                "At once: the app sends the full list of the passkeys the server still accepts for the account, without the revoked one, and no unknown-credential signal. The next sign-in sends the list again (decision `reconcile-at-sign-in`).",
            reason:
                "N1.4-AC04 gives a revoked credential full-list reconciliation, and the list may only be sent for an authenticated user, which the user revoking a passkey in the settings is. MDN's page on `signalAllAcceptedCredentials()` names this moment: it is to be called only when the current user is authenticated, after signing up or in, or when the user deletes a credential. Waiting for the next sign-in would leave the revoked passkey in the passkey manager, where choosing it only shows `passkey-not-accepted`.",
            criterion: "N1.4-AC04"),
        Decision(
            id: "signal-failure-changes-nothing",
            question: "What does the user see when a signal call fails?",
            choice:
                "Nothing different: the notice is shown, with its actions, before the signal is sent, and no event waits for the signal's result. The app logs the failure and does not retry it in the foreground; the full list is sent again at the next sign-in anyway.",
            reason:
                "A signal only asks the passkey manager to tidy its list: iOS's `ASCredentialDataManager` methods throw, Android's `signalCredentialState` fails with `SignalCredentialStateException`, and the web's promise rejects for malformed options (W3C WebAuthn Level 3, signal methods: the promise says nothing about whether anything changed) and, in Chromium, with `OperationError` (“A request is already pending.”) while another WebAuthn request of the page is pending, such as a re-armed conditional request, which is why the page sends a signal before it arms the identifier field's request again. None of these is the user's to act on, and Android and Safari skip the call on versions without the API.",
            criterion: "N1.4-AC04"),
        Decision(
            id: "count-survives-relaunch",
            question: "Does the cancellation count survive an app relaunch, and for how long?",
            choice:
                "Yes, with no expiry. The app stores it (`persistCancellationStreak`) and reads it back at launch; only a successful login, with a passkey or the fallback, resets it: not time, not an app update.",
            reason:
                "Otherwise a user who declined twice would be prompted again after every launch, which is the repeated prompting N1.4-AC01 stops. The criterion names one reset, “A successful login resets the cancellation count”; an expiry or an update would bring the declined prompt back with nothing changed for the user, while the passkey button keeps passkeys one tap away.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "retry-offer-survives-relaunch",
            question:
                "After a relaunch (or a new identifier) with one automatic cancellation pending, does the prompt open by itself?",
            choice:
                "No. When the lookup answers, the login screen offers the retry again (scenario `automatic-cancel-first`); the prompt opens only when the user chooses it, and cancelling that retry is the second consecutive cancellation.",
            reason:
                "N1.4-AC01: “Do not reopen the ceremony until the user chooses retry.” A relaunch is not that choice.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "sign-out-starts-afresh",
            question: "What happens to the count and the retry offer when the user signs out?",
            choice:
                "The count is kept as stored, which is 0, since only a successful login creates a session to sign out of and a successful login resets it; no retry offer survives.",
            reason:
                "N1.4-AC01: “A successful login resets the cancellation count.” The next cancellation is a first one.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "left-to-the-platform",
            question:
                "What does the spec say of a hybrid sign-in with Bluetooth off, a device without a screen lock, a biometric lockout, or a security key on iOS?",
            choice:
                "Nothing of its own: the system deals with each inside its own prompt, and what reaches the app is the request’s result, one of the names the scenarios’ Trigger rows give, handled by that name like any other. A security key on iOS needs a request of its own (`ASAuthorizationSecurityKeyPublicKeyCredentialProvider`), which the app does not make; the spec leaves it out.",
            reason:
                "The seed’s scenarios are what the app shows, and the app sees only the request’s result, not the system’s steps before it: a new scenario would copy the system’s own words. The engine reads every result by its name, so none of these can reach a state the checks do not cover.",
            criterion: nil),
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
            choice:
                "The retry offer goes away and the route lookup starts again; the count is kept, so with one cancellation pending the lookup's answer offers the retry again rather than opening the prompt.",
            reason: "The retry belonged to the route of the previous identifier.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "android-not-allowed-is-a-cancellation",
            question: "How is `GetPublicKeyCredentialDomException` with `NotAllowedError` treated on Android?",
            choice:
                "As a cancellation. `DataError` (“RP ID cannot be validated”) and `SecurityError` mean passkey login cannot work for this app (`passkey-unavailable`); every other `DomError` is a general passkey error.",
            reason:
                "WebAuthn's `NotAllowedError` is what providers report when the user dismisses the prompt (W3C WebAuthn Level 3, get() exceptions); showing an error for it would show one for the most common, expected outcome. An unverifiable relying party is the same misconfiguration as the web's `SecurityError` and iOS's `failed` (Associated Domains), which a retry cannot fix (DOMAIN review, corbado/flutter-passkeys issues 112 and 148).",
            criterion: "N1.4-AC01"),
        Decision(
            id: "android-cancellation-counts",
            question:
                "Which Android results count toward the two-cancellation rule, and what does the app report of them?",
            choice:
                "`GetCredentialCancellationException` and `GetPublicKeyCredentialDomException` with `NotAllowedError` count as cancellations of the automatic route whatever their message, including the one androidx makes from Play services’ “Unable to get sync account”. The app never retries them by itself, and reports how often each arrives, with its message, to its monitoring.",
            reason:
                "Google’s Credential Manager troubleshooting guide says the exception “most commonly occurs when a user manually cancels the sign-in flow” but “can also signal that the request was not authorized due to technical constraints”; “don’t automatically retry the request”, and “developers should monitor the frequency of this exception”. androidx turns `NOT_ALLOWED_ERR` with “Unable to get sync account” into it (PublicKeyCredentialControllerUtility.kt). The app cannot tell a refusal from a technical one: counting a technical refusal only brings the fallback one attempt sooner, which N1.4-AC01 allows, while not counting a real cancellation would prompt the user again, which it forbids.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "ios-prefer-sign-in-with-apple",
            question:
                "What does `ASAuthorizationError.Code.preferSignInWithApple` (1009) do in a login, if it ever arrives?",
            choice:
                "It is handled defensively: the app shows the configured fallback, where Sign in with Apple is offered, without an error and without a retry (scenario `no-passkey-used`), on either route; the count does not change.",
            reason:
                "Apple documents 1009 only as the user preferring an existing Sign in with Apple account, and an Apple engineer says passkey requests return only `canceled`, `failed` and `matchedExcludedCredential` (Apple Developer Forums thread 756425), so no source shows it from a passkey sign-in. If it comes, the user has chosen another sign-in method: nothing failed and a retry would ask again for what they declined.",
            criterion: nil),
        Decision(
            id: "retry-only-where-it-helps",
            question: "Which results offer a retry?",
            choice:
                "Only those a source says a retry may fix: Android's `GetCredentialInterruptedException` (“may warrant retrying”), an unknown failure (iOS `unknown` (1000), `GetCredentialUnknownException`, the web's `NotReadableError`, `InvalidStateError` and `UnknownError`), a pending request (the web's `OperationError`) and an inconclusive server answer show `passkey-failed` with retry and the fallback. A misconfiguration (iOS `failed` (1004); Android `DataError` and `SecurityError`; the web's `SecurityError` and `TypeError`) and an unsupported device or provider (`GetCredentialUnsupportedException`, `GetCredentialProviderConfigurationException`, the web's `NotSupportedError`) show `passkey-unavailable`: the fallback and a way back to the login screen, whose passkey button starts a fresh request when the user chooses, but no retry in the notice. Results a sign-in never returns are handled defensively: iOS 1002 and 1003 as a general error, 1005 as no passkey, 1006 to 1008 and 1010 as unavailable, 1009 as another method preferred; the web's `ConstraintError` as unavailable.",
            reason:
                "A retry button that cannot work wastes the user's attempt. Apple: `failed` “generally means some part of the request was invalid, such as invalid parameters being passed or an issue with Associated Domains” (Apple Developer Forums thread 756425). Its Associated Domains case reads “Unable to verify webcredentials association of … Please try again in a few seconds.” (threads 771094 and 769692), and right after an install a later request can work (daimo issue 837), but after a reinstall the same failure has lasted for hours (react-native-passkey issue 96): an immediate second request rarely helps, so the notice does not offer one, and the passkey button stays one tap away for a later try. androidx: an interruption “may warrant retrying”. One cause gets one scenario on every platform; like the general error, an automatic attempt that ends this way breaks the cancellation streak.",
            criterion: nil),
        Decision(
            id: "interruption-as-the-platform-reports-it",
            question:
                "What does the user see when the system ends the passkey prompt (the app goes to the background, another app takes over)?",
            choice:
                "What the platform's result says: on Android, `GetCredentialInterruptedException` is a general passkey error with a retry; on iOS and the web, the system's dismissal arrives as the user's would (`canceled`; `NotAllowedError`, which Chrome also sends when the page loses focus), so it is handled as a cancellation. The app logs the time from request to result, so that interruptions can be told from choices in its metrics.",
            reason:
                "androidx: the interrupted exception means “retrying the same operation should fix the error”. Apple documents no interruption result for `ASAuthorizationController`, and Chromium rejects a request from a page without focus with `NotAllowedError`; neither can be told from a cancellation by its code, and treating a possible user cancellation as an error would break N1.4-AC01 and AC02.",
            criterion: "N1.4-AC02"),
        Decision(
            id: "assisted-request-on-appear",
            question:
                "What does an assisted request (AutoFill, a pending request, conditional mediation) start, and when, and what if the platform cannot run one?",
            choice:
                "When the login screen appears, the app arms one request for any passkey of this app (no lookup, empty allowed list) that shows nothing until the user focuses the identifier field and picks a passkey from the suggestions; picking one goes to verification like the passkey button. Where the platform cannot run it (an iOS field without the `.username` text content type, Android below 15 (API 35), where the view request is only stored, or a browser or Android WebView where `isConditionalMediationAvailable()` is false), the app arms nothing and the login screen works as without an automatic start: the passkey button and the fallback.",
            reason:
                "iOS `performAutoFillAssistedRequests()`, Android `View.pendingGetCredentialRequest` and the web's `mediation: \"conditional\"` all work this way: the request is discoverable and waits in the field's suggestions. Apple: the controller “presents a user interface when a text field with the appropriate text content type obtains focus”; androidx `CredentialManagerViewHandler` applies the request only when `SDK_INT >= 35`; WebAuthn recommends `isConditionalMediationAvailable()` before a conditional request.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "assisted-errors-are-silent",
            question: "What does the app show when an assisted request ends without a passkey?",
            choice:
                "Nothing: no error, no count, no fallback; the passkey button stays. The request is armed again the next time the login screen appears.",
            reason:
                "The user asked for nothing. Android does not report these errors at all, Apple's sample ignores the AutoFill request's `canceled`, and Google's web guidance swallows `NotAllowedError` and `AbortError` from a conditional get. Arming again at once could loop on an error that repeats.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "cancel-assisted-before-modal",
            question: "What happens to a pending assisted request when the user taps the passkey button?",
            choice: "The app cancels it first, then opens the modal prompt; two passkey requests never run at once.",
            reason:
                "Chrome answers a second WebAuthn request with `OperationError` “A request is already pending.” and Google's guidance aborts the conditional get before the modal one; on iOS a modal request during an AutoFill one is reported to fail as already in progress.",
            criterion: "N1.4-AC02"),
        Decision(
            id: "rearm-assisted-after-cancel",
            question: "After the user cancels the passkey button's prompt, do the passkey suggestions come back?",
            choice:
                "Yes: with an assisted request configured, the app arms it again, so the login screen is as it was before the button was tapped.",
            reason:
                "AC02 asks for the unchanged login screen; Google's web guidance re-arms conditional autofill after a cancelled explicit prompt.",
            criterion: "N1.4-AC02"),
        Decision(
            id: "typed-identifier-ends-assisted-request",
            question: "What happens to a pending assisted request when the user types and submits an identifier?",
            choice:
                "The app cancels it and looks the identifier up; the lookup decides the route, and no passkey can arrive from the suggestions meanwhile.",
            reason:
                "The user chose not to pick a suggestion; a passkey arriving while the lookup is in flight would be verified against a route that is not decided yet.",
            criterion: "N1.4-AC03"),
        Decision(
            id: "web-load-is-conditional",
            question: "What does a web page start by itself when the login page loads?",
            choice:
                "Conditional mediation (an assisted request) where `PublicKeyCredential.isConditionalMediationAvailable()` says so, and never the modal prompt; the modal prompt (`mediation: \"optional\"`) opens only from the passkey button. Chrome's immediate UI mode (`uiMode: \"immediate\"`, detected with `PublicKeyCredential.getClientCapabilities()` and its `immediateGet`) is not an automatic start either: a page that offers it behind its sign-in button treats its `NotAllowedError` as no passkey here and shows the fallback form, as decision `no-local-passkey-goes-to-fallback` does on the native automatic route.",
            reason:
                "Google's passkey guidance arms autofill on load and keeps the modal prompt for the button; WebAuthn recommends feature detection first to avoid a user-visible error. So the automatic prompt of AC01 does not exist on the web, and its cancellation scenarios cannot happen there. Immediate UI mode does not change that: it needs a user activation (Chrome rejects without one: “A user activation is required to request immediate credentials.”), so it cannot start as the page loads; a dismissal and the absence of a credential both reject with `NotAllowedError` (its explainer: “handle the no credential or cancellation case”), so the two consecutive cancellations of N1.4-AC01 cannot be counted; and it is Chrome's alone, with its WebAuthn rules still a proposal (w3c/webauthn pull request 2291) and no position from WebKit or Mozilla.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "web-not-allowed-is-cancel",
            question: "How does a web page treat `NotAllowedError` and `AbortError` from the passkey button's request?",
            choice:
                "As a cancellation: the page stays as it was (`explicit-cancel`), with the other sign-in methods on it. The page records how fast each `NotAllowedError` arrives; one faster than any person could dismiss a dialog is a deployment fault to monitor (an iframe without `publickey-credentials-get`, a TLS error), not an error for the user. `OperationError` and `NotReadableError` are general passkey errors with a retry; `SecurityError`, `TypeError` and `NotSupportedError` mean passkey login cannot work here (`passkey-unavailable`); `InvalidStateError`, `UnknownError` and `ConstraintError`, which a sign-in does not return, are handled defensively.",
            reason:
                "The button's request is discoverable, so with no passkey the browser shows its own dialog (another device, a security key) and `NotAllowedError` arrives when the user dismisses it or it times out (W3C WebAuthn Level 3, get() exceptions). Chromium also rejects with `NotAllowedError` when the permissions policy forbids the request or the certificate is bad; those show no dialog and cannot be told apart by name. An abort is the page's own. WebAuthn Level 3 lists only `AbortError`, `SecurityError`, `NotAllowedError` and `TypeError` for get().",
            criterion: "N1.4-AC02"),
        Decision(
            id: "verification-failure-looks-unknown",
            question:
                "What does the user see when the server rejects the assertion itself (a bad signature, another origin or RP ID, user verification missing, a signature counter that went back)?",
            choice:
                "The server answers `verification-failed`, the same for every such cause, and the app shows what an unknown credential shows (`deleted-passkey`: the passkey can no longer sign in; another passkey and the fallback), with no session, no retry and no signal of either kind.",
            reason:
                "WebAuthn (§14.6.2) asks a relying party to make a failed verification “indistinguishable” from an unknown credential, so the user sees the same words and actions; and N1.4-AC04 explains that the passkey can no longer sign in and offers another passkey plus the fallback. The same criterion sends the unknown-credential signal “only when the credential ID is conclusively absent from server records”, which this ID is not: signalling it would hide a passkey the account still has. Nothing was revoked either, so there is no full list to reconcile. A retry would send the same assertion's failure again.",
            criterion: "N1.4-AC04"),
        Decision(
            id: "the-passkey-names-the-account",
            question:
                "Which account signs in when the user picks a passkey of another account than the identifier they typed?",
            choice:
                "The passkey's: the server finds the account by the assertion's user handle, and that account signs in if its status allows (N1.4-AC05), with its own full list of passkeys. The identifier typed decides nothing. Only a discoverable request (the passkey button, the identifier field's suggestions) can return such a passkey; the automatic route asks for the typed account's passkeys alone.",
            reason:
                "The discoverable requests start from no identified user (decision `explicit-route-is-discoverable`), and for that case WebAuthn (§7.2, step 6) has the relying party verify “that the user account identified by response.userHandle contains a credential record whose id equals credential.rawId”: the assertion proves that account, while the typed identifier proves nothing. Refusing would strand a user who typed another of their addresses; the account's status still decides whether it gets a session.",
            criterion: "N1.4-AC05"),
        Decision(
            id: "options-before-every-request",
            question: "What does the app ask the server before a passkey request, and what if that call fails?",
            choice:
                "Before every request (the automatic prompt, the passkey button, a retry, another passkey, the identifier field's suggestions) the app asks the server for the request's options, whose challenge is used once. When the call fails (a timeout, no network, `HTTP 5xx` or `HTTP 429`), no request starts: a request the user is waiting for shows the `lookup-failed` notice, whose retry asks for fresh options, and the identifier field's request ends silently. The cancellation count does not change, since no prompt opened.",
            reason:
                "WebAuthn (§13.4.3) says that challenges “MUST be randomly generated by Relying Parties in an environment they trust (e.g., on the server-side), and the returned challenge value in the client's response MUST match what was generated”, so no real app opens a prompt without this call. Apple's passkey sample (“Connecting to a service with passkeys”, `AccountManager.swift`) marks the spot: “Fetch the challenge from the server. The challenge needs to be unique for each request.” A failed call proves nothing about the account or its passkeys, which is what N1.4-AC03 says of a failed lookup: no request from incomplete data, a fresh retry and the fallback. The identifier field's request follows decision `assisted-errors-are-silent`, as the user asked for nothing.",
            criterion: "N1.4-AC03"),
        Decision(
            id: "challenge-expiry",
            question:
                "What happens when the server finds the challenge an assertion signs expired or already used, and when the identifier field's request outlives its challenge?",
            choice:
                "The server answers `challenge-expired`, which concludes nothing about the passkey: no signal, no session, no cancellation counted. After a prompt the app shows the general passkey error (`passkey-failed`), whose retry asks for fresh options; no prompt opens until the user chooses it. After the identifier field's suggestions, the app arms them again with fresh options, silently, and it also does so, cancelling the old request first, when their challenge is about to expire. An answer about an assertion already answered (a second submission of the same one) changes nothing.",
            reason:
                "WebAuthn (§13.4.3) says that “Challenges SHOULD be valid for a duration similar to the upper limit of the recommended range and default for a WebAuthn ceremony timeout” (ten minutes) and that the returned challenge “MUST match what was generated”, so a conditional request armed when the screen appears can outlive its challenge, and an assertion can be sent twice. N1.4-AC01 forbids reopening a prompt until the user chooses retry, so the modal case waits for the retry; the suggestions show nothing until the user picks a passkey, so renewing them is invisible, as decision `assisted-errors-are-silent` has it.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "discoverable-entry",
            question: "What do the criteria mean on a login screen with no identifier field?",
            choice:
                "An app may start from a passkey alone, as Apple's and Google's passkey samples do: the automatic route is a request for any passkey of the app (with `preferImmediatelyAvailableCredentials`) when the screen appears, and the passkey button and the identifier field's suggestions are as before. There is no route lookup, so “lookup failed” is the request-options call failing (decision `options-before-every-request`), and “account cannot continue” and a restricted account are known only from the server's answer to a valid assertion, whose user handle names the account (decision `the-passkey-names-the-account`). N1.4-AC01, AC02, AC04 and AC05 hold unchanged.",
            reason:
                "The seed's criteria name a lookup without requiring an identifier, and Apple's sample signs in with a modal request preferring passkeys on the device plus AutoFill, and Google's official Credential Manager sample with `getCredential` from a button, both without asking who the user is. Nothing is looked up before the user authenticates, so there is nothing for the enumeration policy to hide.",
            criterion: "N1.4-AC01"),
        Decision(
            id: "announced-by-what-it-shows",
            question: "How does a screen-reader user hear of each scenario?",
            choice:
                "By what the scenario shows. An error alert (iOS) or dialog (Android) is spoken by the platform as it opens. A message on the screen is marked by the app: on iOS `UIAccessibility.Notification.layoutChanged` with the message, so VoiceOver moves to it; on Android a polite live region (`View.ACCESSIBILITY_LIVE_REGION_POLITE`), not `announceForAccessibility`, which Android deprecates; on the web a `role=\"alert\"` container for an error and `role=\"status\"` for a banner about the account, each on the page and empty before the message. A new screen is announced by its title (`UIAccessibility.Notification.screenChanged`, `View.setAccessibilityPaneTitle`). A screen left as it was announces nothing, and on the web a cancellation returns focus to the passkey button.",
            reason:
                "WCAG 2.2 asks that an error be described in text (SC 3.3.1) and that a status message reach assistive technology without taking focus (SC 4.1.3); WAI-ARIA gives `alert` an assertive and `status` a polite live region, and WCAG technique ARIA19 says the container must be in the page before the message for most screen readers to speak it. Android's own guidance is to announce window changes by their titles and critical views by live regions, and to avoid announcement events. An account's status is advisory information on the result of the user's action, a status message; a failed attempt is an error. Announcing nothing where nothing changes keeps a cancellation as quiet as the seed asks (N1.4-AC02: the login screen unchanged).",
            criterion: nil),
    ]
}
