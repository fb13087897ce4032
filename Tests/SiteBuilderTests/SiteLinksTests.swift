import Foundation
import PasskeyLoginEngine
import PasskeyLoginFlow
import Pipeline
import SpecModel
import SpecParser
import SpecRunner
import Testing

@testable import SiteBuilder

/// The anchors the link check accepts are anchors the site writes: a link the check lets
/// through never lands nowhere.
@Suite struct SiteLinksTests {
    /// Every `id="…"` of an HTML page.
    static func ids(_ html: String) -> Set<String> {
        var found = Set<String>()
        var rest = html[...]
        while let start = rest.range(of: " id=\"") {
            let value = rest[start.upperBound...].prefix { $0 != "\"" }
            found.insert(String(value))
            rest = rest[start.upperBound...]
        }
        return found
    }

    /// Read as an editor's session reads it, with the Markdown trees kept: a build lets a prose
    /// page's tree go once its record holds the anchors and links (`renderedBody`).
    @Test func everyAnchorTheCheckAcceptsIsOnThePage() throws {
        let loaded = Pipeline(PipelineConfiguration(workingDirectory: packageRoot, roots: ["content"])).lint(
            session: EditorSession())
        let report = CheckRunner(
            flows: FlowRegistry([PasskeyLoginFlow.make { _ in Explorer(worlds: [], comparesWorlds: false) }])
        ).run(loaded.content)
        let files = try SiteBuilder().render(content: loaded.content, report: report, templates: siteTemplates)
        #expect(loaded.content.specs.count == 2)
        for spec in loaded.content.specs {
            let page = Self.ids(text(files, SitePaths.html(forMarkdown: spec.path)))
            let missing = SiteLinks.anchors(of: spec).subtracting(page)
            #expect(missing.isEmpty, "\(spec.path): \(missing.sorted())")
            #expect(SiteLinks.anchors(of: spec).count > 20)
        }
        for page in loaded.content.pages {
            let html = Self.ids(text(files, SitePaths.html(forMarkdown: page.path)))
            let missing = SiteLinks.anchors(of: page).subtracting(html)
            #expect(missing.isEmpty, "\(page.path): \(missing.sorted())")
        }
        let guide = try #require(loaded.content.pages.first { $0.path == "writers-guide.md" })
        #expect(SiteLinks.anchors(of: guide).count > 10)
    }

    /// Where a link's destination is written, for a fix to replace: between the parentheses
    /// or the angle brackets, on the link's last line when its text spans lines; nowhere when
    /// the text written is not the destination itself.
    @Test(arguments: [
        ("[a](x.md)", "x.md", (1, 5, 9) as (Int, Int, Int)?),
        ("[a](x.md \"Title\")", "x.md", (1, 5, 9)),
        ("[a [b]](  x(1).md)", "x(1).md", (1, 11, 18)),
        ("[a](<x y.md>)", "x y.md", (1, 6, 12)),
        ("[a\nb](x.md)", "x.md", (2, 4, 8)),
        ("[a](x\\_y.md)", "x_y.md", nil),
        ("[a][ref]", "x.md", nil),
    ])
    func aLinksDestinationIsFoundWhereItIsWritten(markdown: String, url: String, at: (Int, Int, Int)?) {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        let end = SourceSpan(
            start: SourceLocation(file: "p.md", line: 7, column: 1), endLine: 6 + lines.count,
            endColumn: lines.last!.utf8.count + 1)
        let found = SiteLinks.writtenDestination(of: url, link: end, in: lines, firstLine: 7)
        #expect(
            found
                == at.map { line, from, to in
                    SourceSpan(file: "p.md", line: 6 + line, columns: from..<to)
                })
    }
}
