import Exports
import Foundation
import Mustache
import SpecModel
import SpecRunner

/// Renders the model and the run report into the files of a static site, in memory.
public struct SiteBuilder {
    /// The tool's version, shown in every page's footer.
    public static let version = "0.1.0"

    /// A template that does not parse or render, with where.
    public struct TemplateFailure: Error {
        public var file: String
        public var line: Int
        public var column: Int
        public var message: String
    }

    public let templates: URL

    /// `templates` holds `layout.mustache`, the page templates, `partials/` and `assets/`.
    public init(templates: URL) {
        self.templates = templates
    }

    /// Every file of the site, by path relative to the site's root.
    public func render(content: ContentSet, report: RunReport) throws -> [String: Data] {
        let sources = try loadTemplates()
        let views = ViewModels(content: content, report: report)
        var files: [String: Data] = [:]
        // Each template and partial is parsed once for the whole site, not once per page.
        var parsedTemplates: [String: Template] = [:]
        let partials = PartialCache()

        func page(_ template: String, at path: String, _ data: some MustacheRepresentable) throws {
            guard let source = sources[template] else {
                throw TemplateFailure(
                    file: "\(template).mustache", line: 1, column: 1, message: "template '\(template)' is missing")
            }
            do {
                let parsed: Template
                if let known = parsedTemplates[template] {
                    parsed = known
                } else {
                    parsed = try Template(source, name: "\(template).mustache")
                    parsedTemplates[template] = parsed
                }
                let html = try parsed.render(data.mustacheValue, partials: { sources[$0] }, cache: partials)
                files[path] = Data(html.utf8)
            } catch {
                throw TemplateFailure(file: error.file, line: error.line, column: error.column, message: error.message)
            }
        }

        try page("home", at: "index.html", views.home(page: "index.html"))
        for spec in content.specs {
            let path = SitePaths.html(forMarkdown: spec.path)
            try page("spec", at: path, views.spec(spec, page: path))
        }
        for contentPage in content.pages where contentPage.id != "home" {
            let path = SitePaths.html(forMarkdown: contentPage.path)
            try page("page", at: path, views.page(contentPage, path: path))
        }
        for group in views.collapsedSections {
            guard let index = group.index, files[index.href] == nil else { continue }
            try page("section", at: index.href, views.sectionIndex(group, page: index.href))
        }
        try page("copy", at: "copy.html", views.copyIndex(page: "copy.html"))
        try page("errors", at: "errors.html", views.errors(page: "errors.html"))
        try page("steps", at: "steps.html", views.steps(page: "steps.html"))
        try page("decisions", at: "decisions.html", views.decisions(page: "decisions.html"))

        for (name, data) in try loadAssets() { files["assets/\(name)"] = data }
        for format in ExportFormat.allCases {
            files[format.sitePath] = try format.data(content: content, report: report)
        }
        for spec in report.specs {
            files["badges/\(spec.id).svg"] = Data(StatusBadge.svg(label: spec.id, passed: spec.passed).utf8)
            for criterion in spec.criteria {
                files["badges/\(criterion.id).svg"] = Data(
                    StatusBadge.svg(label: criterion.id, passed: criterion.passed).utf8)
            }
        }
        return files
    }

    /// Every `.mustache` file under the templates folder, by name without extension.
    private func loadTemplates() throws -> [String: String] {
        var sources: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: templates.path)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".mustache") else { continue }
            let name = String((relative as NSString).lastPathComponent.dropLast(".mustache".count))
            let data = try Data(contentsOf: templates.appendingPathComponent(relative))
            guard let text = String(data: data, encoding: .utf8) else {
                throw TemplateFailure(file: relative, line: 1, column: 1, message: "the template is not valid UTF-8")
            }
            sources[name] = text
        }
        return sources
    }

    private func loadAssets() throws -> [(String, Data)] {
        let folder = templates.appendingPathComponent("assets")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return try names.filter { !$0.hasPrefix(".") }.sorted().map {
            ($0, try Data(contentsOf: folder.appendingPathComponent($0)))
        }
    }
}
