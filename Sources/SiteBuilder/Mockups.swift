import SpecModel

/// Pictures of what each platform shows in a scenario, drawn from the spec's copy alone: the
/// platform's notice (alert, dialog or message in the page) where the scenario has a title
/// or message, otherwise the screen the user is left on with its buttons.
///
/// The words in a mockup are the spec's words and nothing else; the rest of the screen
/// (fields, headings, the button the form already has) is drawn as blank shapes. Which
/// notice a platform draws, and how its buttons stack, is data on its descriptor
/// (`Platform.mockup`).
///
/// Where the spec does not say which action is preferred, the writer's guide's convention
/// holds: the first action row is the preferred one, and `dismiss` is the cancel-style
/// action, drawn after the others whatever its row (on the left of two side-by-side buttons,
/// at the bottom of a stack), and preferred only when it is the only action.
enum Mockups {
    /// The action ID the spec uses for the cancel-style action.
    static let cancelAction = "dismiss"

    /// What a mockup draws.
    enum Kind: Equatable {
        /// The platform's error notice.
        case notice(MockupStyle.Notice)
        /// The screen the user is left on, without a notice.
        case screen

        /// The class suffix the templates use: `alert`, `dialog`, `page-message`, `screen`.
        var name: String {
            switch self {
            case .notice(let notice): notice.rawValue
            case .screen: "screen"
            }
        }
    }

    /// The kind a platform's copy of a scenario is drawn as: a notice when it has a title or
    /// a message (copy coverage holds these to the engine's notices), else the screen.
    static func kind(of copy: PlatformCopy) -> Kind {
        copy.title.text != nil || copy.message.text != nil ? .notice(copy.platform.mockup.notice) : .screen
    }

    /// The mockup of one platform's copy of a scenario.
    static func mockup(of copy: PlatformCopy) -> MockupView {
        let platform = copy.platform
        let kind = kind(of: copy)
        let labelled = copy.actions.compactMap { action in action.label.text.map { (id: action.id, label: $0) } }
        let ordered = labelled.filter { $0.id != cancelAction } + labelled.filter { $0.id == cancelAction }
        let preferred = ordered.first?.id
        let actions = ordered.map { action in
            MockupAction(
                id: action.id, label: action.label, preferred: action.id == preferred,
                cancel: action.id == cancelAction)
        }
        let presentation = copy.presentation?.text
        // The Presentation row decides between a message in the form and a banner.
        let banner = kind == .notice(.pageMessage) && (presentation?.lowercased().contains("banner") ?? false)
        let drawn = kind == .screen ? nil : banner ? "banner" : platform.noticeName
        return MockupView(
            platform: platform.displayName, kind: kind.name, look: platform.mockup.look,
            label: label(copy, kind: kind, drawn: drawn, actions: actions.map(\.label)),
            notice: kind != .screen, banner: banner, title: copy.title.text, message: copy.message.text,
            stacked: platform.mockup.stacksFrom.map { actions.count >= $0 } ?? false, actions: actions,
            drawnAs: drawn, unlike: unlike(presentation, drawn: drawn),
            announced: copy.announcement.map { $0.text ?? "nothing is announced" })
    }

    /// The Presentation row's words when they name another kind of notice than the one drawn
    /// (an action sheet, a snackbar), so that the picture says it is not what the spec asks.
    static func unlike(_ presentation: String?, drawn: String?) -> String? {
        guard let presentation, let drawn, !presentation.lowercased().contains(drawn.lowercased()) else { return nil }
        return presentation
    }

    /// What a screen reader says for the picture: the platform and the kind of notice drawn
    /// (in the Presentation row's words where they name it), the title and message, then the
    /// buttons. For a screen
    /// without a notice, the Presentation row or the writer's note says what it is.
    static func label(_ copy: PlatformCopy, kind: Kind, drawn: String?, actions: [String]) -> String {
        var parts: [String] = []
        if kind == .screen {
            let what = copy.presentation?.text ?? copy.presentation?.note ?? copy.message.note
            parts.append("\(copy.platform.displayName) screen" + (what.map { ": \(sentence($0))" } ?? "."))
        } else {
            // The picture's own kind: the Presentation row's words where they name it.
            let named = copy.presentation?.text.map(lowercasingFirst)
            let noun = named.flatMap { unlike($0, drawn: drawn) == nil ? $0 : nil } ?? drawn ?? copy.platform.noticeName
            let title = copy.title.text.map { ": \(sentence($0))" } ?? "."
            parts.append("\(copy.platform.displayName) \(noun)\(title)")
            if let message = copy.message.text { parts.append(sentence(message)) }
        }
        switch actions.count {
        case 0: parts.append("No buttons.")
        case 1: parts.append("Button: \(actions[0]).")
        default: parts.append("Buttons: \(actions.joined(separator: ", ")).")
        }
        return parts.joined(separator: " ")
    }

    /// The text with a full stop unless it already ends a sentence.
    private static func sentence(_ text: String) -> String {
        guard let last = text.last, !".!?…".contains(last) else { return text }
        return text + "."
    }

    /// `Inline message` → `inline message`.
    private static func lowercasingFirst(_ text: String) -> String {
        text.prefix(1).lowercased() + text.dropFirst()
    }
}
