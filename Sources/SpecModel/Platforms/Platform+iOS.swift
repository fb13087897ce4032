extension Platform {
    /// iOS: AuthenticationServices passkeys, UIKit alerts, Apple's Human Interface Guidelines.
    public static let ios = Platform(
        id: "ios", displayName: "iOS", noticeName: "alert", errorType: "ASAuthorizationError.Code",
        // Human Interface Guidelines: alert titles and buttons use title-style capitalization.
        // An alert is 270 pt wide; a label longer than about 25 characters of the 17 pt
        // system font does not fit on one stacked button and is truncated.
        copyConventions: CopyConventions(
            capitalization: .titleStyle, maximumButtonLength: 25, placeholders: .foundation),
        exports: ["xcstrings", "strings"],
        // UIKit lays two alert actions side by side when each label fits half of the alert,
        // and stacks them otherwise; three or more are always stacked.
        mockup: MockupStyle(notice: .alert, look: "hig", stacksFrom: 3))
}
