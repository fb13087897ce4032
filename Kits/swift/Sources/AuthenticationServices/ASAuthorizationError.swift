import Foundation

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The domain of `ASAuthorizationError`, under the SDK's name.
public let ASAuthorizationErrorDomain = "com.apple.AuthenticationServices.AuthorizationError"

/// How a request failed: the error a controller's delegate gets. As on iOS, it is the error
/// itself (`error as? ASAuthorizationError`) and an `NSError` of its domain and code
/// (`(error as NSError).code`), whose description is the message the check scripts for the
/// result (`error.localizedDescription`).
public struct ASAuthorizationError: CustomNSError, LocalizedError, Hashable, @unchecked Sendable {
    // @unchecked: `userInfo` holds `Any`, as an `NSError`'s does, which iOS treats as Sendable.

    /// Every code the SDK defines, with its raw value.
    public enum Code: Int, Sendable {
        /// The attempt failed for an unknown reason.
        case unknown = 1000
        /// The user canceled, or (with `.preferImmediatelyAvailableCredentials`) the device has
        /// no passkey for the request; only the message tells them apart.
        case canceled = 1001
        /// The request received an invalid response.
        case invalidResponse = 1002
        /// The request was not handled.
        case notHandled = 1003
        /// The attempt failed: often the request's parameters or the app's associated domains.
        case failed = 1004
        /// The request is not interactive (iOS 15).
        case notInteractive = 1005
        /// A registration matched one of its excluded credentials (iOS 18).
        case matchedExcludedCredential = 1006
        /// A credential import failed (iOS 18.2).
        case credentialImport = 1007
        /// A credential export failed (iOS 18.2).
        case credentialExport = 1008
        /// The user would rather use their Sign in with Apple account (iOS 26).
        case preferSignInWithApple = 1009
        /// The device is not set up to create passkeys (iOS 26).
        case deviceNotConfiguredForPasskeyCreation = 1010
    }

    /// The error's code.
    public let code: Code
    /// The error's user info: the message under `NSLocalizedDescriptionKey`, when there is one.
    public let userInfo: [String: Any]

    /// An error with `code` and `userInfo`.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.userInfo = userInfo
    }

    /// `com.apple.AuthenticationServices.AuthorizationError`.
    public static var errorDomain: String { ASAuthorizationErrorDomain }
    /// The code's raw value.
    public var errorCode: Int { code.rawValue }
    /// The user info, as `NSError` gives it.
    public var errorUserInfo: [String: Any] { userInfo }
    /// The message of the result, if any. Without one, `localizedDescription` is Foundation's
    /// "The operation could not be completed. (… error 1001.)", worded as on Linux.
    public var errorDescription: String? { userInfo[NSLocalizedDescriptionKey] as? String }

    /// Equal when the codes and the user info are, as `NSError`s compare.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.code == rhs.code && NSDictionary(dictionary: lhs.userInfo).isEqual(to: rhs.userInfo)
    }

    /// Hashes the code; the user info is not hashable.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
    }

    /// `ASAuthorizationError.Code.unknown`.
    public static var unknown: Code { .unknown }
    /// `ASAuthorizationError.Code.canceled`.
    public static var canceled: Code { .canceled }
    /// `ASAuthorizationError.Code.invalidResponse`.
    public static var invalidResponse: Code { .invalidResponse }
    /// `ASAuthorizationError.Code.notHandled`.
    public static var notHandled: Code { .notHandled }
    /// `ASAuthorizationError.Code.failed`.
    public static var failed: Code { .failed }
    /// `ASAuthorizationError.Code.notInteractive`.
    public static var notInteractive: Code { .notInteractive }
    /// `ASAuthorizationError.Code.matchedExcludedCredential`.
    public static var matchedExcludedCredential: Code { .matchedExcludedCredential }
    /// `ASAuthorizationError.Code.credentialImport`.
    public static var credentialImport: Code { .credentialImport }
    /// `ASAuthorizationError.Code.credentialExport`.
    public static var credentialExport: Code { .credentialExport }
    /// `ASAuthorizationError.Code.preferSignInWithApple`.
    public static var preferSignInWithApple: Code { .preferSignInWithApple }
    /// `ASAuthorizationError.Code.deviceNotConfiguredForPasskeyCreation`.
    public static var deviceNotConfiguredForPasskeyCreation: Code { .deviceNotConfiguredForPasskeyCreation }
}

extension ASAuthorizationError.Code {
    /// Whether `error` is an `ASAuthorizationError` with this code, so that
    /// `catch ASAuthorizationError.canceled` and `case ASAuthorizationError.canceled:` match as
    /// they do on Apple's platforms.
    public static func ~= (match: Self, error: any Error) -> Bool {
        (error as? ASAuthorizationError)?.code == match
    }
}
