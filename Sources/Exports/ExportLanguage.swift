import SpecModel

/// A language an export is written in besides the spec's English: a translation the content
/// holds, or a pseudo-locale generated from the English.
public enum ExportLanguage: Hashable, Sendable, CustomStringConvertible {
    case translated(LocaleTag)
    case pseudo(Pseudolocale)

    /// The BCP 47 tag: `de`, `en-XA`.
    public var tag: String {
        switch self {
        case .translated(let locale): locale.rawValue
        case .pseudo(let pseudo): pseudo.tag
        }
    }

    public var description: String { tag }

    /// What a file in this language is made from, for its header comment: "the de translation
    /// of the spec's iOS copy", "the en-XA pseudo-locale of the spec's iOS copy".
    func source(of copy: String) -> String {
        isPseudo ? "the \(tag) pseudo-locale of \(copy)" : "the \(tag) translation of \(copy)"
    }

    /// Whether it is generated from the English rather than translated.
    public var isPseudo: Bool {
        if case .pseudo = self { true } else { false }
    }

    /// Whether the language is written right to left.
    public var isRightToLeft: Bool {
        switch self {
        case .translated(let locale): locale.isRightToLeft
        case .pseudo(let pseudo): pseudo.isRightToLeft
        }
    }

    /// The folder qualifier of Android's resources: `de`, `pt-rBR`, `en-rXA`.
    public var androidQualifier: String {
        switch self {
        case .translated(let locale): locale.androidQualifier
        case .pseudo(let pseudo): LocaleTag(rawValue: pseudo.tag)?.androidQualifier ?? pseudo.tag
        }
    }

    /// The language `tag` names in `content`: one it is translated into, or a pseudo-locale.
    public init?(tag: String, in content: ContentSet) {
        if let pseudo = Pseudolocale(rawValue: tag)
            ?? Pseudolocale.allCases.first(where: {
                $0.tag.lowercased() == tag.lowercased()
            })
        {
            self = .pseudo(pseudo)
        } else if let locale = LocaleTag(rawValue: tag), content.locales.contains(locale) {
            self = .translated(locale)
        } else {
            return nil
        }
    }

    /// Every language the content's exports are written in besides English: its translations'
    /// languages, sorted, then the pseudo-locales.
    public static func all(in content: ContentSet) -> [ExportLanguage] {
        content.locales.map(ExportLanguage.translated) + Pseudolocale.allCases.map(ExportLanguage.pseudo)
    }
}

extension ExportLanguage {
    /// `entry`'s text in this language: the translation of the string `entry.key` of spec
    /// `specID` on `platform` (stale or not), or the pseudo-locale's text; nil where the content
    /// has no translation of it, so that the platform shows English, and for `None`.
    public func text(
        of entry: CopyEntry, on platform: Platform, specID: String, in content: ContentSet
    )
        -> LocalizedText?
    {
        guard let english = entry.text else { return nil }
        switch self {
        case .pseudo(let pseudo):
            return LocalizedText(
                text: pseudo.transform(english, placeholders: entry.placeholders ?? []), isStale: false)
        case .translated(let locale):
            guard let translated = content.translation(of: specID, into: locale)?.string(entry.key, on: platform) else {
                return nil
            }
            return LocalizedText(
                text: translated.text, isStale: translated.sourceHash != Translation.sourceHash(of: english))
        }
    }

    /// `copy` with its title, message and button labels in this language, each in English
    /// where the content has no translation of it.
    public func copy(_ copy: PlatformCopy, specID: String, in content: ContentSet) -> PlatformCopy {
        var localized = copy
        func apply(_ entry: inout CopyEntry) {
            if let text = text(of: entry, on: copy.platform, specID: specID, in: content) { entry.text = text.text }
        }
        apply(&localized.title)
        apply(&localized.message)
        for index in localized.actions.indices { apply(&localized.actions[index].label) }
        return localized
    }

    /// How much of `spec`'s copy on `platform` this language has: the strings translated from
    /// the English as it is, those translated from English that changed since, and those
    /// without a translation. A pseudo-locale has every string.
    public func completeness(of spec: Spec, on platform: Platform, in content: ContentSet) -> Completeness {
        var completeness = Completeness()
        for entry in spec.scenarios.flatMap({ $0.copy(for: platform)?.strings ?? [] }) where entry.text != nil {
            switch text(of: entry, on: platform, specID: spec.id, in: content) {
            case nil: completeness.missing += 1
            case let found? where found.isStale: completeness.stale += 1
            case _?: completeness.current += 1
            }
        }
        return completeness
    }
}

/// How many of a spec's strings on a platform a language has, and how.
public struct Completeness: Equatable, Sendable {
    public var current = 0
    public var stale = 0
    public var missing = 0

    public init() {}

    public var total: Int { current + stale + missing }
}

/// One string of copy in a language other than English.
public struct LocalizedText: Equatable, Sendable {
    public var text: String
    /// Translated from English that has changed since: shipped, and marked for review.
    public var isStale: Bool
}

extension CopyString {
    /// The string in `language` (see `ExportLanguage.text(of:on:specID:in:)`).
    func localized(in language: ExportLanguage, content: ContentSet) -> LocalizedText? {
        let entry = CopyEntry(
            key: key, text: text, placeholders: placeholders.isEmpty ? nil : placeholders, location: .whole(specID))
        return language.text(of: entry, on: platform, specID: specID, in: content)
    }
}
