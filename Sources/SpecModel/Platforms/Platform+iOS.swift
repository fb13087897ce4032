extension Platform {
    /// iOS: AuthenticationServices passkeys, UIKit alerts, Apple's Human Interface Guidelines.
    public static let ios = Platform(
        id: "ios", displayName: "iOS", noticeName: "alert", errorType: "ASAuthorizationError.Code",
        // Human Interface Guidelines: alert titles and buttons use title-style capitalization.
        // An alert is 270 pt wide; a label longer than about 25 characters of the 17 pt
        // system font does not fit on one stacked button and is truncated.
        // The Human Interface Guidelines (Alerts, "Alert titles and messages"): "Whenever
        // possible, keep titles to a single line", and messages "short enough to fit on one or
        // two lines to prevent scrolling". Inside the alert's 16 pt margins (238 pt) a line
        // holds about 28 characters of the 17 pt semibold title and 40 of the 13 pt message.
        copyConventions: CopyConventions(
            capitalization: .titleStyle, maximumButtonLength: 25, placeholders: .foundation,
            titleBudget: TextBudget(presentation: "alert title", lines: 1, charactersPerLine: 28),
            messageBudget: TextBudget(presentation: "alert message", lines: 2, charactersPerLine: 40)))
}
