import Foundation
import ReportModel
import SiteBuilder
import SpecDiff
import SpecModel
import SpecParser
import SpecRunner
import Utilities

/// A build of the site into a sink (a folder or memory): a full build is this build with
/// everything changed.
///
/// The pages come from the source store, which knows the pages of the previous build into the
/// same sink from its manifest and reads again only those whose version changed. When only
/// prose pages changed, and not their titles, only those pages are rendered. When a spec, the
/// home page, a title, a page's findings or the Changes baseline changed, the checks run again
/// (or the run comes from a saved report) and the shared files (spec pages, generated pages,
/// exports, kits) are rendered, with the prose pages whose own inputs changed. Either way the
/// sink ends up with the bytes a clean build would write.
struct IncrementalBuild {
    let configuration: PipelineConfiguration
    let sink: any SiteSink
    let templates: SiteBuilder.Templates
    /// Where the templates' files are, to locate a template's failure.
    let templateLocations: TemplateSet
    /// The flows the content is checked against, made when the checks run or a spec is read.
    let lazyFlows: LazyFlows
    private var flows: FlowRegistry { lazyFlows.registry }
    /// The store to read through; nil makes one that knows the previous build's pages from
    /// its manifest.
    var store: SourceStore? = nil
    /// Where the run comes from: the checks, or a report `check --report` saved (a full build).
    var runSource: RunSource = .checks
    /// What the Changes page compares with, worked out beside the reading.
    let baseline: @Sendable () -> Result<ChangesBaseline.Resolution, PipelineFailure>

    /// Where a build's run comes from.
    enum RunSource {
        /// The checks run.
        case checks
        /// A report of the same content and engine, saved by `check --report`.
        case saved(RunReport)
    }

    private var strict: Bool { configuration.strict }
    private var cache: ToolCache? { configuration.cache }

    /// Starts preparing what the lint and the checks are made from (see `Preparation`), once
    /// the build knows it will check; the checks wait for it.
    private func prepareChecks() -> SideWork {
        Preparation.start(flows: flows.flows, explorations: cache?.explorations, templates: templates)
    }

    func run() -> PipelineResult {
        let buildKey = Keys.hash(
            ["build 4", cache?.toolFingerprint ?? "", "strict \(strict)", templates.fingerprint]
                + configuration.contentRoots)
        let fullBuild: Bool
        if case .saved = runSource { fullBuild = true } else { fullBuild = false }
        // Asking git for the Changes baseline (a process) runs beside the reading of the
        // content, which shares the cores out itself.
        let resolved = Locked<Result<ChangesBaseline.Resolution, PipelineFailure>?>(nil)
        let baseline = self.baseline
        let baselineRead = SideWork { resolved.withLock { $0 = baseline() } }
        let previous = fullBuild ? nil : sink.previousBuild().flatMap { $0.buildKey == buildKey ? $0 : nil }
        let store = self.store ?? SourceStore(flows: lazyFlows, records: previous?.records ?? [], trees: .rendered)
        // A build with no previous one will check: the explorations are read beside the
        // reading of the pages, so the checks do not wait for them.
        let preparedEarly = previous == nil ? prepareChecks() : nil
        let snapshot: SourceStore.Snapshot
        let resolution: ChangesBaseline.Resolution
        do throws(ContentLoader.MissingPath) {
            snapshot = try store.snapshot(request)
        } catch {
            baselineRead.wait()
            return Self.failed(PipelineFailure(.usage, .pathNotFound(error.path), argument: error.path))
        }
        baselineRead.wait()
        switch resolved.withLock({ $0 })! {
        case .success(let found): resolution = found
        case .failure(let failure): return Self.failed(failure)
        }
        let lint = LintStage.lint(snapshot, store: store, request: request, strict: strict)
        var result = PipelineResult()
        result.content = lint.content
        result.diagnostics = lint.diagnostics
        result.stage = .lint
        if result.hasErrors { return result }

        let records = snapshot.pages.map(\.record)
        let keys = Keys(build: buildKey, baseline: Self.key(of: resolution), records: records)
        let unchangedStructure =
            previous.map { previous in
                previous.records.count == records.count
                    && zip(previous.records, records).allSatisfy { old, new in
                        old.path == new.path && old.kind == new.kind && old.id == new.id
                    }
            } ?? false
        if let previous, unchangedStructure, keys.shared == previous.sharedKey {
            // Only prose pages changed, and nothing the other files show: render those pages,
            // with the last run's verdict and findings.
            result.diagnostics = LintRules.finish(lint.diagnostics + previous.runFindings, strict: strict)
            result.checksPassed = previous.passed
            let changed = Keys.changedPages(of: records, keys: keys.pages, since: previous)
            return render(
                snapshot, store: store, pages: changed, shared: nil, keys: keys, previous: previous, result: result)
        }
        let preparation = preparedEarly ?? prepareChecks()
        // The specs and the home page, read now where the manifest knew them; the run is the
        // checks', or the report saved. It is made while the prose pages render on the other
        // core.
        let withSpecs = read(snapshot, store: store) { $0.kind == .spec || $0.kind == .home || $0.kind == .translation }
        let content = withSpecs.content
        result.content = content
        let changed = Keys.changedPages(of: records, keys: keys.pages, since: previous)
        return render(
            withSpecs, store: store, pages: changed,
            shared: { () -> SharedInputs in
                let report: RunReport
                switch runSource {
                case .checks:
                    preparation.wait()
                    report = CheckStage(flows: flows, cache: cache, strict: strict).run(
                        content, lintDiagnostics: lint.diagnostics)
                case .saved(let saved):
                    report = saved
                }
                let changes = ChangesStage(
                    configuration: configuration, flows: flows, roots: configuration.contentRoots
                )
                .changes(of: Version(content: content, report: report), since: resolution)
                return SharedInputs(report: report, changes: changes)
            }, keys: keys, previous: previous, result: result)
    }

