import ConformanceKit
import Dispatch
import Exports
import Foundation
import ReportModel
import SiteBuilder
import SpecDiff
import SpecModel
import SpecParser
import SpecRunner
import Utilities

/// The one pipeline every command is a view of: load → lint → check → render → write.
///
/// Each entry point runs the stages a command needs and returns one `PipelineResult`: the
/// diagnostics, the model, the run report and what was written. Failures are turned into
/// catalogue messages here, once; a command prints the result and decides nothing else.
public struct Pipeline: Sendable {
    public let configuration: PipelineConfiguration

    public init(_ configuration: PipelineConfiguration) {
        self.configuration = configuration
    }

    /// The flows the content is checked against.
    public var flows: FlowRegistry { configuration.makeFlows() }

    // MARK: - Load and lint

    /// The content read and parsed: the parser's findings only.
    public func load() -> PipelineResult {
        var result = PipelineResult()
        do throws(ContentLoader.MissingPath) {
            let loaded = try loader.load(paths: configuration.roots)
            result.content = loaded.content
            result.diagnostics = loaded.diagnostics
            result.stage = .load
        } catch {
            result.failure = PipelineFailure(.usage, .pathNotFound(error.path), argument: error.path)
        }
        return result
    }

    /// Everything that needs no run (see `LintStage`).
    public func lint() -> PipelineResult {
        lint(preparingItsRules: true, session: nil, edited: nil)
    }

    /// `lint()`, reusing what `session` kept from its earlier runs; `edited` names the files
    /// (by the path to read) whose text is all that changed since then, when that is known.
    public func lint(session: EditorSession, edited: Set<String>? = nil) -> PipelineResult {
        lint(preparingItsRules: true, session: session, edited: edited)
    }

    /// The lint, with the flows' own rules prepared beside the load when the caller does not
    /// prepare them already.
    private func lint(preparingItsRules: Bool, session: EditorSession?, edited: Set<String>?) -> PipelineResult {
        let flows = self.flows
        if preparingItsRules { Preparation.start(flows: flows.flows, explorations: nil, in: DispatchGroup()) }
        var result = PipelineResult()
        let read: EditorSession.Read
        do throws(ContentLoader.MissingPath) {
            if let session {
                read = try session.read(configuration, edited: edited)
            } else {
                read = EditorSession.Read(loaded: try loader.load(paths: configuration.roots), linkPages: nil)
            }
        } catch {
            result.failure = PipelineFailure(.usage, .pathNotFound(error.path), argument: error.path)
            return result
        }
        if let remembered = session?.lint(for: read.key) { return remembered }
        result.content = read.loaded.content
        let linted = LintStage.lint(read.loaded, flows: flows, strict: configuration.strict, linkPages: read.linkPages)
        result.diagnostics = linted.diagnostics
        result.stage = .lint
        session?.remember(result, for: read.key)
        return result
    }

    /// The lint, then every check on every platform, the exploration and the copy coverage.
    /// The checks do not run on content with errors.
    public func check() -> PipelineResult {
        check(session: nil)
    }

    /// `check()`, reusing what `session` kept from its earlier runs: the files parsed, and the
    /// lint when nothing changed since the last.
    public func check(session: EditorSession?) -> PipelineResult {
        let flows = self.flows
        let prepared = DispatchGroup()
        Preparation.start(flows: flows.flows, explorations: configuration.cache?.explorations, in: prepared)
        var result = lint(preparingItsRules: false, session: session, edited: nil)
        guard result.stage == .lint, !result.hasErrors else { return result }
        prepared.wait()
        let report = CheckStage(flows: flows, cache: configuration.cache).run(
            result.content, lintDiagnostics: result.diagnostics)
        result.report = report
        result.diagnostics = report.diagnostics
        result.stage = .check
        return result
    }

    // MARK: - The site

    /// The site built into the folder `output` (as the user named it), incrementally when it
    /// holds the previous build: see `IncrementalBuild`. `waiting` is called once if another
    /// build into the same place holds it.
    public func build(into output: String, waiting: () -> Void = {}) -> PipelineResult {
        let templates: TemplateSet
        switch TemplateSet.load(configuration) {
        case .success(let loaded): templates = loaded
        case .failure(let problem): return Self.result(problem)
        }
        let sink: FolderSink
        do throws(SiteWriter.Failure) {
            sink = try FolderSink(output: configuration.url(output), cache: configuration.cache, waiting: waiting)
        } catch {
            return IncrementalBuild.failed(PipelineFailure(writing: error, output: output))
        }
        return withExtendedLifetime(sink) { build(into: sink, templates: templates) }
    }

