import Foundation
import TestSupport
import Testing

/// `l10n export --locale TAG` and `l10n import --xliff FILE`: the copy to translators as XLIFF
/// and back into translation files, refused whole when it no longer matches the spec.
@Suite struct L10nCommandTests {
    @Test func eachActionNeedsWhatItReads() {
        for (arguments, expected) in [
            (["l10n", InProcess.content], "[invalid-option-value]"),
            (["l10n"], "[option-required]"),
            (["l10n", "export", InProcess.content], "[option-required]"),
            (["l10n", "export", "--locale", "German", InProcess.content], "[invalid-option-value]"),
            (["l10n", "import", InProcess.content], "[option-required]"),
            (["l10n", "translate"], "[invalid-option-value]"),
        ] {
            let run = InProcess.run(arguments)
            #expect(run.status == .usage, "\(arguments)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(run.stderr.contains(expected), "\(arguments): \(run.stderr)")
        }
    }

    @Test func exportWritesTheContentsGermanAsTargetsAndImportWritesItBack() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: InProcess.content), to: folder.url.appendingPathComponent("content"))
        let export = InProcess.run(
            ["l10n", "export", "--locale", "de", "--out", "de.xliff", "content"], in: folder.url)
        #expect(export.status == .success, "\(export.stderr)")
        let document = try String(contentsOf: folder.url.appendingPathComponent("de.xliff"), encoding: .utf8)
        #expect(document.components(separatedBy: "<trans-unit ").count - 1 == 93)
        #expect(document.components(separatedBy: "<target state=\"translated\">").count - 1 == 93)
        // Without the German, the same document brings it back, byte for byte.
        let german = folder.url.appendingPathComponent("content/native/login-error-states.de.json")
        let committed = try Data(contentsOf: german)
        try FileManager.default.removeItem(at: german)
        let imported = InProcess.run(["l10n", "import", "--xliff", "de.xliff", "content"], in: folder.url)
        #expect(imported.status == .success, "\(imported.stderr)")
        #expect(imported.stderr.contains("l10n: wrote content/native/login-error-states.de.json (64 strings)"))
        #expect(try Data(contentsOf: german) == committed)
        // To standard output without --out.
        let printed = InProcess.run(["l10n", "export", "--locale", "fr", "content"], in: folder.url)
        #expect(printed.status == .success)
        #expect(printed.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff "))
        #expect(!printed.stdout.contains("<target"), "nothing is translated into French")
    }

    @Test func aDocumentThatNoLongerMatchesIsRefusedAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: InProcess.content), to: folder.url.appendingPathComponent("content"))
        _ = InProcess.run(["l10n", "export", "--locale", "de", "--out", "de.xliff", "content"], in: folder.url)
        let page = folder.url.appendingPathComponent("content/web/login-error-states.md")
        try String(contentsOf: page, encoding: .utf8).replacingOccurrences(
            of: "| Passkey sign-in didn’t work |", with: "| Passkey sign-in failed |"
        ).write(to: page, atomically: true, encoding: .utf8)
        let german = folder.url.appendingPathComponent("content/web/login-error-states.de.json")
        let before = try Data(contentsOf: german)
        let run = InProcess.run(["l10n", "import", "--xliff", "de.xliff", "content"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.stderr.contains("de.xliff:"), "\(run.stderr)")
        #expect(
            run.stderr.contains("error: the English of 'passkey-failed.title' is now “Passkey sign-in failed”"),
            "\(run.stderr)")
        #expect(run.stderr.contains("[xliff-source-changed]"))
        #expect(try Data(contentsOf: german) == before)
    }
}
