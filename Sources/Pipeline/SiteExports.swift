import Foundation
import ReportModel
import SiteBuilder
import SpecDiff
import SpecModel
import SpecRunner

/// What a built site holds of the model and the run (`exports/spec.json`,
/// `exports/report.json`), read back to compare with.
enum SiteExports {
    static let model = "exports/spec.json"
    static let report = "exports/report.json"

    /// A file that is missing or is not what it should be, in words.
    struct Unreadable: Error {
        var reason: String
    }

    /// Whether `folder` is a site that `build` wrote.
    static func isSite(_ folder: URL) -> Bool { SiteWriter.isPreviousBuild(folder) }

    /// The model and the run of the site in `folder`.
    static func read(_ folder: URL) throws(Unreadable) -> Version {
        func data(_ path: String) throws(Unreadable) -> Data {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else {
                throw Unreadable(reason: "'\(path)' is missing")
            }
            return data
        }
        return try decode(model: data(model), report: data(report))
    }

    /// A model and a run from the bytes of the two files.
    static func decode(model: Data, report: Data) throws(Unreadable) -> Version {
        let content: ContentSet
        do {
            content = try ContentSet.decodeJSON(model)
        } catch {
            throw Unreadable(reason: "'\(Self.model)' is not a model of this tool (\(ReadProblem.describe(error)))")
        }
        do {
            return Version(content: content, report: try RunReport.decodeJSON(report))
        } catch {
            throw Unreadable(
                reason: "'\(Self.report)' is not a run report of this tool (\(ReadProblem.describe(error)))")
        }
    }
}
