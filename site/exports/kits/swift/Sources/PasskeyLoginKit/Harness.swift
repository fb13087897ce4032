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
    public var title: String
    public var message: String
    /// The button labels, in the order shown.
    public var buttons: [String]

    public init(title: String, message: String, buttons: [String]) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

/// What the kit gives the app's controller: its configuration and the fakes of what it talks
/// to.
public final class KitEnvironment {
    public internal(set) var configuration: Configuration
    public let passkeys: FakePasskeyAPI
    public let server: FakeServer
    public let signals: FakeSignals
    /// Survives a relaunch.
    public let store: FakeStore

    public init(configuration: Configuration, world: World) {
        self.configuration = configuration
        server = FakeServer(world: world)
        passkeys = FakePasskeyAPI(server: server)
        signals = FakeSignals()
        store = FakeStore()
    }
}
