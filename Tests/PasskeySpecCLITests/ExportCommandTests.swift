import Foundation
import SpecModel
import TestSupport
import Testing

@Suite struct ExportCommandTests {
    @Test func jsonHoldsTheWholeModelWithASchemaVersion() throws {
        let result = try BinaryRunner.run(["export", "--format", "json"])
        #expect(result.status == 0)
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

    @Test func outputIsDeterministic() throws {
        let first = try BinaryRunner.run(["export"])
        let second = try BinaryRunner.run(["export", "--format=json", "content"])
        #expect(first.stdout == second.stdout)
        #expect(!first.stdout.isEmpty)
    }

    @Test func outWritesTheFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("model.json").path
        let result = try BinaryRunner.run(["export", "--out", path])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == (try BinaryRunner.run(["export"])).stdout)
    }

    @Test func nothingIsWrittenWhenAPageHasErrors() throws {
        let folder = try TemporaryFolder()
        let bad = try folder.write("bad.md", "# Bad\n<!-- spec: B1 -->\n")
        let out = folder.url.appendingPathComponent("model.json").path
        let result = try BinaryRunner.run(["export", "--out", out, bad])
        #expect(result.status == 1)
        #expect(result.stderr.contains("[missing-platforms]"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func anUnwritableOutputIsReported() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("plain.txt", "a file, not a folder")
        let result = try BinaryRunner.run(["export", "--out", file + "/model.json"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("passkey-spec: error: cannot write '\(file)/model.json': "))
        #expect(result.stderr.hasSuffix("[write-failed]\n"))
    }

    @Test func outCreatesMissingFolders() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("res/values/strings.xml").path
        let result = try BinaryRunner.run(["export", "--format", "android-xml", "--out", path])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func theCommittedModelExportIsUpToDate() throws {
        let committed = BinaryRunner.packageRoot.appendingPathComponent("site/exports/spec.json")
        let fresh = try BinaryRunner.run(["export"])
        let text = try String(contentsOf: committed, encoding: .utf8)
        #expect(text == fresh.stdout, "site/exports/spec.json is stale; run 'make site'")
    }
}

/// A spec page with a Web column, in a temporary folder.
func webSpecFolder() throws -> (folder: TemporaryFolder, path: String) {
    let folder = try TemporaryFolder()
    let path = try folder.write(
        "web.md",
        """
        # Web copy
        <!-- spec: W1 platforms: ios, android, web -->

        ## Scenarios
        <!-- section: scenarios kind: scenarios -->

        ### Deleted passkey
        <!-- scenario: deleted-passkey -->

        The passkey was deleted from the account.

        | | iOS | Android | Web |
        | --- | --- | --- | --- |
        | Trigger | `credential-not-found` | `credential-not-found` | The server answers `credential-not-found` |
        | Presentation | Alert | Dialog | Inline message |
        | Title | Passkey Can’t Be Used | Passkey can’t be used | This passkey can’t be used |
        | Message | None | None | It was removed from your account. Say “hi” </script> 🔑 مرحبا |
        | Action `fallback` | Use Password | Use password | Sign in another way |
        | Action `dismiss` | Cancel | Cancel | None |

        """)
    return (folder, path)
}

@Suite struct WebExportCommandTests {
    @Test func webJSONIsTheFlatMessageFile() throws {
        let spec = try webSpecFolder()
        let out = spec.folder.url.appendingPathComponent("web/messages.json").path
        let result = try BinaryRunner.run(["export", "--format", "web-json", "--out", out, spec.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try String(contentsOfFile: out, encoding: .utf8) == """
                {
                  "deleted-passkey.action.fallback": "Sign in another way",
                  "deleted-passkey.message": "It was removed from your account. Say “hi” \\u003c/script> 🔑 مرحبا",
                  "deleted-passkey.title": "This passkey can’t be used"
                }

                """)
    }

    @Test func webTSDeclaresTheKeys() throws {
        let spec = try webSpecFolder()
        let result = try BinaryRunner.run(["export", "--format", "web-ts", spec.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("// Generated by passkey-spec from the Web copy of the spec; do not edit.\n"))
        #expect(result.stdout.contains("// Spec: W1 Web copy (web.md)\n"))
        #expect(
            result.stdout.contains(
                """
                export type MessageKey =
                  | "deleted-passkey.action.fallback"
                  | "deleted-passkey.message"
                  | "deleted-passkey.title";
                """))
        #expect(result.stdout.hasSuffix("declare const messages: Messages;\nexport default messages;\n"))
    }

    @Test func webSchemaIsDraft2020() throws {
        let result = try BinaryRunner.run(["export", "--format", "web-schema"])
        #expect(result.status == 0)
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test func theHelpListsTheWebFormats() throws {
        let result = try BinaryRunner.run(["help", "export"])
        #expect(result.status == 0)
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
