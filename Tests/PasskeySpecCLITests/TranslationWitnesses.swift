import Foundation
import SpecModel
import TestSupport

@testable import PasskeySpecCLI

// Witnesses of the translation messages: a translation file beside `validSpec` (spec T1, iOS
// and Android, one scenario `one` with the strings `one.title` and `one.message`), linted; and
// `l10n import` given an XLIFF document for it.

extension MessageWitnessTests {
    /// `content/page.md` (`validSpec`) with the files `extra` beside it, linted.
    static func translated(_ extra: [String: String]) -> Witness {
        var all = ["content/page.md": Array(validSpec.utf8)]
        for (name, text) in extra { all["content/" + name] = Array(text.utf8) }
        return files(all)
    }

    /// A translation of T1 into German whose iOS object holds `ios` (lines from 5 on).
    static func german(ios: String, name: String = "page.de.json") -> Witness {
        translated([name: "{\n  \"locale\": \"de\",\n  \"spec\": \"T1\",\n  \"ios\": {\n\(ios)\n  }\n}\n"])
    }

    /// `l10n import` of an XLIFF document into a copy of the project's content (its `<file>`
    /// at line 2, its first unit at line 3).
    static func imported(_ document: String) -> Witness {
        Witness { folder in
            try FileManager.default.copyItem(
                at: URL(fileURLWithPath: InProcess.content), to: folder.url.appendingPathComponent("content"))
            try folder.write("de.xliff", document)
            return WitnessOutcome(
                InProcess.run(["l10n", "import", "--xliff", "de.xliff", "content"], in: folder.url), expected: .failure)
        }
    }

    static func xliff(
        original: String = "native/login-error-states.md#ios", language: String = " target-language=\"de\"",
        units: String
    ) -> String {
        "<xliff version=\"1.2\">\n  <file original=\"\(original)\" source-language=\"en\"\(language) datatype=\"plaintext\"><body>\n"
            + units + "\n  </body></file>\n</xliff>\n"
    }

    /// T1 translated into German whole: each string its own English, with its hash.
    static func complete(locale: String) -> String {
        func string(_ key: String, _ text: String) -> String {
            "\"\(key)\": { \"text\": \"\(text)\", \"source\": \"\(Translation.sourceHash(of: text))\" }"
        }
        let strings = [string("one.title", "T"), string("one.message", "M")].joined(separator: ", ")
        return
            "{\n  \"locale\": \"\(locale)\",\n  \"spec\": \"T1\",\n  \"ios\": { \(strings) },\n  \"android\": { \(strings) }\n}\n"
    }

    static let translating: [MessageID: Witness] = [
        "translation-json": translated(["page.de.json": "{\n  \"locale\": \"de\",\n}\n"]).at(
            "content/page.de.json", line: 3),
        "translation-member-type": translated(["page.de.json": "{\n  \"locale\": \"de\",\n  \"spec\": 14\n}\n"])
            .at("content/page.de.json", line: 3),
        "translation-unknown-member": translated([
            "page.de.json": complete(locale: "de").replacingOccurrences(of: "\"ios\"", with: "\"iOS\"")
        ]).at("content/page.de.json", line: 4),
        "translation-missing-member": translated(["page.de.json": "{\n  \"spec\": \"T1\"\n}\n"])
            .at("content/page.de.json", line: 1),
        "translation-locale": translated(["page.de.json": "{\n  \"locale\": \"german\",\n  \"spec\": \"T1\"\n}\n"])
            .at("content/page.de.json", line: 2),
        "translation-file-name": translated(["page.fr.json": complete(locale: "de")]).at(
            "content/page.fr.json", line: 2),
        "translation-duplicate-member": translated([
            "page.de.json": "{\n  \"locale\": \"de\",\n  \"spec\": \"T1\",\n  \"ios\": {},\n  \"ios\": {}\n}\n"
        ]).at("content/page.de.json", line: 5),
        "translation-unsourced": german(ios: "    \"one.title\": { \"text\": \"Titel\" }").at(
            "content/page.de.json", line: 5),
        "translation-duplicate-key": german(
            ios: "    \"one.title\": { \"text\": \"A\" },\n    \"one.title\": { \"text\": \"B\" }"
        ).at("content/page.de.json", line: 6),
        "translation-unknown-spec": translated(["page.de.json": "{\n  \"locale\": \"de\",\n  \"spec\": \"T9\"\n}\n"])
            .at("content/page.de.json", line: 3),
        "translation-duplicate": translated([
            "page.de.json": "{\n  \"locale\": \"de\",\n  \"spec\": \"T1\"\n}\n",
            "zz.de.json": "{\n  \"locale\": \"de\",\n  \"spec\": \"T1\"\n}\n",
        ]).at("content/zz.de.json", line: 3),
        "translation-platform-not-in-spec": translated([
            "page.de.json": "{\n  \"locale\": \"de\",\n  \"spec\": \"T1\",\n  \"web\": {}\n}\n"
        ]).at("content/page.de.json", line: 4),
        "translation-missing": german(ios: "").at("content/page.de.json", line: 4),
        "translation-stale": german(ios: "    \"one.title\": { \"text\": \"Titel\", \"source\": \"0000000000000000\" }")
            .at("content/page.de.json", line: 5),
        "translation-placeholders": german(
            ios: "    \"one.title\": { \"text\": \"T %@\", \"source\": \"\(Translation.sourceHash(of: "T"))\" }"
        ).at("content/page.de.json", line: 5),
        "translation-too-long": german(
            ios:
                "    \"one.title\": { \"text\": \"Anmelden mit Passkey ist hier nicht möglich\", \"source\": \"\(Translation.sourceHash(of: "T"))\" }"
        ).at("content/page.de.json", line: 5),
        "translation-obsolete": german(ios: "    \"two.title\": { \"text\": \"Zwei\", \"source\": \"0\" }")
            .at("content/page.de.json", line: 5),
        "xliff-unreadable": imported("<xliff version=\"1.2\">\n</file>\n").at("de.xliff", line: 2),
        "xliff-language": imported(xliff(language: "", units: "")).at("de.xliff", line: 2),
        // The second `<file>`, into French, starts at line 4.
        "xliff-two-languages": imported(
            "<xliff version=\"1.2\">\n  <file original=\"native/login-error-states.md#ios\" target-language=\"de\"><body/></file>\n"
                + "  <!-- and then -->\n  <file original=\"native/login-error-states.md#android\" target-language=\"fr\"><body/></file>\n</xliff>\n"
        ).at("de.xliff", line: 4),
        "xliff-unknown-file": imported(xliff(original: "gone.md#ios", units: "")).at("de.xliff", line: 2),
        "xliff-unknown-key": imported(
            xliff(units: "    <trans-unit id=\"gone.title\"><source>T</source><target>Z</target></trans-unit>")
        ).at("de.xliff", line: 3),
        "xliff-source-changed": imported(
            xliff(
                units:
                    "    <trans-unit id=\"deleted-passkey.title\"><source>Passkey Cannot Be Used</source><target>Alt</target></trans-unit>"
            )
        ).at("de.xliff", line: 3),
    ]
}
