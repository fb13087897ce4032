import SpecModel

// The checks of one spec on one platform as data a conformance kit replays against an app:
// for each check, its steps in the spec's words and lines, and for each step what the kit
// arranges (the app's configuration, the server's and the device's world), what it does
// (events to the app, answers of the platform's passkey API) and what the app must show
// afterwards. The reference engine's run of the check writes it, so the kit's expectation is
// the engine's verdict, step by step. Every kit, whatever its language, reads this one JSON.

/// The checks of a spec on one platform, as a kit replays them.
public struct KitScript: Codable, Sendable, Equatable {
    /// The format's version; a kit refuses a script of another.
    public static let version = 1

    public var version: Int
    public var spec: KitSpec
    /// `ios`, `android` or `web`.
    public var platform: String
    /// The copy each scenario shows on this platform, by scenario ID; nil for one that shows
    /// nothing of its own (`None`).
    public var copy: [String: KitCopy]
    public var checks: [KitCheck]
    /// Checks of the spec left out on this platform, with why.
    public var skipped: [KitSkip]

    public init(
        spec: KitSpec, platform: String, copy: [String: KitCopy], checks: [KitCheck], skipped: [KitSkip] = []
    ) {
        self.version = Self.version
        self.spec = spec
        self.platform = platform
        self.copy = copy
        self.checks = checks
        self.skipped = skipped
    }
}

/// Where the checks come from: the spec's ID, title and file, and a fingerprint of everything
/// a kit asserts, so that a regenerated kit shows which checks changed.
public struct KitSpec: Codable, Sendable, Equatable {
    public var id: String
    public var title: String
    public var file: String
    public var fingerprint: String

    public init(id: String, title: String, file: String, fingerprint: String) {
        self.id = id
        self.title = title
        self.file = file
        self.fingerprint = fingerprint
    }
}

/// A check the kit leaves out on a platform.
public struct KitSkip: Codable, Sendable, Equatable {
    public var check: String
    public var reason: String

    public init(check: String, reason: String) {
        self.check = check
        self.reason = reason
    }
}

/// A scenario's copy on one platform: what the notice shows.
public struct KitCopy: Codable, Sendable, Equatable {
    public var title: String
    public var message: String
    /// The button labels by action ID, in the copy table's order.
    public var buttons: [KitButton]
    /// `blocking` (an alert, a dialog) or `non-blocking` (an inline message, a banner, a
    /// snackbar: the screen's other ways in stay enabled), as the Presentation row says; nil
    /// without one.
    public var presentation: String?

    public init(title: String, message: String, buttons: [KitButton], presentation: String? = nil) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.presentation = presentation
    }
}

public struct KitButton: Codable, Sendable, Equatable {
    public var action: String
    public var label: String

    public init(action: String, label: String) {
        self.action = action
        self.label = label
    }
}

/// One check: its ID, name, criterion and line, how the app and the world start, and its
/// steps.
public struct KitCheck: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var criterion: String?
    public var line: Int
    /// The configuration and the world before the first step; setup steps change them.
    public var configuration: KitConfiguration
    public var world: KitWorld
    public var steps: [KitStep]
    /// What the app must support for the check to apply to it; a kit skips it, with the
    /// reason, for an app that declares otherwise.
    public var requires: KitRequirements?

    public init(
        id: String, name: String, criterion: String?, line: Int, configuration: KitConfiguration, world: KitWorld,
        steps: [KitStep], requires: KitRequirements? = nil
    ) {
        self.requires = requires
        self.id = id
        self.name = name
        self.criterion = criterion
        self.line = line
        self.configuration = configuration
        self.world = world
        self.steps = steps
    }
}

/// What an app must support for a check to apply to it: for each part of the configuration,
/// the values under which the check holds as written (the check's own first), and where the
/// accounts the check meets are sent.
public struct KitRequirements: Codable, Sendable, Equatable {
    /// `identifier-first`, `discoverable`: either, for a check that never enters an identifier.
    public var entry: [String]
    /// `none`, `prompt`, `assisted`.
    public var automaticStart: [String]
    /// `conceal`, `reveal`.
    public var enumerationPolicy: [String]
    /// `password`, `email-code`, `sms-code`.
    public var fallback: [String]
    /// The route of each account status the check meets that may not sign in (`locked` →
    /// `recovery`); empty when it meets none.
    public var accountRoutes: [String: String]

