// AuthenticationServices for Linux: the passkey sign-in part of Apple's framework, with its own
// type and member names, so that login code written for iOS compiles here unchanged and its
// requests reach the kit's fakes. Built only where the real framework does not exist.
import Foundation
import PasskeyLoginKit

/// Performs authorization requests, here the platform passkey assertion requests of a sign-in,
/// against the fakes of the kit check being replayed.
///
/// It takes the check's `KitEnvironment.current` when it is created: create it inside the
/// check (the harness, or code the harness calls), as an app creates it while the login screen
/// shows. A request made by a controller created elsewhere stops the test with a message.
///
/// While a request is pending the fake holds the controller, as the system does on iOS, so an
/// app need not keep it.
open class ASAuthorizationController: NSObject {
    /// Options of a modal request.
    public struct RequestOptions: OptionSet, Sendable {
        /// The options as bits.
        public let rawValue: UInt

        /// Creates options from their raw value.
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Prefer credentials on this device: on iOS no sheet appears when there are none, and
        /// the delegate gets `.canceled`. The check scripts what the system answers, so the
        /// option changes nothing here.
        public static let preferImmediatelyAvailableCredentials = RequestOptions(rawValue: 1 << 0)
    }

    /// The requests the controller performs.
    public let authorizationRequests: [ASAuthorizationRequest]
    /// Told of the outcome, on the main actor.
    public weak var delegate: (any ASAuthorizationControllerDelegate)?
    /// Asked for the window a modal request's sheet shows over.
    public weak var presentationContextProvider: (any ASAuthorizationControllerPresentationContextProviding)?

    /// The fakes of the check the controller was created in.
    private let environment: KitEnvironment?
    /// The kind of the request the fake holds for this controller, until it ends.
    private var pending: FakePasskeyAPI.Kind?
    /// Counts the requests started, so that a result the controller gave up on (`cancel()`)
    /// does not reach the delegate.
    private var generation = 0

    /// Creates a controller for `authorizationRequests`.
    public init(authorizationRequests: [ASAuthorizationRequest]) {
        self.authorizationRequests = authorizationRequests
        environment = KitEnvironment.current
        super.init()
    }

    /// Starts a modal request: the sheet the app opens by itself, or the one the passkey
    /// button opens, as the kit tells them apart by what the user did.
    open func performRequests() {
        performRequests(options: [])
    }

    /// Starts a modal request with `options`.
    open func performRequests(options: RequestOptions = []) {
        let environment = requireEnvironment()
        // iOS asks the provider for the window its sheet shows over.
        if let provider = presentationContextProvider {
            nonisolated(unsafe) let (provider, controller) = (provider, self)
            Self.onMainActor("presentationAnchor(for:)") { _ = provider.presentationAnchor(for: controller) }
        }
        perform(kind: environment.passkeys.modalKind, in: environment)
    }

    /// Starts an AutoFill-assisted request: passkeys offered in the identifier field's
    /// QuickType bar until the user picks one or the app cancels.
    open func performAutoFillAssistedRequests() {
        perform(kind: .assisted, in: requireEnvironment())
    }

    /// Cancels the pending request. As on iOS, the delegate then gets `.canceled` (Apple's page
    /// says the delegate's error method is called, not with which code; other SDKs report
    /// 1001), here before `cancel()` returns rather than later on the main queue. The request
    /// leaves the fake: the kit no longer reports it open.
    open func cancel() {
        guard let kind = pending, let environment else { return }
        if kind == .assisted {
            environment.passkeys.cancelAssistedRequest()
        } else {
            environment.passkeys.cancelPrompt()
        }
        pending = nil
        generation += 1
        fail(with: ASAuthorizationError(.canceled))
    }

    private func perform(kind: FakePasskeyAPI.Kind, in environment: KitEnvironment) {
        guard
            let request = authorizationRequests.lazy.compactMap({
                $0 as? ASAuthorizationPlatformPublicKeyCredentialAssertionRequest
            }).first
        else {
            fatalError(
                "ASAuthorizationController: the Linux stand-in performs platform passkey assertion requests only (ASAuthorizationPlatformPublicKeyCredentialProvider.createCredentialAssertionRequest(challenge:)); this one has \(authorizationRequests.map { String(describing: type(of: $0)) })"
            )
        }
        generation += 1
        let started = generation
        pending = kind
        environment.passkeys.perform(
            FakePasskeyAPI.Request(
                kind: kind, allowedPasskeys: request.allowedCredentials.map { passkeyName($0.credentialID) },
                challenge: String(decoding: request.challenge, as: UTF8.self))
        ) { result in
            // The fake keeps this closure, and with it the controller, until the check ends
            // the request.
            guard self.generation == started else { return }
            self.pending = nil
            self.complete(request, with: result)
        }
    }

