extension Platform {
    /// The web: WebAuthn in the browser (`navigator.credentials.get()`), errors shown in the
    /// page as an inline message or a banner rather than a modal.
    public static let web = Platform(
        id: "web", displayName: "Web", noticeName: "inline message", errorType: "DOMException",
        // Web error messages use sentence case (GOV.UK Design System, Microsoft Style Guide).
        // A button or link label longer than about 30 characters wraps on a 320 px viewport.
        // Titles and messages in the page wrap: GOV.UK asks for short messages but gives no
        // length, so only buttons have a budget.
        copyConventions: CopyConventions(
            capitalization: .sentenceCase, maximumButtonLength: 30, placeholders: .braces))
}
