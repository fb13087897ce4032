import Foundation
import ReportModel
import SiteBuilder
import SpecDiff
import SpecModel
import SpecParser
import SpecRunner
import Utilities

/// A build of the site into a sink (a folder or memory), in full or only what changed.
///
/// What the previous build into the same sink was made from (its manifest) says what each
/// file was made from. A file whose stamp has not changed is not read again. When only prose
/// pages changed, and not their titles, only those pages are rendered. When a spec, the home
/// page, a title, a page's diagnostics or the Changes baseline changed, the checks run again
/// and the shared files (spec pages, generated pages, exports) are rendered, with the prose
/// pages whose own inputs changed. Either way the sink ends up with the bytes a clean build
/// would write.
struct IncrementalBuild {
    let configuration: PipelineConfiguration
    let sink: any SiteSink
    let templates: SiteBuilder.Templates
    /// Where the templates' files are, to locate a template's failure.
    let templateLocations: TemplateSet
    /// Made only when the checks run.
    let makeFlows: @Sendable () -> FlowRegistry
    /// What the Changes page compares with, worked out beside the listing.
    let baseline: @Sendable () -> Result<ChangesBaseline.Resolution, PipelineFailure>

    /// When this build began, before it lists the content (see `BuildManifest.listedAt`).
    let listedAt: Int64 = {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }()

    private var roots: [String] { configuration.roots }
    private var strict: Bool { configuration.strict }
    private var cache: ToolCache? { configuration.cache }

    private typealias Source = BuildManifest.Source

    /// How long before a build's listing a file must have last changed for its stamp to be
    /// trusted by the next build: file systems keep times in ticks of a coarse clock, so a
    /// rewrite of the same size within a tick of the listing keeps the stamp it had.
    static let racyMargin: Int64 = 1_000_000_000

    /// What the lint and the checks are made from (see `Preparation`), started once the build
    /// knows it will lint; the checks wait for it.
    private let preparations = DispatchGroup()

    private func prepareLintAndChecks() {
        Preparation.start(
            flows: makeFlows().flows, explorations: cache?.explorations, templates: templates, in: preparations)
    }

