import Foundation
import SpecModel
import Utilities

/// Where a build's files go, and what it remembers of the previous build into the same place,
/// so that the next one renders only what changed: a folder on disk (`build`) or memory
/// (`preview`, the editor). The incremental build is the same for both.
protocol SiteSink: AnyObject, Sendable {
    /// The output as messages name it.
    var name: String { get }
    /// What the previous build into this sink made, when everything it wrote is still as it
    /// wrote it; nil means the next build is a full one.
    func previousBuild() -> BuildManifest?
    /// Starts writing: a whole new site (`full`), or changed files of the previous one.
    func begin(full: Bool) throws(SiteWriter.Failure) -> any SiteTransaction
    /// Keeps what this build made, for the next.
    func remember(_ manifest: BuildManifest)
    /// Forgets the previous build before the output changes, so that a build cut off halfway
    /// is followed by a full one.
    func forgetPreviousBuild()
}

/// The files of one build on their way into a sink; safe to write to from several threads.
protocol SiteTransaction: AnyObject, Sendable {
    /// Writes one file of the site, by path relative to its root.
    func write(_ path: String, _ bytes: [UInt8]) throws
    /// Puts every written file in place and removes `removed` (files of the previous build no
    /// longer made); returns each file written with its stamp.
    func commit(removing removed: [String]) throws(SiteWriter.Failure) -> [String: FileStamp]
    /// Drops what was written; the sink stays as it was.
    func abandon()
}

// MARK: - A folder on disk

/// A folder that holds one whole build at a time (see `SiteWriter`), with the manifest of the
/// build it holds kept in the tool's cache (never in the site, whose bytes must not depend on
/// the machine). Without a cache every build is a full one.
final class FolderSink: SiteSink, @unchecked Sendable {
    let output: URL
    private let cache: ToolCache?
    /// Held as long as the sink lives: a second build into the same folder waits.
    private let lock: OutputLock

    var name: String { output.relativePath }

    /// Takes the output's lock, calling `waiting` once if another build holds it.
    init(output: URL, cache: ToolCache?, waiting: () -> Void) throws(SiteWriter.Failure) {
        self.output = output
        self.cache = cache
        lock = try OutputLock(for: output, waiting: waiting)
    }

    func previousBuild() -> BuildManifest? {
        guard let cache, SiteWriter.isPreviousBuild(output),
            let manifest = BuildManifest.load(for: output, in: cache.store), intact(manifest)
        else { return nil }
        return manifest
    }

    func begin(full: Bool) throws(SiteWriter.Failure) -> any SiteTransaction {
        full
            ? FolderStaging(try SiteWriter.Staging(output: output))
            : FolderUpdate(try SiteWriter.Update(output: output))
    }

    func remember(_ manifest: BuildManifest) {
        guard let cache else { return }
        manifest.save(for: output, in: cache.store)
        cache.trim()
    }

    func forgetPreviousBuild() {
        guard let cache else { return }
        BuildManifest.forget(for: output, in: cache.store)
    }

    /// Whether every file the build of `manifest` wrote is still as it wrote it.
    private func intact(_ manifest: BuildManifest) -> Bool {
        var folders: [Substring: Int32] = [:]
        defer { for descriptor in folders.values where descriptor >= 0 { close(descriptor) } }
        for file in manifest.outputs {
            let slash = file.path.lastIndex(of: "/")
            let folder = slash.map { file.path[..<$0] } ?? ""
            let name = slash.map { String(file.path[file.path.index(after: $0)...]) } ?? file.path
            let descriptor =
                folders[folder]
                ?? {
                    let opened = open(output.path + "/" + folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                    folders[folder] = opened
                    return opened
                }()
            guard descriptor >= 0, FileStamp(directory: descriptor, name: name) == file.stamp else { return false }
        }
        return true
    }
}

/// A whole new site staged beside the folder and swapped in.
private final class FolderStaging: SiteTransaction, @unchecked Sendable {
    let staging: SiteWriter.Staging
    init(_ staging: SiteWriter.Staging) { self.staging = staging }

    func write(_ path: String, _ bytes: [UInt8]) throws { try staging.write(path, bytes) }

    func commit(removing removed: [String]) throws(SiteWriter.Failure) -> [String: FileStamp] {
        try staging.commit()
    }

    func abandon() { staging.abandon() }
}

/// Changed files staged beside the folder and renamed into it.
private final class FolderUpdate: SiteTransaction, @unchecked Sendable {
    let update: SiteWriter.Update
    init(_ update: SiteWriter.Update) { self.update = update }

    func write(_ path: String, _ bytes: [UInt8]) throws { try update.write(path, bytes) }

    func commit(removing removed: [String]) throws(SiteWriter.Failure) -> [String: FileStamp] {
        try update.commit(removing: removed)
    }

    func abandon() { update.abandon() }
}

// MARK: - Memory

/// The site in memory, for `preview` and the editor: each build replaces only the files it
/// rendered, and the previous build is always intact.
public final class MemorySink: SiteSink, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: Data] = [:]
    private var manifest: BuildManifest?

    public init() {}

    var name: String { "memory" }

    /// Every file of the last build, by path relative to the site's root.
    public var site: [String: Data] {
        lock.withLock { files }
    }

    func previousBuild() -> BuildManifest? {
        lock.withLock { manifest }
    }

    func begin(full: Bool) throws(SiteWriter.Failure) -> any SiteTransaction {
        MemoryTransaction(sink: self, full: full)
    }

    func remember(_ manifest: BuildManifest) {
        lock.withLock { self.manifest = manifest }
    }

    func forgetPreviousBuild() {
        lock.withLock { manifest = nil }
    }

    fileprivate func apply(_ written: [String: Data], full: Bool, removing removed: [String]) {
        lock.withLock {
            if full { files = [:] }
            for path in removed { files[path] = nil }
            files.merge(written) { _, new in new }
        }
    }

    /// The stamp a file in memory is recorded with: memory is never changed behind a build's
    /// back, so any constant does.
    static let stamp = FileStamp(device: 0, inode: 0, size: 0, seconds: 0, nanoseconds: 0)
}

private final class MemoryTransaction: SiteTransaction, @unchecked Sendable {
    private let sink: MemorySink
    private let full: Bool
    private let lock = NSLock()
    private var written: [String: Data] = [:]

    init(sink: MemorySink, full: Bool) {
        self.sink = sink
        self.full = full
    }

    func write(_ path: String, _ bytes: [UInt8]) throws {
        lock.withLock { written[path] = Data(bytes) }
    }

    func commit(removing removed: [String]) throws(SiteWriter.Failure) -> [String: FileStamp] {
        let files = lock.withLock { written }
        sink.apply(files, full: full, removing: removed)
        return files.mapValues { _ in MemorySink.stamp }
    }

    func abandon() {
        lock.withLock { written = [:] }
    }
}
