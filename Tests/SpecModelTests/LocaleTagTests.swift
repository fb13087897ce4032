import SpecModel
import Testing

/// BCP 47 language tags as translations name their language, and what the platforms make of them.
@Suite struct LocaleTagTests {
    @Test func wellFormedTagsAreReadInTheirCanonicalCase() {
        #expect(LocaleTag(rawValue: "de")?.rawValue == "de")
        #expect(LocaleTag(rawValue: "PT-br")?.rawValue == "pt-BR")
        #expect(LocaleTag(rawValue: "sr-latn-rs")?.rawValue == "sr-Latn-RS")
        #expect(LocaleTag(rawValue: "es-419")?.region == "419")
        #expect(LocaleTag(rawValue: "de-CH-1996")?.variants == ["1996"])
        for broken in ["", "german", "d", "de_DE", "de-", "-de", "de-C", "de--CH", "en-US-x-twain", "1de"] {
            #expect(LocaleTag(rawValue: broken) == nil, "\(broken)")
        }
    }

    @Test func androidQualifiersAreTheResourceFoldersOwnForm() {
        // As "Support different languages and cultures" gives them: `values-pt-rBR`, and the
        // BCP 47 form `b+sr+Latn` for a script.
        #expect(LocaleTag(rawValue: "de")?.androidQualifier == "de")
        #expect(LocaleTag(rawValue: "pt-BR")?.androidQualifier == "pt-rBR")
        #expect(LocaleTag(rawValue: "en-XA")?.androidQualifier == "en-rXA")
        #expect(LocaleTag(rawValue: "sr-Latn")?.androidQualifier == "b+sr+Latn")
        #expect(LocaleTag(rawValue: "es-419")?.androidQualifier == "es-r419")
    }

    @Test func rightToLeftLanguagesAreKnownByLanguageOrScript() {
        #expect(LocaleTag(rawValue: "ar")?.isRightToLeft == true)
        #expect(LocaleTag(rawValue: "he-IL")?.isRightToLeft == true)
        #expect(LocaleTag(rawValue: "ar-XB")?.isRightToLeft == true)
        #expect(LocaleTag(rawValue: "de")?.isRightToLeft == false)
        #expect(LocaleTag(rawValue: "az-Arab")?.isRightToLeft == true)
        #expect(LocaleTag(rawValue: "az-Latn")?.isRightToLeft == false)
    }

    @Test func theSourceHashIsStableAcrossRuns() {
        // FNV-1a, 64 bits, of the UTF-8 bytes: the offset basis for no bytes.
        #expect(Translation.sourceHash(of: "") == "cbf29ce484222325")
        #expect(Translation.sourceHash(of: "a") == "af63dc4c8601ec8c")
        #expect(
            Translation.sourceHash(of: "Passkey Can’t Be Used") != Translation.sourceHash(of: "Passkey Can't Be Used"))
    }
}
