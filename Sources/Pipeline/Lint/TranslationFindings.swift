import SpecModel
import SpecParser

/// The `translations` rule over the records of the pages in scope: each translation file
/// compared with the English of the spec it names. A translation file with errors of its own,
/// or whose spec's page does not read without errors, is not compared: those errors are the
/// one message the writer needs, and once fixed the comparison runs.
enum TranslationFindings {
    static func findings(in pages: [PageRecord]) -> [Diagnostic] {
        var specs: [String: PageRecord] = [:]
        for page in pages where page.kind == .spec {
            if let copy = page.copy, specs[copy.specID] == nil { specs[copy.specID] = page }
        }
        var found: [Diagnostic] = []
        // The translations of each spec into each language; the one named after its spec's
        // page counts, and any other is the duplicate.
        var byPair: [String: [PageRecord]] = [:]
        var order: [String] = []
        for page in pages where page.kind == .translation {
            guard let translation = page.copy, let locale = translation.locale else { continue }
            guard specs[translation.specID] != nil else {
                found.append(
                    Diagnostic(
                        .translationUnknownSpec(translation.specID),
                        at: translation.specSpan ?? SourceSpan(at: translation.start)))
                continue
            }
            let pair = translation.specID + "\u{0}" + locale
            if byPair[pair] == nil { order.append(pair) }
            byPair[pair, default: []].append(page)
        }
        for pair in order {
            let translations = byPair[pair]!
            let spec = specs[translations[0].copy!.specID]!
            let locale = translations[0].copy!.locale!
            let named = spec.path.hasSuffix(".md") ? String(spec.path.dropLast(3)) + "." + locale + ".json" : ""
            let counted = translations.first { $0.path == named } ?? translations[0]
            for other in translations where other !== counted {
                let copy = other.copy!
                found.append(
                    Diagnostic(
                        .translationDuplicate(specID: copy.specID, locale: locale, first: counted.relativePath),
                        at: copy.specSpan ?? SourceSpan(at: copy.start),
                        notes: [
                            .otherTranslation(
                                of: copy.specID, into: locale,
                                at: counted.copy!.specSpan ?? SourceSpan(at: counted.copy!.start))
                        ]))
            }
            guard !counted.hasErrors, let english = spec.copy, !english.readWithErrors else { continue }
            found += compare(counted.copy!, locale: locale, with: english)
        }
        return found
    }

    /// One translation against its spec's English, platform by platform in the spec's order.
    private static func compare(_ translation: CopyFacts, locale: String, with spec: CopyFacts) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for platformID in translation.platforms where !spec.platforms.contains(platformID) {
            guard let platform = Platform(rawValue: platformID) else { continue }
            let at = translation.platformSpans[platformID] ?? SourceSpan(at: translation.start)
            found.append(Diagnostic(.translationPlatformNotInSpec(platform, specID: spec.specID), at: at))
        }
        var translated: [String: CopyFacts.Fact] = [:]
        for fact in translation.facts { translated[fact.platform + "\u{0}" + fact.key] = fact }
        var english: Set<String> = []
        for fact in spec.facts {
            guard let platform = Platform(rawValue: fact.platform) else { continue }
            english.insert(fact.platform + "\u{0}" + fact.key)
            guard let string = translated[fact.platform + "\u{0}" + fact.key] else {
                // Where the string would go: the platform's object, or the file's start.
                let at = translation.platformSpans[fact.platform] ?? SourceSpan(at: translation.start)
                found.append(
                    Diagnostic(
                        .translationMissing(fact.key, platform: platform, locale: locale, english: fact.text), at: at))
                continue
            }
            let textSpan = string.textSpan ?? SourceSpan(at: translation.start)
            // Other placeholders, or unnumbered ones moved: the message says which.
            if string.placeholders.sorted() != fact.placeholders.sorted()
                || Self.unnumberedOrderDiffers(string.placeholders, fact.placeholders)
            {
                found.append(
                    Diagnostic(
                        .translationPlaceholders(
                            fact.key, platform: platform, expected: fact.placeholders, found: string.placeholders),
                        at: textSpan))
            }
            // A translation may take the room its presentation has, or as much as its English
            // takes where that is more: the English's own length is a matter for its page.
            if let budget = platform.copyConventions.budget(ofKey: fact.key) {
                let room = max(budget.lines, budget.lines(of: fact.text))
                if budget.lines(of: string.text) > room {
                    found.append(
                        Diagnostic(
                            .translationTooLong(
                                fact.key, platform: platform, locale: locale, length: string.text.count,
                                budget: budget, lines: room),
                            at: textSpan))
                }
            }
            // The fix, once the text says what the English says now: the hash of that English.
            let hash = "\"\(fact.sourceHash)\""
            if let sourceSpan = string.sourceSpan {
                if string.sourceHash != fact.sourceHash {
                    found.append(
                        Diagnostic(
                            .translationStale(fact.key, platform: platform, english: fact.text), at: textSpan,
                            fixIts: [.replace(sourceSpan, with: hash, title: "Mark as translated from the English now")]
                        ))
                }
            } else {
                let end = SourceLocation(file: textSpan.file, line: textSpan.endLine, column: textSpan.endColumn)
                found.append(
                    Diagnostic(
                        .translationUnsourced(fact.key, platform: platform), at: textSpan,
                        fixIts: [
                            .insert(", \"source\": \(hash)", at: end, title: "Mark as translated from the English now")
                        ]))
            }
        }
        for fact in translation.facts where !english.contains(fact.platform + "\u{0}" + fact.key) {
            guard let platform = Platform(rawValue: fact.platform), spec.platforms.contains(fact.platform) else {
                continue
            }
            found.append(
                Diagnostic(
                    .translationObsolete(fact.key, platform: platform, specID: spec.specID),
                    at: fact.keySpan ?? SourceSpan(at: translation.start)))
        }
        return found
    }

    /// Whether the same placeholders stand in another order with an unnumbered one among those
    /// that moved: numbered ones (`%2$@`, `{name}`) say which value they take, unnumbered ones
    /// (`%@`, `%d`) take the next.
    static func unnumberedOrderDiffers(_ translated: [String], _ english: [String]) -> Bool {
        zip(translated, english).contains { pair in
            pair.0 != pair.1 && [pair.0, pair.1].contains { $0.hasPrefix("%") && !$0.contains("$") }
        }
    }
}
