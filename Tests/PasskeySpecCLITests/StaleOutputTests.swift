import Foundation
import TestSupport
import Testing

/// A command that writes a file writes this run's result or nothing, and says what is wrong
/// with a file it reads in words: each of these failed on the tool before the pipeline.
@Suite struct StaleOutputTests {
    /// The content in a folder of the test's own, with a Trigger name misspelt: it parses, so
    /// only the whole lint rejects it.
    static func brokenContent(_ folder: TemporaryFolder) throws {
        try FileManager.default.copyItem(
            at: BinaryRunner.packageRoot.appendingPathComponent("content"),
            to: folder.url.appendingPathComponent("content"))
        let page = folder.url.appendingPathComponent("content/native/login-error-states.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let broken = text.replacingOccurrences(
            of: "`ASAuthorizationError.Code.canceled`", with: "`ASAuthorizationError.Code.cancelled`")
        #expect(broken != text)
        try Data(broken.utf8).write(to: page)
    }

    /// `check --junit` on content the lint rejects replaces the last green report with the
    /// errors, each a failing test case at its file and line; `--report` too.
    @Test func checkWritesThisRunsJUnitAndReportEvenWhenTheErrorsStopIt() throws {
        let folder = try TemporaryFolder()
        let junit = folder.url.appendingPathComponent("junit.xml").path
        let report = folder.url.appendingPathComponent("report.json").path
        let green = InProcess.run(["check", InProcess.content, "--junit", junit, "--report", report])
        #expect(green.status == .success, "\(green.stderr)")
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("failures=\"0\""))

        try Self.brokenContent(folder)
        let broken = InProcess.run(["check", "content", "--junit", junit, "--report", report], in: folder.url)
        #expect(broken.status == .failure)
        #expect(broken.stdout == "check: not run; fix the errors above first\n")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(!xml.contains("failures=\"0\""))
        #expect(xml.contains("<testsuite name=\"lint: the checks did not run\""))
        #expect(xml.contains("file=\"content/native/login-error-states.md\""))
        #expect(xml.contains("[unknown-trigger-name]"))
        let saved = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        #expect((saved["specs"] as? [Any])?.isEmpty == true, "no run")
        let diagnostics = try #require(saved["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.contains { ($0["message"] as? [String: Any])?["id"] as? String == "unknown-trigger-name" })
    }

    /// A `check` called wrongly (a misspelt option, a path that is not there) exits 2 with one
    /// usage error and has no result: the green JUnit and report an earlier run left at the
    /// paths it names are removed, not left for CI to publish as this run's pass. A folder at
    /// such a path is not a report and stays. Run as CI runs it, through the built binary.
    @Test(arguments: [
        (["--formt", "sarif"], "unknown-option"),
        (["--strict=yes"], "flag-with-value"),
        (["no-such-folder"], "path-not-found"),
    ])
    func aCheckCalledWronglyLeavesNoEarlierReport(mistake: [String], id: String) async throws {
        let folder = try TemporaryFolder()
        let green = "<testsuites name=\"passkey-spec\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\"/>\n"
        let junit = try folder.write("reports/j.xml", green)
        let report = try folder.write("reports/r.json", "{\"schemaVersion\": 2}\n")
        let kept = try folder.write("kept.xml", green)
        let result = try await BinaryRunner.run(
            ["check", "--junit", "reports/j.xml", "--report=reports/r.json"] + mistake, in: folder.url)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        let messages = result.stderr.split(separator: "\n").filter { $0.hasSuffix("]") }
        #expect(messages.count == 1, "\(result.stderr)")
        #expect(messages.first?.hasPrefix("passkey-spec: error: ") == true, "\(result.stderr)")
        #expect(messages.first?.hasSuffix("[\(id)]") == true, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: junit), "the earlier JUnit is left")
        #expect(!FileManager.default.fileExists(atPath: report), "the earlier report is left")
        #expect(FileManager.default.fileExists(atPath: kept), "a file the command line does not name is removed")

        let reports = folder.url.appendingPathComponent("reports").path
        let asFolder = try await BinaryRunner.run(["check", "--junit", "reports", "--formt", "sarif"], in: folder.url)
        #expect(asFolder.status == 2)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: reports, isDirectory: &isFolder) && isFolder.boolValue)
    }

    /// `export` on content the lint rejects writes nothing: the file at `--out` (perhaps the
    /// app's own strings) is left as it was, and the exit status is 1.
    @Test(arguments: ["xcstrings", "android-xml", "web-json"])
    func exportOfContentWithErrorsWritesNothing(format: String) throws {
        let folder = try TemporaryFolder()
        try Self.brokenContent(folder)
        let out = try folder.write("App/strings", "the app's own strings\n")
        let result = InProcess.run(["export", "--format", format, "--out", out, "content"], in: folder.url)
        #expect(result.status == .failure)
        #expect(result.stderr.contains("[unknown-trigger-name]"))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "the app's own strings\n")
        #expect(result.stdout == "")
    }

    /// A report that cannot be read is said in words: the system's reason, or the field that
    /// is wrong; never Foundation's description of its error.
    @Test func aReportThatCannotBeReadIsSaidInWords() throws {
        let folder = try TemporaryFolder()
        let missing = InProcess.run(
            ["build", InProcess.content, "--report", "missing.json", "--out", "out"], in: folder.url)
        #expect(missing.status == .failure)
        #expect(
            missing.stderr
                == "passkey-spec: error: cannot read the run report 'missing.json': no such file or directory [unreadable-report]\n"
        )
        try folder.write("empty.json", "{}")
        let empty = InProcess.run(
            ["build", InProcess.content, "--report", "empty.json", "--out", "out"], in: folder.url)
        #expect(
            empty.stderr
                == "passkey-spec: error: cannot read the run report 'empty.json': it is not a run report of this tool: the field 'schemaVersion' is missing [unreadable-report]\n"
        )
        for result in [missing, empty] {
            #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("CodingKeys"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
    }
}
