import Foundation
import ReportModel
import SiteBuilder
import SpecModel
import SpecParser
import SpecRunner

/// A build of the site into a folder, in full or only what changed.
///
/// The manifest of the previous build into the same folder (kept in the tool's cache) says
/// what each file was made from. A file whose stamp has not changed is not read again. When
/// only prose pages changed, and not their titles, only those pages are rendered. When a
/// spec, the home page, a title or a page's diagnostics changed, the checks run again and
/// the shared files (spec pages, generated pages, exports) are rendered, with the prose
/// pages whose own inputs changed. Either way the folder ends up with the bytes a clean
/// build would write.
struct SiteBuild {
    let roots: [String]
    /// Made only when the checks run.
    let makeFlows: @Sendable () -> FlowRegistry
    let strict: Bool
    let templates: URL
    let output: URL
    let cache: ToolCache?

    /// What the build did.
    struct Outcome {
        var diagnostics: [Diagnostic]
        var hasErrors: Bool
        var passed: Bool
        var pagesWritten = 0
        var filesWritten = 0
        var filesKept = 0
    }

    /// A failure that stops the build before anything is written, as a diagnostic or a
    /// usage error.
    enum Failure: Error {
        case located(Diagnostic)
        case usage(Message)
        /// The process is stopping on a signal, which reports it (`StopSignals`).
        case stopped
        /// A path to build from that does not exist.
        case missingPath(String)
    }

    private typealias Source = BuildManifest.Source

