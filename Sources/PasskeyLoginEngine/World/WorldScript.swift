/// What the server knows of a credential.
public enum ServerCredentialState: String, Hashable, Codable, Sendable, CaseIterable {
    /// Accepted for sign-in.
    case active
    /// Known, but revoked through account settings.
    case revoked
    /// Known and accepted, but the assertion the device makes with it does not verify (a
    /// signature, origin or counter the server rejects).
    case failsVerification = "fails-verification"
    /// On the records of another account than the identifier's (`WorldScript.anotherAccount`),
    /// which a discoverable request can return.
    case anotherAccount = "another-account"
}

/// A lookup dependency that fails, and how.
public struct ScriptedFault: Hashable, Codable, Sendable {
    public var dependency: LookupDependency
    public var fault: LookupFault

    public init(_ dependency: LookupDependency, _ fault: LookupFault) {
        self.dependency = dependency
        self.fault = fault
    }
}

/// A scripted world: the account, its credentials on the server and on the device, and the
/// faults that can happen. The same script always gives the same answers.
public struct WorldScript: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The account for the identifier; nil when there is none.
    public var account: Account?
    /// Whether the account may use passkey login at all (false: it cannot continue with this route).
    public var routeAvailable: Bool
    /// Credentials the server has a record of; an ID not listed is absent from its records.
    public var serverCredentials: [CredentialID: ServerCredentialState]
    /// Passkeys on this device, in the order the OS lists them.
    public var deviceCredentials: [CredentialID]
    /// A dependency that fails: of the route lookup, or the request-options call.
    public var lookupFault: ScriptedFault?
    /// How many lookups (or request-options calls) fail with `lookupFault` before one succeeds.
    public var failingLookups: Int
    /// Whether the server's answer about an assertion can be inconclusive.
    public var verificationInconclusive: Bool
    /// Whether the server finds the first assertion's challenge expired or already used.
    public var challengeExpires: Bool

    public init(
        account: Account?, routeAvailable: Bool = true, serverCredentials: [CredentialID: ServerCredentialState] = [:],
        deviceCredentials: [CredentialID] = [], lookupFault: ScriptedFault? = nil, failingLookups: Int = 1,
        verificationInconclusive: Bool = false, challengeExpires: Bool = false
    ) {
        self.account = account
        self.routeAvailable = routeAvailable
        self.serverCredentials = serverCredentials
        self.deviceCredentials = deviceCredentials
        self.lookupFault = lookupFault
        self.failingLookups = failingLookups
        self.verificationInconclusive = verificationInconclusive
        self.challengeExpires = challengeExpires
    }

    /// The credential IDs the server accepts for the identifier's account, sorted: one whose
    /// assertion fails verification is still on the account, not revoked.
    public var acceptedCredentials: [CredentialID] {
        serverCredentials.filter { $0.value == .active || $0.value == .failsVerification }.keys.sorted()
    }

    /// The account that holds the passkeys marked `anotherAccount`: not the identifier's.
    public static let anotherAccount = Account(
        id: "another-account", userHandle: Array("user-2".utf8), status: .active)

    /// The account with `id`: the identifier's, or the other account that holds a passkey of
    /// this world; nil for any other.
    public func account(withID id: String) -> Account? {
        if let account, account.id == id { return account }
        guard id == Self.anotherAccount.id, serverCredentials.values.contains(.anotherAccount) else { return nil }
        return Self.anotherAccount
    }

    /// The credential IDs the server accepts for the account `id`, sorted.
    public func acceptedCredentials(ofAccount id: String) -> [CredentialID] {
        guard id == Self.anotherAccount.id else { return acceptedCredentials }
        return serverCredentials.filter { $0.value == .anotherAccount }.keys.sorted()
    }

    /// The fault of the route lookup, if one of its dependencies fails.
    public var routeLookupFault: ScriptedFault? {
        lookupFault.flatMap { $0.dependency == .requestOptions ? nil : $0 }
    }

    /// How the request-options call fails, if it does.
    public var optionsFault: LookupFault? {
        lookupFault.flatMap { $0.dependency == .requestOptions ? $0.fault : nil }
    }

    /// The passkey the signed-in `account` revokes in the account settings when a run does:
    /// its first accepted one, nil when it has none.
    public func passkeyRevokedInSettings(by account: Account) -> CredentialID? {
        acceptedCredentials(ofAccount: account.id).first
    }

    /// The signed-in `account` revoking `passkeyRevokedInSettings(by:)`, with the passkeys the
    /// server accepts after it.
    public func revocationInSettings(of account: Account) -> LoginEvent {
        .passkeyRevokedInSettings(
            account, acceptedCredentials: Array(acceptedCredentials(ofAccount: account.id).dropFirst()))
    }

    /// What a lookup answers when nothing fails.
    public var lookupAnswer: LookupResult {
        guard account != nil else { return .notFound }
        guard routeAvailable else { return .cannotContinue }
        return .found(RouteData(credentialIDs: acceptedCredentials))
    }

    /// What the server answers about an assertion for `credential` when nothing fails.
    public func verificationAnswer(for credential: CredentialID) -> VerificationResult {
        switch serverCredentials[credential] {
        case nil: return .credentialUnknown
        case .revoked: return .credentialRevoked
        case .failsVerification: return .verificationFailed
        case .anotherAccount:
            // Decision the-passkey-names-the-account: the user handle of the assertion names the
            // account, whatever identifier was typed.
            return .verified(
                Self.anotherAccount, acceptedCredentials: acceptedCredentials(ofAccount: Self.anotherAccount.id))
        case .active:
            guard let account else { return .credentialUnknown }
            // N1.4-AC05 first: a blocked account gets its status route whatever its routes are.
            if account.status.allowsSignIn, !routeAvailable { return .routeUnavailable }
            return .verified(account, acceptedCredentials: acceptedCredentials)
        }
    }

    /// The device passkeys a ceremony can return: all of them for a discoverable request,
    /// otherwise only the allowed ones.
    public func selectableCredentials(for ceremony: Ceremony) -> [CredentialID] {
        ceremony.allowedCredentials.isEmpty
            ? deviceCredentials : deviceCredentials.filter(ceremony.allowedCredentials.contains)
    }

    public var description: String {
        var parts: [String] = []
        if let account {
            parts.append("account \(account.status.rawValue)")
            if !routeAvailable { parts.append("route unavailable") }
        } else {
            parts.append("no account")
        }
        let credentials = deviceCredentials.map { id in "\(id): \(serverCredentials[id]?.rawValue ?? "absent")" }
        parts.append("device passkeys [\(credentials.joined(separator: ", "))]")
        if let lookupFault { parts.append("\(lookupFault.dependency.rawValue) \(lookupFault.fault.rawValue)") }
        if verificationInconclusive { parts.append("inconclusive verification") }
        if challengeExpires { parts.append("first challenge expired") }
        return parts.joined(separator: "; ")
    }
}

