import Foundation
import SiteBuilder
import SpecModel
import SpecParser
import SpecRunner
import Utilities

/// What `Pipeline`'s lint and check keep between runs for a client that runs them again and
/// again on content that changes a page at a time (the language server): pass the same
/// session to `Pipeline.lint(session:edited:)` and `Pipeline.check(session:)`. The results are
/// those of `lint()` and `check()` on the same configuration, with the work that did not
/// change reused.
///
/// - Each file is parsed once per version: an editor's unsaved text is known by a hash of its
///   bytes, a file on the disk by its stamp (a stamp younger than `racyMargin` is not
///   trusted, as `IncrementalBuild` does not trust it). Only the parse of what changed is done
///   again; the link check's view of each page is kept with it.
/// - An edit to files the content holds (`edited`) re-reads nothing else: the folders are
///   listed again, and the disk's files compared, by the next run without one.
/// - The lint of the same versions of the same files is not done twice: the check after a
///   pause starts from the lint of the last edit.
/// - The flows' explorations come from the configuration's cache (the tool's, as the
///   commands use it), which keeps them in this process's memory after the first: the check
///   explores nothing after the first time.
public final class EditorSession: @unchecked Sendable {
    /// What each file held when last parsed, by path as listed, with the version it was and
    /// what the link check reads of it.
    private var parsed: [String: Parsed] = [:]
    /// The files the last listing found, and its findings (a folder with no page), for the
    /// roots and folder it listed.
    private var listing: Listing?
    /// The last lint, and the versions of the files it read.
    private var linted: (key: LintKey, result: PipelineResult)?

    /// How a file was known when parsed: the hash of the editor's text, or the disk's stamp.
    fileprivate enum Version: Hashable {
        case unsaved(String)
        case disk(FileStamp)
    }

    private struct Parsed {
        var version: Version
        var loaded: LoadedFile
        var links: SiteLinks.Page?
    }

    private struct Listing {
        var roots: [String]
        var workingDirectory: URL
        var files: [ContentFile]
        var diagnostics: [Diagnostic]
        /// Each file's path to read.
        var paths: Set<String>
    }

    /// What a lint read: the same key gives the same result.
    struct LintKey: Equatable {
        fileprivate var roots: [String]
        fileprivate var workingDirectory: URL
        fileprivate var strict: Bool
        /// The files found, as listed, at the versions read.
        fileprivate var files: [ContentFile]
        fileprivate var versions: [Version]
        /// What the listing itself found (a symbolic link loop, a folder with no page).
        fileprivate var listingDiagnostics: [Diagnostic]
    }

    /// The content as read for a lint: what the loader gives, every page as the link check
    /// reads it (nil: as the content has them), and the versions read (nil when one of them
    /// could not be trusted, or without a session).
    struct Read {
        var loaded: ContentLoader.Result
        var linkPages: [SiteLinks.Page]?
        var key: LintKey? = nil
    }

    /// One run at a time: a session holds one set of parsed files.
    private let lock = NSLock()

    public init() {}

    /// The content, reusing each file parsed before at the same version. `edited` names the
    /// files (by the path to read, `ContentLoader.fileSystemPath`) whose text is all that
    /// changed since the last read, as in an editor's change to a document: when the last
    /// listing holds them all, the folders are not listed again.
    func read(_ configuration: PipelineConfiguration, edited: Set<String>?) throws(ContentLoader.MissingPath) -> Read {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try load(configuration, edited: edited)
        } catch {
            linted = nil
            throw error
        }
    }

    /// The lint remembered for what `key` read, if it is the last one.
    func lint(for key: LintKey?) -> PipelineResult? {
        lock.withLock {
            guard let key, let linted, linted.key == key else { return nil }
            return linted.result
        }
    }

    /// Remembers the lint of what `key` read.
    func remember(_ result: PipelineResult, for key: LintKey?) {
        lock.withLock { linted = key.map { ($0, result) } }
    }

    /// `ContentLoader.load(paths:)`, reusing each file parsed before at the same version.
    private func load(
        _ configuration: PipelineConfiguration, edited: Set<String>?
    ) throws(ContentLoader.MissingPath)
        -> Read
    {
        let loader = ContentLoader(
            workingDirectory: configuration.workingDirectory.path, unsaved: configuration.unsaved)
        let found = try files(configuration, loader: loader, edited: edited)
        let trustedBefore = Int64(Date().timeIntervalSince1970 * 1e9) - IncrementalBuild.racyMargin
        var files: [LoadedFile?] = []
        var links: [SiteLinks.Page?] = []
        var versions: [Version?] = []
        var stale: [(index: Int, file: ContentFile)] = []
        files.reserveCapacity(found.files.count)
        links.reserveCapacity(found.files.count)
        versions.reserveCapacity(found.files.count)
        for (index, file) in found.files.enumerated() {
            let version: Version?
            if let bytes = configuration.unsaved[loader.fileSystemPath(file.path)] {
                version = .unsaved(FNV1a.hex(of: bytes))
            } else if let stamp = file.stamp, stamp.modifiedNanoseconds < trustedBefore {
                version = .disk(stamp)
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
        for (entry, loaded) in zip(stale, fresh) {
            if let version = versions[entry.index] {
                parsed[entry.file.path] = Parsed(version: version, loaded: loaded.0, links: loaded.1)
            } else {
                parsed[entry.file.path] = nil
            }
        }
        if parsed.count > all.count {
            // Files gone since: forget them.
            let paths = Set(found.files.map(\.path))
            parsed = parsed.filter { paths.contains($0.key) }
        }
        let trusted = versions.allSatisfy { $0 != nil }
        var result = loader.assemble(all)
        result.diagnostics = (found.diagnostics + result.diagnostics).sortedByLocation()
        return Read(
            loaded: result, linkPages: links.compactMap { $0 },
            key: trusted
                ? LintKey(
                    roots: configuration.roots, workingDirectory: configuration.workingDirectory,
                    strict: configuration.strict, files: found.files, versions: versions.map { $0! },
                    listingDiagnostics: found.diagnostics) : nil)
    }

    /// The content's files: the last listing's, when the call names the files edited and that
    /// listing holds them all; otherwise the folders listed again.
    private func files(
        _ configuration: PipelineConfiguration, loader: ContentLoader, edited: Set<String>?
    ) throws(ContentLoader.MissingPath) -> (files: [ContentFile], diagnostics: [Diagnostic]) {
        if let edited, let listing, listing.roots == configuration.roots,
            listing.workingDirectory == configuration.workingDirectory
        {
            if edited.isSubset(of: listing.paths) { return (listing.files, listing.diagnostics) }
        }
        listing = nil
        let found = try loader.files(at: configuration.roots)
        listing = Listing(
            roots: configuration.roots, workingDirectory: configuration.workingDirectory, files: found.files,
            diagnostics: found.diagnostics, paths: Set(found.files.map { loader.fileSystemPath($0.path) }))
        return found
    }

    private static func links(of loaded: LoadedFile) -> SiteLinks.Page? {
        switch loaded.page {
        case .spec(let spec): return SiteLinks.page(of: spec)
        case .page(let page): return SiteLinks.page(of: page)
        case nil: return nil
        }
    }
}