    func run() -> PipelineResult {
        let loader = ContentLoader(workingDirectory: configuration.workingDirectory.path)
        // Listing the content (with each file's stamp), checking the previous build's files
        // and asking git for the Changes baseline are each many system calls or a process:
        // they run side by side.
        let (listing, previousAndBaseline) = sideBySide(
            { Result { () throws(ContentLoader.MissingPath) in try loader.files(at: roots) } },
            { (sink.previousBuild(), baseline()) })
        let (candidate, resolved) = previousAndBaseline
        let found: (files: [ContentFile], diagnostics: [Diagnostic])
        do {
            found = try listing.get()
        } catch {
            return Self.failed(PipelineFailure(.usage, .pathNotFound(error.path), argument: error.path))
        }
        let resolution: ChangesBaseline.Resolution
        do {
            resolution = try resolved.get()
        } catch {
            return Self.failed(error)
        }
        let buildKey = Keys.hash(
            ["build 2", cache?.toolFingerprint ?? "", "strict \(strict)", templates.fingerprint]
                + roots + found.diagnostics.map(Self.json))
        let previous = candidate.flatMap { $0.buildKey == buildKey ? $0 : nil }
        // A full build runs the checks: their explorations are read from now on.
        if previous == nil { prepareLintAndChecks() }
        let baselineKey = Self.key(of: resolution)

        // Read only the files whose stamps changed since the previous build.
        // The manifest lists the files in the order they are found; a lookup by path is only
        // needed when files came or went.
        let old = previous?.sources ?? []
        lazy var known = Dictionary(old.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var records: [Source?] = []
        var parsed: [String: LoadedFile] = [:]
        var stale: [(index: Int, file: ContentFile)] = []
        let trustedBefore = (previous?.listedAt ?? 0) - Self.racyMargin
        for (index, file) in found.files.enumerated() {
            let recorded = index < old.count && old[index].path == file.path ? old[index] : known[file.path]
            if let source = recorded, source.relativePath == file.relativePath, source.stamp == file.stamp,
                source.stamp.modifiedNanoseconds < trustedBefore
            {
                records.append(source)
            } else {
                records.append(nil)
                stale.append((index, file))
            }
        }
        // Re-read files whose bytes changed: with the navigation unchanged, exactly the prose
        // pages among them need rendering again.
        var rewritten = Set<String>()
        for (entry, loaded) in zip(stale, stale.map(\.file).parallelMap { loader.parse($0) }) {
            parsed[entry.file.path] = loaded
            records[entry.index] = Self.source(loaded)
            let before = entry.index < old.count ? old[entry.index] : nil
            if before?.path != entry.file.path || before?.hash != loaded.hash {
                rewritten.insert(entry.file.relativePath)
            }
        }
        let sameStructure =
            previous.map { previous in
                previous.sources.count == records.count
                    && zip(previous.sources, records).allSatisfy { old, new in
                        guard let new else { return false }
                        return old.path == new.path && old.kind == new.kind && old.id == new.id
                    }
            } ?? false
        let hasParseErrors = parsed.values.contains { $0.diagnostics.contains { $0.severity == .error } }

        guard let previous, sameStructure, !hasParseErrors else {
            // Pages came, went or changed their IDs, or a page does not parse: read everything,
            // as a clean build does, so that what spans pages is checked and reported in full.
            if previous != nil { prepareLintAndChecks() }
            read(found.files, into: &parsed, with: loader)
            var loaded = loader.assemble(found.files.map { parsed[$0.path]! })
            loaded.diagnostics = (found.diagnostics + loaded.diagnostics).sortedByLocation()
            // A file without a record did not parse (the lint has its errors) or is gone.
            let sources = records.compactMap { $0 }
            return checkAndRender(
                LintStage.lint(loaded, flows: makeFlows(), strict: strict), sources: sources, parsed: parsed,
                keys: Keys(build: buildKey, baseline: baselineKey, sources: sources), previous: previous,
                resolution: resolution, loader: loader)
        }
        let sources = records.map { $0! }
        let keys = Keys(build: buildKey, baseline: baselineKey, sources: sources)
        if keys.shared == previous.sharedKey {
            return renderPages(
                sources.filter { $0.kind == .page && rewritten.contains($0.relativePath) }, of: sources,
                parsed: parsed, keys: keys, previous: previous)
        }
        // A spec, the home page, a title, a page's diagnostics or the baseline changed: the
        // specs and the home page are read (they are few), the rest of the prose stays as the
        // manifest has it.
        prepareLintAndChecks()
        read(zip(sources, found.files).filter { $0.0.kind != .page }.map(\.1), into: &parsed, with: loader)
        var loaded = ContentLoader.Result(content: content(sources, parsed: parsed), diagnostics: [])
        loaded.diagnostics =
            (found.diagnostics
            + zip(sources, found.files).flatMap { source, file in
                parsed[file.path]?.diagnostics ?? Self.diagnostics(fromJSON: source.diagnostics)
            }).sortedByLocation()
        return checkAndRender(
            LintStage.lint(
                loaded, flows: makeFlows(), strict: strict, linkPages: Self.linkPages(sources, parsed: parsed)),
            sources: sources, parsed: parsed, keys: keys, previous: previous, resolution: resolution, loader: loader)
    }

    /// Reads the files not read yet, on every core.
    private func read(_ files: [ContentFile], into parsed: inout [String: LoadedFile], with loader: ContentLoader) {
        for loaded in files.filter({ parsed[$0.path] == nil }).parallelMap({ loader.parse($0) }) {
            parsed[loaded.file.path] = loaded
        }
    }

    // MARK: - The two ways to render

    /// Only prose pages changed, and nothing the other files show: render those pages.
    private func renderPages(
        _ changed: [Source], of sources: [Source], parsed: [String: LoadedFile], keys: Keys, previous: BuildManifest
    ) -> PipelineResult {
        let pages = changed.compactMap { source -> Page? in
            guard case .page(let page) = parsed[source.path]?.page else { return nil }
            return page
        }
        var result = PipelineResult()
        // The links are checked again over every page: an edited page may link elsewhere, or
        // lose an anchor that another page links to.
        let promote = { (diagnostic: Diagnostic) in strict ? diagnostic.promotedToError() : diagnostic }
        let linkIDs: Set<MessageID> = ["link-to-missing-page", "link-to-missing-anchor"]
        result.diagnostics =
            (previous.diagnostics.compactMap(Self.diagnostic(fromJSON:)).filter { !linkIDs.contains($0.id) }
            + SiteLinks.findings(in: Self.linkPages(sources, parsed: parsed)).map(promote)).sortedByLocation()
        result.content = content(sources, parsed: parsed)
        result.checksPassed = previous.passed
        result.stage = .write
        guard !pages.isEmpty else {
            result.output = OutputSummary(name: sink.name, written: [], kept: previous.outputs.count, renderedPages: [])
            // Files saved again with the same bytes have new stamps, and files read again for
            // being too recent are recent no more: keep them, so the next build trusts them.
            if sources != previous.sources || previous.listedAt + Self.racyMargin > listedAt {
                remember(
                    written: [:], kept: previous.outputs, sources: sources, keys: keys, pageKeys: [:],
                    passed: previous.passed, diagnostics: result.diagnostics.map(Self.json))
            }
            return result
        }
        let transaction: any SiteTransaction
        do throws(SiteWriter.Failure) {
            transaction = try sink.begin(full: false)
        } catch {
            return Self.failed(writeFailure(error))
        }
        let rendered = Locked<[String]>([])
        do {
            try SiteBuilder().render(
                content: ContentSet(specs: [], pages: pages), report: RunReport(flows: [], specs: [], diagnostics: []),
                navigation: keys.navigation, selection: .init(shared: false, pages: Set(pages.map(\.path))),
                templates: templates
            ) { path, bytes in
                try transaction.write(path, bytes)
                rendered.withLock { $0.append(path) }
            }
        } catch {
            transaction.abandon()
            return failure(error, diagnostics: result.diagnostics)
        }
        var updated = previous
        updated.diagnostics = result.diagnostics.map(Self.json)
        return commit(
            transaction, written: Set(rendered.withLock { $0 }), sources: sources, keys: keys,
            pageKeys: keys.pages(of: changed), previous: updated, result: result)
    }

    /// Lint clean: run the checks, render the shared files and the prose pages whose inputs
    /// changed (all of them without a previous build), and write them. Prose pages and the
    /// exports of the model alone do not show the run, so they are made on the other core
    /// while the checks run.
    private func checkAndRender(
        _ loaded: ContentLoader.Result, sources: [Source], parsed: [String: LoadedFile], keys: Keys,
        previous: BuildManifest?, resolution: ChangesBaseline.Resolution, loader: ContentLoader
    ) -> PipelineResult {
        var result = PipelineResult()
        result.diagnostics = loaded.diagnostics
        result.content = loaded.content
        result.stage = .lint
        if loaded.hasErrors { return result }
        let pageKeys = keys.pages(of: sources)
        let pages = Keys.changedPages(of: sources, keys: pageKeys, since: previous)
        // The pages to render must be read; the others are known by ID, title and path.
        var parsed = parsed
        read(
            sources.filter { pages.contains($0.relativePath) }.map {
                ContentFile(path: $0.path, relativePath: $0.relativePath)
            }, into: &parsed, with: loader)
        let content = self.content(sources, parsed: parsed)

        // A full build goes to a new site, an incremental one to the changed files.
        let transaction: any SiteTransaction
        do throws(SiteWriter.Failure) {
            transaction = try sink.begin(full: previous == nil)
        } catch {
            return Self.failed(writeFailure(error), diagnostics: loaded.diagnostics)
        }
        sink.forgetPreviousBuild()
        let collected = Locked(Set<String>())
        let write: @Sendable (String, [UInt8]) throws -> Void = { path, bytes in
            try transaction.write(path, bytes)
            collected.withLock { _ = $0.insert(path) }
        }

        let prose = Locked<(any Error)?>(nil)
        let proseDone = DispatchGroup()
        let builder = SiteBuilder()
        let templates = self.templates
        DispatchQueue.global().async(group: proseDone) {
            do {
                try builder.render(
                    content: content, report: RunReport(flows: [], specs: [], diagnostics: []),
                    navigation: keys.navigation,
                    selection: .init(shared: false, pages: pages, exports: .withoutTheRun), templates: templates,
                    write: write)
            } catch {
                prose.withLock { $0 = error }
            }
        }
        let flows = makeFlows()
        preparations.wait()
        let report = CheckStage(flows: flows, cache: cache).run(
            loaded.content, lintDiagnostics: loaded.diagnostics)
        result.report = report
        result.diagnostics = report.diagnostics
        result.stage = .check
        let changes = ChangesStage(configuration: configuration, flows: flows, roots: roots).changes(
            of: Version(content: loaded.content, report: report), since: resolution)
        result.changes = changes
        let shared = Result {
            try builder.render(
                content: content, report: report, changes: changes, navigation: keys.navigation,
                selection: .init(shared: true, pages: [], exports: .ofTheRun), templates: templates,
                diagrams: DiagramLayoutCache.drawer(cache), write: write)
            // The conformance kits follow the specs and the engine, as the shared pages do.
            for file in ConformanceKits.siteFiles(
                content: loaded.content, flows: flows, cache: cache, fingerprint: report.fingerprint)
            {
                try write(file.path, file.bytes)
            }
        }
        proseDone.wait()
        if case .failure(let error) = shared {
            transaction.abandon()
            return failure(error, diagnostics: result.diagnostics, partial: result)
        }
        if let error = prose.withLock({ $0 }) {
            transaction.abandon()
            return failure(error, diagnostics: result.diagnostics, partial: result)
        }
        result.stage = .render

        let written = collected.withLock { $0 }
        var updated =
            previous
            ?? BuildManifest(
                buildKey: keys.build, sharedKey: keys.shared, passed: false, sources: [], outputs: [], diagnostics: [])
        updated.passed = report.passed
        updated.diagnostics = report.diagnostics.map(Self.json)
        return commit(
            transaction, written: written, sources: sources, keys: keys, pageKeys: pageKeys, previous: updated,
            result: result, rewroteShared: true, full: previous == nil)
    }

    /// Puts the written files in place, removes what the build no longer makes, and keeps the
    /// new manifest.
    private func commit(
        _ transaction: any SiteTransaction, written: Set<String>, sources: [Source], keys: Keys,
        pageKeys: [String: String], previous: BuildManifest, result: PipelineResult, rewroteShared: Bool = false,
        full: Bool = false
    ) -> PipelineResult {
        // Kept: prose pages not rendered again, and (when the shared files were not
        // rendered) every shared file. A shared file not rendered again is no longer made.
        let kept =
            full
            ? []
            : previous.outputs.filter { output in
                !written.contains(output.path) && (!rewroteShared || pageKeys[output.path] != nil)
            }
        let keptPaths = Set(kept.map(\.path))
        let removed =
            full ? [] : previous.outputs.map(\.path).filter { !written.contains($0) && !keptPaths.contains($0) }
        sink.forgetPreviousBuild()
        let stamps: [String: FileStamp]
        do throws(SiteWriter.Failure) {
            stamps = try transaction.commit(removing: removed)
        } catch {
            return Self.failed(writeFailure(error), diagnostics: result.diagnostics, partial: result)
        }
        var result = result
        result.stage = .write
        result.output = OutputSummary(
            name: sink.name, written: stamps.keys.sorted(), kept: kept.count,
            renderedPages: written.filter { $0.hasSuffix(".html") }.sorted())
        remember(
            written: stamps, kept: kept, sources: sources, keys: keys, pageKeys: pageKeys, passed: previous.passed,
            diagnostics: previous.diagnostics)
        return result
    }

    private func remember(
        written: [String: FileStamp], kept: [BuildManifest.Output], sources: [Source], keys: Keys,
        pageKeys: [String: String], passed: Bool, diagnostics: [String]
    ) {
        let outputs =
            kept
            + written.map { path, stamp in
                BuildManifest.Output(path: path, stamp: stamp, key: pageKeys[path] ?? keys.shared)
            }
        var manifest = BuildManifest(
            buildKey: keys.build, sharedKey: keys.shared, passed: passed, sources: sources,
            outputs: outputs.sorted { $0.path < $1.path }, diagnostics: diagnostics)
        manifest.listedAt = listedAt
        sink.remember(manifest)
    }

    /// Runs two pieces of work at once, one of them on another core.
    private func sideBySide<First: Sendable, Second: Sendable>(
        _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        let results = [0, 1].parallelMap { task -> (First?, Second?) in task == 0 ? (first(), nil) : (nil, second()) }
        return (results[0].0!, results[1].1!)
    }

    /// What the baseline adds to the shared key: the revision the Changes page compares with.
    private static func key(of resolution: ChangesBaseline.Resolution) -> String {
        switch resolution {
        case .revision(let name, let commit): "revision \(name) \(commit ?? "none")"
        case .unavailable(let why): "unavailable \(why.reason)"
        }
    }

    // MARK: - Sources

    /// A file's record for the manifest: nil when it did not parse or could not be stamped.
    private static func source(_ loaded: LoadedFile) -> Source? {
        guard let stamp = loaded.file.stamp, let page = loaded.page else { return nil }
        let (kind, id, title, location): (Source.Kind, String, String, SourceLocation)
        switch page {
        case .spec(let spec): (kind, id, title, location) = (.spec, spec.id, spec.title, spec.location)
        case .page(let page):
            (kind, id, title, location) = (page.id == "home" ? .home : .page, page.id, page.title, page.location)
        }
        let links: SiteLinks.Page
        switch page {
        case .spec(let spec): links = SiteLinks.page(of: spec)
        case .page(let page): links = SiteLinks.page(of: page)
        }
        return Source(
            path: loaded.file.path, relativePath: loaded.file.relativePath, stamp: stamp, hash: loaded.hash,
            kind: kind, id: id, title: title, line: location.line, column: location.column,
            diagnostics: loaded.diagnostics.isEmpty
                ? "[]" : "[" + loaded.diagnostics.map(json).joined(separator: ",") + "]",
            links: LinkRecord(links).json)
    }

    /// The content: every spec and the home page as read, the prose pages as read or, for
    /// those not read, by ID, title and path.
    private func content(_ sources: [Source], parsed: [String: LoadedFile]) -> ContentSet {
        var content = ContentSet()
        for source in sources {
            switch parsed[source.path]?.page {
            case .spec(let spec): content.specs.append(spec)
            case .page(let page): content.pages.append(page)
            case nil:
                content.pages.append(
                    Page(
                        id: source.id, title: source.title, path: source.relativePath, body: [],
                        location: SourceLocation(file: source.path, line: source.line, column: source.column)))
            }
        }
        return content
    }

    /// Every page as the link check reads it: from the page when it was read, else from the
    /// manifest's record of it.
    private static func linkPages(_ sources: [Source], parsed: [String: LoadedFile]) -> [SiteLinks.Page] {
        sources.map { source in
            switch parsed[source.path]?.page {
            case .spec(let spec): return SiteLinks.page(of: spec)
            case .page(let page): return SiteLinks.page(of: page)
            case nil:
                return LinkRecord.decode(source.links).page(
                    path: source.relativePath, file: source.path, isSpec: source.kind == .spec)
            }
        }
    }

    // MARK: - JSON of diagnostics

    private static func json(_ diagnostic: Diagnostic) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(diagnostic)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    private static func diagnostic(fromJSON text: String) -> Diagnostic? {
        try? JSONDecoder().decode(Diagnostic.self, from: Data(text.utf8))
    }

    private static func diagnostics(fromJSON text: String) -> [Diagnostic] {
        guard text != "[]" else { return [] }
        return (try? JSONDecoder().decode([Diagnostic].self, from: Data(text.utf8))) ?? []
    }

    // MARK: - Failures

    /// A result that stopped at `failure`.
    static func failed(
        _ failure: PipelineFailure, diagnostics: [Diagnostic] = [], partial: PipelineResult? = nil
    ) -> PipelineResult {
        var result = partial ?? PipelineResult()
        result.diagnostics = diagnostics
        result.failure = failure
        result.output = nil
        return result
    }

    /// A failure while rendering or writing, as a result: a template's is located at its file.
    private func failure(
        _ error: any Error, diagnostics: [Diagnostic], partial: PipelineResult? = nil
    ) -> PipelineResult {
        if let failure = error as? SiteBuilder.TemplateFailure {
            var result = partial ?? PipelineResult()
            result.diagnostics = (diagnostics + [templateLocations.diagnostic(for: failure)]).sortedByLocation()
            result.output = nil
            return result
        }
        return Self.failed(writeFailure(SiteWriter.failure(error)), diagnostics: diagnostics, partial: partial)
    }

    private func writeFailure(_ error: SiteWriter.Failure) -> PipelineFailure {
        PipelineFailure(writing: error, output: sink.name)
    }
}

/// What each file of a build is made from, as hashes, worked out once per build.
private struct Keys {
    /// Everything every file depends on: the tool, its options, the roots and the templates.
    let build: String
    /// The pages the navigation lists.
    let navigation: [SiteNavigation.Entry]
    let navigationKey: String
    /// What every shared file depends on: the navigation, each page's kind, ID and
    /// diagnostics, and the bytes of every spec and of the home page.
    let shared: String

