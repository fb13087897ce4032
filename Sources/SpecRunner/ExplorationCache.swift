import Foundation
import SpecModel
import Utilities

/// Explorations kept on disk, because they are a function of the engine and its flows, not
/// of the content: a writer's edit re-runs the checks and re-renders, and explores nothing.
///
/// The key is computed, never bumped by hand: a hash of the tool's own executable (any change
/// to the engine's code gives another binary), the flow's ID, the depth asked for, and what
/// the flow decides with (its signature, decisions and error reference). A changed engine or
/// flow misses the cache and is explored again; an unreadable entry is explored again too.
public struct ExplorationCache: Sendable {
    /// Where the entries are kept, one JSON file per flow and key.
    public let folder: URL
    /// A hash of the code that explores (the tool's executable).
    public let toolFingerprint: String

    public init(folder: URL, toolFingerprint: String) {
        self.folder = folder
        self.toolFingerprint = toolFingerprint
    }

    /// The key of a flow's exploration to a depth (nil: the flow's own).
    public func key(for flow: Flow, depthLimit: Int? = nil) -> String {
        var hasher = FNV1a()
        hasher.mix("tool \(toolFingerprint)")
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
        folder.appendingPathComponent("\(flow.id)-\(key(for: flow, depthLimit: depthLimit)).json")
    }

    /// Explorations this process has read or made, by key: a process that runs the checks
    /// again and again (`preview`, the editor, the tests) decodes each one once. The key is
    /// the exploration's whole input, so caches in other folders share it.
    private static let inMemory = Locked<[String: FlowExploration]>([:])

    /// Forgets what this process read or made, as a new process starts: a later lookup reads
    /// the cache's file again.
    static func forgetInMemory() {
        inMemory.withLock { $0 = [:] }
    }

    /// The flow's exploration from this process's memory or the cache, or explored (and
    /// kept) when neither has it. The cache's file is written whichever way it came.
    public func exploration(of flow: Flow, depthLimit: Int? = nil) -> FlowExploration {
        let key = key(for: flow, depthLimit: depthLimit)
        let file = file(for: flow, depthLimit: depthLimit)
        if let known = Self.inMemory.withLock({ $0[key] }) {
            if !FileManager.default.fileExists(atPath: file.path) { keep(known, in: file) }
            return known
        }
        let exploration = readOrExplore(flow, depthLimit: depthLimit, file: file)
        Self.inMemory.withLock { $0[key] = exploration }
        return exploration
    }

    /// Writes an exploration to its file; one that cannot be written only costs time.
    private func keep(_ exploration: FlowExploration, in file: URL) {
        guard let data = try? JSONOutput.encode(exploration) else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }

    private func readOrExplore(_ flow: Flow, depthLimit: Int?, file: URL) -> FlowExploration {
        if let data = try? Data(contentsOf: file),
            let cached = try? JSONDecoder().decode(FlowExploration.self, from: data)
        {
            // Used now: the cache's trimming keeps the most recently used entries.
            utimensat(AT_FDCWD, file.path, nil, 0)
            return cached
        }
        let exploration = flow.explore(depthLimit)
        keep(exploration, in: file)
        return exploration
    }

    /// A hash of a file's bytes (FNV-1a, 64 bits, hex), read in chunks; nil when unreadable.
    public static func fingerprint(ofFile path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hasher = FNV1a()
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.mix(data: chunk) }
        return hasher.hex
    }

    /// `fingerprint(ofFile:)`, remembered in `folder` under the file's identity (device,
    /// inode, size and modification time), so that a large file that has not changed (the
    /// tool's own executable) is hashed once, not on every run. A file replaced or rewritten
    /// has another identity and is hashed again.
    public static func fingerprint(ofFile path: String, rememberedIn folder: URL) -> String? {
        guard let stamp = FileStamp(path: path) else { return nil }
        let memo = folder.appendingPathComponent(stamp.description)
        if let data = try? Data(contentsOf: memo), let known = String(data: data, encoding: .utf8),
            known.count == 16, known.allSatisfy(\.isHexDigit)
        {
            utimensat(AT_FDCWD, memo.path, nil, 0)
            return known
        }
        guard let computed = fingerprint(ofFile: path) else { return nil }
        // A memo that cannot be written only costs time.
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(computed.utf8).write(to: memo, options: .atomic)
        return computed
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