    func run() throws(Failure) -> Outcome {
        let loader = ContentLoader()
        let builder = SiteBuilder(templates: templates)
        let loadedTemplates: SiteBuilder.Templates
        do {
            loadedTemplates = try builder.loadTemplates()
        } catch {
            throw failure(error)
        }
        // Listing the content (with each file's stamp) and checking the previous build's
        // files are a thousand system calls each: they run side by side.
        let candidate = previousManifest()
        let (listing, outputsIntact) = sideBySide(
            { Result { () throws(ContentLoader.MissingPath) in try loader.files(at: roots) } },
            { candidate.map(intact) ?? false })
        let found: (files: [ContentFile], diagnostics: [Diagnostic])
        do {
            found = try listing.get()
        } catch {
            throw .missingPath(error.path)
        }
        let buildKey = Keys.hash(
            ["build 1", cache?.toolFingerprint ?? "", "strict \(strict)", loadedTemplates.fingerprint]
                + roots + found.diagnostics.map(Self.json))
        let previous = candidate.flatMap { $0.buildKey == buildKey && outputsIntact ? $0 : nil }

        // Read only the files whose stamps changed since the previous build.
        // The manifest lists the files in the order they are found; a lookup by path is only
        // needed when files came or went.
        let old = previous?.sources ?? []
        lazy var known = Dictionary(old.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var records: [Source?] = []
        var parsed: [String: LoadedFile] = [:]
        var stale: [(index: Int, file: ContentFile)] = []
        for (index, file) in found.files.enumerated() {
            let recorded = index < old.count && old[index].path == file.path ? old[index] : known[file.path]
            if let source = recorded, source.relativePath == file.relativePath, source.stamp == file.stamp {
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
            read(found.files, into: &parsed)
            var loaded = loader.assemble(found.files.map { parsed[$0.path]! })
            loaded.diagnostics = (found.diagnostics + loaded.diagnostics).sortedByLocation()
            // A file without a record did not parse (the lint has its errors) or is gone.
            let sources = records.compactMap { $0 }
            return try checkAndRender(
                lint(loaded, flows: makeFlows(), strict: strict), sources: sources, parsed: parsed,
                keys: Keys(build: buildKey, sources: sources), previous: previous, templates: loadedTemplates,
                builder: builder)
        }
        let sources = records.map { $0! }
        let keys = Keys(build: buildKey, sources: sources)
        if keys.shared == previous.sharedKey {
            return try renderPages(
                sources.filter { $0.kind == .page && rewritten.contains($0.relativePath) }, of: sources,
                parsed: parsed, keys: keys, previous: previous, templates: loadedTemplates, builder: builder)
        }
        // A spec, the home page, a title or a page's diagnostics changed: the specs and the
        // home page are read (they are few), the rest of the prose stays as the manifest has it.
        read(zip(sources, found.files).filter { $0.0.kind != .page }.map(\.1), into: &parsed)
        var loaded = ContentLoader.Result(content: content(sources, parsed: parsed), diagnostics: [])
        loaded.diagnostics =
            (found.diagnostics
            + zip(sources, found.files).flatMap { source, file in
                parsed[file.path]?.diagnostics ?? Self.diagnostics(fromJSON: source.diagnostics)
            }).sortedByLocation()
        return try checkAndRender(
            lint(loaded, flows: makeFlows(), strict: strict), sources: sources, parsed: parsed, keys: keys,
            previous: previous, templates: loadedTemplates, builder: builder)
    }

    /// Reads the files not read yet, on every core.
    private func read(_ files: [ContentFile], into parsed: inout [String: LoadedFile]) {
        let loader = ContentLoader()
        for loaded in files.filter({ parsed[$0.path] == nil }).parallelMap({ loader.parse($0) }) {
            parsed[loaded.file.path] = loaded
        }
    }

    // MARK: - The two ways to render

    /// Only prose pages changed, and nothing the other files show: render those pages.
    private func renderPages(
        _ changed: [Source], of sources: [Source], parsed: [String: LoadedFile], keys: Keys, previous: BuildManifest,
        templates: SiteBuilder.Templates, builder: SiteBuilder
    ) throws(Failure) -> Outcome {
        let pages = changed.compactMap { source -> Page? in
            guard case .page(let page) = parsed[source.path]?.page else { return nil }
            return page
        }
        let diagnostics = previous.diagnostics.compactMap(Self.diagnostic(fromJSON:))
        var outcome = Outcome(diagnostics: diagnostics, hasErrors: false, passed: previous.passed)
        guard !pages.isEmpty else {
            outcome.filesKept = previous.outputs.count
            // Files saved again with the same bytes have new stamps: keep them, so that the
            // next build does not read them again.
            if sources != previous.sources {
                saveManifest(
                    written: [:], kept: previous.outputs, sources: sources, keys: keys, pageKeys: [:],
                    passed: previous.passed, diagnostics: previous.diagnostics)
            }
            return outcome
        }
        let update: SiteWriter.Update
        do throws(SiteWriter.Failure) {
            update = try SiteWriter.Update(output: output)
        } catch {
            throw writeFailure(error)
        }
        do {
            try builder.render(
                content: ContentSet(specs: [], pages: pages), report: RunReport(flows: [], specs: [], diagnostics: []),
                navigation: keys.navigation, selection: .init(shared: false, pages: Set(pages.map(\.path))),
                templates: templates, write: update.write)
        } catch {
            update.abandon()
            throw failure(error)
        }
        return try commit(
            update, written: Set(pages.map { SitePaths.html(forMarkdown: $0.path) }), sources: sources, keys: keys,
            pageKeys: keys.pages(of: changed), previous: previous, outcome: outcome)
    }

    /// Lint clean: run the checks, render the shared files and the prose pages whose inputs
    /// changed (all of them without a previous build), and write them. Prose pages do not
    /// show the run, so they render on the other cores while the checks run.
    private func checkAndRender(
        _ loaded: ContentLoader.Result, sources: [Source], parsed: [String: LoadedFile], keys: Keys,
        previous: BuildManifest?, templates: SiteBuilder.Templates, builder: SiteBuilder
    ) throws(Failure) -> Outcome {
        if loaded.hasErrors {
            return Outcome(diagnostics: loaded.diagnostics, hasErrors: true, passed: false)
        }
        let pageKeys = keys.pages(of: sources)
        let pages = Keys.changedPages(of: sources, keys: pageKeys, since: previous)
        // The pages to render must be read; the others are known by ID, title and path.
        var parsed = parsed
        read(
            sources.filter { pages.contains($0.relativePath) }.map {
                ContentFile(path: $0.path, relativePath: $0.relativePath)
            }, into: &parsed)
        let content = self.content(sources, parsed: parsed)

        // A full build goes to a staging folder, an incremental one to a folder of the changed files.
        let staging: SiteWriter.Staging?
        let update: SiteWriter.Update?
        do throws(SiteWriter.Failure) {
            staging = previous == nil ? try SiteWriter.Staging(output: output) : nil
            update = previous == nil ? nil : try SiteWriter.Update(output: output)
        } catch {
            throw writeFailure(error)
        }
        if let cache { BuildManifest.forget(for: output, in: cache.folder) }
        let collected = Locked(Set<String>())
        let write: @Sendable (String, [UInt8]) throws -> Void = { path, bytes in
            if let staging { try staging.write(path, bytes) } else { try update?.write(path, bytes) }
            collected.withLock { _ = $0.insert(path) }
        }
        let abandon = {
            staging?.abandon()
            update?.abandon()
        }

        let prose = Locked<(any Error)?>(nil)
        let proseDone = DispatchGroup()
        DispatchQueue.global().async(group: proseDone) {
            do {
                try builder.render(
                    content: content, report: RunReport(flows: [], specs: [], diagnostics: []),
                    navigation: keys.navigation, selection: .init(shared: false, pages: pages), templates: templates,
                    write: write)
            } catch {
                prose.withLock { $0 = error }
            }
        }
        var report = CheckRunner(flows: makeFlows(), cache: cache?.explorations).run(loaded.content)
        report.diagnostics = (loaded.diagnostics + report.diagnostics).sortedByLocation()
        // Read before anything replaces the earlier build's files.
        let changes = SiteExports.changesSinceEarlierBuild(in: output, content: loaded.content, report: report)
        let shared = Result {
            try builder.render(
                content: content, report: report, changes: changes, navigation: keys.navigation,
                selection: .init(shared: true, pages: []),
                templates: templates, diagrams: ToolCache.diagramDrawer(cache), write: write)
        }
        proseDone.wait()
        if case .failure(let error) = shared {
            abandon()
            throw failure(error)
        }
        if let error = prose.withLock({ $0 }) {
            abandon()
            throw failure(error)
        }

        var outcome = Outcome(diagnostics: report.diagnostics, hasErrors: false, passed: report.passed)
        guard let previous, let update else {
            let written: [String: FileStamp]
            do throws(SiteWriter.Failure) {
                written = try staging!.commit()
            } catch {
                throw writeFailure(error)
            }
            outcome.pagesWritten = written.keys.filter { $0.hasSuffix(".html") }.count
            outcome.filesWritten = written.count
            saveManifest(
                written: written, kept: [], sources: sources, keys: keys, pageKeys: pageKeys, passed: report.passed,
                diagnostics: report.diagnostics.map(Self.json))
            return outcome
        }
        var updated = previous
        updated.passed = report.passed
        updated.diagnostics = report.diagnostics.map(Self.json)
        return try commit(
            update, written: collected.withLock { $0 }, sources: sources, keys: keys, pageKeys: pageKeys,
            previous: updated, outcome: outcome, rewroteShared: true)
    }

    /// Renames the written files into place, removes what the build no longer makes, and
    /// keeps the new manifest.
    private func commit(
        _ update: SiteWriter.Update, written: Set<String>, sources: [Source], keys: Keys,
        pageKeys: [String: String], previous: BuildManifest, outcome: Outcome, rewroteShared: Bool = false
    ) throws(Failure) -> Outcome {
        // Kept: prose pages not rendered again, and (when the shared files were not
        // rendered) every shared file. A shared file not rendered again is no longer made.
        let kept = previous.outputs.filter { output in
            !written.contains(output.path) && (!rewroteShared || pageKeys[output.path] != nil)
        }
        let keptPaths = Set(kept.map(\.path))
        let removed = previous.outputs.map(\.path).filter { !written.contains($0) && !keptPaths.contains($0) }
        if let cache { BuildManifest.forget(for: output, in: cache.folder) }
        let stamps: [String: FileStamp]
        do throws(SiteWriter.Failure) {
            stamps = try update.commit(removing: removed)
        } catch {
            throw writeFailure(error)
        }
        var outcome = outcome
        outcome.pagesWritten = stamps.keys.filter { $0.hasSuffix(".html") }.count
        outcome.filesWritten = stamps.count
        outcome.filesKept = kept.count
        saveManifest(
            written: stamps, kept: kept, sources: sources, keys: keys, pageKeys: pageKeys, passed: previous.passed,
            diagnostics: previous.diagnostics)
        return outcome
    }

    private func saveManifest(
        written: [String: FileStamp], kept: [BuildManifest.Output], sources: [Source], keys: Keys,
        pageKeys: [String: String], passed: Bool, diagnostics: [String]
    ) {
        guard let cache else { return }
        let outputs =
            kept
            + written.map { path, stamp in
                BuildManifest.Output(path: path, stamp: stamp, key: pageKeys[path] ?? keys.shared)
            }
        BuildManifest(
            buildKey: keys.build, sharedKey: keys.shared, passed: passed, sources: sources,
            outputs: outputs.sorted { $0.path < $1.path }, diagnostics: diagnostics
        ).save(for: output, in: cache.folder)
    }

    // MARK: - Keys

    /// The manifest of the previous build into the output folder, if there is one.
    private func previousManifest() -> BuildManifest? {
        guard let cache, SiteWriter.isPreviousBuild(output) else { return nil }
        return BuildManifest.load(for: output, in: cache.folder)
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

    /// Runs two pieces of work at once, one of them on another core.
    private func sideBySide<First: Sendable, Second: Sendable>(
        _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        let results = [0, 1].parallelMap { task -> (First?, Second?) in task == 0 ? (first(), nil) : (nil, second()) }
        return (results[0].0!, results[1].1!)
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
        return Source(
            path: loaded.file.path, relativePath: loaded.file.relativePath, stamp: stamp, hash: loaded.hash,
            kind: kind, id: id, title: title, line: location.line, column: location.column,
            diagnostics: loaded.diagnostics.isEmpty
                ? "[]" : "[" + loaded.diagnostics.map(json).joined(separator: ",") + "]")
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

    private func failure(_ error: any Error) -> Failure {
        if error is SiteWriter.Failure || error is WriteGate.Closed {
            return writeFailure(SiteWriter.failure(error))
        }
        if let failure = error as? SiteBuilder.TemplateFailure {
            let location = SourceLocation(
                file: templates.appendingPathComponent(failure.file).relativePath, line: failure.line,
                column: failure.column)
            return .located(Diagnostic(.templateError(failure.message), at: location))
        }
        return .usage(.writeFailed(output.relativePath, reason: "\(error)"))
    }

    private func writeFailure(_ error: SiteWriter.Failure) -> Failure {
        switch error {
        case .notASiteFolder(let path): .usage(.outputNotASite(path))
        case .io(let reason): .usage(.siteNotWritten(output.relativePath, reason: reason))
        case .outputRemoved(let path): .usage(.outputRemoved(path))
        case .stopped: .stopped
        }
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

    init(build: String, sources: [BuildManifest.Source]) {
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
        for part in ["shared", build, navigationKey] { hasher.mix(part) }
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
