import Foundation
import TestSupport
import Testing

/// Every file under a folder, by relative path.
func files(under folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let relative = enumerator?.nextObject() as? String {
        var isDirectory: ObjCBool = false
        let url = folder.appendingPathComponent(relative)
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            result[relative] = try Data(contentsOf: url)
        }
    }
    return result
}

@Suite struct BuildCommandTests {
    let committed = BinaryRunner.packageRoot.appendingPathComponent("site")

    @Test func theCommittedSiteEqualsAFreshBuild() throws {
        let folder = try TemporaryFolder()
        let report = folder.url.appendingPathComponent("report.json").path
        let check = InProcess.run(["check", "--report", report])
        #expect(check.status == .success)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: report))
                == Data(contentsOf: committed.appendingPathComponent("exports/report.json")),
            "site/exports/report.json is stale; run 'make site'")
        // Built into an empty folder: the site is a function of the repository (the Changes
        // page compares with the content in git), whatever the output folder held before.
        let out = folder.url.appendingPathComponent("site")
        let build = InProcess.run(["build", "--report", report, "--out", out.path])
        #expect(build.status == .success, "\(build.stderr)")
        let fresh = try files(under: out)
        let old = try files(under: committed)
        #expect(Set(fresh.keys) == Set(old.keys), "site/ has other files than a fresh build; run 'make site'")
        let stale = fresh.keys.filter { fresh[$0] != old[$0] }.sorted()
        #expect(stale.isEmpty, "stale in site/: \(stale); run 'make site'")
    }

    /// A report made from the content is accepted; the same report after one edit of the
    /// content is refused, and nothing is written.
    @Test func aReportMadeFromOtherContentIsRefused() throws {
        let folder = try TemporaryFolder()
        let spec = try String(contentsOf: BinaryRunner.fixtureSpec, encoding: .utf8)
        let page = try folder.write("content/native/login-error-states.md", spec)
        let report = folder.url.appendingPathComponent("report.json").path
        let made = InProcess.run(["check", page, "--report", report])
        #expect(made.status == .success, "\(made.stderr)")
        let accepted = InProcess.run(
            ["build", page, "--report", report, "--out", folder.url.appendingPathComponent("unedited").path])
        #expect(accepted.status == .success, "\(accepted.stderr)")
        #expect(!accepted.stderr.contains("[report-from-other-content]"))

        try folder.write(
            "content/native/login-error-states.md",
            spec.replacingOccurrences(
                of: "| Title             | Passkeys Unavailable |", with: "| Title             | No Passkeys |"))
        let out = folder.url.appendingPathComponent("site")
        let result = InProcess.run(["build", page, "--report", report, "--out", out.path])
        #expect(result.status == .failure)
        #expect(result.stderr.contains("error: the run report '\(report)' was made from other content"))
        #expect(result.stderr.contains("[report-from-other-content]"))
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")
    }

    @Test func aSpecThatDoesNotParseRendersNothingAndKeepsTheOldSite() throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("site")
        let first = InProcess.run([
            "build", "--report", committed.appendingPathComponent("exports/report.json").path, "--out", out.path,
        ])
        #expect(first.status == .success)
        let before = try files(under: out)
        let broken = try folder.write("broken/spec.md", "# Broken\n<!-- spec: B1 -->\n")
        let second = InProcess.run(["build", broken, "--out", out.path])
        #expect(second.status == .failure)
        #expect(second.stderr.contains("[missing-platforms]"))
        #expect(second.stdout == "build: nothing rendered; fix the errors above first\n")
        #expect(try files(under: out) == before)
    }

    @Test func failingChecksStillRenderWithRedBadgesButExitWithOne() throws {
        let folder = try TemporaryFolder()
        let spec = try String(
            contentsOf: BinaryRunner.fixtureSpec,
            encoding: .utf8)
        let broken = spec.replacingOccurrences(
            of:
                "  Then no session is created\n  And the user sees the \"restricted-account\" copy\n  When the user chooses \"account-help\"\n  Then the \"support\" route opens",
            with: "  Then a session is created")
        #expect(broken != spec)
        let path = try folder.write("content/spec.md", broken)
        let out = folder.url.appendingPathComponent("site")
        let result = InProcess.run(["build", path, "--out", out.path])
        #expect(result.status == .failure)
        #expect(result.stdout.hasSuffix("checks FAILED\n"))
        let page = try String(contentsOf: out.appendingPathComponent("spec.html"), encoding: .utf8)
        #expect(
            page.contains(
                "<span class=\"badge badge-fail\"><span class=\"badge-label\">spec</span> <span class=\"badge-value\">failing</span></span>"
            ))
        #expect(
            try String(contentsOf: out.appendingPathComponent("badges/N1.4-AC05.svg"), encoding: .utf8).contains(
                "N1.4-AC05: failing"))
    }

    @Test func refusesToOverwriteAFolderThatIsNotABuild() throws {
        let folder = try TemporaryFolder()
        try folder.write("mine/notes.txt", "keep me")
        let out = folder.url.appendingPathComponent("mine")
        let result = InProcess.run([
            "build", "--report", committed.appendingPathComponent("exports/report.json").path, "--out", out.path,
        ])
        #expect(result.status == .failure)
        #expect(
            result.stderr.contains(
                "has files and is not a previous build; choose an empty folder or remove it first [output-not-a-site]"))
        #expect(try files(under: out).keys.sorted() == ["notes.txt"])
    }

    @Test func anUnreadableReportIsAnError() throws {
        let result = InProcess.run([
            "build", "--report", "/no/such/report.json", "--out", "/tmp/never-written-site",
        ])
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("passkey-spec: error: cannot read the run report '/no/such/report.json': "))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written-site"))
    }

    @Test func aBrokenTemplateIsALocatedError() throws {
        let folder = try TemporaryFolder()
        let templates = BinaryRunner.packageRoot.appendingPathComponent("templates")
        for (path, data) in try files(under: templates) {
            try folder.write("templates/\(path)", bytes: [UInt8](data))
        }
        try folder.write("templates/home.mustache", "{{<layout}}\n{{$content}}{{#specs}}{{/content}}{{/layout}}")
        let result = InProcess.run([
            "build", "--report", committed.appendingPathComponent("exports/report.json").path, "--templates",
            folder.url.appendingPathComponent("templates").path, "--out", folder.url.appendingPathComponent("out").path,
        ])
        #expect(result.status == .failure)
        #expect(result.stderr.contains("home.mustache:2:"))
        #expect(result.stderr.contains("error: template error: '{{/content}}' closes 'specs'"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
    }
}
