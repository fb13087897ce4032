import SpecModel

// The messages about translation files: reading one (`TranslationParser`), and comparing it
// with the spec it translates (the lint's `translations` rule).

extension Message {
    public static func translationNotJSON(expected: String, found: String) -> Message {
        Message("translation-json", .error, "translation file is not JSON: expected \(expected), found \(found)")
    }

    /// A member whose value is of the wrong kind; `name` nil for the file's own value.
    public static func translationMemberType(_ name: String?, expected: String, found: String) -> Message {
        Message(
            "translation-member-type", .error,
            name.map { "'\($0)' must be \(expected), not \(found)" } ?? "the file must be \(expected), not \(found)")
    }

    public static func translationUnknownMember(_ name: String, known: String) -> Message {
        Message("translation-unknown-member", .error, "unknown member '\(name)'; the object has \(known)")
    }

    public static func translationDuplicateMember(_ name: String) -> Message {
        Message("translation-duplicate-member", .error, "'\(name)' is written twice; the file has one of each")
    }

    /// A member the file (`string` nil) or one of its strings lacks.
    public static func translationMissingMember(_ name: String, string: String? = nil) -> Message {
        Message(
            "translation-missing-member", .error,
            string.map { "'\($0)' has no '\(name)'" } ?? "translation file has no '\(name)'")
    }

    public static func translationLocale(_ tag: String) -> Message {
        Message(
            "translation-locale", .error,
            "'\(tag)' is not a language tag; write a BCP 47 tag such as 'de', 'pt-BR' or 'sr-Latn'")
    }

    public static func translationFileName(locale: String, fileName: String) -> Message {
        Message(
            "translation-file-name", .error,
            "the file says its language is '\(locale)', but its name says '\(fileName)'; name it '<page>.\(locale).json'"
        )
    }

    public static func translationDuplicateKey(_ key: String, platform: Platform) -> Message {
        Message("translation-duplicate-key", .error, "'\(key)' is translated twice for \(platform.displayName)")
    }

    public static func translationUnknownSpec(_ id: String) -> Message {
        Message(
            "translation-unknown-spec", .error, "no spec has the ID '\(id)'; a translation names the spec it translates"
        )
    }

    public static func translationDuplicate(specID: String, locale: String, first: String) -> Message {
        Message(
            "translation-duplicate", .error, "'\(specID)' is translated into '\(locale)' by '\(first)' already")
    }

    public static func translationPlatformNotInSpec(_ platform: Platform, specID: String) -> Message {
        Message(
            "translation-platform-not-in-spec", .error,
            "'\(specID)' has no \(platform.displayName) copy, so there is nothing to translate for it")
    }

    public static func translationMissing(_ key: String, platform: Platform, locale: String, english: String) -> Message
    {
        Message(
            "translation-missing", .warning,
            "the \(platform.displayName) string '\(key)' has no '\(locale)' translation; translate “\(english)”")
    }

    public static func translationStale(_ key: String, platform: Platform, english: String) -> Message {
        Message(
            "translation-stale", .warning,
            "the English of the \(platform.displayName) string '\(key)' changed since it was translated; translate “\(english)” again"
        )
    }

    public static func translationUnsourced(_ key: String, platform: Platform) -> Message {
        Message(
            "translation-unsourced", .warning,
            "the \(platform.displayName) string '\(key)' does not say which English it was translated from ('source')")
    }

    public static func translationPlaceholders(
        _ key: String, platform: Platform, expected: [String], found: [String]
    ) -> Message {
        func list(_ placeholders: [String]) -> String { placeholders.map { "'\($0)'" }.joined(separator: ", ") }
        let text: String
        if !found.isEmpty, found.sorted() == expected.sorted() {
            // The same placeholders in another order: unnumbered ones take the values in order.
            text =
                "the \(platform.displayName) string '\(key)' has \(list(found)) in another order than its English (\(list(expected))); number them in both to reorder them"
        } else {
            let has = found.isEmpty ? "has no placeholder" : "has \(list(found))"
            let english = expected.isEmpty ? "its English has none" : "its English has \(list(expected))"
            text = "the \(platform.displayName) string '\(key)' \(has), but \(english)"
        }
        return Message("translation-placeholders", .error, text)
    }

    /// A translation that takes more room than its presentation gives it, and more than its
    /// English takes.
    public static func translationTooLong(
        _ key: String, platform: Platform, locale: String, length: Int, budget: TextBudget, lines: Int
    ) -> Message {
        let room =
            lines == 1
            ? "about \(budget.charactersPerLine) characters on one line"
            : "\(lines) lines of about \(budget.charactersPerLine) characters"
        return Message(
            "translation-too-long", .warning,
            "the '\(locale)' \(platform.displayName) \(budget.presentation) '\(key)' is \(length) characters long; it has room for \(room): shorten it"
        )
    }

    public static func translationObsolete(_ key: String, platform: Platform, specID: String) -> Message {
        Message(
            "translation-obsolete", .warning,
            "'\(specID)' has no \(platform.displayName) string '\(key)' any more; remove its translation")
    }
}

extension DiagnosticNote {
    /// Where the translation of a spec into a language that counts names the spec.
    public static func otherTranslation(of specID: String, into locale: String, at span: SourceSpan) -> DiagnosticNote {
        DiagnosticNote("the translation of \(specID) into '\(locale)' that counts is here", at: span)
    }
}

extension ParserMessages {
    /// Translation files: reading them, and comparing them with their specs.
    public static let translations: [CatalogueEntry] = [
        CatalogueEntry(sample: .translationNotJSON(expected: "',' or '}'", found: "'\"ios\"'")),
        CatalogueEntry(sample: .translationMemberType("ios", expected: "an object", found: "a string")),
        CatalogueEntry(sample: .translationUnknownMember("iOS", known: "'locale', 'spec', " + Platform.knownList)),
        CatalogueEntry(sample: .translationDuplicateMember("ios")),
        CatalogueEntry(sample: .translationMissingMember("locale")),
        CatalogueEntry(sample: .translationLocale("german")),
        CatalogueEntry(sample: .translationFileName(locale: "de", fileName: "fr")),
        CatalogueEntry(sample: .translationDuplicateKey("deleted-passkey.title", platform: .ios)),
        CatalogueEntry(sample: .translationUnknownSpec("N1.5")),
        CatalogueEntry(
            sample: .translationDuplicate(specID: "N1.4", locale: "de", first: "native/login-error-states.de.json")),
        CatalogueEntry(sample: .translationPlatformNotInSpec(.web, specID: "N1.4")),
        CatalogueEntry(
            sample: .translationMissing(
                "deleted-passkey.title", platform: .ios, locale: "de", english: "Passkey Can’t Be Used")),
        CatalogueEntry(
            sample: .translationStale("deleted-passkey.title", platform: .ios, english: "Passkey Can’t Be Used")),
        CatalogueEntry(sample: .translationUnsourced("deleted-passkey.title", platform: .ios)),
        CatalogueEntry(sample: .translationPlaceholders("welcome.title", platform: .ios, expected: ["%@"], found: [])),
        CatalogueEntry(
            sample: .translationTooLong(
                "passkey-failed.action.fallback", platform: .android, locale: "de", length: 30,
                budget: TextBudget(presentation: "button", lines: 1, charactersPerLine: 25), lines: 1)),
        CatalogueEntry(sample: .translationObsolete("old-scenario.title", platform: .ios, specID: "N1.4")),
    ]
}
