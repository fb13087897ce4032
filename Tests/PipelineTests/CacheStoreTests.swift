import Foundation
import SpecModel
import TestSupport
import Testing
import Utilities

@testable import Pipeline

/// The tool's cache is one store: every entry of every kind is named by the one key scheme,
/// versioned, bounded, and read back or missed, never misread.
@Suite struct CacheStoreTests {
    @Test func everyEntryOfABuildAndItsExplanationsIsNamedByTheOneKeyScheme() throws {
        let folder = try TemporaryFolder()
        try copyContent(into: folder)
        let pipeline = pipeline(folder, in: folder.url, roots: ["content"])
        #expect(pipeline.build(into: "site").output != nil)
        let cache = try #require(pipeline.configuration.cache)
        #expect(
            cache.explanationFile(of: "empty-copy-cell")?.lastPathComponent.hasSuffix("-empty-copy-cell.md") == true)
        let kinds = Dictionary(uniqueKeysWithValues: ToolCache.kinds.map { ($0.name, $0) })
        let root = cache.folder.path
        let entries = try FileManager.default.subpathsOfDirectory(atPath: root).filter { path in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
            return exists && !isFolder.boolValue && path != ".trimmed"
        }
        #expect(!entries.isEmpty)
        for entry in entries {
            let parts = entry.split(separator: "/").map(String.init)
            let kind = try #require(parts.count == 2 ? kinds[parts[0]] : nil, "\(entry) is of no kind")
            let name = parts[1]
            #expect(name.hasSuffix(kind.fileExtension), "\(entry)")
            // The key's hash, then a label for a person where the kind has one.
            let key = name.dropLast(kind.fileExtension.count).prefix(16)
            #expect(key.count == 16 && key.allSatisfy(\.isHexDigit), "\(entry) is not named by a key")
            let label = name.dropLast(kind.fileExtension.count).dropFirst(16)
            #expect(label.isEmpty || label.hasPrefix("-"), "\(entry)")
        }
        // A build keeps its manifest, the site's kits and the explorations; the editor's link.
        let used = Set(entries.map { String($0.split(separator: "/")[0]) })
        #expect(used.isSuperset(of: ["builds", "kits", "explorations", "explanations"]), "\(used)")
    }

    @Test func anEntryIsKeyedByItsKindsVersionAndTheTool() throws {
        let folder = try TemporaryFolder()
        let one = CacheStore(folder: folder.url, toolFingerprint: "one")
        let kind = CacheKind("things", version: 1, limit: 4, fileExtension: ".json")
        one.keepValue(["a", "b"], kind, key: ["k"])
        #expect(one.value([String].self, kind, key: ["k"]) == ["a", "b"])
        // Another version of the format, another build of the tool: not read.
        #expect(one.value([String].self, CacheKind("things", version: 2, limit: 4), key: ["k"]) == nil)
        #expect(CacheStore(folder: folder.url, toolFingerprint: "two").value([String].self, kind, key: ["k"]) == nil)
        // A kind not made by the tool is read by any build of it.
        let plain = CacheKind("plain", version: 1, limit: 4, keyedByTool: false)
        one.keep(Array("x".utf8), plain, key: ["k"])
        #expect(CacheStore(folder: folder.url, toolFingerprint: "two").bytes(plain, key: ["k"]) == Array("x".utf8))
    }

    @Test func anEntryCutShortIsMissed() throws {
        let folder = try TemporaryFolder()
        let store = CacheStore(folder: folder.url, toolFingerprint: "t")
        let kind = CacheKind("things", version: 1, limit: 4, fileExtension: ".json")
        let file = try #require(store.keepValue(["a", "b"], kind, key: ["k"]))
        try Data("[\"a\",".utf8).write(to: file)
        #expect(store.value([String].self, kind, key: ["k"]) == nil)
    }

    @Test func eachKindIsBoundedToItsLimitKeepingTheMostRecentlyUsed() throws {
        let folder = try TemporaryFolder()
        let store = CacheStore(folder: folder.url, toolFingerprint: "t")
        let kind = CacheKind("things", version: 1, limit: 3)
        for number in 0..<6 {
            store.keep([UInt8(number)], kind, key: ["\(number)"])
            // Modification times a second apart, oldest first.
            var times = [
                timespec(tv_sec: 1_000_000 + number, tv_nsec: 0), timespec(tv_sec: 1_000_000 + number, tv_nsec: 0),
            ]
            utimensat(AT_FDCWD, store.file(kind, key: ["\(number)"]).path, &times, 0)
        }
        // Reading an old entry makes it recently used.
        #expect(store.bytes(kind, key: ["0"]) == [0])
        store.trim([kind])
        let kept = (0..<6).filter { store.bytes(kind, key: ["\($0)"]) != nil }
        #expect(kept == [0, 4, 5])
    }

    @Test func aManifestOfAFolderThatHoldsNoBuildIsTrimmedFirst() throws {
        let folder = try TemporaryFolder()
        try copyContent(into: folder)
        let pipeline = pipeline(folder, in: folder.url, roots: ["content"])
        #expect(pipeline.build(into: "site").output != nil)
        let cache = try #require(pipeline.configuration.cache)
        let site = folder.url.appendingPathComponent("site")
        #expect(BuildManifest.load(for: site, in: cache.store) != nil)
        try FileManager.default.removeItem(at: site)
        cache.trim()
        #expect(BuildManifest.load(for: site, in: cache.store) == nil)
    }
}
