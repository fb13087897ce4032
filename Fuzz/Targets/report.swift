// Fuzz target: the readers of what an earlier run or build wrote: the run report that
// `build --report` reads (`RunReport.decodeJSON`), the model and report that `build` and
// `diff --against` read back from a site's exports, and the Changes page's data. The input
// is one JSON document tried with every reader, or a model and a report separated by a NUL
// byte, compared as an earlier build is.
import Foundation
import ReportModel
import SpecDiff
import SpecModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let nul = bytes.firstIndex(of: 0) {
        let model = Data(bytes[..<nul])
        let report = Data(bytes[(nul + 1)...])
        guard let content = try? ContentSet.decodeJSON(model), let run = try? RunReport.decodeJSON(report) else {
            return 0
        }
        let earlier = Version(content: content, report: run)
        let empty = Version(content: ContentSet(), report: RunReport(flows: [], specs: [], diagnostics: []))
        for (old, new) in [(earlier, earlier), (earlier, empty), (empty, earlier)] {
            let changes = SpecChanges.compare(old, new, baseline: Baseline(kind: .build))
            _ = try? changes.encodedJSON()
        }
        return 0
    }
    let json = Data(bytes)
    if let report = try? RunReport.decodeJSON(json) {
        _ = report.passed
        _ = report.flows.map { $0.exploration.breakdown() }
        // What is read back is what was written.
        let again = try? RunReport.decodeJSON(report.encodedJSON())
        precondition(again == report, "a run report does not survive encoding")
    }
    if let content = try? ContentSet.decodeJSON(json) {
        _ = try? content.encodedJSON()
    }
    if let changes = try? SpecChanges.decodeJSON(json) {
        _ = try? changes.encodedJSON()
    }
    return 0
}
