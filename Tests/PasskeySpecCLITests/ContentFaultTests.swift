import Foundation
import SpecModel
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
import Utilities
#endif

/// Content a careful static-site generator must not trust: links out of the content folder,
/// links in a loop, a huge file, and very many files. The links run in process; the huge file
/// and the many files run the built binary, whose peak memory the kernel measures.
@Suite struct ContentFaultTests {
    let work: TemporaryFolder
    let content: URL
    let site: URL

    init() throws {
        work = try TemporaryFolder()
        content = work.url.appendingPathComponent("content")
        site = work.url.appendingPathComponent("site")
        try work.write("content/index.md", "# Guide\n<!-- page: home -->\n\nThe guide.\n")
        try work.write("content/notes/a.md", "# A note\n<!-- page: a -->\n\nA page of the content.\n")
    }

    func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: content.appendingPathComponent(path).path, withDestinationPath: target)
    }

    static let templates = BinaryRunner.packageRoot.appendingPathComponent("templates").path

    func build() -> InProcessRun {
        InProcess.run(["build", "content", "--out", "site", "--templates", Self.templates], in: work.url)
    }

    @Test func linksOutOfTheContentAndToFoldersAreNotFollowedButReported() throws {
        try work.write("private/draft.md", "# Draft\n<!-- page: draft -->\n\nA private draft: SECRET WORDS.\n")
        try link("notes/draft.md", to: "../../private/draft.md")
        try link("private", to: work.url.appendingPathComponent("private").path)
        try link("again", to: "notes")
        try link("notes/up", to: "..")
        let result = build()
        #expect(result.status == .success, "\(result.stderr)")
        let draft = work.url.appendingPathComponent("private/draft.md").path
        let folder = work.url.appendingPathComponent("private").path
        #expect(
            result.stderr == """
                content/again:1:1: warning: symbolic link to the folder 'content/notes'; links to folders are not followed, so its pages are not read [symlink-to-folder]
                content/notes/draft.md:1:1: warning: symbolic link to '\(draft)', outside the content folder 'content'; it is not followed [symlink-outside-content]
                content/notes/up:1:1: warning: symbolic link to the folder 'content'; links to folders are not followed, so its pages are not read [symlink-to-folder]
                content/private:1:1: warning: symbolic link to '\(folder)', outside the content folder 'content'; it is not followed [symlink-outside-content]

                """)
        let written = try files(under: site)
        #expect(written["notes/a.html"] != nil)
        #expect(written["notes/draft.html"] == nil)
        #expect(!written.values.contains { String(decoding: $0, as: UTF8.self).contains("SECRET WORDS") })
    }

    @Test func aLinkLoopIsALocatedErrorAndTheBuildEnds() throws {
        #expect(build().status == .success)
        let before = try files(under: site)
        try link("notes/loop.md", to: "loop.md")
        try link("notes/ping.md", to: "pong.md")
        try link("notes/pong.md", to: "ping.md")
        let result = build()
        #expect(result.status == .failure)
        #expect(
            result.stderr == """
                content/notes/loop.md:1:1: error: symbolic link that leads back to itself (a loop); it cannot be read [symlink-loop]
                content/notes/ping.md:1:1: error: symbolic link that leads back to itself (a loop); it cannot be read [symlink-loop]
                content/notes/pong.md:1:1: error: symbolic link that leads back to itself (a loop); it cannot be read [symlink-loop]

                """)
        #expect(result.stdout == "build: nothing rendered; fix the errors above first\n")
        #expect(try files(under: site) == before)
    }

    /// A file of 50 MB is measured, never read: refused at its path with the limit, in the
    /// memory of an ordinary build.
    @Test func aFiftyMegabyteFileIsRefusedWithTheLimitAndNotRead() async throws {
        let ordinary = try await BinaryRunner.runMeasured(
            ["build", "content", "--out", "site", "--templates", Self.templates], in: work.url)
        #expect(ordinary.result.status == 0)
        let before = try files(under: site)
        let huge = content.appendingPathComponent("notes/huge.md")
        _ = FileManager.default.createFile(atPath: huge.path, contents: Data("# Huge\n".utf8))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 50 * 1024 * 1024)
        try handle.close()
        let run = try await BinaryRunner.runMeasured(
            ["build", "content", "--out", "site", "--templates", Self.templates], in: work.url)
        #expect(run.result.status == 1)
        #expect(
            run.result.stderr
                == "content/notes/huge.md:1:1: error: file is 52428800 bytes; a spec page may be at most 4194304 bytes [file-too-large]\n"
        )
        #expect(
            run.peakKiB < ordinary.peakKiB + 16 * 1024,
            "peak memory \(run.peakKiB) KiB against \(ordinary.peakKiB) KiB: the file was not read")
        #expect(try files(under: site) == before)
    }
}

/// 10,000 prose pages: the build finishes, in bounded time and memory. The bounds are far
/// above what it takes (about 12 s and 80 MB in a debug build on 2 cores) so that they only
/// catch a hang or memory that grows with the whole site.
@Suite struct ManyPagesTests {
    @Test func tenThousandPagesBuildInBoundedTimeAndMemory() async throws {
        let work = try TemporaryFolder()
        let content = work.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data("# Guide\n<!-- page: home -->\n\nThe guide.\n".utf8).write(
            to: content.appendingPathComponent("index.md"))
        for section in 0..<10 {
            try FileManager.default.createDirectory(
                at: content.appendingPathComponent("notes-\(section)"), withIntermediateDirectories: true)
        }
        // Written with the system calls and joined with `+`: a debug build's `Data.write` and
        // string interpolation take seconds over 10,000 files.
        let root = content.path
        for number in 1...10_000 {
            let name = String(number)
            try FileBytes.write(
                Array(
                    ("# Note " + name + "\n<!-- page: note-" + name + " -->\n\nThe words of note " + name + ".\n").utf8),
                to: root + "/notes-" + String(number % 10) + "/note-" + name + ".md")
        }
        let run = try await BinaryRunner.runMeasured(
            [
                "build", "content", "--out", "site", "--templates",
                BinaryRunner.packageRoot.appendingPathComponent("templates").path,
            ],
            in: work.url)
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(run.result.stdout.hasPrefix("build: 10018 pages and "), "\(run.result.stdout)")
        #expect(run.seconds < 240, "took \(run.seconds) s")
        #expect(run.peakKiB < 400 * 1024, "peak memory \(run.peakKiB) KiB")
        let notes = try FileManager.default.contentsOfDirectory(
            atPath: work.url.appendingPathComponent("site/notes-3").path)
        #expect(notes.filter { $0.hasPrefix("note-") }.count == 1000)
    }
}