    init(build: String, baseline: String, sources: [BuildManifest.Source]) {
        self.build = build
        navigation = sources.filter { $0.kind != .home }.map {
            SiteNavigation.Entry(path: $0.relativePath, title: $0.title, isSpec: $0.kind == .spec)
        }
        var hasher = FNV1a()
        for entry in navigation {
            hasher.mix(entry.path)
            hasher.mix(entry.title)
            hasher.mix(entry.isSpec ? "spec" : "page")
        }
        navigationKey = hasher.hex
        hasher = FNV1a()
        for part in ["shared", build, navigationKey, baseline] { hasher.mix(part) }
        for source in sources {
            for part in [source.relativePath, source.kind.rawValue, source.id, source.diagnostics] { hasher.mix(part) }
            if source.kind != .page { hasher.mix(source.hash) }
        }
        shared = hasher.hex
    }

    /// What each of the prose pages among `sources` depends on (its own bytes and the
    /// navigation), by output path.
    func pages(of sources: [BuildManifest.Source]) -> [String: String] {
        Dictionary(
            sources.filter { $0.kind == .page }.map {
                (SitePaths.html(forMarkdown: $0.relativePath), Self.hash(["page", build, navigationKey, $0.hash]))
            }, uniquingKeysWith: { first, _ in first })
    }

