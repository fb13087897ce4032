import Foundation
import TestSupport
import Testing

/// Messages of the command line and the build, each triggered through the command line and
/// asserted in the exact words and exit status a user sees (`MessageWitnessTests` shows that
/// every message can be reported at all).
@Suite struct MessageCoverageTests {
    let committedReport = BinaryRunner.packageRoot.appendingPathComponent("site/exports/report.json").path

    /// A copy of the project's templates in `folder`, with `name` holding `bytes`.
    func templates(in folder: TemporaryFolder, replacing name: String, with bytes: [UInt8]) throws -> String {
        let templates = BinaryRunner.packageRoot.appendingPathComponent("templates")
        for (path, data) in try files(under: templates) {
            try folder.write("templates/\(path)", bytes: [UInt8](data))
        }
        try folder.write("templates/\(name)", bytes: bytes)
        return folder.url.appendingPathComponent("templates").path
    }

    @Test func tooManyArgumentsAreUnexpected() throws {
        let result = InProcess.run(["explain", "a", "b"])
        #expect(result.status == .usage)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                passkey-spec: error: 'explain' takes no argument 'b' [unexpected-argument]
                  passkey-spec explain a b
                                         ^

                """)
    }

    @Test func anUnknownScenarioIsNamedWithTheClosest() throws {
        let result = InProcess.run(["copy", "explicit-cancle", BinaryRunner.fixtureSpec.path])
        #expect(result.status == .failure)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("passkey-spec: error: unknown scenario 'explicit-cancle'; the closest are "))
        #expect(result.stderr.hasSuffix(" [unknown-scenario]\n"), "\(result.stderr)")
    }

    @Test func aBrokenTemplateIsATemplateError() throws {
        let folder = try TemporaryFolder()
        let templates = try templates(
            in: folder, replacing: "page.mustache", with: Array("{{#pages}}\n  {{/page}}\n".utf8))
        let out = folder.url.appendingPathComponent("out")
        let result = InProcess.run([
            "build", "--report", committedReport, "--templates", templates, "--out", out.path,
        ])
        #expect(result.status == .failure)
        #expect(result.stderr.contains("page.mustache:2:3: error: template error: "), "\(result.stderr)")
        #expect(result.stderr.contains("[template-error]"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")
    }

    @Test(arguments: [("missing.json", nil), ("garbage.json", "{\"schemaVersion\": "), ("empty.json", "")])
    func aReportThatCannotBeReadIsUnreadable(name: String, text: String?) throws {
        let folder = try TemporaryFolder()
        let report = folder.url.appendingPathComponent(name).path
        if let text { try folder.write(name, text) }
        let out = folder.url.appendingPathComponent("out")
        let result = InProcess.run(["build", "--report", report, "--out", out.path])
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("passkey-spec: error: cannot read the run report '\(report)': "))
        #expect(result.stderr.hasSuffix(" [unreadable-report]\n"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")
    }

    /// An asset that cannot be read (a symlink to nothing) is the templates' fault, located at
    /// the file with the system's reason: exit status 1, and nothing is written.
    @Test func anUnreadableAssetIsATemplateErrorAtTheFile() throws {
        let folder = try TemporaryFolder()
        let templates = try templates(in: folder, replacing: "page.mustache", with: Array("<p></p>\n".utf8))
        try FileManager.default.createSymbolicLink(
            atPath: "\(templates)/assets/missing.css", withDestinationPath: "\(folder.url.path)/nowhere.css")
        let out = folder.url.appendingPathComponent("out")
        let result = InProcess.run([
            "build", "--report", committedReport, "--templates", templates, "--out", out.path,
        ])
        #expect(result.status == .failure)
        #expect(
            result.stderr
                == "\(templates)/assets/missing.css:1:1: error: template error: cannot read the file: no such file or directory [template-error]\n"
        )
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")
    }

    /// A template that is not UTF-8 is the templates' fault, located at the file.
    @Test func aTemplateThatIsNotUTF8IsATemplateError() throws {
        let folder = try TemporaryFolder()
        let templates = try templates(
            in: folder, replacing: "page.mustache", with: Array("<p>".utf8) + [0xFF, 0xFE] + Array("</p>\n".utf8))
        let out = folder.url.appendingPathComponent("out")
        let result = InProcess.run([
            "build", "--report", committedReport, "--templates", templates, "--out", out.path,
        ])
        #expect(result.status == .failure)
        #expect(
            result.stderr.contains("page.mustache:1:1: error: template error: the template is not valid UTF-8"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")
    }
}