extension WorldScript {
    /// The scripts the explorer runs: every account status (and no account), the first
    /// device passkey active, revoked, failing verification, another account's or absent (a
    /// second one always active), an active
    /// account with no passkey on the server, the route available or not, every lookup fault
    /// (or none), and verification that always concludes, can be inconclusive, or (with no
    /// fault) finds the first challenge expired.
    public static var explorationSet: [WorldScript] {
        let first = CredentialID(named: "passkey-1")
        let second = CredentialID(named: "passkey-2")
        let faults: [ScriptedFault?] =
            [nil]
            + LookupDependency.allCases.flatMap { dependency in
                LookupFault.allCases.map { ScriptedFault(dependency, $0) }
            }
        var scripts: [WorldScript] = []
        // Verification as asked, inconclusive, or finding the first challenge expired. An
        // expired challenge is not crossed with a lookup fault: the fault is over (its retry
        // succeeded) before any assertion reaches the server, so the pair adds no new step.
        let verifications = [(false, false), (true, false), (false, true)]
        for fault in faults {
            for (inconclusive, expires) in verifications where fault == nil || !expires {
                scripts.append(
                    WorldScript(
                        account: nil, deviceCredentials: [first], lookupFault: fault,
                        verificationInconclusive: inconclusive, challengeExpires: expires))
                scripts.append(
                    WorldScript(
                        account: Account(id: "account", userHandle: Array("user-1".utf8), status: .active),
                        deviceCredentials: [first, second], lookupFault: fault, verificationInconclusive: inconclusive,
                        challengeExpires: expires))
                for status in AccountStatus.allCases {
                    let account = Account(id: "account", userHandle: Array("user-1".utf8), status: status)
                    for firstState in [
                        ServerCredentialState.active, .revoked, .failsVerification, .anotherAccount, nil,
                    ] {
                        var server: [CredentialID: ServerCredentialState] = [second: .active]
                        server[first] = firstState
                        for route in [true, false] {
                            scripts.append(
                                WorldScript(
                                    account: account, routeAvailable: route, serverCredentials: server,
                                    deviceCredentials: [first, second], lookupFault: fault,
                                    verificationInconclusive: inconclusive, challengeExpires: expires))
                        }
                    }
                }
            }
        }
        return scripts
    }
}
