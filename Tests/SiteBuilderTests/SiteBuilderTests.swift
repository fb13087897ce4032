import PasskeyLoginEngine
import Foundation
import PasskeyLoginFlow
import SpecModel
import SpecParser
import SpecRunner
import Testing

@testable import SiteBuilder

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let templates = packageRoot.appendingPathComponent("templates")

/// The frozen copy of the spec page that `SpecRunnerTests` edits too (see its `Fixtures/README.md`):
/// these tests match its exact words, so a writer who rewords `content/` does not break them.
let fixtureSpecPath = packageRoot.appendingPathComponent("Tests/SpecRunnerTests/Fixtures/login-error-states.md").path

/// The project's content with its spec page replaced by the fixture, with one text of it
/// replaced, parsed and checked without the slow exploration.
func build(replacing old: String? = nil, with new: String = "") throws -> [String: Data] {
    var result = try ContentLoader().load(paths: [packageRoot.appendingPathComponent("content").path])
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
    return try SiteBuilder(templates: templates).render(content: result.content, report: report)
}

func text(_ files: [String: Data], _ path: String) -> String { String(decoding: files[path] ?? Data(), as: UTF8.self) }

@Suite struct SiteBuilderTests {
    @Test func theExplorationBreakdownComesFromTheReport() throws {
        var result = try ContentLoader().load(paths: [packageRoot.appendingPathComponent("content").path])
        let flow = PasskeyLoginFlow.make { _ in
            Explorer(
                depthLimit: 4, adapters: [IOSAdapter()], configurations: [Configuration()],
                worlds: [WorldScript(account: nil), WorldScript(account: nil, routeAvailable: false)],
                comparesWorlds: false)
        }
        let report = CheckRunner(flows: FlowRegistry([flow])).run(result.content)
        result.diagnostics = []
        let page = text(
            try SiteBuilder(templates: templates).render(content: result.content, report: report),
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

    @Test func linksBetweenMarkdownPagesPointAtHTML() {
        #expect(
            MarkdownHTML.rewriteLinks("<a href=\"native/a.md#x\">a</a> <a href=\"https://e.com/b.md\">b</a>")
                == "<a href=\"native/a.html#x\">a</a> <a href=\"https://e.com/b.md\">b</a>")
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

@Suite struct SiteWriterTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func replacesAPreviousBuildWhole() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("site")
        try SiteWriter.write(["a.html": Data("one".utf8), "old.html": Data("x".utf8)], to: site)
        try SiteWriter.write(["a.html": Data("two".utf8)], to: site)
        #expect(try String(contentsOf: site.appendingPathComponent("a.html"), encoding: .utf8) == "two")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("old.html").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"], "no staging folders left")
    }

    @Test func refusesAFolderThatIsNotABuild() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let notes = root.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: notes.appendingPathComponent("todo.txt"))
        #expect(throws: SiteWriter.Failure.notASiteFolder(notes.path)) {
            try SiteWriter.write(["a.html": Data()], to: notes)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: notes.path) == ["todo.txt"])
    }

    @Test func aFailedWriteLeavesThePreviousSite() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("site")
        try SiteWriter.write(["a.html": Data("good".utf8)], to: site)
        // "x" as a file and as a folder cannot both exist: the write fails half-way.
        #expect(throws: SiteWriter.Failure.self) {
            try SiteWriter.write(["x": Data("file".utf8), "x/y.html": Data("page".utf8)], to: site)
        }
        #expect(try String(contentsOf: site.appendingPathComponent("a.html"), encoding: .utf8) == "good")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"])
    }
}

/// The addresses a page loads (`src` of any element, `href` of a `<link>`) that are not on the
/// site itself: absolute, protocol-relative or of another scheme. Links people follow are fine.
func loadsFromElsewhere(_ html: String) -> [String] {
    var found: [String] = []
    var rest = html[...]
    while let tag = rest.range(of: "<") {
        let end = rest[tag.upperBound...].firstIndex(of: ">") ?? rest.endIndex
        let element = rest[tag.upperBound..<end]
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
