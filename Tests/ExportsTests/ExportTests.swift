import Foundation
import SpecModel
import SpecParser
import Testing

@testable import Exports

/// A one-scenario spec whose copy cells are `ios` and `android`.
func content(ios: String, android: String, title: String = "Hostile copy") throws -> ContentSet {
    let text = """
        # Exports
        <!-- spec: E1 flow: passkey-login platforms: ios, android -->

        ## Scenarios
        <!-- section: scenarios kind: scenarios -->

        ### \(title)
        <!-- scenario: hostile-copy -->

        Copy that needs escaping.

        | | iOS | Android |
        | --- | --- | --- |
        | Trigger | `A` | `B` |
        | Title | \(ios) | \(android) |
        | Message | None | None |
        | Action `retry` | Try Again | Try again |

        """
    var bag = DiagnosticBag()
    let source = try #require(SourceFile.validate(Array(text.utf8), path: "e.md", diagnostics: &bag))
    guard case .spec(let spec) = PageParser.parse(source, relativePath: "e.md").0 else {
        Issue.record("not a spec")
        return ContentSet()
    }
    return ContentSet(specs: [spec])
}

let hostile = "It's \"50%\" <off> & more 🔑 مرحبا"

@Suite struct AndroidStringsTests {
    @Test func escapesForAndroidsResourceCompiler() {
        #expect(AndroidStrings.escape("It's") == "It\\'s")
        #expect(AndroidStrings.escape("say \"hi\"") == "say \\\"hi\\\"")
        #expect(AndroidStrings.escape("@string/x") == "\\@string/x")
        #expect(AndroidStrings.escape("?attr") == "\\?attr")
        #expect(AndroidStrings.escape("a@b?c") == "a@b?c", "only a leading @ or ? is special")
        #expect(AndroidStrings.escape("<b> & c") == "&lt;b&gt; &amp; c")
        #expect(AndroidStrings.escape("back\\slash") == "back\\\\slash")
        #expect(AndroidStrings.escape("can’t 🔑 مرحبا") == "can’t 🔑 مرحبا")
    }

    @Test func resourceNamesAreValidAndledByALetter() {
        #expect(
            AndroidStrings.resourceName("deleted-passkey.action.another-passkey")
                == "deleted_passkey_action_another_passkey")
        #expect(AndroidStrings.resourceName("2fa-failed.title") == "s_2fa_failed_title")
    }

    @Test func aPercentSignMarksTheStringAsNotFormatted() throws {
        let xml = String(
            decoding: AndroidStrings.encode(try content(ios: "x", android: hostile), platform: .android), as: UTF8.self)
        #expect(
            xml.contains(
                "<string name=\"hostile_copy_title\" formatted=\"false\">It\\'s \\\"50%\\\" &lt;off&gt; &amp; more 🔑 مرحبا</string>"
            ))
        #expect(xml.contains("<string name=\"hostile_copy_action_retry\">Try again</string>"))
        #expect(!xml.contains("hostile_copy_message"), "'None' is not a string")
        #expect(xml.contains("<!-- Hostile copy (hostile-copy) -->"))
    }
}

@Suite struct AppleStringsTests {
    @Test func theStringsFileEscapesQuotesAndBackslashes() throws {
        let strings = String(
            decoding: LocalizableStrings.encode(try content(ios: hostile + " \\", android: "x"), platform: .ios),
            as: UTF8.self)
        #expect(strings.contains("\"hostile-copy.title\" = \"It's \\\"50%\\\" <off> & more 🔑 مرحبا \\\\\";"))
        #expect(strings.contains("/* Hostile copy (hostile-copy): title of the alert */"))
    }

    @Test func theCatalogKeepsTheExactWords() throws {
        let data = try StringCatalog.encode(try content(ios: hostile, android: "x"), platform: .ios)
        let catalog = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(catalog["sourceLanguage"] as? String == "en")
        #expect(catalog["version"] as? String == "1.0")
        let strings = try #require(catalog["strings"] as? [String: [String: Any]])
        #expect(Set(strings.keys) == ["hostile-copy.title", "hostile-copy.action.retry"])
        let title = try #require(strings["hostile-copy.title"])
        #expect(title["extractionState"] as? String == "manual")
        #expect(title["comment"] as? String == "Hostile copy (hostile-copy): title of the alert")
        let unit =
            (((title["localizations"] as? [String: Any])?["en"] as? [String: Any])?["stringUnit"] as? [String: String])
        #expect(unit == ["state": "translated", "value": hostile])
    }
}

@Suite struct ExportKeyTests {
    @Test func keysDoNotChangeWhenTheTitleIsReworded() throws {
        let before = try content(ios: "Old Words", android: "old words", title: "Hostile copy")
        let after = try content(ios: "New Words", android: "new words", title: "A completely new heading")
        for format in [ExportFormat.xcstrings, .strings, .androidXML] {
            let old = String(decoding: try format.data(content: before, report: nil), as: UTF8.self)
            let new = String(decoding: try format.data(content: after, report: nil), as: UTF8.self)
            let keys = { (text: String) in
                text.split(separator: "\n").compactMap { line -> String? in
                    guard let start = line.range(of: "hostile") else { return nil }
                    return String(line[start.lowerBound...].prefix { $0 != "\"" })
                }.filter { !$0.contains(" ") }
            }
            #expect(!keys(old).isEmpty)
            #expect(keys(old) == keys(new), "\(format.rawValue)")
        }
    }

    @Test func junitAndReportNeedARun() throws {
        #expect(throws: ExportFormat.MissingRun.self) {
            try ExportFormat.junit.data(content: ContentSet(), report: nil)
        }
    }
}
