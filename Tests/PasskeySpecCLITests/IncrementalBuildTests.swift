import Foundation
import TestSupport
import Testing

/// Builds into the same folder after each of a series of edits, and compares the folder with
/// a clean build of the same content into an empty folder every time: an incremental build
/// must write the bytes a clean build writes, and no more files than the edit needs. The
/// builds run in process and share the test's cache, which holds the manifest of the
/// previous build that an incremental build starts from.
@Suite struct IncrementalBuildTests {
    let folder: TemporaryFolder
    let templates: URL
    let output: URL
    let content: URL

    init() throws {
        folder = try TemporaryFolder()
        content = folder.url.appendingPathComponent("content")
        output = folder.url.appendingPathComponent("site")
        templates = folder.url.appendingPathComponent("templates")
        try FileManager.default.copyItem(
            at: BinaryRunner.packageRoot.appendingPathComponent("templates"), to: templates)
        try folder.write("content/native/spec.md", String(contentsOf: BinaryRunner.fixtureSpec, encoding: .utf8))
        try folder.write("content/index.md", "# Guide\n<!-- page: home -->\n\nThe guide.\n")
        for number in 1...15 {
            try folder.write(
                "content/notes/note-\(number).md",
                "# Note \(number)\n<!-- page: note-\(number) -->\n\nThe first words of note \(number).\n")
        }
    }

    /// The builds' environment: the cache `cache` in the test's folder (seeded as a run's own
    /// is), and git that looks for a repository no higher than the test's folder.
    func environment(cache: String) throws -> [String: String] {
        [
            "PASSKEY_SPEC_CACHE": try TestEnvironment.seededCache(
                at: folder.url.appendingPathComponent(cache), forBinary: false
            ).path,
            "GIT_CEILING_DIRECTORIES": folder.url.deletingLastPathComponent().path,
        ]
    }

    /// Builds into `site` (incrementally after the first time) and returns its summary line.
    /// The tool runs in the test's folder, which is the repository when there is one: the
    /// Changes baseline is read with git from the folder the tool runs in.
    @discardableResult
    func build() throws -> String {
        let result = InProcess.run(
            ["build", content.path, "--out", output.path, "--templates", templates.path], in: folder.url,
            environment: try environment(cache: "cache"))
        #expect(result.status == .success, "\(result.stderr)")
        return result.stdout
    }

    /// A clean build of the same content into a new, empty folder, with a cache of its own.
    func cleanBuild() throws -> [String: Data] {
        let name = "clean-\(UUID().uuidString)"
        let clean = folder.url.appendingPathComponent(name)
        defer {
            try? FileManager.default.removeItem(at: clean)
            try? FileManager.default.removeItem(at: folder.url.appendingPathComponent(name + "-cache"))
        }
        let result = InProcess.run(
            ["build", content.path, "--out", clean.path, "--templates", templates.path], in: folder.url,
            environment: try environment(cache: name + "-cache"))
        #expect(result.status == .success, "\(result.stderr)")
        #expect(!result.stdout.contains("unchanged"), "a build into a new folder is a full one: \(result.stdout)")
        return try files(under: clean)
    }

    func expectSameAsCleanBuild(after edit: String) throws {
        let incremental = try files(under: output)
        let clean = try cleanBuild()
        #expect(Set(incremental.keys) == Set(clean.keys), "after \(edit): other files than a clean build")
        let different = clean.keys.filter { incremental[$0] != clean[$0] }.sorted()
        #expect(different.isEmpty, "after \(edit): differs from a clean build in \(different)")
    }

    func edit(_ path: String, _ change: (String) -> String) throws {
        let file = content.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        let changed = change(text)
        #expect(changed != text, "the edit of \(path) changes it")
        try Data(changed.utf8).write(to: file)
    }