    /// The site rendered from a run report saved by `check --report` (of the same content and
    /// engine, which the report's fingerprint proves) into the folder `output`, in full.
    public func build(into output: String, savedReport path: String, waiting: () -> Void = {}) -> PipelineResult {
        var result = lint()
        guard result.stage == .lint, !result.hasErrors else { return result }
        let templates: TemplateSet
        switch TemplateSet.load(configuration) {
        case .success(let loaded): templates = loaded
        case .failure(let problem): return Self.result(problem, diagnostics: result.diagnostics)
        }
        let report: RunReport
        switch SavedReport.read(path, configuration: configuration) {
        case .success(let read): report = read
        case .failure(let failure): return IncrementalBuild.failed(failure, diagnostics: result.diagnostics)
        }
        guard report.fingerprint == CheckRunner(flows: flows).fingerprint(of: result.content) else {
            return IncrementalBuild.failed(
                PipelineFailure(.failed, .reportFromOtherContent(path)), diagnostics: result.diagnostics)
        }
        result.report = report
        result.diagnostics = report.diagnostics
        result.stage = .check
        let resolution: ChangesBaseline.Resolution
        do {
            resolution = try ChangesBaseline.resolve(roots: configuration.roots, configuration: configuration)
        } catch {
            return IncrementalBuild.failed(error, diagnostics: result.diagnostics)
        }
        let changes = ChangesStage(configuration: configuration, flows: flows, roots: configuration.roots).changes(
            of: Version(content: result.content, report: report), since: resolution)
        result.changes = changes
        let sink: FolderSink
        do throws(SiteWriter.Failure) {
            sink = try FolderSink(output: configuration.url(output), cache: configuration.cache, waiting: waiting)
        } catch {
            return IncrementalBuild.failed(
                PipelineFailure(writing: error, output: output), diagnostics: result.diagnostics)
        }
        return withExtendedLifetime(sink) {
            let transaction: any SiteTransaction
            do throws(SiteWriter.Failure) {
                transaction = try sink.begin(full: true)
            } catch {
                return IncrementalBuild.failed(
                    PipelineFailure(writing: error, output: output), diagnostics: result.diagnostics)
            }
            sink.forgetPreviousBuild()
            let written = Locked([String]())
            do {
                try SiteBuilder().render(
                    content: result.content, report: report, changes: changes, templates: templates.templates,
                    diagrams: DiagramLayoutCache.drawer(configuration.cache)
                ) { path, bytes in
                    try transaction.write(path, bytes)
                    written.withLock { $0.append(path) }
                }
                for file in ConformanceKits.siteFiles(
                    content: result.content, flows: flows, cache: configuration.cache, fingerprint: report.fingerprint)
                {
                    try transaction.write(file.path, file.bytes)
                    written.withLock { $0.append(file.path) }
                }
            } catch let failure as SiteBuilder.TemplateFailure {
                transaction.abandon()
                result.diagnostics = (result.diagnostics + [templates.diagnostic(for: failure)]).sortedByLocation()
                return result
            } catch {
                transaction.abandon()
                return IncrementalBuild.failed(
                    PipelineFailure(writing: SiteWriter.failure(error), output: output),
                    diagnostics: result.diagnostics,
                    partial: result)
            }
            result.stage = .render
            do throws(SiteWriter.Failure) {
                let stamps = try transaction.commit(removing: [])
                let pages = written.withLock { $0 }.filter { $0.hasSuffix(".html") }.sorted()
                result.output = OutputSummary(
                    name: output, written: stamps.keys.sorted(), kept: 0, renderedPages: pages)
                result.stage = .write
            } catch {
                return IncrementalBuild.failed(
                    PipelineFailure(writing: error, output: output), diagnostics: result.diagnostics, partial: result)
            }
            return result
        }
    }

    /// An incremental build into `sink` with `templates`.
    func build(into sink: any SiteSink, templates: TemplateSet) -> PipelineResult {
        let configuration = self.configuration
        return IncrementalBuild(
            configuration: configuration, sink: sink, templates: templates.templates, templateLocations: templates,
            makeFlows: configuration.makeFlows,
            baseline: {
                Result { () throws(PipelineFailure) in
                    try ChangesBaseline.resolve(roots: configuration.roots, configuration: configuration)
                }
            }
        ).run()
    }

    // MARK: - Exports

