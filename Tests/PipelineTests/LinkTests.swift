import Foundation
import Pipeline
import SpecModel
import TestSupport
import Testing

/// A link to a page or anchor that does not exist is a located warning, an error with
/// `--strict`, and a build that reads only the edited page still finds it.
@Suite struct LinkTests {
    @Test func theContentsLinksAllLead() throws {
        let folder = try TemporaryFolder()
        let result = pipeline(folder).lint()
        let links = result.diagnostics.filter { $0.id.rawValue.hasPrefix("link-to-") }
        #expect(links.isEmpty, "\(links)")
    }

    /// Appends `text` to the writer's guide of the content copied into `folder`.
    static func append(_ text: String, to page: String, in folder: TemporaryFolder) throws -> URL {
        let url = folder.url.appendingPathComponent("content/\(page)")
        let old = try String(contentsOf: url, encoding: .utf8)
        try Data((old + text).utf8).write(to: url)
        return url
    }

    static func lineCount(_ url: URL) throws -> Int {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
    }

    @Test func aLinkToAMissingPageOrAnchorIsLocated() throws {
        let folder = try TemporaryFolder()
        let content = try copyContent(into: folder)
        let guide = try Self.append(
            "\nSee [the guide](writers-guid.md), [the spec](native/login-error-states.md#scenario-deleted-pasky) and [GitHub](https://github.com/x.md).\n",
            to: "writers-guide.md", in: folder)
        let line = try Self.lineCount(guide) - 1
        let result = pipeline(folder, in: folder.url, roots: [content]).lint()
        let links = result.diagnostics.filter { $0.id.rawValue.hasPrefix("link-to-") }
        #expect(
            links.map(\.description) == [
                "content/writers-guide.md:\(line):5: warning: the link 'writers-guid.md' leads to 'writers-guid.md', which is not a page of the site; did you mean 'writers-guide.md'? [link-to-missing-page]",
                "content/writers-guide.md:\(line):35: warning: the link 'native/login-error-states.md#scenario-deleted-pasky' leads to '#scenario-deleted-pasky', which 'native/login-error-states.md' does not have; did you mean '#scenario-deleted-passkey'? [link-to-missing-anchor]",
            ])
        #expect(!result.hasErrors)
        let strict = pipeline(folder, in: folder.url, roots: [content], strict: true).lint()
        #expect(strict.errors.filter { $0.id.rawValue.hasPrefix("link-to-") }.count == 2)
    }

    /// A link to a page that is not there names the nearest page, as a link to a missing anchor
    /// names the nearest anchor, written as the link writes its path (relative, with its
    /// extension and anchor), and the finding carries the fix that writes it in place of the
    /// destination. One finding per link.
    @Test func aLinkToAMissingPageSuggestsTheNearestAndFixesTheDestination() throws {
        let folder = try TemporaryFolder()
        let content = try copyContent(into: folder)
        let written = [
            "login-errors.md#scenario-deleted-passkey", "../web/login-errors.html", "<login error states.md>",
        ]
        let line = "See [the errors](\(written[0])), [the web](\(written[1])) and [spaced](\(written[2]))."
        try folder.write("content/native/notes.md", "# Notes\n<!-- page: notes -->\n\n\(line)\n")
        let result = pipeline(folder, in: folder.url, roots: [content]).lint()
        let links = result.diagnostics.filter { $0.id.rawValue.hasPrefix("link-to-") }
        #expect(links.count == 3, "\(links)")
        #expect(links.allSatisfy { $0.id == "link-to-missing-page" })
        let meant = ["login-error-states.md#scenario-deleted-passkey", "../web/login-error-states.html"]
        #expect(
            links.prefix(2).map(\.description) == [
                "content/native/notes.md:4:5: warning: the link '\(written[0])' leads to 'native/login-errors.md', which is not a page of the site; did you mean '\(meant[0])'? [link-to-missing-page]",
                "content/native/notes.md:4:61: warning: the link '\(written[1])' leads to 'web/login-errors.html', which is not a page of the site; did you mean '\(meant[1])'? [link-to-missing-page]",
            ])
        // The fix replaces the destination alone: the bytes between the parentheses.
        for (index, link) in links.prefix(2).enumerated() {
            let column = try #require(line.range(of: "(" + written[index] + ")")).lowerBound.utf16Offset(in: line) + 2
            let destination = SourceSpan(
                file: "content/native/notes.md", line: 4, columns: column..<(column + written[index].utf8.count))
            #expect(link.fixIts == [FixIt.replace(destination, with: meant[index])])
        }
        // Inside angle brackets, the destination is what is between them.
        let spaced = try #require(links.last)
        #expect(spaced.message.text.hasSuffix("did you mean 'login-error-states.md'?"))
        let column = try #require(line.range(of: "<login")).lowerBound.utf16Offset(in: line) + 2
        #expect(
            spaced.fixIts.first?.edits.first?.span
                == SourceSpan(
                    file: "content/native/notes.md", line: 4,
                    columns: column..<(column + "login error states.md".utf8.count)))
    }

    /// A link written from the server's root to a page that exists is one warning with the
    /// relative path as its fix, the anchor kept; one to a page that does not exist is
    /// `link-to-missing-page`, whose suggestion is relative as well. Either way, one finding.
    @Test func aLinkFromTheServersRootIsWrittenRelativeToItsPage() throws {
        let folder = try TemporaryFolder()
        let content = try copyContent(into: folder)
        let written = ["/native/login-error-states.html#scenario-deleted-passkey", "/native/login-errors.md"]
        let line = "See [the errors](\(written[0])) and [the other](\(written[1]))."
        try folder.write("content/native/notes.md", "# Notes\n<!-- page: notes -->\n\n\(line)\n")
        let result = pipeline(folder, in: folder.url, roots: [content]).lint()
        let links = result.diagnostics.filter { $0.id.rawValue.hasPrefix("link-") }
        #expect(links.map(\.id) == ["link-from-server-root", "link-to-missing-page"], "\(links)")
        let meant = ["login-error-states.html#scenario-deleted-passkey", "login-error-states.md"]
        for (index, link) in links.enumerated() {
            let column = try #require(line.range(of: "(" + written[index] + ")")).lowerBound.utf16Offset(in: line) + 2
            let text = ["[the errors]", "[the other]"][index]
            let start = try #require(line.range(of: text)).lowerBound.utf16Offset(in: line) + 1
            #expect(link.location == SourceLocation(file: "content/native/notes.md", line: 4, column: start))
            let destination = SourceSpan(
                file: "content/native/notes.md", line: 4, columns: column..<(column + written[index].utf8.count))
            #expect(link.fixIts == [FixIt.replace(destination, with: meant[index])])
            #expect(link.message.text.contains("'\(meant[index])'"))
        }
        #expect(!result.hasErrors)
        // With the fix made, the page's links all lead.
        try folder.write(
            "content/native/notes.md",
            "# Notes\n<!-- page: notes -->\n\nSee [the errors](\(meant[0])) and [the other](\(meant[1])).\n")
        let fixed = pipeline(folder, in: folder.url, roots: [content]).lint()
        #expect(fixed.diagnostics.filter { $0.id.rawValue.hasPrefix("link-") }.isEmpty)
    }

    /// A page that cannot be read is one error, its reader's: the links to it from other pages
    /// are not reported as leading nowhere, whatever anchor they name.
    @Test func aLinkToAnUnreadablePageIsNotASecondMessage() throws {
        let folder = try TemporaryFolder()
        let content = try copyContent(into: folder)
        try folder.write(
            "content/notes/a.md", bytes: Array("# Notes\n<!-- page: notes -->\n\n".utf8) + [0x45, 0x74, 0xE9, 0x0A])
        try folder.write(
            "content/notes/b.md", "# More\n<!-- page: more -->\n\nSee [the notes](a.md) and [a part](a.html#part).\n")
        try folder.write("content/c.md", "# Other\n<!-- page: other -->\n\nSee [the notes](notes/a.md).\n")
        let result = pipeline(folder, in: folder.url, roots: [content]).lint()
        #expect(result.diagnostics.map(\.id) == ["invalid-utf8"], "\(result.diagnostics)")
        #expect(result.diagnostics.first?.location.file == "content/notes/a.md")
    }

    /// A page that loses a heading breaks the links to it from a page the build does not read
    /// again; a prose edit that adds a broken link is found by a build that renders that page alone.
    @Test func anIncrementalBuildChecksLinksAcrossPages() throws {
        let folder = try TemporaryFolder()
        let content = try copyContent(into: folder)
        try folder.write("content/notes/a.md", "# A\n<!-- page: a -->\n\n## Where to start\n\nText.\n")
        try folder.write("content/notes/b.md", "# B\n<!-- page: b -->\n\nSee [where to start](a.md#where-to-start).\n")
        let build = pipeline(folder, in: folder.url, roots: [content])
        let first = build.build(into: "out")
        #expect(first.stage == .write)
        #expect(!first.diagnostics.contains { $0.id.rawValue.hasPrefix("link-to-") }, "\(first.diagnostics)")

        try folder.write("content/notes/a.md", "# A\n<!-- page: a -->\n\n## How to begin\n\nText.\n")
        let second = build.build(into: "out")
        #expect(second.output?.renderedPages == ["notes/a.html"])
        #expect(
            second.diagnostics.map(\.description) == [
                "content/notes/b.md:4:5: warning: the link 'a.md#where-to-start' leads to '#where-to-start', which 'notes/a.md' does not have; did you mean '#how-to-begin'? [link-to-missing-anchor]"
            ])

        try folder.write("content/notes/b.md", "# B\n<!-- page: b -->\n\nSee [how to begin](a.md#how-to-begin).\n")
        let third = build.build(into: "out")
        #expect(third.output?.renderedPages == ["notes/b.html"])
        #expect(!third.diagnostics.contains { $0.id.rawValue.hasPrefix("link-to-") }, "\(third.diagnostics)")
    }
}