    /// The prose pages (by Markdown path) whose key is not the one the previous build wrote
    /// them with: every one without a previous build.
    static func changedPages(
        of sources: [BuildManifest.Source], keys: [String: String], since previous: BuildManifest?
    ) -> Set<String> {
        let written = Dictionary(
            (previous?.outputs ?? []).map { ($0.path, $0.key) }, uniquingKeysWith: { first, _ in first })
        return Set(
            sources.filter { $0.kind == .page }.compactMap { source in
                let output = SitePaths.html(forMarkdown: source.relativePath)
                return written[output] == keys[output] ? nil : source.relativePath
            })
    }

    static func hash(_ parts: [String]) -> String {
        var hasher = FNV1a()
        for part in parts { hasher.mix(part) }
        return hasher.hex
    }
}

/// What the link check needs of a page, as a manifest keeps it.
struct LinkRecord: Codable {
    var anchors: [String]
    /// Each link's destination, line and column.
    var links: [[String]]

    init(_ page: SiteLinks.Page) {
        anchors = page.anchors.sorted()
        links = page.links.map { [$0.url, String($0.location.line), String($0.location.column)] }
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func decode(_ text: String) -> LinkRecord {
        (try? JSONDecoder().decode(LinkRecord.self, from: Data(text.utf8))) ?? LinkRecord(anchors: [], links: [])
    }

    private init(anchors: [String], links: [[String]]) {
        self.anchors = anchors
        self.links = links
    }

    func page(path: String, file: String, isSpec: Bool) -> SiteLinks.Page {
        SiteLinks.Page(
            path: path, isSpec: isSpec, anchors: Set(anchors),
            links: links.compactMap { fields in
                guard fields.count == 3, let line = Int(fields[1]), let column = Int(fields[2]) else { return nil }
                return SiteLinks.Link(url: fields[0], location: SourceLocation(file: file, line: line, column: column))
            })
    }
}
