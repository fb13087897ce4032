import Foundation
import TestSupport
import Testing

@Suite struct CheckCommandTests {
    static let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test func theContentPassesWithJUnitAndReport() async throws {
        let folder = try TemporaryFolder()
        let junit = folder.url.appendingPathComponent("junit.xml").path
        let report = folder.url.appendingPathComponent("report.json").path
        let result = InProcess.run(["check", "--junit", junit, "--report", report])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stderr == "")
        for criterion in 1...5 {
            #expect(result.stdout.contains("  N1.4-AC0\(criterion)   pass     pass     "))
        }
        #expect(result.stdout.contains("scenarios: 11 of 11 exercised and covered"))
        #expect(result.stdout.contains("whole space covered"))
        #expect(result.stdout.hasSuffix("check: passed with 0 errors\n"))

        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("failures=\"0\" errors=\"0\" skipped=\"0\">"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 2)
        #expect((json["specs"] as? [Any])?.count == 2)

        // The JUnit file is well-formed XML.
        let lint = try #require(Self.xmllint, "xmllint is missing; 'make test' installs libxml2-utils")
        let status = try await offThePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: lint)
            process.arguments = ["--noout", junit]
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(status == 0)
    }

    @Test func aWrongExpectationFailsAtItsLineWithAnAnnotation() throws {
        let folder = try TemporaryFolder()
        var text = try String(
            contentsOf: BinaryRunner.fixtureSpec,
            encoding: .utf8)
        let marker = "Scenario: A locked account does not\n"
        let range = try #require(text.range(of: marker))
        let after = try #require(
            text.range(of: "  Then no session is created", range: range.upperBound..<text.endIndex))
        text.replaceSubrange(after, with: "  Then a session is created")
        let path = try folder.write("spec.md", text)
        let lineNumber = text[..<after.lowerBound].filter { $0 == "\n" }.count + 1
        let junit = folder.url.appendingPathComponent("junit.xml").path
        let result = InProcess.run(["check", path, "--junit", junit], environment: ["GITHUB_ACTIONS": "true"])
        #expect(result.status == .failure)
        #expect(
            result.stderr.contains(
                "\(path):\(lineNumber):3: error: step failed on iOS: expected a session is created; observed"))
        #expect(
            result.stderr.contains(
                "\(path):\(lineNumber):3: error: step failed on Android: expected a session is created"))
        #expect(
            result.stderr.contains("::error file=\(path),line=\(lineNumber),col=3,endColumn="))
        // The annotation marks the whole step, as the editor underlines it.
        #expect(
            result.stderr.contains(
                ",endColumn=\(3 + "Then a session is created".utf8.count - 1),title=passkey-spec step-failed::"))
        #expect(result.stdout.contains("  N1.4-AC05   FAIL     FAIL     "))
        #expect(result.stdout.hasSuffix("check: failed with 2 errors\n"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("failures=\"2\" errors=\"0\" skipped=\"0\">"))
    }

    @Test func lintReportsUndefinedStepsWithASuggestion() throws {
        let folder = try TemporaryFolder()
        let text = try String(
            contentsOf: BinaryRunner.fixtureSpec,
            encoding: .utf8
        ).replacingOccurrences(
            of: "  And the user cancels the OS prompt\n  And the app is relaunched",
            with: "  And the user cancel the OS prompt\n  And the app is relaunched")
        let path = try folder.write("spec.md", text)
        let lint = InProcess.run(["lint", path])
        #expect(lint.status == .failure)
        #expect(
            lint.stderr.contains(
                "error: undefined step 'the user cancel the OS prompt'; the closest known step is 'the user cancels the OS prompt' [undefined-step]"
            ))
        let check = InProcess.run(["check", path])
        #expect(check.status == .failure)
        #expect(check.stdout == "check: not run; fix the errors above first\n")
    }

    @Test func removingACopyCellFailsCheck() throws {
        let folder = try TemporaryFolder()
        let text = try String(
            contentsOf: BinaryRunner.fixtureSpec,
            encoding: .utf8
        ).replacingOccurrences(
            of: "| Action `retry` | Try Passkey Again | Try passkey again |",
            with: "| Action `retry` | Try Passkey Again |  |")
        let path = try folder.write("spec.md", text)
        let result = InProcess.run(["check", path])
        #expect(result.status == .failure)
        #expect(
            result.stderr.contains(
                "error: empty 'Action `retry`' cell for Android; write the copy, or 'None' where nothing is shown [empty-copy-cell]"
            ))
    }

    @Test func stepsListsTheRegistry() throws {
        let result = InProcess.run(["steps"])
        #expect(result.status == .success)
        #expect(result.stdout.contains("  the account is \"<status>\"\n"))
        #expect(result.stdout.contains("  <status>: active, closed, deleted, disabled, inactive, locked, restricted\n"))
        let json = InProcess.run(["steps", "--format", "json"])
        let flows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(flows.map { $0["flow"] as? String } == ["passkey-login"])
        #expect((flows.first?["steps"] as? [[String: Any]])?.count ?? 0 > 40)
    }
}

/// `check` keeps the exploration where `PASSKEY_SPEC_CACHE` says, and a second run reads it:
/// across processes, so both are runs of the binary. The first is the run that fills the
/// cache the other tests' runs start with (`TestEnvironment.binarySeed`), which has to explore.
@Suite struct ExplorationCacheCommandTests {
    @Test func aSecondCheckReadsTheKeptExplorationAndReportsTheSame() async throws {
        let first = try #require(await offThePool { TestEnvironment.binarySeedRun }, "the first check did not run")
        #expect(first.run.status == 0, "\(first.run.stderr)")
        let cache = first.cache.path
        let entries = try FileManager.default.contentsOfDirectory(atPath: "\(cache)/explorations")
        #expect(entries.count == 1)
        // Named by the cache's one key scheme.
        #expect(entries.first.map { $0.count == 16 + ".json".count && $0.hasSuffix(".json") } == true)
        let file = "\(cache)/explorations/\(entries[0])"
        let kept = try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int
        let second = try await BinaryRunner.run(["check", "content"], environment: ["PASSKEY_SPEC_CACHE": cache])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.run.stdout)
        #expect(second.stdout.contains("whole space covered"))
        // Read, not explored again and written anew: the same file, and no other.
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(cache)/explorations") == entries)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int == kept)
    }
}
