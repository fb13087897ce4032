import AuthenticationServices
import Foundation
import Testing

// @preconcurrency: `KitEnvironment`, which `KitEnvironment.$current` holds, is not Sendable.
@preconcurrency @testable import PasskeyLoginKit

/// The stand-ins of AuthenticationServices against the kit's fakes, driven as a check replays
/// them: code written for iOS, the `AccountManager` and a recording delegate, makes its
/// requests with the check's environment current, on the main actor, and the tests end them
/// as the check's script would.
@MainActor
@Suite struct AuthenticationServicesTests {
    /// A check's fakes: an active account whose passkeys `passkey-1` and `passkey-2` the
    /// server accepts, with the app set up for identifier-first sign-in.
    nonisolated static func environment() -> KitEnvironment {
        KitEnvironment(
            configuration: Configuration(
                automaticStart: "none", enumerationPolicy: "reveal", fallback: "password", accountRoutes: [:]),
            world: World(
                account: "active", routeAvailable: true, devicePasskeys: ["passkey-1", "passkey-2"],
                serverPasskeys: ["passkey-1": "active", "passkey-2": "active"], lookupFault: nil,
                verificationInconclusive: false))
    }

    /// Runs `body` with a check's environment current, as the runner replays a check.
    func inCheck(_ body: (KitEnvironment) throws -> Void) rethrows {
        let environment = Self.environment()
        try KitEnvironment.$current.withValue(environment) { try body(environment) }
    }

    /// A result the check scripts: the passkey the user picked.
    nonisolated static func picked(_ passkey: String) -> PasskeyResult {
        PasskeyResult(name: "ASAuthorizationPlatformPublicKeyCredentialAssertion", code: "success", passkey: passkey)
    }

    /// A result the check scripts: an error, by its code's raw value.
    nonisolated static func failed(_ name: String, _ raw: Int, message: String? = nil) -> PasskeyResult {
        PasskeyResult(name: "ASAuthorizationError.Code.\(name)", code: String(raw), message: message)
    }

