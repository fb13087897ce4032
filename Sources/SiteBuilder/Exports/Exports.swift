import Foundation
import SpecModel
import SpecRunner

/// The files engineers and CI take from a spec, by format.
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
    /// JUnit XML of a check run.
    case junit
    /// The run report JSON of a check run.
    case report

    /// Whether producing it needs the checks to run.
    public var needsRun: Bool { self == .junit || self == .report }

    /// Where the site publishes it.
    public var sitePath: String {
        switch self {
        case .json: "exports/spec.json"
        case .schema: "exports/spec.schema.json"
        case .xcstrings: "exports/Localizable.xcstrings"
        case .strings: "exports/Localizable.strings"
        case .androidXML: "exports/android/res/values/strings.xml"
        case .junit: "exports/junit.xml"
        case .report: "exports/report.json"
        }
    }

    /// The file's contents; `report` is needed for `junit` and `report`.
    public func data(content: ContentSet, report: RunReport?) throws -> Data {
        switch self {
        case .json: return try content.encodedJSON()
        case .schema: return Data(ModelSchema.json.utf8)
        case .xcstrings: return try StringCatalog.encode(content)
        case .strings: return LocalizableStrings.encode(content)
        case .androidXML: return AndroidStrings.encode(content)
        case .junit, .report:
            guard let report else { throw MissingRun(format: self) }
            return self == .junit ? Data(JUnitReport.xml(report).utf8) : try report.encodedJSON()
        }
    }

    /// `junit` and `report` describe a run; asked for without one.
    public struct MissingRun: Error {
        public var format: ExportFormat
    }
}
