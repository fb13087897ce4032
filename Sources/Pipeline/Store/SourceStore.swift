import Foundation
import SiteBuilder
import SpecModel
import SpecParser
import SpecRunner
import Utilities

/// The content's pages, each known by its path and version: the one place that lists the
/// folders, reads the files (or an editor's unsaved text instead), parses them, and runs the
/// rules of each page alone, keeping what it found with the version it found it in. `lint`,
/// `check`, `build`, `preview` and the language server all read pages through it; a store
/// kept between runs (the editor's, the preview's, a build's from its manifest) reads and
/// parses again only the pages whose version changed.
///
/// A version is the hash of an editor's text, or the file's stamp on the disk. A stamp is
/// trusted once it is `racyMargin` older than the store's clock: file systems keep times in
/// ticks of a coarse clock, so a rewrite of the same size within a tick keeps its stamp.
final class SourceStore: @unchecked Sendable {
    /// How much work the store has done since it was made: tests count it.
    struct Statistics: Sendable, Equatable {
        /// Pages read and parsed.
        var parses = 0
        /// Times the folders were listed.
        var listings = 0
        /// Runs of each rule of a page or a flow, and of each rule across pages, by rule name.
        var ruleRuns: [String: Int] = [:]
    }

    /// What a run asks of the store.
    struct Request: Sendable {
        var roots: [String]
        var workingDirectory: URL
        /// The text of files an editor holds and has not saved, by file-system path.
        var unsaved: [String: [UInt8]] = [:]
        /// The files (by file-system path) whose text is all that changed since the last
        /// request, when that is known: the last listing is reused when it holds them all.
        var edited: Set<String>? = nil
        /// Whether every page comes with its parse; otherwise a page known from its record
        /// (a build's manifest) stays a record until it is asked for (`loaded`): a build that
        /// renders one prose page reads that page alone.
        var parsesEveryPage = true
    }

    /// One page as a request finds it: its record, and its parse unless it is known by its
    /// record alone (a prose page of a build that did not change).
    struct Page: Sendable {
        var record: PageRecord
        var loaded: LoadedFile?
    }

    /// The content as one request finds it.
    struct Snapshot: Sendable {
        var roots: [ContentRoot]
        var pages: [Page]
        /// What listing the folders found (a folder with no page, a link leading out).
        var listingFindings: [Diagnostic]
        /// Whether every page's version could be trusted: only then is a lint of the same
        /// versions the same lint.
        var isTrusted: Bool

        /// The model: every spec and page read, and each prose page known by its record alone
        /// by its ID, title and path.
        var content: ContentSet {
            var content = ContentSet()
            for page in pages {
                switch page.loaded?.page {
                case .spec(let spec): content.specs.append(spec)
                case .page(let read): content.pages.append(read)
                case nil: if let stub = page.record.stub { content.pages.append(stub) }
                }
            }
            return content
        }

        /// The versions read, in order, with the roots: equal for two snapshots of the same
        /// content.
        var key: [String] {
            roots.map { "\($0.given)\u{0}\($0.folder)" }
                + pages.map { "\($0.record.path)\u{0}\($0.record.relativePath)\u{0}\($0.record.hash)" }
                + listingFindings.map(\.description)
        }
    }

    static let racyMargin: Int64 = 1_000_000_000

    /// The flows the specs are checked against, made when a spec is first read.
    let lazyFlows: LazyFlows
    var flows: FlowRegistry { lazyFlows.registry }
    let clock: any WallClock
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var listing: Listing?
    private var counts = Statistics()

    private struct Entry {
        var record: PageRecord
        var loaded: LoadedFile?
    }

    private struct Listing {
        var roots: [String]
        var workingDirectory: URL
        var contentRoots: [ContentRoot]
        var files: [ContentFile]
        var findings: [Diagnostic]
        /// Each file's path as listed, by its path to read.
        var listed: [String: String]
        var paths: Set<String> { Set(listed.keys) }
    }

    /// A store that checks specs against `flows` (made when first needed), trusting stamps by
    /// `clock`, that knows the
    /// pages of `records` (a build's manifest) without their parse.
    init(flows: LazyFlows, clock: any WallClock = SystemClock(), records: [PageRecord] = []) {
        lazyFlows = flows
        self.clock = clock
        entries.reserveCapacity(records.count)
        for record in records where record.version != nil { entries[record.path] = Entry(record: record) }
    }

    /// How much work the store has done.
    var statistics: Statistics { lock.withLock { counts } }

    /// The record of every page the store knows, for a build's manifest.
    var records: [PageRecord] {
        lock.withLock { entries.values.map(\.record).filter { $0.version != nil }.sorted { $0.path < $1.path } }
    }

    // MARK: - Snapshots

