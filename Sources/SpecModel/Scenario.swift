/// A `###` scenario: a situation the user can be in, described in prose, with the exact
/// copy shown on each platform.
public struct Scenario: Codable, Sendable, Equatable, SourceLocated {
    /// The stable ID from `<!-- scenario: ID -->`; the anchor and the prefix of every copy key.
    public var id: String
    public var title: String
    /// The ID of the section the scenario belongs to.
    public var section: String
    /// The prose between the heading and the copy table.
    public var summary: [Prose]
    /// The copy per platform, in the spec's platform order.
    public var copy: [PlatformCopy]
    public var location: SourceLocation
    /// Where it ends in its file (see `SourceLocated`); not part of the JSON.
    @SourceDetail public var end: SourceSpan.End? = nil
    /// Where the ID is written in its `<!-- scenario: ID -->` comment, for a message about the
    /// ID and its fix; not part of the JSON.
    @SourceDetail public var idSpan: SourceSpan? = nil

    private enum CodingKeys: String, CodingKey {
        case id, title, section, summary, copy, location
    }

    public init(
        id: String, title: String, section: String, summary: [Prose] = [], copy: [PlatformCopy] = [],
        location: SourceLocation
    ) {
        self.id = id
        self.title = title
        self.section = section
        self.summary = summary
        self.copy = copy
        self.location = location
    }

    /// The copy for one platform, if the table has it.
    public func copy(for platform: Platform) -> PlatformCopy? { copy.first { $0.platform == platform } }
}

/// The rows of a copy table.
public enum CopyPart: Hashable, Sendable, Comparable {
    case trigger
    case presentation
    /// How a screen reader hears of the scenario: what the app does for it.
    case announcement
    case title
    case message
    case action(String)

    /// Whether the row holds words a user reads: the title, the message and action labels
    /// (not the Trigger, the Presentation or the Announcement, which describe).
    public var isCopy: Bool {
        switch self {
        case .trigger, .presentation, .announcement: false
        case .title, .message, .action: true
        }
    }

    /// The label a writer puts in the first column.
    public var label: String {
        switch self {
        case .trigger: "Trigger"
        case .presentation: "Presentation"
        case .announcement: "Announcement"
        case .title: "Title"
        case .message: "Message"
        case .action(let id): "Action `\(id)`"
        }
    }

    /// The part's segment of a copy key: `title`, `message`, `action.retry`.
    public var keySegment: String {
        switch self {
        case .trigger: "trigger"
        case .presentation: "presentation"
        case .announcement: "announcement"
        case .title: "title"
        case .message: "message"
        case .action(let id): "action.\(id)"
        }
    }

    /// The part the copy key `key` (`<scenario>.<keySegment>`) names; nil for a key of none.
    public init?(key: String) {
        if let range = key.range(of: ".action.", options: .backwards), range.upperBound < key.endIndex {
            self = .action(String(key[range.upperBound...]))
            return
        }
        guard
            let part = ([.trigger, .presentation, .announcement, .title, .message] as [CopyPart]).first(where: {
                key.hasSuffix(".\($0.keySegment)")
            })
        else { return nil }
        self = part
    }

    /// Rows every copy table must have.
    public static let required: [CopyPart] = [.trigger, .title, .message]

    /// The row labels for messages.
    public static let rowLabels = "'Trigger', 'Presentation', 'Announcement', 'Title', 'Message' and 'Action `id`'"

    private var order: Int {
        switch self {
        case .trigger: 0
        case .presentation: 1
        case .announcement: 2
        case .title: 3
        case .message: 4
        case .action: 5
        }
    }

    public static func < (lhs: CopyPart, rhs: CopyPart) -> Bool { lhs.order < rhs.order }
}

/// What one platform shows in one scenario.
public struct PlatformCopy: Codable, Sendable, Equatable {
    public var platform: Platform
    /// The native signal that leads to the scenario.
    public var trigger: Trigger
    /// How the copy is presented (alert, inline banner, snackbar), when the table says.
    public var presentation: CopyEntry?
    /// How a screen reader hears of it (what the app does for that), when the table says.
    public var announcement: CopyEntry?
    public var title: CopyEntry
    public var message: CopyEntry
    /// The actions offered, in row order.
    public var actions: [CopyAction]

    public init(
        platform: Platform, trigger: Trigger, presentation: CopyEntry? = nil, announcement: CopyEntry? = nil,
        title: CopyEntry, message: CopyEntry, actions: [CopyAction] = []
    ) {
        self.platform = platform
        self.trigger = trigger
        self.presentation = presentation
        self.announcement = announcement
        self.title = title
        self.message = message
        self.actions = actions
    }

    /// The entries people read on screen: title, message and action labels, in that order.
    public var strings: [CopyEntry] { [title, message] + actions.map(\.label) }

    /// What the Presentation row's words make of the notice: whether it blocks the screen
    /// behind it; nil without a row, or for words that name no kind.
    public var presentationKind: PresentationKind? { presentation?.text.flatMap(PresentationKind.init(words:)) }
}

/// How a scenario's copy is presented, as far as what stays in reach depends on it: a blocking
/// notice (an alert, a dialog) takes the screen until the user answers it; a non-blocking one (an
/// inline message, a banner, a snackbar) leaves the screen's other ways in, the passkey button
/// and the other sign-in methods, enabled; a screen of its own; or nothing at all.
public enum PresentationKind: String, Codable, Sendable, CaseIterable {
    case blocking
    case nonBlocking = "non-blocking"
    case screen
    case none

