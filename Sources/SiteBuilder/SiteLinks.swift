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
        /// The destination as written between the parentheses (or the angle brackets), which a
        /// fix replaces; nil where it is not written as `url` plainly is (escapes, entities, a
        /// reference link).
        public var destination: SourceSpan?

        public init(url: String, span: SourceSpan, destination: SourceSpan? = nil) {
            self.url = url
            self.span = span
            self.destination = destination
        }

        public var location: SourceLocation { span.start }
    }

    /// A finding at each link of `pages` that leads nowhere on the site, with the page or
    /// anchor it most likely meant as a fix of its destination. A link to a page that is not
    /// among them is looked up with `outside` (the content's other pages, when only some were
    /// given): found there, it is checked against that page's anchors. A link to one of the
    /// `unread` pages (by path from the root: files of the content that could not be read as a
    /// page) is not reported: the page's own error is the cause, and it is reported there.
    public static func findings(
        in pages: [Page], unread: [String] = [], outside: (String) -> Page? = { _ in nil }
    ) -> [Diagnostic] {
        let targets = Targets(pages, unread: unread)
        var looked: [String: Page?] = [:]
        return pages.flatMap { page in
            page.links.compactMap { link in
                targets.problem(with: link.url, from: page.path) { path in
                    if let known = looked[path] { return known }
                    let found = outside(path)
                    looked[path] = found
                    return found
                }.map { problem in
                    Diagnostic(problem.message, at: link.span).fixed(
                        by: link.destination.flatMap { written in
                            problem.meant.map { FixIt.replace(written, with: $0) }
                        })
                }
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
        prose.flatMap { prose -> [Link] in
            guard let block = prose.block else { return [] }
            let destinations = MarkdownLinks.destinations(in: [block])
            // Split into lines only for a block that has links: most prose has none.
            guard destinations.contains(where: { $0.kind == .link }) else { return [] }
            let lines = TextLines.split(prose.markdown)
            return destinations.compactMap { destination in
                guard destination.kind == .link, let position = destination.position else { return nil }
                let start = SourceLocation(file: file, line: position.startLine, column: position.startColumn)
                let ends = (position.endLine, position.endColumn) >= (position.startLine, position.startColumn)
                let span =
                    ends
                    ? SourceSpan(start: start, endLine: position.endLine, endColumn: position.endColumn + 1)
                    : SourceSpan(at: start)
                return Link(
                    url: destination.url, span: span,
                    destination: writtenDestination(
                        of: destination.url, link: span, in: lines, firstLine: prose.range.start.line))
            }
        }
    }

    /// Where `url` is written in the inline link `[text](url)` that covers `link`, in `lines`
    /// (the prose's, the first of them line `firstLine`): inside the parentheses, or inside the
    /// angle brackets of `(<url>)`. Nil for any other shape, or where the text written is not
    /// `url` itself (escapes, entities), which a fix could not simply replace.
    static func writtenDestination(
        of url: String, link: SourceSpan, in lines: [Substring], firstLine: Int
    ) -> SourceSpan? {
        let start = link.start
        let (first, last) = (start.line - firstLine, link.endLine - firstLine)
        guard !link.isEmpty, lines.indices.contains(first), lines.indices.contains(last), first <= last else {
            return nil
        }
        // The link's bytes alone (a paragraph may hold many links), lines joined by LF, with
        // where each line starts.
        var bytes: [UInt8] = []
        var lineStarts: [Int] = []
        for index in first...last {
            lineStarts.append(bytes.count)
            var line = lines[index].utf8
            if index == last { line = line.prefix(max(link.endColumn - 1, 0)) }
            if index == first { line = line.dropFirst(start.column - 1) }
            bytes.append(contentsOf: line)
            bytes.append(UInt8(ascii: "\n"))
        }
        func location(_ offset: Int) -> SourceLocation {
            let index = lineStarts.lastIndex { $0 <= offset } ?? 0
            let column = offset - lineStarts[index] + (index == 0 ? start.column : 1)
            return SourceLocation(file: start.file, line: start.line + index, column: column)
        }
        let (open, close, escape) = (UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"))
        guard bytes.first == UInt8(ascii: "[") else { return nil }
        // Past the link text's closing bracket, brackets inside it paired.
        var index = 0
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case escape: index += 1
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            default: break
            }
            index += 1
            if depth == 0 { break }
        }
        guard depth == 0, index < bytes.count, bytes[index] == open else { return nil }
        index += 1
        let blank: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n")]
        while index < bytes.count, blank.contains(bytes[index]) { index += 1 }
        var from = index
        var end = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "<") {
            from = index + 1
            end = bytes[from...].firstIndex(of: UInt8(ascii: ">")) ?? from
        } else {
            // Up to a blank or the parenthesis that closes the link; pairs inside it stay.
            var parentheses = 0
            while end < bytes.count, !blank.contains(bytes[end]) {
                if bytes[end] == escape {
                    end += 2
                    continue
                }
                if bytes[end] == open { parentheses += 1 }
                if bytes[end] == close {
                    if parentheses == 0 { break }
                    parentheses -= 1
                }
                end += 1
            }
            end = min(end, bytes.count)
        }
        guard end > from, String(decoding: bytes[from..<end], as: UTF8.self) == url else { return nil }
        let past = location(end)
        return SourceSpan(start: location(from), endLine: past.line, endColumn: past.column)
    }

    /// What is wrong with a link, and the destination it most likely meant.
    private struct Problem {
        var message: Message
        /// The whole destination to write instead, as the writer would: relative to the page.
        var meant: String?
    }

    /// Every page of the site by path (`.md` and `.html` alike), with the anchors it has; nil
    /// for a page the site generates, whose anchors are not checked.
    private struct Targets {
        var pages: [String: Set<String>?] = [:]
        /// The content's pages by their `.md` path from the root: what a link to a page that is
        /// not there may have meant.
        var markdownPaths: [String] = []

        init(_ content: [Page], unread: [String]) {
            markdownPaths = content.map(\.path).sorted()
            // There, but not read: its anchors are unknown, so a link to it is not judged.
            for path in unread {
                pages[path] = .some(nil)
                pages[SitePaths.html(forMarkdown: path)] = .some(nil)
            }
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
        func problem(with url: String, from page: String, outside: (String) -> Page?) -> Problem? {
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
                    return Problem(message: .linkToMissingPage(url, page: path, suggestion: nil))
                }
                target = resolved
            }
            let markdown = target.hasSuffix(".html") ? String(target.dropLast(5)) + ".md" : target
            guard let anchors = pages[target] ?? outside(markdown).map({ .some($0.anchors) }) else {
                // The nearest page, written as the link writes its path: relative to the page,
                // with the same extension, and the anchor kept.
                let meant = nearestPage(to: markdown).map { nearest in
                    let written = path.hasSuffix(".html") ? SitePaths.html(forMarkdown: nearest) : nearest
                    return Self.relative(written, from: page) + (hash.map { String(url[$0...]) } ?? "")
                }
                return Problem(message: .linkToMissingPage(url, page: target, suggestion: meant), meant: meant)
            }
            // A path from the server's root leads to the page only where the site is served at
            // the root: published under a path (a GitHub Pages project site is served at
            // `/REPOSITORY/`), it leads nowhere. The page is there, so the link is written
            // relative to this page, as every link the site makes itself is.
            if path.hasPrefix("/") {
                let meant = Self.relative(target, from: page) + (hash.map { String(url[$0...]) } ?? "")
                return Problem(message: .linkFromServerRoot(url, relative: meant), meant: meant)
            }
            guard let anchor, !anchor.isEmpty, let known = anchors else { return nil }
            let decoded = anchor.removingPercentEncoding ?? anchor
            guard !known.contains(decoded) else { return nil }
            let closest = known.sorted().min { editDistance(decoded, $0) < editDistance(decoded, $1) }
            return Problem(
                message: .linkToMissingAnchor(url, anchor: decoded, page: target, suggestion: closest),
                meant: closest.map { String(url[..<(hash ?? url.endIndex)]) + "#" + $0 })
        }

        /// The content page whose path is nearest `path` (a `.md` path from the root) by edit
        /// distance, as the closest anchor is found; nil when even the nearest differs in half
        /// its characters or more, which is no misspelling.
        func nearestPage(to path: String) -> String? {
            let scored = markdownPaths.map { ($0, editDistance(path, $0)) }
            guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 * 2 < max(path.count, best.0.count) else {
                return nil
            }
            return best.0
        }

        /// `path` (from the root) as a link from the page at `page` writes it.
        static func relative(_ path: String, from page: String) -> String {
            let folder = page.split(separator: "/").dropLast()
            var target = path.split(separator: "/")
            var shared = 0
            while shared < folder.count, shared < target.count - 1, folder[folder.startIndex + shared] == target[shared]
            {
                shared += 1
            }
            target.removeFirst(shared)
            return (Array(repeating: "..", count: folder.count - shared) + target.map(String.init)).joined(
                separator: "/")
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
