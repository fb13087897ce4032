import Foundation
import ReportModel
import SpecModel

/// A run report saved by `check --report`, read back for `build --report`.
enum SavedReport {
    /// The report at `path` (as the user named it), or why it cannot be used, in words.
    static func read(_ path: String, configuration: PipelineConfiguration) -> Result<RunReport, PipelineFailure> {
        let bytes: [UInt8]
        switch ReadProblem.bytes(at: configuration.fileSystemPath(path)) {
        case .success(let read): bytes = read
        case .failure(let failure):
            return .failure(PipelineFailure(.failed, .unreadableReport(path, reason: failure.reason)))
        }
        do {
            return .success(try RunReport.decodeJSON(Data(bytes)))
        } catch {
            return .failure(
                PipelineFailure(
                    .failed,
                    .unreadableReport(
                        path, reason: "it is not a run report of this tool: \(ReadProblem.describe(error))")))
        }
    }
}
