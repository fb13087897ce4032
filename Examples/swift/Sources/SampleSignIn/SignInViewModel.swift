import AuthenticationServices
import Foundation

/// The sign-in screens' state, as their SwiftUI views show it: the sign-in screen (no username
/// field: a "Sign in with passkey" button and a "Sign in with password" button), the password
/// form, and the signed-in home with its account settings. Errors show as an alert.
@MainActor
public final class SignInViewModel: AccountManagerDelegate {
    /// The screen on show.
    public enum Screen: Equatable, Sendable {
        /// The sign-in screen, with its two buttons.
        case signIn
        /// The username and password form.
        case passwordSignIn
        /// The home screen of the signed-in user.
        case signedIn
    }

    /// An alert: a title, a message and its buttons, in the order shown.
    public struct Alert: Equatable, Sendable {
        /// The alert's title.
        public var title: String
        /// The alert's message.
        public var message: String
        /// The buttons, in the order shown (a cancel button first, as iOS lays out two).
        public var buttons: [AlertButton]
    }

    /// A button of an alert.
    public struct AlertButton: Equatable, Sendable {
        /// What tapping the button does.
        public enum Action: Equatable, Sendable {
            /// Closes the alert.
            case dismiss
            /// Closes the alert and tries the failed sign-in again.
            case tryAgain
        }

        /// The button's label.
        public var title: String
        /// What it does.
        public var action: Action
    }

    /// The screen on show.
    public private(set) var screen: Screen = .signIn
    /// The alert on show, if any.
    public private(set) var alert: Alert?
    /// The signed-in account, if any.
    public private(set) var account: SignedInAccount?

    private let accountManager: AccountManager
    private let anchor: ASPresentationAnchor
    /// The last sign-in started, which "Try Again" repeats.
    private var lastAttempt: Attempt?

    private enum Attempt {
        case passkey
        case password(username: String, password: String)
    }

    /// A model that signs in through `server`, showing the system's sheets over `anchor` (the
    /// view's window).
    public init(server: any SignInServerClient, anchor: ASPresentationAnchor) {
        accountManager = AccountManager(server: server)
        self.anchor = anchor
        accountManager.delegate = self
    }

    // MARK: - The sign-in screen

    /// The sign-in screen appeared: offer the device's passkeys at once, without a sheet when
    /// there are none.
    public func signInViewDidAppear() {
        guard account == nil else { return }
        lastAttempt = .passkey
        accountManager.signInWith(anchor: anchor, preferImmediatelyAvailableCredentials: true)
    }

    /// The user tapped "Sign in with passkey": the sheet offers the device's passkeys, or a QR
    /// code for a passkey on a nearby device.
    public func signInWithPasskeyTapped() {
        alert = nil
        lastAttempt = .passkey
        accountManager.signInWith(anchor: anchor, preferImmediatelyAvailableCredentials: false)
    }

    /// The user tapped "Sign in with password".
    public func signInWithPasswordTapped() {
        screen = .passwordSignIn
    }

    /// The user tapped a button of the alert.
    public func alertButtonTapped(_ button: AlertButton) {
        alert = nil
        guard button.action == .tryAgain, let lastAttempt else { return }
        switch lastAttempt {
        case .passkey: signInWithPasskeyTapped()
        case .password(let username, let password): passwordFormSubmitted(username: username, password: password)
        }
    }

    // MARK: - The password form

    /// The user submitted the password form.
    public func passwordFormSubmitted(username: String, password: String) {
        lastAttempt = .password(username: username, password: password)
        accountManager.signInWith(username: username, password: password)
    }

    /// The user went back from the password form to the sign-in screen.
    public func passwordFormBackTapped() {
        screen = .signIn
    }

    // MARK: - The signed-in user

    /// The user deleted a passkey in the account settings.
    public func deletePasskey(credentialID: Data) {
        guard let account else { return }
        accountManager.deletePasskey(credentialID: credentialID, of: account) { [weak self] accepted in
            self?.account?.acceptedCredentialIDs = accepted
        }
    }

    /// The user signed out.
    public func signOut() {
        account = nil
        alert = nil
        screen = .signIn
    }

    // MARK: - AccountManagerDelegate

    /// Shows the home screen.
    public func accountManager(_ manager: AccountManager, didSignIn account: SignedInAccount) {
        self.account = account
        alert = nil
        screen = .signedIn
    }

    /// Shows the password form, the traditional way to sign in.
    public func accountManagerDidCancelModalSheet(_ manager: AccountManager) {
        screen = .passwordSignIn
    }

    /// Shows the error in an alert; one the server did not answer can be tried again.
    public func accountManager(_ manager: AccountManager, didFailWith error: any Error) {
        if let serviceError = error as? SignInServiceError, serviceError.isConnectionProblem {
            alert = Alert(
                title: "Can't Connect", message: error.localizedDescription,
                buttons: [
                    AlertButton(title: "Cancel", action: .dismiss), AlertButton(title: "Try Again", action: .tryAgain),
                ])
        } else {
            alert = Alert(
                title: "Sign In Failed", message: error.localizedDescription,
                buttons: [AlertButton(title: "OK", action: .dismiss)])
        }
    }
}