    /// What the shared files are made from besides the content: the run and the changes.
    private struct SharedInputs {
        var report: RunReport
        var changes: SpecChanges
    }

    /// `snapshot` with the pages whose records `wanted` says read and parsed (those the
    /// manifest knew are records until then), on every core.
    private func read(
        _ snapshot: SourceStore.Snapshot, store: SourceStore, _ wanted: (PageRecord) -> Bool
    ) -> SourceStore.Snapshot {
        let missing = snapshot.pages.indices.filter {
            snapshot.pages[$0].loaded == nil && wanted(snapshot.pages[$0].record)
        }
        guard !missing.isEmpty else { return snapshot }
        let request = self.request
        let read = missing.map { snapshot.pages[$0] }.parallelMap { store.loaded($0, request: request) }
        var filled = snapshot
        for (index, loaded) in zip(missing, read) { filled.pages[index].loaded = loaded }
        return filled
    }

    /// What the build asks of the source store: pages known from the manifest stay records
    /// until the build needs what they say (the specs for the checks, a prose page to render).
    private var request: SourceStore.Request {
        SourceStore.Request(
            roots: configuration.contentRoots, workingDirectory: configuration.projectFolder,
            unsaved: configuration.unsaved, parsesEveryPage: store != nil)
    }

    // MARK: - Rendering