    /// The kind the Presentation row's words name by their first words ("Alert", "Inline
    /// message on the login screen…", "The configured fallback sign-in screen…", "None — …");
    /// nil when they name none of them.
    public init?(words: String) {
        let lowered = words.lowercased()
        func starts(_ prefixes: [String]) -> Bool { prefixes.contains { lowered.hasPrefix($0) } }
        if starts(["alert", "dialog", "action sheet", "sheet", "modal"]) {
            self = .blocking
        } else if starts(["inline", "banner", "snackbar", "toast", "message"]) {
            self = .nonBlocking
        } else if starts(["none"]) {
            self = .none
        } else if lowered.split(separator: ";").first?.contains("screen") == true {
            self = .screen
        } else {
            return nil
        }
    }

    /// The kind as a copy table shows it beside the row's words.
    public var words: String {
        switch self {
        case .blocking: "blocking"
        case .nonBlocking: "non-blocking"
        case .screen: "a screen"
        case .none: "nothing shown"
        }
    }
}

/// The native signal that leads to a scenario on one platform.
public struct Trigger: Codable, Sendable, Equatable, SourceLocated {
    /// The cell's text with inline formatting removed.
    public var text: String
    /// The names written in code spans, e.g. `ASAuthorizationError.Code.canceled`.
    public var signals: [String]
    /// The same names with the raw value written after each and where each starts: the
    /// data that `lint` resolves against the engine's catalogue of native results.
    public var names: [TriggerName]
    public var location: SourceLocation
    /// Where it ends in its file (see `SourceLocated`); not part of the JSON.
    @SourceDetail public var end: SourceSpan.End? = nil
    /// The cell as written, Markdown included, when it is on one line; not part of the JSON.
    @SourceDetail public var written: String? = nil

    private enum CodingKeys: String, CodingKey {
        case text, signals, names, location
    }

    public init(text: String, signals: [String], names: [TriggerName]? = nil, location: SourceLocation) {
        self.text = text
        self.signals = signals
        self.names = names ?? signals.map { TriggerName(name: $0, location: location) }
        self.location = location
    }
}

/// One backticked name in a Trigger cell, e.g. `ASAuthorizationError.Code.failed` (1004).
public struct TriggerName: Codable, Sendable, Equatable, SourceLocated {
    /// The name as written between the backticks.
    public var name: String
    /// The number written in parentheses right after the name, e.g. `1004`; nil when none is.
    public var rawValue: String?
    /// Where the name starts (its first character inside the backticks).
    public var location: SourceLocation
    /// Where it ends in its file (see `SourceLocated`); not part of the JSON.
    @SourceDetail public var end: SourceSpan.End? = nil
    /// Where the raw value's digits are written, when it has one; not part of the JSON.
    @SourceDetail public var rawValueSpan: SourceSpan? = nil
    /// The code span the name is written in, backticks included; not part of the JSON.
    @SourceDetail public var codeSpan: SourceSpan? = nil

    private enum CodingKeys: String, CodingKey {
        case name, rawValue, location
    }

    public init(name: String, rawValue: String? = nil, location: SourceLocation) {
        self.name = name
        self.rawValue = rawValue
        self.location = location
    }
}

/// One cell of copy: the words on screen, or an explicit "nothing is shown".
public struct CopyEntry: Codable, Sendable, Equatable, SourceLocated {
    /// The stable key, `<scenario>.<part>`, e.g. `tried-deleted-passkey.action.retry`.
    public var key: String
    /// The words on screen, or nil where the spec says `None`.
    public var text: String?
    /// The writer's explanation after `None`, e.g. "the login screen returns unchanged".
    public var note: String?
    /// The format placeholders the row label declares, e.g. `%@` or `{name}` from
    /// `Message (placeholders: %@)`; nil when it declares none.
    public var placeholders: [String]?
    public var location: SourceLocation
    /// Where it ends in its file (see `SourceLocated`); not part of the JSON.
    @SourceDetail public var end: SourceSpan.End? = nil
    /// The cell as written, Markdown included, for a fix to edit; not part of the JSON.
    @SourceDetail public var written: String? = nil
    /// The row's label cell as written (`Message (placeholders: iOS %@)`) and where it is, for
    /// a fix that declares a placeholder; not part of the JSON.
    @SourceDetail public var label: WrittenCell? = nil

    private enum CodingKeys: String, CodingKey {
        case key, text, note, placeholders, location
    }

    public init(
        key: String, text: String?, note: String? = nil, placeholders: [String]? = nil, location: SourceLocation
    ) {
        self.key = key
        self.text = text
        self.note = note
        self.placeholders = placeholders
        self.location = location
    }

    /// Whether the spec says explicitly that nothing is shown.
    public var isNone: Bool { text == nil }
}

/// A table cell's Markdown as written, on one line, and its span.
public struct WrittenCell: Sendable, Equatable {
    public var text: String
    public var span: SourceSpan

    public init(text: String, span: SourceSpan) {
        self.text = text
        self.span = span
    }
}

/// An action offered to the user, identified by an ID the engine knows.
public struct CopyAction: Codable, Sendable, Equatable {
    /// The action's ID, e.g. `retry`, `use-password`.
    public var id: String
    /// The button label, or `None` where this platform does not offer the action.
    public var label: CopyEntry

    public init(id: String, label: CopyEntry) {
        self.id = id
        self.label = label
    }
}
