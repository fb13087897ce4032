import SpecModel

/// One on-screen string of one platform, with its stable key and where it belongs.
struct CopyString {
    var key: String
    var text: String
    /// The spec and platform it belongs to.
    var specID: String
    var platform: Platform
    var scenario: Scenario
    /// What the string is, for translators: "title of the alert", "button “retry” of the alert".
    var role: String
    /// The format placeholders its row declares for this platform.
    var placeholders: [String] = []

    /// Every string people read on `platform` (titles, messages, button labels), in page order.
    /// Entries the spec marks `None` are not strings.
    static func all(in content: ContentSet, platform: Platform) -> [CopyString] {
        content.specs.flatMap { spec in spec.scenarios.map { (spec.id, $0) } }.flatMap {
            specID, scenario -> [CopyString] in
            guard let copy = scenario.copy(for: platform) else { return [] }
            var strings: [CopyString] = []
            let shownIn = copy.presentation?.text.map(Self.container) ?? "the \(platform.noticeName)"
            if let text = copy.title.text {
                strings.append(
                    CopyString(
                        key: copy.title.key, text: text, specID: specID, platform: platform, scenario: scenario,
                        role: "title of \(shownIn)",
                        placeholders: copy.title.placeholders ?? []))
            }
            if let text = copy.message.text {
                strings.append(
                    CopyString(
                        key: copy.message.key, text: text, specID: specID, platform: platform, scenario: scenario,
                        role: "body text of \(shownIn)",
                        placeholders: copy.message.placeholders ?? []))
            }
            for action in copy.actions {
                guard let text = action.label.text else { continue }
                strings.append(
                    CopyString(
                        key: action.label.key, text: text, specID: specID, platform: platform, scenario: scenario,
                        role: "button “\(action.id)” of \(shownIn)", placeholders: action.label.placeholders ?? []))
            }
            return strings
        }
    }

    /// What a Presentation cell says the copy is shown in, as a translator reads it: its first
    /// clause, which names the surface ("Inline message on the login screen, under the
    /// identifier field"), without what follows a semicolon ("no alert"), which says what is
    /// not shown.
    static func container(_ presentation: String) -> String {
        let clause = String(presentation.prefix { $0 != ";" }).trimmingWhitespace()
        guard let first = clause.first else { return "the screen" }
        // A capital that only starts the cell ("Alert", "Inline message") is lowercased; a
        // name such as "iOS" or an acronym keeps its case.
        let second = clause.dropFirst().first
        let lowered = second.map { $0.isUppercase } == true ? String(first) : first.lowercased()
        return "the " + lowered + clause.dropFirst()
    }

    /// The text as its platform's formatter reads it: with declared placeholders, the string is
    /// formatted with arguments, so a literal percent sign is escaped (see
    /// `PlaceholderSyntax.formatString`); without, it is the text itself.
    func formatText(on platform: Platform) -> String {
        formatted(text, on: platform)
    }

    /// `words` (this string's text, or its text in another language) as the platform's
    /// formatter reads it, with this string's placeholders.
    func formatted(_ words: String, on platform: Platform) -> String {
        placeholders.isEmpty
            ? words : platform.copyConventions.placeholders.formatString(words, placeholders: placeholders)
    }

    /// A comment for translators: the scenario, its ID and the string's role.
    var comment: String { "\(scenario.title) (\(scenario.id)): \(role)" }
}

extension ExportFormat {
    /// Whether the export holds strings of copy, each under a name made from its copy key.
    public var holdsCopyStrings: Bool {
        switch self {
        case .xcstrings, .strings, .androidXML, .webJSON: true
        case .json, .schema, .webTS, .webSchema, .junit, .report, .swiftKit, .kotlinKit, .webKit: false
        }
    }

    /// The name a string of copy has in this export, from its copy key: the key itself in a
    /// String Catalog, a strings file and the web message file; `R.string.<name>` in Android's
    /// resources. Nil for an export that holds no strings.
    public func resourceName(forKey key: String) -> String? {
        guard holdsCopyStrings else { return nil }
        return self == .androidXML ? "R.string." + AndroidStrings.resourceName(key) : key
    }

    /// The exports of `platform` that hold strings of copy, in the order of `allCases`.
    public static func copyExports(of platform: Platform) -> [ExportFormat] {
        allCases.filter { $0.platform == platform && $0.holdsCopyStrings }
    }

    /// Each export of `platform` that holds `entry`, with the string's name in it: none where
    /// the spec says `None`, which is no string (`CopyString.all` leaves it out).
    public static func resources(
        of entry: CopyEntry, on platform: Platform
    ) -> [(
        format: ExportFormat, name: String
    )] {
        guard entry.text != nil else { return [] }
        return copyExports(of: platform).compactMap { format in
            format.resourceName(forKey: entry.key).map { (format: format, name: $0) }
        }
    }
}
