import ReportModel
import SpecModel
import SpecRunner

/// Runs every check of the content on each platform, explores each flow (from the tool's cache
/// when it has the exploration) and cross-checks the copy: the run report.
struct CheckStage {
    let flows: FlowRegistry
    let cache: ToolCache?

    /// The run of `content`, with `lintDiagnostics` (the findings of the stages before)
    /// merged into its diagnostics in file order.
    func run(_ content: ContentSet, lintDiagnostics: [Diagnostic] = []) -> RunReport {
        var report = CheckRunner(flows: flows, cache: cache?.explorations).run(content)
        if !lintDiagnostics.isEmpty {
            report.diagnostics = (lintDiagnostics + report.diagnostics).sortedByLocation()
        }
        return report
    }
}
