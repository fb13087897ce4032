import Foundation
import ReportModel

/// A language a conformance kit is written in, each for its platform's test framework.
public enum KitLanguage: String, Sendable, CaseIterable {
    /// A Swift package for Swift Testing, for iOS apps.
    case swift
    /// Kotlin sources for JUnit 5, for Android apps.
    case kotlin
    /// TypeScript sources for Node's test runner, for web apps.
    case typescript
}

extension KitLanguage {
    /// The language of a kit format's name: `swift-kit`, `kotlin-kit`, `web-kit`.
    public init?(kitFormat name: String) {
        switch name {
        case "swift-kit": self = .swift
        case "kotlin-kit": self = .kotlin
        case "web-kit": self = .typescript
        default: return nil
        }
    }
}

/// One file of a kit, by its path inside the kit's folder.
public struct KitFile: Sendable, Equatable {
    public var path: String
    public var contents: Data

    public init(path: String, contents: Data) {
        self.path = path
        self.contents = contents
    }

    public init(path: String, text: String) {
        self.init(path: path, contents: Data(text.utf8))
    }
}

/// Writes a kit's files: its runtime (the harness an app implements, the fakes, the runner)
/// as `Kits/<language>/` holds it, the scripts as data, and one test per check from the
/// language's writer.
public enum KitWriter {
    /// Every file of the kit in `language` for the scripts of the content's specs on the
    /// language's platform, sorted by path.
    public static func files(_ language: KitLanguage, scripts: [KitScript]) -> [KitFile] {
        let generated: [KitFile] =
            switch language {
            case .swift: SwiftKitWriter.files(scripts: scripts)
            case .kotlin: KotlinKitWriter.files(scripts: scripts)
            case .typescript: TypeScriptKitWriter.files(scripts: scripts)
            }
        return (runtime(of: language) + generated).sorted { $0.path < $1.path }
    }

    /// The runtime files of a language, by their path inside the kit.
    static func runtime(of language: KitLanguage) -> [KitFile] {
        let prefix = language.rawValue + "/"
        return KitRuntimeFiles.files.compactMap { file in
            guard file.path.hasPrefix(prefix), let data = Data(base64Encoded: file.base64) else { return nil }
            return KitFile(path: String(file.path.dropFirst(prefix.count)), contents: data)
        }
    }

    /// A script as JSON, with sorted keys so that a regenerated kit diffs only where the
    /// checks changed.
    public static func json(_ script: KitScript) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(script)) ?? Data()
    }

    /// The scripts as files, one per spec, where `language`'s kit keeps them.
    static func scriptFiles(_ scripts: [KitScript], of language: KitLanguage) -> [KitFile] {
        scripts.map {
            KitFile(path: scriptPath(spec: $0.spec.id, platform: $0.platform, in: language), contents: json($0))
        }
    }

    /// Where a kit in `language` keeps the script of spec `spec` on `platform` (a platform's
    /// raw value): `scripts/<spec-id>.<platform>.json`, in the Swift kit under the library's
    /// resources (`Sources/PasskeyLoginKit/scripts/`).
    public static func scriptPath(spec: String, platform: String, in language: KitLanguage) -> String {
        let folder = language == .swift ? "Sources/PasskeyLoginKit/scripts" : "scripts"
        return "\(folder)/\(scriptName(spec: spec, platform: platform)).json"
    }

    /// A script's file name without its extension: `<spec-id>.<platform>`.
    static func scriptName(spec: String, platform: String) -> String { "\(spec).\(platform)" }
}
