import Markdown
import SpecModel

/// Prose as HTML, rendered from the tree the page was parsed into (never parsed again): raw
/// HTML omitted and unsafe links dropped as cmark-gfm does, and links to other Markdown pages
/// pointed at their HTML pages on the tree, so that a `.md` in text or code is never touched.
public enum ProseHTML {
    /// The blocks of `prose` as one fragment. `headingAnchors` gives headings the anchors a
    /// link to `page.md#heading` expects (a prose page's own headings; `SiteLinks` checks
    /// links against the same anchors).
    static func render(_ prose: [Prose], headingAnchors: Bool = false) -> String {
        render(blocks: prose.compactMap(\.block), headingAnchors: headingAnchors)
    }

    /// The body of a prose page, with its headings' anchors: the HTML it had when it was read
    /// (`renderedBody`), else rendered from its tree now.
    public static func body(of page: Page) -> String {
        page.renderedBody ?? render(page.body, headingAnchors: true)
    }

    private static func render(blocks: [MarkdownNode], headingAnchors: Bool) -> String {
        guard !blocks.isEmpty else { return "" }
        return MarkdownHTML.render(
            blocks,
            options: MarkdownHTML.Options(
                linkDestination: MarkdownLinks.htmlPageDestination, headingAnchors: headingAnchors))
    }
}