    /// The content as `request` finds it: the folders listed (or the last listing, when the
    /// request names the files edited and the listing holds them), each page read and parsed
    /// again only if its version changed, and the rules of each page run on what was read.
    func snapshot(_ request: Request) throws(ContentLoader.MissingPath) -> Snapshot {
        lock.lock()
        defer { lock.unlock() }
        let loader = ContentLoader(workingDirectory: request.workingDirectory.path, unsaved: request.unsaved)
        let found = try list(request, loader: loader)
        let trustedBefore = clock.now() - Self.racyMargin
        var pages: [Page?] = []
        var stale: [(index: Int, file: ContentFile, version: SourceVersion?, trusted: Bool)] = []
        var isTrusted = true
        pages.reserveCapacity(found.files.count)
        for (index, file) in found.files.enumerated() {
            let version: SourceVersion?
            let trusted: Bool
            if let bytes = request.unsaved[loader.fileSystemPath(file.path)] {
                (version, trusted) = (.text(FNV1a.hex(of: bytes)), true)
            } else if let stamp = file.stamp {
                (version, trusted) = (.disk(stamp), stamp.modifiedNanoseconds < trustedBefore)
            } else {
                (version, trusted) = (nil, false)
            }
            if !trusted { isTrusted = false }
            if let version, var known = entries[file.path], known.record.isTrusted, known.record.version == version,
                known.record.relativePath == file.relativePath
            {
                if request.parsesEveryPage || known.record.kind == nil, known.loaded == nil {
                    // Known by its record alone, and wanted with its parse: read it again.
                    stale.append((index, file, version, trusted))
                    pages.append(nil)
                    continue
                }
                known.loaded?.file = file
                pages.append(Page(record: known.record, loaded: known.loaded))
            } else {
                stale.append((index, file, version, trusted))
                pages.append(nil)
            }
        }
        let flows = lazyFlows
        let fresh = stale.parallelMap { entry in
            Self.read(entry.file, version: entry.version, trusted: entry.trusted, loader: loader, flows: flows)
        }
        for (entry, read) in zip(stale, fresh) {
            pages[entry.index] = Page(record: read.record, loaded: read.loaded)
            entries[entry.file.path] = Entry(record: read.record, loaded: read.loaded)
            count(read.rulesRun)
        }
        counts.parses += stale.count
        if entries.count > found.files.count {
            // Files gone since: forget them.
            let paths = Set(found.files.map(\.path))
            entries = entries.filter { paths.contains($0.key) }
        }
        return Snapshot(
            roots: found.roots, pages: pages.map { $0! }, listingFindings: found.findings, isTrusted: isTrusted)
    }

    /// A page the snapshot knows by its record alone, read and parsed: a prose page a build
    /// renders again.
    func loaded(_ page: Page, request: Request) -> LoadedFile {
        if let loaded = page.loaded { return loaded }
        let loader = ContentLoader(workingDirectory: request.workingDirectory.path, unsaved: request.unsaved)
        let file = ContentFile(path: page.record.path, relativePath: page.record.relativePath)
        let read = Self.read(
            file, version: page.record.version, trusted: page.record.isTrusted, loader: loader, flows: lazyFlows)
        lock.withLock {
            counts.parses += 1
            count(read.rulesRun)
            if page.record.version != nil, read.record.hash == page.record.hash {
                entries[file.path] = Entry(record: read.record, loaded: read.loaded)
            }
        }
        return read.loaded
    }

    /// The facts of a page of the content outside the paths a request gave, by its path
    /// relative to one of the snapshot's roots: what a link from the pages given to it is
    /// checked against. Nil when no root holds such a page.
    func outside(_ relative: String, roots: [ContentRoot], request: Request) -> SiteLinks.Page? {
        for root in roots {
            let path = root.fileSystemPath(of: relative)
            let unsaved = request.unsaved[path]
            guard unsaved != nil || FileStamp(path: path) != nil else { continue }
            let key = "outside:" + path
            let version: SourceVersion? =
                unsaved.map { .text(FNV1a.hex(of: $0)) } ?? FileStamp(path: path).map { .disk($0) }
            if let version, let known = lock.withLock({ entries[key] }), known.record.version == version {
                return known.record.links
            }
            let loader = ContentLoader(unsaved: request.unsaved)
            let read = Self.read(
                ContentFile(path: path, relativePath: relative), version: version, trusted: false, loader: loader,
                flows: lazyFlows, runsRules: false)
            lock.withLock {
                counts.parses += 1
                if version != nil { entries[key] = Entry(record: read.record) }
            }
            return read.record.links
        }
        return nil
    }