    /// The content in a git repository of the test's folder, committed: the Changes page
    /// compares with it.
    func commitContent(_ message: String) async throws {
        if !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".git").path) {
            try await git(["init", "-q"], in: folder.url)
        }
        try await git(["add", "-A", "content"], in: folder.url)
        try await git(["commit", "-q", "-m", message], in: folder.url)
    }

    /// A writer's session: the content is committed, and every edit is not yet, so the Changes
    /// page compares with HEAD all along, until the edits are committed.
    @Test func aSeriesOfEditsGivesWhatACleanBuildGives() async throws {
        try await commitContent("The content")
        try edit("notes/note-1.md") { $0.replacingOccurrences(of: "first words", with: "very first words") }
        let first = try build()
        // With the spec's screens in the two pseudo-locales, and the search page.
        #expect(first.hasPrefix("build: 29 pages and "), "\(first)")
        try expectSameAsCleanBuild(after: "the first build")

        #expect(try build().contains("0 pages and 0 other files written"), "nothing changed, nothing written")

        try edit("notes/note-7.md") { $0.replacingOccurrences(of: "first words", with: "opening words") }
        let oneWord = try build()
        #expect(oneWord.hasPrefix("build: 1 page and 0 other files written"), "\(oneWord)")
        try expectSameAsCleanBuild(after: "a one-word edit to a prose page")

        try edit("notes/note-3.md") { $0.replacingOccurrences(of: "# Note 3", with: "# The third note") }
        #expect(!(try build()).hasPrefix("build: 1 page"), "a new title changes the navigation of other pages")
        try expectSameAsCleanBuild(after: "a new title")

        try edit("native/spec.md") {
            $0.replacingOccurrences(
                of: "| Title             | Passkeys Unavailable |", with: "| Title             | No Passkeys Here |")
        }
        try build()
        try expectSameAsCleanBuild(after: "a copy edit in a spec")
        let screens = try String(
            contentsOf: output.appendingPathComponent("native/spec/screens.html"), encoding: .utf8)
        #expect(screens.contains("No Passkeys Here"), "the screens page draws the new copy")
        #expect(try changesPage().contains("<td>“No Passkeys Here”</td>"), "the Changes page lists the copy edit")

        try folder.write("content/notes/note-16.md", "# Note 16\n<!-- page: note-16 -->\n\nA new note.\n")
        try build()
        try expectSameAsCleanBuild(after: "a new page")

        try FileManager.default.removeItem(at: content.appendingPathComponent("notes/note-2.md"))
        try build()
        try expectSameAsCleanBuild(after: "a removed page")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("notes/note-2.html").path))

        let layout = templates.appendingPathComponent("page.mustache")
        try Data((try String(contentsOf: layout, encoding: .utf8) + "\n").utf8).write(to: layout)
        try build()
        try expectSameAsCleanBuild(after: "a template edit")
        let uncommitted = try changesPage()
        #expect(
            uncommitted.contains("<td>“No Passkeys Here”</td>"),
            "pages added and removed, and a template edit, keep the comparison of the last copy edit")

        // Committed, the edits are the content's newest change: the page compares with the
        // commit before them, which HEAD was, and says the same.
        try await commitContent("The edits")
        #expect(try build().contains("0 pages and 0 other files written"), "the site before a commit is the site after")
        try expectSameAsCleanBuild(after: "a commit")
        #expect(try changesPage() == uncommitted)

        try edit("native/spec.md") {
            $0.replacingOccurrences(
                of: "without an error or forced fallback. |",
                with: "without an error, a forced fallback or a redirect. |"
            )
        }
        try build()
        try expectSameAsCleanBuild(after: "a reworded criterion")
        let reworded = try changesPage()
        #expect(reworded.contains("Criterion reworded</h2>"))
        #expect(!reworded.contains("No Passkeys Here"), "the comparison is with the commit of the copy edit")

        try edit("notes/note-9.md") { $0.replacingOccurrences(of: "first words", with: "opening words") }
        #expect(try build().hasPrefix("build: 1 page and 0 other files written"), "a prose edit keeps the Changes page")
        try expectSameAsCleanBuild(after: "a prose edit after a reworded criterion")
        #expect(try changesPage() == reworded)

        #expect(try build().contains("0 pages and 0 other files written"))
        try expectSameAsCleanBuild(after: "a build of the same content")
        #expect(try changesPage() == reworded)
    }

    func changesPage() throws -> String {
        try String(contentsOf: output.appendingPathComponent("changes.html"), encoding: .utf8)
    }

    /// Outside git there is nothing to compare with, on the first build or any later one: the
    /// page never compares with what the output held.
    @Test func aFirstBuildHasNothingToCompareWith() throws {
        try build()
        let nothing = "There is nothing to compare with: the content is not in a git repository."
        let page = try changesPage()
        #expect(page.contains(nothing), "\(page)")
        try expectSameAsCleanBuild(after: "the first build")
        try edit("native/spec.md") {
            $0.replacingOccurrences(
                of: "| Title             | Passkeys Unavailable |", with: "| Title             | No Passkeys Here |")
        }
        try build()
        #expect(try changesPage().contains(nothing))
        #expect(!(try changesPage()).contains("No Passkeys Here"))
        try expectSameAsCleanBuild(after: "a copy edit outside git")
    }

    @Test func aPageSavedWithTheSameBytesWritesNothing() throws {
        try build()
        let page = content.appendingPathComponent("notes/note-5.md")
        let bytes = try Data(contentsOf: page)
        try FileManager.default.removeItem(at: page)
        try bytes.write(to: page)
        #expect(try build().contains("0 pages and 0 other files written"), "the same bytes make the same page")
        #expect(try build().contains("0 pages and 0 other files written"))
        try expectSameAsCleanBuild(after: "a page saved again unchanged")
    }

    @Test func aFileChangedInTheOutputIsWrittenAgain() throws {
        try build()
        #expect(try build().contains("0 pages and 0 other files written"), "the second build is incremental")
        let page = output.appendingPathComponent("notes/note-4.html")
        try Data("changed by hand".utf8).write(to: page)
        let summary = try build()
        #expect(!summary.contains("unchanged"), "a site changed by hand is built in full: \(summary)")
        try expectSameAsCleanBuild(after: "a page of the output changed by hand")
    }

    /// The model's JSON and the run report are kept in the tool's cache: a full build of the
    /// same content into a new folder reads them instead of encoding them again, and writes
    /// the bytes a build with an empty cache writes; an edit to a page makes new ones.
    @Test func theModelAndTheReportComeFromTheCacheWhenNothingTheyDependOnChanged() throws {
        let kept = folder.url.appendingPathComponent("cache/exports")
        func entries() throws -> Set<String> {
            Set(try FileManager.default.contentsOfDirectory(atPath: kept.path).filter { !$0.hasPrefix(".") })
        }
        func fullBuild(into name: String) throws -> [String: Data] {
            let site = folder.url.appendingPathComponent(name)
            let result = InProcess.run(
                ["build", content.path, "--out", site.path, "--templates", templates.path], in: folder.url,
                environment: try environment(cache: "cache"))
            #expect(result.status == .success, "\(result.stderr)")
            return try files(under: site)
        }
        let first = try fullBuild(into: "first")
        let afterFirst = try entries()
        #expect(afterFirst.count == 2, "the model's JSON and the run report: \(afterFirst)")
        let second = try fullBuild(into: "second")
        #expect(try entries() == afterFirst, "nothing new is encoded for the same content")
        let clean = try cleanBuild()
        for path in ["exports/spec.json", "exports/report.json"] {
            #expect(first[path] != nil && second[path] == first[path] && clean[path] == first[path], "\(path)")
        }
        try edit("native/spec.md") { $0.replacingOccurrences(of: "Try Again", with: "Try again") }
        let edited = try fullBuild(into: "edited")
        #expect(try entries().subtracting(afterFirst).count == 2, "an edited page makes new entries")
        #expect(edited["exports/spec.json"] != first["exports/spec.json"])
        let cleanEdited = try cleanBuild()
        #expect(edited["exports/report.json"] == cleanEdited["exports/report.json"])
        #expect(edited["exports/spec.json"] == cleanEdited["exports/spec.json"])
    }

    @Test func withoutACacheEveryBuildIsAFullOne() throws {
        try build()
        try edit("notes/note-1.md") { $0.replacingOccurrences(of: "first words", with: "opening words") }
        let result = InProcess.run(
            ["build", content.path, "--out", output.path, "--templates", templates.path], in: folder.url,
            environment: ["PASSKEY_SPEC_CACHE": "off"].merging(try environment(cache: "cache")) { first, _ in first })
        #expect(result.status == .success, "\(result.stderr)")
        #expect(!result.stdout.contains("unchanged"))
        try expectSameAsCleanBuild(after: "a build without a cache")
    }
}