    /// Renders the prose pages `pages` (by Markdown path) and, with `shared`, the files made
    /// from every spec and the navigation (spec pages, generated pages, exports and kits),
    /// then puts them in place and keeps the manifest. Prose pages and the exports of the
    /// model alone do not show the run, so they are rendered on the other core while the
    /// shared files are.
    private func render(
        _ unread: SourceStore.Snapshot, store: SourceStore, pages: Set<String>, shared: (() -> SharedInputs)?,
        keys: Keys, previous: BuildManifest?, result: PipelineResult
    ) -> PipelineResult {
        var result = result
        let records = unread.pages.map(\.record)
        guard shared != nil || !pages.isEmpty else {
            result.output = OutputSummary(
                name: sink.name, written: [], kept: previous?.outputs.count ?? 0, renderedPages: [])
            result.stage = .write
            // Pages saved again with the same bytes have new stamps: keep them, so the next
            // build trusts them.
            if let previous, previous.records != records {
                remember(
                    written: [:], kept: previous.outputs, records: records, keys: keys, pageKeys: [:],
                    previous: previous)
            }
            return result
        }
        // The pages to render must be read; the others are known by their records. Prose pages
        // alone are rendered from themselves and the navigation.
        let snapshot = read(unread, store: store) { $0.kind == .page && pages.contains($0.relativePath) }
        var content = ContentSet()
        for page in snapshot.pages {
            switch page.loaded?.page {
            case .spec(let spec): if shared != nil { content.specs.append(spec) }
            case .page(let prose): if shared != nil || pages.contains(prose.path) { content.pages.append(prose) }
            case .translation(let translation): if shared != nil { content.translations.append(translation) }
            case nil: if shared != nil, let stub = page.record.stub { content.pages.append(stub) }
            }
        }
        let full = previous == nil
        let transaction: any SiteTransaction
        do throws(SiteWriter.Failure) {
            transaction = try sink.begin(full: full)
        } catch {
            return Self.failed(writeFailure(error), diagnostics: result.diagnostics)
        }
        sink.forgetPreviousBuild()
        let collected = Locked(Set<String>())
        let write: @Sendable (String, [UInt8]) throws -> Void = { path, bytes in
            try transaction.write(path, bytes)
            collected.withLock { _ = $0.insert(path) }
        }
        let builder = SiteBuilder()
        let templates = self.templates
        let encoder = Self.exportEncoder(cache: cache, key: keys.exports)
        let prose = Locked<(any Error)?>(nil)
        let contentForProse = content
        let exports: SiteBuilder.Selection.Exports = shared == nil ? .none : .withoutTheRun
        let proseRendered = SideWork {
            do {
                try builder.render(
                    content: contentForProse, report: RunReport(flows: [], specs: [], diagnostics: []),
                    navigation: keys.navigation,
                    selection: .init(shared: false, pages: pages, exports: exports),
                    templates: templates, exports: encoder, write: write)
            } catch {
                prose.withLock { $0 = error }
            }
        }
        let inputs = shared?()
        if let inputs {
            result.report = inputs.report
            result.diagnostics = inputs.report.diagnostics
            result.stage = .check
            result.changes = inputs.changes
        }
        let sharedResult = Result {
            guard let inputs else { return }
            try builder.render(
                content: content, report: inputs.report, changes: inputs.changes, navigation: keys.navigation,
                selection: .init(shared: true, pages: [], exports: .ofTheRun), templates: templates,
                diagrams: DiagramLayoutCache.drawer(cache), exports: encoder, write: write)
            // The conformance kits follow the specs and the engine, as the shared pages do.
            for file in ConformanceKits.siteFiles(
                content: content, flows: flows, cache: cache, fingerprint: inputs.report.fingerprint)
            {
                try write(file.path, file.bytes)
            }
        }
        proseRendered.wait()
        if case .failure(let error) = sharedResult {
            transaction.abandon()
            return failure(error, diagnostics: result.diagnostics, partial: result)
        }
        if let error = prose.withLock({ $0 }) {
            transaction.abandon()
            return failure(error, diagnostics: result.diagnostics, partial: result)
        }
        result.stage = .render

        // Kept: prose pages not rendered again, and (when the shared files were not rendered)
        // every shared file. A shared file not rendered again is no longer made.
        let written = collected.withLock { $0 }
        let pageKeys = keys.pages
        let kept =
            full
            ? []
            : (previous?.outputs ?? []).filter { output in
                !written.contains(output.path) && (shared == nil || pageKeys[output.path] != nil)
            }
        let keptPaths = Set(kept.map(\.path))
        let removed =
            full
            ? [] : (previous?.outputs ?? []).map(\.path).filter { !written.contains($0) && !keptPaths.contains($0) }
        sink.forgetPreviousBuild()
        let stamps: [String: FileStamp]
        do throws(SiteWriter.Failure) {
            stamps = try transaction.commit(removing: removed)
        } catch {
            return Self.failed(writeFailure(error), diagnostics: result.diagnostics, partial: result)
        }
        result.stage = .write
        result.output = OutputSummary(
            name: sink.name, written: stamps.keys.sorted(), kept: kept.count,
            renderedPages: written.filter { $0.hasSuffix(".html") }.sorted())
        var made =
            previous
            ?? BuildManifest(
                buildKey: keys.build, sharedKey: keys.shared, passed: false, records: [], outputs: [], runFindings: [])
        if let inputs {
            made.passed = inputs.report.passed
            let runMessages = Set(LintRules.run.reports)
            made.runFindings = inputs.report.diagnostics.filter { runMessages.contains($0.id) }
        }
        remember(written: stamps, kept: kept, records: records, keys: keys, pageKeys: pageKeys, previous: made)
        return result
    }

