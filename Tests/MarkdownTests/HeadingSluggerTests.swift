import CommonMark
import Foundation
import Markdown
import Testing

/// Anchors as GitHub makes them; cases from github-slugger's own fixtures.
@Suite struct HeadingSluggerTests {
    @Test func repeatedAnchorsAreNumberedInOrder() {
        var slugger = HeadingSlugger()
        let anchors = ["echo", "echo", "echo 1", "echo-1", "echo", "foxtrot-1", "foxtrot", "foxtrot"].map {
            slugger.slug(for: $0)
        }
        #expect(anchors == ["echo", "echo-1", "echo-1-1", "echo-1-2", "echo-2", "foxtrot-1", "foxtrot", "foxtrot-2"])
    }

    @Test(arguments: [
        ("Basic usage", "basic-usage"),
        ("bravoCharlieDelta", "bravocharliedelta"),
        ("heading with a - dash", "heading-with-a---dash"),
        ("heading with an _ underscore", "heading-with-an-_-underscore"),
        ("heading with a period.txt", "heading-with-a-periodtxt"),
        (
            "exchange.bind_headers(exchange, routing [, bindCallback])",
            "exchangebind_headersexchange-routing--bindcallback"
        ),
        (" a ", "-a-"),
        ("Sign-in & errors: what's shown?", "sign-in--errors-whats-shown"),
        ("`code` \"quotes\" <tags> {braces} 100% #1 @me", "code-quotes-tags-braces-100-1-me"),
    ])
    func punctuationIsRemovedAndSpacesBecomeDashes(text: String, anchor: String) {
        #expect(HeadingSlugger.baseSlug(for: text) == anchor)
    }

    @Test(arguments: [
        ("Привет non-latin 你好", "привет-non-latin-你好"),
        ("Ünïcödé Café", "ünïcödé-café"),
        ("I ♥ unicode", "i--unicode"),
        ("😄 unicode emoji", "-unicode-emoji"),
        ("😄_😄 unicode emoji", "_-unicode-emoji"),
        ("en–dash", "endash"),
        ("apostrophe’s should be trimmed", "apostrophes-should-be-trimmed"),
        ("a\u{00A0}b", "ab"),
        ("Ⅻ ½ ²", "ⅻ--"),
        ("ⓐ circled", "ⓐ-circled"),
    ])
    func nonASCIILettersStaySymbolsGo(text: String, anchor: String) {
        #expect(HeadingSlugger.baseSlug(for: text) == anchor)
    }

    @Test func headingTextIsItsTextAndCodeWithoutMarkup() {
        let heading = CommonMarkConverter.parse("## *Sign* `in` [now](x.md) <b>x</b> ![pic](p.png)[^n]\n\n[^n]: n\n")
            .children[0]
        #expect(HeadingSlugger.text(of: heading) == "Sign in now x ")
        #expect(HeadingSlugger.anchors(in: [heading]) == ["sign-in-now-x-"])
    }

    /// A link checker that computes a page's anchors gets exactly the ids the renderer writes.
    @Test(arguments: MarkdownHTMLDifferentialTests.contentFiles)
    func anchorsAreTheIDsTheRendererWrites(path: String) throws {
        let blocks = CommonMarkConverter.parse(try MarkdownHTMLDifferentialTests.read(path)).children
        let html = MarkdownHTML.render(blocks, options: .init(headingAnchors: true))
        // Headings start a line; footnotes have ids too, but no heading tag.
        let ids = html.split(separator: "\n").filter { $0.hasPrefix("<h") }.compactMap { line in
            line.firstRange(of: " id=\"").map { String(line[$0.upperBound...].prefix { $0 != "\"" }) }
        }
        let anchors = HeadingSlugger.anchors(in: blocks)
        #expect(!anchors.isEmpty)
        #expect(ids == anchors.filter { !$0.isEmpty })
        #expect(Set(anchors).count == anchors.count)
    }
}
