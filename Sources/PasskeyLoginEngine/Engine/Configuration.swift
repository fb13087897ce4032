import Utilities

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

/// What the app does about passkeys when the login screen appears, before the user asks.
public enum AutomaticStart: String, Codable, Sendable, CaseIterable {
    /// Nothing: passkey login starts from the passkey button only.
    case none
    /// Once the route lookup succeeds, the app opens the OS passkey prompt by itself (the
    /// automatic route of N1.4-AC01).
    case prompt
    /// The app arms an assisted request that shows no UI until the user focuses the
    /// identifier field and picks a passkey from its suggestions: iOS AutoFill-assisted
    /// requests, an Android `PendingGetCredentialRequest`, a web `mediation: "conditional"` get.
    case assisted

    /// In a few words, for traces and messages.
    public var summary: String {
        switch self {
        case .none: "no automatic start"
        case .prompt: "automatic start"
        case .assisted: "assisted request"
        }
    }
}

/// How the login screen starts: from an identifier the user types, or from a passkey alone.
public enum LoginEntry: String, Codable, Sendable, CaseIterable {
    /// The user enters an identifier; a route lookup decides what follows.
    case identifierFirst = "identifier-first"
    /// No identifier: the app asks for any passkey of the app, as Apple's and Google's own
    /// passkey samples do (decision `discoverable-entry`); the assertion names the account.
    case discoverable

    /// In a few words, for traces and messages.
    public var summary: String {
        switch self {
        case .identifierFirst: "identifier first"
        case .discoverable: "no identifier"
        }
    }
}

/// The product decisions an app configures; the engine follows them.
public struct Configuration: Hashable, Codable, Sendable {
    public var fallback: FallbackMethod
    public var enumerationPolicy: EnumerationPolicy
    /// What the app starts by itself when the login screen appears.
    public var automaticStart: AutomaticStart
    /// Whether the login screen asks for an identifier first.
    public var entry: LoginEntry
    /// Where each account status that may not sign in leads.
    public var accountRoutes: [AccountStatus: AccountRoute]
    /// The relying party ID used in signals.
    public var relyingPartyID: String

    public init(
        fallback: FallbackMethod = .password, enumerationPolicy: EnumerationPolicy = .conceal,
        automaticStart: AutomaticStart = .prompt, entry: LoginEntry = .identifierFirst,
        accountRoutes: [AccountStatus: AccountRoute] = Configuration.defaultAccountRoutes,
        relyingPartyID: String = "example.com"
    ) {
        self.fallback = fallback
        self.enumerationPolicy = enumerationPolicy
        self.automaticStart = automaticStart
        self.entry = entry
        self.accountRoutes = accountRoutes
        self.relyingPartyID = relyingPartyID
    }

    /// Whether the app opens the passkey prompt by itself once the route lookup succeeds.
    public var startsPasskeyLoginAutomatically: Bool {
        get { automaticStart == .prompt }
        set { automaticStart = newValue ? .prompt : .none }
    }

    /// Locked and disabled accounts can be recovered; the others get an explanation.
    public static let defaultAccountRoutes: [AccountStatus: AccountRoute] = [
        .closed: .accountStatus, .deleted: .accountStatus, .disabled: .recovery, .inactive: .accountStatus,
        .locked: .recovery, .restricted: .support,
    ]

    /// The route for a status that may not sign in (account status when unconfigured).
    public func route(for status: AccountStatus) -> AccountRoute { accountRoutes[status] ?? .accountStatus }
}
