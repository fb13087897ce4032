import Foundation
import Testing

/// What a run of the built `passkey-spec` binary produced.
struct RunResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `work`, which blocks (waits for a child process, sleeps, reads a socket), on a thread
/// of its own, and suspends until it is done. Swift Testing runs tests on the cooperative pool
/// of Swift concurrency, one thread per core: a test that blocked one of them would stop other
/// tests from running while it waits.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result(catching: work)) }.start()
    }
}

/// `offThePool` for work that cannot fail.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

/// Polls `check` every `interval` until it gives a value or `seconds` pass, sleeping between
/// tries without holding a thread. For what is not in a hurry: a suspended test resumes when
/// the cooperative pool has a thread free, which may be later than `interval`.
func waitFor<T>(
    _ seconds: TimeInterval, every interval: Duration = .milliseconds(20), _ check: () async throws -> T?
) async rethrows -> T? {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        // Checked once more after the deadline: a task can be resumed late when the pool is busy.
        if let value = try await check() { return value }
        if Date() >= deadline { return nil }
        try? await Task.sleep(for: interval)
    }
}

/// Runs the built executable, as a user or CI would: for the process contract (exit status,
/// streams, signals, limits); `InProcess` is for the command line's behaviour.
enum BinaryRunner {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The frozen copy of the spec page that the engineering tests edit (see
    /// `Tests/SpecRunnerTests/Fixtures/README.md`), so that rewording `content/` does not break
    /// them. Tests whose point is that the real content passes read `content/` instead.
    static let fixtureSpec = packageRoot.appendingPathComponent(
        "Tests/SpecRunnerTests/Fixtures/login-error-states.md")

    /// The executable SwiftPM built next to the test bundle.
    static var executable: URL {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("passkey-spec"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("passkey-spec"),
            packageRoot.appendingPathComponent(".build/debug/passkey-spec"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// Runs the binary with `arguments` in `directory` (default: the package root) and
    /// `environment` added to a clean one (no colour, not in GitHub Actions), with a HOME and a
    /// cache folder of this run's own (see `TestEnvironment`) unless `environment` names them.
    /// The process is waited for off the cooperative pool.
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) async throws -> RunResult {
        try await offThePool { try runBlocking(arguments, in: directory, environment: environment) }
    }

    private static func runBlocking(
        _ arguments: [String], in directory: URL?, environment: [String: String]
    ) throws -> RunResult {
        let own = try TestEnvironment(forBinary: true)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = own.variables
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting so a large output cannot fill a pipe and stall the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        withExtendedLifetime(own) {}
        return RunResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// The binary could not be started.
struct CannotStart: Error, CustomStringConvertible {
    var reason: String
    var description: String { "cannot start \(reason)" }
}

/// A run of the binary with what it cost: wall time and peak resident memory.
struct MeasuredRun: Sendable {
    var result: RunResult
    var seconds: Double
    /// The process's peak resident set: the high-water mark of its memory (`VmHWM`), read
    /// while it runs. Not `wait4`'s `ru_maxrss`: a child spawned with `vfork` (as
    /// `posix_spawn` does) shares this test process's memory until it executes the binary, and
    /// the kernel counts that memory's high-water mark into the child's `ru_maxrss`.
    var peakKiB: Int
}

extension BinaryRunner {
    /// Runs the binary as `run` does, but spawned and reaped here, so that the kernel's
    /// account of the process (its peak memory) can be read. Output goes through files.
    static func runMeasured(_ arguments: [String], in directory: URL) async throws -> MeasuredRun {
        try await offThePool { try runMeasuredBlocking(arguments, in: directory) }
    }

    private static func runMeasuredBlocking(_ arguments: [String], in directory: URL) throws -> MeasuredRun {
        let out = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let err = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, out.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Through a shell that changes folder and becomes the binary (`exec`: the same process).
        let argv =
            (["sh", "-c", "cd \"$0\" && exec \"$@\"", directory.path, executable.path] + arguments).map { strdup($0) }
            + [nil]
        defer { argv.forEach { free($0) } }
        let own = try TestEnvironment(forBinary: true)
        let environment = own.variables
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let started = Date()
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw CannotStart(reason: "\(executable.path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        // The high-water mark grows only, so the last reading before the process ends is its
        // peak but for what it takes in its last few milliseconds.
        var peakKiB = 0
        while true {
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid || (reaped < 0 && errno != EINTR) { break }
            if let mark = highWaterMarkKiB(pid) { peakKiB = max(peakKiB, mark) }
            usleep(2_000)
        }
        let seconds = Date().timeIntervalSince(started)
        withExtendedLifetime(own) {}
        let exited = status & 0x7f == 0
        return MeasuredRun(
            result: RunResult(
                status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f),
                stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? ""),
            seconds: seconds, peakKiB: peakKiB)
    }

    /// The high-water mark of the resident memory of process `pid`, in KiB, from
    /// `/proc/PID/status`; nil once it has ended.
    static func highWaterMarkKiB(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.dropFirst("VmHWM:".count).split(whereSeparator: \.isWhitespace).first ?? "")
    }
}
