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

/// One string of copy in a language other than English.
struct LocalizedText: Equatable {
    var text: String
    /// Translated from English that has changed since: shipped, and marked for review.
    var isStale: Bool
}

extension CopyString {
    /// The string in `language`: the translation (stale or not) or the pseudo-locale's text;
    /// nil where the content has no translation of it, so that the platform shows English.
    func localized(in language: ExportLanguage, content: ContentSet) -> LocalizedText? {
        switch language {
        case .pseudo(let pseudo):
            return LocalizedText(text: pseudo.transform(text, placeholders: placeholders), isStale: false)
        case .translated(let locale):
            guard let translated = content.translation(of: specID, into: locale)?.string(key, on: platform) else {
                return nil
            }
            return LocalizedText(
                text: translated.text, isStale: translated.sourceHash != Translation.sourceHash(of: text))
        }
    }
}
