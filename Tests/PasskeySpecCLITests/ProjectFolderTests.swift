import Foundation
import TestSupport
import Testing

/// The tool names the content's files from the repository that holds the content, and runs
/// git there, whatever folder it is run from: a build from elsewhere writes the committed
/// site byte for byte, and `diff` lists the same changes.
@Suite struct ProjectFolderTests {
    static let root = BinaryRunner.packageRoot

    /// `path` written from `folder`, with `..` steps: `../../work/main/content`.
    static func relative(_ path: URL, from folder: URL) -> String {
        let target = path.standardizedFileURL.pathComponents
        let base = folder.standardizedFileURL.pathComponents
        let shared = zip(target, base).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: base.count - shared) + target[shared...]).joined(separator: "/")
    }

    /// The folders a user may run the tool from: one in no repository, and one inside another
    /// repository (where git, run in the working directory, would answer for that one).
    static func elsewhere() async throws -> [TemporaryFolder] {
        let plain = try TemporaryFolder()
        let other = try TemporaryFolder()
        try await git(["init", "-q"], in: other.url)
        return [plain, other]
    }

    @Test func aBuildFromAnotherFolderEqualsTheCommittedSite() async throws {
        let committed = try files(under: Self.root.appendingPathComponent("site"))
        for folder in try await Self.elsewhere() {
            for content in [
                Self.root.appendingPathComponent("content").path,
                Self.relative(
                    Self.root.appendingPathComponent("content"), from: folder.url),
            ] {
                let out = folder.url.appendingPathComponent("site-\(UUID().uuidString)")
                let build = InProcess.run(["build", content, "--out", out.path], in: folder.url)
                #expect(build.status == .success, "\(content): \(build.stderr)")
                let fresh = try files(under: out)
                #expect(Set(fresh.keys) == Set(committed.keys), "\(content)")
                let differing = fresh.keys.filter { fresh[$0] != committed[$0] }.sorted()
                #expect(differing.isEmpty, "\(content) from \(folder.url.path): \(differing)")
            }
        }
    }

    @Test func diffFromAnotherFolderListsWhatItListsFromTheRepositoryRoot() async throws {
        let repository = try await EditedRepository()
        try await repository.editAndCommit()
        let fromRoot = repository.run("diff", "content")
        #expect(fromRoot.status == .success, "\(fromRoot.stderr)")
        #expect(fromRoot.stdout.contains(EditedRepository.removedCheck))
        let json = repository.run("diff", "content", "--since", "HEAD~1", "--format", "json")
        for folder in try await Self.elsewhere() {
            for content in [repository.content.path, Self.relative(repository.content, from: folder.url)] {
                let run = InProcess.run(["diff", content], in: folder.url)
                #expect(run.status == .success, "\(content): \(run.stderr)")
                #expect(run.stdout == fromRoot.stdout, "\(content) from \(folder.url.path)")
                #expect(run.stderr == fromRoot.stderr)
                let since = InProcess.run(["diff", content, "--since", "HEAD~1", "--format", "json"], in: folder.url)
                #expect(since.status == .success, "\(since.stderr)")
                #expect(since.stdout == json.stdout)
            }
        }
    }

    /// Diagnostics, and the report's files, are named from the repository's root too.
    @Test func diagnosticsFromAnotherFolderNameFilesFromTheRepositoryRoot() async throws {
        let repository = try await EditedRepository()
        try repository.folder.write(
            "content/notes.md", "# Notes\n<!-- page: notes -->\n\nSee [the guide](missing.md).\n")
        let fromRoot = repository.run("lint", "content")
        #expect(fromRoot.stderr.contains("content/notes.md:4:"), "\(fromRoot.stderr)")
        for folder in try await Self.elsewhere() {
            let run = InProcess.run(["lint", repository.content.path], in: folder.url)
            #expect(run.status == fromRoot.status)
            #expect(run.stderr == fromRoot.stderr)
        }
    }

    /// A root that does not exist where the user named it is not looked for in the repository
    /// above: `lint` in a folder of the repository without `content/` is a usage error.
    @Test func aMissingRootIsNotFoundInTheRepositoryAbove() async throws {
        let repository = try await EditedRepository()
        let below = repository.root.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: below, withIntermediateDirectories: true)
        let run = InProcess.run(["lint"], in: below)
        #expect(run.status == .usage)
        #expect(run.stderr.contains("[path-not-found]"), "\(run.stderr)")
    }
}
