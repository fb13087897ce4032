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
