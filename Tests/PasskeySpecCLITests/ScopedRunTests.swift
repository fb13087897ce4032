import Foundation
import TestSupport
import Testing

/// A page or a folder checked alone means what it means in the whole content: a spec page is
/// checked for its own platforms, and a link to a page outside the paths given is resolved
/// against the content it is part of.
@Suite struct ScopedRunTests {
    @Test func theWebPageCheckedAlonePassesAsInTheWhole() {
        let alone = InProcess.run(["check", "content/web/login-error-states.md"])
        #expect(alone.status == .success, "\(alone.stderr)")
        #expect(!alone.stderr.contains("scenario-missing-from-spec"))
        let native = InProcess.run(["check", "content/native"])
        #expect(native.status == .success, "\(native.stderr)")
    }

    @Test func theHomePageLintedAloneFindsThePagesItLinksTo() {
        let result = InProcess.run(["lint", "content/index.md"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(!result.stderr.contains("link-to-missing-page"), "\(result.stderr)")
        #expect(result.stdout.contains("0 errors, 0 warnings"), "\(result.stdout)")
    }

    @Test func aLinkFromAPageAloneToAnAnchorItsTargetLacksIsStillFound() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(
            at: BinaryRunner.packageRoot.appendingPathComponent("content"),
            to: folder.url.appendingPathComponent("content"))
        let page = try folder.write(
            "content/notes.md", "# Notes\n<!-- page: notes -->\n\n[Guide](writers-guide.md#no-such-part)\n")
        let result = InProcess.run(["lint", page], in: folder.url)
        #expect(result.stderr.contains("link-to-missing-anchor"), "\(result.stderr)")
        #expect(!result.stderr.contains("link-to-missing-page"), "\(result.stderr)")
    }
}
