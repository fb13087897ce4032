import ExampleLogin
import PasskeyLoginKit

/// The example app's adapter: what an app team writes once to run the spec's checks. It
/// builds the view model with the kit's fakes behind the app's own service protocols, turns
/// the kit's results into the platform's errors, and reports what the screen shows.
final class ExampleHarness<Changes: MutationChoice>: LoginHarness {
    private let viewModel: LoginViewModel

    init(environment: KitEnvironment) {
        let configuration = environment.configuration
        let automaticStart: LoginSettings.AutomaticStart =
            switch configuration.automaticStart {
            case "prompt": .sheet
            case "assisted": .autoFill
            default: .off
            }
        viewModel = LoginViewModel(
            settings: LoginSettings(
                automaticStart: automaticStart, asksForIdentifier: configuration.entry != "discoverable",
                revealsAccountState: configuration.enumerationPolicy == "reveal",
                helpDestinations: configuration.accountRoutes),
            authenticator: KitAuthenticator(environment.passkeys), service: KitAccountService(environment.server),
            reporting: KitCredentialReporting(environment.signals), store: KitSettingsStore(environment.store),
            mutations: Changes.mutations)
    }

    func send(_ event: AppEvent) {
        switch event {
        case .screenAppeared: viewModel.viewDidAppear()
        case .identifierEntered: viewModel.submitIdentifier()
        case .passkeyButtonTapped: viewModel.passkeyButtonTapped()
        case .suggestionsChallengeExpiring: viewModel.autoFillChallengeExpiring()
        case .choose(let action): viewModel.alertOrScreenAction(action)
        case .fallbackSignInSucceeded: viewModel.passwordSignInFinished()
        case .passkeyRevokedInSettings(let passkey): viewModel.revokePasskeyInSettings(passkey)
        case .signedOut: viewModel.signOut()
        }
    }

    func observe() -> AppObservation {
        let screen: AppObservation.Screen =
            switch viewModel.screen {
            case .login: .login
            case .fallback: .fallback
            case .signedIn: .signedIn
            case .help(let destination): .accountRoute(destination)
            }
        let notice = viewModel.alert.map { alert in
            DisplayedNotice(
                title: viewModel.alertTitle ?? alert.title, message: alert.message,
                buttons: alert.buttons.map(\.label))
        }
        return AppObservation(
            screen: screen, notice: notice, actions: viewModel.offeredActions, session: viewModel.isSignedIn)
    }
}

/// Which mistakes the example is built with: none, or one of `LoginViewModel.Mutation`.
protocol MutationChoice {
    static var mutations: Set<LoginViewModel.Mutation> { get }
}

/// The example as it ships.
enum NoMutation: MutationChoice {
    static var mutations: Set<LoginViewModel.Mutation> { [] }
}

/// The app's adapter, as the generated suites name it.
typealias AppHarness = ExampleHarness<NoMutation>

/// The kit's passkey API as `ASAuthorizationController`: a result's raw value and message
/// become the `ASAuthorizationError` the app handles.
final class KitAuthenticator: PasskeyAuthenticating {
    private let passkeys: FakePasskeyAPI

    init(_ passkeys: FakePasskeyAPI) { self.passkeys = passkeys }

    func requestAssertion(
        style: AssertionStyle, allowedCredentialIDs: [String], challenge: String,
        completion: @escaping (Result<String, AuthorizationFailure>) -> Void
    ) {
        let kind: FakePasskeyAPI.Kind =
            switch style {
            case .automaticSheet: .automatic
            case .buttonSheet: .explicit
            case .autoFill: .assisted
            }
        passkeys.perform(
            FakePasskeyAPI.Request(kind: kind, allowedPasskeys: allowedCredentialIDs, challenge: challenge)
        ) { result in
            if let passkey = result.passkey {
                completion(.success(passkey))
            } else {
                completion(
                    .failure(
                        AuthorizationFailure(code: Int(result.code) ?? 1000, localizedDescription: result.message ?? "")
                    ))
            }
        }
    }

    func cancelAutoFill() { passkeys.cancelAssistedRequest() }
}

final class KitAccountService: AccountService {
    private let server: FakeServer

    init(_ server: FakeServer) { self.server = server }

    func fetchSignInOptions(completion: @escaping (SignInOptions) -> Void) {
        switch server.lookUp() {
        case .found(let passkeys): completion(.passkeys(credentialIDs: passkeys))
        case .notFound: completion(.noAccount)
        case .cannotContinue: completion(.passkeyLoginNotOffered)
        case .failed(_, let fault): completion(.unreachable(reason: fault))
        }
    }

    func fetchAssertionChallenge(completion: @escaping (AssertionChallenge) -> Void) {
        switch server.requestOptions() {
        case .options(let challenge): completion(.challenge(challenge))
        case .failed(_, let fault): completion(.unreachable(reason: fault))
        }
    }

    func verifyAssertion(credentialID: String, completion: @escaping (AssertionVerdict) -> Void) {
        switch server.verify(passkey: credentialID) {
        case .verified(let status, let accepted):
            completion(.accepted(SignedInAccount(status: status, acceptedCredentialIDs: accepted)))
        case .credentialUnknown: completion(.unknownCredential)
        case .credentialRevoked: completion(.revokedCredential)
        case .verificationFailed: completion(.rejectedAssertion)
        case .inconclusive: completion(.undetermined)
        case .challengeExpired: completion(.staleChallenge)
        case .routeUnavailable: completion(.passkeyLoginNotOffered)
        }
    }

    func revokeCredential(_ credentialID: String, completion: @escaping ([String]) -> Void) {
        completion(server.revoke(passkey: credentialID))
    }

    func completePasswordSignIn(completion: @escaping (SignedInAccount?) -> Void) {
        completion(
            server.signInWithFallback().map {
                SignedInAccount(status: $0.status, acceptedCredentialIDs: $0.acceptedPasskeys)
            })
    }
}

final class KitCredentialReporting: CredentialReporting {
    private let signals: FakeSignals

    init(_ signals: FakeSignals) { self.signals = signals }

    func reportUnknownCredential(_ credentialID: String) { signals.unknownCredential(credentialID) }
    func reportAllAcceptedCredentials(_ credentialIDs: [String]) { signals.allAcceptedCredentials(credentialIDs) }
}

final class KitSettingsStore: SettingsStore {
    private let store: FakeStore

    init(_ store: FakeStore) { self.store = store }

    func integer(forKey key: String) -> Int { store[key] ?? 0 }
    func set(_ value: Int, forKey key: String) { store[key] = value }
}
