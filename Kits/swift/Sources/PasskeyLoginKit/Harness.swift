/// What an app implements once, over its own login controller, to run the spec's checks:
/// it creates the controller with the kit's fakes, passes the kit's events on, and reports
/// what the user sees. It says nothing about how the app is built.
public protocol LoginHarness: AnyObject {
    /// Creates the app's login controller with the kit's fakes and configuration. After a
    /// relaunch the kit creates another with the same fakes and store.
    init(environment: KitEnvironment)
    /// Passes an event to the controller, as the screen would.
    func send(_ event: AppEvent)
    /// What the user sees now.
    func observe() -> AppObservation
    /// What the app supports: the kit skips, with the reason, every check that needs anything
    /// else. Everything unless the harness says otherwise.
    static var capabilities: AppCapabilities { get }
}

extension LoginHarness {
    public static var capabilities: AppCapabilities { .everything }
}

/// What an app supports, as its harness declares it: how its login screen starts, what it
/// starts by itself, its enumeration policy and fallbacks, and where it sends accounts that
/// may not sign in. A check the app cannot take (an automatic prompt for an app that has none,
/// an identifier field for one without) is skipped with the reason, not failed.
public struct AppCapabilities: Equatable, Sendable {
    /// `identifier-first` (an identifier field, looked up) and/or `discoverable` (no
    /// identifier field: any passkey of the app).
    public var entries: Set<String>
    /// `none` (passkey login from the passkey button only), `prompt` (the app opens the
    /// prompt by itself) and/or `assisted` (passkeys offered in the identifier field).
    public var automaticStarts: Set<String>
    /// `conceal` and/or `reveal`.
    public var enumerationPolicies: Set<String>
    /// `password`, `email-code` and/or `sms-code`.
    public var fallbacks: Set<String>
    /// Where the app sends each account status that may not sign in (`locked` → `recovery`);
    /// a status missing here is sent where the check says.
    public var accountRoutes: [String: String]

    public init(
        entries: Set<String> = Self.everything.entries, automaticStarts: Set<String> = Self.everything.automaticStarts,
        enumerationPolicies: Set<String> = Self.everything.enumerationPolicies,
        fallbacks: Set<String> = Self.everything.fallbacks, accountRoutes: [String: String] = [:]
    ) {
        self.entries = entries
        self.automaticStarts = automaticStarts
        self.enumerationPolicies = enumerationPolicies
        self.fallbacks = fallbacks
        self.accountRoutes = accountRoutes
    }

    private init(everything: Void) {
        entries = ["identifier-first", "discoverable"]
        automaticStarts = ["none", "prompt", "assisted"]
        enumerationPolicies = ["conceal", "reveal"]
        fallbacks = ["password", "email-code", "sms-code"]
        accountRoutes = [:]
    }

    /// Every configuration the spec's checks use: every check applies.
    public static let everything = AppCapabilities(everything: ())

    /// Why a check that needs `requirements` does not apply to the app; nil when it does.
    public func reasonToSkip(_ requirements: KitScript.Requirements) -> String? {
        var missing: [String] = []
        func need(_ values: [String], in supported: Set<String>, _ words: [String: String], _ field: String) {
            guard !values.contains(where: supported.contains) else { return }
            let named = values.map { words[$0] ?? $0 }.joined(separator: " or ")
            let raw = values.map { "\"\($0)\"" }.joined(separator: " or ")
            missing.append("\(named) (\(field) \(raw)), which the app does not declare")
        }
        need(requirements.entry, in: entries, Self.entryWords, "entry")
        need(requirements.automaticStart, in: automaticStarts, Self.automaticStartWords, "automatic start")
        need(requirements.enumerationPolicy, in: enumerationPolicies, Self.enumerationPolicyWords, "enumeration policy")
        need(requirements.fallback, in: fallbacks, Self.fallbackWords, "fallback")
        for (status, route) in requirements.accountRoutes.sorted(by: { $0.key < $1.key }) {
            if let own = accountRoutes[status], own != route {
                missing.append("a \(status) account sent to \"\(route)\", where the app sends it to \"\(own)\"")
            }
        }
        return missing.isEmpty ? nil : "the check needs " + missing.joined(separator: "; and ")
    }

