import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Content big enough that a build takes a few seconds, so that a test can act while one
/// runs: the frozen spec page, a home page and 200 short prose pages in eight sections; made
/// once per test run, with a full build of it into a new folder to compare with.
final class LargeContent: @unchecked Sendable {
    /// Made by the first test that asks for it; the others wait for it without holding a thread.
    static let shared = Task { try await LargeContent(pages: 200) }

    let root: URL
    let content: URL
    /// A full build of `content` into an empty folder.
    let reference: URL
    let referenceFiles: [String: Data]

    /// Where `shared` lives, removed when the test process ends.
    nonisolated(unsafe) private static var made: String?

    private init(pages: Int) async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("passkey-spec-large-\(UUID().uuidString)")
        Self.made = root.path
        atexit {
            if let path = LargeContent.made { try? FileManager.default.removeItem(atPath: path) }
        }
        content = root.appendingPathComponent("content")
        try Self.write(pages: pages, to: content)
        reference = root.appendingPathComponent("reference/site")
        let built = try await BinaryRunner.run(["build", content.path, "--out", reference.path])
        try #require(built.status == 0, "\(built.stderr)")
        referenceFiles = try files(under: reference)
    }

    /// Writes the spec page, a home page and `pages` prose pages under `folder`.
    static func write(pages: Int, to folder: URL, sections: Int = 8) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("native"), withIntermediateDirectories: true)
        try manager.copyItem(at: BinaryRunner.fixtureSpec, to: folder.appendingPathComponent("native/spec.md"))
        try Data("# Guide\n<!-- page: home -->\n\nThe guide.\n".utf8).write(
            to: folder.appendingPathComponent("index.md"))
        for section in 0..<sections {
            try manager.createDirectory(
                at: folder.appendingPathComponent("notes-\(section)"), withIntermediateDirectories: true)
        }
        for number in 1...pages {
            let text =
                "# Note \(number)\n<!-- page: note-\(number) -->\n\nThe first words of note \(number), a short paragraph of prose that says little.\n"
            try Data(text.utf8).write(
                to: folder.appendingPathComponent("notes-\(number % sections)/note-\(number).md"))
        }
    }
}

/// A command started in the background from the package root, its output going to files
/// in `folder`, with a HOME and a cache of its own (see `TestEnvironment`) unless `environment`
/// names them.
final class RunningBuild: @unchecked Sendable {
    let process = Process()
    private let own: TestEnvironment
    private let out: URL
    private let err: URL

    private init(
        _ arguments: [String], outputIn folder: URL, environment: [String: String], own: TestEnvironment
    ) throws {
        self.own = own
        out = folder.appendingPathComponent(".out-\(UUID().uuidString)")
        err = folder.appendingPathComponent(".err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.executableURL = BinaryRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = BinaryRunner.packageRoot
        process.environment = own.variables.merging(environment) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
    }

    /// Starts `passkey-spec ARGUMENTS`, off the cooperative pool: the environment's seed is
    /// made by a run of the binary the first time.
    static func start(
        _ arguments: [String], outputIn folder: URL, environment: [String: String] = [:]
    ) async throws -> RunningBuild {
        try await start([arguments], outputIn: folder, environment: environment)[0]
    }

    /// Starts a run of `passkey-spec` for each of `commands`, one right after the other.
    static func start(
        _ commands: [[String]], outputIn folder: URL, environment: [String: String] = [:]
    ) async throws -> [RunningBuild] {
        try await offThePool {
            let environments = try commands.map { _ in try TestEnvironment(forBinary: true) }
            return try zip(commands, environments).map {
                try RunningBuild($0, outputIn: folder, environment: environment, own: $1)
            }
        }
    }

    /// Starts `passkey-spec ARGUMENTS` and, on the same thread, waits for `watched` to have an
    /// entry whose name starts with `prefix` and that holds something (see
    /// `Faults.waitForEntry`); does `act` with the build and the entry's name as soon as it is
    /// seen. Nothing waits for the cooperative pool between the start and the fault, so the
    /// fault is made while the build is at work however busy the pool is. The entry's name is
    /// nil if none came within two minutes.
    static func start(
        _ arguments: [String], outputIn folder: URL, environment: [String: String] = [:],
        whenEntry prefix: String, appearsIn watched: URL,
        then act: @escaping @Sendable (RunningBuild, String) throws -> Void = { _, _ in }
    ) async throws -> (build: RunningBuild, entry: String?) {
        try await offThePool {
            let build = try RunningBuild(
                arguments, outputIn: folder, environment: environment, own: try TestEnvironment(forBinary: true))
            let entry = try Faults.waitForEntry(in: watched, prefix: prefix) { try act(build, $0) }
            return (build, entry)
        }
    }

    /// Waits for the process to end (at most `seconds`); true when it did.
    @discardableResult
    func wait(seconds: TimeInterval = 300) async -> Bool {
        if await waitFor(seconds, every: .milliseconds(10), { process.isRunning ? nil : true }) == true { return true }
        process.terminate()
        return false
    }

    var stdout: String { (try? String(contentsOf: out, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: err, encoding: .utf8)) ?? "" }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: out)
        try? FileManager.default.removeItem(at: err)
    }
}

