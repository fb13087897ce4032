import Foundation
import SpecModel
import TestSupport
import Testing

@testable import Pipeline

/// The site's conformance kits: made from the specs and the flows, and kept in the tool's cache
/// under the run's fingerprint.
@Suite struct ConformanceKitsTests {
    @Test func anArchiveGivesBackItsFilesAndACutOneGivesNothing() throws {
        let files: [(path: String, bytes: [UInt8])] = [
            ("swift/Package.swift", Array("let x = 1\n".utf8)), ("empty", []), ("é/ü.json", [0, 10, 255]),
        ]
        let archive = SiteFileArchive.bytes(of: files)
        let back = try #require(SiteFileArchive.files(in: archive))
        #expect(back.map(\.path) == files.map(\.path))
        #expect(back.map(\.bytes) == files.map(\.bytes))
        #expect(SiteFileArchive.files(in: Array(archive.dropLast())) == nil)
        #expect(SiteFileArchive.files(in: Array("12 x\n".utf8)) == nil)
        #expect(SiteFileArchive.files(in: [])?.isEmpty == true)
    }

    @Test func theKitsComeFromTheCacheForTheSameRunAndAreMadeAgainOtherwise() throws {
        let folder = try TemporaryFolder()
        try copyContent(into: folder)
        let cache = ToolCache(folder: folder.url.appendingPathComponent("cache"), toolFingerprint: "tests")
        let configuration = PipelineConfiguration(workingDirectory: folder.url, cache: cache)
        let content = Pipeline(configuration).lint().content
        let flows = configuration.makeFlows()
        let made = ConformanceKits.siteFiles(content: content, flows: flows)
        #expect(made.contains { $0.path.hasSuffix("Package.swift") })
        func cached(_ fingerprint: String) -> [(path: String, bytes: [UInt8])] {
            ConformanceKits.siteFiles(content: content, flows: flows, cache: cache, fingerprint: fingerprint)
        }
        let first = cached("run 1")
        #expect(first.map(\.path) == made.map(\.path))
        #expect(first.map(\.bytes) == made.map(\.bytes))
        let kits = cache.folder.appendingPathComponent(ConformanceKits.kind.name)
        let entries = try FileManager.default.contentsOfDirectory(atPath: kits.path)
        #expect(entries.count == 1)
        let entry = kits.appendingPathComponent(try #require(entries.first))
        // The same run is read from the entry, whatever it holds.
        try Data(SiteFileArchive.bytes(of: [("marker", [1])])).write(to: entry)
        #expect(cached("run 1").map(\.path) == ["marker"])
        // Another run is made again, and so is a run whose entry was cut short.
        #expect(cached("run 2").map(\.bytes) == made.map(\.bytes))
        try Data([0x31]).write(to: entry)
        #expect(cached("run 1").map(\.bytes) == made.map(\.bytes))
    }
}
