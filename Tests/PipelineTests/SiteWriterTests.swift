import Foundation
import Testing

@testable import Pipeline

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
