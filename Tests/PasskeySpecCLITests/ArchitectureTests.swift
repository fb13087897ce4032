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

    /// Each module imports only the modules below it: data flows Markdown → model → run
    /// report → site, and the runner knows no flow's engine.
    @Test func modulesImportOnlyWhatIsBelowThem() throws {
        let system: Set<String> = ["Foundation", "Dispatch", "Glibc", "Darwin"]
        let allowed: [String: Set<String>] = [
            "SpecModel": [], "Mustache": [], "PreviewServer": [], "CommonMark": ["CCmarkGFM"],
            "SpecParser": ["SpecModel", "CCmarkGFM", "CommonMark"], "PasskeyLoginEngine": ["SpecModel"],
            "SpecRunner": ["SpecModel"], "PasskeyLoginFlow": ["SpecModel", "SpecRunner", "PasskeyLoginEngine"],
            "Exports": ["SpecModel", "SpecRunner"], "SpecDiff": ["SpecModel", "SpecRunner"],
            "FlowDiagram": ["SpecModel", "CGraphviz"],
            "SiteBuilder": ["SpecModel", "SpecRunner", "SpecDiff", "Mustache", "CommonMark", "Exports", "FlowDiagram"],
        ]
        for (module, permitted) in allowed {
            let sources = try Self.files(under: "Sources/\(module)", extensions: ["swift"])
            #expect(!sources.isEmpty, "no sources for \(module)")
            for (path, text) in sources {
                for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                    let name = String(line.dropFirst("import ".count))
                    #expect(system.contains(name) || permitted.contains(name), "\(path): \(line)")
                }
            }
        }
    }

    /// Files that belong to one platform and may name it: its descriptor, its adapter, the
    /// adapter registry, and its copy exports.
    static let platformFiles: Set<String> = [
        "Sources/SpecModel/Platforms/Platform+Known.swift", "Sources/SpecModel/Platforms/Platform+iOS.swift",
        "Sources/SpecModel/Platforms/Platform+Android.swift", "Sources/SpecModel/Platforms/Platform+Web.swift",
        "Sources/PasskeyLoginEngine/Platforms/PlatformAdapters.swift",
        "Sources/PasskeyLoginEngine/Platforms/IOSAdapter.swift", "Sources/PasskeyLoginEngine/Platforms/AndroidAdapter.swift",
        "Sources/PasskeyLoginEngine/Platforms/WebAdapter.swift",
        "Sources/Exports/StringCatalog.swift", "Sources/Exports/AndroidStrings.swift",
    ]

    /// How code names a platform: `.ios`, `Platform.ios`, `"ios"`, `'ios'`.
    static func names(_ platform: Platform, in line: Substring) -> Bool {
        let id = platform.rawValue
        return line.contains("\"\(id)\"") || line.contains("'\(id)'")
            || line.firstRange(of: try! Regex("(^|[^A-Za-z0-9_])\\.\(id)([^A-Za-z0-9_]|$)")) != nil
    }

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
                where code.firstRange(of: try Regex("case \\.\(platform.rawValue)([^A-Za-z0-9_]|$)")) != nil {
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
