import SpecModel

extension PlatformFacts {
    /// The app's own server contract, shared by every platform: the lookup's and the
    /// verification's answers during a sign-in. Apart from the HTTP status class, each answer
    /// is the seed's: its words are quoted from the seed's scenario or criterion, which the
    /// native spec page holds as the seed has it.
    static let server: [PlatformFact] = [
        PlatformFact(
            name: "HTTP 5xx", requests: [.signIn],
            conclusion:
                "The lookup and the verification are the app’s own HTTP requests during a sign-in; a 5xx status says the server failed them.",
            source: source(
                "RFC 9110: HTTP Semantics", "https://www.rfc-editor.org/rfc/rfc9110#section-15.6",
                "The 5xx (Server Error) class of status code indicates that the server is aware that it has erred or is incapable of performing the requested method."
            )),
        PlatformFact(
            name: "HTTP 429", requests: [.signIn],
            conclusion:
                "The lookup is the app’s own HTTP request during a sign-in; a server that limits how often it is asked answers it with 429, which says nothing about the account.",
            source: source(
                "RFC 6585: Additional HTTP Status Codes, 429 Too Many Requests",
                "https://www.rfc-editor.org/rfc/rfc6585#section-4",
                "The 429 status code indicates that the user has sent too many requests in a given amount of time (\"rate limiting\")."
            )),
        PlatformFact(
            name: "route-unavailable", requests: [.signIn],
            conclusion:
                "The seed’s scenario “Account cannot continue with this route” is a sign-in answer: the account exists but may not use this route.",
            source: seedScenario(
                "Account cannot continue with this route", anchor: "scenario-account-cannot-continue",
                "Follow the product’s declared enumeration policy and direct the user to the available recovery or support route."
            )),
        PlatformFact(
            name: "account-not-found", requests: [.signIn],
            conclusion:
                "The lookup answers it during a sign-in; the seed’s scenario says how far the answer may be revealed.",
            source: seedScenario(
                "Account cannot continue with this route", anchor: "scenario-account-cannot-continue",
                "Follow the product’s declared enumeration policy and direct the user to the available recovery or support route."
            )),
        PlatformFact(
            name: "credential-not-found", requests: [.signIn],
            conclusion:
                "The verification of a sign-in’s assertion answers it: the seed’s criterion names a credential ID conclusively absent from the server’s records.",
            source: seedCriterion(
                "N1.4-AC04",
                "Send an unknown-credential signal only when the credential ID is conclusively absent from server records."
            )),
        PlatformFact(
            name: "credential-revoked", requests: [.signIn],
            conclusion:
                "The verification of a sign-in’s assertion answers it: the seed’s criterion names a credential the server knows but revoked.",
            source: seedCriterion(
                "N1.4-AC04",
                "A credential known to the server but revoked through account settings uses full-list reconciliation instead."
            )),
        PlatformFact(
            name: "verification-failed", requests: [.signIn],
            conclusion:
                "The verification of a sign-in’s assertion answers it when the assertion itself is rejected (signature, origin or RP ID, user verification, signature counter); WebAuthn asks that this look like an unknown credential, so it says nothing more.",
            source: source(
                "W3C Web Authentication Level 3, §14.6.2 Username Enumeration",
                "https://www.w3.org/TR/webauthn-3/#sctn-username-enumeration",
                "When verifying an AuthenticatorAssertionResponse response from the authenticator, make it indistinguishable whether verification failed because the signature is invalid or because no such user or credential is registered."
            )),
        PlatformFact(
            name: "challenge-expired", requests: [.signIn],
            conclusion:
                "The verification of a sign-in’s assertion answers it when the challenge the assertion signs is no longer held: it expired, or an earlier assertion used it. It says nothing about the passkey.",
            source: source(
                "W3C Web Authentication Level 3, §13.4.3 Cryptographic Challenges",
                "https://www.w3.org/TR/webauthn-3/#sctn-cryptographic-challenges",
                "Challenges SHOULD be valid for a duration similar to the upper limit of the recommended range and default for a WebAuthn ceremony timeout."
            )),
        PlatformFact(
            name: "verification-inconclusive", requests: [.signIn],
            conclusion:
                "The seed’s general passkey login error is a sign-in failure; a verification that cannot conclude is one.",
            source: seedScenario(
                "Error: general passkey login error", anchor: "scenario-passkey-failed",
                "Something went wrong with passkey authentication unrelated to user input.")),
        PlatformFact(
            name: "account-status", requests: [.signIn],
            conclusion:
                "The seed’s criterion applies it to a valid assertion, the end of a sign-in, and to any other sign-in.",
            source: seedCriterion(
                "N1.4-AC05",
                "Closed, deleted, disabled, inactive, locked or restricted accounts do not receive a session and follow the configured account-status or recovery route."
            )),
    ]

    /// The page of the published site that holds the seed's words, and a place on it.
    static let seedPage = "native/login-error-states.html"

    /// A scenario of the seed, quoted from its row, on the spec page that holds it.
    private static func seedScenario(_ title: String, anchor: String, _ quote: String) -> FactSource {
        source("Seed: Passkey Login: Error States, scenario “\(title)”", "\(seedPage)#\(anchor)", quote)
    }

    /// An acceptance criterion of the seed, quoted from its row, on the spec page that holds it.
    private static func seedCriterion(_ id: String, _ quote: String) -> FactSource {
        source("Seed: Passkey Login: Error States, criterion \(id)", "\(seedPage)#criterion-\(id)", quote)
    }
}
