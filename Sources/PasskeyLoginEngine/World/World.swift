/// Interprets effects against a `WorldScript`: performs lookups and verifications, records
/// sessions, signals and navigation. Deterministic: the same script and effects give the
/// same events.
public struct World: Sendable {
    public var script: WorldScript
    /// Lookups performed so far (faults apply to the first `failingLookups`).
    public private(set) var lookups = 0
    /// Request-options calls made so far (a `request-options` fault applies to the first
    /// `failingLookups`).
    public private(set) var optionsCalls = 0
    /// Assertions sent for verification so far.
    public private(set) var verifications = 0
    /// Every effect performed, in order.
    public private(set) var performed: [LoginEffect] = []

    public init(script: WorldScript) {
        self.script = script
    }

    /// Performs an effect; returns the event it produces, if any. Starting a ceremony produces
    /// nothing: the prompt waits for the user or the OS.
    public mutating func perform(_ effect: LoginEffect) -> LoginEvent? {
        performed.append(effect)
        switch effect {
        case .lookUpAccount:
            lookups += 1
            if let fault = script.lookupFault, fault.dependency != .requestOptions, lookups <= script.failingLookups {
                return .lookupFinished(.failed(fault.dependency, fault.fault))
            }
            return .lookupFinished(script.lookupAnswer)
        case .fetchRequestOptions:
            optionsCalls += 1
            if let fault = script.optionsFault, optionsCalls <= script.failingLookups {
                return .requestOptionsFinished(.failed(fault))
            }
            return .requestOptionsFinished(.received)
        case .verifyAssertion(let credential):
            verifications += 1
            if script.challengeExpires, !script.verificationInconclusive, verifications == 1 {
                return .verificationFinished(.challengeExpired)
            }
            return .verificationFinished(
                script.verificationInconclusive ? .inconclusive : script.verificationAnswer(for: credential))
        case .startCeremony, .armAssistedRequest, .cancelAssistedRequest, .signalUnknownCredential,
            .signalAllAcceptedCredentials, .createSession, .presentFallback,
            .openAccountRoute, .persistCancellationStreak:
            return nil
        }
    }

    /// The signals sent so far.
    public var signals: [LoginEffect] {
        performed.filter {
            switch $0 {
            case .signalUnknownCredential, .signalAllAcceptedCredentials: true
            default: false
            }
        }
    }
}
