import Foundation

// The checks as data, as `passkey-spec export` writes them (`scripts/*.json`): the same JSON
// for every kit, whatever its language. `docs/conformance-kits.md` in passkey-spec describes
// each field.

/// The checks of a spec on one platform.
public struct KitScript: Decodable, Sendable {
    /// The only version of the format this kit reads.
    public static let supportedVersion = 1

    public var version: Int
    public var spec: Spec
    public var platform: String
    public var copy: [String: Copy]
    public var checks: [Check]
    public var skipped: [Skip]

    public struct Spec: Decodable, Sendable {
        public var id: String
        public var title: String
        public var file: String
        public var fingerprint: String
    }

    public struct Skip: Decodable, Sendable {
        public var check: String
        public var reason: String
    }

    public struct Copy: Decodable, Sendable {
        public var title: String
        public var message: String
        public var buttons: [Button]
        /// `blocking` or `non-blocking`, as the spec's Presentation row says; nil without one.
        public var presentation: String?
    }

    public struct Button: Decodable, Sendable {
        public var action: String
        public var label: String
    }

    public struct Check: Decodable, Sendable {
        public var id: String
        public var name: String
        public var criterion: String?
        public var line: Int
        public var configuration: Configuration
        public var world: World
        public var steps: [Step]
        /// What the app must support for the check to apply to it (see `AppCapabilities`); nil
        /// in a script written before checks said.
        public var requires: Requirements?
    }

    /// What an app must support for a check to apply to it: for each part of the
    /// configuration, the values under which the check holds as written (the check's own
    /// first), and where the accounts it meets are sent.
    public struct Requirements: Decodable, Sendable, Equatable {
        /// `identifier-first`, `discoverable`.
        public var entry: [String]
        /// `none`, `prompt`, `assisted`.
        public var automaticStart: [String]
        /// `conceal`, `reveal`.
        public var enumerationPolicy: [String]
        /// `password`, `email-code`, `sms-code`.
        public var fallback: [String]
        /// The route of each account status the check meets that may not sign in.
        public var accountRoutes: [String: String]

        public init(
            entry: [String], automaticStart: [String], enumerationPolicy: [String], fallback: [String],
            accountRoutes: [String: String] = [:]
        ) {
            self.entry = entry
            self.automaticStart = automaticStart
            self.enumerationPolicy = enumerationPolicy
            self.fallback = fallback
            self.accountRoutes = accountRoutes
        }
    }

    public struct Step: Decodable, Sendable {
        public var keyword: String
        public var text: String
        public var line: Int
        public var kind: String
        public var configuration: Configuration?
        public var world: World?
        public var inputs: [Input]?
        public var expect: Observation?
    }

    public struct Input: Decodable, Sendable, CustomStringConvertible {
        public var event: String
        public var action: String?
        /// The passkey the signed-in user revokes (`passkey-revoked-in-settings`).
        public var passkey: String?
        public var result: PasskeyResult?
        /// For `prompt-result`: the prompt the step ends, `automatic` or `explicit`.
        public var prompt: String?
        /// The modal prompt the app opens while it takes this input, when it opens one.
        public var opens: String?

        public init(
            event: String, action: String? = nil, passkey: String? = nil, result: PasskeyResult? = nil,
            prompt: String? = nil, opens: String? = nil
        ) {
            self.event = event
            self.action = action
            self.passkey = passkey
            self.result = result
            self.prompt = prompt
            self.opens = opens
        }

        public var description: String {
            if let action { return "\(event) \"\(action)\"" }
            if let passkey, result == nil { return "\(event) \"\(passkey)\"" }
            guard let result else { return event }
            var text = "\(event): \(result.name) (\(result.code))"
            if let message = result.message { text += " \"\(message)\"" }
            if let passkey = result.passkey { text += " passkey \"\(passkey)\"" }
            return text
        }
    }

    public struct Observation: Decodable, Sendable, Equatable {
        public init(
            screen: String, route: String?, notice: Notice?, actions: [String], prompt: String?, suggestions: Bool,
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

        public var screen: String
        public var route: String?
        public var notice: Notice?
        public var actions: [String]
        public var prompt: String?
        public var suggestions: Bool
        public var session: Bool
        public var signals: [String]
        /// Route lookups so far, where the step's words name them.
        public var lookups: Int?
        /// Request-options calls so far, where the step's words name them.
        public var optionsCalls: Int?
        /// What the step's words assert, by field; nil when the expectation is the engine's
        /// whole state (the lockstep's).
        public var named: [String]?
    }

    public struct Notice: Decodable, Sendable, Equatable {
        public init(scenario: String, title: String, message: String, buttons: [String], presentation: String? = nil) {
            self.scenario = scenario
            self.title = title
            self.message = message
            self.buttons = buttons
            self.presentation = presentation
        }

        public var scenario: String
        public var title: String
        public var message: String
        public var buttons: [String]
        /// `blocking` or `non-blocking`, as the spec's Presentation row says; nil without one.
        public var presentation: String?
    }

