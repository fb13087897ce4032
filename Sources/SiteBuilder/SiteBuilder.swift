import Dispatch
import Exports
import FlowDiagram
import Foundation
import Mustache
import ReportModel
import SpecModel
import Utilities

/// Renders the model and the run report into the files of a static site.
///
/// Pages are rendered side by side on every core and handed to the caller as each is made,
/// so a site of thousands of pages is never held in memory at once.
public struct SiteBuilder: Sendable {
    /// A template that does not parse or render, with where.
    public struct TemplateFailure: Error {
        public var file: String
        public var line: Int
        public var column: Int
        public var message: String
    }

    /// Which files of the site to render.
    public struct Selection: Sendable {
        /// Which of the exports to encode.
        public enum Exports: Sendable {
            case all
            case none
            /// Those made from the model alone (the model, the copy): they can be encoded while
            /// the checks run.
            case withoutTheRun
            /// Those that show the run (the report, JUnit).
            case ofTheRun

            func includes(_ format: ExportFormat) -> Bool {
                switch self {
                case .all: true
                case .none: false
                case .withoutTheRun: !format.needsRun
                case .ofTheRun: format.needsRun
                }
            }

            /// Whether the documents for translators are among them: they show the model alone.
            var includesTranslatorDocuments: Bool {
                switch self {
                case .all, .withoutTheRun: true
                case .none, .ofTheRun: false
                }
            }
        }

        /// The files made from every spec and the whole navigation: the home page, the spec
        /// pages and their screens pages, the section pages, the generated pages, the badges and
        /// the assets.
        public var shared: Bool
        /// The prose pages to render, by Markdown path relative to the content root; nil for
        /// every one.
        public var pages: Set<String>?
        /// The exports to encode.
        public var exports: Exports

        public init(shared: Bool, pages: Set<String>?, exports: Exports? = nil) {
            self.shared = shared
            self.pages = pages
            self.exports = exports ?? (shared ? .all : .none)
        }

        /// The whole site.
        public static let all = Selection(shared: true, pages: nil)
    }

    /// The templates, partials and assets of a site, by path relative to the templates folder.
    public struct Templates: Sendable {
        /// Each `.mustache` source by name without extension.
        let sources: [String: String]
        /// Each file of `assets/` by name.
        let assets: [(name: String, data: Data)]
        /// A hash of every file: a build renders again when it changes.
        public let fingerprint: String

        /// The templates from their files (`layout.mustache`, the page templates, `partials/`
        /// and `assets/`), by path relative to the folder. A `.mustache` file is found by its
        /// name alone, wherever it is; a file under `assets/` is copied to the site as it is.
        public init(files: [String: [UInt8]]) throws(TemplateFailure) {
            var sources: [String: String] = [:]
            var assets: [(name: String, data: Data)] = []
            var hasher = FNV1a()
            for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
                let name = (path as NSString).lastPathComponent
                guard !name.hasPrefix(".") else { continue }
                if path.hasSuffix(".mustache") {
                    guard let text = String(validating: bytes, as: UTF8.self) else {
                        throw TemplateFailure(
                            file: path, line: 1, column: 1, message: "the template is not valid UTF-8")
                    }
                    hasher.mix("template \(path)")
                    hasher.mix(bytes: bytes)
                    sources[String(name.dropLast(".mustache".count))] = text
                } else if path.hasPrefix("assets/"), !path.dropFirst("assets/".count).contains("/") {
                    hasher.mix("asset \(name)")
                    hasher.mix(bytes: bytes)
                    assets.append((name, Data(bytes)))
                }
            }
            self.sources = sources
            self.assets = assets
            fingerprint = hasher.hex
        }

        /// Each template parsed once for this set, by whichever thread asks first.
        private let parsed = Locked<[String: Result<Template, TemplateFailure>]>([:])

        /// Parses every template now (a build does it on a core the lint leaves free), so
        /// that rendering finds them parsed.
        public func parseAll() {
            for name in sources.keys.sorted() { _ = template(named: name) }
        }

