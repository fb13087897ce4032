import Foundation
import PasskeyLoginEngine
import PasskeyLoginFlow
import Pipeline
import SpecModel
import SpecParser
import SpecRunner
import Testing

@testable import SiteBuilder

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
/// The repository's templates, as a build reads them.
let siteTemplates: SiteBuilder.Templates = {
    let folder = packageRoot.appendingPathComponent("templates")
    var files: [String: [UInt8]] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let relative = enumerator?.nextObject() as? String {
        var isDirectory: ObjCBool = false
        let path = folder.appendingPathComponent(relative).path
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            files[relative] = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        }
    }
    return try! SiteBuilder.Templates(files: files)
}()

/// The project's content as the pipeline's lint reads it (no cache, nothing run).
func projectLint() -> PipelineResult {
    Pipeline(PipelineConfiguration(workingDirectory: packageRoot, roots: ["content"])).lint()
}

/// The frozen copy of the spec page that `SpecRunnerTests` edits too (see its `Fixtures/README.md`):
/// these tests match its exact words, so a writer who rewords `content/` does not break them.
let fixtureSpecPath = packageRoot.appendingPathComponent("Tests/SpecRunnerTests/Fixtures/login-error-states.md").path

/// The project's content with its spec page replaced by the fixture, with one text of it
/// replaced, parsed and checked without the slow exploration.
func build(replacing old: String? = nil, with new: String = "") throws -> [String: Data] {
    var result = projectLint()
    var text = try String(contentsOfFile: fixtureSpecPath, encoding: .utf8)
    if let old {
        #expect(text.contains(old), "'\(old)' is not in the spec")
        text = text.replacingOccurrences(of: old, with: new)
    }
    var bag = DiagnosticBag()
    let source = try #require(SourceFile.validate(Array(text.utf8), path: fixtureSpecPath, diagnostics: &bag))
    guard case .spec(let spec) = PageParser.parse(source, relativePath: "native/login-error-states.md").0 else {
        Issue.record("not a spec")
        return [:]
    }
    result.content.specs = [spec]
    let report = CheckRunner(
        flows: FlowRegistry([PasskeyLoginFlow.make { _ in Explorer(worlds: [], comparesWorlds: false) }])
    ).run(result.content)
    return try SiteBuilder().render(content: result.content, report: report, templates: siteTemplates)
}

func text(_ files: [String: Data], _ path: String) -> String { String(decoding: files[path] ?? Data(), as: UTF8.self) }

@Suite struct SiteBuilderTests {
    @Test func theExplorationBreakdownComesFromTheReport() throws {
        var result = projectLint()
        let flow = PasskeyLoginFlow.make { _ in
            Explorer(
                depthLimit: 4, adapters: [IOSAdapter()], configurations: [Configuration()],
                worlds: [WorldScript(account: nil), WorldScript(account: nil, routeAvailable: false)],
                comparesWorlds: false)
        }
        let report = CheckRunner(flows: FlowRegistry([flow])).run(result.content)
        result.diagnostics = []
        let page = text(
            try SiteBuilder().render(content: result.content, report: report, templates: siteTemplates),
            "native/login-error-states.html")
        #expect(page.contains("in 2 runs (1 platform × 1 configuration × 2 world scripts)"))
    }

    @Test func rendersEveryPageAndExport() throws {
        let files = try build()
        for path in [
            "index.html", "native/login-error-states.html", "copy.html", "errors.html", "steps.html", "decisions.html",
            "writers-guide.html", "assets/style.css", "assets/site.js", "exports/spec.json", "exports/report.json",
            "exports/junit.xml",
        ] {
            #expect(files[path] != nil, "\(path) is missing")
        }
        let spec = text(files, "native/login-error-states.html")
        #expect(spec.contains("<h1>Passkey Login: Error States</h1>"))
        #expect(spec.contains("id=\"scenario-tried-deleted-passkey\"") == false)
        #expect(spec.contains("id=\"scenario-deleted-passkey\""))
        #expect(spec.contains("<code>ASAuthorizationError.Code.canceled</code> (1001)"))
        #expect(text(files, "copy.html").contains("id=\"copy-N1.4-automatic-cancel-first.action.retry\""))
        #expect(text(files, "errors.html").contains("<code>GetCredentialCancellationException</code>"))
    }

    /// The spec page shows the flow's root causes on every platform, each scenario linked from
    /// the page's folder, and the decision where platforms differ.
    @Test func theSpecPageShowsOneCauseOneScenario() throws {
        let spec = text(try build(), "native/login-error-states.html")
        let start = try #require(spec.range(of: "id=\"root-causes\""))
        let end = try #require(spec.range(of: "</section>", range: start.upperBound..<spec.endIndex))
        let table = String(spec[start.lowerBound..<end.lowerBound])
        #expect(table.contains("<th scope=\"col\">Web</th>"), "every platform of the flow")
        #expect(table.contains("<code>ASAuthorizationError.Code.failed (1004)</code>"))
        #expect(table.contains("href=\"../native/login-error-states.html#scenario-passkey-unavailable\""))
        #expect(table.contains("href=\"../decisions.html#decision-interruption-as-the-platform-reports-it\""))
    }

