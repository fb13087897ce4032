import AuthenticationServices
import Foundation

// The authentication manager, after the `AccountManager` of Apple's Shiny sample ("Connecting to a
// service with passkeys"): it makes the passkey requests, is their controller's delegate and
// presentation context provider, has the server verify what they return, and keeps credential
// managers in step with the server through the Signal API.

/// What the account manager tells the screen that started a sign-in.
@MainActor
public protocol AccountManagerDelegate: AnyObject {
    /// The server signed the user in.
    func accountManager(_ manager: AccountManager, didSignIn account: SignedInAccount)
    /// The modal sign-in sheet ended without a passkey: the user canceled it, or (with
    /// `preferImmediatelyAvailableCredentials`) the device has no passkey for the app.
    func accountManagerDidCancelModalSheet(_ manager: AccountManager)
    /// The sign-in failed with `error`: an `ASAuthorizationError` or a `SignInServiceError`.
    func accountManager(_ manager: AccountManager, didFailWith error: any Error)
}

/// Signs the user in with a passkey, and keeps credential managers in step with the server.
@MainActor
public final class AccountManager: NSObject, ASAuthorizationControllerPresentationContextProviding,
    ASAuthorizationControllerDelegate
{
    /// The relying party: the domain of the app's associated domains (`webcredentials:example.com`).
    public let domain = "example.com"
    /// Told how each sign-in ends.
    public weak var delegate: (any AccountManagerDelegate)?

    private let server: any SignInServerClient
    private var authenticationAnchor: ASPresentationAnchor?
    private var isPerformingModalRequest = false

    /// A manager that signs in through `server`.
    public init(server: any SignInServerClient) {
        self.server = server
        super.init()
    }

    /// Signs in with any passkey of the app: the system's sheet lists them, so there is no
    /// username to enter. With `preferImmediatelyAvailableCredentials`, as when the sign-in
    /// screen appears, no sheet appears when the device has no passkey for the app, and the
    /// request ends as canceled.
    public func signInWith(anchor: ASPresentationAnchor, preferImmediatelyAvailableCredentials: Bool) {
        authenticationAnchor = anchor
        // Fetch the challenge from the server. The challenge needs to be unique for each request.
        server.fetchPasskeySignInOptions { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let options):
                self.performAssertionRequest(
                    challenge: options.challenge,
                    preferImmediatelyAvailableCredentials: preferImmediatelyAvailableCredentials)
            case .failure(let error):
                self.delegate?.accountManager(self, didFailWith: error)
            }
        }
    }

    /// Signs in with a username and password, the way to sign in without a passkey.
    public func signInWith(username: String, password: String) {
        server.signIn(username: username, password: password) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let account):
                self.didFinishSignIn(account)
            case .failure(let error):
                self.delegate?.accountManager(self, didFailWith: error)
            }
        }
    }

    /// Deletes a passkey of the signed-in account, from the app's account settings, and tells
    /// credential managers which passkeys the account has left.
    public func deletePasskey(
        credentialID: Data, of account: SignedInAccount, completion: @escaping @MainActor ([Data]) -> Void
    ) {
        server.deletePasskey(credentialID: credentialID) { [weak self] result in
            guard let self, case .success(let accepted) = result else { return }
            self.reportAllAcceptedCredentials(accepted, userID: account.userID)
            completion(accepted)
        }
    }

    private func performAssertionRequest(challenge: Data, preferImmediatelyAvailableCredentials: Bool) {
        let publicKeyCredentialProvider = ASAuthorizationPlatformPublicKeyCredentialProvider(
            relyingPartyIdentifier: domain)
        // No allowed credentials: the sheet offers every passkey the device has for the domain.
        let assertionRequest = publicKeyCredentialProvider.createCredentialAssertionRequest(challenge: challenge)

        let authController = ASAuthorizationController(authorizationRequests: [assertionRequest])
        authController.delegate = self
        authController.presentationContextProvider = self

        if preferImmediatelyAvailableCredentials {
            // If credentials are available, presents a modal sign-in sheet. If there are no locally
            // saved credentials, no UI appears and the system passes ASAuthorizationError.Code.canceled
            // to `authorizationController(controller:didCompleteWithError:)`.
            authController.performRequests(options: .preferImmediatelyAvailableCredentials)
        } else {
            // If credentials are available, presents a modal sign-in sheet. If there are no locally
            // saved credentials, the system presents a QR code to allow signing in with a passkey from
            // a nearby device.
            authController.performRequests()
        }
        isPerformingModalRequest = true
    }

    // MARK: - ASAuthorizationControllerDelegate

    /// Sends the passkey's assertion to the server, which signs the user in.
    public func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {
        isPerformingModalRequest = false
        guard let credentialAssertion = authorization.credential as? ASAuthorizationPlatformPublicKeyCredentialAssertion
        else { return }
        // Verify the signature and clientDataJSON with the service for the given userID.
        let assertion = PasskeyAssertion(
            credentialID: credentialAssertion.credentialID, clientDataJSON: credentialAssertion.rawClientDataJSON,
            authenticatorData: credentialAssertion.rawAuthenticatorData ?? Data(),
            signature: credentialAssertion.signature ?? Data(), userID: credentialAssertion.userID ?? Data())
        server.verify(assertion) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let account):
                // After the server verifies the assertion, sign in the user.
                self.didFinishSignIn(account)
            case .failure(let error):
                if error == .unknownCredential {
                    // The server has no such passkey: credential managers may hide or remove it.
                    self.reportUnknownCredential(assertion.credentialID)
                }
                self.delegate?.accountManager(self, didFailWith: error)
            }
        }
    }

    /// Ends the sign-in: a canceled modal sheet, or another error.
    public func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
        defer { isPerformingModalRequest = false }
        guard let authorizationError = error as? ASAuthorizationError else {
            delegate?.accountManager(self, didFailWith: error)
            return
        }
        if authorizationError.code == .canceled {
            // Either the system doesn't find any credentials and the request ends silently, or the
            // user cancels the request. This is a good time to show a traditional login form.
            if isPerformingModalRequest {
                delegate?.accountManagerDidCancelModalSheet(self)
            }
        } else {
            // Another ASAuthorization error. The userInfo dictionary contains useful information.
            delegate?.accountManager(self, didFailWith: authorizationError)
        }
    }

    // MARK: - ASAuthorizationControllerPresentationContextProviding

    /// The window the sign-in sheet shows over.
    public func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
        authenticationAnchor ?? ASPresentationAnchor()
    }

    // MARK: - Signals

    private func didFinishSignIn(_ account: SignedInAccount) {
        // Report the passkeys the account has on every sign-in, so credential managers can hide
        // the ones the server no longer accepts.
        reportAllAcceptedCredentials(account.acceptedCredentialIDs, userID: account.userID)
        delegate?.accountManager(self, didSignIn: account)
    }

    private func reportUnknownCredential(_ credentialID: Data) {
        guard #available(iOS 26.2, macOS 26.2, visionOS 26.2, *) else { return }
        let dataManager = ASCredentialDataManager()
        let domain = domain
        Task {
            try? await dataManager.reportUnknownPublicKeyCredential(
                relyingPartyIdentifier: domain, credentialID: credentialID)
        }
    }

    private func reportAllAcceptedCredentials(_ credentialIDs: [Data], userID: Data) {
        guard #available(iOS 26.2, macOS 26.2, visionOS 26.2, *) else { return }
        let dataManager = ASCredentialDataManager()
        let domain = domain
        Task {
            try? await dataManager.reportAllAcceptedPublicKeyCredentials(
                relyingPartyIdentifier: domain, userHandle: userID, acceptedCredentialIDs: credentialIDs)
        }
    }
}
