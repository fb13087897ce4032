import SpecModel

// How each platform announces each scenario to a screen reader. An announcement follows from
// what the scenario changes on screen (`ScreenChange`): a system alert or dialog is spoken by
// the platform as it opens; a message on the screen needs the app to mark it; a new screen is
// announced by its title; a screen left as it was announces nothing.

extension IOSAdapter {
    /// Only the lookup's failure is a message on the login screen (the spec's Presentation:
    /// Apple's guidelines avoid an alert as an app starts); every other notice is an alert.
    public func showsInline(_ notice: Notice) -> Bool { notice == .lookupFailed }

    public func announcement(of change: ScreenChange, in situation: Situation) -> Announcement {
        switch change {
        case .modalNotice:
            Announcement(
                kind: .modal, means: "UIAlertController",
                duty: "VoiceOver reads the alert as it opens (a system `UIAlertController`, not a custom view)",
                source: Announcements.magentaNativeAlert)
        case .message:
            Announcement(
                kind: .polite, means: "UIAccessibility.Notification.layoutChanged",
                duty:
                    "The app posts `UIAccessibility.Notification.layoutChanged` with the message as its argument, so VoiceOver moves to the message and reads it",
                source: PlatformFacts.source(
                    "UIAccessibility.Notification.layoutChanged",
                    "https://developer.apple.com/documentation/uikit/uiaccessibility/notification/layoutchanged",
                    "A notification that an app posts when the layout of a screen changes."))
        case .newScreen:
            Announcement(
                kind: .screen, means: "UIAccessibility.Notification.screenChanged",
                duty:
                    "VoiceOver reads the new screen: the app posts `UIAccessibility.Notification.screenChanged` when it shows it (a navigation controller’s push posts it already)",
                source: PlatformFacts.source(
                    "UIAccessibility.Notification.screenChanged",
                    "https://developer.apple.com/documentation/uikit/uiaccessibility/notification/screenchanged",
                    "A notification that an app posts when a new view appears that occupies a major portion of the screen."
                ))
        case .unchanged: .nothing
        }
    }
}

extension AndroidAdapter {
    /// As on iOS: the lookup's failure is a message under the identifier field.
    public func showsInline(_ notice: Notice) -> Bool { notice == .lookupFailed }

    public func announcement(of change: ScreenChange, in situation: Situation) -> Announcement {
        switch change {
        case .modalNotice:
            Announcement(
                kind: .modal, means: "AlertDialog",
                duty: "TalkBack reads the dialog as its window opens (an `AlertDialog` with its title set)",
                source: Announcements.androidWindowChanges)
        case .message:
            Announcement(
                kind: .polite, means: "View.ACCESSIBILITY_LIVE_REGION_POLITE",
                duty:
                    "The message is a polite live region (`View.ACCESSIBILITY_LIVE_REGION_POLITE`; in Compose `LiveRegionMode.Polite`), not `announceForAccessibility`, which Android deprecates",
                source: PlatformFacts.source(
                    "View.setAccessibilityLiveRegion",
                    "https://developer.android.com/reference/android/view/View#setAccessibilityLiveRegion(int)",
                    "Sets the live region mode for this view. This indicates to accessibility services whether they should automatically notify the user about changes to the view's content description or text, or to the content descriptions or text of the view's children (where applicable)."
                ))
        case .newScreen:
            Announcement(
                kind: .screen, means: "View.setAccessibilityPaneTitle",
                duty:
                    "TalkBack reads the new screen’s title: an activity’s `Activity.setTitle`, or `View.setAccessibilityPaneTitle` on the screen’s pane",
                source: Announcements.androidWindowChanges)
        case .unchanged: .nothing
        }
    }
}

extension WebAdapter {
    /// Every web notice is on the page (an inline message or a banner); none is a modal.
    public func showsInline(_ notice: Notice) -> Bool { true }

    public func announcement(of change: ScreenChange, in situation: Situation) -> Announcement {
        switch change {
        case .modalNotice, .message:
            // Decision announced-by-what-it-reports: the account's status (a banner) is advisory
            // information on the result of the user's action, a status; a failed attempt is an error.
            situation == .accountCannotContinue || situation == .restrictedAccount
                ? Announcement(
                    kind: .polite, means: "role=\"status\"",
                    duty:
                        "The banner is written into a `role=\"status\"` container that is on the page, empty, before it",
                    source: PlatformFacts.source(
                        "WAI-ARIA 1.2: status role", "https://www.w3.org/TR/wai-aria-1.2/#status",
                        "Elements with the role status have an implicit aria-live value of polite and an implicit aria-atomic value of true."
                    ))
                : Announcement(
                    kind: .assertive, means: "role=\"alert\"",
                    duty:
                        "The message is written into a `role=\"alert\"` container that is on the page, empty, before it (WCAG technique ARIA19)",
                    source: PlatformFacts.source(
                        "WCAG 2.2 Technique ARIA19: Using ARIA role=alert or Live Regions to Identify Errors",
                        "https://www.w3.org/WAI/WCAG22/Techniques/aria/ARIA19",
                        "The error container must be present in the DOM on page load for the error message to be spoken by most screen readers."
                    ))
        case .newScreen:
            Announcement(
                kind: .screen, means: "<title>",
                duty: "The new page is announced by its `<title>`",
                source: PlatformFacts.source(
                    "WCAG 2.2 Success Criterion 2.4.2 Page Titled", "https://www.w3.org/TR/WCAG22/#page-titled",
                    "Web pages have titles that describe topic or purpose."))
        case .unchanged:
            // The passkey sheet took focus away; a cancellation must give it back where it was.
            situation == .explicitCancel
                ? Announcement(
                    kind: .focusReturn, means: "HTMLElement.focus()",
                    duty: "Nothing is announced; focus returns to the passkey button (`HTMLElement.focus()`)",
                    source: PlatformFacts.source(
                        "WCAG 2.2 Success Criterion 2.4.3 Focus Order", "https://www.w3.org/TR/WCAG22/#focus-order",
                        "If a Web page can be navigated sequentially and the navigation sequences affect meaning or operation, focusable components receive focus in an order that preserves meaning and operability."
                    ))
                : .nothing
        }
    }
}

/// Sources more than one platform's announcements rest on.
enum Announcements {
    /// No Apple page says that VoiceOver reads a presented alert; T-Mobile's MagentaA11y
    /// criteria for native apps do.
    static let magentaNativeAlert = PlatformFacts.source(
        "MagentaA11y: Alert dialog (native app)", "https://magentaa11y.com/checklist-native/alert-dialog",
        "Use native alerts when at all possible vs a custom element, as it will handle expected behavior without additional development effort"
    )

    /// AOSP's guidance in `AccessibilityEvent.TYPE_ANNOUNCEMENT`: window changes are announced by
    /// their titles, not by announcement events.
    static let androidWindowChanges = PlatformFacts.source(
        "AccessibilityEvent.TYPE_ANNOUNCEMENT",
        "https://developer.android.com/reference/android/view/accessibility/AccessibilityEvent#TYPE_ANNOUNCEMENT",
        "for significant UI changes like window changes, use Activity#setTitle(CharSequence) and View#setAccessibilityPaneTitle(CharSequence)."
    )
}