    /// A platform assertion request for `challenge`, for any passkey, as the app builds it.
    nonisolated static func assertionRequest(challenge: String) -> ASAuthorizationRequest {
        ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: "example.com")
            .createCredentialAssertionRequest(challenge: Data(challenge.utf8))
    }

    /// The challenge the server issues next, as the app's client turns it into bytes.
    nonisolated static func challenge(from environment: KitEnvironment) -> String {
        guard case .options(let challenge) = environment.server.requestOptions() else {
            preconditionFailure("the world of these tests has no fault")
        }
        return challenge
    }

    // MARK: - A modal sign-in

    @Test func aModalSignInGivesTheFakeTheServersChallengeAndTheAllowedPasskeys() throws {
        try inCheck { environment in
            let manager = AccountManager(service: KitServiceClient(environment.server))
            manager.signInWith(
                anchor: ASPresentationAnchor(), preferImmediatelyAvailableCredentials: true,
                allowedCredentialIDs: [Data("passkey-1".utf8)])

            #expect(environment.passkeys.openPrompt == .automatic)
            #expect(environment.passkeys.suggestionsPending == false)
            // The request carried challenge-1, which the server issued for it.
            #expect(environment.passkeys.takeProblems() == [])
            // The fake refuses a passkey outside the request's allowed credentials.
            let refused = try #require(environment.passkeys.finishPrompt(with: Self.picked("passkey-2")))
            #expect(refused.contains(#"allows only ["passkey-1"]"#))

            #expect(environment.passkeys.finishPrompt(with: Self.picked("passkey-1")) == nil)
            #expect(manager.signedInCredentialID == Data("passkey-1".utf8))
            #expect(manager.isPerformingModalRequest == false)
            #expect(environment.passkeys.openPrompt == nil)
        }
    }

    @Test func theAssertionCarriesTheCredentialIDAndTheClientDataOfTheChallenge() throws {
        try inCheck { environment in
            let recorder = Recorder()
            let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: "example.com")
            let request = provider.createCredentialAssertionRequest(
                challenge: Data(Self.challenge(from: environment).utf8))
            let controller = ASAuthorizationController(authorizationRequests: [request])
            controller.delegate = recorder
            controller.presentationContextProvider = recorder
            controller.performRequests()
            #expect(recorder.anchorRequests == 1)
            // No allowed credentials: any passkey of the relying party.
            #expect(environment.passkeys.finishPrompt(with: Self.picked("passkey-2")) == nil)

            let authorization = try #require(recorder.authorizations.first)
            #expect(recorder.controllers.first === controller)
            #expect(authorization.provider === provider)
            #expect(request.provider === provider)
            let assertion = try #require(
                authorization.credential as? ASAuthorizationPlatformPublicKeyCredentialAssertion)
            #expect(assertion.credentialID == Data("passkey-2".utf8))
            let clientData = try #require(
                try JSONSerialization.jsonObject(with: assertion.rawClientDataJSON) as? [String: String])
            // base64url("challenge-1"), without padding.
            #expect(
                clientData == ["type": "webauthn.get", "challenge": "Y2hhbGxlbmdlLTE", "origin": "https://example.com"])
            #expect(assertion.signature.isEmpty && assertion.rawAuthenticatorData.isEmpty && assertion.userID.isEmpty)
            #expect(request.userVerificationPreference == .preferred)
        }
    }

    @Test func thePasskeyButtonMakesAnExplicitRequest() {
        inCheck { environment in
            let manager = AccountManager(service: KitServiceClient(environment.server))
            // The runner marks the user's tap while the app takes it.
            environment.passkeys.taking = (userActivation: true, opens: nil)
            manager.signInWith(anchor: ASPresentationAnchor(), preferImmediatelyAvailableCredentials: false)
            environment.passkeys.taking = (userActivation: false, opens: nil)

            #expect(environment.passkeys.openPrompt == .explicit)
            #expect(environment.passkeys.takeProblems() == [])
        }
    }

    @Test func aChallengeTheServerNeverIssuedReachesTheFakeAsItsText() {
        inCheck { environment in
            let controller = ASAuthorizationController(
                authorizationRequests: [Self.assertionRequest(challenge: "made-up")])
            controller.performRequests()

            let problems = environment.passkeys.takeProblems()
            #expect(problems.count == 1)
            #expect(problems.first?.contains(#"the app's "made-up" was never issued"#) == true)
        }
    }

    // MARK: - AutoFill

    @Test func autoFillOffersPasskeysInTheIdentifierFieldUntilOneIsPicked() {
        inCheck { environment in
            let manager = AccountManager(service: KitServiceClient(environment.server))
            manager.beginAutoFillAssistedPasskeySignIn(anchor: ASPresentationAnchor())

            #expect(environment.passkeys.suggestionsPending)
            #expect(environment.passkeys.suggestionsChallenge == "challenge-1")
            #expect(environment.passkeys.openPrompt == nil)

            #expect(environment.passkeys.finishSuggestions(with: Self.picked("passkey-1")) == nil)
            #expect(manager.signedInCredentialID == Data("passkey-1".utf8))
            #expect(environment.passkeys.suggestionsPending == false)
        }
    }

    @Test func anAutoFillRequestAsksForNoPresentationAnchor() {
        inCheck { environment in
            let recorder = Recorder()
            let controller = ASAuthorizationController(
                authorizationRequests: [Self.assertionRequest(challenge: Self.challenge(from: environment))])
            controller.delegate = recorder
            controller.presentationContextProvider = recorder
            controller.performAutoFillAssistedRequests()

            #expect(recorder.anchorRequests == 0)
            #expect(environment.passkeys.suggestionsPending)
        }
    }

    @Test func aCanceledAutoFillRequestIsNotTheUserClosingTheSheet() {
        inCheck { environment in
            let manager = AccountManager(service: KitServiceClient(environment.server))
            manager.beginAutoFillAssistedPasskeySignIn(anchor: ASPresentationAnchor())
            #expect(environment.passkeys.finishSuggestions(with: Self.failed("canceled", 1001)) == nil)

            #expect(manager.showsPasswordForm == false)
            #expect(manager.errorMessage == nil)
        }
    }

    // MARK: - Cancel

    @Test func cancelEndsTheAutoFillRequestAndTellsTheDelegateCanceled() throws {
        try inCheck { environment in
            let recorder = Recorder()
            let controller = ASAuthorizationController(
                authorizationRequests: [Self.assertionRequest(challenge: Self.challenge(from: environment))])
            controller.delegate = recorder
            controller.performAutoFillAssistedRequests()

            controller.cancel()
            #expect(environment.passkeys.suggestionsPending == false)
            let error = try #require(recorder.errors.first)
            #expect((error as? ASAuthorizationError)?.code == .canceled)
            #expect((error as NSError).domain == ASAuthorizationErrorDomain)
            // Nothing pending any more: a second cancel tells nobody.
            controller.cancel()
            #expect(recorder.errors.count == 1)
        }
    }

    @Test func cancellingAutoFillBeforeASheetLeavesTheLoginScreenAsItWas() {
        inCheck { environment in
            let manager = AccountManager(service: KitServiceClient(environment.server))
            manager.beginAutoFillAssistedPasskeySignIn(anchor: ASPresentationAnchor())
            manager.cancelAutoFill()

            #expect(environment.passkeys.suggestionsPending == false)
            #expect(manager.showsPasswordForm == false)
            #expect(manager.errorMessage == nil)

            manager.signInWith(anchor: ASPresentationAnchor(), preferImmediatelyAvailableCredentials: true)
            #expect(environment.passkeys.openPrompt == .automatic)
            #expect(environment.passkeys.takeProblems() == [])
        }
    }

    @Test func cancelOnAModalRequestTellsTheDelegateCanceledAndWithdrawsThePrompt() {
        inCheck { environment in
            let recorder = Recorder()
            let controller = ASAuthorizationController(
                authorizationRequests: [Self.assertionRequest(challenge: Self.challenge(from: environment))])
            controller.delegate = recorder
            controller.presentationContextProvider = recorder
            controller.performRequests()

            controller.cancel()
            #expect(recorder.errors.map { ($0 as? ASAuthorizationError)?.code } == [.canceled])
            // The prompt is withdrawn: the kit reports none open, and a result for it has none to end.
            #expect(environment.passkeys.openPrompt == nil)
            #expect(environment.passkeys.finishPrompt(with: Self.picked("passkey-1")) != nil)
            #expect(recorder.authorizations.isEmpty)
            #expect(recorder.errors.count == 1)
        }
    }

    @Test func theUserClosingTheSheetShowsThePasswordForm() {
        inCheck { environment in
            let manager = AccountManager(service: KitServiceClient(environment.server))
            manager.signInWith(anchor: ASPresentationAnchor(), preferImmediatelyAvailableCredentials: true)
            #expect(environment.passkeys.finishPrompt(with: Self.failed("canceled", 1001)) == nil)

            #expect(manager.showsPasswordForm)
            #expect(manager.errorMessage == nil)
            #expect(manager.isPerformingModalRequest == false)
        }
    }

    // MARK: - Errors

    /// Every code the SDK defines, with its raw value.
    nonisolated static let codes: [(ASAuthorizationError.Code, Int)] = [
        (.unknown, 1000), (.canceled, 1001), (.invalidResponse, 1002), (.notHandled, 1003), (.failed, 1004),
        (.notInteractive, 1005), (.matchedExcludedCredential, 1006), (.credentialImport, 1007),
        (.credentialExport, 1008), (.preferSignInWithApple, 1009), (.deviceNotConfiguredForPasskeyCreation, 1010),
    ]

    @Test(arguments: codes)
    func everyErrorCodeReachesTheDelegateAsOnIOS(code: ASAuthorizationError.Code, raw: Int) throws {
        try inCheck { environment in
            let recorder = Recorder()
            let controller = ASAuthorizationController(
                authorizationRequests: [Self.assertionRequest(challenge: Self.challenge(from: environment))])
            controller.delegate = recorder
            controller.presentationContextProvider = recorder
            controller.performRequests(options: .preferImmediatelyAvailableCredentials)
            let message = "The request ended with \(raw)."
            #expect(environment.passkeys.finishPrompt(with: Self.failed("\(code)", raw, message: message)) == nil)

            let error = try #require(recorder.errors.first)
            let authorizationError = try #require(error as? ASAuthorizationError)
            #expect(authorizationError.code == code)
            #expect(authorizationError.code.rawValue == raw)
            #expect(code ~= error)
            let nsError = error as NSError
            #expect(nsError.domain == "com.apple.AuthenticationServices.AuthorizationError")
            #expect(nsError.code == raw)
            #expect(nsError.userInfo[NSLocalizedDescriptionKey] as? String == message)
            #expect(error.localizedDescription == message)
            #expect(recorder.authorizations.isEmpty)
        }
    }

    @Test func anErrorOtherThanCanceledShowsItsMessage() {
        inCheck { environment in
            let manager = AccountManager(service: KitServiceClient(environment.server))
            manager.signInWith(anchor: ASPresentationAnchor(), preferImmediatelyAvailableCredentials: false)
            let message = "Unable to verify webcredentials association"
            #expect(environment.passkeys.finishPrompt(with: Self.failed("failed", 1004, message: message)) == nil)

            #expect(manager.errorMessage == message)
            #expect(manager.errorUserInfo[NSLocalizedDescriptionKey] as? String == message)
            #expect(manager.showsPasswordForm == false)
        }
    }

    @Test func noPasskeyOnTheDeviceIsCanceledWithTheSystemsMessage() throws {
        try inCheck { environment in
            let recorder = Recorder()
            let controller = ASAuthorizationController(
                authorizationRequests: [Self.assertionRequest(challenge: Self.challenge(from: environment))])
            controller.delegate = recorder
            controller.presentationContextProvider = recorder
            controller.performRequests(options: .preferImmediatelyAvailableCredentials)
            let message = "No credentials available for login."
            #expect(environment.passkeys.finishPrompt(with: Self.failed("canceled", 1001, message: message)) == nil)

            let error = try #require(recorder.errors.first)
            #expect((error as? ASAuthorizationError)?.code == .canceled)
            #expect(error.localizedDescription.contains("No credentials available for login."))
        }
    }

    @Test func anErrorWithoutAMessageHasFoundationsDescription() throws {
        try inCheck { environment in
            let recorder = Recorder()
            let controller = ASAuthorizationController(
                authorizationRequests: [Self.assertionRequest(challenge: Self.challenge(from: environment))])
            controller.delegate = recorder
            controller.presentationContextProvider = recorder
            controller.performRequests()
            #expect(environment.passkeys.finishPrompt(with: Self.failed("failed", 1004)) == nil)

            let error = try #require(recorder.errors.first)
            #expect((error as NSError).userInfo.isEmpty)
            #expect(
                error.localizedDescription
                    == "The operation could not be completed. (com.apple.AuthenticationServices.AuthorizationError error 1004.)"
            )
        }
    }

    @Test func authorizationErrorsMatchAsBridgedErrorsDo() {
        func caught(_ error: ASAuthorizationError) -> String {
            do {
                throw error
            } catch ASAuthorizationError.canceled {
                return "canceled"
            } catch ASAuthorizationError.failed {
                return "failed"
            } catch {
                return "other"
            }
        }
        #expect(caught(ASAuthorizationError(.canceled)) == "canceled")
        #expect(caught(ASAuthorizationError(.failed)) == "failed")
        #expect(caught(ASAuthorizationError(.unknown)) == "other")
        #expect(ASAuthorizationError.errorDomain == ASAuthorizationErrorDomain)
        #expect(ASAuthorizationError.deviceNotConfiguredForPasskeyCreation == .deviceNotConfiguredForPasskeyCreation)
        #expect(
            ASAuthorizationError(.failed, userInfo: [NSLocalizedDescriptionKey: "a"])
                == ASAuthorizationError(.failed, userInfo: [NSLocalizedDescriptionKey: "a"]))
        #expect(
            ASAuthorizationError(.failed, userInfo: [NSLocalizedDescriptionKey: "a"])
                != ASAuthorizationError(.failed, userInfo: [NSLocalizedDescriptionKey: "b"]))
        #expect(ASAuthorizationError(.failed) != ASAuthorizationError(.canceled))
    }

    @Test func aDelegateWithoutTheOptionalMethodsIsToldNothing() {
        inCheck { environment in
            let delegate = SilentDelegate()
            let controller = ASAuthorizationController(
                authorizationRequests: [Self.assertionRequest(challenge: Self.challenge(from: environment))])
            controller.delegate = delegate
            controller.performAutoFillAssistedRequests()
            #expect(environment.passkeys.finishSuggestions(with: Self.picked("passkey-1")) == nil)
            #expect(environment.passkeys.suggestionsPending == false)
        }
    }

    // MARK: - Signals

    @Test func signalsReachTheFakeAsPasskeyNames() async throws {
        let environment = Self.environment()
        let updater = KitEnvironment.$current.withValue(environment) { ASCredentialUpdater() }
        let dataManager = KitEnvironment.$current.withValue(environment) { ASCredentialDataManager() }

        try await updater.reportUnknownPublicKeyCredential(
            relyingPartyIdentifier: "example.com", credentialID: Data("passkey-2".utf8))
        try await dataManager.reportAllAcceptedPublicKeyCredentials(
            relyingPartyIdentifier: "example.com", userHandle: Data("user-1".utf8),
            acceptedCredentialIDs: [Data("passkey-1".utf8), Data("passkey-3".utf8)])

        #expect(
            environment.signals.sent == [
                "unknown-credential passkey-2", "all-accepted-credentials passkey-1,passkey-3",
            ])
    }

    // MARK: - Outside a check or off the main actor

    @Test func aRequestFromAControllerCreatedOutsideACheckStopsTheTest() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent],
            performing: {
                let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: "example.com")
                let controller = ASAuthorizationController(authorizationRequests: [
                    provider.createCredentialAssertionRequest(challenge: Data("challenge-1".utf8))
                ])
                controller.performAutoFillAssistedRequests()
            })
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self).contains(
                "ASAuthorizationController was created outside a kit check"))
    }

    @Test func aSignalFromAnUpdaterCreatedOutsideACheckStopsTheTest() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent],
            performing: {
                try? await ASCredentialUpdater().reportUnknownPublicKeyCredential(
                    relyingPartyIdentifier: "example.com", credentialID: Data("passkey-1".utf8))
            })
        #expect(
            String(decoding: result.standardErrorContent, as: UTF8.self).contains(
                "ASCredentialUpdater was created outside a kit check"))
    }

    /// The runtime stops the process without printing the message here, so only the exit is
    /// checked.
    @Test func aResultOffTheMainActorStopsTheTest() async {
        await #expect(processExitsWith: .failure) {
            let environment = AuthenticationServicesTests.environment()
            KitEnvironment.$current.withValue(environment) {
                let controller = ASAuthorizationController(
                    authorizationRequests: [
                        AuthenticationServicesTests.assertionRequest(
                            challenge: AuthenticationServicesTests.challenge(from: environment))
                    ])
                controller.performAutoFillAssistedRequests()
                _ = environment.passkeys.finishSuggestions(with: AuthenticationServicesTests.picked("passkey-1"))
            }
        }
    }
}

/// The app's service client over the kit's server fake: it asks for request options before
/// every request and turns their challenge into bytes, as the app's HTTP client would.
final class KitServiceClient: AccountServiceClient {
    private let server: FakeServer

    init(_ server: FakeServer) { self.server = server }

    func assertionChallenge() -> Data? {
        switch server.requestOptions() {
        case .options(let challenge): Data(challenge.utf8)
        case .failed: nil
        }
    }
}

/// A delegate and presentation context provider that keeps what it is told.
final class Recorder: NSObject, ASAuthorizationControllerDelegate, ASAuthorizationControllerPresentationContextProviding
{
    private(set) var authorizations: [ASAuthorization] = []
    private(set) var errors: [any Error] = []
    /// The controller of each call, in order.
    private(set) var controllers: [ASAuthorizationController] = []
    private(set) var anchorRequests = 0
    private let anchor = ASPresentationAnchor()

    func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {
        controllers.append(controller)
        authorizations.append(authorization)
    }

    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
        controllers.append(controller)
        errors.append(error)
    }

    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
        anchorRequests += 1
        return anchor
    }
}

/// A delegate that implements neither method, as the framework allows.
final class SilentDelegate: NSObject, ASAuthorizationControllerDelegate {}
