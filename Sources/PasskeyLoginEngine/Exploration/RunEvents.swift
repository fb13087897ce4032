/// One event a run tries in a state: its number in the `TransitionTable`, and the number of
/// the native result behind it in its platform's `PlatformResults` (-1 when none is).
struct Successor {
    var event: Int
    var native: Int
}

/// A platform's native results at a passkey prompt, read through its adapter once per
/// configuration instead of at every state with an open prompt.
struct PlatformResults {
    let adapter: any PlatformAdapter
    /// The native results that traces name: the errors first, then successes as they are met.
    private(set) var natives = Interner<NativeResult>()
    /// The events of the error results when the OS prompt ends, each event once, with the
    /// first native result that gives it.
    let promptErrors: [Successor]
    /// The same for an assisted request: empty where the platform does not report its errors.
    let assistedErrors: [Successor]
    /// By credential number: the success result's native number and its two events, nil until
    /// first needed.
    private var successes: [(native: Int, prompt: Int, assisted: Int)?] = []

    init(adapter: any PlatformAdapter, table: inout TransitionTable) {
        self.adapter = adapter
        let errors = adapter.errorResults
        for result in errors { _ = natives.number(of: result) }
        let outcomes = errors.map(adapter.outcome)
        func distinct(_ event: (CeremonyOutcome) -> LoginEvent) -> [Successor] {
            var list: [Successor] = []
            for (native, outcome) in outcomes.enumerated() {
                let number = table.number(of: event(outcome))
                if !list.contains(where: { $0.event == number }) {
                    list.append(Successor(event: number, native: native))
                }
            }
            return list
        }
        promptErrors = distinct(LoginEvent.ceremonyFinished)
        assistedErrors = adapter.reportsAssistedErrors ? distinct(LoginEvent.assistedRequestFinished) : []
    }

    /// The success result of a credential (by number): its native number and the event that
    /// ends an open prompt or an assisted request with it.
    mutating func success(
        of credential: Int, in table: inout TransitionTable
    ) -> (
        native: Int, prompt: Int, assisted: Int
    ) {
        if credential < successes.count, let known = successes[credential] { return known }
        let result = adapter.success(table.credentials[credential])
        let outcome = adapter.outcome(of: result)
        let success = (
            native: natives.number(of: result), prompt: table.number(of: .ceremonyFinished(outcome)),
            assisted: table.number(of: .assistedRequestFinished(outcome))
        )
        if successes.count <= credential {
            successes.append(contentsOf: repeatElement(nil, count: credential + 1 - successes.count))
        }
        successes[credential] = success
        return success
    }
}

/// A world script's answers as event numbers of one `TransitionTable`, worked out once per
/// configuration and shared by every platform's run in that world.
struct WorldAnswers {
    let world: WorldScript
    /// The lookup's answer and, when the script has a fault, the failed lookup.
    let lookup: [Int]
    /// The request options arriving and, when the script fails them, the failed call.
    let options: [Int]
    /// The fallback sign-in of the script's account, -1 when it has none.
    let fallbackSignIn: Int
    /// The script's account revoking a passkey in its settings, -1 when it has none.
    let revocation: Int
    /// The inconclusive verification, -1 when the script's verification always concludes.
    let inconclusive: Int
    /// The verification that finds the challenge expired, -1 when the script's never does.
    let expired: Int
    /// By credential number: the server's answer about an assertion, -1 until first needed.
    private var verification: [Int] = []
    /// By ceremony number: the device's credentials (by number) that the ceremony can
    /// return, nil until first needed.
    private var selectable: [[Int]?] = []

    init(world: WorldScript, table: inout TransitionTable) {
        self.world = world
        var lookup = [table.number(of: .lookupFinished(world.lookupAnswer))]
        if let fault = world.routeLookupFault {
            lookup.append(table.number(of: .lookupFinished(.failed(fault.dependency, fault.fault))))
        }
        self.lookup = lookup
        var options = [table.number(of: .requestOptionsFinished(.received))]
        if let fault = world.optionsFault { options.append(table.number(of: .requestOptionsFinished(.failed(fault)))) }
        self.options = options
        fallbackSignIn =
            world.account.map {
                table.number(of: .fallbackSignInSucceeded($0, acceptedCredentials: world.acceptedCredentials))
            } ?? -1
        revocation = world.account.map { table.number(of: world.revocationInSettings(of: $0)) } ?? -1
        inconclusive = world.verificationInconclusive ? table.number(of: .verificationFinished(.inconclusive)) : -1
        expired = world.challengeExpires ? table.number(of: .verificationFinished(.challengeExpired)) : -1
    }

    /// The server's answer about an assertion for a credential (by number).
    mutating func verification(of credential: Int, in table: inout TransitionTable) -> Int {
        if credential < verification.count, verification[credential] >= 0 { return verification[credential] }
        if verification.count <= credential {
            verification.append(contentsOf: repeatElement(-1, count: credential + 1 - verification.count))
        }
        let answer = world.verificationAnswer(for: table.credentials[credential])
        verification[credential] = table.number(of: .verificationFinished(answer))
        return verification[credential]
    }

    /// The credentials (by number) a ceremony (by number) can return on this device.
    mutating func selectable(by ceremony: Int, in table: inout TransitionTable) -> [Int] {
        if ceremony < selectable.count, let known = selectable[ceremony] { return known }
        if selectable.count <= ceremony {
            selectable.append(contentsOf: repeatElement(nil, count: ceremony + 1 - selectable.count))
        }
        let credentials = world.selectableCredentials(for: table.ceremonies[ceremony]).map { table.number(of: $0) }
        selectable[ceremony] = credentials
        return credentials
    }
}
