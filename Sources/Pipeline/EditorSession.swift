import Dispatch
import Foundation
import SiteBuilder
import SpecModel
import SpecParser
import SpecRunner

/// The lint and the check of `Pipeline`, kept warm for a client that runs them again and
/// again on content that changes a page at a time (the language server): the same results as
/// `Pipeline(configuration).lint()` and `.check()`, with the work that did not change reused.
///
/// - Each file is parsed once per version: an editor's unsaved text is known by a hash of its
///   bytes, a file on the disk by its stamp (a stamp younger than `racyMargin` is not
///   trusted, as `IncrementalBuild` does not trust it). Only the listing and the parse of
///   what changed are done again; the link check's view of each page is kept with it.
/// - The flows' explorations come from the configuration's cache (the tool's, as the
///   commands use it), which keeps them in this process's memory after the first: the check
///   explores nothing after the first time.
public final class EditorSession: @unchecked Sendable {
    /// What each file held when last parsed, by path as listed, with the version it was and
    /// what the link check reads of it.
    private var parsed: [String: Parsed] = [:]

    private struct Parsed {
        var version: String
        var loaded: LoadedFile
        var links: SiteLinks.Page?
    }
    /// One run at a time: a session holds one set of parsed files.
    private let lock = NSLock()

    public init() {}

    /// `Pipeline(configuration).lint()`, parsing only the files that changed since the last call.
    public func lint(_ configuration: PipelineConfiguration) -> PipelineResult {
        lock.withLock { lint(configuration, flows: configuration.makeFlows(), preparing: true) }
    }

    /// `Pipeline(configuration).check()`, parsing only the files that changed and exploring
    /// each flow once.
    public func check(_ configuration: PipelineConfiguration) -> PipelineResult {
        lock.withLock {
            let flows = configuration.makeFlows()
            let cache = configuration.cache
            let prepared = DispatchGroup()
            Preparation.start(flows: flows.flows, explorations: cache?.explorations, in: prepared)
            var result = lint(configuration, flows: flows, preparing: false)
            guard result.stage == .lint, !result.hasErrors else { return result }
            prepared.wait()
            let report = CheckStage(flows: flows, cache: cache).run(
                result.content, lintDiagnostics: result.diagnostics)
            result.report = report
            result.diagnostics = report.diagnostics
            result.stage = .check
            return result
        }
    }

    private func lint(_ configuration: PipelineConfiguration, flows: FlowRegistry, preparing: Bool) -> PipelineResult {
        if preparing { Preparation.start(flows: flows.flows, explorations: nil, in: DispatchGroup()) }
        var result = PipelineResult()
        let loaded: ContentLoader.Result
        let linkPages: [SiteLinks.Page]
        do throws(ContentLoader.MissingPath) {
            (loaded, linkPages) = try load(configuration)
        } catch {
            result.failure = PipelineFailure(.usage, .pathNotFound(error.path), argument: error.path)
            return result
        }
        result.content = loaded.content
        result.stage = .load
        let linted = LintStage.lint(loaded, flows: flows, strict: configuration.strict, linkPages: linkPages)
        result.diagnostics = linted.diagnostics
        result.stage = .lint
        return result
    }

    /// `ContentLoader.load(paths:)`, reusing each file parsed before at the same version; and
    /// every page as the link check reads it.
    private func load(
        _ configuration: PipelineConfiguration
    ) throws(ContentLoader.MissingPath)
        -> (ContentLoader.Result, [SiteLinks.Page])
    {
        let loader = ContentLoader(
            workingDirectory: configuration.workingDirectory.path, unsaved: configuration.unsaved)
        let found = try loader.files(at: configuration.roots)
        let trustedBefore = Int64(Date().timeIntervalSince1970 * 1e9) - IncrementalBuild.racyMargin
        var files: [LoadedFile?] = []
        var links: [SiteLinks.Page?] = []
        var versions: [String?] = []
        var stale: [(index: Int, file: ContentFile)] = []
        for (index, file) in found.files.enumerated() {
            let version: String?
            if let bytes = configuration.unsaved[loader.fileSystemPath(file.path)] {
                version = "unsaved \(FNV1a.hex(of: bytes))"
            } else if let stamp = file.stamp, stamp.modifiedNanoseconds < trustedBefore {
                version = "disk \(stamp)"
            } else {
                version = nil
            }
            versions.append(version)
            if let version, let known = parsed[file.path], known.version == version,
                known.loaded.file.relativePath == file.relativePath
            {
                var reused = known.loaded
                reused.file = file
                files.append(reused)
                links.append(known.links)
            } else {
                files.append(nil)
                links.append(nil)
                stale.append((index, file))
            }
        }
        let fresh = stale.map(\.file).parallelMap { file -> (LoadedFile, SiteLinks.Page?) in
            let loaded = loader.parse(file)
            return (loaded, Self.links(of: loaded))
        }
        for (entry, (loaded, page)) in zip(stale, fresh) {
            files[entry.index] = loaded
            links[entry.index] = page
        }
        let all = files.map { $0! }
        parsed = [:]
        for index in all.indices {
            if let version = versions[index] {
                parsed[all[index].file.path] = Parsed(version: version, loaded: all[index], links: links[index])
            }
        }
        var result = loader.assemble(all)
        result.diagnostics = (found.diagnostics + result.diagnostics).sortedByLocation()
        return (result, links.compactMap { $0 })
    }

    private static func links(of loaded: LoadedFile) -> SiteLinks.Page? {
        switch loaded.page {
        case .spec(let spec): return SiteLinks.page(of: spec)
        case .page(let page): return SiteLinks.page(of: page)
        case nil: return nil
        }
    }
}
