import SpecModel

extension PlatformFacts {
    /// The app's own server contract, shared by every platform: the lookup's and the
    /// verification's answers during a sign-in.
    static let server: [PlatformFact] = [
        PlatformFact(
            name: "HTTP 5xx", requests: [.signIn],
            source: source(
                "RFC 9110: HTTP Semantics", "https://www.rfc-editor.org/rfc/rfc9110#section-15.6",
                "The 5xx (Server Error) class of status code indicates that the server is aware that it has erred or is incapable of performing the requested method."
            )),
        PlatformFact(
            name: "route-unavailable", requests: [.signIn], source: seed("Account cannot continue with this route")),
        PlatformFact(
            name: "account-not-found", requests: [.signIn],
            source: seed(
                "Follow the product’s declared enumeration policy and direct the user to the available recovery or support route."
            )),
        PlatformFact(
            name: "credential-not-found", requests: [.signIn],
            source: seed(
                "Send an unknown-credential signal only when the credential ID is conclusively absent from server records."
            )),
        PlatformFact(
            name: "credential-revoked", requests: [.signIn],
            source: seed(
                "A credential known to the server but revoked through account settings uses full-list reconciliation instead."
            )),
        PlatformFact(
            name: "verification-inconclusive", requests: [.signIn],
            source: seed("Something went wrong with passkey authentication unrelated to user input.")),
        PlatformFact(
            name: "account-status", requests: [.signIn],
            source: seed(
                "Closed, deleted, disabled, inactive, locked or restricted accounts do not receive a session and follow the configured account-status or recovery route."
            )),
    ]

    /// The seed document the spec's behaviour comes from.
    private static func seed(_ quote: String) -> FactSource {
        source(
            "Passkey Login: Error States",
            "https://docs.corbado.com/passkey-ui-flows/native/passkey-login/error-states",
            quote)
    }
}
