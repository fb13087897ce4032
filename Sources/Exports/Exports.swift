import Foundation
import ReportModel
import SpecModel

/// The files engineers and CI take from a spec, by format: all of them, in one place. The
/// copy formats each name the platform whose copy they hold (`platform`).
public enum ExportFormat: String, CaseIterable, Sendable {
    /// The whole model.
    case json
    /// The JSON Schema of the model.
    case schema
    /// An Xcode String Catalog with the iOS copy.
    case xcstrings
    /// A classic `Localizable.strings` with the iOS copy.
    case strings
    /// Android `res/values/strings.xml` with the Android copy.
    case androidXML = "android-xml"
    /// The Web copy as a flat JSON message file (i18next, FormatJS).
    case webJSON = "web-json"
    /// A TypeScript declaration of the Web message file's keys.
    case webTS = "web-ts"
    /// The JSON Schema of the Web message file.
    case webSchema = "web-schema"
    /// JUnit XML of a check run.
    case junit
    /// The run report JSON of a check run.
    case report
    /// A Swift package that runs the iOS checks against an app (Swift Testing).
    case swiftKit = "swift-kit"
    /// Kotlin sources that run the Android checks against an app (JUnit 5).
    case kotlinKit = "kotlin-kit"
    /// TypeScript sources that run the Web checks against an app (`node:test`).
    case webKit = "web-kit"

    /// What the file holds, in a few words; copy formats name their platform.
    public var summary: String {
        let copy = platform.map { "The \($0.displayName) copy" } ?? "The copy"
        return switch self {
        case .json: "The whole typed model"
        case .schema: "The JSON Schema of the 'json' format"
        case .xcstrings: "\(copy) as an Xcode String Catalog (Localizable.xcstrings)"
        case .strings: "\(copy) as a classic Localizable.strings file"
        case .androidXML: "\(copy) as res/values/strings.xml"
        case .webJSON: "\(copy) as a flat JSON message file by copy key (i18next, FormatJS)"
        case .webTS: "\(copy)'s keys as TypeScript types for \(Self.webJSON.fileName) ('\(Self.webJSON.rawValue)')"
        case .webSchema: "The JSON Schema of \(Self.webJSON.fileName) ('\(Self.webJSON.rawValue)')"
        case .junit: "JUnit XML of a check run (runs the checks)"
        case .report: "The run report JSON of a check run (runs the checks)"
        case .swiftKit: "A folder: a Swift package that runs the iOS checks against an app (needs --out DIR)"
        case .kotlinKit:
            "A folder: Kotlin and JUnit 5 sources that run the Android checks against an app (needs --out DIR)"
        case .webKit:
            "A folder: TypeScript sources that run the Web checks against an app with node:test (needs --out DIR)"
        }
    }

    /// The platform whose copy it holds, for the copy formats; nil for the others.
    public var platform: Platform? {
        switch self {
        case .xcstrings, .strings: .ios
        case .androidXML: .android
        case .webJSON, .webTS, .webSchema: .web
        case .json, .schema, .junit, .report, .swiftKit, .kotlinKit, .webKit: nil
        }
    }

    /// Whether producing it needs the checks to run.
    public var needsRun: Bool { self == .junit || self == .report }

    /// Whether it is a conformance kit: a folder of files, not one file.
    public var isKit: Bool { kitPlatform != nil }

    /// The platform whose checks a conformance kit runs.
    public var kitPlatform: Platform? {
        switch self {
        case .swiftKit: .ios
        case .kotlinKit: .android
        case .webKit: .web
        default: nil
        }
    }

    /// The one-file formats, which `build` publishes under the site's exports.
    public static var files: [ExportFormat] { allCases.filter { !$0.isKit } }

    /// Where the site publishes it.
    public var sitePath: String {
        switch self {
        case .json: "exports/spec.json"
        case .schema: "exports/spec.schema.json"
        case .xcstrings: "exports/Localizable.xcstrings"
        case .strings: "exports/Localizable.strings"
        case .androidXML: "exports/android/res/values/strings.xml"
        case .webJSON: "exports/web/messages.json"
        case .webTS: "exports/web/messages.d.ts"
        case .webSchema: "exports/web/messages.schema.json"
        case .junit: "exports/junit.xml"
        case .report: "exports/report.json"
        case .swiftKit: "exports/kits/swift"
        case .kotlinKit: "exports/kits/kotlin"
        case .webKit: "exports/kits/web"
        }
    }

    /// Whether the format has a file of its own per language (`Localizable.strings` in each
    /// `.lproj`, Android's `values-<qualifier>`, the web's `messages.<tag>.json`); the String
    /// Catalog holds every language in one file.
    public var isLocalized: Bool {
        switch self {
        case .strings, .androidXML, .webJSON: true
        default: false
        }
    }

    /// Where the site publishes the format's file in `language`: `exports/ios/de.lproj/Localizable.strings`,
    /// `exports/android/res/values-de/strings.xml`, `exports/web/messages.de.json`.
    public func sitePath(in language: ExportLanguage) -> String {
        switch self {
        case .strings: "exports/ios/\(language.tag).lproj/Localizable.strings"
        case .androidXML: "exports/android/res/values-\(language.androidQualifier)/strings.xml"
        case .webJSON: "exports/web/messages.\(language.tag).json"
        default: sitePath
        }
    }

    /// The name of the published file, without its folder.
    public var fileName: String { String(sitePath.split(separator: "/").last ?? "") }

    /// The file's contents; `report` is needed for `junit` and `report`. With `language`, a
    /// localized format's file in that language.
    public func data(content: ContentSet, report: RunReport?, language: ExportLanguage? = nil) throws -> Data {
        if let language, isLocalized {
            switch self {
            case .strings: return LocalizableStrings.encode(content, platform: try copyPlatform(), language: language)
            case .androidXML: return AndroidStrings.encode(content, platform: try copyPlatform(), language: language)
            default: return WebMessages.json(content, platform: try copyPlatform(), language: language)
            }
        }
        switch self {
        case .json: return try content.encodedJSON()
        case .schema: return Data(ModelSchema.json.utf8)
        case .xcstrings: return try StringCatalog.encode(content, platform: try copyPlatform())
        case .strings: return LocalizableStrings.encode(content, platform: try copyPlatform())
        case .androidXML: return AndroidStrings.encode(content, platform: try copyPlatform())
        case .webJSON: return WebMessages.json(content, platform: try copyPlatform())
        case .webTS: return WebMessages.typeScript(content, platform: try copyPlatform())
        case .webSchema: return WebMessages.schema(platform: try copyPlatform())
        case .junit, .report:
            guard let report else { throw MissingRun(format: self) }
            return self == .junit ? Data(JUnitReport.xml(report).utf8) : try report.encodedJSON()
        case .swiftKit, .kotlinKit, .webKit: throw KitIsAFolder(format: self)
        }
    }

    /// The platform of a copy format; a descriptor that names no platform for it is a
    /// programming error reported as such.
    private func copyPlatform() throws -> Platform {
        guard let platform else { throw UnownedFormat(format: self) }
        return platform
    }

    /// A copy format that no platform descriptor lists in its `exports`.
    public struct UnownedFormat: Error {
        public var format: ExportFormat
    }

    /// A conformance kit is a folder of files, written by the pipeline's `exportKit`.
    public struct KitIsAFolder: Error {
        public var format: ExportFormat
    }

    /// `junit` and `report` describe a run; asked for without one.
    public struct MissingRun: Error {
        public var format: ExportFormat
    }
}
