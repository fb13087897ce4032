import Foundation
import Pipeline
import ReportModel
import SpecDiff
import SpecModel
import TestSupport
import Testing

/// The Changes page's baseline comes from git, never from what an output folder held: the
/// content at the parent of the newest commit that changed it, or at HEAD while it has
/// uncommitted changes; `--changes-since` names another; outside git the page says so.
@Suite struct ChangesTests {
    /// A repository whose content gets two commits: the first as the package's content, the
    /// second with one title reworded.
    static func repositoryWithTwoCommits(
        _ folder: TemporaryFolder
    ) throws -> (Repository, first: String, second: String) {
        let repository = try Repository(folder)
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("content"), to: repository.root.appendingPathComponent("content"))
        let first = try repository.commit("content")
        try reword(repository, "Passkey Can’t Be Used", "Passkey Can’t Sign In")
        let second = try repository.commit("reword")
        return (repository, first, second)
    }

    static func reword(_ repository: Repository, _ old: String, _ new: String) throws {
        let page = repository.root.appendingPathComponent("content/native/login-error-states.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        #expect(text.contains(old))
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: page)
    }

    /// The new words of every reworded string (a title can be in more than one scenario).
    static func rewordedStrings(_ changes: SpecChanges?) -> Set<String> {
        Set((changes?.copy ?? []).filter { $0.change == .reworded }.compactMap(\.new))
    }

    @Test func aCleanTreeComparesWithTheParentOfTheContentsLastChange() throws {
        let folder = try TemporaryFolder()
        let (repository, first, _) = try Self.repositoryWithTwoCommits(folder)
        // A commit that does not touch the content does not move the baseline.
        try repository.write("README.md", "notes\n")
        try repository.commit("notes")
        let out = repository.root.appendingPathComponent("out").path
        let result = pipeline(folder, in: repository.root).build(into: out)
        #expect(result.stage == .write, "\(result.errors) \(String(describing: result.failure))")
        #expect(result.changes?.earlier == Baseline(kind: .revision, name: String(first.prefix(12)), commit: first))
        #expect(Self.rewordedStrings(result.changes) == ["Passkey Can’t Sign In"])
        let page = try String(contentsOfFile: out + "/changes.html", encoding: .utf8)
        #expect(page.contains("Passkey Can’t Sign In"))
    }

    @Test func uncommittedEditsCompareWithHEAD() throws {
        let folder = try TemporaryFolder()
        let (repository, _, second) = try Self.repositoryWithTwoCommits(folder)
        try Self.reword(repository, "Passkey Can’t Sign In", "Passkey No Longer Works")
        let result = pipeline(folder, in: repository.root).build(into: "out")
        #expect(result.changes?.earlier == Baseline(kind: .revision, name: String(second.prefix(12)), commit: second))
        #expect(Self.rewordedStrings(result.changes) == ["Passkey No Longer Works"])
    }

    /// The site built before committing the content equals the site built after: the
    /// baseline is the same commit, named the same way.
    @Test func theSiteBeforeACommitEqualsTheSiteAfterIt() throws {
        let folder = try TemporaryFolder()
        let (repository, _, _) = try Self.repositoryWithTwoCommits(folder)
        try Self.reword(repository, "Passkey Can’t Sign In", "Passkey No Longer Works")
        let build = pipeline(folder, in: repository.root)
        #expect(build.build(into: "before").stage == .write)
        try repository.git("add", "content")
        try repository.git("commit", "-q", "-m", "reword again")
        #expect(build.build(into: "after").stage == .write)
        #expect(
            try files(under: repository.root.appendingPathComponent("before"))
                == files(under: repository.root.appendingPathComponent("after")))
    }

    /// `diff` without `--since` and the Changes page list the same changes.
    @Test func diffAndTheChangesPageAgree() throws {
        let folder = try TemporaryFolder()
        let (repository, first, _) = try Self.repositoryWithTwoCommits(folder)
        let built = pipeline(folder, in: repository.root).build(into: "out")
        let derived = pipeline(folder, in: repository.root).changes(since: .baseline)
        let given = pipeline(folder, in: repository.root).changes(since: .revision(first))
        #expect(derived.changes == built.changes)
        #expect(given.changes?.copy == built.changes?.copy)
        #expect(given.changes?.count == built.changes?.count)
    }

    @Test func changesSinceNamesTheBaseline() throws {
        let folder = try TemporaryFolder()
        let (repository, first, second) = try Self.repositoryWithTwoCommits(folder)
        try Self.reword(repository, "Passkey Can’t Sign In", "Passkey No Longer Works")
        let result = pipeline(folder, in: repository.root, changesSince: first).build(into: "out")
        #expect(result.changes?.earlier == Baseline(kind: .revision, name: first, commit: first))
        #expect(Self.rewordedStrings(result.changes) == ["Passkey No Longer Works"])
        _ = second
        let unknown = pipeline(folder, in: repository.root, changesSince: "no-such-branch").build(into: "other")
        #expect(unknown.failure?.message.id == "unknown-revision")
        #expect(!FileManager.default.fileExists(atPath: repository.root.appendingPathComponent("other").path))
    }

    @Test func outsideGitThePageSaysSo() throws {
        let folder = try TemporaryFolder()
        let content = try copyContent(into: folder)
        var environment = testEnvironment(folder)
        environment["GIT_CEILING_DIRECTORIES"] = folder.url.deletingLastPathComponent().path
        let result = Pipeline(
            PipelineConfiguration(workingDirectory: folder.url, roots: [content], environment: environment)
        ).build(into: "out")
        #expect(result.stage == .write)
        #expect(result.changes?.earlier == nil)
        #expect(result.changes?.unavailable == "the content is not in a git repository")
        let page = try String(contentsOf: folder.url.appendingPathComponent("out/changes.html"), encoding: .utf8)
        #expect(page.contains("the content is not in a git repository"))
    }

    /// Content added in the repository's first commit is compared with nothing: every spec is new.
    @Test func theFirstCommitComparesWithNothing() throws {
        let folder = try TemporaryFolder()
        let repository = try Repository(folder)
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("content"), to: repository.root.appendingPathComponent("content"))
        try repository.commit("content")
        let result = pipeline(folder, in: repository.root).build(into: "out")
        #expect(result.changes?.earlier?.commit == nil)
        #expect(result.changes?.specs.map(\.change) == [.added, .added])
    }
}
