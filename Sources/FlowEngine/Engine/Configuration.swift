/// The sign-in method the app falls back to when passkeys are not used.
public enum FallbackMethod: String, Codable, Sendable, CaseIterable {
    case password
    case emailCode = "email-code"
    case smsCode = "sms-code"
}

/// Whether the app may reveal that an account exists (OWASP: conceal by default).
public enum EnumerationPolicy: String, Codable, Sendable, CaseIterable {
    /// An unknown account and an account that cannot continue look the same.
    case conceal
    /// The app may tell them apart.
    case reveal
}

/// Where the app sends a user whose account cannot sign in.
public enum AccountRoute: String, Codable, Sendable, CaseIterable {
    /// A page explaining the account's status.
    case accountStatus = "account-status"
    /// The account-recovery flow.
    case recovery
    /// Customer support.
    case support
}

/// The product decisions an app configures; the engine follows them.
public struct Configuration: Hashable, Codable, Sendable {
    public var fallback: FallbackMethod
    public var enumerationPolicy: EnumerationPolicy
    /// Whether the app opens the passkey prompt by itself once the route lookup succeeds.
    public var startsPasskeyLoginAutomatically: Bool
    /// Where each account status that may not sign in leads.
    public var accountRoutes: [AccountStatus: AccountRoute]
    /// The relying party ID used in signals.
    public var relyingPartyID: String

    public init(
        fallback: FallbackMethod = .password, enumerationPolicy: EnumerationPolicy = .conceal,
        startsPasskeyLoginAutomatically: Bool = true,
        accountRoutes: [AccountStatus: AccountRoute] = Configuration.defaultAccountRoutes,
        relyingPartyID: String = "example.com"
    ) {
        self.fallback = fallback
        self.enumerationPolicy = enumerationPolicy
        self.startsPasskeyLoginAutomatically = startsPasskeyLoginAutomatically
        self.accountRoutes = accountRoutes
        self.relyingPartyID = relyingPartyID
    }

    /// Locked and disabled accounts can be recovered; the others get an explanation.
    public static let defaultAccountRoutes: [AccountStatus: AccountRoute] = [
        .closed: .accountStatus, .deleted: .accountStatus, .disabled: .recovery, .inactive: .accountStatus,
        .locked: .recovery, .restricted: .support,
    ]

    /// The route for a status that may not sign in (account status when unconfigured).
    public func route(for status: AccountStatus) -> AccountRoute { accountRoutes[status] ?? .accountStatus }
}
