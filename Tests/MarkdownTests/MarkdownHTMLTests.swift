import CommonMark
import Foundation
import Markdown
import Testing

/// What the site changes from cmark-gfm's output: link destinations rewritten on the tree,
/// and heading ids.
@Suite struct MarkdownHTMLTests {
    static let pages = MarkdownHTML.Options(linkDestination: MarkdownLinks.htmlPageDestination(for:))

    func render(_ markdown: String, _ options: MarkdownHTML.Options = pages) -> String {
        MarkdownHTML.render(CommonMarkConverter.parse(markdown).children, options: options)
    }

    @Test func linksToMarkdownPagesPointAtTheirHTMLPages() {
        #expect(
            render("[a](notes.md) [b](notes.md#part) [c](../web/login.md#a-b) [d](/docs/x.md)\n")
                == "<p><a href=\"notes.html\">a</a> <a href=\"notes.html#part\">b</a> "
                + "<a href=\"../web/login.html#a-b\">c</a> <a href=\"/docs/x.html\">d</a></p>\n")
    }

    @Test func markdownNamesOutsideLinksAreNotRewritten() {
        let html = render(
            """
            See notes.md, `notes.md` and [notes.md](notes.md).

            ```
            [x](notes.md)
            ```

            <a href="raw.md">raw</a>

            """)
        #expect(
            html == """
                <p>See notes.md, <code>notes.md</code> and <a href="notes.html">notes.md</a>.</p>
                <pre><code>[x](notes.md)
                </code></pre>
                <p><!-- raw HTML omitted -->raw<!-- raw HTML omitted --></p>

                """)
    }

    @Test func absoluteURLsAnchorsAndOtherFilesAreUntouched() {
        let markdown = """
            [a](https://example.com/notes.md) [b](//cdn.example.com/x.md) [c](mailto:a@b.md) <https://x.org/y.md>
            [d](#local) [e](notes.txt) [f](notes.markdown) [g](notes.md.bak) ![h](diagram.md)

            """
        #expect(render(markdown) == CommonMarkHTML.render(markdown))
    }

    @Test func destinationsAreRewrittenBeforeTheyAreEscapedAndChecked() {
        let options = MarkdownHTML.Options(linkDestination: { $0 == "a" ? "x y&z'.html" : "javascript:alert(1)" })
        #expect(
            render("[a](a) [b](b)\n", options) == "<p><a href=\"x%20y&amp;z&#x27;.html\">a</a> <a href=\"\">b</a></p>\n"
        )
    }

    @Test func referenceLinksAndAutolinksAreRewrittenToo() {
        #expect(
            render("[ref] and <notes.md>\n\n[ref]: notes.md#part \"Notes\"\n")
                == "<p><a href=\"notes.html#part\" title=\"Notes\">ref</a> and &lt;notes.md&gt;</p>\n")
    }

    @Test func headingsGetGitHubAnchorsWhenAsked() {
        let html = render(
            """
            # Sign-in & *errors*

            ## Sign-in & errors

            > ### `code` [link](x.md) <b>raw</b> ![image](i.png)

            ## ???

            """, .init(headingAnchors: true))
        #expect(
            html == """
                <h1 id="sign-in--errors">Sign-in &amp; <em>errors</em></h1>
                <h2 id="sign-in--errors-1">Sign-in &amp; errors</h2>
                <blockquote>
                <h3 id="code-link-raw-"><code>code</code> <a href="x.md">link</a> <!-- raw HTML omitted -->raw<!-- raw HTML omitted --> <img src="i.png" alt="image" /></h3>
                </blockquote>
                <h2>???</h2>

                """)
    }

    @Test func aPageRenderedInPartsGetsTheSameAnchorsAsWhole() {
        let blocks = CommonMarkConverter.parse("# A\n\ntext\n\n# A\n\n## B\n\n# A\n").children
        let options = MarkdownHTML.Options(headingAnchors: true)
        var slugger = HeadingSlugger()
        let parts = blocks.map { MarkdownHTML.render([$0], options: options, slugger: &slugger) }.joined()
        #expect(parts == MarkdownHTML.render(blocks, options: options))
        #expect(parts.contains("<h1 id=\"a-2\">"))
    }

    @Test func theDefaultOptionsChangeNothing() {
        let markdown = "# Title\n\n[a](notes.md)\n"
        #expect(MarkdownHTML.render(CommonMarkConverter.parse(markdown).children) == CommonMarkHTML.render(markdown))
    }

    @Test func renderingSomeBlocksRendersThemAsADocumentOfTheirOwn() {
        let blocks = CommonMarkConverter.parse("Intro\n\n- a\n- b\n\n| x |\n| - |\n| y |\n").children
        #expect(MarkdownHTML.render(Array(blocks[1...])) == CommonMarkHTML.render("- a\n- b\n\n| x |\n| - |\n| y |\n"))
        #expect(MarkdownHTML.render([]) == "")
    }
}
