import Foundation

/// What a run of the built `passkey-spec` binary produced.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the built executable, as a user or CI would.
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
    /// `environment` added to a clean one (no colour, not in GitHub Actions).
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> RunResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        env["GITHUB_ACTIONS"] = nil
        env["NO_COLOR"] = nil
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
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return RunResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
