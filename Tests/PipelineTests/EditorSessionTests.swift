import Foundation
import Pipeline
import SpecModel
import TestSupport
import Testing

/// The session's lint and check give what the pipeline gives on the same configuration, call
/// after call, as the editor's text changes.
@Suite struct EditorSessionTests {
    static let page = "content/native/login-error-states.md"

    func configuration(_ folder: TemporaryFolder, unsaved: [String: [UInt8]] = [:]) -> PipelineConfiguration {
        var configuration = PipelineConfiguration(
            workingDirectory: folder.url,
            cache: ToolCache(folder: folder.url.appendingPathComponent("cache"), toolFingerprint: "tests"))
        configuration.unsaved = unsaved
        return configuration
    }

    @Test func lintAndCheckMatchThePipelineAcrossEdits() throws {
        let folder = try TemporaryFolder()
        try copyContent(into: folder)
        let path = folder.url.appendingPathComponent(Self.page).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let session = EditorSession()
        let versions = [
            [:], [path: Array(text.replacingOccurrences(of: "This page covers", with: "This page describes").utf8)],
            [path: Array((text + "\n[a link](missing.md)\n").utf8)], [:],
        ]
        for unsaved in versions {
            let configuration = configuration(folder, unsaved: unsaved)
            #expect(session.lint(configuration).diagnostics == Pipeline(configuration).lint().diagnostics)
            let checked = session.check(configuration)
            let expected = Pipeline(configuration).check()
            #expect(checked.diagnostics == expected.diagnostics)
            #expect(checked.stage == expected.stage)
            #expect(checked.report?.passed == expected.report?.passed)
        }
    }

    @Test func aMissingRootIsAUsageFailure() throws {
        let folder = try TemporaryFolder()
        let result = EditorSession().lint(configuration(folder))
        #expect(result.failure?.kind == .usage)
    }
}
