import Foundation
import Testing

/// Runs git in `folder` as a writer would, with a name and an email, no hooks and no signing,
/// whatever the machine's configuration; its output without the last line end. Waited for off
/// the cooperative pool.
@discardableResult
func git(_ arguments: [String], in folder: URL) async throws -> String {
    let result = try await offThePool { () throws -> (status: Int32, output: String, error: String) in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "commit.gpgsign=false", "-c", "core.hooksPath=/dev/null"] + arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in [
            ("GIT_AUTHOR_NAME", "Writer"), ("GIT_AUTHOR_EMAIL", "writer@example.com"),
            ("GIT_COMMITTER_NAME", "Writer"), ("GIT_COMMITTER_EMAIL", "writer@example.com"),
            ("GIT_CONFIG_NOSYSTEM", "1"),
        ] {
            environment[key] = value
        }
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        nonisolated(unsafe) var errors = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errors = error.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines),
            String(decoding: errors, as: UTF8.self)
        )
    }
    try #require(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.error)")
    return result.output
}