enum Faults {
    /// Polls every 10 ms, for at most `seconds`, until `folder` has an entry whose name starts
    /// with `prefix` and that holds something; its name, after `then` was done with it. Blocks:
    /// for a thread of its own (see `RunningBuild.start(_:outputIn:environment:whenEntry:appearsIn:then:)`).
    static func waitForEntry(
        in folder: URL, prefix: String, seconds: TimeInterval = 120, then act: (String) throws -> Void
    ) throws -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if let name = names.first(where: { $0.hasPrefix(prefix) }),
                let inside = try? FileManager.default.contentsOfDirectory(
                    atPath: folder.appendingPathComponent(name).path), !inside.isEmpty
            {
                try act(name)
                return name
            }
            usleep(10_000)
        }
        return nil
    }

    /// The entries of `folder` but the tests' own hidden output files, sorted.
    static func entries(of folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".out-") && !$0.hasPrefix(".err-") }.sorted()
    }

    /// Runs `script` with `/bin/sh` in a mount namespace of its own (`unshare -m`), so that
    /// what it mounts is seen by nothing else and goes when it ends. `PASSKEY_SPEC` is the
    /// binary, run with a HOME and a cache of its own (see `TestEnvironment`) unless `tool` is
    /// false.
    static func inMountNamespace(
        _ script: String, environment: [String: String], tool: Bool = true
    ) async throws -> RunResult {
        try await offThePool { try inMountNamespaceBlocking(script, environment: environment, tool: tool) }
    }

    private static func inMountNamespaceBlocking(
        _ script: String, environment: [String: String], tool: Bool
    ) throws -> RunResult {
        let own = tool ? try TestEnvironment(forBinary: true) : nil
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-m", "/bin/sh", "-c", "mount --make-rprivate / && " + script]
        var env = own?.variables ?? ProcessInfo.processInfo.environment
        env["PASSKEY_SPEC"] = BinaryRunner.executable.path
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        withExtendedLifetime(own) {}
        return RunResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Whether this process may make a mount namespace and mount a tmpfs in it: it needs
    /// CAP_SYS_ADMIN, which CI containers often drop. Found out once.
    static func canMount() async -> Bool { await mountCheck.value }

    private static let mountCheck = Task {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
            let folder = try? TemporaryFolder()
        else { return false }
        let result = try? await inMountNamespace(
            "mount -t tmpfs -o size=64k tmpfs \"$DIR\" && touch \"$DIR/x\"", environment: ["DIR": folder.url.path],
            tool: false)
        return result?.status == 0
    }
}