    private func remember(
        written: [String: FileStamp], kept: [BuildManifest.Output], records: [PageRecord], keys: Keys,
        pageKeys: [String: String], previous: BuildManifest
    ) {
        let outputs =
            kept
            + written.map { path, stamp in
                BuildManifest.Output(path: path, stamp: stamp, key: pageKeys[path] ?? keys.shared)
            }
        sink.remember(
            BuildManifest(
                buildKey: keys.build, sharedKey: keys.shared, passed: previous.passed,
                records: records, outputs: outputs.sorted { $0.path < $1.path },
                runFindings: previous.runFindings))
    }

    /// What the baseline adds to the shared key: the revision the Changes page compares with.
    private static func key(of resolution: ChangesBaseline.Resolution) -> String {
        switch resolution {
        case .revision(let name, let commit): "revision \(name) \(commit ?? "none")"
        case .unavailable(let why): "unavailable \(why.reason)"
        }
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

extension IncrementalBuild {
    /// The kind of the cache's entries that hold the model's and the run's exports.
    static let exportsKind = CacheKind("exports", version: 1, limit: 8, fileExtension: ".json")

    /// The model's JSON and the run report are the largest files of a build, each a
    /// function of the tool, its options and the pages' bytes (`key`): they are kept in the
    /// tool's cache and read from it instead of encoded again when nothing they depend on
    /// changed. Every other export is encoded as it is written.
    static func exportEncoder(cache: ToolCache?, key: String) -> ExportEncoder {
        guard let store = cache?.store else { return .direct }
        return ExportEncoder { format, encode in
            guard format == .json || format == .report else { return [UInt8](try encode()) }
            if let kept = store.bytes(exportsKind, key: [key, format.rawValue]) { return kept }
            let bytes = [UInt8](try encode())
            store.keep(bytes, exportsKind, key: [key, format.rawValue])
            return bytes
        }
    }
}

/// What each file of a build is made from, as hashes, worked out once per build.
private struct Keys {
    /// Everything every file depends on: the tool, its options, the roots and the
    /// templates.
    let build: String
    /// The pages the navigation lists.
    let navigation: [SiteNavigation.Entry]
    let navigationKey: String
    /// What every shared file depends on: the navigation, each page's kind, ID and findings,
    /// and the bytes of every spec and of the home page.
    let shared: String
    /// What each prose page depends on, by output path.
    let pages: [String: String]
    /// What the model's and the run's exports depend on: the tool and its options, and the
    /// name and bytes of every page.
    let exports: String

    init(build: String, baseline: String, records: [PageRecord]) {
        self.build = build
        navigation = records.filter { $0.kind == .spec || $0.kind == .page }.map {
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
        for record in records {
            for part in [record.relativePath, record.kind?.rawValue ?? "-", record.id] { hasher.mix(part) }
            for finding in record.findings { hasher.mix(finding.description) }
            if record.kind != .page { hasher.mix(record.hash) }
        }
        shared = hasher.hex
        hasher = FNV1a()
        for part in ["exports", build] { hasher.mix(part) }
        for record in records {
            for part in [record.path, record.relativePath, record.hash] { hasher.mix(part) }
        }
        exports = hasher.hex
        // What each prose page depends on (its own bytes and the navigation), by output path.
        let (build, navigationKey) = (build, navigationKey)
        pages = Dictionary(
            records.filter { $0.kind == .page }.map {
                (SitePaths.html(forMarkdown: $0.relativePath), Self.hash(["page", build, navigationKey, $0.hash]))
            }, uniquingKeysWith: { first, _ in first })
    }

    /// The prose pages (by Markdown path) whose key is not the one the previous build wrote
    /// them with: every one without a previous build.
    static func changedPages(
        of records: [PageRecord], keys: [String: String], since previous: BuildManifest?
    ) -> Set<String> {
        let written = Dictionary(
            (previous?.outputs ?? []).map { ($0.path, $0.key) }, uniquingKeysWith: { first, _ in first })
        return Set(
            records.filter { $0.kind == .page }.compactMap { record in
                let output = SitePaths.html(forMarkdown: record.relativePath)
                return written[output] == keys[output] ? nil : record.relativePath
            })
    }

    static func hash(_ parts: [String]) -> String {
        var hasher = FNV1a()
        for part in parts { hasher.mix(part) }
        return hasher.hex
    }
}
