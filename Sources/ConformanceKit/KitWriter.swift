import Foundation

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

/// Writes a kit's files: its runtime (the harness an app implements, the fakes, the runner),
/// the scripts as data, and one test per check.
public enum KitWriter {
    /// Every file of the kit in `language` for the scripts of the content's specs on the
    /// language's platform, sorted by path.
    public static func files(_ language: KitLanguage, scripts: [KitScript]) -> [KitFile] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = scripts.map { script in
            KitFile(
                path: "scripts/\(script.spec.id).\(script.platform).json",
                contents: (try? encoder.encode(script)) ?? Data())
        }
        return data.sorted { $0.path < $1.path }
    }
}
