import Foundation
import ReportModel
import SpecModel
import Testing
import Utilities

@testable import SpecRunner

/// Explorations are kept by a computed key: the same engine and flow are explored once, and
/// a changed one is explored again.
@Suite struct ExplorationCacheTests {
    /// Counts how often a flow explored.
    final class Counter: @unchecked Sendable {
        private var count = 0
        private let lock = NSLock()
        func increment() {
            lock.lock()
            count += 1
            lock.unlock()
        }
        var value: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
    }

    struct Session: CheckSession {
        mutating func beginStep(isAction: Bool) {}
        var stepNative: [String] { [] }
        var scenariosReached: [String] { [] }
        var screens: Set<ScreenPresentation> { [] }
    }

    /// A one-state flow whose exploration counts its calls; `signature` stands for its engine.
    static func flow(_ counter: Counter, signature: String = "v1") -> Flow {
        Flow(
            id: "counting", title: "Counting", summary: "Counts explorations.", platforms: [.ios],
            steps: [StepDefinition<Session>("nothing happens", "Nothing.", kind: .action) { _ in }],
            scenarios: [], signature: [signature],
            explore: { depth in
                counter.increment()
                return FlowExploration(
                    summary: ExplorationSummary(
                        runs: 1, platforms: 1, configurations: 1, platformConfigurations: 1, worlds: 1, states: 1,
                        transitions: 0, depthLimit: depth ?? 1, deepestLevel: 0, complete: true, nativeResults: 0),
                    invariants: [
                        InvariantRun(
                            id: "one", criterion: "general", statement: "Holds.", transitionsChecked: 1, violations: 0,
                            counterexample: nil)
                    ],
                    screens: [
                        ScreenPresentation(platform: .ios, scenario: "s", actions: ["retry"], showsNotice: true)
                    ])
            },
            makeContext: { _ in Session() })
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("passkey-spec-cache-\(UUID().uuidString)")
    }

    @Test func theSameEngineIsExploredOnceAndReadBackEqual() throws {
        // Fingerprints of this test alone: explorations are shared in memory by key, in a process.
        let tool1 = "tool-1-\(UUID().uuidString)"
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let counter = Counter()
        let cache = ExplorationCache(store: CacheStore(folder: folder, toolFingerprint: tool1))
        let first = cache.exploration(of: Self.flow(counter))
        let second = cache.exploration(of: Self.flow(counter))
        #expect(counter.value == 1)
        #expect(first == second)
        #expect(FileManager.default.fileExists(atPath: cache.file(for: Self.flow(counter)).path))
    }

    @Test func aChangedFlowOrToolOrDepthIsExploredAgain() throws {
        // Fingerprints of this test alone: explorations are shared in memory by key, in a process.
        let (tool1, tool2) = ("tool-1-\(UUID().uuidString)", "tool-2-\(UUID().uuidString)")
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let counter = Counter()
        let cache = ExplorationCache(store: CacheStore(folder: folder, toolFingerprint: tool1))
        _ = cache.exploration(of: Self.flow(counter))
        _ = cache.exploration(of: Self.flow(counter, signature: "v2"))
        #expect(counter.value == 2, "a changed engine signature misses the cache")
        _ = ExplorationCache(store: CacheStore(folder: folder, toolFingerprint: tool2)).exploration(
            of: Self.flow(counter))
        #expect(counter.value == 3, "another executable misses the cache")
        _ = cache.exploration(of: Self.flow(counter), depthLimit: 3)
        #expect(counter.value == 4, "another depth misses the cache")
        _ = cache.exploration(of: Self.flow(counter))
        #expect(counter.value == 4)
    }

    @Test func anUnreadableEntryIsExploredAgainAndReplaced() throws {
        // Fingerprints of this test alone: explorations are shared in memory by key, in a process.
        let tool1 = "tool-1-\(UUID().uuidString)"
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let counter = Counter()
        let cache = ExplorationCache(store: CacheStore(folder: folder, toolFingerprint: tool1))
        let first = cache.exploration(of: Self.flow(counter))
        try Data("{\"summary\":".utf8).write(to: cache.file(for: Self.flow(counter)))
        // As a new process would find it.
        ExplorationCache.forgetInMemory()
        #expect(cache.exploration(of: Self.flow(counter)) == first)
        #expect(counter.value == 2)
        #expect(cache.exploration(of: Self.flow(counter)) == first)
        #expect(counter.value == 2)
    }

    @Test func theToolFingerprintIsAHashOfTheFilesBytes() throws {
        let folder = Self.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("one")
        let two = folder.appendingPathComponent("two")
        try Data(repeating: 7, count: 3_000_000).write(to: one)
        try Data(repeating: 7, count: 3_000_000).write(to: two)
        #expect(CacheStore.fingerprint(ofFile: one.path) == CacheStore.fingerprint(ofFile: two.path))
        try Data(repeating: 7, count: 2_999_999).write(to: two)
        #expect(CacheStore.fingerprint(ofFile: one.path) != CacheStore.fingerprint(ofFile: two.path))
        #expect(CacheStore.fingerprint(ofFile: folder.appendingPathComponent("none").path) == nil)
    }

    @Test func theRunnerUsesTheCache() throws {
        // Fingerprints of this test alone: explorations are shared in memory by key, in a process.
        let tool1 = "tool-1-\(UUID().uuidString)"
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let counter = Counter()
        let runner = CheckRunner(
            flows: FlowRegistry([Self.flow(counter)]),
            cache: ExplorationCache(store: CacheStore(folder: folder, toolFingerprint: tool1)))
        let spec = Spec(
            id: "C1", title: "C", path: "c.md",
            flow: FlowName("counting", at: SourceLocation(file: "c.md", line: 2, column: 1)),
            platforms: [.ios], location: SourceLocation(file: "c.md", line: 1, column: 1))
        let first = runner.run(ContentSet(specs: [spec]))
        let second = runner.run(ContentSet(specs: [spec]))
        #expect(counter.value == 1)
        #expect(first == second)
    }
}