        /// The template `name` parsed, or nil when the set has no such template.
        func template(named name: String) -> Result<Template, TemplateFailure>? {
            if let known = parsed.withLock({ $0[name] }) { return known }
            guard let source = sources[name] else { return nil }
            let result = Result { () throws(TemplateFailure) -> Template in
                do throws(MustacheError) {
                    return try Template(source, name: "\(name).mustache")
                } catch {
                    throw TemplateFailure(
                        file: error.file, line: error.line, column: error.column, message: error.message)
                }
            }
            parsed.withLock { $0[name] = result }
            return result
        }
    }

    /// Where the site keeps what changed since the earlier version, the Changes page's data.
    public static let changesPath = "exports/changes.json"

    public init() {}

    /// Every file of the site, by path relative to the site's root, in memory.
    public func render(
        content: ContentSet, report: RunReport, changes: SpecChanges = SpecChanges(earlier: nil), templates: Templates,
        diagrams: DiagramDrawer = DiagramDrawer()
    ) throws -> [String: Data] {
        let files = Locked<[String: Data]>([:])
        try render(
            content: content, report: report, changes: changes, templates: templates, diagrams: diagrams
        ) {
            path, bytes in
            files.withLock { $0[path] = Data(bytes) }
        }
        return files.withLock { $0 }
    }

    /// Renders the files `selection` names and hands each to `write`, from any thread, as
    /// it is made. `navigation` lists every page when `content` holds only some (an
    /// incremental build); nil takes the pages from `content`. `changes` is what changed since
    /// the earlier build: the Changes page and `exports/changes.json`.
    public func render(
        content: ContentSet, report: RunReport, changes: SpecChanges = SpecChanges(earlier: nil),
        navigation: [SiteNavigation.Entry]? = nil, selection: Selection = .all, templates: Templates,
        diagrams: DiagramDrawer = DiagramDrawer(), exports encoder: ExportEncoder = .direct,
        write: @Sendable (String, [UInt8]) throws -> Void
    ) throws {
        let entries = navigation ?? SiteNavigation.entries(content)
        let views = ViewModels(
            content: content, report: report, changes: changes, navigation: entries, diagrams: diagrams)

        var jobs: [PageJob] = []
        // The search page and the index list the same entries, made once.
        let searchEntries = selection.shared ? views.searchEntries() : []
        if selection.shared {
            jobs.append(PageJob(template: "home", path: "index.html") { $0.home(page: "index.html").mustacheValue })
            for spec in content.specs {
                let path = SitePaths.html(forMarkdown: spec.path)
                jobs.append(PageJob(template: "spec", path: path) { $0.spec(spec, page: path).mustacheValue })
                let screens = SitePaths.screens(forMarkdown: spec.path)
                jobs.append(
                    PageJob(template: "screens", path: screens) { $0.screens(spec, page: screens).mustacheValue })
                // The screens in each language of the content and each pseudo-locale.
                for language in ExportLanguage.all(in: content) {
                    let localized = SitePaths.screens(forMarkdown: spec.path, language: language.tag)
                    jobs.append(
                        PageJob(template: "screens", path: localized) {
                            $0.screens(spec, page: localized, language: language).mustacheValue
                        })
                }
                let kit = SitePaths.kit(forMarkdown: spec.path)
                jobs.append(PageJob(template: "kit", path: kit) { $0.kit(spec, page: kit).mustacheValue })
            }
        }
        for contentPage in content.pages where contentPage.id != "home" {
            guard selection.pages?.contains(contentPage.path) ?? true else { continue }
            let path = SitePaths.html(forMarkdown: contentPage.path)
            jobs.append(PageJob(template: "page", path: path) { $0.page(contentPage, path: path).mustacheValue })
        }
        if selection.shared {
            // A page of the content at `folder/index.md` (`pages.md` for the Overview) is the
            // section page itself.
            let pagePaths = Set(entries.map { SitePaths.html(forMarkdown: $0.path) })
            for group in views.collapsedSections {
                guard let index = group.index, !pagePaths.contains(index.href) else { continue }
                jobs.append(
                    PageJob(template: "section", path: index.href) {
                        $0.sectionIndex(group, page: index.href).mustacheValue
                    })
            }
            jobs += [
                PageJob(template: "copy", path: "copy.html") { $0.copyIndex(page: "copy.html").mustacheValue },
                PageJob(template: "errors", path: "errors.html") { $0.errors(page: "errors.html").mustacheValue },
                PageJob(template: "steps", path: "steps.html") { $0.steps(page: "steps.html").mustacheValue },
                PageJob(template: "decisions", path: "decisions.html") {
                    $0.decisions(page: "decisions.html").mustacheValue
                },
                PageJob(template: "flows", path: "flows.html") { $0.flowDiagrams(page: "flows.html").mustacheValue },
                PageJob(template: "changes", path: ViewModels.changesPage) {
                    $0.changesPage(page: ViewModels.changesPage).mustacheValue
                },
                PageJob(template: "search", path: ViewModels.searchPage) {
                    $0.searchPage(page: ViewModels.searchPage, entries: searchEntries).mustacheValue
                },
            ]
        }
        let renderer = PageRenderer(
            sources: templates.sources, parsed: try parse(templates, used: Set(jobs.map(\.template))))
        // The exports need no template: they are encoded beside the pages, each on its own
        // thread, instead of after them. Every one has been written before `write` is let go.
        try withoutActuallyEscaping(write) { write in
            let exportFailure = Locked<(any Error)?>(nil)
            let exports = ExportFormat.files.filter { selection.exports.includes($0) }.map { format in
                SideWork {
                    do {
                        try write(
                            format.sitePath,
                            try encoder.bytes(format) { try format.data(content: content, report: report) })
                    } catch {
                        exportFailure.withLock { $0 = $0 ?? error }
                    }
                }
            }
            // Each localized format in every language of the content and each pseudo-locale.
            let languages = ExportLanguage.all(in: content)
            let localized = ExportFormat.files.filter { $0.isLocalized && selection.exports.includes($0) }.map {
                format in
                SideWork {
                    do {
                        for language in languages {
                            try write(
                                format.sitePath(in: language),
                                [UInt8](try format.data(content: content, report: report, language: language)))
                        }
                    } catch {
                        exportFailure.withLock { $0 = $0 ?? error }
                    }
                }
            }
            // The copy for translators, one XLIFF document per language the content is translated into.
            let xliff = SideWork {
                do {
                    guard selection.exports.includesTranslatorDocuments else { return }
                    for locale in content.locales {
                        try write(
                            XLIFF.sitePath(for: locale),
                            [UInt8](XLIFF.document(content, locale: locale, toolVersion: ToolVersion.current)))
                    }
                } catch {
                    exportFailure.withLock { $0 = $0 ?? error }
                }
            }
            let rendered = Result { try renderer.render(jobs, views: views, write: write) }
            for export in exports + localized + [xliff] { export.wait() }
            try rendered.get()
            if let failure = exportFailure.withLock({ $0 }) { throw failure }
        }

        guard selection.shared else { return }
        for asset in templates.assets { try write("assets/\(asset.name)", [UInt8](asset.data)) }
        try write(Self.changesPath, [UInt8](try changes.encodedJSON()))
        // The search index, from the model and the run report.
        try write(ViewModels.searchIndexPath, try views.searchIndexJSON(searchEntries))
        for spec in report.specs {
            try write("badges/\(spec.id).svg", Array(StatusBadge.svg(label: spec.id, passed: spec.passed).utf8))
            for criterion in spec.criteria {
                try write(
                    "badges/\(criterion.id).svg",
                    Array(StatusBadge.svg(label: criterion.id, passed: criterion.passed).utf8))
            }
        }
    }

    /// Each template the pages use, parsed once for the whole site, not once per page.
    private func parse(_ templates: Templates, used: Set<String>) throws -> [String: Template] {
        var parsed: [String: Template] = [:]
        for name in used.sorted() {
            guard let template = templates.template(named: name) else { continue }
            parsed[name] = try template.get()
        }
        return parsed
    }
}

