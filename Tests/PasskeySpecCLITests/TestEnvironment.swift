import Foundation
import TestSupport

/// The environment a test runs the tool with: the process's own, without colour or GitHub
/// Actions, with a HOME and a tool cache folder of its own, removed when the test lets go of
/// it. No test reads or writes the user's real cache or configuration.
///
/// Explorations are a function of the engine, not of the content, and take seconds to make in
/// a debug build: a run's cache starts with those of this test process (hard links into a
/// folder the first run fills), so that isolation does not cost every run an exploration.
final class TestEnvironment {
    let folder: TemporaryFolder
    let variables: [String: String]

    var cache: URL { folder.url.appendingPathComponent("cache") }
    var home: URL { folder.url.appendingPathComponent("home") }

    /// `forBinary`: explorations made by the built binary, whose fingerprint differs from
    /// this test process's; else none (in process, the engine keeps its explorations in memory).
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
        if forBinary, let seed = Self.binarySeed {
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
    }

    /// A cache the built binary filled once for this test process: it checked the content,
    /// which explores every flow. Nil if that run could not be made.
    static let binarySeed: URL? = {
        let seed = FileManager.default.temporaryDirectory.appendingPathComponent(
            "passkey-spec-test-seed-\(getpid())")
        try? FileManager.default.createDirectory(at: seed, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = BinaryRunner.executable
        process.arguments = ["check", BinaryRunner.packageRoot.appendingPathComponent("content").path]
        var variables = ProcessInfo.processInfo.environment
        variables["PASSKEY_SPEC_CACHE"] = seed.path
        variables["HOME"] = seed.path
        process.environment = variables
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        // Removed when the test process ends.
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "passkey-spec-test-seed-\(getpid())") }
        return seed
    }()
}
