/// The login screen's alerts, as `Localizable.strings` holds them (the copy of the spec's iOS
/// column).
public enum LoginAlert: Equatable {
    case cannotUsePasskeys
    case optionsUnavailable
    case passkeyFailed
    case passkeysUnavailable
    case passkeyDeleted
    case passkeyRemoved
    case accountUnavailable

    public var title: String {
        switch self {
        case .cannotUsePasskeys: "Can’t Sign In with a Passkey"
        case .optionsUnavailable: "Unable to Check Sign-In Options"
        case .passkeyFailed: "Passkey Sign-In Failed"
        case .passkeysUnavailable: "Passkeys Unavailable"
        case .passkeyDeleted, .passkeyRemoved: "Passkey Can’t Be Used"
        case .accountUnavailable: "Account Unavailable"
        }
    }

    public var message: String {
        switch self {
        case .cannotUsePasskeys: "Passkey sign-in isn’t available for this account."
        case .optionsUnavailable: "Your sign-in options couldn’t be checked because of a network or server problem."
        case .passkeyFailed: "Signing in with your passkey didn’t work this time."
        case .passkeysUnavailable: "You can’t sign in with a passkey right now."
        case .passkeyDeleted: "This passkey can no longer sign you in. It may have been deleted."
        case .passkeyRemoved: "This passkey was removed from your account and can no longer sign you in."
        case .accountUnavailable: "Your account’s current status doesn’t allow sign-in."
        }
    }

    /// The buttons, in order: the action each stands for and its label.
    public var buttons: [(action: String, label: String)] {
        switch self {
        case .cannotUsePasskeys:
            [("recovery", "Recover Account"), ("support", "Contact Support"), ("dismiss", "Cancel")]
        case .optionsUnavailable, .passkeyFailed: [("retry", "Try Again"), ("fallback", "Sign In Another Way")]
        case .passkeysUnavailable: [("fallback", "Sign In Another Way"), ("dismiss", "Cancel")]
        case .passkeyDeleted, .passkeyRemoved:
            [("another-passkey", "Choose Another Passkey"), ("fallback", "Sign In Another Way")]
        case .accountUnavailable: [("account-help", "Get Help"), ("dismiss", "Cancel")]
        }
    }
}
