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
        /// Told the findings of each page read afresh that need no other page, as soon as that
        /// page is read (on any thread, in no set order): the language server publishes them
        /// while the rest of the content is still being read.
        var pageRead: (@Sendable ([Diagnostic]) -> Void)? = nil
    }

    /// One page as a request finds it: its record, and its parse unless it is known by its
    /// record alone (a prose page of a build that did not change).
    struct Page: Sendable {
        var record: PageRecord
        /// The parse, boxed: a snapshot of a thousand pages copies one reference a page, not
        /// every part of each page's parse.
        private var parsed: Parsed?

        init(record: PageRecord, loaded: LoadedFile?) {
            self.record = record
            parsed = loaded.map(Parsed.init)
        }

        var loaded: LoadedFile? {
            get { parsed?.loaded }
            set { parsed = newValue.map(Parsed.init) }
        }

        var isParsed: Bool { parsed != nil }

        /// The page as found at `file`: the same parse, under the file's stamp as listed now.
        func found(at file: ContentFile) -> Page {
            guard let parsed, parsed.loaded.file != file else { return self }
            var loaded = parsed.loaded
            loaded.file = file
            return Page(record: record, loaded: loaded)
        }

        private final class Parsed: Sendable {
            let loaded: LoadedFile
            init(_ loaded: LoadedFile) { self.loaded = loaded }
        }
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
                case .translation(let translation): content.translations.append(translation)
                case nil: if let stub = page.record.stub { content.pages.append(stub) }
                }
            }
            return content
        }

        /// The versions read, in order, with the roots: equal for two snapshots of the same
        /// content.
        var key: Key {
            Key(
                roots: roots.map { [$0.given, $0.folder] },
                pages: pages.map { [$0.record.path, $0.record.relativePath, $0.record.hash] },
                listingFindings: listingFindings.map(\.description))
        }

        /// What a snapshot read: the strings of each page are the page's own, so making one
        /// for a thousand pages copies references, not text.
        struct Key: Equatable, Sendable {
            var roots: [[String]]
            var pages: [[String]]
            var listingFindings: [String]
        }
    }

    static let racyMargin: Int64 = 1_000_000_000

    /// The flows the specs are checked against, made when a spec is first read.
    let lazyFlows: LazyFlows
    var flows: FlowRegistry { lazyFlows.registry }
    let clock: any WallClock
    let trees: Trees
    private let lock = NSLock()
    /// Each page known, by its path to read.
    private var entries: [String: Page] = [:]
    private var listing: Listing?
    private var counts = Statistics()

    private struct Listing {
        var roots: [String]
        var workingDirectory: URL
        var contentRoots: [ContentRoot]
        var files: [ContentFile]
        var findings: [Diagnostic]
        /// Each file's path to read (where an editor's text for it is found), in the order
        /// of `files`.
        var fileSystemPaths: [String]
        /// Each file's path as listed, by its path to read.
        var listed: [String: String]
    }

    /// What a store keeps of a page's Markdown once it has read it.
    enum Trees: Sendable {
        /// The page's tree and its prose blocks: an editor's features read them.
        case kept
        /// The prose blocks, not the page's tree: a page read on its own for one answer (its
        /// links, its findings) and let go after.
        case prose
        /// Neither, for a prose page: its HTML is rendered as it is read, and its tree, about
        /// 17 bytes a byte of Markdown, let go. Its record has its anchors and links. A build's
        /// store, and a lint's or a check's: their model can still be rendered, and a thousand
        /// large pages do not hold a thousand trees.
        case rendered
    }

    /// A store that checks specs against `flows` (made when first needed), trusting stamps by
    /// `clock`, that knows the pages of `records` (a build's manifest) without their parse,
    /// and keeps of each page's Markdown what `trees` says.
    init(
        flows: LazyFlows, clock: any WallClock = SystemClock(), records: [PageRecord] = [], trees: Trees = .rendered
    ) {
        lazyFlows = flows
        self.clock = clock
        self.trees = trees
        entries.reserveCapacity(records.count)
        for record in records where record.version != nil { entries[record.path] = Page(record: record, loaded: nil) }
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
            if !request.unsaved.isEmpty, let bytes = request.unsaved[found.fileSystemPaths[index]] {
                (version, trusted) = (.text(FNV1a.hex(of: bytes)), true)
            } else if let stamp = file.stamp {
                (version, trusted) = (.disk(stamp), stamp.modifiedNanoseconds < trustedBefore)
            } else {
                (version, trusted) = (nil, false)
            }
            if !trusted { isTrusted = false }
            if let version, let known = entries[file.path], known.record.isTrusted, known.record.version == version,
                known.record.relativePath == file.relativePath,
                // Known by its record alone, and wanted with its parse: read it again.
                known.isParsed || !(request.parsesEveryPage || known.record.kind == nil)
            {
                pages.append(known.found(at: file))
            } else {
                stale.append((index, file, version, trusted))
                pages.append(nil)
            }
        }
        let flows = lazyFlows
        let trees = self.trees
        let pageRead = request.pageRead
        let fresh = stale.parallelMap { entry in
            let read = Self.read(
                entry.file, version: entry.version, trusted: entry.trusted, loader: loader, flows: flows,
                trees: trees)
            pageRead?(read.record.findings)
            return read
        }
        for (entry, read) in zip(stale, fresh) {
            if !read.record.isTrusted { isTrusted = false }
            let page = Page(record: read.record, loaded: read.loaded)
            pages[entry.index] = page
            entries[entry.file.path] = page
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
            file, version: page.record.version, trusted: page.record.isTrusted, loader: loader, flows: lazyFlows,
            trees: trees)
        lock.withLock {
            counts.parses += 1
            count(read.rulesRun)
            if page.record.version != nil, read.record.hash == page.record.hash {
                entries[file.path] = Page(record: read.record, loaded: read.loaded)
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
                flows: lazyFlows, runsRules: false, trees: .prose)
            lock.withLock {
                counts.parses += 1
                if version != nil { entries[key] = Page(record: read.record, loaded: nil) }
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
            flows: lazyFlows, trees: .kept)
        lock.withLock {
            counts.parses += 1
            count(read.rulesRun)
        }
        return read.loaded
    }

    /// The findings of one editor's text of the page at `path` (a path to read) that need no
    /// other page (the reader's, the page's rules', its flow's), the page named as the listing
    /// of `request` names it; nil for a file under none of its roots. What the language server
    /// publishes for a page just opened, before the lint of the content.
    func ownFindings(of path: String, text: [UInt8], request: Request) -> [Diagnostic]? {
        let loader = ContentLoader(workingDirectory: request.workingDirectory.path, unsaved: [path: text])
        for given in request.roots {
            let onDisk = URL(fileURLWithPath: loader.fileSystemPath(given)).standardizedFileURL.path
            let inside = onDisk == "/" ? "/" : onDisk + "/"
            let file: ContentFile
            if path == onDisk {
                file = ContentFile(path: given, relativePath: (path as NSString).lastPathComponent)
            } else if path.hasPrefix(inside) {
                // As `ContentLoader.files(at:)` joins a folder root and a file under it.
                let relative = String(path.dropFirst(inside.count))
                let folder = given.hasSuffix("/") ? String(given.dropLast()) : given
                file = ContentFile(path: folder + "/" + relative, relativePath: relative)
            } else {
                continue
            }
            let root = ContentRoot.resolve(given, onDisk: onDisk)
            let read = Self.read(
                ContentFile(path: file.path, relativePath: root.relative(file.relativePath)),
                version: .text(FNV1a.hex(of: text)), trusted: true, loader: loader, flows: lazyFlows, trees: .prose)
            lock.withLock {
                counts.parses += 1
                count(read.rulesRun)
            }
            return read.record.findings
        }
        return nil
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
    ) throws(ContentLoader.MissingPath) -> (
        roots: [ContentRoot], files: [ContentFile], fileSystemPaths: [String], findings: [Diagnostic]
    ) {
        if let edited = request.edited, let listing, listing.roots == request.roots,
            listing.workingDirectory == request.workingDirectory, edited.allSatisfy({ listing.listed[$0] != nil })
        {
            return (listing.contentRoots, listing.files, listing.fileSystemPaths, listing.findings)
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
            // A file named twice (a folder and a file in it, or two spellings of one path:
            // `./content/page.md`, `content/../content/page.md`) is read once. The spellings
            // are compared as written, `.` and `..` taken out: resolving links would cost a
            // system call per component of every file's path, on every edit.
            for var file in found.files
            where seen.insert(
                URL(fileURLWithPath: loader.fileSystemPath(file.path), isDirectory: false).standardized.path
            ).inserted {
                file.relativePath = root.relative(file.relativePath)
                files.append(file)
            }
        }
        let fileSystemPaths = files.map { loader.fileSystemPath($0.path) }
        listing = Listing(
            roots: request.roots, workingDirectory: request.workingDirectory, contentRoots: roots, files: files,
            findings: findings, fileSystemPaths: fileSystemPaths,
            listed: Dictionary(zip(fileSystemPaths, files.map(\.path)), uniquingKeysWith: { first, _ in first }))
        return (roots, files, fileSystemPaths, findings)
    }

    // MARK: - Reading a page

    /// Reads and parses one file (or its unsaved text) and runs the rules of the page alone.
    private static func read(
        _ file: ContentFile, version: SourceVersion?, trusted: Bool, loader: ContentLoader, flows: LazyFlows,
        runsRules: Bool = true, trees: Trees
    ) -> (record: PageRecord, loaded: LoadedFile, rulesRun: [String]) {
        let loaded = loader.parse(file)
        return finish(loaded, version: version, trusted: trusted, flows: flows, runsRules: runsRules, trees: trees)
    }

    private static func read(
        _ file: ContentFile, bytes: [UInt8], loader: ContentLoader, flows: LazyFlows
    ) -> (record: PageRecord, loaded: LoadedFile, rulesRun: [String]) {
        finish(
            loader.parse(bytes, as: file), version: nil, trusted: false, flows: flows, runsRules: true,
            trees: .prose)
    }

    /// The rules of a page's model and, on a spec page whose structure reads without errors
    /// (so that one mistake is not reported again as its consequences), of its flow.
    private static func finish(
        _ loaded: LoadedFile, version: SourceVersion?, trusted: Bool, flows: LazyFlows, runsRules: Bool,
        trees: Trees
    ) -> (record: PageRecord, loaded: LoadedFile, rulesRun: [String]) {
        var findings = loaded.diagnostics
        var ran = [LintRules.read.name]
        // A translation file's findings are its reader's; what it says of its spec is the
        // `translations` rule's, across pages.
        if runsRules, let page = loaded.page, !page.isTranslation {
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
        var kept = loaded
        if trees != .kept { kept.document = nil }
        if trees == .rendered {
            // The record has the page's anchors and links: the tree has done its work.
            if case .page(var page) = loaded.page {
                page.renderedBody = ProseHTML.body(of: page)
                for index in page.body.indices { page.body[index].block = nil }
                kept.page = .page(page)
            }
        }
        // A file that could not be read is read again next time, whatever its stamp says: a
        // permission given back or a passing I/O error changes no stamp.
        let readable = !loaded.hash.isEmpty
        return (
            PageRecord(loaded, version: version, isTrusted: trusted && readable, findings: findings), kept, ran
        )
    }

    private func count(_ rules: [String]) {
        for rule in rules { counts.ruleRuns[rule, default: 0] += 1 }
    }
}
