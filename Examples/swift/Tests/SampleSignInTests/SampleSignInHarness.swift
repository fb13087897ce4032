import AuthenticationServices
import Foundation
import PasskeyLoginKit
import SampleSignIn

/// The kit's harness over the sample sign-in: it builds the screen model on the kit's fakes (the
/// server client below, and the `AuthenticationServices` stand-ins the app's code calls), passes
/// the kit's events on as the screens would, and reports what the screens show.
@MainActor
final class SampleSignInHarness: @MainActor LoginHarness {
    /// The sign-in screen has no username field and starts the modal sign-in as it appears; it
    /// does not reveal whether an account exists; its other way to sign in is a password; it
    /// sends no account anywhere but shows an alert.
    static let capabilities = AppCapabilities(
        entries: ["discoverable"], automaticStarts: ["prompt"], enumerationPolicies: ["conceal"],
        fallbacks: ["password"], accountRoutes: [:])

    private let model: SignInViewModel
    /// The system, which shows its passkey sheet over the app.
    private let passkeys: FakePasskeyAPI

    init(environment: KitEnvironment) {
        passkeys = environment.passkeys
        model = SignInViewModel(server: KitServerClient(server: environment.server), anchor: ASPresentationAnchor())
    }

    func send(_ event: AppEvent) {
        switch event {
        case .screenAppeared:
            model.signInViewDidAppear()
        case .identifierEntered, .suggestionsChallengeExpiring:
            // The app has no username field, and so no AutoFill request.
            break
        case .passkeyButtonTapped:
            model.signInWithPasskeyTapped()
        case .choose(let action):
            choose(action)
        case .fallbackSignInSucceeded:
            if model.screen != .passwordSignIn { model.signInWithPasswordTapped() }
            model.passwordFormSubmitted(username: "user@example.com", password: "correct horse battery staple")
        case .passkeyRevokedInSettings(let passkey):
            model.deletePasskey(credentialID: Data(passkey.utf8))
        case .signedOut:
            model.signOut()
        }
    }

    func observe() -> AppObservation {
        let screen: AppObservation.Screen =
            switch model.screen {
            case .signIn: .login
            case .passwordSignIn: .fallback
            case .signedIn: .signedIn
            }
        let notice = model.alert.map {
            DisplayedNotice(title: $0.title, message: $0.message, buttons: $0.buttons.map(\.title))
        }
        return AppObservation(screen: screen, notice: notice, actions: actions, session: model.account != nil)
    }

    /// What the user can choose: nothing under the system's passkey sheet; the alert's buttons
    /// while one shows; on the sign-in screen, its "Sign in with password" button.
    private var actions: [String] {
        if passkeys.openPrompt != nil { return [] }
        if let alert = model.alert { return alert.buttons.map(Self.actionID) }
        return model.screen == .signIn ? ["fallback"] : []
    }

    private func choose(_ action: String) {
        if let alert = model.alert {
            if let button = alert.buttons.first(where: { Self.actionID($0) == action }) {
                model.alertButtonTapped(button)
            }
        } else if action == "fallback", model.screen == .signIn {
            model.signInWithPasswordTapped()
        }
    }

    /// The spec's ID of what an alert button does.
    private static func actionID(_ button: SignInViewModel.AlertButton) -> String {
        switch button.action {
        case .dismiss: "dismiss"
        case .tryAgain: "retry"
        }
    }
}

typealias AppHarness = SampleSignInHarness

/// The app's server client over the kit's server fake, answering as the app's HTTPS API does.
@MainActor
final class KitServerClient: SignInServerClient {
    private let server: FakeServer

    init(server: FakeServer) {
        self.server = server
    }

    func fetchPasskeySignInOptions(
        completion: @escaping @MainActor (Result<PasskeySignInOptions, SignInServiceError>) -> Void
    ) {
        switch server.requestOptions() {
        case .options(let challenge):
            completion(.success(PasskeySignInOptions(challenge: Data(challenge.utf8))))
        case .failed(_, let fault):
            completion(.failure(Self.error(for: fault)))
        }
    }

    func verify(
        _ assertion: PasskeyAssertion,
        completion: @escaping @MainActor (Result<SignedInAccount, SignInServiceError>) -> Void
    ) {
        let result: Result<SignedInAccount, SignInServiceError> =
            switch server.verify(passkey: String(decoding: assertion.credentialID, as: UTF8.self)) {
            case .verified(let accountStatus, let acceptedPasskeys): Self.account(accountStatus, acceptedPasskeys)
            // The server no longer has a passkey it revoked.
            case .credentialUnknown, .credentialRevoked: .failure(.unknownCredential)
            case .verificationFailed: .failure(.invalidAssertion)
            case .inconclusive: .failure(.serverError(statusCode: 503))
            case .challengeExpired: .failure(.challengeExpired)
            case .routeUnavailable: .failure(.passkeyNotAllowed)
            }
        completion(result)
    }

    func signIn(
        username: String, password: String,
        completion: @escaping @MainActor (Result<SignedInAccount, SignInServiceError>) -> Void
    ) {
        guard let account = server.signInWithFallback() else { return completion(.failure(.invalidPassword)) }
        completion(Self.account(account.status, account.acceptedPasskeys))
    }

    func deletePasskey(
        credentialID: Data, completion: @escaping @MainActor (Result<[Data], SignInServiceError>) -> Void
    ) {
        let accepted = server.revoke(passkey: String(decoding: credentialID, as: UTF8.self))
        completion(.success(accepted.map { Data($0.utf8) }))
    }

    /// The account, when its status lets it sign in.
    private static func account(
        _ status: String, _ acceptedPasskeys: [String]
    ) -> Result<
        SignedInAccount, SignInServiceError
    > {
        guard status == "active" else { return .failure(.accountUnavailable) }
        return .success(
            SignedInAccount(userID: Data("user-1".utf8), acceptedCredentialIDs: acceptedPasskeys.map { Data($0.utf8) }))
    }

    /// The error the app's client reports for a failed call.
    private static func error(for fault: String) -> SignInServiceError {
        switch fault {
        case "timeout": .timedOut
        case "network-failure": .cannotConnect
        default: .serverError(statusCode: 500)
        }
    }
}