    public init(
        entry: [String], automaticStart: [String], enumerationPolicy: [String], fallback: [String],
        accountRoutes: [String: String]
    ) {
        self.entry = entry
        self.automaticStart = automaticStart
        self.enumerationPolicy = enumerationPolicy
        self.fallback = fallback
        self.accountRoutes = accountRoutes
    }
}

/// One step of a check: its words and line, and what the kit does or asserts for it.
public struct KitStep: Codable, Sendable, Equatable {
    public var keyword: String
    public var text: String
    public var line: Int
    /// `setup`, `action` or `outcome`.
    public var kind: String
    /// For a setup step: the app's configuration and the world after it, each only where the
    /// step changes it.
    public var configuration: KitConfiguration?
    public var world: KitWorld?
    /// For an action step: what the user and the platform do, in order.
    public var inputs: [KitInput]?
    /// For an outcome step: what the app must show after it.
    public var expect: KitObservation?

    public init(
        keyword: String, text: String, line: Int, kind: String, configuration: KitConfiguration? = nil,
        world: KitWorld? = nil, inputs: [KitInput]? = nil, expect: KitObservation? = nil
    ) {
        self.keyword = keyword
        self.text = text
        self.line = line
        self.kind = kind
        self.configuration = configuration
        self.world = world
        self.inputs = inputs
        self.expect = expect
    }
}

/// How the app is set up before the login screen first appears.
public struct KitConfiguration: Codable, Sendable, Equatable {
    /// `none`, `prompt` (the app opens the passkey prompt once the lookup succeeds) or
    /// `assisted` (passkeys offered in the identifier field).
    public var automaticStart: String
    /// `identifier-first` (the user enters an identifier, which the app looks up) or
    /// `discoverable` (no identifier: the app asks for any passkey of the app).
    public var entry: String
    /// `conceal` or `reveal`.
    public var enumerationPolicy: String
    /// `password`, `email-code` or `sms-code`.
    public var fallback: String
    /// Where each account status that may not sign in leads (`locked` → `recovery`, …).
    public var accountRoutes: [String: String]

    public init(
        automaticStart: String, entry: String = "identifier-first", enumerationPolicy: String, fallback: String,
        accountRoutes: [String: String]
    ) {
        self.automaticStart = automaticStart
        self.entry = entry
        self.enumerationPolicy = enumerationPolicy
        self.fallback = fallback
        self.accountRoutes = accountRoutes
    }
}

/// What the server and the device hold. The kit's fake server answers from it.
public struct KitWorld: Codable, Sendable, Equatable {
    /// The account's status; nil when no account has the identifier.
    public var account: String?
    /// Whether passkey login is a route for the account (false: the lookup answers that it
    /// cannot continue).
    public var routeAvailable: Bool
    /// The passkeys on the device, by name, in order.
    public var devicePasskeys: [String]
    /// What the server holds for each passkey it knows: `active`, `revoked`, `fails-verification` or
    /// `another-account` (another account, active, holds it); a device
    /// passkey missing here is unknown to the server.
    public var serverPasskeys: [String: String]
    /// A lookup that fails: which dependency, how, and for how many lookups from the first.
    public var lookupFault: KitLookupFault?
    /// Whether verification answers are inconclusive.
    public var verificationInconclusive: Bool
    /// Whether the server finds the first assertion's challenge expired or already used
    /// (`challenge-expired`); later assertions are verified as usual.
    public var challengeExpires: Bool

    public init(
        account: String?, routeAvailable: Bool, devicePasskeys: [String], serverPasskeys: [String: String],
        lookupFault: KitLookupFault?, verificationInconclusive: Bool, challengeExpires: Bool = false
    ) {
        self.account = account
        self.routeAvailable = routeAvailable
        self.devicePasskeys = devicePasskeys
        self.serverPasskeys = serverPasskeys
        self.lookupFault = lookupFault
        self.verificationInconclusive = verificationInconclusive
        self.challengeExpires = challengeExpires
    }
}

public struct KitLookupFault: Codable, Sendable, Equatable {
    public var dependency: String
    public var fault: String
    public var failingLookups: Int

    public init(dependency: String, fault: String, failingLookups: Int) {
        self.dependency = dependency
        self.fault = fault
        self.failingLookups = failingLookups
    }
}