    private static let entryWords = [
        "identifier-first": "an identifier field", "discoverable": "a login screen with no identifier field",
    ]
    private static let automaticStartWords = [
        "none": "no automatic start", "prompt": "a passkey prompt the app opens by itself",
        "assisted": "passkeys offered in the identifier field",
    ]
    private static let enumerationPolicyWords = [
        "conceal": "an app that conceals whether an account exists",
        "reveal": "an app that reveals whether an account exists",
    ]
    private static let fallbackWords = [
        "password": "a password fallback", "email-code": "an email-code fallback", "sms-code": "an SMS-code fallback",
    ]
}

/// Something the user does on the login screen.
public enum AppEvent: Equatable, Sendable, CustomStringConvertible {
    case screenAppeared
    case identifierEntered
    case passkeyButtonTapped
    /// The challenge of the pending assisted request reaches the end of its validity (the
    /// app's timer): the app arms the request again with fresh options.
    case suggestionsChallengeExpiring
    /// An action of the screen or the notice, by the spec's ID: `retry`, `fallback`,
    /// `another-passkey`, `recovery`, `support`, `dismiss`, `account-help`, `use-passkey`.
    case choose(String)
    /// The user completed the fallback sign-in (the app asks the server's `signInWithFallback`).
    case fallbackSignInSucceeded
    /// The signed-in user revokes this passkey in the app's account settings (the app asks the
    /// server's `revoke(passkey:)` and reconciles the list it returns).
    case passkeyRevokedInSettings(String)
    case signedOut

    public var description: String {
        switch self {
        case .screenAppeared: "the login screen appears"
        case .identifierEntered: "the user enters their identifier"
        case .passkeyButtonTapped: "the user taps the passkey button"
        case .suggestionsChallengeExpiring: "the identifier field's challenge is about to expire"
        case .choose(let action): "the user chooses \"\(action)\""
        case .fallbackSignInSucceeded: "the user signs in with the fallback"
        case .passkeyRevokedInSettings(let passkey): "the user revokes passkey \"\(passkey)\" in the account settings"
        case .signedOut: "the user signs out"
        }
    }
}

/// What the user sees, as the app reports it.
public struct AppObservation: Equatable, Sendable {
    public enum Screen: Equatable, Sendable {
        case login
        case fallback
        case signedIn
        /// An account-status, recovery or support route: `account-status`, `recovery`, `support`.
        case accountRoute(String)
    }

    public var screen: Screen
    /// The notice on screen, with its copy as displayed.
    public var notice: DisplayedNotice?
    /// The actions the user can choose now, by ID, in the order shown.
    public var actions: [String]
    /// Whether the user is signed in.
    public var session: Bool

    public init(screen: Screen, notice: DisplayedNotice?, actions: [String], session: Bool) {
        self.screen = screen
        self.notice = notice
        self.actions = actions
        self.session = session
    }
}

/// An alert's copy as the app displays it.
public struct DisplayedNotice: Equatable, Sendable {
    /// Whether the notice takes the screen until the user answers it.
    public enum Presentation: String, Equatable, Sendable {
        /// An alert or a sheet: nothing behind it is in reach.
        case blocking
        /// An inline message or a banner: the passkey button and the other sign-in methods stay
        /// enabled.
        case nonBlocking = "non-blocking"
    }

    public var title: String
    public var message: String
    /// The button labels, in the order shown.
    public var buttons: [String]
    /// How the app presents it; nil when the harness does not say, which the kit takes as
    /// blocking and does not compare.
    public var presentation: Presentation?

    public init(title: String, message: String, buttons: [String], presentation: Presentation? = nil) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.presentation = presentation
    }
}

/// What the kit gives the app's controller: its configuration and the fakes of what it talks
/// to. One check's replay uses it, on the task that replays the check (it is `Sendable` only so
/// that `current` can carry it down that task).
public final class KitEnvironment: @unchecked Sendable {
    public internal(set) var configuration: Configuration
    public let passkeys: FakePasskeyAPI
    public let server: FakeServer
    public let signals: FakeSignals
    /// Survives a relaunch.
    public let store: FakeStore

    /// The environment of the check being replayed on this task: code written against the
    /// platform's own API, which has nowhere to pass a fake, reaches the fakes through it, as
    /// real code reaches the system's services. Set by the runner for the whole replay.
    @TaskLocal public static var current: KitEnvironment?

    /// How many calls the fakes have seen: the runner waits until it stops growing.
    var activity: Int { passkeys.requestsMade + server.calls + signals.sent.count }

    public init(configuration: Configuration, world: World) {
        self.configuration = configuration
        server = FakeServer(world: world)
        passkeys = FakePasskeyAPI(server: server)
        signals = FakeSignals()
        store = FakeStore()
    }
}
