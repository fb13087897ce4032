import Markdown
import SpecModel
import Utilities

/// Links between the content's pages, checked where they are written: a link to a `.md` (or
/// `.html`) page the site does not have, or to an anchor that page does not have, is a located
/// warning (an error with `--strict`). A link with a scheme (`https:`), to another host, or to
/// a file that is not a page is not the site's to check.
public enum SiteLinks {
    /// A page of the content as the link check sees it: where it is, the anchors a link to it
    /// may name, and the links it holds. A build keeps these for pages it does not read again.
    public struct Page: Sendable, Equatable, Codable {
        /// The page's path relative to the content root, e.g. `native/login-error-states.md`.
        public var path: String
        /// Whether it is a spec page (whose screens page the site makes too).
        public var isSpec: Bool
        public var anchors: Set<String>
        public var links: [Link]

        public init(path: String, isSpec: Bool, anchors: Set<String>, links: [Link]) {
            self.path = path
            self.isSpec = isSpec
            self.anchors = anchors
            self.links = links
        }
    }

    /// A link as written: its destination and where.
    public struct Link: Sendable, Equatable, Codable {
        public var url: String
        /// The link as written, `[text](destination)`.
        public var span: SourceSpan

        public init(url: String, span: SourceSpan) {
            self.url = url
            self.span = span
        }

        public var location: SourceLocation { span.start }
    }

    /// A finding at each link of `pages` that leads nowhere on the site. A link to a page that
    /// is not among them is looked up with `outside` (the content's other pages, when only some
    /// were given): found there, it is checked against that page's anchors.
    public static func findings(in pages: [Page], outside: (String) -> Page? = { _ in nil }) -> [Diagnostic] {
        let targets = Targets(pages)
        var looked: [String: Page?] = [:]
        return pages.flatMap { page in
            page.links.compactMap { link in
                targets.problem(with: link.url, from: page.path) { path in
                    if let known = looked[path] { return known }
                    let found = outside(path)
                    looked[path] = found
                    return found
                }.map { Diagnostic($0, at: link.span) }
            }
        }
    }

    /// What the link check needs of a spec page.
    public static func page(of spec: Spec) -> Page {
        let prose =
            spec.introduction + spec.sections.flatMap { $0.introduction + $0.scenarios.flatMap(\.summary) }
            + spec.criteria.flatMap(\.notes)
        return Page(
            path: spec.path, isSpec: true, anchors: anchors(of: spec),
            links: links(in: prose, file: spec.location.file)
                + spec.references.map { Link(url: $0.url, span: $0.span) })
    }

    /// What the link check needs of a prose page.
    public static func page(of page: SpecModel.Page) -> Page {
        Page(
            path: page.path, isSpec: false, anchors: anchors(of: page),
            links: links(in: page.body, file: page.location.file))
    }

    /// The anchors of a spec's page that a writer can link to: its sections, scenarios,
    /// criteria and checks, and the page's own parts.
    static func anchors(of spec: Spec) -> Set<String> {
        var anchors: Set<String> = ["main", "traceability"]
        for section in spec.sections { anchors.insert(SitePaths.anchor(section.id)) }
        for scenario in spec.scenarios { anchors.insert(SitePaths.scenarioAnchor(scenario.id)) }
        for criterion in spec.criteria { anchors.insert(SitePaths.criterionAnchor(criterion.id.description)) }
        for check in spec.checks { anchors.insert(SitePaths.checkAnchor(check.id)) }
        return anchors
    }

    /// The anchors of a prose page: its headings', as the site and GitHub write them.
    static func anchors(of page: SpecModel.Page) -> Set<String> {
        Set(HeadingSlugger.anchors(in: page.body.compactMap(\.block))).union(["main"])
    }

    /// Each link destination in `prose`, located in `file`.
    private static func links(in prose: [Prose], file: String) -> [Link] {
        MarkdownLinks.destinations(in: prose.compactMap(\.block)).compactMap { destination in
            guard destination.kind == .link, let position = destination.position else { return nil }
            let start = SourceLocation(file: file, line: position.startLine, column: position.startColumn)
            let ends = (position.endLine, position.endColumn) >= (position.startLine, position.startColumn)
            return Link(
                url: destination.url,
                span: ends
                    ? SourceSpan(start: start, endLine: position.endLine, endColumn: position.endColumn + 1)
                    : SourceSpan(at: start))
        }
    }

    /// Every page of the site by path (`.md` and `.html` alike), with the anchors it has; nil
    /// for a page the site generates, whose anchors are not checked.
    private struct Targets {
        var pages: [String: Set<String>?] = [:]

        init(_ content: [Page]) {
            for page in content {
                pages[page.path] = page.anchors
                pages[SitePaths.html(forMarkdown: page.path)] = page.anchors
                if page.isSpec { pages[SitePaths.screens(forMarkdown: page.path)] = .some(nil) }
            }
            for reference in SiteNavigation.referencePages { pages[reference.href] = .some(nil) }
            // A folder's section page, unless the content has its own `index.md` there.
            for folder in Set(content.compactMap { Self.folder(of: $0.path) }) {
                pages[folder + "/index.html"] = pages[folder + "/index.html"] ?? .some(nil)
            }
            pages["index.html"] = pages["index.html"] ?? .some(nil)
        }

        /// What is wrong with a link to `url` from the page at `page`, if anything; a page not
        /// among these is looked up with `outside`.
        func problem(with url: String, from page: String, outside: (String) -> Page?) -> Message? {
            // Another scheme or another host: not the site's to check.
            if url.contains("://") || url.hasPrefix("//") || url.hasPrefix("mailto:") { return nil }
            if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/"), !url[..<colon].contains("#") {
                return nil
            }
            let hash = url.firstIndex(of: "#")
            let path = String(url[..<(hash ?? url.endIndex)]).split(separator: "?").first.map(String.init) ?? ""
            let anchor = hash.map { String(url[url.index(after: $0)...]) }
            let target: String
            if path.isEmpty {
                target = page
            } else {
                guard path.hasSuffix(".md") || path.hasSuffix(".html") else { return nil }
                guard let resolved = Self.resolve(path, from: page) else {
                    return .linkToMissingPage(url, page: path)
                }
                target = resolved
            }
            let markdown = target.hasSuffix(".html") ? String(target.dropLast(5)) + ".md" : target
            guard let anchors = pages[target] ?? outside(markdown).map({ .some($0.anchors) }) else {
                return .linkToMissingPage(url, page: target)
            }
            guard let anchor, !anchor.isEmpty, let known = anchors else { return nil }
            let decoded = anchor.removingPercentEncoding ?? anchor
            guard !known.contains(decoded) else { return nil }
            let closest = known.sorted().min { editDistance(decoded, $0) < editDistance(decoded, $1) }
            return .linkToMissingAnchor(url, anchor: decoded, page: target, suggestion: closest)
        }

        /// `path` from the page at `page`, as a path from the content root; nil when it leads
        /// above the root.
        static func resolve(_ path: String, from page: String) -> String? {
            var parts = path.hasPrefix("/") ? [] : page.split(separator: "/").dropLast().map(String.init)
            for part in path.split(separator: "/") {
                switch part {
                case ".": continue
                case "..":
                    guard !parts.isEmpty else { return nil }
                    parts.removeLast()
                default: parts.append(String(part.removingPercentEncoding ?? String(part)))
                }
            }
            return parts.joined(separator: "/")
        }

        static func folder(of path: String) -> String? {
            guard let slash = path.lastIndex(of: "/") else { return nil }
            return String(path[..<slash])
        }
    }
}
