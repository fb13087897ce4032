import Exports
import Foundation
import SpecModel
import SpecParser
import TestSupport
import Testing

@testable import Pipeline

/// Translation files beside the specs: read by the source store with the pages, compared with
/// their spec's English by the `translations` rule (at the translation file's line), written
/// into every localized export by `build`, and to and from XLIFF by `l10n`.
@Suite struct TranslationTests {
    /// A copy of the content (with its German) whose files `edit` changes, by path under it.
    func content(_ edits: [String: (String) -> String] = [:]) throws -> (TemporaryFolder, Pipeline) {
        let folder = try TemporaryFolder()
        try copyContent(into: folder)
        for (name, edit) in edits {
            let path = folder.url.appendingPathComponent("content/" + name)
            let text = (try? String(contentsOf: path, encoding: .utf8)) ?? ""
            try edit(text).write(to: path, atomically: true, encoding: .utf8)
        }
        return (folder, pipeline(folder, in: folder.url, roots: ["content"]))
    }

    static let nativeGerman = "native/login-error-states.de.json"
    static let webGerman = "web/login-error-states.de.json"

    /// The 1-based line of the first line of `text` holding `target`.
    func line(of target: String, in text: String) throws -> Int {
        let index = try #require(text.components(separatedBy: "\n").firstIndex { $0.contains(target) })
        return index + 1
    }

    @Test func theContentsGermanIsCompleteAndCurrent() throws {
        let (folder, pipeline) = try content()
        let result = withExtendedLifetime(folder) { pipeline.lint() }
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        #expect(result.content.locales.map(\.rawValue) == ["de"])
        #expect(result.content.translations.map(\.specID).sorted() == ["N1.4", "W1.4"])
        // Every English string of every platform has its German.
        let strings = result.content.translations.map(\.strings.count).reduce(0, +)
        let english = result.content.specs.flatMap { spec in
            spec.platforms.flatMap { platform in
                spec.scenarios.flatMap { $0.copy(for: platform)?.strings ?? [] }.filter { $0.text != nil }
            }
        }
        #expect(strings == english.count && strings == 93)
    }

