import Foundation
import TestSupport
import Testing

/// `export --format swift-kit|kotlin-kit|web-kit --out DIR`: a folder per kit, replaced whole
/// on the next export, and the example's committed kit is what the content gives today.
@Suite struct KitExportTests {
    /// The Swift kit the committed site publishes.
    static let publishedKit = BinaryRunner.packageRoot.appendingPathComponent("site/exports/kits/swift")

    /// Every file under `folder` by its relative path, hidden ones included.
    static func files(under folder: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        for case let path as String in enumerator {
            var isFolder: ObjCBool = false
            let full = folder.appendingPathComponent(path).path
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            found[path] = FileManager.default.contents(atPath: full)
        }
        return found
    }

    @Test func aKitWithoutAFolderIsAUsageError() {
        let run = InProcess.run(["export", "--format", "swift-kit", InProcess.content])
        #expect(run.status == .usage)
        #expect(run.stderr.contains("[kit-needs-folder]"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func eachKitHasOneTestPerCheckOfItsPlatform() throws {
        let folder = try TemporaryFolder()
        let kits = [
            ("swift-kit", "ios", "Sources/PasskeyLoginKit/scripts/"), ("kotlin-kit", "android", "scripts/"),
            ("web-kit", "web", "scripts/"),
        ]
        for (format, platform, folderOfScripts) in kits {
            let out = folder.url.appendingPathComponent(format)
            let run = InProcess.run(["export", "--format", format, "--out", out.path, InProcess.content])
            #expect(run.status == .success, "\(run.stderr)")
            let scripts = try Self.files(under: out).filter {
                $0.key.hasPrefix(folderOfScripts) && $0.key.hasSuffix(".json")
            }
            #expect(!scripts.isEmpty && scripts.keys.allSatisfy { $0.hasSuffix(".\(platform).json") })
        }
        let swift = try Self.files(under: folder.url.appendingPathComponent("swift-kit"))
        let suite = String(decoding: try #require(swift["AppTests/N1_4ConformanceTests.swift"]), as: UTF8.self)
        let script = try #require(swift["Sources/PasskeyLoginKit/scripts/N1.4.ios.json"])
        // The scripts are shipped once, as resources: the library's Swift holds no JSON.
        let library = String(decoding: try #require(swift["Sources/PasskeyLoginKit/Scripts.swift"]), as: UTF8.self)
        #expect(library.contains("try KitScript.bundled(\"N1.4.ios\")"))
        #expect(!library.contains("\"checks\""))
        #expect(swift.keys.filter { $0.hasSuffix(".json") } == ["Sources/PasskeyLoginKit/scripts/N1.4.ios.json"])
        let checks = try #require(
            (try JSONSerialization.jsonObject(with: script) as? [String: Any])?["checks"] as? [[String: Any]])
        #expect(suite.components(separatedBy: "@Test(").count - 1 == checks.count)
        #expect(checks.count == 50)
        #expect(suite.contains("content/native/login-error-states.md:"))
    }

    /// Every native error a Trigger cell names, on every platform, ends a request in some check
    /// of that platform's kit, with the name and raw value the catalogue (`errors`) gives it.
    @Test func theKitsRaiseEveryNativeErrorTheTriggerCellsName() throws {
        let model = InProcess.run(["export", "--format", "json", InProcess.content])
        #expect(model.status == .success, "\(model.stderr)")
        var written: [String: Set<String>] = [:]
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let platform = object["platform"] as? String, let trigger = object["trigger"] as? [String: Any] {
                    written[platform, default: []].formUnion(trigger["signals"] as? [String] ?? [])
                }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(try JSONSerialization.jsonObject(with: Data(model.stdout.utf8)))
        let folder = try TemporaryFolder()
        let kits = [
            ("swift-kit", "ios", "Sources/PasskeyLoginKit/scripts/N1.4.ios.json"),
            ("kotlin-kit", "android", "scripts/N1.4.android.json"), ("web-kit", "web", "scripts/W1.4.web.json"),
        ]
        var counts: [String: Int] = [:]
        for (format, platform, scriptPath) in kits {
            let out = folder.url.appendingPathComponent(format)
            #expect(
                InProcess.run(["export", "--format", format, "--out", out.path, InProcess.content]).status == .success)
            let script = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent(scriptPath)))
                    as? [String: Any])
            var raised: Set<String> = []
            for check in script["checks"] as? [[String: Any]] ?? [] {
                for step in check["steps"] as? [[String: Any]] ?? [] {
                    for input in step["inputs"] as? [[String: Any]] ?? [] {
                        guard let result = input["result"] as? [String: Any], result["passkey"] == nil else { continue }
                        raised.insert("\(result["name"] ?? "") \(result["code"] ?? "")")
                    }
                }
            }
            let errors = InProcess.run(["errors", "--platform", platform, "--format", "json"])
            let catalogue = try #require(
                try JSONSerialization.jsonObject(with: Data(errors.stdout.utf8)) as? [[String: Any]])
            let natives = catalogue.filter { $0["kind"] as? String == "native-error" }
            let named = (written[platform] ?? []).filter { name in
                natives.contains { ($0["names"] as? [String])?.contains(name) == true }
            }
            for name in named.sorted() {
                let raisedByName = natives.contains { entry in
                    (entry["names"] as? [String])?.contains(name) == true
                        && raised.contains("\(entry["name"] ?? "") \(entry["code"] ?? "")")
                }
                #expect(raisedByName, "no \(platform) check raises \(name)")
            }
            counts[platform] = named.count
        }
        #expect(counts == ["ios": 3, "android": 11, "web": 9])
    }

    /// The kit the site publishes is what a fresh export writes (`make site` writes it
    /// again), but for the export's list of its own files.
    @Test func thePublishedKitIsAFreshExport() throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("kit")
        let run = InProcess.run(["export", "--format", "swift-kit", "--out", out.path, "content"])
        #expect(run.status == .success, "\(run.stderr)")
        let fresh = try Self.files(under: out).filter { $0.key != ".passkey-spec-kit" }
        let committed = try Self.files(under: Self.publishedKit)
        #expect(Set(committed.keys) == Set(fresh.keys), "run 'make site'")
        for (path, data) in fresh where committed[path] != data {
            Issue.record("site/exports/kits/swift/\(path) differs from a fresh export; run 'make site'")
        }
    }

    /// An export replaces the kit it wrote before: a file the new kit no longer has goes, and
    /// a folder it did not write is left alone.
    @Test func anExportReplacesItsOwnKitAndNoOtherFolder() throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("kit")
        #expect(
            InProcess.run(["export", "--format", "swift-kit", "--out", out.path, InProcess.content]).status == .success)
        let stale = out.appendingPathComponent("Sources/PasskeyLoginKit/scripts/OLD.ios.json")
        try Data("{}".utf8).write(to: stale)
        let manifest = out.appendingPathComponent(".passkey-spec-kit")
        try (String(contentsOf: manifest, encoding: .utf8) + "Sources/PasskeyLoginKit/scripts/OLD.ios.json\n").write(
            to: manifest, atomically: true, encoding: .utf8)
        #expect(
            InProcess.run(["export", "--format", "swift-kit", "--out", out.path, InProcess.content]).status == .success)
        #expect(!FileManager.default.fileExists(atPath: stale.path))

        let app = try folder.write("app/Sources/App.swift", "let app = 1\n")
        let refused = InProcess.run([
            "export", "--format", "swift-kit", "--out", folder.url.appendingPathComponent("app").path,
            InProcess.content,
        ])
        #expect(refused.status == .failure)
        #expect(refused.stderr.contains("[output-not-a-kit]"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: app, encoding: .utf8) == "let app = 1\n")
    }

    /// The Swift kit is a package of its own: its manifest resolves with no dependency.
    @Test func theSwiftKitIsAPackageWithoutDependencies() throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("kit")
        #expect(
            InProcess.run(["export", "--format", "swift-kit", "--out", out.path, InProcess.content]).status == .success)
        let swift = try #require(
            ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/swift" }.first {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift)
        process.arguments = ["package", "dump-package", "--package-path", out.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let manifest = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        #expect((manifest["dependencies"] as? [Any])?.isEmpty == true)
        // The library, and on Linux the AuthenticationServices stand-ins over it.
        #expect(
            (manifest["targets"] as? [[String: Any]])?.map { $0["name"] as? String }
                == ["PasskeyLoginKit", "AuthenticationServices"])
    }
}
