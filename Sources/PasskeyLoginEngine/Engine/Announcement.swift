import SpecModel

/// What a scenario changes on the screen, which decides how a screen reader hears of it.
public enum ScreenChange: String, Hashable, Codable, Sendable, CaseIterable {
    /// A modal error notice opens: an alert (iOS), a dialog (Android).
    case modalNotice = "modal-notice"
    /// A message appears on the login screen (the inline lookup failure; every web notice).
    case message
    /// Another screen replaces the one shown (the fallback sign-in screen).
    case newScreen = "new-screen"
    /// The screen stays as it was, at most with a retry button.
    case unchanged

    /// The change a transition from `before` makes, from the state it leads to and the surface
    /// its notice is shown on (`PlatformAdapter.showsInline(_:)`).
    public init(from before: LoginState, _ transition: Transition, adapter: any PlatformAdapter) {
        self.init(
            notice: transition.state.notice, changesScreen: transition.state.screen != before.screen, adapter: adapter)
    }

    /// The change to a screen that shows `notice` (nil for none), and that replaces the screen
    /// before it when `changesScreen`.
    public init(notice: Notice?, changesScreen: Bool, adapter: any PlatformAdapter) {
        if let notice {
            self = adapter.showsInline(notice) ? .message : .modalNotice
        } else {
            self = changesScreen ? .newScreen : .unchanged
        }
    }
}

/// How a screen-reader user hears what a scenario shows (WCAG 2.2 SC 4.1.3, Status Messages:
/// a message "can be programmatically determined through role or properties such that [it
/// can] be presented to the user by assistive technologies without receiving focus").
public enum AnnouncementKind: String, Hashable, Codable, Sendable, CaseIterable {
    /// The platform speaks a system alert or dialog as it opens, and keeps focus in it.
    case modal
    /// Spoken at once, interrupting what is being read: an error (`role="alert"`).
    case assertive
    /// Spoken when the reader is idle: a notice (`role="status"`, a polite live region, a
    /// layout change that moves the reader to the message).
    case polite
    /// A new screen: its title is spoken and the reader starts on it.
    case screen
    /// Nothing is spoken; focus goes back to the control the user had used.
    case focusReturn = "focus-return"
    /// Nothing: the screen shows nothing new, so nothing is announced.
    case none

    /// Whether a screen reader speaks something of its own accord.
    public var speaks: Bool {
        switch self {
        case .modal, .assertive, .polite, .screen: true
        case .focusReturn, .none: false
        }
    }

    /// In a few words, for steps and messages.
    public var summary: String {
        switch self {
        case .modal: "spoken as the alert or dialog opens"
        case .assertive: "spoken at once, as an error"
        case .polite: "spoken when the reader is idle"
        case .screen: "the new screen's title spoken"
        case .focusReturn: "nothing spoken; focus back on the control used"
        case .none: "nothing announced"
        }
    }
}

/// How one platform announces one scenario: the kind, the platform's means of it (as code),
/// what the app must do for it, and the document that says so.
public struct Announcement: Hashable, Codable, Sendable {
    public var kind: AnnouncementKind
    /// The API, role or class that carries it, e.g. `UIAlertController` or `role="alert"`; nil
    /// when nothing is announced.
    public var means: String?
    /// What the app does, in a sentence a copy table's Announcement row can use as it is.
    public var duty: String
    /// The document the means rests on; nil when nothing is announced.
    public var source: FactSource?

    public init(kind: AnnouncementKind, means: String?, duty: String, source: FactSource?) {
        self.kind = kind
        self.means = means
        self.duty = duty
        self.source = source
    }

    /// Nothing is announced: the screen shows nothing new.
    public static let nothing = Announcement(
        kind: .none, means: nil, duty: "None — nothing new is shown, so nothing is announced", source: nil)
}
