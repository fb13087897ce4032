import Foundation
import TestSupport
import Testing

/// The preview's Changes page compares with the content's last commit, so a writer sees
/// what their uncommitted edits change as they make them.
@Suite struct PreviewChangesTests {
    func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Writer", "-c", "user.email=writer@example.com"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments)")
    }

    @Test func theChangesPageListsWhatTheUncommittedEditsChange() throws {
        let folder = try PreviewCommandTests.project()
        try git(["init", "-q"], in: folder.url)
        try git(["add", "-A"], in: folder.url)
        try git(["commit", "-q", "-m", "content"], in: folder.url)
        let spec = folder.url.appendingPathComponent("content/native/login-error-states.md")
        let text = try String(contentsOf: spec, encoding: .utf8)
        let row = "| Title             | Passkey Sign-In Failed | Passkey sign-in failed |"
        try #require(text.contains(row))
        try text.replacingOccurrences(
            of: row, with: "| Title             | Passkey Sign-In Unsuccessful | Passkey sign-in failed |"
        )
        .write(to: spec, atomically: true, encoding: .utf8)

        let preview = try PreviewCommandTests.Preview(["--port", "\(Int.random(in: 20000...60000))"], in: folder.url)
        defer {
            preview.process.interrupt()
            preview.process.waitUntilExit()
        }
        let port = try #require(preview.port(within: 30), "no serving line: \(preview.stdout) \(preview.stderr)")
        let built = PreviewCommandTests.waitFor(600) {
            (try? PreviewCommandTests.status(port)).flatMap { ($0?["build"] as? Int ?? 0) >= 1 ? $0 : nil }
        }
        try #require(built != nil, "no build: \(preview.stdout) \(preview.stderr)")
        let changes = try PreviewCommandTests.get(port, "/changes.html")
        #expect(changes.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(changes.contains("since revision HEAD ("), "compared with the last commit")
        #expect(changes.contains("Passkey Sign-In Unsuccessful"))
        #expect(changes.contains("Passkey Sign-In Failed"))
    }
}