/// One page to render: its template, where it goes, and its data.
private struct PageJob: Sendable {
    let template: String
    let path: String
    let data: @Sendable (ViewModels) -> MustacheValue
}

/// Renders pages on every core, each worker with its own cache of parsed partials.
private struct PageRenderer: Sendable {
    let sources: [String: String]
    let parsed: [String: Template]

    func render(_ jobs: [PageJob], views: ViewModels, write: @Sendable (String, [UInt8]) throws -> Void) throws {
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, jobs.count))
        let failures = Locked<[(index: Int, error: any Error)]>([])
        let next = Locked(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let partials = PartialCache()
            while let index = next.withLock({ (value: inout Int) -> Int? in
                defer { value += 1 }
                return value < jobs.count ? value : nil
            }) {
                let job = jobs[index]
                do {
                    try write(job.path, Array(try render(job, views: views, partials: partials).utf8))
                } catch {
                    failures.withLock { $0.append((index, error)) }
                }
            }
        }
        // The first page's failure in the site's order, whichever worker met it first.
        if let failure = failures.withLock({ $0.min { $0.index < $1.index } }) { throw failure.error }
    }

    private func render(_ job: PageJob, views: ViewModels, partials: PartialCache) throws -> String {
        guard let template = parsed[job.template] else {
            throw SiteBuilder.TemplateFailure(
                file: "\(job.template).mustache", line: 1, column: 1, message: "template '\(job.template)' is missing")
        }
        do {
            return try template.render(job.data(views), partials: { sources[$0] }, cache: partials)
        } catch {
            throw SiteBuilder.TemplateFailure(
                file: error.file, line: error.line, column: error.column, message: error.message)
        }
    }
}

/// How the site's exports get their bytes: encoded from the model and the run, or, for a
/// caller that kept the bytes of the same inputs before (a build's tool cache), taken from
/// there. `encode` makes the bytes; the result is what is written.
public struct ExportEncoder: Sendable {
    let bytes: @Sendable (ExportFormat, _ encode: () throws -> Data) throws -> [UInt8]

    public init(_ bytes: @escaping @Sendable (ExportFormat, _ encode: () throws -> Data) throws -> [UInt8]) {
        self.bytes = bytes
    }

    /// Every export encoded as it is written.
    public static let direct = ExportEncoder { _, encode in [UInt8](try encode()) }
}
