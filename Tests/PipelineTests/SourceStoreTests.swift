import Foundation
import SiteBuilder
import SpecModel
import SpecParser
import SpecRunner
import TestSupport
import Testing
import Utilities

@testable import Pipeline

/// The source store: one place lists the folders, reads and parses each page once per
/// version, and runs the rules of that page alone.
@Suite struct SourceStoreTests {
    /// A spec page of the flow the tests register, with `id`.
    static func spec(_ id: String) -> String {
        "# Spec \(id)\n<!-- spec: \(id) platforms: ios -->\n\nText.\n"
    }

    /// A prose page with `id` and `links`.
    static func page(_ id: String, links: String = "") -> String {
        "# Page \(id)\n<!-- page: \(id) -->\n\n## Part\n\nWords. \(links)\n"
    }

    func store(_ clock: ManualWallClock? = nil) -> SourceStore {
        SourceStore(flows: LazyFlows(FlowCatalogue.registered), clock: clock ?? ManualWallClock(at: Int64.max / 2))
    }

    func request(
        _ folder: TemporaryFolder, roots: [String] = ["content"], edited: Set<String>? = nil
    )
        -> SourceStore.Request
    {
        SourceStore.Request(roots: roots, workingDirectory: folder.url, edited: edited)
    }

    @Test func loadsFoldersRecursivelyInSortedOrderWithRelativePaths() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/b/page.md", Self.page("b"))
        try folder.write("content/index.md", "# Home\n<!-- page: home -->\n\nHello.\n")
        try folder.write("content/notes.txt", "not markdown")
        try folder.write("content/.hidden/x.md", "garbage")
        let snapshot = try store().snapshot(request(folder))
        #expect(snapshot.pages.map(\.record.relativePath) == ["b/page.md", "index.md"])
        #expect(snapshot.pages.map(\.record.kind) == [.page, .home])
        #expect(snapshot.pages.flatMap(\.record.findings).isEmpty)
        #expect(snapshot.content.pages.first?.location.file == "content/b/page.md")
    }

    @Test func anEditToOnePageOfAThousandParsesThatPageAlone() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/index.md", "# Home\n<!-- page: home -->\n\nHello.\n")
        for number in 0..<1_000 {
            try folder.write("content/pages/p\(number).md", Self.page("p\(number)", links: "[next](p\(number + 1).md)"))
        }
        let store = store()
        _ = try store.snapshot(request(folder))
        #expect(store.statistics.parses == 1_001)
        #expect(store.statistics.listings == 1)
        // The editor's text of one page: parsed once, with nothing else read again and the
        // folders not listed again.
        let edited = folder.url.appendingPathComponent("content/pages/p500.md").path
        var request = request(folder, edited: [edited])
        request.unsaved = [edited: Array(Self.page("p500", links: "One word more.").utf8)]
        let snapshot = try store.snapshot(request)
        #expect(store.statistics.parses == 1_002)
        #expect(store.statistics.listings == 1)
        #expect(store.statistics.ruleRuns["read"] == 1_002)
        #expect(snapshot.pages.count == 1_001)
        // The same text again: nothing parsed.
        _ = try store.snapshot(request)
        #expect(store.statistics.parses == 1_002)
    }

    @Test func aStampTooRecentIsNotTrustedUntilTheClockMovesOn() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("content/index.md", "# Home\n<!-- page: home -->\n")
        let modified = try #require(FileStamp(path: path)).modifiedNanoseconds
        let clock = ManualWallClock(at: modified)
        let store = store(clock)
        _ = try store.snapshot(request(folder))
        _ = try store.snapshot(request(folder))
        // Within a tick of its last change, a file may change again with the same stamp: read again.
        #expect(store.statistics.parses == 2)
        clock.advance(by: SourceStore.racyMargin + 1)
        _ = try store.snapshot(request(folder))
        _ = try store.snapshot(request(folder))
        #expect(store.statistics.parses == 3)
    }

    @Test func aPageThatCouldNotBeReadIsReadAgainHoweverOldItsStamp() throws {
        // A file whose reading failed is not known by its stamp: a permission given back or a
        // passing I/O error changes no stamp.
        let folder = try TemporaryFolder()
        try folder.write("content/index.md", "# Home\n<!-- page: home -->\n")
        try folder.write("content/big.md", String(repeating: "x", count: SourceFile.maximumSize + 1))
        let store = store()
        let first = try store.snapshot(request(folder))
        #expect(first.pages.flatMap(\.record.findings).map(\.id.rawValue) == ["file-too-large"])
        #expect(!first.isTrusted)
        _ = try store.snapshot(request(folder))
        // The home page is known by its stamp; the page that failed is read again.
        #expect(store.statistics.parses == 3)
    }

    @Test func aFileNamedTwiceBySpellingsOfItsPathIsReadOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/index.md", "# Home\n<!-- page: home -->\n")
        try folder.write("content/web/page.md", Self.spec("W1.4"))
        for roots in [
            ["content/web", "./content/web/page.md"], ["content", "content/../content/web"], ["content", "./content"],
        ] {
            let snapshot = try store().snapshot(request(folder, roots: roots))
            #expect(snapshot.pages.filter { $0.record.relativePath == "web/page.md" }.count == 1, "\(roots)")
            #expect(!snapshot.pages.flatMap(\.record.findings).contains { $0.id.rawValue == "duplicate-spec-id" })
        }
    }

    @Test func unsavedTextIsReadForAFileFoundUnderTheRootDot() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("page.md", "# Page\n<!-- page: page -->\n")
        var request = request(folder, roots: ["."])
        request.unsaved = [path: Array("# Page\n<!-- page: Bad_ID -->\n".utf8)]
        let snapshot = try store().snapshot(request)
        #expect(snapshot.pages.flatMap(\.record.findings).map(\.id.rawValue) == ["malformed-id"])
    }

    @Test func duplicateSpecAndPageIDsAcrossFiles() throws {
        let folder = try TemporaryFolder()
        try copyContent(into: folder)
        let native = try String(
            contentsOf: folder.url.appendingPathComponent("content/native/login-error-states.md"), encoding: .utf8)
        try folder.write("content/native/copy.md", native)
        try folder.write("content/p1.md", "# A\n<!-- page: same -->\n")
        try folder.write("content/p2.md", "# B\n<!-- page: same -->\n")
        let diagnostics = pipeline(folder, in: folder.url).lint().diagnostics
        // Each is reported at the later page's ID, in its metadata comment, naming the first's,
        // with the first as a note.
        let spec = try #require(diagnostics.first { $0.id == "duplicate-spec-id" })
        #expect(spec.location == SourceLocation(file: "content/native/login-error-states.md", line: 2, column: 12))
        #expect(spec.message.text.hasSuffix("already used at content/native/copy.md:2:12"))
        #expect(spec.notes.map(\.span.start) == [SourceLocation(file: "content/native/copy.md", line: 2, column: 12)])
        #expect(spec.span.endColumn == 12 + "N1.4".utf8.count)
        let page = try #require(diagnostics.first { $0.id == "duplicate-page-id" })
        #expect(page.location == SourceLocation(file: "content/p2.md", line: 2, column: 12))
        #expect(diagnostics.filter { $0.id == "duplicate-spec-id" || $0.id == "duplicate-page-id" }.count == 2)
    }

    @Test func aPageCheckedAloneIsNamedAsInTheWholeContent() throws {
        let folder = try TemporaryFolder()
        try copyContent(into: folder)
        let alone = try store().snapshot(request(folder, roots: ["content/web/login-error-states.md"]))
        #expect(alone.pages.map(\.record.relativePath) == ["web/login-error-states.md"])
        #expect(alone.roots.map(\.prefix) == ["web"])
        let inFolder = try store().snapshot(request(folder, roots: ["content/native"]))
        #expect(inFolder.pages.map(\.record.relativePath).contains("native/login-error-states.md"))
        // Without a home page above it, a folder is its own root.
        try folder.write("loose/page.md", Self.page("loose"))
        let loose = try store().snapshot(request(folder, roots: ["loose/page.md"]))
        #expect(loose.pages.map(\.record.relativePath) == ["page.md"])
    }

    @Test func aLinkToAPageOutsideThePathsGivenIsCheckedAgainstTheContent() throws {
        let folder = try TemporaryFolder()
        try copyContent(into: folder)
        try folder.write(
            "content/extra.md",
            Self.page(
                "extra",
                links: "[Guide](writers-guide.md#sections), [nowhere](missing.md), [bad](index.md#no-such-part)"))
        let result = pipeline(folder, in: folder.url, roots: ["content/extra.md"]).lint()
        let links = result.diagnostics.filter { $0.id.rawValue.hasPrefix("link-to-") }
        // The guide exists beside it: its anchor is checked, not reported missing.
        #expect(links.map(\.id.rawValue).sorted() == ["link-to-missing-anchor", "link-to-missing-page"])
        #expect(links.contains { $0.message.text.contains("missing.md") })
        #expect(!links.contains { $0.message.text.contains("writers-guide") })
    }

    /// A build's store keeps a prose page's HTML, not its Markdown tree (about 17 bytes a
    /// byte of Markdown): the record has the page's anchors and links, and the page its
    /// rendered body, as a lint's store does; an editor's keeps the whole tree.
    @Test func aBuildsStoreLetsAProsePagesTreeGoOnceItsHTMLIsTaken() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/index.md", "# Home\n<!-- page: home -->\n\nSee [notes](notes.md#part).\n")
        try folder.write("content/notes.md", "# Notes\n<!-- page: notes -->\n\n## Part\n\nSome *text*.\n")
        let request = SourceStore.Request(roots: ["content"], workingDirectory: folder.url)
        func read(_ trees: SourceStore.Trees) throws -> SourceStore.Snapshot {
            try SourceStore(flows: LazyFlows(FlowRegistry([])), trees: trees).snapshot(request)
        }
        let built = try read(.rendered)
        let notes = try #require(built.content.pages.first { $0.id == "notes" })
        #expect(!notes.body.isEmpty)
        #expect(notes.body.allSatisfy { $0.block == nil })
        #expect(notes.renderedBody == "<h2 id=\"part\">Part</h2>\n<p>Some <em>text</em>.</p>\n")
        let record = try #require(built.pages.first { $0.record.id == "notes" }?.record)
        #expect(record.links?.anchors.contains("part") == true)
        #expect(built.pages.first { $0.record.id == "home" }?.record.links?.links.map(\.url) == ["notes.md#part"])

        let linted = try #require(
            try SourceStore(flows: LazyFlows(FlowRegistry([]))).snapshot(request).content.pages.first {
                $0.id == "notes"
            })
        #expect(linted.body.allSatisfy { $0.block == nil })
        #expect(ProseHTML.body(of: linted) == notes.renderedBody)
        for trees in [SourceStore.Trees.prose, .kept] {
            let kept = try #require(try read(trees).content.pages.first { $0.id == "notes" })
            #expect(kept.body.allSatisfy { $0.block != nil })
            #expect(kept.renderedBody == nil)
            #expect(ProseHTML.body(of: kept) == notes.renderedBody)
        }
    }
}