    /// One export of the content (the model, the copy for a platform, JUnit, the run report),
    /// or nothing when the content has errors: every rule of `lint` applies, and the checks run
    /// for the formats that show them.
    public func export(_ format: ExportFormat) -> (result: PipelineResult, data: Data?) {
        var result = format.needsRun ? check() : lint()
        guard !result.hasErrors, result.stage >= .lint else { return (result, nil) }
        do {
            let data = try format.data(content: result.content, report: result.report)
            result.stage = .render
            return (result, data)
        } catch {
            result.failure = PipelineFailure(.failed, .unexpectedFailure(ReadProblem.describe(error)))
            return (result, nil)
        }
    }

    /// A conformance kit of the content: the checks of every spec that covers the kit's
    /// platform, as its flow records them, with the kit's runtime and tests; nothing when the
    /// content has errors.
    public func exportKit(_ format: ExportFormat) -> (result: PipelineResult, files: [KitFile]?) {
        var result = lint()
        guard !result.hasErrors, result.stage >= .lint else { return (result, nil) }
        let files = ConformanceKits.files(format, content: result.content, flows: flows)
        result.stage = .render
        return (result, files)
    }

    /// The file in a kit's folder that lists the files the kit wrote, so that the next export
    /// removes the ones it no longer has and never writes over a folder it did not make.
    public static let kitManifest = ".passkey-spec-kit"

    /// Writes a kit's files into `folder` (as the user named it): a new or empty folder, or one
    /// a kit was written into before, whose files the kit no longer has are removed.
    public func writeKit(_ files: [KitFile], to folder: String) -> PipelineFailure? {
        let root = configuration.fileSystemPath(folder)
        let manifest = root + "/" + Self.kitManifest
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        let earlier: [String]
        if let listed = try? String(contentsOfFile: manifest, encoding: .utf8) {
            earlier = listed.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
        } else if existing.isEmpty {
            earlier = []
        } else {
            return PipelineFailure(.failed, .outputNotAKit(folder))
        }
        for file in files {
            if let failure = write(file.contents, to: folder + "/" + file.path) { return failure }
        }
        let written = Set(files.map(\.path))
        for path in earlier where !written.contains(path) && !path.contains("..") {
            unlink(root + "/" + path)
        }
        let listing =
            "# The files of a conformance kit 'passkey-spec export' wrote; the next export replaces them.\n"
            + files.map(\.path).joined(separator: "\n") + "\n"
        return write(Data(listing.utf8), to: folder + "/" + Self.kitManifest)
    }

    /// Writes `data` to `path` (as the user named it) whole or not at all, making its folder:
    /// an export, a JUnit file or a report.
    public func write(_ data: Data, to path: String) -> PipelineFailure? {
        let file = configuration.fileSystemPath(path)
        do {
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileBytes.write(data, to: file + ".\(getpid()).tmp")
            guard rename(file + ".\(getpid()).tmp", file) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(file + ".\(getpid()).tmp")
                return PipelineFailure(.failed, .writeFailed(path, reason: ReadProblem.lowercasedFirst(reason)))
            }
            return nil
        } catch let failure as FileBytes.Failure {
            unlink(file + ".\(getpid()).tmp")
            return PipelineFailure(.failed, .writeFailed(path, reason: ReadProblem.lowercasedFirst(failure.reason)))
        } catch {
            return PipelineFailure(.failed, .writeFailed(path, reason: ReadProblem.describe(error)))
        }
    }

    // MARK: - Helpers

    var loader: ContentLoader {
        ContentLoader(workingDirectory: configuration.workingDirectory.path, unsaved: configuration.unsaved)
    }

    static func result(_ problem: TemplateProblem, diagnostics: [Diagnostic] = []) -> PipelineResult {
        switch problem {
        case .missing(let failure): return IncrementalBuild.failed(failure, diagnostics: diagnostics)
        case .located(let diagnostic):
            var result = PipelineResult()
            result.diagnostics = (diagnostics + [diagnostic]).sortedByLocation()
            return result
        }
    }
}

extension PipelineFailure {
    /// A failure to write the site into `output`, in the catalogue's words.
    init(writing failure: SiteWriter.Failure, output: String) {
        switch failure {
        case .notASiteFolder(let path): self.init(.failed, .outputNotASite(path))
        case .io(let reason): self.init(.failed, .siteNotWritten(output, reason: reason))
        case .outputRemoved(let path): self.init(.failed, .outputRemoved(path))
        case .stopped: self.init(.stopped, .buildStopped(output, signal: "a signal"))
        }
    }
}
