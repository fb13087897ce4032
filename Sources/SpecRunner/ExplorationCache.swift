import Foundation
import SpecModel
import Utilities

/// Explorations kept in the tool's cache, because they are a function of the engine and its
/// flows, not of the content: a writer's edit re-runs the checks and re-renders, and explores
/// nothing.
///
/// The key is computed, never bumped by hand: a hash of the tool's own executable (any change
/// to the engine's code gives another binary), the flow's ID, the depth asked for, and what
/// the flow decides with (its signature, decisions and error reference). A changed engine or
/// flow misses the cache and is explored again; an unreadable entry is explored again too.
public struct ExplorationCache: Sendable {
    /// The kind of the tool's cache entries that hold explorations.
    public static let kind = CacheKind("explorations", version: 1, limit: 16, fileExtension: ".json")

    /// The tool's cache, whose entries are keyed by the tool's own hash.
    public let store: CacheStore

    public init(store: CacheStore) {
        self.store = store
    }

    /// The key of a flow's exploration to a depth (nil: the flow's own), besides the tool.
    public func key(for flow: Flow, depthLimit: Int? = nil) -> String {
        var hasher = FNV1a()
        hasher.mix("tool \(store.toolFingerprint)")
        hasher.mix("flow \(flow.id) depth \(depthLimit.map(String.init) ?? "default")")
        for part in flow.signature { hasher.mix(part) }
        for decision in flow.decisions { hasher.mix("decision \(decision.id): \(decision.choice)") }
        for entry in flow.errorReference {
            hasher.mix(
                "error \(entry.platform.rawValue) \(entry.name) \(entry.code) \(entry.outcome) \(entry.automaticFirst ?? "-") \(entry.automaticRepeated ?? "-") \(entry.explicit)"
            )
        }
        hasher.mix(EncodingHash.hex(of: flow.rootCauses))
        return hasher.hex
    }

    /// The file of a flow's entry.
    public func file(for flow: Flow, depthLimit: Int? = nil) -> URL {
        store.file(Self.kind, key: [key(for: flow, depthLimit: depthLimit)])
    }

    /// Explorations this process has read or made, by key: a process that runs the checks
    /// again and again (`preview`, the editor, the tests) decodes each one once. The key is
    /// the exploration's whole input, so caches in other folders share it.
    private static let inMemory = Locked<[String: FlowExploration]>([:])

    /// Forgets what this process read or made, as a new process starts: a later lookup reads
    /// the cache's entry again.
    static func forgetInMemory() {
        inMemory.withLock { $0 = [:] }
    }

    /// The flow's exploration from this process's memory or the cache, or explored (and
    /// kept) when neither has it. The cache's entry is written whichever way it came.
    public func exploration(of flow: Flow, depthLimit: Int? = nil) -> FlowExploration {
        let key = key(for: flow, depthLimit: depthLimit)
        if let known = Self.inMemory.withLock({ $0[key] }) {
            if !FileManager.default.fileExists(atPath: store.file(Self.kind, key: [key]).path) {
                store.keepValue(known, Self.kind, key: [key])
            }
            return known
        }
        let exploration =
            store.value(FlowExploration.self, Self.kind, key: [key])
            ?? {
                let explored = flow.explore(depthLimit)
                store.keepValue(explored, Self.kind, key: [key])
                return explored
            }()
        Self.inMemory.withLock { $0[key] = exploration }
        return exploration
    }
}

extension Flow {
    /// The same flow, reading its explorations from `cache` and keeping new ones there.
    public func exploring(from cache: ExplorationCache) -> Flow {
        let original = self
        var flow = self
        flow.explore = { cache.exploration(of: original, depthLimit: $0) }
        return flow
    }
}