    /// One editor's text of a page, parsed once per version: what the language server's
    /// features read (the same parse the lint of that version reads, when the lint has run).
    func page(at path: String, text: [UInt8], relativePath: String) -> LoadedFile {
        let version = SourceVersion.text(FNV1a.hex(of: text))
        if let known = lock.withLock({ listing?.listed[path].flatMap { entries[$0] } }),
            known.record.version == version,
            let loaded = known.loaded
        {
            return loaded
        }
        let loader = ContentLoader(unsaved: [path: text])
        let read = Self.read(
            ContentFile(path: path, relativePath: relativePath), version: version, trusted: true, loader: loader,
            flows: lazyFlows)
        lock.withLock {
            counts.parses += 1
            count(read.rulesRun)
        }
        return read.loaded
    }

    /// Reads an earlier version of pages (bytes from git), named `file.path` in diagnostics;
    /// nothing is kept.
    func read(revision files: [(file: ContentFile, bytes: [UInt8])]) -> Snapshot {
        let flows = lazyFlows
        let loader = ContentLoader()
        let pages = files.parallelMap { entry in
            let read = Self.read(entry.file, bytes: entry.bytes, loader: loader, flows: flows)
            return Page(record: read.record, loaded: read.loaded)
        }
        lock.withLock { counts.parses += files.count }
        return Snapshot(roots: [], pages: pages, listingFindings: [], isTrusted: true)
    }

    /// Counts a run of each rule across pages.
    func countAcrossPages(_ rules: [LintRule]) {
        lock.withLock { count(rules.map(\.name)) }
    }

    // MARK: - Listing

    private func list(
        _ request: Request, loader: ContentLoader
    ) throws(ContentLoader.MissingPath) -> (roots: [ContentRoot], files: [ContentFile], findings: [Diagnostic]) {
        if let edited = request.edited, let listing, listing.roots == request.roots,
            listing.workingDirectory == request.workingDirectory, edited.isSubset(of: listing.paths)
        {
            return (listing.contentRoots, listing.files, listing.findings)
        }
        listing = nil
        counts.listings += 1
        let roots = request.roots.map { ContentRoot.resolve($0, onDisk: loader.fileSystemPath($0)) }
        var files: [ContentFile] = []
        var findings: [Diagnostic] = []
        var seen = Set<String>()
        for root in roots {
            let found = try loader.files(at: [root.given])
            findings += found.diagnostics
            // A file named twice (a folder and a file in it) is read once.
            for var file in found.files where seen.insert(file.path).inserted {
                file.relativePath = root.relative(file.relativePath)
                files.append(file)
            }
        }
        listing = Listing(
            roots: request.roots, workingDirectory: request.workingDirectory, contentRoots: roots, files: files,
            findings: findings,
            listed: Dictionary(files.map { (loader.fileSystemPath($0.path), $0.path) }, uniquingKeysWith: { a, _ in a })
        )
        return (roots, files, findings)
    }

    // MARK: - Reading a page

    /// Reads and parses one file (or its unsaved text) and runs the rules of the page alone.
    private static func read(
        _ file: ContentFile, version: SourceVersion?, trusted: Bool, loader: ContentLoader, flows: LazyFlows,
        runsRules: Bool = true
    ) -> (record: PageRecord, loaded: LoadedFile, rulesRun: [String]) {
        let loaded = loader.parse(file)
        return finish(loaded, version: version, trusted: trusted, flows: flows, runsRules: runsRules)
    }

    private static func read(
        _ file: ContentFile, bytes: [UInt8], loader: ContentLoader, flows: LazyFlows
    ) -> (record: PageRecord, loaded: LoadedFile, rulesRun: [String]) {
        finish(loader.parse(bytes, as: file), version: nil, trusted: false, flows: flows, runsRules: true)
    }

    /// The rules of a page's model and, on a spec page whose structure reads without errors
    /// (so that one mistake is not reported again as its consequences), of its flow.
    private static func finish(
        _ loaded: LoadedFile, version: SourceVersion?, trusted: Bool, flows: LazyFlows, runsRules: Bool
    ) -> (record: PageRecord, loaded: LoadedFile, rulesRun: [String]) {
        var findings = loaded.diagnostics
        var ran = [LintRules.read.name]
        if runsRules, let page = loaded.page {
            for rule in LintRules.pageRules {
                guard case .page(let body) = rule.body else { continue }
                findings += body(page)
                ran.append(rule.name)
            }
            if case .spec(let spec) = page, !loaded.diagnostics.contains(where: { $0.severity == .error }) {
                for rule in LintRules.flowScopeRules {
                    guard case .flow(let body) = rule.body else { continue }
                    findings += body(spec, flows.registry)
                    ran.append(rule.name)
                }
            }
        }
        return (PageRecord(loaded, version: version, isTrusted: trusted, findings: findings), loaded, ran)
    }

    private func count(_ rules: [String]) {
        for rule in rules { counts.ruleRuns[rule, default: 0] += 1 }
    }
}
