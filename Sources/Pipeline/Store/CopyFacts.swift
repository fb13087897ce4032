import SpecModel
import SpecParser

/// What the `translations` rule compares, kept with the record of each spec and translation
/// file: a spec's English strings by platform and key (with the hash a translation keeps of
/// each), and a translation's strings with where each is written. A build keeps them in its
/// manifest, so that the rule runs over every spec and translation without reading the pages
/// that did not change.
struct CopyFacts: Codable, Sendable, Equatable {
    /// The spec the strings are of.
    var specID: String
    /// Nil for a spec's English; the language of a translation.
    var locale: String?
    /// A translation's: where it names its spec.
    var specSpan: SourceSpan?
    /// A spec's: the platforms it covers. A translation's: the platforms it has an object for.
    var platforms: [String]
    /// A translation's: where each platform's object is, by platform ID.
    var platformSpans: [String: SourceSpan] = [:]
    /// The file's start: where a translation missing a whole platform is reported.
    var start: SourceLocation
    /// Whether the page's reader found errors: a spec whose structure does not read (a
    /// misspelt platform) is not compared with its translations until it does.
    var readWithErrors = false

    /// One string: its platform and key, its text, its source hash and placeholders, and for a
    /// translation where its key and text are written.
    struct Fact: Codable, Sendable, Equatable {
        var platform: String
        var key: String
        var text: String
        /// A spec's: the hash of its English. A translation's: the hash it keeps of the English
        /// it was made from.
        var sourceHash: String
        var placeholders: [String]
        var keySpan: SourceSpan?
        var textSpan: SourceSpan?
        /// A translation's: where its source hash is written; nil when it has none.
        var sourceSpan: SourceSpan?
    }

    var facts: [Fact]

    private enum CodingKeys: String, CodingKey {
        case specID, locale, specSpan, platforms, platformSpans, start, readWithErrors, facts
    }

    init(
        specID: String, locale: String?, specSpan: SourceSpan?, platforms: [String],
        platformSpans: [String: SourceSpan], start: SourceLocation, facts: [Fact]
    ) {
        self.specID = specID
        self.locale = locale
        self.specSpan = specSpan
        self.platforms = platforms
        self.platformSpans = platformSpans
        self.start = start
        self.facts = facts
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            specID: try container.decode(String.self, forKey: .specID),
            locale: try container.decodeIfPresent(String.self, forKey: .locale),
            specSpan: try container.decodeIfPresent(SourceSpan.self, forKey: .specSpan),
            platforms: try container.decode([String].self, forKey: .platforms),
            platformSpans: try container.decode([String: SourceSpan].self, forKey: .platformSpans),
            start: try container.decode(SourceLocation.self, forKey: .start),
            facts: try container.decode([Fact].self, forKey: .facts))
        readWithErrors = try container.decode(Bool.self, forKey: .readWithErrors)
    }

    /// A spec's English strings on each platform it covers.
    init(spec: Spec) {
        var facts: [Fact] = []
        for platform in spec.platforms {
            for scenario in spec.scenarios {
                for entry in scenario.copy(for: platform)?.strings ?? [] {
                    guard let text = entry.text else { continue }
                    facts.append(
                        Fact(
                            platform: platform.rawValue, key: entry.key, text: text,
                            sourceHash: Translation.sourceHash(of: text),
                            placeholders: TranslationParser.placeholders(in: text), keySpan: nil, textSpan: entry.span))
                }
            }
        }
        self.init(
            specID: spec.id, locale: nil, specSpan: nil, platforms: spec.platforms.map(\.rawValue), platformSpans: [:],
            start: spec.location, facts: facts)
    }

    /// A translation's strings.
    init(translation: Translation) {
        self.init(
            specID: translation.specID, locale: translation.locale.rawValue, specSpan: translation.specSpan,
            platforms: translation.platformSpans.keys.map(\.rawValue).sorted(),
            platformSpans: Dictionary(
                uniqueKeysWithValues: translation.platformSpans.map { ($0.key.rawValue, $0.value) }),
            start: translation.location,
            facts: translation.strings.map {
                Fact(
                    platform: $0.platform.rawValue, key: $0.key, text: $0.text, sourceHash: $0.sourceHash,
                    placeholders: TranslationParser.placeholders(in: $0.text), keySpan: $0.keySpan,
                    textSpan: $0.textSpan, sourceSpan: $0.sourceSpan)
            })
    }
}
