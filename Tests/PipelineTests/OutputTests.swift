import Exports
import Foundation
import SpecModel
import TestSupport
import Testing
import Utilities

@testable import Pipeline

/// What the pipeline writes, and what it refuses to write: never a file from content with
/// errors, never a stale one, and a cache that stays bounded.
@Suite struct OutputTests {
    /// Content that `lint` rejects with a misspelt Trigger name: it parses, so only the whole
    /// lint finds the error.
    static func contentWithALintError(in folder: TemporaryFolder) throws -> String {
        let content = try copyContent(into: folder)
        let page = folder.url.appendingPathComponent("content/native/login-error-states.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let broken = text.replacingOccurrences(
            of: "`ASAuthorizationError.Code.canceled`", with: "`ASAuthorizationError.Code.cancelled`")
        #expect(broken != text)
        try Data(broken.utf8).write(to: page)
        return content
    }

    @Test(arguments: [ExportFormat.xcstrings, .androidXML, .webJSON, .json])
    func anExportOfContentWithLintErrorsIsNothing(format: ExportFormat) throws {
        let folder = try TemporaryFolder()
        let content = try Self.contentWithALintError(in: folder)
        let (result, data) = pipeline(folder, in: folder.url, roots: [content]).export(format)
        #expect(data == nil)
        #expect(result.hasErrors)
        #expect(result.errors.map(\.id).contains("unknown-trigger-name"), "\(result.errors)")
    }

    @Test func anExportOfCleanContentIsItsData() throws {
        let folder = try TemporaryFolder()
        let (result, data) = pipeline(folder).export(.webJSON)
        #expect(!result.hasErrors)
        #expect(try JSONSerialization.jsonObject(with: try #require(data)) is [String: String])
    }

    /// The checks do not run on content with errors, and the result says why at each error's
    /// file and line; the JUnit of such a run is those errors as failing test cases.
    @Test func checksOfContentWithErrorsAreNotRunAndTheJUnitSaysWhy() throws {
        let folder = try TemporaryFolder()
        let content = try Self.contentWithALintError(in: folder)
        let result = pipeline(folder, in: folder.url, roots: [content]).check()
        #expect(result.report == nil)
        #expect(result.stage == .lint)
        let xml = JUnitReport.xml(notRun: result.errors)
        #expect(xml.contains("failures=\"\(result.errors.count)\""))
        let error = try #require(result.errors.first)
        #expect(xml.contains("file=\"\(error.location.file)\" line=\"\(error.location.line)\""))
        #expect(xml.contains("[unknown-trigger-name]"))
    }

