import Foundation
import TestSupport
import Testing

/// The tool builds the site from any folder: its templates are built in.
@Suite struct AnywhereTests {
    /// Run in a folder with content and no templates, far from the repository, `build` writes
    /// the whole site with the built-in templates.
    @Test func buildWorksInAFolderWithoutTemplates() async throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(
            at: BinaryRunner.packageRoot.appendingPathComponent("content"),
            to: folder.url.appendingPathComponent("content"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("templates").path))
        let result = try await BinaryRunner.run(["build"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("build: "), "\(result.stdout)")
        for page in ["index.html", "native/login-error-states.html", "assets/style.css", "changes.html"] {
            #expect(
                FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("site/\(page)").path),
                "\(page)")
        }
        let changes = try String(contentsOf: folder.url.appendingPathComponent("site/changes.html"), encoding: .utf8)
        #expect(changes.contains("the content is not in a git repository"))
    }
}
