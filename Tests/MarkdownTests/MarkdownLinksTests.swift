import CommonMark
import Markdown
import Testing

/// The links of a tree, for the link checker, and the `.md` to `.html` rule.
@Suite struct MarkdownLinksTests {
    @Test func everyDestinationIsListedWithItsPosition() {
        let blocks = CommonMarkConverter.parse(
            """
            See [notes](notes.md#part) and ![a diagram](d.svg "D").

            - <https://example.com> and www.example.org
            - [ref][r]

            | [cell](c.md) |
            | --- |

            [r]: ref.md

            """
        ).children
        let destinations = MarkdownLinks.destinations(in: blocks)
        #expect(
            destinations.map(\.url) == [
                "notes.md#part", "d.svg", "https://example.com", "http://www.example.org", "ref.md", "c.md",
            ])
        #expect(destinations.map(\.kind) == [.link, .image, .link, .link, .link, .link])
        #expect(
            destinations[0].position == MarkdownNode.Position(startLine: 1, startColumn: 5, endLine: 1, endColumn: 26))
        #expect(destinations.map { $0.position?.startLine } == [1, 1, 3, 3, 4, 6])
    }

    @Test func linksInsideLinksAndImagesAreListedToo() {
        let blocks = CommonMarkConverter.parse("[![img](i.png)](page.md)\n").children
        #expect(MarkdownLinks.destinations(in: blocks).map(\.url) == ["page.md", "i.png"])
    }

    @Test(arguments: [
        ("notes.md", "notes.html"),
        ("notes.md#part", "notes.html#part"),
        ("../web/login-error-states.md#criteria", "../web/login-error-states.html#criteria"),
        ("/docs/a.md", "/docs/a.html"),
        ("a%20b.md", "a%20b.html"),
        ("notes.md#part.md", "notes.html#part.md"),
        ("https://example.com/notes.md", "https://example.com/notes.md"),
        ("//cdn.example.com/notes.md", "//cdn.example.com/notes.md"),
        ("mailto:someone@notes.md", "mailto:someone@notes.md"),
        ("#notes.md", "#notes.md"),
        ("notes.mdx", "notes.mdx"),
        ("notes.txt", "notes.txt"),
        (".md", ".md"),
        ("", ""),
    ])
    func markdownPagesPointAtTheirHTMLPages(destination: String, expected: String) {
        #expect(MarkdownLinks.htmlPageDestination(for: destination) == expected)
    }
}
