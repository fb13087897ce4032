import Foundation
import SiteBuilder
import SpecModel
import Testing
import Utilities

@testable import Pipeline

@Suite struct BuildManifestTests {
    let stamp = FileStamp("fd01-2a-3e8-65f0c0de-1f4")!

    var manifest: BuildManifest {
        let file = "content/notes/a.md"
        let title = SourceSpan(file: file, line: 1, columns: 3..<20)
        let finding = Diagnostic(
            Message("copy-straight-quote", .warning, "a\tb"), at: SourceSpan(file: file, line: 4, columns: 2..<9),
            fixIts: [.replace(SourceSpan(file: file, line: 4, columns: 2..<9), with: "’")])
        return BuildManifest(
            buildKey: "b1", sharedKey: "s1", passed: true,
            records: [
                PageRecord(
                    path: file, relativePath: "notes/a.md", version: .disk(stamp), isTrusted: true, hash: "h1",
                    kind: .page, id: "a",
                    title: "Tabs\tand\nlines and \\ slashes", titleSpan: title,
                    idSpan: SourceSpan(file: file, line: 2, columns: 12..<13),
                    links: SiteLinks.Page(
                        path: "notes/a.md", isSpec: false, anchors: ["main", "part"],
                        links: [
                            SiteLinks.Link(url: "b.md#x", span: SourceSpan(file: file, line: 5, columns: 1..<12)),
                            // Where the destination is written, for the fix of a link that leads nowhere.
                            SiteLinks.Link(
                                url: "c.md", span: SourceSpan(file: file, line: 6, columns: 3..<13),
                                destination: SourceSpan(file: file, line: 6, columns: 8..<12)),
                        ]),
                    findings: [finding]),
                PageRecord(
                    path: "content/spec.md", relativePath: "spec.md", version: .disk(stamp), isTrusted: false,
                    hash: "h2", kind: .spec,
                    id: "N1.4", title: "Spec", titleSpan: SourceSpan(file: "content/spec.md", line: 1, columns: 1..<7),
                    idSpan: nil, links: nil, findings: []),
            ],
            outputs: [.init(path: "notes/a.html", stamp: stamp, key: "k1")],
            runFindings: [Diagnostic(Message("step-failed", .error, "x"), at: .whole("content/spec.md"))])
    }

    @Test func itsTextReadsBackAsTheSameManifest() {
        #expect(BuildManifest(text: manifest.text) == manifest)
        #expect(BuildManifest(bytes: manifest.bytes) == manifest)
    }

    @Test func fieldsWithTabsAndLineEndsStayOnTheirLine() {
        let lines = manifest.text.split(separator: "\n")
        // The header, the keys and verdict, two records, an output, the run's findings, the end.
        #expect(lines.count == 1 + 3 + 2 + 1 + 1 + 1)
        #expect(lines.contains { $0.contains("Tabs\\tand\\nlines and \\\\ slashes") })
    }

    @Test func anotherVersionOrACutOffFileIsNotRead() {
        #expect(BuildManifest(text: "passkey-spec build manifest 0\nbuild\tb1\n") == nil)
        #expect(BuildManifest(text: "") == nil)
        let text = manifest.text
        #expect(BuildManifest(text: String(text.prefix(text.count / 2))) == nil)
    }

    @Test func itIsKeptPerOutputFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = CacheStore(folder: folder, toolFingerprint: "tests")
        let one = URL(fileURLWithPath: "/tmp/site-one")
        let two = URL(fileURLWithPath: "/tmp/site-two")
        manifest.save(for: one, in: cache)
        var saved = manifest
        saved.folder = one.path
        #expect(BuildManifest.load(for: one, in: cache) == saved)
        #expect(BuildManifest.load(for: two, in: cache) == nil)
        BuildManifest.forget(for: one, in: cache)
        #expect(BuildManifest.load(for: one, in: cache) == nil)
    }
}
