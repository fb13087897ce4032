import SpecModel

/// How the site draws what a platform shows, so that a reviewer sees the copy as people will:
/// the platform's error notice and the screen it leaves the user on. The site's templates and
/// stylesheet read only these values (as class names), never a platform's name.
public struct MockupStyle: Sendable, Equatable {
    /// How the platform puts an error notice on screen.
    public enum Notice: String, Sendable, CaseIterable {
        /// A system alert over a dimmed screen: a bold title, the message, and buttons side
        /// by side or stacked (UIKit's `UIAlertController`).
        case alert
        /// A modal dialog over a scrim: a title, supporting text, and text buttons aligned to
        /// the end (Material 3's basic dialog).
        case dialog
        /// A message in the page itself, next to what caused it: inline in the form, or a
        /// banner across the top of the page when the spec's Presentation says so.
        case pageMessage = "page-message"
    }

    /// How an error notice is drawn (the class `notice-<rawValue>`).
    public var notice: Notice
    /// The platform's design language, for the screens around the notice: the class
    /// `look-<look>` (lowercase letters and hyphens).
    public var look: String
    /// From how many actions on the buttons of a notice are stacked one per row, whatever
    /// their length; nil when they stack only where they do not fit side by side.
    public var stacksFrom: Int?

    public init(notice: Notice, look: String, stacksFrom: Int?) {
        self.notice = notice
        self.look = look
        self.stacksFrom = stacksFrom
    }
}

extension MockupStyle {
    /// How the site draws each known platform, by platform ID: a platform added to
    /// `Platform.known` needs its entry here (a test holds every known platform to one).
    static let byPlatform: [String: MockupStyle] = [
        // UIKit lays two alert actions side by side when each label fits half of the alert,
        // and stacks them otherwise; three or more are always stacked.
        Platform.ios.rawValue: MockupStyle(notice: .alert, look: "hig", stacksFrom: 3),
        // Material 3 recommends at most two dialog actions; AlertDialog stacks its buttons
        // when they do not fit in one row, all of them or none. The mockup cannot measure a
        // row of three the way AlertDialog does, so three or more are drawn stacked, which is
        // what labels of more than one short word get on a phone.
        Platform.android.rawValue: MockupStyle(notice: .dialog, look: "material", stacksFrom: 3),
        // A message in the page: its buttons wrap like any line of the page.
        Platform.web.rawValue: MockupStyle(notice: .pageMessage, look: "browser", stacksFrom: nil),
    ]

    /// What a platform without an entry is drawn as: a message in the page, which makes no
    /// claim about a system notice it does not know.
    static let unknown = MockupStyle(notice: .pageMessage, look: "browser", stacksFrom: nil)
}

extension Platform {
    /// How the site draws the platform's notices and screens.
    public var mockup: MockupStyle { MockupStyle.byPlatform[rawValue] ?? .unknown }
}
