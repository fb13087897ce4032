import Utilities

/// The copy of one spec in one language other than the spec's English: a translation file
/// beside the spec, named after it and the language (`login-error-states.de.json` beside
/// `login-error-states.md`), holding each platform's strings by the copy keys the exports use.
///
/// ```json
/// {
///   "locale": "de",
///   "spec": "N1.4",
///   "ios": {
///     "deleted-passkey.title": { "text": "Passkey kann nicht verwendet werden", "source": "9f0c…" }
///   }
/// }
/// ```
///
/// `source` is the hash of the English text the string was translated from
/// (`Translation.sourceHash(of:)`): when the English changes, the translation is stale.
public struct Translation: Sendable, Equatable, SourceLocated {
    /// The language, as a BCP 47 tag (`de`, `pt-BR`, `sr-Latn`).
    public var locale: LocaleTag
    /// The ID of the spec whose copy it translates.
    public var specID: String
    /// Where the spec's ID is written in the file.
    public var specSpan: SourceSpan
    /// The file's path relative to the content root (`native/login-error-states.de.json`).
    public var path: String
    /// Each platform's strings, in the file's order.
    public var strings: [TranslatedString]
    /// Where each platform's object starts, by platform: where a string missing from it is
    /// reported.
    public var platformSpans: [Platform: SourceSpan]
    /// The file's start.
    public var location: SourceLocation
    @SourceDetail public var end: SourceSpan.End? = nil

    public init(
        locale: LocaleTag, specID: String, specSpan: SourceSpan, path: String, strings: [TranslatedString],
        platformSpans: [Platform: SourceSpan], location: SourceLocation
    ) {
        self.locale = locale
        self.specID = specID
        self.specSpan = specSpan
        self.path = path
        self.strings = strings
        self.platformSpans = platformSpans
        self.location = location
    }

    /// The translated string of `key` on `platform`, if the file has one.
    public func string(_ key: String, on platform: Platform) -> TranslatedString? {
        strings.first { $0.platform == platform && $0.key == key }
    }

    /// The hash a translation keeps of the English text it was made from: FNV-1a (64 bits) of
    /// its UTF-8 bytes, in hex. The same text gives the same hash on every machine.
    public static func sourceHash(of english: String) -> String {
        FNV1a.hex(of: Array(english.utf8))
    }
}

/// One translated string: its platform and copy key, its text in the file's language, and the
/// hash of the English it was translated from.
public struct TranslatedString: Sendable, Equatable {
    public var platform: Platform
    public var key: String
    public var text: String
    /// `Translation.sourceHash(of:)` of the English the text was made from.
    public var sourceHash: String
    /// Where the key is written.
    public var keySpan: SourceSpan
    /// Where the text is written (its JSON string, quotes included).
    public var textSpan: SourceSpan
    /// Where the source hash is written (its JSON string); nil when the string has none.
    public var sourceSpan: SourceSpan?

    public init(
        platform: Platform, key: String, text: String, sourceHash: String, keySpan: SourceSpan, textSpan: SourceSpan
    ) {
        self.platform = platform
        self.key = key
        self.text = text
        self.sourceHash = sourceHash
        self.keySpan = keySpan
        self.textSpan = textSpan
    }
}

/// A BCP 47 language tag as translation files and exports name a language: `de`, `pt-BR`,
/// `sr-Latn`, `en-XA`. Only the well-formed shapes a translation can have are accepted: a
/// language subtag (2 or 3 letters), then an optional script (4 letters), an optional region
/// (2 letters or 3 digits) and variants (5 to 8 letters or digits, or 4 starting with a
/// digit), as RFC 5646 section 2.1 defines them; private use and extensions are not.
public struct LocaleTag: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The tag in its canonical case: language lowercase, script title case, region uppercase.
    public let rawValue: String
    public let language: String
    public let script: String?
    public let region: String?
    public let variants: [String]

    /// Parses a tag, case-insensitively; nil when it is not well formed.
    public init?(rawValue: String) {
        let subtags = rawValue.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILetter)
        else { return nil }
        var script: String?
        var region: String?
        var variants: [String] = []
        for subtag in subtags.dropFirst() {
            let isAlphanumeric = !subtag.isEmpty && subtag.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit }
            guard isAlphanumeric else { return nil }
            if script == nil, region == nil, variants.isEmpty, subtag.count == 4, subtag.allSatisfy(\.isASCIILetter) {
                script = subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased()
            } else if region == nil, variants.isEmpty,
                (subtag.count == 2 && subtag.allSatisfy(\.isASCIILetter))
                    || (subtag.count == 3 && subtag.allSatisfy(\.isASCIIDigit))
            {
                region = subtag.uppercased()
            } else if (5...8).contains(subtag.count) || (subtag.count == 4 && subtag.first!.isASCIIDigit) {
                variants.append(subtag.lowercased())
            } else {
                return nil
            }
        }
        language = first.lowercased()
        self.script = script
        self.region = region
        self.variants = variants
        self.rawValue = ([language] + [script, region].compactMap { $0 } + variants).joined(separator: "-")
    }

    public var description: String { rawValue }

    public static func < (lhs: LocaleTag, rhs: LocaleTag) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The folder qualifier Android's resources use for the language: `de`, `pt-rBR` for a
    /// language and a region, and the BCP 47 form `b+sr+Latn` for anything more (a script or
    /// a variant), as "Support different languages and cultures" in Android's documentation
    /// gives them.
    public var androidQualifier: String {
        if script == nil, variants.isEmpty {
            return region.map { "\(language)-r\($0)" } ?? language
        }
        return (["b", language] + [script, region].compactMap { $0 } + variants).joined(separator: "+")
    }

    /// Whether the language is written right to left (Arabic, Hebrew, Persian, Urdu and the
    /// right-to-left pseudo-locale `ar-XB`), for `dir="rtl"`. A script subtag decides where
    /// there is one.
    public var isRightToLeft: Bool {
        if let script { return ["Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg"].contains(script) }
        return ["ar", "he", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb"].contains(language)
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
}
