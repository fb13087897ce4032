import Foundation
import SpecModel
import Testing
import Utilities

/// The shape of the code: modules depend one way, and platforms are values named only by
/// their own descriptor, adapter and exports.
@Suite struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The files of a folder under the package root with one of the extensions, by relative path.
    static func files(under folder: String, extensions: [String]) throws -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        let names = try #require(FileManager.default.enumerator(atPath: base.path)).compactMap { $0 as? String }
        return try names.filter { name in extensions.contains { name.hasSuffix(".\($0)") } }.sorted().map {
            ("\(folder)/\($0)", try String(contentsOf: base.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// The modules each module may import: data flows Markdown → model → run report → site,
    /// the runner knows no flow's engine, and the command line knows the pipeline alone.
    static let allowedImports: [String: Set<String>] = [
        "Utilities": [], "Markdown": [], "CommonMark": ["CCmarkGFM", "Markdown", "Synchronization"],
        "SpecModel": ["Utilities", "Markdown"],
        "ReportModel": ["Utilities", "SpecModel"], "Mustache": [], "PreviewServer": [],
        "SpecParser": ["Utilities", "SpecModel", "CommonMark", "Markdown"],
        "PasskeyLoginEngine": ["Utilities", "SpecModel"],
        "SpecRunner": ["Utilities", "SpecModel", "ReportModel"],
        "ConformanceKit": ["SpecModel", "ReportModel"],
        "PasskeyLoginFlow": ["Utilities", "SpecModel", "ReportModel", "SpecRunner", "PasskeyLoginEngine"],
        "Exports": ["Utilities", "SpecModel", "ReportModel"], "SpecDiff": ["SpecModel", "ReportModel"],
        "FlowDiagram": ["Utilities", "SpecModel", "CGraphviz"],
        "SiteBuilder": ["Utilities", "SpecModel", "ReportModel", "Mustache", "Markdown", "Exports", "FlowDiagram"],
        "Pipeline": [
            "Utilities",
            "SpecModel", "ReportModel", "SpecParser", "SpecRunner", "PasskeyLoginFlow", "Exports", "SpecDiff",
            "SiteBuilder", "FlowDiagram", "ConformanceKit",
        ],
        "LanguageServerProtocol": [],
        "LanguageServer": [
            "Utilities",
            "LanguageServerProtocol", "Pipeline", "SpecModel", "SpecParser", "SpecRunner", "ReportModel",
        ],
        "PasskeySpecCLI": ["Utilities", "Pipeline", "SpecModel", "ReportModel", "PreviewServer", "LanguageServer"],
    ]

    /// The module an import line names: `import X`, `internal import X`,
    /// `@_exported import struct X.Y`; nil for a line that is not an import.
    static func importedModule(_ line: Substring) -> String? {
        var words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
        while let first = words.first, ["public", "internal", "package", "private", "fileprivate"].contains(first) {
            words.removeFirst()
        }
        guard words.first == "import", words.count >= 2 else { return nil }
        let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "func", "var", "let", "typealias"]
        let name = words.count >= 3 && kinds.contains(words[1]) ? words[2] : words[1]
        return String(name.split(separator: ".").first ?? name)
    }

    /// Each module imports only the modules below it.
    @Test func modulesImportOnlyWhatIsBelowThem() throws {
        let system: Set<String> = ["Foundation", "Dispatch", "Glibc"]
        let sourceModules = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Sources").path
        ).filter { !$0.hasPrefix(".") && !["CCmarkGFM", "CGraphviz", "passkey-spec"].contains($0) }
        #expect(Set(sourceModules) == Set(Self.allowedImports.keys), "every module has its list")
        for (module, permitted) in Self.allowedImports {
            let sources = try Self.files(under: "Sources/\(module)", extensions: ["swift"])
            #expect(!sources.isEmpty, "no sources for \(module)")
            for (path, text) in sources {
                for line in text.split(separator: "\n") {
                    guard let name = Self.importedModule(line) else { continue }
                    #expect(system.contains(name) || permitted.contains(name), "\(path): \(line)")
                }
            }
        }
        #expect(Self.importedModule("@_exported import enum Exports.ExportFormat") == "Exports")
        #expect(Self.importedModule("internal import CCmarkGFM") == "CCmarkGFM")
        #expect(Self.importedModule("let x = 1") == nil)
    }

    /// The command line parses arguments and prints: no stage of the pipeline is run from it.
    /// Its imports keep it from the stages' modules; these are what the pipeline hands it that
    /// could still run one (an export's encoder, a flow's lint) or write a file its own way.
    @Test func theCommandLineRunsNoStage() throws {
        let forbidden = [
            ".data(content:", ".lint(", "CheckRunner", "SiteBuilder", "BuildManifest", "ContentLoader", "SiteWriter",
            "JUnitReport", "SarifLog", "GitRevision", ".explore(", ".render(", "FileManager.default.createDirectory",
            ".write(to:", "FileBytes.write",
        ]
        let sources = try Self.files(under: "Sources/PasskeySpecCLI", extensions: ["swift"])
        #expect(sources.count > 10)
        var found: [String] = []
        for (path, text) in sources {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = Self.code(line)
                // The pipeline's own entry points are what a command calls.
                let calls = code.replacingOccurrences(of: "pipeline.lint(", with: "").replacingOccurrences(
                    of: "pipeline.explore(", with: "")
                for word in forbidden where calls.contains(word) {
                    found.append("\(path):\(number + 1): \(word): \(line)")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// Each module declares the messages it reports in its messages file, beside their
    /// explanations: a message written anywhere else would be missing from `explain`.
    @Test func messagesAreDeclaredInTheirModulesMessagesFile() throws {
        let sources = try Self.files(under: "Sources", extensions: ["swift"])
        let elsewhere = sources.filter { $0.text.contains("Message(\"") && !$0.path.hasSuffix("Messages.swift") }
        #expect(elsewhere.map(\.path).isEmpty, "\(elsewhere.map(\.path))")
        #expect(sources.filter { $0.path.hasSuffix("Messages.swift") }.count >= 5)
    }

    /// Every branch compiles on the one system the tool is built for.
    @Test func noBranchForAnotherSystem() throws {
        let sources = try Self.files(under: "Sources", extensions: ["swift"])
        for (path, text) in sources {
            #expect(!text.contains("canImport(Darwin)"), "\(path)")
            #expect(!text.contains("import Darwin"), "\(path)")
        }
    }

    /// One type per name across the modules, and the version declared once.
    @Test func oneTypePerNameAndOneVersion() throws {
        let sources = try Self.files(under: "Sources", extensions: ["swift"])
        let declaration = try Regex("^(public |package )?(final )?(struct|enum|class|protocol|actor) ([A-Za-z]+)")
        var modules: [String: Set<String>] = [:]
        var versions: [String] = []
        let version = "\"\(ToolVersion.current)\""
        for (path, text) in sources {
            let module = path.split(separator: "/")[1]
            for line in text.split(separator: "\n") {
                if let match = line.firstMatch(of: declaration), let name = match.output[4].substring {
                    modules[String(name), default: []].insert(String(module))
                }
                if line.contains(version) { versions.append("\(path): \(line)") }
            }
        }
        let twice = modules.filter { $0.value.count > 1 }.map { "\($0.key): \($0.value.sorted())" }.sorted()
        #expect(twice.isEmpty, "\(twice)")
        #expect(versions.count == 1 && versions[0].hasPrefix("Sources/SpecModel/ToolVersion.swift"), "\(versions)")
    }

    /// Files that belong to one platform and may name it: its descriptor, its adapter, the
    /// adapter registry, and its copy exports.
    static let platformFiles: Set<String> = [
        "Sources/SpecModel/Platforms/Platform+Known.swift", "Sources/SpecModel/Platforms/Platform+iOS.swift",
        "Sources/SpecModel/Platforms/Platform+Android.swift", "Sources/SpecModel/Platforms/Platform+Web.swift",
        "Sources/PasskeyLoginEngine/Platforms/PlatformAdapters.swift",
        "Sources/PasskeyLoginEngine/Platforms/IOSAdapter.swift",
        "Sources/PasskeyLoginEngine/Platforms/AndroidAdapter.swift",
        "Sources/PasskeyLoginEngine/Platforms/WebAdapter.swift",
        "Sources/Exports/StringCatalog.swift", "Sources/Exports/AndroidStrings.swift",
    ]

    /// How code names a platform: `.ios`, `Platform.ios`, `"ios"`, `'ios'`.
    static func names(_ platform: Platform, in line: Substring) -> Bool {
        let id = platform.rawValue
        // The pattern is tried only on a line that holds `.ios`: matching it on every line
        // of the sources takes seconds.
        return line.contains("\"\(id)\"") || line.contains("'\(id)'")
            || line.contains(".\(id)") && line.firstRange(of: memberPatterns[platform]!) != nil
    }

    /// `.ios` as a member, not as part of a longer name, for each platform.
    nonisolated(unsafe) static let memberPatterns = Dictionary(
        uniqueKeysWithValues: Platform.known.map {
            ($0, try! Regex("(^|[^A-Za-z0-9_])\\.\($0.rawValue)([^A-Za-z0-9_]|$)"))
        })

    /// Code without its `//` comments.
    static func code(_ line: Substring) -> Substring {
        guard let comment = line.range(of: "//") else { return line }
        return line[..<comment.lowerBound]
    }

    @Test func noCodeListsOrSwitchesOnPlatformsOutsideTheirOwnFiles() throws {
        let sources = try Self.files(under: "Sources", extensions: ["swift"])
        #expect(sources.count > 50)
        var found: [String] = []
        for (path, text) in sources where !Self.platformFiles.contains(path) {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = Self.code(line)
                let named = Platform.known.filter { Self.names($0, in: code) }
                if named.count > 1 { found.append("\(path):\(number + 1): names \(named.map(\.rawValue)): \(line)") }
                for platform in Platform.known
                where try code.contains("case .\(platform.rawValue)")
                    && code.firstRange(of: Regex("case \\.\(platform.rawValue)([^A-Za-z0-9_]|$)")) != nil
                {
                    found.append("\(path):\(number + 1): a switch over platforms: \(line)")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func templatesNameNoPlatformAndWriteNoCountByHand() throws {
        let templates = try Self.files(under: "templates", extensions: ["mustache", "js", "css"])
        #expect(templates.count > 5)
        let counts = try Regex("[0-9]+ (platforms?|configurations?|world scripts?)")
        for (path, text) in templates {
            for platform in Platform.known {
                for word in [platform.rawValue, platform.displayName] {
                    let pattern = try Regex("(^|[^A-Za-z-])\(word)([^A-Za-z-]|$)")
                    #expect(text.firstRange(of: pattern) == nil, "\(path) names \(word)")
                }
            }
            #expect(text.firstRange(of: counts) == nil, "\(path) writes a count by hand")
        }
    }

    @Test func viewModelsDeriveCountsFromTheReport() throws {
        let sources = try Self.files(under: "Sources/SiteBuilder", extensions: ["swift"])
        let division = try Regex("(runs|states|transitions) */ *[0-9]")
        let counts = try Regex("\"[0-9]+ (platforms?|configurations?|world scripts?)")
        for (path, text) in sources {
            #expect(text.firstRange(of: division) == nil, "\(path) divides a count by a constant")
            #expect(text.firstRange(of: counts) == nil, "\(path) writes a count by hand")
        }
    }
}
