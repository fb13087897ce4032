import SpecModel

/// Reads a translation file (`login-error-states.de.json`): its language, the spec it
/// translates and each platform's strings, every part with where it is written. A file that
/// is not JSON, or not of the shape `Translation` documents, gives no translation and a
/// finding at the first mistake of each kind; one string of the wrong shape is reported and
/// the rest read.
public enum TranslationParser {
    /// Whether a file name is a translation file's: `<page>.<language tag>.json`.
    public static func isTranslationFileName(_ name: String) -> Bool {
        localeInFileName(name) != nil
    }

    /// The language tag a translation file's name gives (`de` for `login-error-states.de.json`),
    /// as written; nil for a name of another shape.
    public static func localeInFileName(_ name: String) -> String? {
        guard name.hasSuffix(".json") else { return nil }
        let stem = name.dropLast(5)
        guard let dot = stem.lastIndex(of: "."), dot != stem.startIndex else { return nil }
        let tag = String(stem[stem.index(after: dot)...])
        return LocaleTag(rawValue: tag) == nil ? nil : tag
    }

    /// The format placeholders `text` holds, in order (`%@`, `%1$s`, `{name}`), whatever the
    /// platform: what a translation must keep of its English.
    public static func placeholders(in text: String) -> [String] {
        CopyStyle.placeholders(in: text).map(\.text)
    }

    /// The translation `source` holds, and what is wrong with it.
    public static func parse(
        _ source: SourceFile, bytes: [UInt8], relativePath: String
    ) -> (
        translation: Translation?, diagnostics: [Diagnostic]
    ) {
        var bag = DiagnosticBag()
        let root: LocatedJSON
        do {
            root = try LocatedJSON.parse(bytes, path: source.path)
        } catch {
            bag.report(.translationNotJSON(expected: error.expected, found: error.found), at: error.location)
            return (nil, bag.diagnostics)
        }
        guard case .object(let members, let fileSpan) = root else {
            bag.report(.translationMemberType(nil, expected: "an object", found: root.kind), at: root.span)
            return (nil, bag.diagnostics)
        }
        var locale: LocaleTag?
        var specID: String?
        var specSpan = fileSpan
        var strings: [TranslatedString] = []
        var platformSpans: [Platform: SourceSpan] = [:]
        var sawLocale = false
        let fileName = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        var seenMembers: Set<String> = []
        for member in members {
            // A member written twice would leave it to chance which one counts.
            guard seenMembers.insert(member.name).inserted else {
                bag.report(.translationDuplicateMember(member.name), at: member.nameSpan)
                continue
            }
            switch member.name {
            case "locale":
                sawLocale = true
                guard case .string(let tag, let span) = member.value else {
                    bag.report(
                        .translationMemberType("locale", expected: "a string", found: member.value.kind),
                        at: member.value.span)
                    continue
                }
                guard let parsed = LocaleTag(rawValue: tag) else {
                    bag.report(.translationLocale(tag), at: span)
                    continue
                }
                if let named = localeInFileName(fileName), LocaleTag(rawValue: named) != parsed {
                    bag.report(
                        .translationFileName(locale: parsed.rawValue, fileName: named), at: span,
                        fixIts: [.replace(span, with: "\"\(named)\"", title: "Change the language to '\(named)'")])
                    continue
                }
                locale = parsed
            case "spec":
                guard case .string(let id, let span) = member.value else {
                    bag.report(
                        .translationMemberType("spec", expected: "a string", found: member.value.kind),
                        at: member.value.span)
                    continue
                }
                specID = id
                specSpan = span
            default:
                guard let platform = Platform(rawValue: member.name) else {
                    bag.report(
                        .translationUnknownMember(member.name, known: "'locale', 'spec', " + Platform.knownList),
                        at: member.nameSpan,
                        fixIts: Platform(name: member.name).map {
                            [.replace(member.nameSpan, with: "\"\($0.rawValue)\"", title: "Change to '\($0.rawValue)'")]
                        } ?? [])
                    continue
                }
                guard case .object(let entries, let span) = member.value else {
                    bag.report(
                        .translationMemberType(
                            member.name, expected: "an object of copy keys", found: member.value.kind),
                        at: member.value.span)
                    continue
                }
                platformSpans[platform] = span
                var seen: Set<String> = []
                for entry in entries {
                    guard seen.insert(entry.name).inserted else {
                        bag.report(.translationDuplicateKey(entry.name, platform: platform), at: entry.nameSpan)
                        continue
                    }
                    if let string = translatedString(entry, platform: platform, into: &bag) { strings.append(string) }
                }
            }
        }
        if !sawLocale { bag.report(.translationMissingMember("locale"), at: SourceSpan(at: fileSpan.start)) }
        if specID == nil, !members.contains(where: { $0.name == "spec" }) {
            bag.report(.translationMissingMember("spec"), at: SourceSpan(at: fileSpan.start))
        }
        guard let locale, let specID else { return (nil, bag.diagnostics) }
        var translation = Translation(
            locale: locale, specID: specID, specSpan: specSpan, path: relativePath, strings: strings,
            platformSpans: platformSpans, location: fileSpan.start)
        translation.end = SourceSpan.End(line: fileSpan.endLine, column: fileSpan.endColumn)
        return (translation, bag.diagnostics)
    }

    /// One `"key": { "text": "…", "source": "…" }` member.
    private static func translatedString(
        _ entry: LocatedJSON.Member, platform: Platform, into bag: inout DiagnosticBag
    ) -> TranslatedString? {
        guard case .object(let fields, _) = entry.value else {
            bag.report(
                .translationMemberType(
                    entry.name, expected: "an object with 'text' and 'source'", found: entry.value.kind),
                at: entry.value.span)
            return nil
        }
        var text: (String, SourceSpan)?
        var source: (String, SourceSpan)?
        for field in fields {
            switch (field.name, field.value) {
            case ("text", .string(let value, let span)): text = (value, span)
            case ("source", .string(let value, let span)): source = (value, span)
            case ("text", _), ("source", _):
                bag.report(
                    .translationMemberType(field.name, expected: "a string", found: field.value.kind),
                    at: field.value.span)
                return nil
            default:
                bag.report(.translationUnknownMember(field.name, known: "'text', 'source'"), at: field.nameSpan)
            }
        }
        guard let text else {
            bag.report(.translationMissingMember("text", string: entry.name), at: entry.nameSpan)
            return nil
        }
        var string = TranslatedString(
            platform: platform, key: entry.name, text: text.0, sourceHash: source?.0 ?? "", keySpan: entry.nameSpan,
            textSpan: text.1)
        string.sourceSpan = source?.1
        return string
    }
}
