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

    // MARK: - Lint

    /// Everything that needs no run (see `LintStage`).
    public func lint() -> PipelineResult {
        lint(preparingItsRules: true, session: nil, edited: nil).result
    }

    /// `lint()`, reusing what `session` kept from its earlier runs; `edited` names the files
    /// (by the path to read) whose text is all that changed since then, when that is known.
    public func lint(session: EditorSession, edited: Set<String>? = nil) -> PipelineResult {
        lint(preparingItsRules: true, session: session, edited: edited).result
    }

    /// `lint(session:edited:)`, telling `pageRead` the findings of each page that needs no
    /// other page as soon as it is read afresh (on any thread, in no set order), before the
    /// findings across pages: the language server publishes the content as it is read.
    public func lint(
        session: EditorSession, edited: Set<String>? = nil,
        pageRead: @escaping @Sendable (_ findings: [Diagnostic]) -> Void
    ) -> PipelineResult {
        let strict = configuration.strict
        return lint(
            preparingItsRules: true, session: session, edited: edited,
            pageRead: { pageRead(LintRules.finish($0, strict: strict)) }
        ).result
    }

    /// The findings of the editor's text of the page at `path` (a path to read) that need no
    /// other page, named as the lint names them; nil for a file under no content root or with
    /// no text in `configuration.unsaved`. The language server publishes them for a page just
    /// opened, before the lint of the whole content, which adds the findings across pages.
    public func ownFindings(ofPage path: String, session: EditorSession) -> [Diagnostic]? {
        guard let text = configuration.unsaved[path],
            let findings = session.store(for: flows).ownFindings(of: path, text: text, request: request())
        else { return nil }
        return LintRules.finish(findings, strict: configuration.strict)
    }

    /// What a run asks of the source store.
    func request(
        edited: Set<String>? = nil, parsesEveryPage: Bool = true,
        pageRead: (@Sendable ([Diagnostic]) -> Void)? = nil
    ) -> SourceStore.Request {
        SourceStore.Request(
            roots: configuration.contentRoots, workingDirectory: configuration.projectFolder,
            unsaved: configuration.unsaved, edited: edited, parsesEveryPage: parsesEveryPage, pageRead: pageRead)
    }

    /// The lint, with the flows' own rules prepared beside the reading when the caller does
    /// not prepare them already; and the store it read through.
    private func lint(
        preparingItsRules: Bool, session: EditorSession?, edited: Set<String>?,
        pageRead: (@Sendable ([Diagnostic]) -> Void)? = nil
    ) -> (result: PipelineResult, store: SourceStore?) {
        let flows = self.flows
        if preparingItsRules { Preparation.start(flows: flows.flows, explorations: nil) }
        var result = PipelineResult()
        let store = session?.store(for: flows) ?? SourceStore(flows: LazyFlows(flows))
        let request = self.request(edited: edited, pageRead: pageRead)
        let snapshot: SourceStore.Snapshot
        do throws(ContentLoader.MissingPath) {
            snapshot = try store.snapshot(request)
        } catch {
            session?.forgetLint()
            result.failure = PipelineFailure(.usage, .pathNotFound(error.path), argument: error.path)
            return (result, store)
        }
        let key = EditorSession.LintKey(
            read: snapshot.key, strict: configuration.strict, workingDirectory: configuration.projectFolder)
        if let remembered = session?.lint(for: key) { return (remembered, store) }
        let linted = LintStage.lint(snapshot, store: store, request: request, strict: configuration.strict)
        result.content = linted.content
        result.diagnostics = linted.diagnostics
        result.stage = .lint
        // A lint that read pages outside the snapshot is not kept: their versions are not in
        // its key, and an edit to one of them must be seen.
        if linted.readOutside { session?.forgetLint() } else { session?.remember(result, for: key) }
        return (result, store)
    }

    /// The lint, then every check on every platform, the exploration and the copy coverage.
    /// The checks do not run on content with errors.
    public func check() -> PipelineResult {
        check(session: nil)
    }

    /// `check()`, reusing what `session` kept from its earlier runs: the files parsed, and the
    /// lint when nothing changed since the last.
    public func check(session: EditorSession?) -> PipelineResult {
        // Never stopped, so always made.
        check(session: session, stoppingWhen: { false })!
    }

    /// `check(session:)`, or nil when `isCancelled` says to stop before the run is done: an
    /// editor's text changed again, or the request that asked for it was cancelled.
    public func check(session: EditorSession?, stoppingWhen isCancelled: () -> Bool) -> PipelineResult? {
        let flows = self.flows
        let prepared = Preparation.start(flows: flows.flows, explorations: configuration.cache?.explorations)
        var result = lint(preparingItsRules: false, session: session, edited: nil).result
        guard result.stage == .lint, !result.hasErrors else { return result }
        prepared.wait()
        guard
            let report = CheckStage(flows: flows, cache: configuration.cache, strict: configuration.strict).run(
                result.content, lintDiagnostics: result.diagnostics, stoppingWhen: isCancelled)
        else { return nil }
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
        build(into: output, run: .checks, waiting: waiting)
    }

    /// The site rendered from a run report saved by `check --report` (of the same content and
    /// engine, which the report's fingerprint proves) into the folder `output`, in full: the
    /// build of `build(into:)` with the run read instead of made.
    public func build(into output: String, savedReport path: String, waiting: () -> Void = {}) -> PipelineResult {
        let linted = lint()
        guard linted.stage == .lint, !linted.hasErrors else { return linted }
        let report: RunReport
        switch SavedReport.read(path, configuration: configuration) {
        case .success(let read): report = read
        case .failure(let failure): return IncrementalBuild.failed(failure, diagnostics: linted.diagnostics)
        }
        guard report.fingerprint == CheckRunner(flows: flows).fingerprint(of: linted.content) else {
            return IncrementalBuild.failed(
                PipelineFailure(.failed, .reportFromOtherContent(path)), diagnostics: linted.diagnostics)
        }
        return build(into: output, run: .saved(report), waiting: waiting)
    }

    /// A build into the folder `output` of the run from `run`.
    private func build(into output: String, run: IncrementalBuild.RunSource, waiting: () -> Void) -> PipelineResult {
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
        return withExtendedLifetime(sink) { build(into: sink, templates: templates, run: run) }
    }

    /// An incremental build into `sink` with `templates`, reading through `store` when the
    /// caller keeps one (the preview's).
    func build(
        into sink: any SiteSink, templates: TemplateSet, store: SourceStore? = nil,
        run: IncrementalBuild.RunSource = .checks
    ) -> PipelineResult {
        let configuration = self.configuration
        return IncrementalBuild(
            configuration: configuration, sink: sink, templates: templates.templates, templateLocations: templates,
            lazyFlows: store?.lazyFlows ?? LazyFlows(configuration.makeFlows), store: store, runSource: run,
            baseline: {
                Result { () throws(PipelineFailure) in
                    try ChangesBaseline.resolve(roots: configuration.contentRoots, configuration: configuration)
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

    /// Removes the files at `paths` (as the user named them) that an earlier run wrote: a run
    /// that has no result to write leaves nothing claiming one. Only files go, as a write would
    /// replace them; a folder or anything else at such a path is left alone.
    public func withdraw(_ paths: [String]) {
        for path in paths {
            let file = configuration.fileSystemPath(path)
            var status = stat()
            guard lstat(file, &status) == 0,
                (status.st_mode & S_IFMT) == S_IFREG || (status.st_mode & S_IFMT) == S_IFLNK
            else { continue }
            unlink(file)
        }
    }

    // MARK: - Helpers

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