    /// A finding about a whole file (one that cannot be read) is at the file's start, 1:1, in
    /// every output, as the findings in a file are: the compiler form, the JUnit test case and
    /// the SARIF result's region. It was printed as the path alone, with no region in SARIF
    /// and line 0 in JUnit.
    @Test func aWholeFileFindingIsAtItsStartInEveryOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/index.md", "# Home\n<!-- page: home -->\n")
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("content/gone.md").path, withDestinationPath: "nowhere.md")
        let run = pipeline(folder, in: folder.url, roots: ["content"])
        let result = run.lint()
        #expect(result.diagnostics.count == 1, "\(result.diagnostics)")
        let finding = try #require(result.diagnostics.first)
        #expect(finding.id == "unreadable-file")
        #expect(finding.location == SourceLocation(file: "content/gone.md", line: 1, column: 1))
        #expect(finding.description.hasPrefix("content/gone.md:1:1: error: cannot read file: "))
        #expect(finding.description.hasSuffix(" [unreadable-file]"))

        let xml = JUnitReport.xml(notRun: result.errors)
        #expect(xml.contains("name=\"content/gone.md:1:1\" file=\"content/gone.md\" line=\"1\""), "\(xml)")

        let log = try #require(
            try JSONSerialization.jsonObject(with: run.sarif(result, catalogue: [])) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.count == 1)
        let location = try #require((results.first?["locations"] as? [[String: Any]])?.first)
        let region = try #require(
            (location["physicalLocation"] as? [String: Any])?["region"] as? [String: Int], "\(location)")
        #expect(region == ["startLine": 1, "startColumn": 1, "endLine": 1, "endColumn": 1])
    }

    @Test func aMissingReportIsUnreadableInWords() throws {
        let folder = try TemporaryFolder()
        let result = pipeline(folder).build(
            into: folder.url.appendingPathComponent("out").path, savedReport: "/no/such/report.json")
        #expect(
            result.failure
                == PipelineFailure(
                    .failed, .unreadableReport("/no/such/report.json", reason: "no such file or directory")))
    }

    @Test(arguments: [
        ("{}", "it is not a run report of this tool: the field 'schemaVersion' is missing"),
        ("{\"schemaVersion\": 2}", "it is not a run report of this tool: the field 'flows' is missing"),
        ("{\"schemaVersion\": 2, \"flows\": 3}", "it is not a run report of this tool: 'flows' should be a list"),
        ("{\"schemaVersion\": ", "it is not a run report of this tool: it is not valid JSON"),
    ])
    func aReportThatIsNotOneSaysWhichFieldIsWrong(text: String, reason: String) throws {
        let folder = try TemporaryFolder()
        let report = try folder.write("report.json", text)
        let result = pipeline(folder).build(into: folder.url.appendingPathComponent("out").path, savedReport: report)
        #expect(result.failure == PipelineFailure(.failed, .unreadableReport(report, reason: reason)))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
    }

    @Test func aFileIsWrittenWholeWithItsFolder() throws {
        let folder = try TemporaryFolder()
        let build = pipeline(folder, in: folder.url)
        #expect(build.write(Data("one".utf8), to: "exports/deep/file.json") == nil)
        #expect(
            try String(contentsOf: folder.url.appendingPathComponent("exports/deep/file.json"), encoding: .utf8)
                == "one")
        try folder.write("taken", "a file where a folder should be")
        let failure = try #require(build.write(Data("two".utf8), to: "taken/file.json"))
        #expect(failure.message.id == "write-failed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["exports", "taken"])
    }

    /// Build manifests of folders that no longer hold a build are dropped, and each kind of
    /// entry is kept to its limit, the most recently used first.
    @Test func theCacheStaysBounded() throws {
        let folder = try TemporaryFolder()
        let cache = ToolCache(folder: folder.url.appendingPathComponent("cache"), toolFingerprint: "tests")
        let content = try copyContent(into: folder)
        let build = Pipeline(
            PipelineConfiguration(
                workingDirectory: folder.url, roots: [content], cache: cache, environment: testEnvironment(folder)))
        for number in 0..<3 { #expect(build.build(into: "site-\(number)").stage == .write) }
        let builds = cache.folder.appendingPathComponent("builds")
        #expect(try FileManager.default.contentsOfDirectory(atPath: builds.path).count == 3)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("site-0"))
        cache.trim()
        #expect(try FileManager.default.contentsOfDirectory(atPath: builds.path).count == 2)

        let diagrams = cache.folder.appendingPathComponent("diagrams")
        for number in 0..<300 {
            try folder.write("cache/diagrams/extra-\(number).svg", "<svg/>")
            utimensat(
                AT_FDCWD, diagrams.appendingPathComponent("extra-\(number).svg").path,
                [timespec(tv_sec: 1000, tv_nsec: 0), timespec(tv_sec: 1000 + number, tv_nsec: 0)], 0)
        }
        cache.trim()
        let kept = try FileManager.default.contentsOfDirectory(atPath: diagrams.path)
        #expect(kept.count == 256)
        // The site's own diagrams were used last: they stay, the oldest extras go.
        #expect(!kept.contains("extra-0.svg"))
        #expect(kept.filter { !$0.hasPrefix("extra-") }.count > 10)
    }
}

/// The model and the run report, as the exports write them, are the bytes Foundation's
/// encoder writes in the same form.
@Suite struct ExportBytesTests {
    @Test func theModelAndTheReportEncodeAsFoundationDoes() throws {
        let folder = try TemporaryFolder()
        let result = pipeline(folder).check()
        let report = try #require(result.report)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        #expect(try JSONOutput.encode(report) == encoder.encode(report) + Data("\n".utf8))
        #expect(try JSONOutput.encode(result.content) == encoder.encode(result.content) + Data("\n".utf8))
        #expect(try report.encodedJSON().count > 100_000)
    }
}