    /// Turns the check's result into the delegate's callback.
    private func complete(
        _ request: ASAuthorizationPlatformPublicKeyCredentialAssertionRequest, with result: PasskeyResult
    ) {
        if let passkey = result.passkey {
            let assertion = ASAuthorizationPlatformPublicKeyCredentialAssertion(
                credentialID: Data(passkey.utf8), challenge: request.challenge,
                relyingPartyIdentifier: request.relyingPartyIdentifier)
            nonisolated(unsafe) let authorization = ASAuthorization(provider: request.provider, credential: assertion)
            nonisolated(unsafe) let controller = self
            Self.onMainActor("authorizationController(controller:didCompleteWithAuthorization:)") {
                controller.delegate?.authorizationController(
                    controller: controller, didCompleteWithAuthorization: authorization)
            }
            return
        }
        guard let raw = Int(result.code), let code = ASAuthorizationError.Code(rawValue: raw) else {
            fatalError(
                "ASAuthorizationController: the check ends the request with \(result.name) (\(result.code)), which is not an ASAuthorizationError.Code of these stand-ins: update them to the SDK"
            )
        }
        fail(with: ASAuthorizationError(code, userInfo: result.message.map { [NSLocalizedDescriptionKey: $0] } ?? [:]))
    }

    private func fail(with error: ASAuthorizationError) {
        nonisolated(unsafe) let controller = self
        Self.onMainActor("authorizationController(controller:didCompleteWithError:)") {
            controller.delegate?.authorizationController(controller: controller, didCompleteWithError: error)
        }
    }

    /// The check's fakes; without them the test stops with a message (`fatalError`, whose
    /// message an optimized test build prints too, unlike `preconditionFailure`'s).
    private func requireEnvironment() -> KitEnvironment {
        guard let environment else {
            fatalError(
                "ASAuthorizationController was created outside a kit check (KitEnvironment.current was nil): create it while the check replays, in the harness or the code it calls, or inside KitEnvironment.$current.withValue(_:operation:)"
            )
        }
        return environment
    }

    /// Runs `body`, a call of the app's main-actor code, synchronously: iOS calls the delegate
    /// and the presentation context provider on the main thread, so the check must run on the
    /// main actor, and stops here otherwise (on Linux the runtime stops without printing the
    /// message; the backtrace ends in this function). The values `body` takes along
    /// (`nonisolated(unsafe)` at each call) then never leave the actor the check runs on.
    static func onMainActor(_ call: String, _ body: @MainActor () -> Void) {
        MainActor.preconditionIsolated(
            "ASAuthorizationController calls \(call) on the main actor, as iOS does: run the check on the main actor (@MainActor on the test or its suite)"
        )
        MainActor.assumeIsolated(body)
    }
}

/// Told of the outcome of a controller's request, on the main actor. Both methods are optional
/// in the framework; here they have empty defaults.
@MainActor
public protocol ASAuthorizationControllerDelegate: NSObjectProtocol {
    /// The request succeeded: `authorization.credential` is an
    /// `ASAuthorizationPlatformPublicKeyCredentialAssertion` for the passkey the user picked.
    func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization)
    /// The request failed: `error` is an `ASAuthorizationError`.
    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error)
}

extension ASAuthorizationControllerDelegate {
    /// Does nothing, as when the delegate does not implement it.
    public func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {}

    /// Does nothing, as when the delegate does not implement it.
    public func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {}
}

/// Gives a controller the window its sheet shows over, on the main actor.
@MainActor
public protocol ASAuthorizationControllerPresentationContextProviding: NSObjectProtocol {
    /// The window to show `controller`'s sheet over.
    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor
}

/// The window a sheet shows over: `UIWindow` on iOS, `NSWindow` on macOS; here a stand-in with
/// nothing in it, which the app creates and returns as it would its window.
open class ASPresentationAnchor: NSObject {
    /// Creates a window.
    public override init() {
        super.init()
    }
}
