import CommonMark
import Foundation
import Markdown
import Testing

/// `MarkdownHTML` against cmark-gfm's own renderer (`CommonMarkHTML`): the same bytes for the
/// same Markdown, over the site's content, the parser's fixtures, the fuzzer's page seeds and
/// hand-written cases for every node kind.
///
/// Deliberate differences, each with its own test below:
/// - heading `id`s, written only when `headingAnchors` is on (cmark-gfm writes none);
/// - blocks nested deeper than `CommonMarkConverter.maximumDepth` are not in the tree, so they
///   are not rendered (cmark-gfm renders them).
@Suite struct MarkdownHTMLDifferentialTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every `.md` file under `folder` (relative to the package root), by relative path.
    static func markdownFiles(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let names = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return names.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
    }

    static let contentFiles = markdownFiles(under: "content") + markdownFiles(under: "Tests/SpecParserTests/Fixtures")
    static let seedFiles = markdownFiles(under: "Fuzz/corpus/page")

    static func read(_ path: String) throws -> String {
        // Read as the site reads pages: bytes decoded as UTF-8, invalid sequences replaced.
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    @Test func theContentAndFixturesAreFound() {
        #expect(Self.contentFiles.count >= 5)
        #expect(Self.contentFiles.contains("content/writers-guide.md"))
    }

    @Test(arguments: contentFiles)
    func contentAndFixtures(path: String) throws {
        expectSameHTML(try Self.read(path), name: path)
    }

    @Test(arguments: seedFiles)
    func fuzzSeeds(path: String) throws {
        expectSameHTML(try Self.read(path), name: path)
    }

    @Test(arguments: HandWrittenCases.all)
    func handWritten(example: HandWrittenCases.Example) {
        expectSameHTML(example.markdown, name: example.name)
    }

    /// Documents made of random runs of Markdown's syntax, from a fixed seed: combinations
    /// nobody thought to write by hand.
    @Test func generatedDocuments() {
        var generator = GeneratedMarkdown(seed: 42)
        for _ in 0..<3000 {
            let markdown = generator.next()
            let expected = CommonMarkHTML.render(markdown)
            guard MarkdownHTML.render(CommonMarkConverter.parse(markdown).children) != expected else { continue }
            expectSameHTML(markdown, name: "generated document")
            return
        }
    }

    // MARK: - Deliberate differences

    @Test func headingIDsAreTheOnlyDifferenceWhenAnchorsAreOn() {
        let markdown = "# Title\n\nText\n\n## Part *one*\n\n> ## Title\n"
        let withIDs = MarkdownHTML.render(
            CommonMarkConverter.parse(markdown).children, options: .init(headingAnchors: true))
        #expect(
            withIDs == """
                <h1 id="title">Title</h1>
                <p>Text</p>
                <h2 id="part-one">Part <em>one</em></h2>
                <blockquote>
                <h2 id="title-1">Title</h2>
                </blockquote>

                """)
        let stripped = withIDs.replacingOccurrences(of: #" id="[^"]*""#, with: "", options: .regularExpression)
        #expect(stripped == CommonMarkHTML.render(markdown))
    }

    @Test func blocksBeyondTheDepthLimitAreNotRendered() {
        let depth = CommonMarkConverter.maximumDepth + 10
        let markdown = String(repeating: ">", count: depth) + " deep\n"
        let html = MarkdownHTML.render(CommonMarkConverter.parse(markdown).children)
        #expect(!html.contains("deep"))
        #expect(CommonMarkHTML.render(markdown).contains("<p>deep</p>"))
        // What is rendered is cmark-gfm's output without the innermost blocks.
        let kept = CommonMarkConverter.maximumDepth - 1
        #expect(
            html == String(repeating: "<blockquote>\n", count: kept) + String(repeating: "</blockquote>\n", count: kept)
        )
    }

    // MARK: - Comparing

    /// Expects both renderers to write the same bytes; on a difference, shows where it starts.
    func expectSameHTML(_ markdown: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = CommonMarkHTML.render(markdown)
        let actual = MarkdownHTML.render(CommonMarkConverter.parse(markdown).children)
        guard actual != expected else { return }
        let offset = zip(actual.utf8, expected.utf8).prefix { $0 == $1 }.count
        let context = { (html: String) in
            String(decoding: html.utf8.dropFirst(max(0, offset - 60)).prefix(160), as: UTF8.self)
        }
        Issue.record(
            """
            \(name): the HTML differs from cmark-gfm's at byte \(offset)
            markdown: \(String(reflecting: markdown.count > 400 ? String(markdown.prefix(400)) + "…" : markdown))
            cmark-gfm: \(String(reflecting: context(expected)))
            MarkdownHTML: \(String(reflecting: context(actual)))
            """, sourceLocation: sourceLocation)
    }
}

/// Random documents of Markdown fragments, the same ones for the same seed.
struct GeneratedMarkdown {
    static let fragments = [
        "# ", "## ", "> ", "- ", "1. ", "3) ", "0. ", "* ", "+ ", "- [ ] ", "- [x] ", "    ", "\t", "\n", "\n\n",
        "\r\n", "```", "~~~", "`", "``", "*", "**", "_", "__", "~", "~~", "[", "]", "(", ")", "![", "](", "<", ">",
        "&amp;", "&", "\"", "'", "\\", "|", "| --- |", "|:-:|", "|a|b|\n|-|-:|\n", "---", "===", "[^1]", "[^1]: ",
        "[^a]", "[^A]", "[^a]: ", "\n[^A]:", "[x]: /u \"t\"", "[x]", "www.a.com", "http://x.y/z", "a@b.c", "<div>",
        "</div>", "<!-- c -->", "<b>", "javascript:", "data:image/png,", "word", "ö", "😀", " ", "  \n", "x.md", "#h",
    ]

    /// SplitMix64's state.
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func random(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((mixed ^ (mixed >> 31)) % UInt64(bound))
    }

    /// A document of 1 to 60 fragments.
    mutating func next() -> String {
        (0...random(below: 60)).map { _ in Self.fragments[random(below: Self.fragments.count)] }.joined()
    }
}
