import Foundation
import SpecModel
import Testing

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

    /// The package's module graph, read once from `swift package dump-package`.
    static let graph = Result { try ModuleGraph.dumped(packageRoot: root) }

    /// The layering the manifest does not state, checked over the whole graph: data flows
    /// Markdown → model → run report → site and never back, the runner knows no flow's engine,
    /// the command line knows the pipeline's results alone, and the foundations depend on
    /// nothing of ours. A new module needs no rule of its own: what it lets a module reach
    /// through it is checked all the same.
    static let layering: [LayeringRule] = [
        .never(
            "SpecModel",
            on: [
                "ReportModel", "CommonMark", "SpecParser", "SpecRunner", "PasskeyLoginEngine", "PasskeyLoginFlow",
                "SiteBuilder", "Pipeline",
            ], "the model is values: no parser, runner, engine, site or pipeline"),
        .never(
            "ReportModel", on: ["SpecRunner", "SiteBuilder", "Pipeline"],
            "the run report is values: the runner makes it and the site reads it"),
        .never(
            "SiteBuilder", on: ["SpecRunner", "PasskeyLoginEngine", "PasskeyLoginFlow", "Pipeline"],
            "the site is made from the model and the run report, not by running the checks"),
        .never(
            "SpecRunner", on: ["PasskeyLoginEngine", "PasskeyLoginFlow"],
            "the runner runs any flow and knows no flow's engine"),
        .only(
            "PasskeySpecCLI",
            directlyOn: ["Pipeline", "SpecModel", "ReportModel", "PreviewServer", "LanguageServer", "Utilities"],
            "the commands parse arguments and print the pipeline's results"),
        .nothingOfOurs("Utilities", "the utilities are beneath everything and about no spec"),
        .nothingOfOurs("Markdown", "a Markdown document is plain Swift values, beneath the model"),
        .nothingOfOurs("Mustache", "the template renderer knows nothing of specs"),
        .nothingOfOurs("PreviewServer", "the development server knows nothing of specs"),
        .nothingOfOurs("LanguageServerProtocol", "the wire layer knows nothing of specs"),
    ]

    /// Modules of the toolchain, which any module may import.
    static let systemModules: Set<String> = ["Foundation", "Dispatch", "Glibc", "Synchronization"]

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

    /// The import lines of `sources` that name neither a dependency that `target` declares
    /// nor a module of the toolchain, each as `path: line`.
    static func undeclaredImports(
        in sources: [(path: String, text: String)], of target: String, graph: ModuleGraph
    ) -> [String] {
        let declared = graph.targets[target]?.dependencies ?? []
        return sources.flatMap { path, text in
            text.split(separator: "\n").filter { line in
                guard let name = importedModule(line) else { return false }
                return !declared.contains(name) && !systemModules.contains(name)
            }.map { "\(path): \($0)" }
        }
    }

    /// Each module imports only what the manifest says it depends on.
    @Test func modulesImportOnlyTheirDeclaredDependencies() throws {
        let graph = try Self.graph.get()
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Sources").path
        ).filter { !$0.hasPrefix(".") }
        let undeclared = folders.filter { graph.targets[$0] == nil }
        #expect(undeclared.isEmpty, "folders of Sources/ that are no target of the manifest: \(undeclared)")
        let modules = graph.targets.filter {
            ["regular", "executable"].contains($0.value.kind) && $0.value.path == nil
        }
        #expect(modules.count > 15)
        for module in modules.keys.sorted() {
            let sources = try Self.files(under: "Sources/\(module)", extensions: ["swift"])
            #expect(!sources.isEmpty, "no sources for \(module)")
            let found = Self.undeclaredImports(in: sources, of: module, graph: graph)
            #expect(found.isEmpty, "imports of no declared dependency:\n\(found.joined(separator: "\n"))")
        }
    }

    /// The modules depend one way, as `layering` says, over the graph the manifest declares.
    @Test func theLayeringHolds() throws {
        let found = LayeringRule.violations(of: Self.layering, in: try Self.graph.get())
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// The checks fail for what they are for: a forbidden dependency reached through a new
    /// module, a command that reaches past the pipeline, a foundation that depends on a module
    /// of ours, and an import of a module not declared, each reported; a new module that keeps
    /// to the layering is not.
    @Test func theChecksReportWhatBreaksTheLayering() {
        let kept = ModuleGraph(dependencies: [
            "Markdown": [], "Utilities": [], "SpecModel": ["Markdown", "Utilities"], "SpecParser": ["SpecModel"],
            "PasskeySpecCLI": ["SpecModel"],
        ])
        let rules: [LayeringRule] = [
            .never("SpecModel", on: ["SpecParser"], "values"),
            .only("PasskeySpecCLI", directlyOn: ["SpecModel"], "thin"),
            .nothingOfOurs("Markdown", "beneath"),
        ]
        #expect(LayeringRule.violations(of: rules, in: kept).isEmpty)

        var broken = kept
        broken.targets["Utilities"]?.dependencies = ["SpecParser"]
        broken.targets["PasskeySpecCLI"]?.dependencies.insert("SpecParser")
        broken.targets["Markdown"]?.dependencies = ["Utilities"]
        #expect(
            LayeringRule.violations(of: rules, in: broken) == [
                "SpecModel depends on SpecParser (SpecModel → Utilities → SpecParser): values",
                "PasskeySpecCLI depends on SpecParser (PasskeySpecCLI → SpecParser): thin",
                "Markdown depends on SpecModel (Markdown → Utilities → SpecParser → SpecModel): beneath",
                "Markdown depends on SpecParser (Markdown → Utilities → SpecParser): beneath",
                "Markdown depends on Utilities (Markdown → Utilities): beneath",
            ])
        #expect(
            LayeringRule.violations(of: [.never("SpecModel", on: ["Parser"], "renamed")], in: kept) == [
                "a layering rule of SpecModel names Parser, which is not a target of the package"
            ])

        let sources: [(path: String, text: String)] = [
            ("Sources/SpecModel/Spec.swift", "import Foundation\nimport Utilities\n@_exported import SpecParser\n")
        ]
        #expect(
            Self.undeclaredImports(in: sources, of: "SpecModel", graph: kept) == [
                "Sources/SpecModel/Spec.swift: @_exported import SpecParser"
            ])
    }

    /// Import lines are read whatever their attributes and access.
    @Test func importLines() {
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

    /// `lint`, `check`, `build`, `preview` and the language server reach pages only through
    /// the source store: nothing else lists the folders, reads a page or parses one. The
    /// pipeline's other files name no reader; the language server and the commands name none
    /// at all, nor the Markdown parser.
    @Test func pagesAreReadOnlyThroughTheSourceStore() throws {
        let readers = [
            "ContentLoader(", ".files(at:", "loader.parse(", "PageParser", "CommonMarkConverter", "SourceFile",
        ]
        var found: [String] = []
        for module in ["Pipeline", "LanguageServer", "PasskeySpecCLI", "PreviewServer"] {
            for (path, text) in try Self.files(under: "Sources/\(module)", extensions: ["swift"])
            where !path.hasPrefix("Sources/Pipeline/Store/") {
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = Self.code(line)
                    for word in readers where code.contains(word) {
                        found.append("\(path):\(number + 1): \(word): \(line)")
                    }
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        // And the store does read them: the check above would pass on a store that reads nothing.
        let store = try Self.files(under: "Sources/Pipeline/Store", extensions: ["swift"]).map(\.text).joined()
        #expect(store.contains("ContentLoader(") && store.contains(".files(at:") && store.contains("loader.parse("))
    }

    /// The model is values about specs: no presentation (the site's classes, an export's
    /// format names) and no utilities live in it, and a kit's script crosses from the runner
    /// to the kits as a value, never as bytes decoded again.
    @Test func theModelHoldsNoPresentationAndLayersPassValues() throws {
        let model = try Self.files(under: "Sources/SpecModel", extensions: ["swift"])
        for (path, text) in model {
            let declarations = [
                ": MockupStyle", "exports: [String]", "enum FileBytes", "enum JSONOutput", "final class Locked",
                "func parallelMap", "struct FNV1a",
            ]
            let code = text.split(separator: "\n").map(Self.code).joined(separator: "\n")
            for word in declarations { #expect(!code.contains(word), "\(path) holds \(word)") }
        }
        let flow = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/SpecRunner/Flow.swift"), encoding: .utf8)
        #expect(flow.contains("(Spec, Platform) -> KitScript"))
        let kits = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/Pipeline/ConformanceKits.swift"), encoding: .utf8)
        #expect(!kits.contains("JSONDecoder") && !kits.contains("try?"))
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
