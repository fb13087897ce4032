// A platform is a value: everything the tool knows about iOS, Android (and any platform
// added later) that is not engine behaviour lives in its descriptor, one file each in this
// folder (`Platform+iOS.swift`, `Platform+Android.swift`), and `Platform.known` lists them.
//
// To add a platform:
// 1. a descriptor here (`Platform+Name.swift`) and its entry in `Platform.known`;
// 2. its adapter in `Sources/PasskeyLoginEngine/Platforms/` (native results, outcomes, signals,
//    trigger names), listed in the flows that run on it (`PasskeyLoginFlow.adapters`);
// 3. its copy exports, if it has any, in `Sources/Exports/` (each `ExportFormat` names its
//    platform), and how the site draws its screens in `Sources/SiteBuilder/MockupStyle.swift`.
// Nothing else names a platform: commands, the runner, the site and the JSON schema read
// these values.

/// A platform a spec covers, as a value: its ID and name, what its notices are called, how
/// its guidelines want copy written. Identified by `rawValue`.
public struct Platform: RawRepresentable, Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The ID writers use in metadata (`platforms: ios, android`) and the site uses in anchors.
    public let rawValue: String
    /// The name writers use in copy-table headers and people see on the site.
    public let displayName: String
    /// What a blocking error notice is called on the platform ("alert", "dialog").
    public let noticeName: String
    /// The native error type a passkey request fails with, e.g. `ASAuthorizationError.Code`.
    public let errorType: String
    /// How the platform's design guidelines want copy written.
    public let copyConventions: CopyConventions

    public init(
        id: String, displayName: String, noticeName: String, errorType: String, copyConventions: CopyConventions
    ) {
        self.rawValue = id
        self.displayName = displayName
        self.noticeName = noticeName
        self.errorType = errorType
        self.copyConventions = copyConventions
    }

    /// A known platform by its ID.
    public init?(rawValue: String) {
        guard let match = Platform.known.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = match
    }

    /// Looks a platform up by its ID or display name, ignoring case.
    public init?(name: String) {
        let key = name.trimmingWhitespace().lowercased()
        guard let match = Platform.known.first(where: { $0.rawValue == key || $0.displayName.lowercased() == key })
        else { return nil }
        self = match
    }

    /// The known platform IDs, quoted, for messages: `'ios', 'android'`.
    public static var knownList: String {
        known.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    }

    /// The known platform IDs joined by `|`, for usage lines: `ios|android`.
    public static var knownAlternatives: String {
        known.map(\.rawValue).joined(separator: "|")
    }

    public var description: String { rawValue }

    public static func == (lhs: Platform, rhs: Platform) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// In the order of `Platform.known`; platforms outside it sort after, by ID.
    public static func < (lhs: Platform, rhs: Platform) -> Bool {
        let left = known.firstIndex(of: lhs) ?? known.count
        let right = known.firstIndex(of: rhs) ?? known.count
        return left != right ? left < right : lhs.rawValue < rhs.rawValue
    }
}

/// How one platform's guidelines want the copy on screen written. Each platform's descriptor
/// gives its conventions; the copy style rules read only these.
public struct CopyConventions: Sendable, Equatable {
    /// How titles and button labels are capitalized.
    public enum Capitalization: Sendable, Equatable {
        /// Apple's title-style capitalization: every word capitalized except articles,
        /// coordinating conjunctions and short prepositions in the middle.
        case titleStyle
        /// Material's sentence case: only the first word and proper nouns capitalized.
        case sentenceCase
    }

    /// How titles and button labels are capitalized.
    public var capitalization: Capitalization
    /// The longest button label, in characters (grapheme clusters), that shows without truncation.
    public var maximumButtonLength: Int
    /// How the platform's strings hold format arguments.
    public var placeholders: PlaceholderSyntax

    /// How much of a title its presentation shows before it takes more room than the
    /// platform's guidelines give it; nil where they give it no limit (the title wraps).
    public var titleBudget: TextBudget?
    /// How much of a message its presentation shows; nil where the guidelines give no limit.
    public var messageBudget: TextBudget?

    public init(
        capitalization: Capitalization, maximumButtonLength: Int, placeholders: PlaceholderSyntax,
        titleBudget: TextBudget? = nil, messageBudget: TextBudget? = nil
    ) {
        self.capitalization = capitalization
        self.maximumButtonLength = maximumButtonLength
        self.placeholders = placeholders
        self.titleBudget = titleBudget
        self.messageBudget = messageBudget
    }

