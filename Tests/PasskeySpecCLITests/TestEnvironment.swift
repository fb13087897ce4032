import Foundation
import SpecRunner
import TestSupport
import Utilities

/// The environment a test runs the tool with: the process's own, without colour or GitHub
/// Actions, with a HOME and a tool cache folder of its own, removed when the test lets go of
/// it. No test reads or writes the user's real cache or configuration.
///
/// Explorations are a function of the engine, not of the content, and take seconds to make in
/// a debug build: a run's cache starts with those of this test process (hard links into a
/// folder the first run fills), so that isolation does not cost every run an exploration.
/// Likewise the hash of the executable that keys every entry is made once, not once a run.
final class TestEnvironment: @unchecked Sendable {
    let folder: TemporaryFolder
    let variables: [String: String]

    var cache: URL { folder.url.appendingPathComponent("cache") }
    var home: URL { folder.url.appendingPathComponent("home") }

    /// `forBinary`: explorations made by the built binary, whose fingerprint differs from
    /// this test process's; else none (in process, the engine keeps its explorations in memory).
    /// Blocks the first time, while the binary fills the seed: call it off the cooperative pool.
    init(forBinary: Bool) throws {
        let folder = try TemporaryFolder()
        let home = folder.url.appendingPathComponent("home")
        let cache = folder.url.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        self.folder = folder
        var variables = ProcessInfo.processInfo.environment
        variables["GITHUB_ACTIONS"] = nil
        variables["NO_COLOR"] = nil
        variables["HOME"] = home.path
        variables["XDG_CACHE_HOME"] = nil
        variables["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
        variables["GIT_CONFIG_NOSYSTEM"] = "1"
        variables["PASSKEY_SPEC_CACHE"] = cache.path
        self.variables = variables
        if let seed = forBinary ? Self.binarySeed : Self.processSeed {
            try Self.seed(cache, from: seed)
        }
    }

    /// A cache folder at `cache` for runs in process (`forBinary`: of the binary) that starts as
    /// a run's own does: for a test whose runs share a cache of its own.
    static func seededCache(at cache: URL, forBinary: Bool) throws -> URL {
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        if let seed = forBinary ? binarySeed : processSeed { try Self.seed(cache, from: seed) }
        return cache
    }

    /// Links the entries of the cache `seed` into `cache`.
    static func seed(_ cache: URL, from seed: URL) throws {
        for kind in ["explorations", "executables"] {
            let from = seed.appendingPathComponent(kind)
            let to = cache.appendingPathComponent(kind)
            try FileManager.default.createDirectory(at: to, withIntermediateDirectories: true)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: from.path)) ?? [] {
                // A link, not a copy: the entries are read, and replaced whole, never edited.
                link(from.appendingPathComponent(name).path, to.appendingPathComponent(name).path)
            }
        }
    }

    /// The folder of a seed: `name` and this process's ID.
    private static func seedFolder(_ name: String) -> URL {
        let path = NSTemporaryDirectory() + "passkey-spec-test-\(name)-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return URL(fileURLWithPath: path)
    }

    /// A cache the built binary filled once for this test process: it checked the content,
    /// which explores every flow. Nil if that run could not be made.
    static var binarySeed: URL? { binarySeedRun?.cache }

    /// The run of the binary that filled `binarySeed`, with an empty cache, and what it printed.
    static let binarySeedRun: (cache: URL, run: RunResult)? = {
        let seed = seedFolder("seed")
        let process = Process()
        process.executableURL = BinaryRunner.executable
        process.arguments = ["check", "content"]
        process.currentDirectoryURL = BinaryRunner.packageRoot
        var variables = ProcessInfo.processInfo.environment
        variables["GITHUB_ACTIONS"] = nil
        variables["NO_COLOR"] = nil
        variables["XDG_CACHE_HOME"] = nil
        variables["PASSKEY_SPEC_CACHE"] = seed.appendingPathComponent("cache").path
        variables["HOME"] = seed.path
        process.environment = variables
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        // Removed when the test process ends.
        atexit {
            try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "passkey-spec-test-seed-\(getpid())")
        }
        guard (try? process.run()) != nil else { return nil }
        nonisolated(unsafe) var errors = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errors = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (
            seed.appendingPathComponent("cache"),
            RunResult(
                status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                stderr: String(decoding: errors, as: UTF8.self))
        )
    }()

    /// A cache holding the hash of this test process's executable, which keys the entries the
    /// tool makes in process: hashing its tens of megabytes in a debug build takes a while.
    static let processSeed: URL? = {
        let seed = seedFolder("process-seed")
        atexit {
            try? FileManager.default.removeItem(
                atPath: NSTemporaryDirectory() + "passkey-spec-test-process-seed-\(getpid())")
        }
        guard
            CacheStore(folder: seed, toolFingerprint: "").fingerprint(ofFile: "/proc/self/exe") != nil
        else { return nil }
        return seed
    }()
}