    @Test func changingOneEnglishMessageMarksExactlyThatKeyStaleInEveryLocale() throws {
        // A second language, French, translated from the same English as the German (its words
        // do not matter here): then one English message changes.
        let folder = try TemporaryFolder()
        try copyContent(into: folder)
        let german = folder.url.appendingPathComponent("content/" + Self.nativeGerman)
        let french = try String(contentsOf: german, encoding: .utf8).replacingOccurrences(
            of: "\"locale\": \"de\"", with: "\"locale\": \"fr\"")
        try french.write(
            to: folder.url.appendingPathComponent("content/native/login-error-states.fr.json"), atomically: true,
            encoding: .utf8)
        let page = folder.url.appendingPathComponent("content/native/login-error-states.md")
        let old = "Your sign-in options couldn’t be checked because of a network or server problem."
        let text = try String(contentsOf: page, encoding: .utf8)
        let occurrences = text.components(separatedBy: old).count - 1
        try #require(occurrences >= 1, "the native page no longer says '\(old)'")
        try text.replacingOccurrences(of: old, with: "A network or server problem stopped the check.").write(
            to: page, atomically: true, encoding: .utf8)
        let result = pipeline(folder, in: folder.url, roots: ["content"]).lint()
        let stale = result.diagnostics.filter { $0.id == "translation-stale" }
        #expect(
            result.diagnostics.allSatisfy { $0.id == "translation-stale" }, "\(result.diagnostics.map(\.description))")
        #expect(!result.hasErrors)
        // Each locale has one finding for each string that said it (one per platform), and only those.
        let byFile = Dictionary(grouping: stale, by: { $0.location.file })
        #expect(
            Set(byFile.keys) == [
                "content/native/login-error-states.de.json", "content/native/login-error-states.fr.json",
            ])
        for (file, findings) in byFile {
            let lines = try String(contentsOf: folder.url.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
            let keys = findings.map { lines[$0.location.line - 1].split(separator: "\"")[1] }
            #expect(Set(keys) == ["lookup-failed.message"], "\(file): \(keys)")
            #expect(findings.count == occurrences, "\(file)")
        }
        // With --strict, they are errors.
        let strict = pipeline(folder, in: folder.url, roots: ["content"], strict: true).lint()
        #expect(strict.errors.count == stale.count)
    }

    @Test func aTranslationIsComparedWithItsSpecAtTheTranslationFilesLines() throws {
        let (folder, pipeline) = try content([
            Self.nativeGerman: { text in
                text.replacingOccurrences(of: "\"Support kontaktieren\"", with: "\"Support %@ kontaktieren\"")
                    .replacingOccurrences(of: "\"lookup-failed.title\"", with: "\"lookup-failed.titel\"")
            }
        ])
        let result = withExtendedLifetime(folder) { pipeline.lint() }
        let file = "content/" + Self.nativeGerman
        let text = try String(contentsOf: folder.url.appendingPathComponent(file), encoding: .utf8)
        let found = result.diagnostics.map { "\($0.id.rawValue) \($0.location.file):\($0.location.line)" }.sorted()
        let iosLine = try line(of: "\"ios\": {", in: text)
        let androidLine = try line(of: "\"android\": {", in: text)
        let placeholders = text.components(separatedBy: "\n").enumerated().filter {
            $0.element.contains("Support %@ kontaktieren")
        }.map { "translation-placeholders \(file):\($0.offset + 1)" }
        let renamed = text.components(separatedBy: "\n").enumerated().filter {
            $0.element.contains("lookup-failed.titel")
        }
        .map { $0.offset + 1 }
        #expect(placeholders.count == 2 && renamed.count == 2)
        let expected =
            (placeholders + [
                "translation-missing \(file):\(iosLine)", "translation-missing \(file):\(androidLine)",
                "translation-obsolete \(file):\(renamed[0])", "translation-obsolete \(file):\(renamed[1])",
            ]).sorted()
        #expect(found == expected)
        #expect(result.errors.map(\.id) == ["translation-placeholders", "translation-placeholders"])
        let missing = try #require(result.diagnostics.first { $0.id == "translation-missing" })
        #expect(missing.message.text.contains("“Unable to Check Sign-In Options”"), "\(missing.message.text)")
    }

    @Test func aTranslationOfNoSpecOrOfASpecTwiceIsAnError() throws {
        let (folder, pipeline) = try content([
            "native/login-error-states.fr.json": { _ in "{\n  \"locale\": \"fr\",\n  \"spec\": \"N9.9\"\n}\n" },
            "native/other.de.json": { _ in "{\n  \"locale\": \"de\",\n  \"spec\": \"N1.4\"\n}\n" },
            "web/login-error-states.fr.json": { _ in
                "{\n  \"locale\": \"fr\",\n  \"spec\": \"W1.4\",\n  \"ios\": {}\n}\n"
            },
        ])
        let result = withExtendedLifetime(folder) { pipeline.lint() }
        let errors = result.errors.map { "\($0.id.rawValue) \($0.location.file):\($0.location.line)" }.sorted()
        #expect(
            errors == [
                "translation-duplicate content/native/other.de.json:3",
                "translation-platform-not-in-spec content/web/login-error-states.fr.json:4",
                "translation-unknown-spec content/native/login-error-states.fr.json:3",
            ])
        let duplicate = try #require(result.errors.first { $0.id == "translation-duplicate" })
        #expect(duplicate.notes.first?.span.file == "content/native/login-error-states.de.json")
    }

    @Test func anIncrementalBuildSeesAnEditedTranslationAndKeepsItsFindings() throws {
        let (folder, pipeline) = try content()
        let site = folder.url.appendingPathComponent("site").path
        let first = pipeline.build(into: site)
        #expect(first.passed, "\(first.diagnostics.map(\.description))")
        let strings = folder.url.appendingPathComponent("site/exports/ios/de.lproj/Localizable.strings")
        #expect(try String(contentsOf: strings, encoding: .utf8).contains("\"Passkey nicht verwendbar\""))
        // Only the translation changes: the next build writes it into the exports.
        let german = folder.url.appendingPathComponent("content/" + Self.nativeGerman)
        try String(contentsOf: german, encoding: .utf8).replacingOccurrences(
            of: "\"Passkey nicht verwendbar\"", with: "\"Passkey kann nicht verwendet werden\""
        ).write(to: german, atomically: true, encoding: .utf8)
        let second = pipeline.build(into: site)
        #expect(second.passed)
        #expect(try String(contentsOf: strings, encoding: .utf8).contains("\"Passkey kann nicht verwendet werden\""))
        // A stale string found by one build is found by the next, which reads nothing again.
        let page = folder.url.appendingPathComponent("content/web/login-error-states.md")
        try String(contentsOf: page, encoding: .utf8).replacingOccurrences(
            of: "| Passkey sign-in didn’t work |", with: "| Passkey sign-in failed |"
        ).write(to: page, atomically: true, encoding: .utf8)
        let third = pipeline.build(into: site)
        let fourth = pipeline.build(into: site)
        #expect(third.diagnostics.map(\.id).contains("translation-stale"), "\(third.diagnostics.map(\.description))")
        #expect(fourth.diagnostics.map(\.description) == third.diagnostics.map(\.description))
    }

    @Test func anXLIFFRoundTripGivesTheCommittedGermanExports() throws {
        // The published document has the German as its targets: imported into a copy of the
        // content without its German, then built, it gives the committed German exports.
        let folder = try TemporaryFolder()
        try copyContent(into: folder)
        for file in [Self.nativeGerman, Self.webGerman] {
            try FileManager.default.removeItem(at: folder.url.appendingPathComponent("content/" + file))
        }
        let document = try Data(contentsOf: packageRoot.appendingPathComponent("site/exports/l10n/de.xliff"))
        let pipeline = pipeline(folder, in: folder.url, roots: ["content"])
        let (result, files) = pipeline.importXLIFF(document, path: "de.xliff")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let written = try #require(files)
        #expect(written.map(\.path).sorted() == ["content/" + Self.nativeGerman, "content/" + Self.webGerman])
        #expect(pipeline.write(written) == nil)
        for file in [Self.nativeGerman, Self.webGerman] {
            let imported = try String(contentsOf: folder.url.appendingPathComponent("content/" + file), encoding: .utf8)
            let committed = try String(
                contentsOf: packageRoot.appendingPathComponent("content/" + file), encoding: .utf8)
            #expect(imported == committed, "\(file)")
        }
        #expect(pipeline.build(into: folder.url.appendingPathComponent("site").path).passed)
        for path in [
            "exports/ios/de.lproj/Localizable.strings", "exports/android/res/values-de/strings.xml",
            "exports/web/messages.de.json", "exports/Localizable.xcstrings", "exports/l10n/de.xliff",
        ] {
            let built = try Data(contentsOf: folder.url.appendingPathComponent("site/" + path))
            let committed = try Data(contentsOf: packageRoot.appendingPathComponent("site/" + path))
            #expect(built == committed, "\(path)")
        }
    }

    @Test func anImportWhoseEnglishChangedIsRefusedWholeAtTheUnitsLine() throws {
        let folder = try TemporaryFolder()
        try copyContent(into: folder)
        let pipeline = pipeline(folder, in: folder.url, roots: ["content"])
        let (_, exported) = pipeline.xliff(locale: try #require(LocaleTag(rawValue: "de")))
        var document = String(decoding: try #require(exported), as: UTF8.self)
        document = document.replacingOccurrences(
            of: "<source>Passkey Can’t Be Used</source>", with: "<source>Passkey Cannot Be Used</source>")
        document = document.replacingOccurrences(
            of: "original=\"web/login-error-states.md#web\"", with: "original=\"web/old.md#web\"")
        let (result, files) = pipeline.importXLIFF(Data(document.utf8), path: "de.xliff")
        #expect(files == nil)
        let lines = document.components(separatedBy: "\n")
        // Each unit whose source changed (the title of two scenarios) is reported at its
        // `<trans-unit>`, the line before its source.
        let units = lines.indices.filter { lines[$0].contains("Passkey Cannot Be Used") }.map {
            "xliff-source-changed de.xliff:\($0)"
        }
        let file = try #require(lines.firstIndex { $0.contains("web/old.md#web") }) + 1
        let found = result.diagnostics.map { "\($0.id.rawValue) \($0.location.file):\($0.location.line)" }.sorted()
        #expect(units.count == 2)
        #expect(found == (units + ["xliff-unknown-file de.xliff:\(file)"]).sorted())
        // Nothing was written: the German files are the committed ones.
        let german = try String(
            contentsOf: folder.url.appendingPathComponent("content/" + Self.nativeGerman), encoding: .utf8)
        #expect(
            german
                == (try String(
                    contentsOf: packageRoot.appendingPathComponent("content/" + Self.nativeGerman), encoding: .utf8)))
    }

    @Test func theSiteDrawsTheScreensInEveryLanguageAndCountsEachTranslation() throws {
        let (folder, pipeline) = try content([
            Self.nativeGerman: { text in
                // One Android string left out, one translated from older English.
                let lines = text.components(separatedBy: "\n")
                let android = lines.firstIndex { $0.contains("\"android\": {") }!
                var kept = lines.enumerated().filter { $0.offset != android + 1 }.map(\.element)
                let stale = kept.lastIndex { $0.contains("\"lookup-failed.message\"") }!
                kept[stale] = kept[stale].replacingOccurrences(of: "\"source\": \"", with: "\"source\": \"0")
                return kept.joined(separator: "\n")
            }
        ])
        let site = folder.url.appendingPathComponent("site")
        #expect(pipeline.build(into: site.path).errors.isEmpty)
        let german = try String(
            contentsOf: site.appendingPathComponent("native/login-error-states/screens.de.html"), encoding: .utf8)
        #expect(german.contains(" lang=\"de\">"))
        #expect(german.contains("<p class=\"notice-title\">Passkey nicht verwendbar</p>"))
        let mirrored = try String(
            contentsOf: site.appendingPathComponent("native/login-error-states/screens.ar-XB.html"), encoding: .utf8)
        #expect(mirrored.contains(" lang=\"ar-XB\" dir=\"rtl\">"))
        let english = try String(
            contentsOf: site.appendingPathComponent("native/login-error-states/screens.html"), encoding: .utf8)
        let rows = english.components(separatedBy: "<tr").filter { $0.contains("<th scope=\"row\"><code>de</code>") }
        #expect(rows.count == 2)
        #expect(rows.first?.contains("<td>iOS</td><td>32 of 32</td><td>0</td><td>0</td>") == true, "\(rows)")
        #expect(rows.last?.contains("<td>Android</td><td>30 of 32</td><td>1</td><td>1</td>") == true, "\(rows)")
        #expect(english.contains("hreflang=\"en-XA\">en-XA (pseudo-locale)</a>"))
        // The spec page's copy tables hold the German beside the English, for its language
        // switch to show: current, stale or not translated.
        let spec = try String(
            contentsOf: site.appendingPathComponent("native/login-error-states.html"), encoding: .utf8)
        #expect(spec.contains("<input type=\"radio\" name=\"copy-language\" value=\"de\">"))
        #expect(
            spec.contains(
                "<span class=\"copy-text\" data-language=\"de\" lang=\"de\" hidden>Passkey nicht verwendbar</span>"))
        let cells = spec.components(separatedBy: "<td id=")
        let stale = cells.filter {
            $0.contains("data-language=\"de\"") && $0.contains("<span class=\"stale\">(stale)</span>")
        }
        #expect(
            stale.count == 1 && stale.first?.hasPrefix("\"copy-lookup-failed.message-android\"") == true, "\(stale)")
        let untranslated = cells.filter { $0.contains("<span class=\"untranslated\">not translated</span>") }
        #expect(
            untranslated.count == 1
                && untranslated.first?.hasPrefix("\"copy-account-cannot-continue.title-android\"") == true,
            "\(untranslated)")
    }

    @Test func aTranslationLongerThanItsPresentationHasRoomForIsAWarningAtItsText() throws {
        // An Android button has room for 25 characters; an iOS alert title for one line of
        // about 28, or as many lines as its English takes.
        let (folder, german) = try content([
            Self.nativeGerman: { text in
                text.replacingOccurrences(
                    of: "\"Konto wiederherstellen\"", with: "\"Dein Konto wiederherstellen lassen\""
                )
                .replacingOccurrences(
                    of: "\"Keine Anmeldung mit Passkey\"", with: "\"Anmelden mit Passkey nicht möglich\"")
            }
        ])
        let result = withExtendedLifetime(folder) { german.lint() }
        let file = "content/" + Self.nativeGerman
        let text = try String(contentsOf: folder.url.appendingPathComponent(file), encoding: .utf8)
        let found = result.diagnostics.map { "\($0.id.rawValue) \($0.location.file):\($0.location.line)" }
        #expect(
            found.sorted()
                == [
                    "translation-too-long \(file):\(try line(of: "Anmelden mit Passkey nicht möglich", in: text))",
                    "translation-too-long \(file):\(try line(of: "Dein Konto wiederherstellen lassen", in: text))",
                ].sorted(), "\(result.diagnostics.map(\.description))")
        #expect(!result.hasErrors)
        let messages = result.diagnostics.map(\.message.text).sorted()
        #expect(
            messages == [
                "the 'de' Android button 'account-cannot-continue.action.recovery' is 34 characters long; it has room for about 25 characters on one line: shorten it",
                "the 'de' iOS alert title 'account-cannot-continue.title' is 34 characters long; it has room for about 28 characters on one line: shorten it",
            ])
        // The German iOS title of lookup-failed takes two lines (40 characters), as its English
        // does (31): not reported. With --strict, the two are errors.
        #expect(text.contains("\"Prüfen der Anmeldeoptionen nicht möglich\""))
        let strict = withExtendedLifetime(folder) {
            pipeline(folder, in: folder.url, roots: ["content"], strict: true).lint()
        }
        #expect(strict.errors.map(\.id) == ["translation-too-long", "translation-too-long"])
    }

    @Test func unnumberedPlaceholdersMustKeepTheEnglishsOrder() {
        #expect(TranslationFindings.unnumberedOrderDiffers(["%d", "%@"], ["%@", "%d"]))
        #expect(TranslationFindings.unnumberedOrderDiffers(["%d", "%1$@"], ["%1$@", "%d"]))
        #expect(!TranslationFindings.unnumberedOrderDiffers(["%2$d", "%1$@"], ["%1$@", "%2$d"]))
        #expect(!TranslationFindings.unnumberedOrderDiffers(["{count}", "{name}"], ["{name}", "{count}"]))
        #expect(!TranslationFindings.unnumberedOrderDiffers(["%@", "%@"], ["%@", "%@"]))
        #expect(
            Message.translationPlaceholders(
                "welcome.message", platform: .ios, expected: ["%@", "%d"], found: ["%d", "%@"]
            ).text
                == "the iOS string 'welcome.message' has '%d', '%@' in another order than its English ('%@', '%d'); number them in both to reorder them"
        )
    }
}