    /// The budget of the string under copy key `key` (`<scenario>.title`, `<scenario>.message`,
    /// `<scenario>.action.<id>`), as `budget(for:)` gives its part.
    public func budget(ofKey key: String) -> TextBudget? {
        CopyPart(key: key).flatMap(budget(for:))
    }

    /// The budget of a part: a button label has one line of `maximumButtonLength` characters; a
    /// title or a message has the platform's budget, if any; the rows that describe have none.
    public func budget(for part: CopyPart) -> TextBudget? {
        switch part {
        case .action: TextBudget(presentation: "button", lines: 1, charactersPerLine: maximumButtonLength)
        case .title: titleBudget
        case .message: messageBudget
        case .trigger, .presentation, .announcement: nil
        }
    }
}

/// The room a presentation gives a string: so many lines of about so many characters (grapheme
/// clusters) of its text style. Text wraps at words, so a line count from characters is an
/// estimate; it is what a writer can check without the device.
public struct TextBudget: Sendable, Equatable {
    /// What the string is on screen, in words: "button", "alert title".
    public var presentation: String
    public var lines: Int
    public var charactersPerLine: Int

    public init(presentation: String, lines: Int, charactersPerLine: Int) {
        self.presentation = presentation
        self.lines = lines
        self.charactersPerLine = charactersPerLine
    }

    /// The lines `text` takes, at least one.
    public func lines(of text: String) -> Int {
        max(1, (text.count + charactersPerLine - 1) / charactersPerLine)
    }
}

/// How a platform's strings hold format arguments, so that a placeholder declared for a column
/// is one that platform's formatter reads.
public enum PlaceholderSyntax: Sendable, Equatable {
    /// Foundation's `String(format:)` and String Catalogs: `%@`, `%lld`, `%d`, `%1$@`.
    case foundation
    /// Java's `Formatter`, as Android's `getString(id, args)` uses it: `%s`, `%d`, `%1$s`.
    case javaFormatter
    /// Named arguments in braces, as the web messages hold them: `{name}`.
    case braces

    /// Whether `placeholder` is one this syntax reads.
    public func accepts(_ placeholder: String) -> Bool {
        switch self {
        case .braces:
            return placeholder.hasPrefix("{") && placeholder.hasSuffix("}") && placeholder.count > 2
        case .foundation, .javaFormatter:
            guard placeholder.hasPrefix("%"), let conversion = placeholder.last else { return false }
            let flags = placeholder.dropFirst().dropLast()
            let allowed = self == .foundation ? "@dDiuUxXoOfeEgGcCsSpaA" : "sSdoxXeEfgGaAcCbBhH"
            let lengths = self == .foundation ? ["", "l", "ll", "h", "hh", "q", "L", "z", "t", "j"] : [""]
            let modifier = String(flags.reversed().prefix { $0.isLetter }.reversed())
            return allowed.contains(conversion) && lengths.contains(modifier)
        }
    }

    /// `text`, the words a user sees, as a format string of this syntax whose only conversions
    /// are `placeholders`: every other percent sign is a literal one and is written `%%`.
    /// Foundation's `String(format:)` and Java's `Formatter` read any `%` as the start of a
    /// conversion, so "100% sure" in a string with arguments would print `100(null)ure` on iOS
    /// and throw `FormatFlagsConversionMismatchException` on Android. Braces hold no `%`
    /// conversions, so their text is already the format string.
    public func formatString(_ text: String, placeholders: [String]) -> String {
        guard self != .braces, text.contains("%") else { return text }
        // The longest first, so that `%1$@` is not read as `%1` followed by text.
        let declared = placeholders.filter { $0.hasPrefix("%") }.sorted { $0.utf8.count > $1.utf8.count }
        var result = ""
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            rest = rest[percent...]
            if let placeholder = declared.first(where: { rest.hasPrefix($0) }) {
                result += placeholder
                rest = rest.dropFirst(placeholder.count)
            } else {
                result += "%%"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    /// An example of the syntax, for messages.
    public var example: String {
        switch self {
        case .foundation: "%@ or %lld"
        case .javaFormatter: "%1$s or %1$d"
        case .braces: "{name}"
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    public func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}