    /// The script `name` (`N1.4.ios`) of the library's resources (`scripts/N1.4.ios.json`),
    /// read and decoded on the first call and kept: a suite's tests all ask for it.
    public static func bundled(_ name: String) throws -> KitScript {
        try BundledScripts.shared.script(name)
    }

    /// Reads a script, refusing one of another version.
    public static func decoded(_ json: String) throws -> KitScript {
        try decoded(Data(json.utf8))
    }

    /// Reads a script from its JSON bytes, refusing one of another version.
    public static func decoded(_ json: Data) throws -> KitScript {
        let script = try JSONDecoder().decode(KitScript.self, from: json)
        guard script.version == supportedVersion else {
            throw ConformanceFailure(
                location: script.spec.file, step: "",
                differences: [
                    "the script is version \(script.version); this kit reads version \(supportedVersion): export the kit again"
                ])
        }
        return script
    }

    /// The check with this ID.
    public func check(_ id: String) -> Check? { checks.first { $0.id == id } }
}

/// How the app is set up before the login screen first appears.
public struct Configuration: Decodable, Sendable, Equatable {
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

    /// `none`, `prompt` (open the passkey prompt by itself once the lookup succeeds) or
    /// `assisted` (offer passkeys in the identifier field).
    public var automaticStart: String
    /// `identifier-first` (the user enters an identifier, which the app looks up) or
    /// `discoverable` (no identifier field: the app asks for any passkey of the app, and
    /// looks nothing up).
    public var entry: String
    /// `conceal` or `reveal`.
    public var enumerationPolicy: String
    /// `password`, `email-code` or `sms-code`.
    public var fallback: String
    /// Where each account status that may not sign in leads, e.g. `locked` → `recovery`.
    public var accountRoutes: [String: String]

    private enum CodingKeys: String, CodingKey {
        case automaticStart, entry, enumerationPolicy, fallback, accountRoutes
    }

    /// Reads a configuration; a script without an entry is identifier first.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        automaticStart = try container.decode(String.self, forKey: .automaticStart)
        entry = try container.decodeIfPresent(String.self, forKey: .entry) ?? "identifier-first"
        enumerationPolicy = try container.decode(String.self, forKey: .enumerationPolicy)
        fallback = try container.decode(String.self, forKey: .fallback)
        accountRoutes = try container.decode([String: String].self, forKey: .accountRoutes)
    }
}

/// What the server and the device hold.
public struct World: Decodable, Sendable, Equatable {
    public init(
        account: String?, routeAvailable: Bool, devicePasskeys: [String], serverPasskeys: [String: String],
        lookupFault: LookupFault?, verificationInconclusive: Bool, challengeExpires: Bool = false
    ) {
        self.account = account
        self.routeAvailable = routeAvailable
        self.devicePasskeys = devicePasskeys
        self.serverPasskeys = serverPasskeys
        self.lookupFault = lookupFault
        self.verificationInconclusive = verificationInconclusive
        self.challengeExpires = challengeExpires
    }

    private enum CodingKeys: String, CodingKey {
        case account, routeAvailable, devicePasskeys, serverPasskeys, lookupFault, verificationInconclusive
        case challengeExpires
    }

    /// Reads a world; one written before challenges could expire has none that do.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        account = try container.decodeIfPresent(String.self, forKey: .account)
        routeAvailable = try container.decode(Bool.self, forKey: .routeAvailable)
        devicePasskeys = try container.decode([String].self, forKey: .devicePasskeys)
        serverPasskeys = try container.decode([String: String].self, forKey: .serverPasskeys)
        lookupFault = try container.decodeIfPresent(LookupFault.self, forKey: .lookupFault)
        verificationInconclusive = try container.decode(Bool.self, forKey: .verificationInconclusive)
        challengeExpires = try container.decodeIfPresent(Bool.self, forKey: .challengeExpires) ?? false
    }

    public var account: String?
    public var routeAvailable: Bool
    public var devicePasskeys: [String]
    public var serverPasskeys: [String: String]
    public var lookupFault: LookupFault?
    public var verificationInconclusive: Bool
    /// Whether the server finds the first assertion's challenge expired or already used.
    public var challengeExpires: Bool

    public struct LookupFault: Decodable, Sendable, Equatable {
        public init(dependency: String, fault: String, failingLookups: Int) {
            self.dependency = dependency
            self.fault = fault
            self.failingLookups = failingLookups
        }

        public var dependency: String
        public var fault: String
        public var failingLookups: Int
    }
}

/// The scripts read from the library's resources, each once.
private final class BundledScripts: @unchecked Sendable {
    static let shared = BundledScripts()

    /// Guards `scripts`.
    private let lock = NSLock()
    private var scripts: [String: Result<KitScript, any Error>] = [:]

    func script(_ name: String) throws -> KitScript {
        lock.lock()
        defer { lock.unlock() }
        if let kept = scripts[name] { return try kept.get() }
        let read = Result { () throws -> KitScript in
            guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "scripts") else {
                throw ConformanceFailure(
                    location: "scripts/\(name).json", step: "",
                    differences: ["the kit has no script '\(name)': export the kit again"])
            }
            return try KitScript.decoded(try Data(contentsOf: url))
        }
        scripts[name] = read
        return try read.get()
    }
}
