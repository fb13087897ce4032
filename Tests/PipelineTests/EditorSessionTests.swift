import Foundation
import Pipeline
import SpecModel
import TestSupport
import Testing
import Utilities

/// The session's lint and check give what the pipeline gives on the same configuration, call
/// after call, as the editor's text changes.
@Suite struct EditorSessionTests {
    static let page = "content/native/login-error-states.md"

    func configuration(_ folder: TemporaryFolder, unsaved: [String: [UInt8]] = [:]) -> PipelineConfiguration {
        var configuration = PipelineConfiguration(
            workingDirectory: folder.url,
            cache: ToolCache(folder: folder.url.appendingPathComponent("cache"), toolFingerprint: "tests"))
        configuration.unsaved = unsaved
        return configuration
    }

    /// A copy of the content in a folder of its own, with the native page's path and text.
    static func copiedContent() throws -> (TemporaryFolder, String, String) {
        let folder = try TemporaryFolder()
        try copyContent(into: folder)
        let path = folder.url.appendingPathComponent(page).path
        return (folder, path, try String(contentsOfFile: path, encoding: .utf8))
    }

    @Test func lintAndCheckMatchThePipelineAcrossEdits() throws {
        let (folder, path, text) = try Self.copiedContent()
        let session = EditorSession()
        let versions = [
            [:], [path: Array(text.replacingOccurrences(of: "This page covers", with: "This page describes").utf8)],
            [path: Array((text + "\n[a link](missing.md)\n").utf8)], [:],
        ]
        for unsaved in versions {
            let configuration = configuration(folder, unsaved: unsaved)
            #expect(
                Pipeline(configuration).lint(session: session).diagnostics == Pipeline(configuration).lint().diagnostics
            )
            let checked = Pipeline(configuration).check(session: session)
            let expected = Pipeline(configuration).check()
            #expect(checked.diagnostics == expected.diagnostics)
            #expect(checked.stage == expected.stage)
            #expect(checked.report?.passed == expected.report?.passed)
        }
    }

    @Test func anEditedDocumentIsLintedWithoutListingAndANewFileIsFoundByTheNextFullLint() throws {
        let (folder, path, text) = try Self.copiedContent()
        // A clock long after the copy: every file's stamp is trusted, and what is parsed again
        // is what changed.
        let session = EditorSession(clock: ManualWallClock(at: Int64.max / 2))
        _ = Pipeline(configuration(folder)).lint(session: session)
        #expect(session.listings == 1)
        let parsedAtFirst = session.parses
        // An edit to an open document: the same findings as the pipeline's on the same text,
        // with that page parsed again and the folders not listed again.
        let edited = [
            path: Array(
                text.replacingOccurrences(of: "Then a session is created", with: "Then a sesion is created").utf8)
        ]
        let afterEdit = Pipeline(configuration(folder, unsaved: edited)).lint(session: session, edited: [path])
        #expect(session.listings == 1)
        #expect(session.parses == parsedAtFirst + 1)
        #expect(afterEdit.diagnostics == Pipeline(configuration(folder, unsaved: edited)).lint().diagnostics)
        #expect(afterEdit.diagnostics.contains { $0.id.rawValue == "undefined-step" })
        // A page added on the disk, linking nowhere: the next lint without an edit lists it.
        let added = folder.url.appendingPathComponent("content/added.md")
        try "# Added\n<!-- page: added -->\n\n[nowhere](nowhere.md)\n".write(
            to: added, atomically: true, encoding: .utf8)
        let relisted = Pipeline(configuration(folder, unsaved: edited)).lint(session: session)
        #expect(session.listings == 2)
        #expect(relisted.diagnostics == Pipeline(configuration(folder, unsaved: edited)).lint().diagnostics)
        #expect(relisted.diagnostics.contains { $0.location.file.hasSuffix("added.md") })
        // A file created since the last listing and opened in the editor: its edit lists the
        // folders again.
        let other = folder.url.appendingPathComponent("content/other.md")
        try "# Other\n<!-- page: other -->\n".write(to: other, atomically: true, encoding: .utf8)
        let unsaved = edited.merging([other.path: Array("# Other\n<!-- page: added -->\n".utf8)]) { $1 }
        let withOther = Pipeline(configuration(folder, unsaved: unsaved)).lint(session: session, edited: [other.path])
        #expect(session.listings == 3, "a page the last listing lacks is listed")
        #expect(withOther.diagnostics == Pipeline(configuration(folder, unsaved: unsaved)).lint().diagnostics)
        #expect(withOther.diagnostics.contains { $0.id.rawValue == "duplicate-page-id" })
        // Pages removed from the disk are forgotten.
        try FileManager.default.removeItem(at: added)
        try FileManager.default.removeItem(at: other)
        let removed = Pipeline(configuration(folder, unsaved: edited)).lint(session: session)
        #expect(removed.diagnostics == Pipeline(configuration(folder, unsaved: edited)).lint().diagnostics)
        #expect(!removed.diagnostics.contains { $0.location.file.hasSuffix("added.md") })
    }

    @Test func whatTheListingFindsIsNotTakenFromAnEarlierLint() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/index.md", "# Home\n<!-- page: home -->\n")
        let session = EditorSession()
        let configuration = configuration(folder)
        #expect(Pipeline(configuration).lint(session: session).diagnostics.isEmpty)
        // A symbolic link loop: no file's text changes, only what the listing finds.
        let loop = folder.url.appendingPathComponent("content/loop.md")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: "loop.md")
        let looped = Pipeline(configuration).lint(session: session).diagnostics
        #expect(looped == Pipeline(configuration).lint().diagnostics)
        #expect(looped.map(\.id.rawValue) == ["symlink-loop"])
        try FileManager.default.removeItem(at: loop)
        #expect(Pipeline(configuration).lint(session: session).diagnostics.isEmpty)
    }

    @Test func theSameFilesUnderAnotherRootAreListedAgainAndMeanTheSame() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/notes/a.md", "# A\n<!-- page: a -->\n\n[up](../index.md#home)\n")
        try folder.write("content/index.md", "# Home\n<!-- page: home -->\n\n## Home\n")
        // Every stamp trusted at once: a page rewritten is known by its new size and stamp.
        let session = EditorSession(clock: ManualWallClock(at: Int64.max / 2))
        var configuration = configuration(folder)
        #expect(Pipeline(configuration).lint(session: session).diagnostics.isEmpty)
        #expect(session.listings == 1)
        // The same page read with `content/notes` as the root: it is still `notes/a.md` of the
        // content, and its link to the home page (outside the root) still leads there.
        configuration.roots = ["content/notes"]
        let narrower = Pipeline(configuration).lint(session: session).diagnostics
        #expect(session.listings == 2)
        #expect(narrower == Pipeline(configuration).lint().diagnostics)
        #expect(narrower.isEmpty, "\(narrower)")
        // A link to an anchor the home page lacks is found from the narrower root too.
        try folder.write("content/notes/a.md", "# A\n<!-- page: a -->\n\n[up](../index.md#elsewhere)\n")
        #expect(Pipeline(configuration).lint(session: session).diagnostics.map(\.id) == ["link-to-missing-anchor"])
    }

    @Test func aPageOutsideTheRootsThatChangesIsReadAgain() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/notes/a.md", "# A\n<!-- page: a -->\n\n[on](../index.md#later)\n")
        let home = try folder.write("content/index.md", "# Home\n<!-- page: home -->\n\n## Home\n")
        // Every stamp trusted at once: only the versions read decide.
        let session = EditorSession(clock: ManualWallClock(at: Int64.max / 2))
        var configuration = configuration(folder)
        configuration.roots = ["content/notes"]
        #expect(Pipeline(configuration).lint(session: session).diagnostics.map(\.id) == ["link-to-missing-anchor"])
        // The home page is outside the root: the anchor it gains is seen by the next lint, in
        // the editor's text and then on the disk.
        let later = "# Home\n<!-- page: home -->\n\n## Home\n\n## Later\n"
        configuration.unsaved = [home: Array(later.utf8)]
        #expect(Pipeline(configuration).lint(session: session).diagnostics.isEmpty)
        configuration.unsaved = [:]
        #expect(Pipeline(configuration).lint(session: session).diagnostics.map(\.id) == ["link-to-missing-anchor"])
        try folder.write("content/index.md", later)
        #expect(Pipeline(configuration).lint(session: session).diagnostics.isEmpty)
    }

    @Test func aMissingRootIsAUsageFailure() throws {
        let folder = try TemporaryFolder()
        let result = Pipeline(configuration(folder)).lint(session: EditorSession())
        #expect(result.failure?.kind == .usage)
    }
}
