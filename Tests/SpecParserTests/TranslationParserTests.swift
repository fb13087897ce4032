import SpecModel
import Testing

@testable import SpecParser

/// Reading a translation file: its language, spec and strings with where each is written, and
/// a finding at the first mistake of each kind, with its fix where there is one.
@Suite struct TranslationParserTests {
    func read(_ text: String, path: String = "native/page.de.json") -> (Translation?, [Diagnostic]) {
        var bag = DiagnosticBag()
        let source = SourceFile.validate(Array(text.utf8), path: path, diagnostics: &bag)!
        return TranslationParser.parse(source, bytes: Array(text.utf8), relativePath: path)
    }

    static let valid = """
        {
          "locale": "de",
          "spec": "N1.4",
          "ios": {
            "deleted-passkey.title": { "text": "Passkey nicht verwendbar", "source": "0123456789abcdef" },
            "deleted-passkey.message": { "text": "Zeile \\"eins\\"\\nZeile \\u00e4 \\ud83d\\udd11", "source": "fedcba9876543210" }
          },
          "android": {}
        }

        """

    @Test func aValidFileGivesEveryStringWithItsPlace() throws {
        let (translation, diagnostics) = read(Self.valid)
        #expect(diagnostics.isEmpty)
        let read = try #require(translation)
        #expect(read.locale.rawValue == "de" && read.specID == "N1.4" && read.path == "native/page.de.json")
        #expect(read.strings.map(\.key) == ["deleted-passkey.title", "deleted-passkey.message"])
        #expect(read.strings[1].text == "Zeile \"eins\"\nZeile ä 🔑")
        #expect(read.strings[0].sourceHash == "0123456789abcdef")
        // The text's span: its JSON string, quotes included, in bytes from column 1.
        let title = read.strings[0]
        #expect(title.textSpan.start.line == 5 && title.textSpan.start.column == 40)
        #expect(title.textSpan.endColumn - title.textSpan.start.column == "\"Passkey nicht verwendbar\"".utf8.count)
        #expect(title.keySpan.start.column == 5)
        #expect(read.specSpan.start.line == 3)
        #expect(read.platformSpans[.ios]?.start.line == 4 && read.platformSpans[.android]?.start.line == 8)
        #expect(read.string("deleted-passkey.title", on: .ios)?.text == "Passkey nicht verwendbar")
        #expect(read.string("deleted-passkey.title", on: .android) == nil)
    }

    @Test func textThatIsNotJSONIsOneFindingWhereItBreaks() {
        for (text, line, column, expected) in [
            ("{\n  \"locale\": \"de\",\n}\n", 3, 1, "a member name in double quotes"),
            ("{\n  \"locale\": \"de\" \"spec\": \"x\"\n}\n", 2, 18, "',' or '}'"),
            ("{\n  \"locale\": \"d\te\"\n}\n", 2, 15, "a control character written as an escape"),
            ("{ \"a\": tru }", 1, 8, "a value"),
            ("{} {}", 1, 4, "the end of the file"),
            ("{ \"a\": \"\\x\" }", 1, 9, "an escape such as '\\n' or '\\u00e9'"),
        ] {
            let (translation, diagnostics) = read(text)
            #expect(translation == nil)
            #expect(diagnostics.map(\.id) == ["translation-json"], "\(text)")
            #expect(
                diagnostics.first?.location.line == line && diagnostics.first?.location.column == column,
                "\(text): \(diagnostics)")
            #expect(diagnostics.first?.message.text.contains("expected \(expected)") == true, "\(diagnostics)")
        }
    }

    @Test func eachMistakeOfShapeIsReportedWhereItIsWithItsFix() throws {
        let text = """
            {
              "locale": "de",
              "spec": 14,
              "iOS": {},
              "android": { "a.title": "Titel", "b.title": { "text": "T" }, "b.title": { "text": "U" } },
              "web": []
            }

            """
        let (translation, diagnostics) = read(text)
        #expect(translation == nil)
        let found = diagnostics.map { "\($0.id.rawValue) \($0.location.line):\($0.location.column)" }
        #expect(
            found == [
                "translation-member-type 3:11", "translation-unknown-member 4:3", "translation-member-type 5:27",
                "translation-duplicate-key 5:64", "translation-member-type 6:10",
            ], "\(diagnostics.map(\.description))")
        let platform = try #require(diagnostics.first { $0.id == "translation-unknown-member" })
        #expect(platform.fixIts.first?.edits.map(\.replacement) == ["\"ios\""])
    }

    @Test func theLanguageIsATagAndTheFileNameSaysTheSame() throws {
        let wrong = read(Self.valid.replacingOccurrences(of: "\"de\"", with: "\"german\""))
        #expect(wrong.1.map(\.id) == ["translation-locale"] && wrong.0 == nil)
        let other = read(Self.valid, path: "native/page.fr.json")
        #expect(other.1.map(\.id) == ["translation-file-name"] && other.0 == nil)
        let fix = try #require(other.1.first?.fixIts.first)
        #expect(fix.edits.map(\.replacement) == ["\"fr\""])
        // The case of a tag does not matter: `DE` is `de`.
        #expect(read(Self.valid.replacingOccurrences(of: "\"de\"", with: "\"DE\"")).1.isEmpty)
        let missing = read("{\n  \"ios\": {}\n}\n")
        #expect(missing.1.map(\.id) == ["translation-missing-member", "translation-missing-member"])
        #expect(
            missing.1.map(\.message.text) == ["translation file has no 'locale'", "translation file has no 'spec'"])
    }

    @Test func aTranslationFileIsNamedAfterItsPageAndALanguage() {
        #expect(TranslationParser.localeInFileName("login-error-states.de.json") == "de")
        #expect(TranslationParser.localeInFileName("login-error-states.pt-BR.json") == "pt-BR")
        #expect(TranslationParser.localeInFileName("login.sr-Latn.json") == "sr-Latn")
        for name in [
            "login-error-states.json", "de.json", "page.md", "page.german.json", "page.de.json.bak", ".de.json",
        ] {
            #expect(TranslationParser.localeInFileName(name) == nil, "\(name)")
        }
    }

    @Test func placeholdersAreFoundInEverySyntax() {
        #expect(TranslationParser.placeholders(in: "Hallo %@, du hast %lld Passkeys") == ["%@", "%lld"])
        #expect(TranslationParser.placeholders(in: "%2$s und %1$s") == ["%2$s", "%1$s"])
        #expect(TranslationParser.placeholders(in: "Hallo {name}") == ["{name}"])
        #expect(TranslationParser.placeholders(in: "Keine") == [])
    }
}
