import Foundation
import SpecModel
import TestSupport
import Testing

@Suite struct ExportCommandTests {
    @Test func jsonHoldsTheWholeModelWithASchemaVersion() throws {
        let result = InProcess.run(["export", "--format", "json"])
        #expect(result.status == .success)
        #expect(result.stderr == "")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == ContentSet.schemaVersion)
        let content = try ContentSet.decodeJSON(Data(result.stdout.utf8))
        let spec = try #require(content.specs.first)
        #expect(spec.scenarios.count == 11)
        #expect(spec.criteria.count == 5)
        #expect(spec.references.count == 5)
        #expect(spec.scenarios.allSatisfy { $0.copy.count == 2 })
        #expect(spec.criteria[0].statement.hasPrefix("When the app starts passkey login automatically"))
    }

    @Test func outputIsDeterministic() {
        let first = InProcess.run(["export"])
        let second = InProcess.run(["export", "--format=json", "content"])
        #expect(first.stdout == second.stdout)
        #expect(!first.stdout.isEmpty)
    }

    /// The executable writes the whole export, some hundreds of kilobytes, to standard output
    /// and nothing to standard error: the bytes the command prints.
    @Test func theExecutableWritesTheWholeExportToStandardOutput() async throws {
        let binary = try await BinaryRunner.run(["export"])
        #expect(binary.status == 0)
        #expect(binary.stderr == "")
        let inProcess = InProcess.run(["export"])
        #expect(binary.stdout.utf8.count > 100_000)
        #expect(binary.stdout == inProcess.stdout)
    }

    @Test func outWritesTheFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("model.json").path
        let result = InProcess.run(["export", "--out", path])
        #expect(result.status == .success)
        #expect(result.stdout == "")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == InProcess.run(["export"]).stdout)
    }

    @Test func nothingIsWrittenWhenAPageHasErrors() throws {
        let folder = try TemporaryFolder()
        let bad = try folder.write("bad.md", "# Bad\n<!-- spec: B1 -->\n")
        let out = folder.url.appendingPathComponent("model.json").path
        let result = InProcess.run(["export", "--out", out, bad])
        #expect(result.status == .failure)
        #expect(result.stderr.contains("[missing-platforms]"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// Content that parses but that `lint` rejects is not exported either.
    @Test func nothingIsWrittenWhenLintFindsAnError() throws {
        let folder = try TemporaryFolder()
        let spec = try String(contentsOf: BinaryRunner.fixtureSpec, encoding: .utf8)
        let edited = spec.replacingOccurrences(
            of: "  And the user cancels the OS prompt\n  And the app is relaunched",
            with: "  And the user cancel the OS prompt\n  And the app is relaunched")
        #expect(edited != spec)
        let path = try folder.write("spec.md", edited)
        let out = folder.url.appendingPathComponent("model.json").path
        for format in ["json", "web-json", "xcstrings"] {
            let result = InProcess.run(["export", "--format", format, "--out", out, path])
            #expect(result.status == .failure, "\(format)")
            #expect(result.stderr.contains("[undefined-step]"), "\(format): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(format)")
        }
    }

    @Test func anUnwritableOutputIsReported() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("plain.txt", "a file, not a folder")
        let result = InProcess.run(["export", "--out", file + "/model.json"])
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("passkey-spec: error: cannot write '\(file)/model.json': "))
        #expect(result.stderr.hasSuffix("[write-failed]\n"))
    }

    @Test func outCreatesMissingFolders() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("res/values/strings.xml").path
        let result = InProcess.run(["export", "--format", "android-xml", "--out", path])
        #expect(result.status == .success)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func theCommittedModelExportIsUpToDate() throws {
        let committed = BinaryRunner.packageRoot.appendingPathComponent("site/exports/spec.json")
        let fresh = InProcess.run(["export"])
        let text = try String(contentsOf: committed, encoding: .utf8)
        #expect(text == fresh.stdout, "site/exports/spec.json is stale; run 'make site'")
    }
}

/// The real Web spec page, which `lint` passes.
let webSpec = InProcess.content + "/web/login-error-states.md"

/// The Web exports of the real Web spec page; the escaping of hostile copy is tested on the
/// exports themselves (`Tests/ExportsTests/WebExportTests.swift`).
@Suite struct WebExportCommandTests {
    /// Every key of the Web page's copy: each scenario's title, message and actions.
    static let someKeys = [
        "deleted-passkey.action.another-passkey", "deleted-passkey.action.fallback", "deleted-passkey.message",
        "deleted-passkey.title",
    ]

    @Test func webJSONIsTheFlatMessageFile() throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("web/messages.json").path
        let result = InProcess.run(["export", "--format", "web-json", "--out", out, webSpec])
        #expect(result.status == .success, "\(result.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let messages = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
        #expect(messages["deleted-passkey.title"] == "This passkey can’t be used")
        #expect(
            messages["deleted-passkey.message"]
                == "This passkey can no longer sign you in. It may have been deleted. Choose another passkey, or sign in another way."
        )
        #expect(messages["deleted-passkey.action.fallback"] == "Sign in another way")
        #expect(Set(Self.someKeys).isSubset(of: messages.keys))
        // Flat, one key a line, in sorted order, as the committed site's file.
        let lines = text.split(separator: "\n").dropFirst().dropLast().map { String($0.prefix { $0 != ":" }) }
        #expect(lines.count == messages.count)
        #expect(lines == lines.sorted())
        #expect(text.hasPrefix("{\n  \"") && text.hasSuffix("\"\n}\n"))
        #expect(
            text
                == (try String(
                    contentsOf: BinaryRunner.packageRoot.appendingPathComponent("site/exports/web/messages.json"),
                    encoding: .utf8)))
    }

    @Test func webTSDeclaresTheKeys() throws {
        let result = InProcess.run(["export", "--format", "web-ts", webSpec])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("// Generated by passkey-spec from the Web copy of the spec; do not edit.\n"))
        #expect(result.stdout.contains("// Spec: W1.4 Passkey Login: Error States (web/login-error-states.md)\n"))
        let json = InProcess.run(["export", "--format", "web-json", webSpec])
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: String])
            .keys.sorted()
        let declared = "export type MessageKey =\n" + keys.map { "  | \"\($0)\"" }.joined(separator: "\n") + ";\n"
        #expect(result.stdout.contains(declared), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("declare const messages: Messages;\nexport default messages;\n"))
    }

    @Test func webSchemaIsDraft2020() throws {
        let result = InProcess.run(["export", "--format", "web-schema"])
        #expect(result.status == .success)
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test func theHelpListsTheWebFormats() {
        let result = InProcess.run(["help", "export"])
        #expect(result.status == .success)
        #expect(
            result.stdout.contains(
                "  web-json      The Web copy as a flat JSON message file by copy key (i18next, FormatJS).\n"))
        #expect(
            result.stdout.contains(
                "  web-ts        The Web copy's keys as TypeScript types for messages.json ('web-json').\n")
        )
        #expect(result.stdout.contains("  web-schema    The JSON Schema of messages.json ('web-json').\n"))
    }
}