/// Something the user or the platform does.
public struct KitInput: Codable, Sendable, Hashable {
    /// `screen-appeared`, `identifier-entered`, `passkey-button-tapped`,
    /// `suggestions-challenge-expiring`, `choose` (with `action`),
    /// `fallback-sign-in-succeeded`, `passkey-revoked-in-settings` (with `passkey`),
    /// `app-relaunched`, `signed-out`; or `prompt-result` / `suggestion-result` (with
    /// `result`): the platform's passkey API ends the open prompt, or the identifier field's
    /// request.
    public var event: String
    public var action: String?
    /// The passkey the signed-in user revokes in the account settings.
    public var passkey: String?
    public var result: KitNativeResult?
    /// For `prompt-result`: the prompt the step ends, `automatic` or `explicit`; the app's open
    /// prompt must be that one.
    public var prompt: String?
    /// The modal prompt the app opens while it takes this input, `automatic` or `explicit`,
    /// when it opens one: the kind a kit gives a request made through the platform's own API,
    /// which does not say.
    public var opens: String?

    public init(
        event: String, action: String? = nil, passkey: String? = nil, result: KitNativeResult? = nil,
        prompt: String? = nil, opens: String? = nil
    ) {
        self.prompt = prompt
        self.opens = opens
        self.event = event
        self.action = action
        self.passkey = passkey
        self.result = result
    }
}

/// A result of the platform's passkey API as the platform reports it: its name
/// (`ASAuthorizationError.Code.canceled`, `GetCredentialCancellationException`,
/// `NotAllowedError`), its raw value, its message where the platform gives one, and the
/// passkey returned on success.
public struct KitNativeResult: Codable, Sendable, Hashable {
    public var name: String
    public var code: String
    public var message: String?
    public var passkey: String?

    public init(name: String, code: String, message: String?, passkey: String?) {
        self.name = name
        self.code = code
        self.message = message
        self.passkey = passkey
    }
}

/// What the user sees and what the app has done, as a kit observes it.
public struct KitObservation: Codable, Sendable, Hashable {
    /// `login`, `fallback`, `signed-in` or `account-route`.
    public var screen: String
    /// The account route open (`recovery`, `support`, …) when the screen is `account-route`.
    public var route: String?
    /// The notice shown, with its copy as the spec words it for this platform.
    public var notice: KitNotice?
    /// The actions the user can choose now, by ID.
    public var actions: [String]
    /// The passkey prompt open: `automatic`, `explicit`, or nil.
    public var prompt: String?
    /// Whether passkeys are offered in the identifier field (a request is pending there).
    public var suggestions: Bool
    /// Whether the user is signed in.
    public var session: Bool
    /// Every signal sent to the credential manager so far, in order:
    /// `unknown-credential <passkey>` or `all-accepted-credentials <passkey>,<passkey>`.
    public var signals: [String]
    /// How many route lookups the app has made so far, where the step's words name them.
    public var lookups: Int?
    /// How many request-options calls the app has made so far, where the step's words name
    /// them.
    public var optionsCalls: Int?
    /// What the step's words assert, by field name (`screen`, `notice`, `lookups`, …); a kit
    /// compares the other fields too, and says where a difference in one comes from.
    public var named: [String]?

    public init(
        screen: String, route: String?, notice: KitNotice?, actions: [String], prompt: String?, suggestions: Bool,
        session: Bool, signals: [String], lookups: Int?, optionsCalls: Int? = nil, named: [String]? = nil
    ) {
        self.optionsCalls = optionsCalls
        self.named = named
        self.screen = screen
        self.route = route
        self.notice = notice
        self.actions = actions
        self.prompt = prompt
        self.suggestions = suggestions
        self.session = session
        self.signals = signals
        self.lookups = lookups
    }
}

/// A notice on screen: its scenario and the copy the app shows.
public struct KitNotice: Codable, Sendable, Hashable {
    public var scenario: String
    public var title: String
    public var message: String
    public var buttons: [String]
    /// `blocking` or `non-blocking`, as the scenario's Presentation row says; nil without one.
    public var presentation: String?

    public init(scenario: String, title: String, message: String, buttons: [String], presentation: String? = nil) {
        self.scenario = scenario
        self.title = title
        self.message = message
        self.buttons = buttons
        self.presentation = presentation
    }
}
