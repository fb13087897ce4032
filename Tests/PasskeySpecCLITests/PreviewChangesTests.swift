import Foundation
import TestSupport
import Testing

/// The preview's Changes page compares with the content's last commit while the content has
/// uncommitted edits, so a writer sees what their edits change as they make them.
@Suite struct PreviewChangesTests {
    @Test func theChangesPageListsWhatTheUncommittedEditsChange() async throws {
        let folder = try PreviewCommandTests.project()
        try await git(["init", "-q"], in: folder.url)
        try await git(["add", "-A"], in: folder.url)
        try await git(["commit", "-q", "-m", "content"], in: folder.url)
        let head = try await git(["rev-parse", "HEAD"], in: folder.url)
        let spec = folder.url.appendingPathComponent("content/native/login-error-states.md")
        let text = try String(contentsOf: spec, encoding: .utf8)
        let row = "| Title             | Passkey Sign-In Failed | Passkey sign-in failed |"
        try #require(text.contains(row))
        try text.replacingOccurrences(
            of: row, with: "| Title             | Passkey Sign-In Unsuccessful | Passkey sign-in failed |"
        )
        .write(to: spec, atomically: true, encoding: .utf8)

        let preview = try await PreviewCommandTests.Preview.start(
            ["--port", "\(PreviewCommandTests.Preview.anyPort())"], in: folder.url)
        let port = try #require(await preview.port(within: 30), "no serving line: \(preview.stdout) \(preview.stderr)")
        let built = await preview.status(port, build: 1, within: 600)
        try #require(built != nil, "no build: \(preview.stdout) \(preview.stderr)")
        let changes = try await PreviewCommandTests.get(port, "/changes.html")
        #expect(changes.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(changes.contains("since revision \(head.prefix(12))"), "compared with the last commit: \(changes)")
        #expect(changes.contains("Passkey Sign-In Unsuccessful"))
        #expect(changes.contains("Passkey Sign-In Failed"))
        preview.process.interrupt()
        #expect(await preview.exited(within: 10))
    }
}
