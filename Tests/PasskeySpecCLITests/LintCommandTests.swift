import Foundation
import TestSupport
import Testing

/// `lint` in process; what the executable writes where, and its colour, by spawning it.
@Suite struct LintCommandTests {
    @Test func lintingTheContentSucceedsWithASummary() {
        let result = InProcess.run(["lint", "content"])
        #expect(result.status == .success)
        #expect(result.stderr == "")
        #expect(
            result.stdout
                == "lint: 2 specs, 2 pages, 19 scenarios, 10 criteria, 77 checks, 12 references; 0 errors, 0 warnings\n"
        )
    }

    @Test func aPageWhosePathTheSiteTakesIsRefusedBeforeAnythingIsBuilt() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("content/index.md", "# Home\n<!-- page: home -->\n\nWelcome.\n")
        _ = try folder.write("content/changes.md", "# Release notes\n<!-- page: release-notes -->\n\nText.\n")
        _ = try folder.write("content/flows.md", "# Flows\n<!-- page: flows -->\n\nText.\n")
        let out = folder.url.appendingPathComponent("site")
        let result = InProcess.run(["build", folder.url.appendingPathComponent("content").path, "--out", out.path])
        #expect(result.status == .failure)
        #expect(
            result.stderr.contains(
                "changes.md:1:1: error: 'changes.md' would be built as 'changes.html', which the site makes itself; rename the file [reserved-page-path]"
            ))
        #expect(result.stderr.contains("flows.md:1:1: error: 'flows.md' would be built as 'flows.html'"))
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is built")
    }

    @Test func lintDefaultsToTheContentFolder() {
        let result = InProcess.run(["lint"])
        #expect(result.status == .success)
        #expect(result.stdout.contains("19 scenarios"))
    }

    /// The process contract of a failure: exit status 1, the diagnostics on standard error,
    /// the summary on standard output.
    @Test func problemsGoToStandardErrorInCompilerForm() async throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "bad.md",
            "# Bad\n<!-- spec: B1 platforms: ios, android -->\n\n## S\n<!-- section: s kind: scenarios -->\n\n### X\n")
        let result = try await BinaryRunner.run(["lint", path])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "\(path):7:1: error: scenario 'X' needs '<!-- scenario: ID -->' on the line after its heading [missing-scenario-id]\n"
                + "\(path):7:1: error: scenario 'X' has no copy table [missing-copy-table]\n")
        #expect(result.stdout.hasSuffix("; 2 errors, 0 warnings\n"))
    }

    @Test func warningsAloneDoNotFail() throws {
        let folder = try TemporaryFolder()
        let spec = try String(contentsOf: BinaryRunner.fixtureSpec, encoding: .utf8)
        let row = "| Action `retry`    | Try Again | Try again |"
        try #require(spec.contains(row))
        let path = try folder.write(
            "warn.md",
            spec.replacingOccurrences(
                of: row, with: "| Action `retry`    | Try Again | Try Again |", options: [], range: spec.range(of: row))
        )
        let result = InProcess.run(["lint", path])
        #expect(result.status == .success)
        #expect(result.stderr.contains(": warning: ") && result.stderr.contains("[copy-sentence-case]"))
        #expect(result.stdout.hasSuffix("0 errors, 1 warning\n"))
    }

    @Test func anInventedTriggerCodeFailsLintAtItsColumn() throws {
        let folder = try TemporaryFolder()
        let spec = try String(
            contentsOf: BinaryRunner.fixtureSpec,
            encoding: .utf8)
        let old = "`ASAuthorizationError.Code.canceled` (1001) from a prompt the app opened automatically |"
        let range = try #require(spec.range(of: old))
        let edited = spec.replacingCharacters(
            in: range, with: "`ASAuthorizationError.Code.canceld` (1001) from a prompt the app opened automatically |")
        let lineStart =
            edited[..<range.lowerBound].lastIndex(of: "\n").map { edited.index(after: $0) } ?? edited.startIndex
        let line = edited[..<range.lowerBound].filter { $0 == "\n" }.count + 1
        let column = edited.utf8.distance(from: lineStart, to: range.lowerBound) + 2
        let path = try folder.write("spec.md", edited)
        let result = InProcess.run(["lint", path])
        #expect(result.status == .failure)
        #expect(
            result.stderr.contains(
                "\(path):\(line):\(column): error: 'ASAuthorizationError.Code.canceld' is not a native result the engine knows on iOS; the closest real name is 'ASAuthorizationError.Code.canceled' [unknown-trigger-name]"
            ))
    }

    @Test func strictMakesCopyStyleFindingsErrors() throws {
        let folder = try TemporaryFolder()
        let spec = try String(
            contentsOf: BinaryRunner.fixtureSpec,
            encoding: .utf8)
        let path = try folder.write(
            "spec.md",
            spec.replacingOccurrences(
                of: "| Action `retry`    | Try Again | Try again |",
                with: "| Action `retry`    | Try again | Try again |"))
        let plain = InProcess.run(["lint", path])
        #expect(plain.status == .success)
        #expect(plain.stderr.contains(": warning: button 'Try again' is not in iOS title-style capitalization"))
        let strict = InProcess.run(["lint", "--strict", path])
        #expect(strict.status == .failure)
        #expect(strict.stderr.contains(": error: button 'Try again' is not in iOS title-style capitalization"))
    }

    @Test func githubActionsGetAnnotations() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("x.md", "plain, text\n")
        let result = InProcess.run(["lint", path], environment: ["GITHUB_ACTIONS": "true"])
        #expect(result.status == .failure)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines[1].hasPrefix(
                "::error file=\(path),line=1,col=1,endColumn=11,title=passkey-spec not-a-spec-page::file is not a spec page"
            ))
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() async throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("x.md", "plain\n")
        // Standard error is a pipe here, so no escape codes, with or without NO_COLOR.
        let result = try await BinaryRunner.run(["lint", path], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains(" error: "))
        #expect(!result.stderr.contains("\u{1B}["))
        let without = try await BinaryRunner.run(["lint", path])
        #expect(without.stderr.contains(" error: "))
        #expect(!without.stderr.contains("\u{1B}["))
    }

    @Test func aMissingPathIsAUsageError() {
        let result = InProcess.run(["lint", "no/such/folder"])
        #expect(result.status == .usage)
        #expect(
            result.stderr == """
                passkey-spec: error: no file or folder at 'no/such/folder' [path-not-found]
                  passkey-spec lint no/such/folder
                                    ^~~~~~~~~~~~~~

                """)
    }
}
