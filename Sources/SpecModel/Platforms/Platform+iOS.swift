extension Platform {
    /// iOS: AuthenticationServices passkeys, UIKit alerts, Apple's Human Interface Guidelines.
    public static let ios = Platform(
        id: "ios", displayName: "iOS", noticeName: "alert", errorType: "ASAuthorizationError.Code",
        // Human Interface Guidelines: alert titles and buttons use title-style capitalization.
        // An alert is 270 pt wide; a label longer than about 25 characters of the 17 pt
        // system font does not fit on one stacked button and is truncated.
        copyConventions: CopyConventions(
            capitalization: .titleStyle, maximumButtonLength: 25, placeholders: .foundation))
}
