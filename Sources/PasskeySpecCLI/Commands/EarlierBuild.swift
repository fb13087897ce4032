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
            throw Unreadable(reason: "'\(Self.model)' is not a model of this tool (\(describe(error)))")
        }
        do {
            return Version(content: content, report: try RunReport.decodeJSON(report))
        } catch {
            throw Unreadable(reason: "'\(Self.report)' is not a run report of this tool (\(describe(error)))")
        }
    }

    /// A decoding error in a few words.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }

    /// What changed since the build the output folder holds, for the Changes page. Nothing to
    /// compare with when the folder holds no build (or none whose model and run can be read).
    /// When nothing the comparison lists changed (prose, a title, the same content built
    /// again), the earlier build's comparison is kept: the page goes on saying what the last
    /// change was.
    static func changesSinceEarlierBuild(in output: URL, content: ContentSet, report: RunReport) -> SpecChanges {
        guard isSite(output), let earlier = try? read(output) else { return .noEarlier }
        let changes = SpecChanges.compare(
            earlier, Version(content: content, report: report), baseline: Baseline(kind: .build))
        guard changes.isEmpty else { return changes }
        let kept = FileManager.default.contents(atPath: output.appendingPathComponent(SiteBuilder.changesPath).path)
        return kept.flatMap { try? SpecChanges.decodeJSON($0) } ?? changes
    }
}