    /// The errors page names each result's source and marks what a sign-in never returns.
    @Test func theErrorsPageShowsEachSource() throws {
        let errors = text(try build(), "errors.html")
        #expect(errors.contains("https://developer.apple.com/forums/thread/756425"))
        #expect(errors.contains("registration<br><a href="))
        #expect(errors.contains("<strong>handled defensively</strong>"))
    }

    @Test func hostileCopyIsEscapedAndUnsafeLinksDropped() throws {
        let files = try build(
            replacing: "| Title             | Can’t Sign In with a Passkey | Can’t sign in with a passkey |",
            with: "| Title             | <script>alert(1)</script> | [x](javascript:alert(1)) & \"q\" |")
        let page = text(files, "native/login-error-states.html")
        #expect(!page.contains("<script>alert(1)"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!page.contains("href=\"javascript:"))
        #expect(page.contains(">x &amp; &quot;q&quot;<"), "a link in copy keeps only its text")
        let prose = try build(
            replacing: "This page covers the passkey failures",
            with: "<script>alert(2)</script> [y](javascript:alert(3)) This page covers the passkey failures")
        let prosePage = text(prose, "native/login-error-states.html")
        #expect(!prosePage.contains("<script>alert(2)"))
        #expect(!prosePage.contains("javascript:alert(3)"))
    }

    @Test func everyPageHasAPolicyForbiddingInlineScript() throws {
        let files = try build()
        for (path, data) in files where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            #expect(
                html.contains(
                    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'self'; script-src 'self';"
                ),
                "\(path)")
            #expect(!html.contains("unsafe-inline"), "\(path)")
            #expect(
                !html.contains("<script>") && !html.contains("<style") && !html.contains(" style=\""),
                "\(path) has inline script or style")
            #expect(loadsFromElsewhere(html).isEmpty, "\(path) loads \(loadsFromElsewhere(html)) from elsewhere")
        }
    }

    @Test func theExternalResourceCheckSeesEveryKindOfAddress() {
        #expect(loadsFromElsewhere(#"<img src="https://e.com/x.png">"#) == ["https://e.com/x.png"])
        #expect(loadsFromElsewhere(#"<script src="//cdn.e.com/x.js"></script>"#) == ["//cdn.e.com/x.js"])
        #expect(loadsFromElsewhere(#"<link rel="stylesheet" href="http://e.com/s.css">"#) == ["http://e.com/s.css"])
        #expect(loadsFromElsewhere(#"<script src="../assets/site.js"></script><a href="https://e.com">e</a>"#).isEmpty)
    }

    @Test func twoBuildsAreByteIdentical() throws {
        #expect(try build() == build())
    }

    /// Links are rewritten on the page's tree: a `.md` link points at the page's HTML, keeping
    /// its anchor; an absolute URL and a `.md` in text or code stay as written.
    @Test func linksBetweenMarkdownPagesPointAtHTML() throws {
        let markdown =
            "# Notes\n<!-- page: notes -->\n\n[a](native/a.md#x), [b](https://e.com/b.md), `c.md` and d.md.\n"
        let loaded = ContentLoader().parse(
            Array(markdown.utf8), as: ContentFile(path: "notes.md", relativePath: "notes.md"))
        guard case .page(let page) = try #require(loaded.page) else {
            Issue.record("not a page: \(loaded.diagnostics)")
            return
        }
        #expect(
            ProseHTML.render(page.body)
                == "<p><a href=\"native/a.html#x\">a</a>, <a href=\"https://e.com/b.md\">b</a>, <code>c.md</code> and d.md.</p>\n"
        )
        #expect(SitePaths.root(of: "native/login-error-states.html") == "../")
        #expect(SitePaths.root(of: "index.html") == "")
    }

    @Test func aFailingCheckRendersRedBadges() throws {
        let files = try build(
            replacing: "  Then a session is created\n\nScenario: A closed account does not",
            with: "  Then no session is created\n\nScenario: A closed account does not")
        let page = text(files, "native/login-error-states.html")
        #expect(page.contains("badge badge-fail"))
        #expect(page.contains("<span class=\"status\">Failed</span>"))
        #expect(page.contains("Expected no session is created; observed"))
    }
}

/// The addresses a page loads (`src` of any element, `href` of a `<link>`) that are not on the
/// site itself: absolute, protocol-relative or of another scheme. Links people follow are fine.
func loadsFromElsewhere(_ html: String) -> [String] {
    var found: [String] = []
    var rest = html[...]
    // `firstIndex(of:)`, not Foundation's `range(of:)`, which converts what is left of the page
    // on every call.
    while let tag = rest.firstIndex(of: "<") {
        let start = rest.index(after: tag)
        let end = rest[start...].firstIndex(of: ">") ?? rest.endIndex
        let element = rest[start..<end]
        let attributes = element.hasPrefix("link") ? ["src=\"", "href=\""] : ["src=\""]
        for attribute in attributes {
            guard let start = element.range(of: " " + attribute) else { continue }
            let value = element[start.upperBound...].prefix { $0 != "\"" }
            if value.hasPrefix("//") || value.contains(":") { found.append(String(value)) }
        }
        rest = rest[end...]
    }
    return found
}
