import AuthenticationServices
import Foundation

// A login class as an iOS app writes it against AuthenticationServices, after Apple's passkey
// sample ("Connecting to a service with passkeys", Shiny): nothing here knows of the kit, so
// it compiles the same for iOS and, against the stand-ins, for Linux.

/// The app's client of its account service, as far as passkey sign-in needs it.
protocol AccountServiceClient: AnyObject {
    /// The challenge of the next assertion request, from the service's request options; nil
    /// when the call failed.
    func assertionChallenge() -> Data?
}

/// Signs the user in with a passkey: a sheet, or passkeys offered in the identifier field.
final class AccountManager: NSObject, ASAuthorizationControllerPresentationContextProviding,
    ASAuthorizationControllerDelegate
{
    let domain = "example.com"
    var authenticationAnchor: ASPresentationAnchor?
    var isPerformingModalRequest = false

    /// The credential ID the user signed in with.
    private(set) var signedInCredentialID: Data?
    /// The error shown to the user.
    private(set) var errorMessage: String?
    /// The user info of the last error other than a cancellation, for the logs.
    private(set) var errorUserInfo: [String: Any] = [:]
    /// Whether the password form shows, after the user closed the sheet.
    private(set) var showsPasswordForm = false

    private let service: any AccountServiceClient
    private var autoFillController: ASAuthorizationController?

    init(service: any AccountServiceClient) {
        self.service = service
    }

    func signInWith(
        anchor: ASPresentationAnchor, preferImmediatelyAvailableCredentials: Bool, allowedCredentialIDs: [Data] = []
    ) {
        authenticationAnchor = anchor
        guard let challenge = service.assertionChallenge() else {
            errorMessage = "Can’t reach the server."
            return
        }
        let publicKeyCredentialProvider = ASAuthorizationPlatformPublicKeyCredentialProvider(
            relyingPartyIdentifier: domain)
        let assertionRequest = publicKeyCredentialProvider.createCredentialAssertionRequest(challenge: challenge)
        assertionRequest.allowedCredentials = allowedCredentialIDs.map {
            ASAuthorizationPlatformPublicKeyCredentialDescriptor(credentialID: $0)
        }

        let authController = ASAuthorizationController(authorizationRequests: [assertionRequest])
        authController.delegate = self
        authController.presentationContextProvider = self

        if preferImmediatelyAvailableCredentials {
            // If there are no locally saved credentials, no UI appears and the system passes
            // ASAuthorizationError.Code.canceled to the delegate.
            authController.performRequests(options: .preferImmediatelyAvailableCredentials)
        } else {
            authController.performRequests()
        }
        isPerformingModalRequest = true
    }

    func beginAutoFillAssistedPasskeySignIn(anchor: ASPresentationAnchor) {
        authenticationAnchor = anchor
        guard let challenge = service.assertionChallenge() else { return }
        let publicKeyCredentialProvider = ASAuthorizationPlatformPublicKeyCredentialProvider(
            relyingPartyIdentifier: domain)
        let assertionRequest = publicKeyCredentialProvider.createCredentialAssertionRequest(challenge: challenge)

        // AutoFill-assisted requests only support ASAuthorizationPlatformPublicKeyCredentialAssertionRequest.
        let authController = ASAuthorizationController(authorizationRequests: [assertionRequest])
        authController.delegate = self
        authController.presentationContextProvider = self
        authController.performAutoFillAssistedRequests()
        autoFillController = authController
    }

    /// Stops offering passkeys in the identifier field, as before a modal request.
    func cancelAutoFill() {
        autoFillController?.cancel()
        autoFillController = nil
    }

    func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {
        switch authorization.credential {
        case let credentialAssertion as ASAuthorizationPlatformPublicKeyCredentialAssertion:
            // The service verifies the signature and client data for the user ID; then sign in.
            signedInCredentialID = credentialAssertion.credentialID
            errorMessage = nil
        default:
            fatalError("Received unknown authorization type.")
        }
        isPerformingModalRequest = false
    }

    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: Error) {
        guard let authorizationError = error as? ASAuthorizationError else {
            isPerformingModalRequest = false
            errorMessage = error.localizedDescription
            return
        }

        if authorizationError.code == .canceled {
            // Either the system doesn't find any credentials and the request ends silently, or
            // the user cancels the request: a good time to show the password form.
            if isPerformingModalRequest {
                showsPasswordForm = true
            }
        } else {
            // Another authorization error; the user info says more.
            errorMessage = error.localizedDescription
            errorUserInfo = (error as NSError).userInfo
        }
        isPerformingModalRequest = false
    }

    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
        authenticationAnchor!
    }
}
