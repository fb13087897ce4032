import Foundation
import ReportModel
import SpecDiff
import SpecModel
import SpecParser
import SpecRunner
import Utilities

/// The content at a git revision, parsed, linted and run with the same flows as the content
/// on disk: what `diff --since` and the Changes page compare with. A commit never changes, so
/// a version is kept in the tool's cache by commit, content roots, flows and tool, and read
/// from there on the next build.
struct EarlierVersion {
    /// The kind of the cache's entries that hold versions.
    static let kind = CacheKind("earlier", version: 1, limit: 64, fileExtension: ".json")

    enum Failure: Error {
        /// Git could not read the revision.
        case git(GitRevision.Failure)
        /// The content at the revision does not lint clean: its errors, located as `REVISION:PATH`.
        case contentHasErrors([Diagnostic])
    }

    let configuration: PipelineConfiguration
    let flows: FlowRegistry

    /// The version of `roots` (named from the project folder) at `commit`, read as revision `name`;
    /// empty content when `commit` is nil (before the first commit).
    func load(roots: [String], at commit: String?, name: String) throws(Failure) -> Version {
        guard let commit else {
            return Version(content: ContentSet(), report: RunReport(flows: [], specs: [], diagnostics: []))
        }
        let key = key(roots: roots, commit: commit)
        if let store = configuration.cache?.store, let key, let kept = store.value(Kept.self, Self.kind, key: [key]) {
            return Version(content: kept.content, report: kept.report)
        }
        var files: [(file: ContentFile, bytes: [UInt8])] = []
        for root in roots {
            let revision: GitRevision
            do throws(GitRevision.Failure) {
                revision = try GitRevision(
                    path: configuration.contentPath(root), revision: commit,
                    environment: configuration.gitEnvironment)
            } catch {
                throw .git(error)
            }
            files += revision.files.map { file in
                (ContentFile(path: "\(name):\(file.repositoryPath)", relativePath: file.relativePath), file.bytes)
            }
        }
        // Read through a store of its own: the earlier version's pages are never the disk's.
        let store = SourceStore(flows: LazyFlows(flows))
        let linted = LintStage.lint(
            store.read(revision: files), store: store,
            request: SourceStore.Request(roots: roots, workingDirectory: configuration.projectFolder), strict: false)
        let errors = linted.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { throw .contentHasErrors(errors) }
        let report = CheckStage(flows: flows, cache: configuration.cache).run(linted.content)
        let version = Version(content: linted.content, report: report)
        if let store = configuration.cache?.store, let key {
            store.keepValue(Kept(content: version.content, report: version.report), Self.kind, key: [key])
        }
        return version
    }

    /// A hash of what a version at `commit` is made from besides the tool: the commit, the
    /// roots as files on this machine, and the flows. Nil without a cache.
    func key(roots: [String], commit: String) -> String? {
        guard let cache = configuration.cache else { return nil }
        var hasher = FNV1a()
        hasher.mix(commit)
        for root in roots { hasher.mix(configuration.contentPath(root)) }
        for flow in flows.flows { hasher.mix(cache.explorations.key(for: flow)) }
        return hasher.hex
    }

    /// A version as the cache keeps it.
    private struct Kept: Codable {
        var content: ContentSet
        var report: RunReport
    }
}
