extension Platform {
    /// Android: Credential Manager passkeys, Material 3 dialogs.
    public static let android = Platform(
        id: "android", displayName: "Android", noticeName: "dialog", errorType: "GetCredentialException",
        // Material 3: dialog titles and buttons use sentence case. A dialog can be as narrow
        // as 280 dp with 24 dp padding; a text button label (Label Large, 14 sp) longer than
        // about 25 characters no longer fits beside another button.
        // A dialog's headline and supporting text wrap, and the dialog scrolls: Material gives
        // them no length, so only buttons have a budget.
        copyConventions: CopyConventions(
            capitalization: .sentenceCase, maximumButtonLength: 25, placeholders: .javaFormatter))
}
