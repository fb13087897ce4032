import CommonMark
import SpecModel

/// Prose as HTML: cmark-gfm's renderer (raw HTML omitted, unsafe links dropped), with links
/// to other Markdown pages pointed at their HTML pages.
enum MarkdownHTML {
    static func render(_ prose: [Prose]) -> String {
        render(prose.map(\.markdown).joined(separator: "\n\n"))
    }

    static func render(_ markdown: String) -> String {
        guard !markdown.isEmpty else { return "" }
        return rewriteLinks(CommonMarkHTML.render(markdown))
    }

    /// `href="page.md"` and `href="page.md#part"` (relative only) become `.html`.
    static func rewriteLinks(_ html: String) -> String {
        var result = ""
        var rest = Substring(html)
        while let start = rest.range(of: "href=\"") {
            result += rest[..<start.upperBound]
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            var target = String(rest[..<end])
            if !target.contains(":") {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                if parts[0].hasSuffix(".md") {
                    target = String(parts[0].dropLast(3)) + ".html" + (parts.count > 1 ? "#" + parts[1] : "")
                }
            }
            result += target
            rest = rest[end...]
        }
        return result + rest
    }
}
