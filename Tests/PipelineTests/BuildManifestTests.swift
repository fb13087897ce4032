import Foundation
import Pipeline
import SpecModel
import Testing
import Utilities

@Suite struct BuildManifestTests {
    let stamp = FileStamp("fd01-2a-3e8-65f0c0de-1f4")!

    var manifest: BuildManifest {
        BuildManifest(
            buildKey: "b1", sharedKey: "s1", passed: true,
            sources: [
                .init(
                    path: "content/notes/a.md", relativePath: "notes/a.md", stamp: stamp, hash: "h1", kind: .page,
                    id: "a", title: "Tabs\tand\nlines and \\ slashes", line: 1, column: 3, diagnostics: "[]"),
                .init(
                    path: "content/spec.md", relativePath: "spec.md", stamp: stamp, hash: "h2", kind: .spec, id: "N1.4",
                    title: "Spec", line: 1, column: 1, diagnostics: "[{\"id\":\"x\"}]"),
            ],
            outputs: [.init(path: "notes/a.html", stamp: stamp, key: "k1")],
            diagnostics: ["{\"message\":\"a\\tb\"}"])
    }

    @Test func itsTextReadsBackAsTheSameManifest() {
        #expect(BuildManifest(text: manifest.text) == manifest)
        #expect(BuildManifest(bytes: manifest.bytes) == manifest)
    }

    @Test func fieldsWithTabsAndLineEndsStayOnTheirLine() {
        let lines = manifest.text.split(separator: "\n")
        // The header, the listing time, the keys and verdict, two sources, an output, a diagnostic, the end.
        #expect(lines.count == 1 + 1 + 3 + 2 + 1 + 1 + 1)
        #expect(lines.contains { $0.contains("Tabs\\tand\\nlines and \\\\ slashes") })
    }

    @Test func anotherVersionOrACutOffFileIsNotRead() {
        #expect(BuildManifest(text: "passkey-spec build manifest 0\nbuild\tb1\n") == nil)
        #expect(BuildManifest(text: "") == nil)
        let text = manifest.text
        #expect(BuildManifest(text: String(text.prefix(text.count / 2))) == nil)
    }

    @Test func itIsKeptPerOutputFolder() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
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
